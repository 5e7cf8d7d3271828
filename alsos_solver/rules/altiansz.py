"""Altiansz: Hungarian cards, A and X 10, trump U 20, trump 9 10, last trick 10 (seed 004).

Betli has no trumps, order A K O U X 9 8 7, and a duty to beat the highest card of the
led suit when able. Klopitzky is a no-trump game for the fewest card points.
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
TRUMP_ONLY = ("ultimo", "golden-aces", "game-trull", "game-ultimo", "game-sneak")
"""Contracts in which the declarer must choose a trump suit (seed 004)."""
PLAIN_POINTS = {"A": 10, "X": 10}


def trick_rules(contract: Contract) -> TrickRules:
    if contract.kind is Kind.BETLI:
        return TrickRules.build(HUNGARIAN, None, SEQUENCE_ORDER, must_beat=True)
    if contract.kind is Kind.KLOPITZKY:
        # a no-trump game for the fewest card points (seed 004)
        return TrickRules.build(HUNGARIAN, None, PLAIN_ORDER, plain_points=PLAIN_POINTS, last_trick_bonus=10)
    trump = contract.trump if contract.kind is Kind.TRUMP else None
    return TrickRules.build(
        HUNGARIAN, trump, PLAIN_ORDER, TRUMP_ORDER,
        PLAIN_POINTS, {"A": 10, "X": 10, "U": 20, "9": 10}, 10,
    )


def first_leader(contract: Contract, declarer: int | None) -> int:
    """The declarer leads; in klopitzky seat A."""
    return 0 if declarer is None or contract.kind is Kind.KLOPITZKY else declarer
