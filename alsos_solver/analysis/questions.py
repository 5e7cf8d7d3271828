"""Questions by name: parse a question spec string, name a question, the default question.

Specs (seat letters A B C, case-insensitive keywords):

* ``declarer_points``: the value question, the most card points (last trick included) the
  declarer can force against best defence (trump and no-trump games);
* ``game``: the declarer wins the game; ``game_defeated``: the defenders defeat it;
* ``points:SEAT>=N``: SEAT's side can force at least N card points for SEAT;
* ``betli``: the declarer wins no trick (betli);
* ``klopitzky:SEAT``: SEAT avoids paying against the other two (klopitzky);
* ``SEAT:FIGURE``: SEAT, as announcer, makes the figure (file name or English alias, e.g.
  ``B:abszolut``, ``B:absolute``);
* ``together:ITEM+ITEM+...``: all the items (any of the yes/no specs above) in one line of
  play; the items must belong to one side.

:func:`question_name` gives the spec of a question, so ``parse_question(question_name(q),
deal) == q`` for every question these specs make.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..deal import Deal
from ..figures import allowed, canonical, not_allowed_reason
from ..objectives import (
    BetliMade, FigureMade, GameDefeated, GameWon, KlopitzkySafe, Question, SeatPoints, Setting, Together,
)
from ..position import Position
from ..rules import Kind

SEAT_LETTERS = "ABCD"
"""Seat index -> letter (the active seats of every game are A, B, C in playing order)."""

EXPECTED = (
    "declarer_points, game, game_defeated, betli, klopitzky:SEAT, SEAT:FIGURE, "
    "points:SEAT>=N or together:ITEM+ITEM..."
)


@dataclass(frozen=True)
class DeclarerPoints(Question):
    """The value question: the most card points (with the last trick) that the declarer
    can force against best defence (:meth:`Solver.value` of the declarer). It has no
    yes/no meaning; :func:`is_value_question` tells it apart."""

    key = "declarer_points"

    def seat(self, setting: Setting) -> int:
        if setting.declarer is None:
            raise ValueError("declarer_points needs a deal with a declarer")
        return setting.declarer

    def team(self, setting: Setting) -> frozenset[int]:
        return setting.side(self.seat(setting))

    def build(self, setting: Setting, goal) -> None:
        SeatPoints(self.seat(setting), 0).build(setting, goal)

    def achieved(self, setting: Setting, end: Position) -> bool:
        raise TypeError("declarer_points is a value question: read end.points[declarer]")

    def final_value(self, setting: Setting, end: Position) -> int:
        """The question's value at the end of a line: the declarer's card points."""
        return end.points[self.seat(setting)]


def is_value_question(question: Question) -> bool:
    """Whether the question asks for a number (declarer_points), not for yes/no."""
    return isinstance(question, DeclarerPoints)


def final_value(question: Question, setting: Setting, end: Position) -> int | bool:
    """The question's value at the end of a finished line of play."""
    if isinstance(question, DeclarerPoints):
        return question.final_value(setting, end)
    return question.achieved(setting, end)


def _seat(text: str, deal: Deal) -> int:
    letter = text.strip().upper()
    active = deal.spec.active
    if len(letter) != 1 or letter not in active:
        raise ValueError(f"unknown seat {text!r} in a question (expected one of {' '.join(active)})")
    return active.index(letter)


def _token(deal: Deal) -> str:
    assert deal.contract is not None
    return deal.spec.contract_token(deal.contract)


def _need_point_game(spec: str, deal: Deal) -> None:
    assert deal.contract is not None
    if not deal.contract.is_point_game:
        raise ValueError(f"question {spec!r} needs a trump or no-trump game, the contract is {_token(deal)}")


def _need_kind(spec: str, deal: Deal, kind: Kind) -> None:
    assert deal.contract is not None
    if deal.contract.kind is not kind:
        raise ValueError(f"question {spec!r} needs a {kind.name} contract, the contract is {_token(deal)}")


_POINTS = re.compile(r"points:([A-Za-z])\s*>=\s*(\d+)")


