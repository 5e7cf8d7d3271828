"""Statistics over result records: keys, groupings by the predicate language, Wilson
intervals, distributions, CSV and the plot."""

from __future__ import annotations

import io
import json
import sys

import pytest

from alsos_solver import stats
from alsos_solver.dealer import deal
from alsos_solver.io.records import deal_record
from alsos_solver.predicates import PredicateError
from alsos_solver.report import DealReport, record
from alsos_solver.solve import solve
from alsos_solver.stats import KeyPath, StatsError, distribution, rates, wilson, write_csv

from stats_support import HAS_MATPLOTLIB, synthetic


def test_wilson_intervals():
    low, high = wilson(0, 10)
    assert low == 0 and high == pytest.approx(0.2775, abs=1e-4)
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson(10, 10) == pytest.approx((0.7225, 1.0), abs=1e-4)
    assert wilson(500, 1000) == pytest.approx((0.4691, 0.5309), abs=1e-4)


@pytest.mark.parametrize("text, record, value", [
    ("game", {"game": True}, True),
    ("figures.B.ultimo", {"figures": {"B": {"ultimo": False}}}, False),
    ("figures.B.ultimo", {"figures": {"A": {"ultimo": False}}}, None),
    ("declarer:ultimo", {"declarer": "B", "figures": {"B": {"ultimo": True}}}, True),
    ("declarer:ultimo", {"deal": {"declarer": "C"}, "figures": {"C": {"ultimo": True}}}, True),
    ("declarer:ultimo", {"deal": {"declarer": None}, "figures": {}}, None),
    ("game", {}, None),
])
def test_key_paths(text, record, value):
    assert KeyPath.parse(text).value(record) == value


@pytest.mark.parametrize("text", ["", "figures..B", "declarer:", "declarer:a.b"])
def test_bad_key_paths(text):
    with pytest.raises(StatsError, match="key"):
        KeyPath.parse(text)


def test_rates_grouped_by_a_feature_count_what_they_should():
    records = synthetic("P", 120, 1)
    table = rates(records, "game", by="trumps(A)")
    assert [row.group for row in table.rows] == sorted({row.group for row in table.rows})
    for row in table.rows:
        assert row.hits == (row.count if row.group >= 4 else 0)
        assert row.count == sum(r["declarer_points"] == 10 * row.group for r in records)
        low, high = row.interval
        assert low <= row.rate <= high
    assert sum(row.count for row in table.rows) == 120 and table.missing == 0
    assert table.columns() == ["trumps(A)", "count", "yes", "rate", "low", "high"]


def test_a_boolean_grouping_and_the_declarers_figure():
    records = synthetic("P", 80, 2)
    table = rates(records, "declarer:ultimo", by="has(declarer, P7)")
    assert [(row.group, row.hits == row.count * row.group) for row in table.rows] == [(False, True), (True, True)]
    assert [cells[0] for cells in table.cells()] == ["false", "true"]


def test_deals_the_grouping_cannot_answer_are_a_group_of_their_own():
    records = synthetic("P", 30, 3) + synthetic("NT", 20, 4)
    table = rates(records, "game", by="trumps(declarer)")
    assert table.rows[-1].group is None and table.rows[-1].count == 20
    assert table.cells()[-1][0] == "n/a"
    assert sum(row.count for row in table.rows[:-1]) == 30


def test_records_without_the_key_are_missing_and_where_filters():
    records = synthetic("P", 40, 5)
    for r in records[:7]:
        del r["game"]
    table = rates(records, "game", where="trumps(A) >= 3")
    assert table.missing == sum(1 for r in records[:7] if r["declarer_points"] >= 30)
    assert [row.count for row in table.rows] == [sum(1 for r in records[7:] if r["declarer_points"] >= 30)]


def test_group_by_contract():
    records = synthetic("P", 10, 6) + synthetic("Z", 5, 7) + synthetic("KLOPITZKY", 3, 8, declarer=None)
    table = distribution(records, "declarer_points", by="contract")
    assert [(row.group, row.count) for row in table.rows] == [("KLOPITZKY", 3), ("P", 10), ("Z", 5)]


def test_distribution_statistics_and_histogram():
    records = [{"file": "f", "index": i, "deal": None, "declarer_points": value} for i, value in enumerate([10, 20, 20, 30, 70])]
    table = distribution(records, "declarer_points", bins=3)
    (row,) = table.rows
    assert (row.count, row.mean, row.quartiles(), min(row.values), max(row.values)) == (5, 30, (20, 20, 30), 10, 70)
    assert table.edges == (10, 31, 52, 73) and row.histogram == (4, 0, 1)
    assert table.bin_labels() == ["10-30", "31-51", "52-72"]
    assert table.cells() == [["all", 5, 30.0, 10, 20, 20, 30, 70]]


def test_csv_of_a_rate_table_and_of_a_distribution():
    records = [{"file": "f", "index": i, "deal": None, "game": i % 3 == 0, "declarer_points": i} for i in range(6)]
    stream = io.StringIO()
    write_csv(rates(records, "game"), stream)
    assert stream.getvalue() == "group,count,yes,rate,low,high\nall,6,2,0.3333,0.0968,0.7\n"
    stream = io.StringIO()
    write_csv(distribution(records, "declarer_points", bins=3), stream)
    assert stream.getvalue().splitlines() == [
        "group,count,mean,min,q1,median,q3,max,bin 0-1,bin 2-3,bin 4-5",
        "all,6,2.5,0,1.25,2.5,3.75,5,2,2,2",
    ]


