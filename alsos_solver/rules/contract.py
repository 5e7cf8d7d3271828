"""Contracts: what is played (trump suit, no-trump, betli, klopitzky, Altiansz names,
Asszorti bids)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Kind(Enum):
    TRUMP = "trump"
    NO_TRUMP = "nt"
    BETLI = "betli"
    KLOPITZKY = "klopitzky"


@dataclass(frozen=True)
class Contract:
    """A contract: its kind, the trump suit index (trump games only), for Altiansz the
    contract's name (``game-ultimo``, ``solo``, ...), for Asszorti the bid (``3``, ``2``,
    ``1`` or ``hand``)."""

    kind: Kind
    trump: int | None = None
    name: str | None = None
    bid: str | None = None

    @property
    def has_declarer(self) -> bool:
        return self.kind is not Kind.KLOPITZKY

    @property
    def is_point_game(self) -> bool:
        """Trump and no-trump games: played for card points, with figures."""
        return self.kind in (Kind.TRUMP, Kind.NO_TRUMP)