def parse_question(spec: str, deal: Deal) -> Question:
    """The question a spec names (see the module docstring), checked against the deal's
    contract; ValueError names what was expected."""
    if deal.contract is None:
        raise ValueError("a question needs a deal with a contract")
    text = spec.strip()
    lower = text.lower()
    if lower.startswith("together:"):
        return _together(text, deal)
    if lower == "declarer_points":
        _need_point_game(text, deal)
        if deal.declarer is None:
            raise ValueError("declarer_points needs a deal with a declarer")
        return DeclarerPoints()
    if lower == "game":
        _need_point_game(text, deal)
        return GameWon()
    if lower in ("game_defeated", "defeat"):
        _need_point_game(text, deal)
        return GameDefeated()
    if lower == "betli":
        _need_kind(text, deal, Kind.BETLI)
        return BetliMade()
    match = _POINTS.fullmatch(text)
    if match:
        _need_point_game(text, deal)
        return SeatPoints(_seat(match.group(1), deal), int(match.group(2)))
    if ":" in text:
        head, _, tail = text.partition(":")
        if head.strip().lower() == "klopitzky":
            _need_kind(text, deal, Kind.KLOPITZKY)
            return KlopitzkySafe(_seat(tail, deal))
        if head.strip().lower() == "points":
            raise ValueError(f"malformed question {spec!r} (expected points:SEAT>=N, e.g. points:B>=82)")
        seat = _seat(head, deal)
        name = canonical(tail.strip().lower())
        if not allowed(name, deal.contract, deal.options):
            raise ValueError(f"question {spec!r}: {not_allowed_reason(name, deal.contract, deal.options)}")
        return FigureMade(seat, name)
    raise ValueError(f"unknown question {spec!r} (expected {EXPECTED})")


def _together(spec: str, deal: Deal) -> Together:
    parts = [part for part in spec.partition(":")[2].split("+")]
    if not parts or any(not part.strip() for part in parts):
        raise ValueError(f"malformed question {spec!r} (expected together:ITEM+ITEM..., e.g. together:B:abszolut+game)")
    items = []
    for part in parts:
        if part.strip().lower().startswith("together:"):
            raise ValueError(f"question {spec!r}: together items cannot nest")
        item = parse_question(part, deal)
        if is_value_question(item):
            raise ValueError(f"question {spec!r}: {part.strip()} is a value question, together takes yes/no items")
        items.append(item)
    setting = Setting.of(deal)
    teams = {item.team(setting) for item in items}
    if len(teams) != 1:
        raise ValueError(f"question {spec!r}: the items played together must belong to one side")
    return Together(tuple(items))


def question_name(question: Question) -> str:
    """The spec of a question (the inverse of :func:`parse_question`)."""
    if isinstance(question, DeclarerPoints):
        return "declarer_points"
    if isinstance(question, GameWon):
        return "game"
    if isinstance(question, GameDefeated):
        return "game_defeated"
    if isinstance(question, BetliMade):
        return "betli"
    if isinstance(question, KlopitzkySafe):
        return f"klopitzky:{SEAT_LETTERS[question.seat]}"
    if isinstance(question, SeatPoints):
        return f"points:{SEAT_LETTERS[question.seat]}>={question.at_least}"
    if isinstance(question, FigureMade):
        return f"{SEAT_LETTERS[question.seat]}:{question.figure}"
    if isinstance(question, Together):
        return "together:" + "+".join(question_name(item) for item in question.items)
    raise ValueError(f"no name for question {question!r} (expected one of the questions of {EXPECTED})")


def default_question(deal: Deal, after: int | None = None) -> Question:
    """The question an analysis asks when none is given: declarer_points in trump and
    no-trump games, betli in betli, klopitzky for the seat to move (after ``after`` cards
    of the Play section, None: at the first lead) in klopitzky."""
    if deal.contract is None:
        raise ValueError("a question needs a deal with a contract")
    kind = deal.contract.kind
    if deal.contract.is_point_game:
        return DeclarerPoints()
    if kind is Kind.BETLI:
        return BetliMade()
    if kind is Kind.KLOPITZKY:
        position = deal.position()
        for card in deal.play[: after or 0]:
            position.push(card)
        return KlopitzkySafe(position.to_move % position.seats)
    raise ValueError(f"no default question for contract {_token(deal)}")
