"""The Tompa two-player rules (``rules=tompa``, alsos-2): what the contract table asks, and
the readings docs/rules.md states where seed 003 is silent (a tie, abszolút with 100).

Other Tompa rules are pinned in tests/games/alsos/test_rules.py (equal runs decided by suit alone,
trumps not counting: ``test_tompa_equal_sequences_are_decided_by_suit``) and tests/core/test_rules.py
(the declarer leads).
"""

from __future__ import annotations

import json

import pytest

from alsos_solver.analysis.table import contract_table
from alsos_solver.cli import app
from alsos_solver.games import GAMES
from alsos_solver.games.alsos.questions import GameDefeated, GameWon
from alsos_solver.io import DealFormatError, loads
from alsos_solver.rules import AlsosOptions
from alsos_solver.solver import Solver

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


# --- the readings where seed 003 is silent -----------------------------------------------------

TIED = NO_CONTRACT.replace('[Variant', '[Contract "P"]\n[Declarer "A"]\n[Variant').replace(
    "AKX.AOU8.A7.OU8 OU97.K.KU98.AK9", "OX.AKOX.OU9.AUX AKU987.987.K.97").replace(
    "M8 PX P9 P7 TO TX ZX Z7", "PU TA TX T8 T7 ZK ZO Z8") + """\
[Melds "A:none B:none"]
[Play "A"]
PA P9
MU MX
PO P8
MO MA
M7 PK
TO TK
M8 PX
T9 P7
M9 ZA
Z9 ZX
TU Z7
"""
"""Hearts by A, nobody declares melds; eleven tricks played: A has 41 card points, B 57.
A leads his last card, ZU, and B, holding MK only, cannot follow or trump: A wins 2 + 4
and the last-trick 10, 57, B's total exactly."""


def test_a_tied_tompa_game_is_lost_by_the_declarer():
    (deal,) = loads(TIED)
    assert deal.options.rules == "tompa"
    solver = Solver(deal, after=len(deal.play))
    assert deal.played_position().points == [41, 57]
    assert solver.value(0) == 57
    assert not solver.ask(GameWon())
    assert solver.ask(GameDefeated())


ANNOUNCING = TIED.split("[Melds")[0]


def test_tompa_abszolut_and_100_are_not_announced_in_the_same_round():
    """Abszolút is always from the front in two-player Alsós: 100 goes with it from the
    back only."""
    (deal,) = loads(ANNOUNCING + '[Figures "A:abszolut,szaz"]\n')
    assert deal.is_front("A", "abszolut") and not deal.is_front("A", "szaz")
    with pytest.raises(DealFormatError, match="abszolút and 100 may not be announced in the same round"):
        loads(ANNOUNCING + '[Figures "A:abszolut,szaz"]\n[Front "A:szaz"]\n')
