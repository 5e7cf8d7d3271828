"""``--variant NAME=VALUE`` on ``deal``, ``compose`` and ``odds``: the main command's option
(:func:`alsos_solver.cli.variant_option`), read and refused the same way, its rule options
passed to the dealer, the composer and the odds."""

from __future__ import annotations

import json

import pytest

from alsos_solver.deal_command import app as deal_app
from alsos_solver.io import load, loads
from alsos_solver.launch import SUBCOMMANDS
from alsos_solver.launch import load as load_app
from alsos_solver.odds_command import app as odds_app
from alsos_solver.puzzle_commands import compose_app
from alsos_solver.puzzles.compose import ComposeOptions, Composer
from alsos_solver.rules import AlsosOptions

from cli_support import EXAMPLE, assert_error

TOMPA = AlsosOptions(rules="tompa")


@pytest.mark.parametrize("command", ["deal", "compose", "odds"])
def test_the_command_takes_variant(runner, command):
    result = runner.invoke(load_app(SUBCOMMANDS[command]), ["--help"])
    assert result.exit_code == 0, result.output
    assert "--variant" in result.stdout and "NAME=VALUE" in result.stdout


# --- deal ----------------------------------------------------------------------------------------


def test_deal_writes_the_variant_tag(runner):
    result = runner.invoke(deal_app, ["--game", "alsos-2", "--variant", "rules=tompa", "--contract", "P",
                                      "--declarer", "A", "-n", "2", "--seed", "3"])
    assert result.exit_code == 0, result.output
    assert result.stdout.count('[Variant "rules=tompa"]') == 2
    assert [deal.options for deal in loads(result.stdout)] == [TOMPA, TOMPA]


def test_deal_takes_variant_repeated_in_any_case(runner):
    result = runner.invoke(deal_app, ["--variant", "Vannak=House", "--variant", "uhu=on"])
    assert result.exit_code == 0, result.output
    (deal,) = loads(result.stdout)
    assert deal.options == AlsosOptions(vannak="house", uhu=True)


@pytest.mark.parametrize("args, pieces", [
    (["--variant", "rules=tompa"], ["--variant rules=tompa: alsos has no variant rules (its variants: betli_order"]),
    (["--game", "asszorti", "--variant", "szazegy=on"], ["--variant szazegy=on: asszorti has no variant szazegy (it has none)"]),
    (["--variant", "bogus=1"], ["--variant bogus=1: unknown variant 'bogus'"]),
    (["--variant", "uhu"], ["--variant uhu: expected name=value"]),
    (["--variant", "uhu=maybe"], ["--variant uhu=maybe: variant uhu takes on or off"]),
    (["--game", "alsos-2", "--variant", "rules=tompa", "--contract", "NT", "--declarer", "A"],
     ["the Tompa rules play trump games only, found NT"]),
    (["--game", "ulti", "--variant", "uhu=on"], ["unknown game 'ulti'"]),
])
def test_deal_refuses_a_variant_as_the_main_command_does(runner, args, pieces):
    assert_error(runner.invoke(deal_app, args), *pieces, max_lines=1)


# --- compose -------------------------------------------------------------------------------------


def test_compose_searches_the_contracts_the_rules_allow():
    assert Composer(ComposeOptions(goal="game", game="alsos-2", rules=TOMPA)).contracts == ["M", "P", "T", "Z"]
    assert "BETLI" in Composer(ComposeOptions(goal="game", game="alsos-2")).contracts


def test_compose_deals_under_the_variant(runner, tmp_path):
    target = tmp_path / "puzzles.txt"
    result = runner.invoke(compose_app, ["--goal", "game", "--game", "alsos-2", "--variant", "rules=tompa",
                                         "--start", "trick:9", "--seed", "1", "-o", str(target)])
    assert result.exit_code == 0, result.output
    (puzzle,) = load(target)
    assert puzzle.options == TOMPA and puzzle.contract.trump is not None
    assert puzzle.play_leader == puzzle.declarer  # the Tompa rules: the declarer leads


def test_compose_refuses_a_variant_the_game_lacks(runner, tmp_path):
    result = runner.invoke(compose_app, ["--goal", "game", "--game", "asszorti", "--variant", "rules=tompa",
                                         "-o", str(tmp_path / "p.txt")])
    assert_error(result, "--variant rules=tompa: asszorti has no variant rules", max_lines=1)
    assert not (tmp_path / "p.txt").exists()


# --- odds ----------------------------------------------------------------------------------------


def items(runner, *variant: str) -> list[str]:
    result = runner.invoke(odds_app, [EXAMPLE, "--seat", "B", "--samples", "1", "-j", "1", "--json", *variant])
    assert result.exit_code == 0, result.output
    return list(json.loads(result.stdout)["items"])


def test_odds_honours_the_variant(runner):
    """The variant figures are offered only with their options on."""
    assert "B:szazegy" not in items(runner) and "B:uhu" not in items(runner)
    offered = items(runner, "--variant", "szazegy=on", "--variant", "uhu=on")
    assert "B:szazegy" in offered and "B:uhu" in offered


def test_odds_refuses_a_variant_the_deals_game_lacks(runner):
    result = runner.invoke(odds_app, [EXAMPLE, "--seat", "B", "--samples", "1", "-j", "1", "--variant", "rules=tompa"])
    assert_error(result, "example.txt: deal 1: --variant rules=tompa: alsos has no variant rules", max_lines=1)
