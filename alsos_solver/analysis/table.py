"""The contract table of a deal: every seat as declarer in every contract.

For the hands of a deal (its own contract, declarer, announced figures and play are
ignored; its game, options and meld declarations are kept), :func:`contract_table` asks
:func:`~alsos_solver.solve.solve` about each seat as declarer in each trump suit, in
no-trump and in betli, and about klopitzky once (each seat: can it avoid paying). Every
entry is exactly the answer of ``solve`` on the deal with that contract and declarer.

The work is 3 x 6 solves and one klopitzky solve (alsos-2: 2 x 6 + 1). It can be stopped
with Ctrl-C: :func:`contract_table` then returns what it finished, marked incomplete.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from ..deal import Deal
from ..rules import Contract, Kind
from ..solve import SolveResult, solve
from ..solver import DEFAULT_TABLE_BYTES


Progress = Callable[[int, int], object]
"""``progress(done, total)``: called with ``done = 0`` before the first solve and after
every finished unit of work (an entry, or the klopitzky solve)."""


@dataclass
class TableEntry:
    """One seat as declarer in one contract: the answers of ``solve`` for it.

    ``declarer_points``, ``game`` and ``figures`` (seat -> figure -> makeable by that seat
    as announcer) in trump and no-trump games; ``betli`` in betli; None where the
    contract does not have them (and left out of :meth:`to_json`)."""

    declarer: str
    contract: str
    declarer_points: int | None = None
    game: bool | None = None
    figures: dict[str, dict[str, bool]] | None = None
    betli: bool | None = None
    nodes: int = 0
    seconds: float = 0.0

    @classmethod
    def of(cls, declarer: str, contract: str, result: SolveResult) -> TableEntry:
        return cls(
            declarer, contract, result.declarer_points, result.game, result.figures,
            result.betli, result.nodes, result.seconds,
        )

    @property
    def made_figures(self) -> list[str]:
        """The figures the declarer can make as announcer, in the order of ``FIGURES``."""
        if not self.figures:
            return []
        return [name for name, made in self.figures[self.declarer].items() if made]

    def to_json(self) -> dict:
        data: dict = {"declarer": self.declarer, "contract": self.contract}
        for key in ("declarer_points", "game", "figures", "betli"):
            value = getattr(self, key)
            if value is not None:
                data[key] = value
        return data


@dataclass
class ContractTable:
    """Every seat as declarer in every contract, and klopitzky per seat.

    ``entries`` are in the order declarer (playing order), then contract (the suits in
    pack order, ``NT``, ``BETLI``). ``klopitzky_safe`` is None when the table was
    interrupted before it. ``complete`` is False when the computation was interrupted;
    ``total`` is the number of entries a complete table has."""

    seats: tuple[str, ...]
    contracts: tuple[str, ...]
    entries: list[TableEntry] = field(default_factory=list)
    klopitzky_safe: dict[str, bool] | None = None
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
        """``{"table": [entry, ...], "klopitzky_safe": {seat: bool} or null, "complete":
        bool, "nodes": n, "seconds": s}``; an entry is ``{"declarer", "contract"}`` and
        the keys of ``solve``'s JSON that the contract has (``declarer_points``, ``game``,
        ``figures``; ``betli``)."""
        return {
            "table": [entry.to_json() for entry in self.entries],
            "klopitzky_safe": self.klopitzky_safe,
            "complete": self.complete,
            "nodes": self.nodes,
            "seconds": self.seconds,
        }

    def lines(self) -> list[str]:
        """A plain-text table: one row per declarer and contract."""
        head = ("decl", "contract", "points", "game", "figures")
        rows = [head]
        for e in self.entries:
            if e.betli is not None:
                rows.append((e.declarer, e.contract, "-", "-", "betli made" if e.betli else "betli fails"))
            else:
                points = "-" if e.declarer_points is None else str(e.declarer_points)
                game = "-" if e.game is None else ("won" if e.game else "lost")
                rows.append((e.declarer, e.contract, points, game, " ".join(e.made_figures) or "-"))
        widths = [max(len(row[i]) for row in rows) for i in range(len(head) - 1)]
        out = []
        for row in rows:
            cells = [
                cell.rjust(width) if i == 2 else cell.ljust(width)
                for i, (cell, width) in enumerate(zip(row, widths))
            ]
            out.append("  ".join(cells + [row[-1]]).rstrip())
        if self.klopitzky_safe is not None:
            safe = ", ".join(f"{seat} {'safe' if ok else 'pays'}" for seat, ok in self.klopitzky_safe.items())
            out.append(f"klopitzky: {safe}")
        if not self.complete:
            missing = "" if self.klopitzky_safe is not None else " and klopitzky"
            out.append(f"(interrupted: {len(self.entries)} of {self.total} entries{missing})")
        return out


def contract_tokens(deal: Deal) -> tuple[str, ...]:
    """The contracts of the table for the deal's game
    (:meth:`~alsos_solver.rules.game.GameSpec.table_contracts`)."""
    return deal.spec.table_contracts()


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
    """Every seat as declarer in every contract (trump suits, NT, BETLI), and klopitzky.

    ``progress(done, total)`` is called before the first solve and after each finished
    unit (``total`` = entries + 1 for klopitzky). A KeyboardInterrupt (Ctrl-C, or raised
    by ``progress``) stops the work: the table of what was finished comes back with
    ``complete = False``. ValueError if the game has no such contracts or the hands are
    not sound."""
    spec = deal.spec
    seats, tokens = tuple(spec.active), contract_tokens(deal)
    klopitzky = contract_deal(deal, Contract(Kind.KLOPITZKY), None)
    problems = klopitzky.problems()
    if problems:
        raise ValueError("; ".join(p.message for p in problems))
    table = ContractTable(seats, tokens)
    total = table.total + 1
    try:
        if progress is not None:
            progress(0, total)
        for seat in seats:
            for token in tokens:
                result = solve(contract_deal(deal, spec.parse_contract(token), seat), table_bytes=table_bytes)
                table.entries.append(TableEntry.of(seat, token, result))
                table.nodes += result.nodes
                table.seconds += result.seconds
                if progress is not None:
                    progress(len(table.entries), total)
        result = solve(klopitzky, table_bytes=table_bytes)
        table.klopitzky_safe = result.klopitzky_safe
        table.nodes += result.nodes
        table.seconds += result.seconds
        if progress is not None:
            progress(total, total)
    except KeyboardInterrupt:
        table.complete = len(table.entries) == table.total and table.klopitzky_safe is not None
    return table
