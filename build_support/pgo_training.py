"""The workload that trains the search core's profile-guided build (setup.py runs it once,
against the instrumented core): whole analyses of random deals of every game, as
``alsos-solve batch`` makes them, from a seed of its own (not the benchmarks' deal sets,
so the benchmarks measure deals the build never saw).

It needs only the package's pure-Python modules and the core beside them (no typer, no
rich: the build's environment has neither)."""

from __future__ import annotations

import itertools
import sys

from alsos_solver.dealer import deal
from alsos_solver.games import find_game
from alsos_solver.solve import solve

SEED = 1881
PLAN = (
    # game, contracts drawn in turn, deals
    ("alsos", ("M", "P", "T", "Z", "M", "P", "NT", "NT", "BETLI", "KLOPITZKY"), 160),
    ("alsos-2", ("M", "Z", "NT", "BETLI"), 16),
    ("asszorti", ("S", "2 H", "1 D", "hand C", "NT"), 20),
    ("altiansz", ("solo M", "ultimo P", "game T", "150 NT", "absolute Z", "betli", "volat NT", "klopitzky"), 24),
)
"""About the benchmarks' mix: Alsós trump games first, then no-trump, betli and klopitzky."""


def main() -> int:
    for game, contracts, count in PLAN:
        spec = find_game(game)
        for number, token in zip(range(count), itertools.cycle(contracts)):
            contract = spec.parse_contract(token)
            declarer = spec.active[number % len(spec.active)] if contract.has_declarer else None
            (one,) = deal(1, f"{SEED}-{game}-{number}", game=game, contract=contract, declarer=declarer)
            solve(one)
    return 0


if __name__ == "__main__":
    sys.exit(main())
