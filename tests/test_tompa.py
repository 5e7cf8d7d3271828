"""The Tompa two-player rules (``rules=tompa``, alsos-2): what the contract table asks."""

from __future__ import annotations

import json

import pytest

from alsos_solver.analysis.table import contract_table
from alsos_solver.cli import app
from alsos_solver.io import loads
from alsos_solver.rules import GAMES, AlsosOptions

from cli_support import write

TOMPA = AlsosOptions(rules="tompa")
NO_CONTRACT = """\
[Game "alsos-2"]
[Deal "A:AKX.AOU8.A7.OU8 OU97.K.KU98.AK9"]
[Talon "M8 PX P9 P7 TO TX ZX Z7"]
[Variant "rules=tompa"]
"""
"""A Tompa deal without a contract: the contract table is shown for it."""
TRUMPS = ("M", "P", "T", "Z")


# --- the contract table lists only what the Tompa rules allow: trump games --------------------


def test_the_tompa_table_has_the_trump_suits_alone():
    spec = GAMES["alsos-2"]
    assert spec.table_contracts(TOMPA) == TRUMPS
    assert spec.table_contracts_once(TOMPA) == ()
    assert spec.table_contracts(AlsosOptions()) == (*TRUMPS, "NT", "BETLI")
    assert spec.table_contracts_once(AlsosOptions()) == ("KLOPITZKY",)


def test_contract_table_of_a_tompa_deal():
    (deal,) = loads(NO_CONTRACT)
    table = contract_table(deal)
    assert table.complete and table.contracts == TRUMPS and table.once == {}
    assert [(entry.declarer, entry.contract) for entry in table.entries] == [(s, c) for s in "AB" for c in TRUMPS]
    data = table.to_json()
    assert "klopitzky_safe" not in data
    assert {row["contract"] for row in data["table"]} == set(TRUMPS)


@pytest.mark.parametrize("options", [["--table"], []], ids=["--table", "no contract"])
def test_the_table_shown_lists_no_no_trump_betli_or_klopitzky(runner, tmp_path, options):
    result = runner.invoke(app, [*options, write(tmp_path, "tompa.txt", NO_CONTRACT)])
    assert result.exit_code == 0, result.output
    table = result.stdout[result.stdout.index("Contract table"):]
    assert "♥ hearts" in table
    for absent in ("NT", "BETLI", "betli", "Klopitzky", "klopitzky"):
        assert absent not in table, absent


def test_the_json_table_of_a_tompa_deal(runner, tmp_path):
    result = runner.invoke(app, ["--json", "--table", write(tmp_path, "tompa.txt", NO_CONTRACT)])
    assert result.exit_code == 0, result.output
    (data,) = json.loads(result.stdout)
    assert [row["contract"] for row in data["table"]] == [*TRUMPS, *TRUMPS]
    assert "klopitzky_safe" not in data
