"""Write the benchmark's fixed set of deals to benchmarks/deals.txt.

200 full three-player Alsós deals from ``random.Random(2026)``: nine cards to each of
A, B and C, the other five as the Talon. Contracts: 120 trump games (30 in each suit),
40 no-trump, 20 betli, 20 klopitzky, in a shuffled order; the declarer is a random seat
(klopitzky has none). No figures are announced and the rule options are the defaults.

Deterministic: the same bytes on every run (``python benchmarks/make_deals.py --check``
says whether the committed file is current).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from alsos_solver import HUNGARIAN, Contract, Deal, Kind
from alsos_solver.io import dumps, loads

SEED = 2026
SEATS = "ABC"
HAND_SIZE = 9
TRUMP_PER_SUIT = 30
NO_TRUMP = 40
BETLI = 20
KLOPITZKY = 20
DEFAULT_OUTPUT = Path(__file__).with_name("deals.txt")


def contracts(rng: random.Random) -> list[Contract]:
    """The contracts of the set, shuffled."""
    result = [Contract(Kind.TRUMP, suit) for suit in range(len(HUNGARIAN.suits)) for _ in range(TRUMP_PER_SUIT)]
    result += [Contract(Kind.NO_TRUMP)] * NO_TRUMP
    result += [Contract(Kind.BETLI)] * BETLI
    result += [Contract(Kind.KLOPITZKY)] * KLOPITZKY
    rng.shuffle(result)
    return result


def make_deals(seed: int = SEED) -> list[Deal]:
    rng = random.Random(seed)
    deals = []
    for number, contract in enumerate(contracts(rng), start=1):
        cards = list(range(HUNGARIAN.size))
        rng.shuffle(cards)
        hands = {
            seat: sum(1 << c for c in cards[i * HAND_SIZE:(i + 1) * HAND_SIZE]) for i, seat in enumerate(SEATS)
        }
        talon = sum(1 << c for c in cards[len(SEATS) * HAND_SIZE:])
        declarer = rng.choice(SEATS) if contract.has_declarer else None
        deal = Deal(
            hands=hands,
            talon=talon,
            contract=contract,
            declarer=declarer,
            tags={"Event": "alsos-solver benchmark", "Board": str(number)},
        )
        problems = deal.problems()
        if problems:
            raise AssertionError(f"board {number}: {problems}")
        deals.append(deal)
    return deals


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT, help="where to write (default: %(default)s)")
    parser.add_argument("--check", action="store_true", help="only compare with the file at --output")
    args = parser.parse_args(argv)
    deals = make_deals()
    text = dumps(deals)
    # The file must read back as the same deals (a guard against a writer/reader mismatch).
    back = loads(text)
    if back != deals or dumps(back) != text:
        raise AssertionError("the deal file does not read back to the same deals")
    if args.check:
        current = args.output.read_bytes() if args.output.exists() else b""
        if current != text.encode("utf-8"):
            print(f"{args.output} is out of date: run python benchmarks/make_deals.py", file=sys.stderr)
            return 1
        print(f"{args.output} is current ({len(back)} deals)", file=sys.stderr)
        return 0
    args.output.write_bytes(text.encode("utf-8"))
    print(f"wrote {len(back)} deals to {args.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
