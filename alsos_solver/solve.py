"""The double-dummy answer for a deal and its contract: every question of its game's
question set, in one result."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar, overload

from .deal import Deal
from .errors import NotApplicable
from .solver import DEFAULT_TABLE_BYTES, Solver
from .spelling import closest


T = TypeVar("T")


class Answer(Generic[T]):
    """A field of a game's result (:class:`SolveResult`) that reads one answer of its question
    set: None when the deal's contract has no such answer (a betli has no points)."""

    name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, result: None, owner: type) -> Answer[T]: ...

    @overload
    def __get__(self, result: SolveResult, owner: type) -> T | None: ...

    def __get__(self, result: SolveResult | None, owner: type) -> Answer[T] | T | None:
        return self if result is None else result.answers.get(self.name)


@dataclass
class SolveResult:
    """What a deal holds with all hands open and best play by everyone: the contract, the
    declarer, each seat's meld points (``melds``: what each scores when every seat declares
    all it may), and ``answers``, the keys of the game's question set
    (:meth:`~alsos_solver.answers.GameQuestions.answers`).

    Each game's result is a subclass whose :class:`Answer` fields name its answers
    (``result.game``); such a field reads None where the contract has no such answer. A
    name that is not one of the game's is an AttributeError."""

    contract: str
    declarer: str | None
    melds: dict[str, int]
    answers: dict[str, Any] = field(default_factory=dict)
    nodes: int = 0
    seconds: float = 0.0
    table_bytes: int = 0

    @classmethod
    def keys(cls) -> tuple[str, ...]:
        """The answers a result of this game may hold, in the order they are shown."""
        fields = {name: None for klass in reversed(cls.__mro__) for name, value in vars(klass).items() if isinstance(value, Answer)}
        return tuple(fields)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_") or name == "answers":
            raise AttributeError(name)
        meant = closest(name, self.keys())
        hint = f"did you mean {meant}? " if meant else ""
        raise AttributeError(f"{type(self).__name__} has no attribute {name!r} ({hint}its answers: {', '.join(self.keys())})")

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
    seats = deal.game.active
    answers = deal.game.questions.answers(solver)
    return deal.game.questions.result_type(
        contract=deal.game.contract_token(deal.contract),
        declarer=deal.declarer,
        melds=dict(zip(seats, solver.setting.melds)),
        answers=answers,
        nodes=solver.stats.nodes,
        seconds=solver.stats.seconds,
        table_bytes=solver.table_bytes,
    )
