"""The reference solver: plain minimax over :class:`~alsos_solver.position.Position`,
judging each finished line with the questions' ``achieved`` (their plain meaning).

Small and obviously correct, exponential, for endgames of a few cards per hand: the
oracle that the Cython core is tested against.
"""

from __future__ import annotations

from .cards import cards_of
from .deal import Deal
from .objectives import Question, Setting
from .position import Position


def _start(deal: Deal, question: Question | None, after: int) -> tuple[Setting, Position]:
    """The position after ``after`` cards of the actual play; the question's own holds
    (an ultimó it asks about) apply from there on."""
    setting = Setting.of(deal)
    position = deal.position()
    for card in deal.play[:after]:
        position.push(card)
    if question is not None:
        position.holds = deal.holds() | question.holds(setting)
    return setting, position


def can_make(deal: Deal, question: Question, after: int = 0) -> bool:
    """Whether the question's team can make it, by exhaustive minimax."""
    setting, position = _start(deal, question, after)
    if not question.possible(setting):
        return False
    team = question.team(setting)

    def search() -> bool:
        if position.is_over:
            return question.achieved(setting, position)
        mine = position.to_move in team
        for card in cards_of(position.legal_moves()):
            position.push(card)
            result = search()
            position.pop()
            if result == mine:
                return mine
        return not mine

    return search()


def best_points(deal: Deal, seat: int, after: int = 0) -> int:
    """The most card points (with the last trick) ``seat``'s side can force for it."""
    setting, position = _start(deal, None, after)
    team = setting.side(seat)

    def search() -> int:
        if position.is_over:
            return position.points[seat]
        values = []
        for card in cards_of(position.legal_moves()):
            position.push(card)
            values.append(search())
            position.pop()
        return max(values) if position.to_move in team else min(values)

    return search()
