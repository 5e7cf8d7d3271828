"""The shape every game's melds come in: a meld a seat holds, what each seat scores, and
the defenders' choices of which melds score (each game finds its own: the Alsós melds in
:mod:`alsos_solver.games.alsos.melds`, the Altiansz melds in its rules)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .cards import CardSet

if TYPE_CHECKING:
    from .deal import Deal

MELD_KINDS = ("sequences", "vannak", "bela")
"""The kinds a seat may declare (``Deal.declared``, the ``Melds`` tag: docs/format.md)."""


@dataclass(frozen=True)
class Meld:
    """One meld held by a seat; ``scores`` says whether it counts after the contests and,
    when it does not, ``reason`` says why."""

    seat: str
    kind: str  # 'sequence' | 'vannak' | 'bela'
    cards: CardSet
    points: int  # its value if it scores
    scores: bool
    name: str  # e.g. 'kvart to the Over in acorns', 'vannak of Unders', 'béla'
    reason: str = ""


@dataclass(frozen=True)
class MeldResult:
    """Every meld held, and each active seat's scoring meld points (0 if none)."""

    melds: tuple[Meld, ...]
    points: dict[str, int]

    def held_by(self, seat: str) -> list[Meld]:
        return [meld for meld in self.melds if meld.seat == seat]

    def explain(self, seat: str) -> str:
        """``'B: kvart to the Over in acorns 50, béla 20'``; ``'B: no melds'`` for a seat
        that holds none, ``'B: no scoring melds'`` for one whose melds all fail."""
        held = self.held_by(seat)
        scoring = [f"{meld.name} {meld.points}" for meld in held if meld.scores]
        if scoring:
            return f"{seat}: {', '.join(scoring)}"
        return f"{seat}: no scoring melds" if held else f"{seat}: no melds"

    def lines(self) -> list[str]:
        """For each seat holding a meld: its :meth:`explain` line, then a note per meld
        that does not score (``'A: terc to the Ace in hearts does not score: C has the
        better sequence'``)."""
        result = []
        for seat in self.points:
            held = self.held_by(seat)
            if held:
                result.append(self.explain(seat))
                result += [f"{seat}: {m.name} does not score: {m.reason}" for m in held if not m.scores]
        return result


def empty_result(seats: str) -> MeldResult:
    return MeldResult((), {seat: 0 for seat in seats})



@dataclass(frozen=True)
class MeldChoice:
    """One way the defenders may settle the meld contests after the first trick: the
    contests each defender concedes (``conceded``, seat -> kinds of :data:`CONTESTS`; a
    seat that concedes nothing is absent), and each active seat's scoring meld points
    (``points``, in playing order) when they do."""

    conceded: tuple[tuple[str, tuple[str, ...]], ...]
    points: tuple[int, ...]

    def describe(self) -> str:
        """``'B concedes the sequences'``; ``'every seat declares all it holds'``."""
        if not self.conceded:
            return "every seat declares all it holds"
        return "; ".join(f"{seat} concedes the {' and the '.join(kinds)}" for seat, kinds in self.conceded)

    def declared(self, deal: Deal) -> dict[str, tuple[str, ...]]:
        """The deal's ``declared`` with this choice made: a deal with it has no choice left."""
        result = {seat: deal.declared.get(seat, MELD_KINDS) for seat in deal.game.active}
        for seat, kinds in self.conceded:
            result[seat] = tuple(kind for kind in result[seat] if kind not in kinds)
        return result
