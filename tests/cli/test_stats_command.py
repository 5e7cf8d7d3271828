"""``alsos-solve stats``: terminal tables, CSV and plots over a batch's results; errors as
exit 2."""

from __future__ import annotations

import csv
import io
import json
import os

import pytest

from alsos_solver.launch import SUBCOMMANDS
from alsos_solver.stats_command import app

from cli_support import assert_error, write
from stats_support import HAS_MATPLOTLIB, synthetic


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


# What the records hold


def test_keys_lists_the_yes_no_and_number_keys(runner, tmp_path):
    records = [{"batch": {"version": "0.1.0", "questions": ["game", "declarer_points"], "table": False}}]
    records += [{"file": "a.txt", "index": i, "answers": {"game": i > 1, "declarer_points": 50 + i}} for i in (1, 2)]
    path = write(tmp_path, "out.jsonl", "".join(json.dumps(record) + "\n" for record in records))
    result = runner.invoke(app, ["--keys", path])
    assert result.exit_code == 0, result.output
    assert result.stdout == ("made by alsos-solver 0.1.0: the answers of --question game --question declarer_points\n"
                             "yes/no keys, for --rate:\n"
                             "  answers.game             2 records\n"
                             "number keys, for --dist:\n"
                             "  answers.declarer_points  2 records\n")
    assert_error(runner.invoke(app, [path]), "no record of", "has the key game (did you mean answers.game?)", max_lines=1)
    assert_error(runner.invoke(app, ["--keys", path, "--rate", "game"]), "--keys lists the keys of the records: give it without --rate")


def test_an_empty_input_is_an_error(runner, tmp_path):
    empty = write(tmp_path, "empty.jsonl", "")
    assert_error(runner.invoke(app, [empty]), f"no records in {empty}", max_lines=1)
    assert_error(runner.invoke(app, ["--keys", empty]), f"no records in {empty}", max_lines=1)


def test_stats_reads_the_standard_input(runner, results):
    with open(results, encoding="utf-8") as stream:
        text = stream.read()
    piped = runner.invoke(app, ["-", "--rate", "game", "--csv"], input=text)
    assert piped.exit_code == 0, piped.output
    assert piped.stdout == runner.invoke(app, [results, "--rate", "game", "--csv"]).stdout
    assert_error(runner.invoke(app, ["-"], input=""), "no records in <stdin>", max_lines=1)


def test_each_deal_is_counted_once(runner, tmp_path, results):
    with open(results, encoding="utf-8") as stream:
        lines = stream.readlines()
    doubled = write(tmp_path, "doubled.jsonl", "".join(lines + lines[:4]))
    result = runner.invoke(app, [doubled, "--rate", "game", "--csv"])
    assert result.stdout == runner.invoke(app, [results, "--rate", "game", "--csv"]).stdout
    shown = runner.invoke(app, [doubled, "--rate", "game"]).stdout
    assert "4 records of a deal counted already (the same file and index) left out" in shown
    once = runner.invoke(app, [write(tmp_path, "once.jsonl", "".join(lines + lines[:1])), "--rate", "game"]).stdout
    assert "1 record of a deal counted already" in once


def test_a_long_expression_is_echoed_cut(runner, results):
    where = "points(A) >= 1 and " * 5 + "points(A) >="
    assert_error(runner.invoke(app, [results, "--where", where]), f"--where '{where[:59]}…': column", max_lines=1)


# --plot never replaces the input, nor a file that is not an image without --force


@pytest.mark.skipif(not HAS_MATPLOTLIB, reason="matplotlib is not installed (the optional extra 'plot')")
def test_the_plot_never_replaces_the_input_nor_a_file_of_another_kind(runner, results, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    before = open(results, "rb").read()
    assert_error(runner.invoke(app, [results, "--plot", "./out.jsonl", "--force"]),
                 "--plot ./out.jsonl is the input", max_lines=1)
    notes = write(tmp_path, "notes.png", "my notes\n")
    assert_error(runner.invoke(app, [results, "--plot", notes]),
                 f"--plot {notes}: the file exists and is not an image; --force replaces it", max_lines=1)
    assert open(results, "rb").read() == before and open(notes, encoding="utf-8").read() == "my notes\n"
    assert runner.invoke(app, [results, "--plot", notes, "--force"]).exit_code == 0
    assert open(notes, "rb").read().startswith(b"\x89PNG")
    assert runner.invoke(app, [results, "--plot", "rate.svg"]).exit_code == 0
    assert b"<svg" in open("rate.svg", "rb").read(1000)
    assert_error(runner.invoke(app, [results, "--plot", "rate.xyz"]), "--plot rate.xyz: cannot draw a .xyz file", max_lines=1)
    assert sorted(os.listdir(tmp_path)) == ["notes.png", "out.jsonl", "rate.svg"]
