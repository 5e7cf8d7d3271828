"""Altiansz: Hungarian cards, A and X 10, trump U 20, trump 9 10, last trick 10 (seed 004).

Betli has no trumps, order A K O U X 9 8 7, and a duty to beat the highest card of the
led suit when able.
"""

from __future__ import annotations

from ..cards import HUNGARIAN
from .alsos import PLAIN_ORDER, SEQUENCE_ORDER, TRUMP_ORDER
from .contract import Contract, Kind
from .trick import TrickRules

CONTRACTS = (
    "solo", "ultimo", "golden-aces", "game", "game-trull", "game-ultimo", "game-sneak",
    "150", "absolute", "200", "betli", "volat", "klopitzky",
)


def trick_rules(contract: Contract) -> TrickRules:
    if contract.kind is Kind.BETLI:
        return TrickRules.build(HUNGARIAN, None, SEQUENCE_ORDER, must_beat=True)
    if contract.kind is Kind.KLOPITZKY:
        return TrickRules.build(HUNGARIAN, None, PLAIN_ORDER)
    trump = contract.trump if contract.kind is Kind.TRUMP else None
    return TrickRules.build(
        HUNGARIAN, trump, PLAIN_ORDER, TRUMP_ORDER,
        {"A": 10, "X": 10}, {"A": 10, "X": 10, "U": 20, "9": 10}, 10,
    )


def first_leader(contract: Contract, declarer: int | None) -> int:
    """The declarer leads; in klopitzky seat A."""
    return 0 if declarer is None or contract.kind is Kind.KLOPITZKY else declarer
