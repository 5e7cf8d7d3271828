"""What the Alsós games ask of a contract (:class:`AlsosQuestions`: the question set, the
items, the words ``--question`` reads) and the answers derived from it: each side's
announced items together, and the defenders' meld concession.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ...answers import GameQuestions
from ...deal import Deal
from ...errors import NotApplicable
from ...melds import MeldChoice
from ...questions.base import Ask, DeclarerPoints, Item, Question, Setting, Together
from ...questions.specs import parse_seat
from ...rules import Kind
from ...solve import Answer, SolveResult
from .figures import POINT_THRESHOLDS, allowed, allowed_figures, canonical, not_allowed_reason, threshold
from .net_score import Score, ScoreAtLeast
from .questions import (
    BetliDefeated, BetliMade, FigureMade, GameDefeated, GameWon, KlopitzkySafe, game_cap, need_kind, need_point_game,
)

if TYPE_CHECKING:
    from ...solver import Solver

_SCORE = re.compile(r"score(?:\s*>=\s*(-?\d+))?")


class AlsosResult(SolveResult):
    """An Alsós result: ``declarer_points`` and ``game`` in trump and no-trump games,
    ``figures`` (seat -> figure -> makeable by that seat as announcer) where figures are
    allowed, ``announced`` (the figures of the Figures tag), ``announced_together`` (each
    side's announced items in one line of play), ``concession`` (where the defenders' meld
    concession is a choice: whether it changes the game), ``betli``, ``klopitzky_safe``
    (seat -> can avoid paying against the other two). Every answer counts the defenders'
    meld concessions as part of best resistance."""

    declarer_points: Answer[int] = Answer()
    game: Answer[bool] = Answer()
    figures: Answer[dict[str, dict[str, bool]]] = Answer()
    announced: Answer[dict[str, dict[str, bool]]] = Answer()
    announced_together: Answer[dict[str, bool]] = Answer()
    betli: Answer[bool] = Answer()
    klopitzky_safe: Answer[dict[str, bool]] = Answer()
    concession: Answer[dict[str, Any]] = Answer()


class AlsosQuestions(GameQuestions):
    """What the Alsós games ask of a contract (:meth:`question_set`):

    * trump and no-trump games: the declarer's points, the game, then every allowed figure
      for every seat as its announcer (the declarer first; the point figures first, so that
      questions on one coordinate come back to back and share the core's table; some follow
      from the game, :meth:`implied`); then
      (:meth:`derived`) each announced figure again, each side's announced items together
      (the declarer's with the game, the defenders' with its defeat) and whether the
      defenders' meld concession changes the game;
    * betli: the betli; klopitzky: each seat avoiding paying.
    """

    result_type = AlsosResult
    expected = (
        "declarer_points, game, game_defeated, defeat, betli, betli_defeated, klopitzky:SEAT, SEAT:FIGURE, "
        "score, score>=N, points:SEAT>=N or together:ITEM+ITEM..."
    )
    table_keys = ("declarer_points", "game", "figures", "betli")
    table_once_keys = ("klopitzky_safe",)

    def question_set(self, setting: Setting) -> list[Ask]:
        contract, seats = setting.contract, setting.deal.game.active
        if contract.kind is Kind.BETLI:
            return [Ask(("betli",), "betli", BetliMade(), seats[setting.declarer])]
        if contract.kind is Kind.KLOPITZKY:
            return [Ask(("klopitzky_safe", seats[s]), "klopitzky_safe", KlopitzkySafe(s), seats[s]) for s in range(setting.seats)]
        declarer = setting.declarer
        names = sorted(allowed_figures(contract, setting.deal.options), key=lambda n: n not in POINT_THRESHOLDS)
        asks = [
            Ask(("declarer_points",), "declarer_points", DeclarerPoints(), seats[declarer]),
            Ask(("game",), "game", GameWon(), seats[declarer]),
        ]
        for s in (declarer, *setting.defenders):
            asks += [Ask(("figures", seats[s], name), name, FigureMade(s, name), seats[s]) for name in names]
        return asks

    def implied(self, ask: Ask, solver: Solver, found: dict[str, Any]) -> Any:
        """A figure's answer that the game, asked before the figures, gives:

        * kassza is the game for the declarer and its defeat for a defender (where he may
          announce it);
        * a won game holds each defender below :func:`game_cap` (half the points, moved
          by the melds), so his point figures from there up are lost."""
        question, game = ask.question, found.get("game")
        if not isinstance(question, FigureMade) or game is None:
            return None
        setting, name, seat = solver.setting, question.figure, question.seat
        if name == "kassza" and question.possible(setting):
            return game if seat == setting.declarer else not game
        if game and seat != setting.declarer and name in POINT_THRESHOLDS and name != "ketszaz":
            needed = threshold(name, setting.contract, setting.deal.options)
            return False if needed >= game_cap(setting, seat, solver.total_points) else None
        return None

    def derived(self, solver: Solver, answers: dict[str, Any]) -> dict[str, Any]:
        if "figures" not in answers:
            return {"announced": {}, "announced_together": {}}
        deal, seats = solver.deal, solver.deal.game.active
        figures = {seat: answers["figures"][seat] for seat in seats}  # in seat order
        found: dict[str, Any] = {
            "figures": figures,
            "announced": {seat: {name: figures[seat][name] for name in names} for seat, names in deal.figures.items()},
            "announced_together": announced_together(solver),
        }
        concession = concession_note(solver, answers["game"])
        if concession is not None:
            found["concession"] = concession
        return found

    def items(self, deal: Deal) -> list[Item]:
        if deal.contract is None:
            raise NotApplicable("a deal without a contract has no items")
        active, kind = deal.game.active, deal.contract.kind
        items: list[Item] = []
        if kind is Kind.KLOPITZKY:
            items += [Item(f"{seat} klopitzky", seat, "klopitzky", KlopitzkySafe(active.index(seat))) for seat in active]
        elif deal.declarer is not None and deal.contract.is_point_game:
            items.append(Item(f"{deal.declarer} game", deal.declarer, "game", GameWon()))
        elif deal.declarer is not None and kind is Kind.BETLI:
            items.append(Item(f"{deal.declarer} betli", deal.declarer, "betli", BetliMade()))
        for seat in active:
            for name in deal.figures.get(seat, ()):
                items.append(Item(f"{seat} {name}", seat, name, FigureMade(active.index(seat), name)))
        return items

    def parse(self, spec: str, deal: Deal) -> Question:
        text = spec.strip()
        lower = text.lower()
        contract = deal.contract
        assert contract is not None
        if lower == "game":
            need_point_game(text, deal)
            return GameWon()
        if lower == "defeat" and contract.kind is Kind.BETLI or lower == "betli_defeated":
            need_kind(text, deal, Kind.BETLI)
            return BetliDefeated()
        if lower in ("game_defeated", "defeat"):
            need_point_game(text, deal)
            return GameDefeated()
        if lower == "betli":
            need_kind(text, deal, Kind.BETLI)
            return BetliMade()
        score = _SCORE.fullmatch(lower)
        if score:
            return Score() if score.group(1) is None else ScoreAtLeast(int(score.group(1)))
        if ":" in text:
            head, _, tail = text.partition(":")
            if head.strip().lower() == "klopitzky":
                need_kind(text, deal, Kind.KLOPITZKY)
                return KlopitzkySafe(parse_seat(tail, deal))
            seat = parse_seat(head, deal)
            name = canonical(tail.strip())
            if not allowed(name, contract, deal.options):
                raise NotApplicable(f"question {spec!r}: {not_allowed_reason(name, contract, deal.options)}")
            return FigureMade(seat, name)
        raise ValueError(f"unknown question {spec!r} (expected {self.expected})")

    def default(self, deal: Deal, to_move: int) -> Question:
        """declarer_points in trump and no-trump games, betli in betli, klopitzky for the
        seat to move in klopitzky."""
        assert deal.contract is not None
        if deal.contract.is_point_game:
            return DeclarerPoints()
        if deal.contract.kind is Kind.BETLI:
            return BetliMade()
        return KlopitzkySafe(to_move)

    def points_need(self, deal: Deal) -> str | None:
        """Points questions (``declarer_points``, ``points:SEAT>=N``) fit trump and no-trump
        games."""
        return None if deal.contract is not None and deal.contract.is_point_game else "a trump or no-trump game"


def announced_together(solver: Solver) -> dict[str, bool]:
    """Each side's announced items in one line: the declarer's figures with the game, the
    defenders' figures with defeating the game (asked where a side has figures)."""
    deal, setting, seats = solver.deal, solver.setting, solver.deal.game.active
    sides: dict[str, list[Question]] = {"declarer": [GameWon()], "defenders": [GameDefeated()]}
    for seat, names in deal.figures.items():
        s = seats.index(seat)
        side = "declarer" if s == setting.declarer else "defenders"
        sides[side] += [FigureMade(s, name) for name in names]
    return {side: solver.ask(Together(tuple(items))) for side, items in sides.items() if len(items) > 1}


