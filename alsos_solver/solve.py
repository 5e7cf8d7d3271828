"""The double-dummy answer for a deal and its contract: every question of its game's
question set, in one result."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .deal import Deal
from .errors import NotApplicable
from .questions import questions_of
from .solver import DEFAULT_TABLE_BYTES, Solver


@dataclass
class SolveResult:
    """What a deal holds with all hands open and best play by everyone: the contract, the
    declarer, each seat's meld points (``melds``: what each scores when every seat declares
    all it may), and ``answers``, the keys of the game's question set
    (:meth:`~alsos_solver.questions.base.GameQuestions.answers`). The answers read as
    attributes too, None where the contract has no such key.

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
        return self.answers.get(name)

    def to_json(self) -> dict:
        """The result as JSON-ready data: the contract, declarer and melds, the answers the
        contract has, and the search's work."""
        head = {"contract": self.contract, "declarer": self.declarer, "melds": dict(self.melds)}
        return {key: value for key, value in head.items() if value is not None} | self.answers | {
            "nodes": self.nodes, "seconds": self.seconds, "table_bytes": self.table_bytes,
        }


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
