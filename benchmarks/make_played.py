"""Write the review benchmark's played-out deals: benchmarks/deals-played.txt.

The first 20 deals of deals.txt that have a declarer (klopitzky has none, so no
declarer's view to review), each played out card by card from ``random.Random(SEED)``:
with probability :data:`DEVIATION` a random legal card, else the first best card (in
display order) for the deal's first question (the declarer's points, or betli made),
valued double-dummy with one :class:`~alsos_solver.analysis.card_values.Probe` kept warm
along the play. The play is recorded in each deal's ``Play`` section.

Deterministic: the same bytes on every run (``--check`` says whether the committed file
is current).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from alsos_solver import Deal
from alsos_solver.analysis.card_values import Probe
from alsos_solver.io import dumps, loads

from make_deals import SETS, make_deals

HERE = Path(__file__).resolve().parent
FILE = HERE / "deals-played.txt"
SEED = 2032
COUNT = 20
DEVIATION = 0.2
"""The chance that a card is a random legal one instead of a best one."""


def played_out(deal: Deal, rng: random.Random) -> Deal:
    """The deal with a Play section: best play with random deviations (see the module)."""
    deal.play_leader = deal.first_leader
    probe = Probe.of(deal, None, 0)
    while not probe.position.is_over:
        legal = probe.legal()
        if rng.random() < DEVIATION:
            card = rng.choice(legal)
        else:
            values = [probe.card_value(card) for card in legal]
            card = legal[values.index(probe.best(values))]
        probe.push(card)
        deal.play.append(card)
    deal.tags["Event"] = "alsos-solver review benchmark"
    return deal


def played_deals() -> list[Deal]:
    rng = random.Random(SEED)
    chosen = [deal for deal in make_deals(SETS["alsos"]) if deal.declarer is not None][:COUNT]
    return [played_out(deal, rng) for deal in chosen]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only compare with the committed file")
    args = parser.parse_args(argv)
    deals = played_deals()
    text = dumps(deals)
    if loads(text) != deals:
        raise AssertionError("the played deals do not read back to the same deals")
    if args.check:
        if (FILE.read_bytes() if FILE.exists() else b"") != text.encode("utf-8"):
            print(f"{FILE} is out of date: run python benchmarks/make_played.py", file=sys.stderr)
            return 1
        return 0
    FILE.write_bytes(text.encode("utf-8"))
    print(f"wrote {len(deals)} deals to {FILE}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
