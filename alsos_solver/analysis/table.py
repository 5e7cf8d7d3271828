"""The contract table of a deal: every seat as declarer in every contract.

For the hands of a deal (its own contract, declarer, announced figures and play are
ignored; its game, options and meld declarations are kept), :func:`contract_table` asks
:func:`~alsos_solver.solve.solve` about each seat as declarer in each contract of the
game's table under the deal's options (:meth:`~alsos_solver.games.base.Game.table_contracts`;
the Alsós games: each trump suit, no-trump and betli; the Tompa rules: the trump suits
alone), and about the contracts without a declarer once (klopitzky, not under the Tompa
rules: each seat's answer). Every entry is exactly the answer of ``solve`` on the deal
with that contract and declarer.

In three-player Alsós the work is 3 x 6 solves and one klopitzky solve (alsos-2: 2 x 6 +
1). It can be stopped with Ctrl-C: :func:`contract_table` then returns what it finished,
marked incomplete.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from ..deal import Deal
from ..progress import Progress
from ..rules import Contract
from ..solve import SolveResult, solve
from ..solver import DEFAULT_TABLE_BYTES


@dataclass
class TableEntry:
    """One seat as declarer in one contract: the answers of ``solve`` for it that the
    game shows in its table (:attr:`~alsos_solver.questions.base.GameQuestions.table_keys`;
    in the Alsós games ``declarer_points``, ``game`` and ``figures`` in trump and no-trump
    games, ``betli`` in betli). The answers read as attributes too, None where absent."""

    declarer: str
    contract: str
    answers: dict[str, Any] = field(default_factory=dict)
    nodes: int = 0
    seconds: float = 0.0

    @classmethod
    def of(cls, declarer: str, contract: str, result: SolveResult, keys: tuple[str, ...]) -> TableEntry:
        answers = {key: result.answers[key] for key in keys if key in result.answers}
        return cls(declarer, contract, answers, result.nodes, result.seconds)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_") or name == "answers":
            raise AttributeError(name)
        return self.answers.get(name)

    @property
    def made_figures(self) -> list[str]:
        """The figures the declarer can make as announcer, in the order of ``FIGURES``."""
        figures = self.answers.get("figures")
        if not figures:
            return []
        return [name for name, made in figures[self.declarer].items() if made]

    def to_json(self) -> dict:
        return {"declarer": self.declarer, "contract": self.contract, **self.answers}


@dataclass
class ContractTable:
    """Every seat as declarer in every contract of the game's table, and the contracts
    without a declarer once (klopitzky: each seat's answer).

    ``entries`` are in the order declarer (playing order), then contract (the game's
    :meth:`~alsos_solver.games.base.Game.table_contracts`). ``once`` holds the answers
    of the contracts without a declarer, under their result keys (``klopitzky_safe``),
    None each while not computed; it is empty where the rules have no such contract
    (the Tompa rules). ``complete`` is False when the computation was interrupted;
    ``total`` is the number of entries a complete table has."""

    seats: tuple[str, ...]
    contracts: tuple[str, ...]
    entries: list[TableEntry] = field(default_factory=list)
    once: dict[str, Any] = field(default_factory=dict)
    complete: bool = True
    nodes: int = 0
    seconds: float = 0.0

    @property
    def total(self) -> int:
        return len(self.seats) * len(self.contracts)

    def entry(self, declarer: str, contract: str) -> TableEntry | None:
        """The entry of that declarer and contract token; None if not (yet) computed."""
        return next((e for e in self.entries if e.declarer == declarer and e.contract == contract), None)

    def to_json(self) -> dict:
        """``{"table": [entry, ...], ...once, "complete": bool, "nodes": n, "seconds": s}``;
        an entry is ``{"declarer", "contract"}`` and the keys of ``solve``'s JSON that the
        contract has (in the Alsós games ``declarer_points``, ``game``, ``figures``;
        ``betli``); ``once`` the answers of the contracts without a declarer
        (``klopitzky_safe``: {seat: bool}, or null when not computed)."""
        return {
            "table": [entry.to_json() for entry in self.entries],
            **self.once,
            "complete": self.complete,
            "nodes": self.nodes,
            "seconds": self.seconds,
        }


def contract_tokens(deal: Deal) -> tuple[str, ...]:
    """The contracts of the table for the deal's game under its options
    (:meth:`~alsos_solver.games.base.Game.table_contracts`)."""
    return deal.game.table_contracts(deal.options)


def contract_deal(deal: Deal, contract: Contract, declarer: str | None) -> Deal:
    """The deal's hands with that contract and declarer: nothing announced or said
    (figures, front, kontras), no play, and not the deal as dealt (its exchange was made
    for the deal's own trumps)."""
    return replace(
        deal, contract=contract, declarer=declarer, figures={}, front={}, kontra={}, play=[], play_leader=None,
        dealt=None, indicator=None, talon_top=None,
    )


def contract_table(
    deal: Deal,
    progress: Progress | None = None,
    *,
    table_bytes: int = DEFAULT_TABLE_BYTES,
) -> ContractTable:
    """Every seat as declarer in every contract of the game's table, and the contracts
    without a declarer (klopitzky) once.

    ``progress(done, total)`` is called before the first solve and after each finished
    unit (``total`` = entries + the contracts without a declarer). A KeyboardInterrupt (Ctrl-C, or raised
    by ``progress``) stops the work: the table of what was finished comes back with
    ``complete = False``. UnsoundDeal if the hands are not sound."""
    spec, game = deal.game, deal.game.questions
    seats, tokens = tuple(spec.active), contract_tokens(deal)
    once = [contract_deal(deal, spec.parse_contract(token), None) for token in spec.table_contracts_once(deal.options)]
    contract_deal(deal, spec.parse_contract(tokens[0]), seats[0]).check()
    table = ContractTable(seats, tokens, once={key: None for key in game.table_once_keys} if once else {})
    total = table.total + len(once)
    try:
        if progress is not None:
            progress(0, total)
        for seat in seats:
            for token in tokens:
                result = solve(contract_deal(deal, spec.parse_contract(token), seat), table_bytes=table_bytes)
                table.entries.append(TableEntry.of(seat, token, result, game.table_keys))
                table.nodes += result.nodes
                table.seconds += result.seconds
                if progress is not None:
                    progress(len(table.entries), total)
        for done, once_deal in enumerate(once, 1):
            result = solve(once_deal, table_bytes=table_bytes)
            table.once |= {key: result.answers[key] for key in game.table_once_keys if key in result.answers}
            table.nodes += result.nodes
            table.seconds += result.seconds
            if progress is not None:
                progress(table.total + done, total)
    except KeyboardInterrupt:
        table.complete = False
    return table
