"""contract_table(deal): every seat as declarer in every contract, as solve() answers it.

Each entry must be exactly solve()'s answer on the deal with that contract and declarer
(no figures, no play); the JSON keeps solve()'s key names; a KeyboardInterrupt (from the
progress callable, or arriving during a solve) returns the entries finished so far.
"""

from __future__ import annotations

import json
from dataclasses import replace
from functools import cache

import pytest

import alsos_solver.analysis.table as table_module
from alsos_solver.analysis.table import ContractTable, contract_deal, contract_table, contract_tokens
from alsos_solver.games import GAMES
from alsos_solver.io import load
from alsos_solver.rules import AlsosOptions, Contract, Kind
from alsos_solver.solve import solve

from conftest import BENCHMARK_DEALS, EXAMPLE_PLAY, make_deal

QUICK_BOARDS = (1, 4)
"""Benchmark deals (by index) whose table takes well under a second."""

SEATS = ("A", "B", "C")
CONTRACTS = ("M", "P", "T", "Z", "NT", "BETLI")
POINT_KEYS = {"declarer", "contract", "declarer_points", "game", "figures"}
BETLI_KEYS = {"declarer", "contract", "betli"}


@cache
def benchmark_deals():
    return load(BENCHMARK_DEALS)


@cache
def table_of(index: int) -> ContractTable:
    return contract_table(benchmark_deals()[index])


class Interrupt:
    """A progress callable that presses Ctrl-C once ``after`` entries are finished."""

    def __init__(self, after: int) -> None:
        self.after = after
        self.calls: list[tuple[int, int]] = []

    def __call__(self, done: int, total: int) -> None:
        self.calls.append((done, total))
        if done >= self.after:
            raise KeyboardInterrupt


@pytest.mark.parametrize("index", QUICK_BOARDS)
def test_entries_are_the_answers_of_solve(index):
    deal = benchmark_deals()[index]
    table = table_of(index)
    assert table.complete
    assert [(e.declarer, e.contract) for e in table.entries] == [(s, c) for s in SEATS for c in CONTRACTS]
    for entry in table.entries:
        alone = replace(deal, contract=deal.game.parse_contract(entry.contract), declarer=entry.declarer,
                        figures={}, play=[], play_leader=None)
        expected = solve(alone).to_json()
        data = entry.to_json()
        for key in ("declarer_points", "game", "figures", "betli"):
            assert data.get(key) == expected.get(key), (entry.declarer, entry.contract, key)
    klopitzky = solve(replace(deal, contract=Contract(Kind.KLOPITZKY), declarer=None, figures={}, play=[]))
    assert table.once == {"klopitzky_safe": klopitzky.klopitzky_safe}


def test_json_keeps_the_engine_keys():
    table = table_of(QUICK_BOARDS[0])
    data = json.loads(json.dumps(table.to_json()))
    assert {"table", "klopitzky_safe", "complete"} <= set(data)
    assert data["complete"] is True
    assert set(data["klopitzky_safe"]) == set(SEATS)
    assert len(data["table"]) == len(SEATS) * len(CONTRACTS)
    for row in data["table"]:
        assert row["declarer"] in SEATS and row["contract"] in CONTRACTS
        if row["contract"] == "BETLI":
            assert set(row) == BETLI_KEYS and isinstance(row["betli"], bool)
        else:
            assert set(row) == POINT_KEYS
            assert isinstance(row["declarer_points"], int) and isinstance(row["game"], bool)
            assert set(row["figures"]) == set(SEATS)
            if row["contract"] == "NT":
                assert set(row["figures"]["A"]) == {"abszolut", "szaz", "ketszaz", "negyvennegy", "volat"}


def test_progress_counts_every_unit():
    calls = []
    table = contract_table(benchmark_deals()[QUICK_BOARDS[0]], progress=lambda done, total: calls.append((done, total)))
    total = len(SEATS) * len(CONTRACTS) + 1
    assert table.complete
    assert calls == [(done, total) for done in range(total + 1)]


@pytest.mark.parametrize("after", [0, 1, 7])
def test_interrupt_from_progress_returns_finished_entries(after):
    deal = benchmark_deals()[QUICK_BOARDS[0]]
    table = contract_table(deal, progress=Interrupt(after))
    assert table.complete is False
    assert len(table.entries) == after
    assert table.once == {"klopitzky_safe": None}
    full = table_of(QUICK_BOARDS[0])
    assert [e.to_json() for e in table.entries] == [e.to_json() for e in full.entries[:after]]
    data = json.loads(json.dumps(table.to_json()))
    assert data["complete"] is False and len(data["table"]) == after and data["klopitzky_safe"] is None


def test_interrupt_before_klopitzky_keeps_every_entry():
    table = contract_table(benchmark_deals()[QUICK_BOARDS[0]], progress=Interrupt(18))
    assert not table.complete and len(table.entries) == 18 and table.once == {"klopitzky_safe": None}


def test_interrupt_during_a_solve(monkeypatch):
    """Ctrl-C arriving inside a solve: the entry being solved is dropped, not half kept."""
    real, calls = table_module.solve, []

    def solve_then_interrupt(deal, **kwargs):
        calls.append(deal)
        if len(calls) == 4:
            raise KeyboardInterrupt
        return real(deal, **kwargs)

    monkeypatch.setattr(table_module, "solve", solve_then_interrupt)
    table = contract_table(benchmark_deals()[QUICK_BOARDS[0]])
    assert not table.complete and len(table.entries) == 3


def test_the_deals_own_contract_figures_and_play_are_ignored():
    announced = make_deal(figures={"B": ("ultimo",)}, play=EXAMPLE_PLAY)
    bare = make_deal(contract=None, declarer=None)
    assert contract_table(announced).to_json()["table"] == contract_table(bare).to_json()["table"]
    # and an entry is solve() without the announced ultimó's hold
    entry = contract_table(bare, progress=Interrupt(8)).entry("B", "P")
    assert entry.to_json()["figures"] == solve(contract_deal(announced, announced.game.parse_contract("P"), "B")).figures


def test_contract_tokens_of_the_hungarian_pack():
    assert contract_tokens(benchmark_deals()[0]) == CONTRACTS


def test_each_game_has_its_own_contracts():
    assert GAMES["asszorti"].table_contracts(AlsosOptions()) == ("S", "H", "D", "C", "NT")
    assert GAMES["alsos-2"].table_contracts(AlsosOptions()) == CONTRACTS


def test_unsound_hands_are_refused():
    deal = benchmark_deals()[QUICK_BOARDS[0]]
    broken = replace(deal, hands={**deal.hands, "A": deal.hands["B"]})
    with pytest.raises(ValueError):
        contract_table(broken)