@pytest.mark.parametrize("call, message", [
    (lambda r: rates(r, "declarer_points"), "declarer_points is 30, expected true or false for a rate"),
    (lambda r: distribution(r, "game"), "game is False, expected a number for a distribution"),
    (lambda r: rates(r, "game", by="points(A) >"), "column 12: expected a number"),
    (lambda r: rates(r, "game", where="points(A)"), "column 1: expected a condition"),
    (lambda r: rates(r, "game", by="bela(talon)"), "column 6: melds are held in one hand"),
])
def test_what_cannot_be_computed_says_why(call, message):
    records = [{"file": "f.txt", "index": 3, "deal": deal_record(next(deal(1, 9, contract="P", declarer="A"))),
                "game": False, "declarer_points": 30}]
    with pytest.raises((StatsError, PredicateError)) as caught:
        call(records)
    assert message in str(caught.value)


def test_a_record_whose_deal_is_broken_is_named():
    records = [{"file": "f.txt", "index": 3, "deal": {"hands": {}}, "game": True}]
    with pytest.raises(StatsError, match="the record of deal 3 of f.txt: deal.hands: expected the seats A B C"):
        rates(records, "game", by="trumps(A)")


def test_stats_file_over_real_solved_records(tmp_path):
    """Records as ``--json`` writes them, read back from a JSON-lines file."""
    path = tmp_path / "out.jsonl"
    with path.open("w", encoding="utf-8") as stream:
        for index, dealt in enumerate(deal(4, 12, contract="P", declarer="B", where="trumps(B) >= 4"), 1):
            stream.write(json.dumps(record(DealReport(filename="dealt.txt", index=index, deal=dealt, result=solve(dealt)))) + "\n")
    table = stats.stats_file(path, rate="declarer:ultimo", by="trumps(declarer)")
    assert sum(row.count for row in table.rows) == 4 and all(row.group >= 4 for row in table.rows)
    points = stats.stats_file(path, dist="declarer_points", by="contract")
    assert [row.group for row in points.rows] == ["P"]
    with pytest.raises(StatsError, match="one of them"):
        stats.stats_file(path)


@pytest.mark.skipif(not HAS_MATPLOTLIB, reason="matplotlib is not installed (the optional extra 'plot')")
def test_plots_are_written(tmp_path):
    records = synthetic("P", 60, 10) + synthetic("NT", 10, 11)
    for table, name in [
        (rates(records, "game", by="trumps(declarer)"), "rates.png"),
        (rates(records, "game", by="points(A) >= 40"), "flag.png"),
        (distribution(records, "declarer_points", by="contract"), "points.png"),
    ]:
        stats.plot(table, tmp_path / name)
        assert (tmp_path / name).read_bytes().startswith(b"\x89PNG")


def test_without_matplotlib_the_plot_says_how_to_get_it(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    with pytest.raises(stats.PlotUnavailable, match=r"pip install 'alsos-solver\[plot\]'"):
        stats.plot(rates([{"game": True}], "game"), tmp_path / "x.png")
    assert not (tmp_path / "x.png").exists()


# What the records hold: keys no record has, no records, each deal once, a batch's first line


def test_a_key_no_record_has_is_an_error_naming_the_keys_there():
    records = [{"file": "f", "index": i, "deal": None, "answers": {"game": i % 2 == 0, "declarer_points": 60 + i}, "nodes": 9}
               for i in range(1, 4)]
    with pytest.raises(StatsError) as caught:
        rates(records, "game")
    assert str(caught.value) == ("no record of the records has the key game (did you mean answers.game?); "
                                 "its yes/no keys: answers.game (stats --keys lists them all)")
    with pytest.raises(StatsError, match=r"key answers\.declarer_pionts \(did you mean answers\.declarer_points\?\); "
                                         r"its number keys: answers\.declarer_points, nodes "):
        distribution(records, "answers.declarer_pionts")
    with pytest.raises(StatsError, match=r"the key declarer:ultimo; its yes/no keys: answers\.game "):
        rates(records, "declarer:ultimo")
    assert rates(records, "answers.game", where=None).rows[0].count == 3


def test_a_key_every_record_has_as_null_is_not_an_error():
    table = rates([{"file": "f", "index": 1, "answers": {"betli": None}}], "answers.betli")
    assert table.rows == () and table.missing == 1


def test_no_records_is_an_error(tmp_path):
    with pytest.raises(StatsError, match=r"^no records in the records$"):
        rates([], "game")
    path = tmp_path / "out.jsonl"
    path.write_text('{"batch":{"version":"0.1.0","questions":[],"table":false}}\n\n', encoding="utf-8")
    with pytest.raises(StatsError, match=rf"^no records in {path}$"):
        stats.stats_file(path, rate="game")


def test_each_deal_is_counted_once_and_a_batchs_first_line_is_not_a_record(tmp_path):
    records = synthetic("P", 20, 13)
    path = tmp_path / "out.jsonl"
    lines = [json.dumps({"batch": {"version": "0.1.0", "questions": [], "table": False}})]
    lines += [json.dumps(record) for record in records + records[:5] + records[3:4]]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    results = stats.Results(path)
    assert [(r["file"], r["index"]) for r in results] == [(r["file"], r["index"]) for r in records]
    assert (results.count, results.duplicates, results.made["questions"]) == (20, 6, [])
    table = stats.stats_file(path, rate="game")
    assert table.rows[0].count == 20 and table.duplicates == 6
    assert stats.key_counts(stats.Results(path)) == {
        "game": ("yes/no", 20), "declarer_points": ("number", 20), "figures.A.ultimo": ("yes/no", 20)}


def test_a_declarers_figure_no_record_has_is_compared_with_the_figures_there():
    records = [{"file": "f", "index": 1, "deal": None, "declarer": "A", "figures": {"A": {"ultimo": True}}}]
    with pytest.raises(StatsError, match=r"the key declarer:ultimi \(did you mean declarer:ultimo\?\)"):
        rates(records, "declarer:ultimi")
