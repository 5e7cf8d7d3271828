"""Write the benchmark's fixed deal sets: one file per game.

Each set is drawn from its own ``random.Random(seed)``: the pack shuffled and dealt to the
seats that play (hand size by the game), the rest as the Talon, a contract from the set's
shuffled list of contracts, a random declarer (none in klopitzky). No figures are
announced (but Asszorti's arrivázs in about a third of its deals) and the rule options are
the defaults.

| game | file | deals | contracts |
| --- | --- | ---: | --- |
| alsos | deals.txt | 200 | 120 trump (30 a suit), 40 no-trump, 20 betli, 20 klopitzky |
| alsos-2 | deals-alsos-2.txt | 60 | 40 trump (10 a suit), 10 no-trump, 5 betli, 5 klopitzky |
| asszorti | deals-asszorti.txt | 100 | 20 in each suit and 20 no-trump, bids 3 2 1 hand at random |
| altiansz | deals-altiansz.txt | 150 | each of the 13 contracts about equally, suit or no-trump at random |

Deterministic: the same bytes on every run (``--check`` says whether the committed files
are current).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from alsos_solver import Deal
from alsos_solver.games import find_game
from alsos_solver.games.altiansz.rules import TRUMP_ONLY
from alsos_solver.games.altiansz.rules import CONTRACTS as ALTIANSZ_CONTRACTS
from alsos_solver.games.asszorti.rules import BIDS
from alsos_solver.io import dumps, loads

HERE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class DealSet:
    """A game's deal set: how many deals, the seed, the contract tokens (before shuffling)
    and what else is drawn per deal (``extra(rng, deal)``: announcements)."""

    game: str
    file: str
    seed: int
    contracts: Callable[[random.Random], list[str]]
    extra: Callable[[random.Random, Deal], None] = lambda rng, deal: None


def alsos_contracts(trump_per_suit: int, no_trump: int, betli: int, klopitzky: int) -> Callable[[random.Random], list[str]]:
    def tokens(rng: random.Random) -> list[str]:
        return [suit for suit in "MPTZ" for _ in range(trump_per_suit)] + ["NT"] * no_trump + ["BETLI"] * betli + ["KLOPITZKY"] * klopitzky

    return tokens


def asszorti_contracts(rng: random.Random) -> list[str]:
    """20 in each strain; the bid drawn per deal (3 is written as the strain alone)."""
    return [strain for strain in ("S", "H", "D", "C", "NT") for _ in range(20)]


def asszorti_extra(rng: random.Random, deal: Deal) -> None:
    """A bid from 3, 2, 1, hand, and arrivázs announced by the declarer one time in three."""
    spec = deal.game
    bid = rng.choice(BIDS)
    token = spec.contract_token(deal.contract)
    deal.contract = spec.parse_contract(token if bid == "3" else f"{bid} {token}")
    if rng.random() < 1 / 3:
        deal.figures = {deal.declarer: ("arrivazs",)}


def altiansz_contracts(rng: random.Random) -> list[str]:
    """Each contract about equally often (150 deals: 12 or 11 each), its strain at random."""
    names = [ALTIANSZ_CONTRACTS[i % len(ALTIANSZ_CONTRACTS)] for i in range(150)]
    tokens = []
    for name in names:
        if name in ("betli", "klopitzky"):
            tokens.append(name)
        else:
            strains = ["M", "P", "T", "Z"] + ([] if name in TRUMP_ONLY else ["NT"])
            tokens.append(f"{name} {rng.choice(strains)}")
    return tokens


SETS = {
    deal_set.game: deal_set
    for deal_set in (
        DealSet("alsos", "deals.txt", 2026, alsos_contracts(30, 40, 20, 20)),
        DealSet("alsos-2", "deals-alsos-2.txt", 2027, alsos_contracts(10, 10, 5, 5)),
        DealSet("asszorti", "deals-asszorti.txt", 2028, asszorti_contracts, asszorti_extra),
        DealSet("altiansz", "deals-altiansz.txt", 2029, altiansz_contracts),
    )
}


def make_deals(deal_set: DealSet) -> list[Deal]:
    spec = find_game(deal_set.game)
    rng = random.Random(deal_set.seed)
    contracts = [spec.parse_contract(token) for token in deal_set.contracts(rng)]
    rng.shuffle(contracts)
    deals = []
    for number, contract in enumerate(contracts, start=1):
        cards = list(range(spec.pack.size))
        rng.shuffle(cards)
        size, seats = spec.hand_size, spec.active
        hands = {seat: sum(1 << c for c in cards[i * size:(i + 1) * size]) for i, seat in enumerate(seats)}
        talon = sum(1 << c for c in cards[len(seats) * size:])
        declarer = rng.choice(seats) if contract.has_declarer else None
        deal = Deal(
            hands=hands, game=find_game(deal_set.game), talon=talon, contract=contract, declarer=declarer,
            tags={"Event": "alsos-solver benchmark", "Board": str(number)},
        )
        deal_set.extra(rng, deal)
        problems = deal.problems()
        if problems:
            raise AssertionError(f"{deal_set.game} board {number}: {problems}")
        deals.append(deal)
    return deals


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=list(SETS), action="append", help="only this game's set (repeatable)")
    parser.add_argument("--check", action="store_true", help="only compare with the committed files")
    args = parser.parse_args(argv)
    stale = 0
    for game in args.game or list(SETS):
        deal_set = SETS[game]
        deals = make_deals(deal_set)
        text = dumps(deals)
        back = loads(text)  # the file must read back as the same deals (writer/reader agree)
        if back != deals or dumps(back) != text:
            raise AssertionError(f"the {game} deal file does not read back to the same deals")
        path = HERE / deal_set.file
        if args.check:
            if (path.read_bytes() if path.exists() else b"") != text.encode("utf-8"):
                print(f"{path} is out of date: run python benchmarks/make_deals.py --game {game}", file=sys.stderr)
                stale += 1
            continue
        path.write_bytes(text.encode("utf-8"))
        print(f"wrote {len(back)} deals to {path}", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
