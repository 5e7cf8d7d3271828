"""Result records: a deal to its JSON-ready record and back, and JSON-lines files."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import given, settings

from alsos_solver.io import records
from alsos_solver.io.records import RecordError, deal_from_record, deal_record, iter_records

from conftest import make_deal
from strategies import deals


def recorded_part(deal):
    """What a record keeps of a deal: not Front, Kontra, Melds, the deal as dealt or Play;
    the dealer is written out (the game's default when the deal has none)."""
    return replace(
        deal, dealer=deal.dealer or deal.game.default_dealer, front={}, kontra={}, declared={},
        dealt=None, indicator=None, talon_top=None, play=[], play_leader=None,
    )


@settings(max_examples=80, deadline=None)
@given(deals())
def test_deal_to_record_to_deal(deal):
    data = json.loads(json.dumps(deal_record(deal)))
    assert deal_from_record(data) == recorded_part(deal)


def test_the_record_of_the_example_deal():
    deal = make_deal(dealer="C", figures={"B": ("abszolut", "ultimo")}, tags={"Event": "Example"})
    assert deal_record(deal) == {
        "game": "alsos", "dealer": "C",
        "hands": {"A": "A97.KO.U8.X9", "B": ".A987.97.AKU", "C": "KOU8.U.AKO.O"},
        "talon": "MX PX TX Z8 Z7", "contract": "P", "declarer": "B",
        "figures": {"B": ["abszolut", "ultimo"]}, "variant": "", "tags": {"Event": "Example"},
    }


def example_record(**changes):
    data = deal_record(make_deal())
    data.update(changes)
    return data


@pytest.mark.parametrize("data, message", [
    ([], "deal: expected an object, found a list"),
    (example_record(game="whist"), "deal.game: unknown game 'whist'"),
    (example_record(hands={"A": "A97.KO.U8.X9"}), "deal.hands: expected the seats A B C, found A"),
    (example_record(hands={"A": 1, "B": "", "C": ""}), "deal.hands.A: expected a string, found a number"),
    (example_record(contract="Q"), "deal.contract: unknown contract 'Q' for alsos"),
    (example_record(talon="MX PX TX Z8 Q7"), "deal.talon: unknown card 'Q7'"),
    (example_record(figures={"B": "ultimo"}), "deal.figures.B: expected a list, found a string"),
    (example_record(figures={"B": ["hat-trick"]}), "deal.figures.B: unknown figure"),
    (example_record(variant="vannak=all"), "deal.variant: variant vannak takes any or house or no78"),
    (example_record(declarer="D"), "deal: unknown seat 'D'"),
    (example_record(talon=None, hands={"A": "A97.KO.U8.X9", "B": ".A987.97.AKU", "C": "KOU8.U.AKO.A"}), "deal: card ZA dealt twice"),
    ({"game": "alsos"}, "deal: no 'hands' key"),
])
def test_a_record_that_is_no_deal_says_which_key(data, message):
    with pytest.raises(ValueError) as caught:
        deal_from_record(data)
    assert message in str(caught.value)


def test_iter_records_reads_objects_line_by_line(tmp_path):
    path = tmp_path / "out.jsonl"
    path.write_text('{"index": 1}\n\n{"index": 2}\n', encoding="utf-8")
    assert [record["index"] for record in iter_records(path)] == [1, 2]


@pytest.mark.parametrize("text, line, column, message", [
    ('{"index": 1}\n{"index": \n', 2, 11, "expected one JSON object a line: Expecting value"),
    ('{"index": 1}\n[1, 2]\n', 2, 1, "expected a JSON object, found a list"),
    ('{"index": 1}\n{"index": 2}\n{"ind', 3, 2, "expected one JSON object a line: Unterminated string"),
])
def test_iter_records_errors_are_located(tmp_path, text, line, column, message):
    path = tmp_path / "out.jsonl"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RecordError) as caught:
        list(iter_records(path))
    assert (caught.value.line, caught.value.column) == (line, column)
    assert message in caught.value.message
    assert str(caught.value).startswith(f"{path}:{line}:{column}: ")


def test_iter_records_refuses_a_missing_file_and_a_runaway_line(tmp_path, monkeypatch):
    with pytest.raises(RecordError, match="cannot read the file"):
        list(iter_records(tmp_path / "nothing.jsonl"))
    monkeypatch.setattr(records, "MAX_RECORD_LINE", 20)
    path = tmp_path / "long.jsonl"
    path.write_text('{"index": 1}\n{"key": "' + "x" * 100 + '"}\n', encoding="utf-8")
    with pytest.raises(RecordError, match="line longer than 20 bytes") as caught:
        list(iter_records(path))
    assert caught.value.line == 2
