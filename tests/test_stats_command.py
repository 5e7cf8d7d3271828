"""``alsos-solve stats``: terminal tables, CSV and plots over a batch's results; errors as
exit 2."""

from __future__ import annotations

import csv
import io
import json

import pytest
from cli_support import assert_error, write
from test_stats import HAS_MATPLOTLIB, synthetic

from alsos_solver.launch import SUBCOMMANDS
from alsos_solver.stats_command import app


@pytest.fixture
def results(tmp_path) -> str:
    records = synthetic("P", 60, 10) + synthetic("NT", 10, 11)
    return write(tmp_path, "out.jsonl", "".join(json.dumps(record) + "\n" for record in records))


def test_stats_is_registered():
    assert SUBCOMMANDS["stats"] == "alsos_solver.stats_command:app"


def test_a_rate_table_with_its_intervals(runner, results):
    result = runner.invoke(app, [results, "--rate", "game", "--by", "trumps(declarer)"])
    assert result.exit_code == 0, result.output
    assert "game rate by trumps(declarer)" in result.stdout
    assert "Wilson 95% interval" in result.stdout
    assert "n/a" in result.stdout  # the no-trump deals: no trumps to count


def test_the_default_is_the_game_rate(runner, results):
    result = runner.invoke(app, [results])
    assert result.exit_code == 0 and "game rate" in result.stdout


def test_csv_rates_and_distribution(runner, results):
    rows = list(csv.reader(io.StringIO(runner.invoke(app, [results, "--rate", "game", "--by", "points(declarer) >= 40", "--csv"]).stdout)))
    assert rows[0] == ["points(declarer) >= 40", "count", "yes", "rate", "low", "high"]
    counts = {row[0]: row for row in rows[1:]}
    assert set(counts) <= {"false", "true", "n/a"} and sum(int(row[1]) for row in rows[1:]) == 70
    for _, count, yes, rate, low, high in rows[1:]:
        assert float(low) <= float(rate) <= float(high) and float(rate) == pytest.approx(int(yes) / int(count), abs=1e-4)
    dist = list(csv.reader(io.StringIO(runner.invoke(app, [results, "--dist", "declarer_points", "--by", "contract", "--csv"]).stdout)))
    assert dist[0][:8] == ["contract", "count", "mean", "min", "q1", "median", "q3", "max"]
    assert [row[0] for row in dist[1:]] == ["NT", "P"]


def test_a_distribution_in_the_terminal_has_a_histogram(runner, results):
    result = runner.invoke(app, [results, "--dist", "declarer_points", "--bins", "5"])
    assert result.exit_code == 0, result.output
    assert "declarer_points histogram" in result.stdout


@pytest.mark.skipif(not HAS_MATPLOTLIB, reason="matplotlib is not installed (the optional extra 'plot')")
def test_plot(runner, results, tmp_path):
    png = tmp_path / "rate.png"
    result = runner.invoke(app, [results, "--rate", "game", "--by", "trumps(declarer)", "--plot", str(png)])
    assert result.exit_code == 0, result.output
    assert png.read_bytes().startswith(b"\x89PNG") and "game rate" in result.stdout


@pytest.mark.parametrize("args, pieces", [
    (["--rate", "game", "--dist", "declarer_points"], ["--rate and --dist"]),
    (["--by", "points(declarer >= 40"], ["--by 'points(declarer >= 40': column 17"]),
    (["--where", "has(B, XX)"], ["--where 'has(B, XX)': column"]),
    (["--rate", "declarer_points"], ["expected true or false"]),
    (["--dist", "game"], ["expected a number"]),
])
def test_errors(runner, results, args, pieces):
    assert_error(runner.invoke(app, [results, *args]), *pieces)


def test_a_file_that_is_not_json_lines(runner, tmp_path):
    assert_error(runner.invoke(app, [write(tmp_path, "bad.jsonl", "{}\n[1]\n")]), "bad.jsonl:2:")
    assert_error(runner.invoke(app, [str(tmp_path / "none.jsonl")]), "none.jsonl")
