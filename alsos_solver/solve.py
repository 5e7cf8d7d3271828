"""The double-dummy answer for a deal and its contract: every question of its game's
question set, in one result."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any

from .deal import Deal
from .errors import NotApplicable
from .questions import questions_of
from .rules import GAMES
from .spelling import closest
from .solver import DEFAULT_TABLE_BYTES, Solver


@dataclass
class SolveResult:
    """What a deal holds with all hands open and best play by everyone: the contract, the
    declarer, each seat's meld points (``melds``: what each scores when every seat declares
    all it may), and ``answers``, the keys of the game's question set
    (:meth:`~alsos_solver.questions.base.GameQuestions.answers`). The answers read as
    attributes too (``result.game``), and ``dir()`` lists them. A key of any game's question
    set (:func:`answer_keys`) that this result lacks reads None, so that a view may ask
    ``result.betli`` of any result; any other name is an AttributeError.

    The Alsós games: ``declarer_points`` and ``game`` in trump and no-trump games,
    ``figures`` (seat -> figure -> makeable by that seat as announcer) where figures are
    allowed, ``announced`` (the figures of the Figures tag), ``announced_together`` (each
    side's announced items in one line of play), ``concession`` (where the defenders' meld
    concession is a choice: whether it changes the game), ``betli``, ``klopitzky_safe``
    (seat -> can avoid paying against the other two). Every answer counts the defenders'
    meld concessions as part of best resistance."""

    contract: str
    declarer: str | None
    melds: dict[str, int]
    answers: dict[str, Any] = field(default_factory=dict)
    nodes: int = 0
    seconds: float = 0.0
    table_bytes: int = 0

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_") or name == "answers":
            raise AttributeError(name)
        if name in self.answers or name in answer_keys():
            return self.answers.get(name)
        meant = closest(name, self.answers)
        hint = f"did you mean {meant}? " if meant else ""
        raise AttributeError(f"{type(self).__name__} has no attribute {name!r} ({hint}its answers: {', '.join(self.answers)})")

    def __dir__(self) -> list[str]:
        return sorted({*super().__dir__(), *self.answers})

    def to_json(self) -> dict:
        """The result as JSON-ready data: the contract, declarer and melds, the answers the
        contract has, and the search's work."""
        head = {"contract": self.contract, "declarer": self.declarer, "melds": dict(self.melds)}
        return {key: value for key, value in head.items() if value is not None} | self.answers | {
            "nodes": self.nodes, "seconds": self.seconds, "table_bytes": self.table_bytes,
        }


@functools.cache
def answer_keys() -> frozenset[str]:
    """Every key of every game's question set (:attr:`~alsos_solver.questions.base.GameQuestions.result_keys`)."""
    return frozenset(key for spec in GAMES.values() for key in questions_of(spec).result_keys)


def solve(deal: Deal, *, after: int = 0, table_bytes: int = DEFAULT_TABLE_BYTES) -> SolveResult:
    """Answer every question of the deal's contract (after ``after`` cards of its play).

    NotApplicable if the deal has no contract."""
    if deal.contract is None:
        raise NotApplicable("solve needs a deal with a contract")
    solver = Solver(deal, after=after, table_bytes=table_bytes)
    seats = deal.spec.active
    answers = questions_of(deal.spec).answers(solver)
    return SolveResult(
        contract=deal.spec.contract_token(deal.contract),
        declarer=deal.declarer,
        melds=dict(zip(seats, solver.setting.melds)),
        answers=answers,
        nodes=solver.stats.nodes,
        seconds=solver.stats.seconds,
        table_bytes=solver.table_bytes,
    )
