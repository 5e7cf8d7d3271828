"""Questions by name: the specs ``--question`` reads, for every game.

Every game reads (seat letters A B C, keywords in any case):

* ``together:ITEM+ITEM+...``: all the items (yes/no specs) in one line of play; the items
  must belong to one side;
* where the contract has card points: ``declarer_points``, the most card points (last
  trick included) the declarer can force, and ``points:SEAT>=N``, SEAT's side can force
  at least N card points for SEAT;

and its own words (:attr:`~alsos_solver.questions.base.GameQuestions.expected`): in the
Alsós games ``game``, ``defeat`` (or ``game_defeated``), ``betli``, ``klopitzky:SEAT``, ``SEAT:FIGURE``.
A question's :meth:`~alsos_solver.questions.base.Question.spec` is its spec, so
``parse_question(question.spec(), deal) == question``.
"""

from __future__ import annotations

import re

from ..deal import Deal
from ..errors import NotApplicable
from .base import SEAT_LETTERS, DeclarerPoints, Question, SeatPoints, Setting, Together, is_value_question

_POINTS = re.compile(r"points:([A-Za-z])\s*>=\s*(\d+)")


def parse_seat(text: str, deal: Deal) -> int:
    """The index of a seat that plays, from its letter (any case)."""
    letter = text.strip().upper()
    active = deal.game.active
    if len(letter) != 1 or letter not in active:
        raise ValueError(f"unknown seat {text!r} in a question (expected one of {' '.join(active)})")
    return active.index(letter)


def parse_question(spec: str, deal: Deal) -> Question:
    """The question a spec names (see the module docstring), checked against the deal's
    contract; ValueError (NotApplicable where it does not fit the deal) names what was
    expected."""

    if deal.contract is None:
        raise NotApplicable("a question needs a deal with a contract")
    game = deal.game.questions
    text = spec.strip()
    lower = text.lower()
    if lower.startswith("together:"):
        return _together(text, deal)
    if lower == "declarer_points" or lower.startswith("points:"):
        needs = game.points_need(deal)
        if needs is not None:
            raise NotApplicable(f"question {spec!r} needs {needs}, the contract is {deal.game.contract_token(deal.contract)}")
        if lower == "declarer_points":
            if deal.declarer is None:
                raise NotApplicable("declarer_points needs a deal with a declarer")
            return DeclarerPoints()
        match = _POINTS.fullmatch(text)
        if not match:
            raise ValueError(f"malformed question {spec!r} (expected points:SEAT>=N, e.g. points:B>=82)")
        return SeatPoints(parse_seat(match.group(1), deal), int(match.group(2)))
    return game.parse(text, deal)


def _together(spec: str, deal: Deal) -> Together:
    parts = spec.partition(":")[2].split("+")
    if any(not part.strip() for part in parts):
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
    if len({item.team(setting) for item in items}) != 1:
        raise ValueError(f"question {spec!r}: the items played together must belong to one side")
    return Together(tuple(items))


def question_name(question: Question) -> str:
    """The spec of a question (the inverse of :func:`parse_question`)."""
    return question.spec()


def default_question(deal: Deal, after: int | None = None) -> Question:
    """The question an analysis asks when none is given, after ``after`` cards of the
    Play section (None: at the first lead): the game's own default for the seat to move."""

    if deal.contract is None:
        raise NotApplicable("a question needs a deal with a contract")
    position = deal.position()
    for card in deal.play[: after or 0]:
        position.push(card)
    return deal.game.questions.default(deal, position.to_move % position.seats)


__all__ = ["SEAT_LETTERS", "default_question", "parse_question", "parse_seat", "question_name"]
