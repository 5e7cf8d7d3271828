"""What the statistics tests share (the library's and ``alsos-solve stats``): result
records of random deals that the tests can count by hand, and whether the plots can be
drawn."""

from __future__ import annotations

import importlib.util

from alsos_solver.dealer import deal
from alsos_solver.io.records import deal_record

HAS_MATPLOTLIB = importlib.util.find_spec("matplotlib") is not None


def synthetic(contract: str, count: int, seed: int, declarer: str | None = "A") -> list[dict]:
    """Records of random deals with made-up results that the tests can count by hand:
    ``game`` is 'A holds 4 or more trumps', ``declarer_points`` A's trumps times 10, and
    A's ultimó 'A holds the trump 7'."""
    records = []
    for index, dealt in enumerate(deal(count, seed, contract=contract, declarer=declarer), 1):
        trump, hand, pack = dealt.contract.trump, dealt.hands["A"], dealt.pack
        held = 0 if trump is None else (hand & pack.suit_mask(trump)).bit_count()
        seven = trump is not None and bool(hand >> pack.card(trump, pack.rank_index("7")) & 1)
        records.append({
            "file": f"{contract}-{seed}.txt", "index": index, "deal": deal_record(dealt),
            "game": held >= 4, "declarer_points": 10 * held, "figures": {"A": {"ultimo": seven}},
        })
    return records
