"""The reference solver: plain minimax over :class:`~alsos_solver.position.Position`,
judging each finished line with the questions' ``achieved`` (their plain meaning).

Small and obviously correct, exponential, for endgames of a few cards per hand: the
oracle that the Cython core is tested against.

The defenders' meld concessions (rules-notes 'Melds') are a move of theirs when trick
``setting.choice_trick`` is about to be led (or at the start, when that is behind it):
every way of conceding is tried, enumerated here from the deal itself (each defender
without a ``Melds`` declaration keeps or drops his sequences and his vannak), and the
rest of the play is judged with the melds that way scores.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import replace

from .cards import cards_of
from .deal import Deal
from .position import Position
from .questions import Question, Setting, ValueQuestion


def _start(deal: Deal, question: Question | None, after: int, asked_at: int | None = None) -> tuple[Setting, Position]:
    """The position after ``after`` cards of the actual play; the question's own holds
    (an ultimó it asks about) apply from card ``asked_at`` on (default: ``after``), so
    that the cards after it are played as the question's team may play them."""
    setting = Setting.of(deal)
    position = deal.position()
    asked_at = after if asked_at is None else asked_at
    for index, card in enumerate(deal.play[:after]):
        if index == asked_at and question is not None:
            position.holds = deal.holds() | question.holds(setting)
        position.push(card)
    if question is not None:
        position.holds = deal.holds() | question.holds(setting)
    return setting, position


def concession_melds(deal: Deal) -> list[tuple[int, ...]]:
    """Each seat's scoring meld points for every way the defenders may concede: all
    combinations of each free defender keeping or dropping each contested kind (the game's
    ``meld_contests``: sequences and vannak in Alsós), as the distinct outcomes."""
    game = deal.game
    seats = game.active
    free = [seat for seat in seats if seat != deal.declarer and seat not in deal.declared]
    conceded = [kinds for size in range(len(game.meld_contests) + 1) for kinds in itertools.combinations(game.meld_contests, size)]
    ways = [tuple(kind for kind in game.meld_kinds if kind not in kinds) for kinds in conceded]
    result = set()
    for combo in itertools.product(ways, repeat=len(free)):
        declared = dict(deal.declared) | dict(zip(free, combo))
        points = deal.game.melds(replace(deal, declared=declared)).points
        result.add(tuple(points[seat] for seat in seats))
    return sorted(result)


def _concession_choices(deal: Deal) -> list[tuple[int, ...]]:
    """The defenders' meld concessions to choose between, where they have a choice."""
    contested = bool(deal.game.meld_contests) and deal.contract.is_point_game and deal.declarer is not None
    return concession_melds(deal) if contested else []


def can_make(deal: Deal, question: Question, after: int = 0, asked_at: int | None = None) -> bool:
    """Whether the question's team can make it, by exhaustive minimax (its holds from card
    ``asked_at`` of the play on, default ``after``)."""
    setting, position = _start(deal, question, after, asked_at)
    question.check(setting)
    if not question.possible(setting):
        return False
    team = question.team(setting)

    def achieved(judge: Setting) -> int:
        return question.achieved(judge, position)

    return bool(_minimax(setting, position, team, achieved, _concession_choices(deal), (0, 1)))


def best_points(deal: Deal, seat: int, after: int = 0) -> int:
    """The most card points (with the last trick) ``seat``'s side can force for it."""
    setting, position = _start(deal, question=None, after=after)
    return _minimax(setting, position, setting.side(seat), lambda judge: position.points[seat], [])


def best_value(deal: Deal, question: ValueQuestion, after: int = 0) -> int:
    """The value a value question's team can force (its ``final_value`` at the end)."""
    setting, position = _start(deal, question, after)
    team = question.team(setting)
    return _minimax(setting, position, team, lambda judge: question.final_value(judge, position), _concession_choices(deal))


def _minimax(setting: Setting, position: Position, team: frozenset[int], final: Callable[[Setting], int],
             choices: list[tuple[int, ...]], extremes: tuple[int, int] | None = None) -> int:
    """The team maximises ``final(judge)`` at the end of play, the others minimise it
    (a yes/no final: True is 1). ``judge`` is the setting with the defenders' melds as
    they chose them, among ``choices`` (none: as ``setting`` has them), when trick
    ``setting.choice_trick`` is about to be led, or at once when that is behind: the
    least for the team when the declarer is on it, the most when he is not. Where the
    least and largest values are known (``extremes``), a choice that reaches the
    chooser's end settles the node."""

    def search(judge: Setting | None) -> int:
        if judge is None:
            if position.trick_index >= setting.choice_trick or position.is_over:
                chooser_most = setting.declarer not in team
                found = None
                for melds in choices:
                    value = search(setting.with_melds(melds))
                    if found is None or (value > found if chooser_most else value < found):
                        found = value
                    if extremes is not None and value == extremes[chooser_most]:
                        break
                return found
        elif position.is_over:
            return int(final(judge))
        most = position.to_move in team
        best = None
        for card in cards_of(position.legal_moves()):
            position.push(card)
            value = search(judge)
            position.pop()
            if best is None or (value > best if most else value < best):
                best = value
            if extremes is not None and value == extremes[most]:
                break
        return best

    return search(None if choices else setting)
