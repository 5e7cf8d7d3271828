"""Asszorti: 36 French cards, A K Q J T 9 8 7 6 in every suit, tricks only (seed 002)."""

from __future__ import annotations

from ..cards import FRENCH
from .contract import Contract, Kind
from .trick import TrickRules


def trick_rules(contract: Contract) -> TrickRules:
    trump = contract.trump if contract.kind is Kind.TRUMP else None
    return TrickRules.build(FRENCH, trump, "AKQJT9876")


def first_leader(declarer: int | None) -> int:
    """The seat just before the declarer leads, so the declarer plays second."""
    return 0 if declarer is None else (declarer - 1) % 3
