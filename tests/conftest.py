"""Shared test data: every valid contract of every game (a parametrized fixture), and the
example deal of deal-format.md (``make_deal``, imported by the tests like ``strategies``).

Random deals come from ``strategies.py`` (hypothesis strategies shared by the suite)."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import strategies as st
from hypothesis.configuration import set_hypothesis_home_dir
from typer.testing import CliRunner

from alsos_solver.cards import CardSet
from alsos_solver.deal import Deal
from alsos_solver.games import GAMES, Game

import strategies
from strategies import contract_tokens


def pytest_configure(config: pytest.Config) -> None:
    """Hypothesis keeps its examples and caches in a temporary folder of the run, removed
    at its end, not in the checkout: nothing the suite writes lands outside a temporary
    folder."""
    home = tempfile.mkdtemp(prefix="alsos-hypothesis-")
    set_hypothesis_home_dir(home)
    config.add_cleanup(lambda: shutil.rmtree(home, ignore_errors=True))


ROOT = Path(__file__).resolve().parent.parent
"""The repository's root: the tests read its examples, benchmarks, docs and README, in any
folder of tests/."""

BENCHMARK_DEALS = ROOT / "benchmarks" / "deals.txt"
"""The 200 seeded deals of the benchmarks (benchmarks/make_deals.py)."""

ALL_CONTRACTS = [(game, token) for game, spec in GAMES.items() for token in contract_tokens(spec)]


@pytest.fixture(params=ALL_CONTRACTS, ids=[f"{game}:{token}" for game, token in ALL_CONTRACTS])
def game_and_contract(request) -> tuple[Game, str]:
    """Each game with each of its valid contract tokens."""
    game, token = request.param
    return GAMES[game], token


def mask(cards) -> CardSet:
    """The set of the cards listed."""
    return sum(1 << card for card in set(cards))


EXAMPLE_HANDS = {"A": "A97.KO.U8.X9", "B": ".A987.97.AKU", "C": "KOU8.U.AKO.O"}
EXAMPLE_TALON = "MX PX TX Z8 Z7"
"""The example deal of deal-format.md: hearts trumps, B declares, B holds the trump 7."""

EXAMPLE_PLAY = "MA PA M8  ZA ZO Z9  ZK PU ZX  MK M9 P9  ZU MU PO  TU T9 TA  TK T8 T7  TO PK P8  M7 P7 MO"
"""A legal play of the example deal in which B keeps the trump 8 for the 8th trick and wins
the last with the trump 7 (so ultimó and nyolcas holds are respected)."""


def make_deal(game: str = "alsos", hands=None, talon=EXAMPLE_TALON, contract="P", declarer="B", **fields) -> Deal:
    """A deal from text: hands as ``{seat: hand}``, talon and play as card tokens."""
    spec = GAMES[game]
    pack = spec.pack
    hands = EXAMPLE_HANDS if hands is None else hands
    if isinstance(fields.get("play"), str):
        fields["play"] = pack.parse_cards(fields["play"])
    return Deal(
        hands={seat: pack.parse_hand(text) for seat, text in hands.items()},
        game=spec,
        talon=None if talon is None else mask(pack.parse_cards(talon)),
        contract=None if contract is None else spec.parse_contract(contract),
        declarer=declarer,
        **fields,
    )


@st.composite
def playable_deals(draw) -> Deal:
    """A random deal of any game with a contract (and its declarer) and rule options: lighter
    than ``strategies.deals`` (no figures, tags or play) for tests that play it themselves."""
    spec = GAMES[draw(st.sampled_from(list(GAMES)))]
    dealt, talon = draw(strategies.hands(spec))
    contract = spec.parse_contract(draw(st.sampled_from(contract_tokens(spec))))
    declarer = draw(st.sampled_from(spec.active)) if contract.has_declarer else None
    return Deal(dealt, spec, talon=talon, contract=contract, declarer=declarer, options=draw(strategies.options()))


PIPED = {"COLUMNS": "80", "LINES": "25", "FORCE_COLOR": None, "TTY_COMPATIBLE": None, "NO_COLOR": None}
"""The environment of the CLI tests: output piped to a file, as a script sees it (rich's 80
columns, no colour), whatever the terminal the tests run from says."""


@pytest.fixture
def runner() -> CliRunner:
    """Runs the CLI in-process (typer's CliRunner), its output piped (:data:`PIPED`)."""
    return CliRunner(env=PIPED)