def concession_note(solver: Solver, game: bool) -> dict[str, object] | None:
    """Where the defenders have a meld choice: ``{"game_if_all_declare", "changes_game",
    "choice"}``, ``choice`` naming a concession that alone defeats the game when there is
    one (else the defenders choose after seeing the first trick). Each choice is asked on
    ``solver`` with it made (:meth:`~alsos_solver.solver.Solver.fix_melds`: the deal with
    the defenders' declarations so fixed has that choice's melds and no choice left), and
    the choice is left open again after. ``game`` is the game's answer with the choice
    open, as ``solver`` asks it.

    No choice is asked when declaring everything is the one choice the defenders may want
    against the game (every other starts the declarer no lower, :meth:`Goal.shifts`):
    the game with everything declared is then the game itself."""
    choices = solver.meld_choices
    if len(choices) == 1:
        return None
    goal = GameWon().goal(solver.setting)
    if goal.shifts() == [goal.start(choices[0].points)]:
        return {"game_if_all_declare": game, "changes_game": False, "choice": None}

    def won_with(choice: MeldChoice) -> bool:
        solver.fix_melds(choice.points)
        return solver.ask(GameWon())

    try:
        all_declare = won_with(choices[0])
        beating = None
        if all_declare and not game:
            beating = next((choice.describe() for choice in choices[1:] if not won_with(choice)), None)
    finally:
        solver.fix_melds(None)
    return {"game_if_all_declare": all_declare, "changes_game": all_declare != game, "choice": beating}


QUESTIONS = AlsosQuestions()
