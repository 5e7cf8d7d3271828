"""The command line: output of the example, --json, options, and every error case."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from alsos_solver import __version__, report
from alsos_solver.cli import app

from cli_support import BETLI, EXAMPLE, KLOPITZKY, NO_CONTRACT, assert_error, write

RESULT_KEYS = {"declarer_points", "game", "melds", "figures", "nodes", "seconds"}
BAD_CARD = """\
[Event "Bad"]
[Dealer "C"]
[Deal "A:87.AX.K97.KX B:U.KOU7.AX.A7 C:AO9.98.O.U9Q"]
"""


# The example and the options


def test_example_shows_the_diagram_and_the_result(runner):
    result = runner.invoke(app, [str(EXAMPLE)])
    assert result.exit_code == 0, result.output
    out = result.stdout
    for piece in ("Deal 1", "Abszolut or ultimo, not both", "B declarer", "C dealer", "A leads",
                  "♥ K O U 7", "♣ A O 9", "♥ hearts", "B: abszolut, ultimo", "♣K ♣X ♦U ♦8 ♠O",
                  "B: terc to the King in hearts 20, béla 20"):
        assert piece in out, piece
    for piece in ("Double-dummy result", "Declarer B: 90 card points", "+ 40 in melds", "Game: won ✓",
                  "abszolut absolute", "[✓]", "Announced by B: abszolut ✓  ultimo ✓",
                  "Together, declarer: game + B abszolut + B ultimo: ✗", "nodes"):
        assert piece in out, piece


@pytest.mark.parametrize("depth", range(8))
def test_a_long_path_does_not_hide_or_break_the_heading(runner, tmp_path, depth):
    """The heading is one line, neither cut nor wrapped, however long the path."""
    deep = tmp_path.joinpath(*["a-long-directory-name"] * depth)
    deep.mkdir(parents=True, exist_ok=True)
    copy = deep / "example.txt"
    copy.write_text(Path(EXAMPLE).read_text(encoding="utf-8"), encoding="utf-8")
    result = runner.invoke(app, ["--no-solve", str(copy)])
    assert result.exit_code == 0, result.output
    assert f"Deal 1 · {copy} · Abszolut or ultimo, not both\n" in result.stdout


def test_json_has_the_deal_and_the_result_keys(runner):
    result = runner.invoke(app, ["--json", str(EXAMPLE)])
    assert result.exit_code == 0, result.output
    (data,) = json.loads(result.stdout)
    assert data["file"] == str(EXAMPLE) and data["index"] == 1
    assert set(data["deal"]) >= {"game", "dealer", "hands", "talon", "contract", "declarer", "figures"}
    assert data["deal"]["hands"] == {"A": "87.AX.K97.KX", "B": "U.KOU7.AX.A7", "C": "AO9.98.O.U98"}
    assert data["deal"]["figures"] == {"B": ["abszolut", "ultimo"]}
    assert RESULT_KEYS <= set(data)
    assert data["melds"] == {"A": 0, "B": 40, "C": 0}
    assert data["meld_lines"] == ["B: terc to the King in hearts 20, béla 20"]
    assert data["declarer_points"] == 90 and data["game"] is True
    assert data["announced"] == {"B": {"abszolut": True, "ultimo": True}}
    assert data["announced_together"] == {"declarer": False}


def test_version(runner):
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout.strip() == f"alsos-solve {__version__}"


def test_no_solve_shows_only_the_diagram(runner):
    result = runner.invoke(app, ["--no-solve", str(EXAMPLE)])
    assert result.exit_code == 0, result.output
    assert "♥ K O U 7" in result.stdout
    assert "Double-dummy" not in result.stdout and "nodes" not in result.stdout


def test_no_solve_json_has_no_result_keys(runner):
    result = runner.invoke(app, ["--json", "--no-solve", str(EXAMPLE)])
    (data,) = json.loads(result.stdout)
    assert "declarer_points" not in data and data["melds"] == {"A": 0, "B": 40, "C": 0}


def test_variant_applies_to_every_deal(runner, tmp_path):
    text = (
        '[Deal "A:A.K7.KU8.AOU X.UX98.X9.97 KO98.O.AO7.8"]\n[Contract "M"]\n[Declarer "C"]\n'
    )
    path = write(tmp_path, "vannak.txt", text + "\n" + text)
    result = runner.invoke(app, ["--json", "--no-solve", "--variant", "vannak=house", "--variant", "szazegy=on", path])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [d["deal"]["variant"] for d in data] == ["vannak=house szazegy=on"] * 2


def test_variant_figures_appear_in_the_table(runner):
    result = runner.invoke(app, ["--json", "--variant", "szazegy=on", str(EXAMPLE)])
    (data,) = json.loads(result.stdout)
    assert "szazegy" in data["figures"]["B"]


def test_variant_that_breaks_a_deal_is_an_error(runner, tmp_path):
    text = (
        '[Deal "A:87.AX.K97.KX B:U.KOU7.AX.A7 C:AO9.98.O.U98"]\n[Contract "P"]\n[Declarer "B"]\n'
        '[Figures "B:szazegy"]\n[Variant "szazegy=on"]\n'
    )
    path = write(tmp_path, "v.txt", text)
    assert runner.invoke(app, ["--no-solve", path]).exit_code == 0
    assert_error(runner.invoke(app, ["--variant", "szazegy=off", path]), f"{path}: deal 1: --variant szazegy=off: figure szazegy")


@pytest.mark.parametrize("item, piece", [("bogus=1", "unknown variant 'bogus'"), ("szazegy", "expected name=value"),
                                         ("betli_order=up", "betli_order takes")])
def test_bad_variant(runner, item, piece):
    assert_error(runner.invoke(app, ["--variant", item, str(EXAMPLE)]), piece)


# Contracts other than the example's


def test_deal_without_contract(runner, tmp_path):
    result = runner.invoke(app, [write(tmp_path, "open.txt", NO_CONTRACT)])
    assert result.exit_code == 0, result.output
    assert "♥ K O U 7" in result.stdout and "Contract none" in result.stdout
    assert "Double-dummy result" not in result.stdout
    assert result.stdout.count("Contract table · every seat as declarer") == 1  # instead of a result
    json_result = runner.invoke(app, ["--json", write(tmp_path, "open.txt", NO_CONTRACT)])
    (data,) = json.loads(json_result.stdout)
    assert data["deal"]["contract"] is None and "declarer_points" not in data
    assert len(data["table"]) == 18


def test_betli_and_klopitzky(runner, tmp_path):
    result = runner.invoke(app, [write(tmp_path, "b.txt", BETLI + "\n" + KLOPITZKY)])
    assert result.exit_code == 0, result.output
    assert "Betli: C " in result.stdout and "Klopitzky" in result.stdout and "Deal 2" in result.stdout
    data = json.loads(runner.invoke(app, ["--json", write(tmp_path, "b.txt", BETLI + "\n" + KLOPITZKY)]).stdout)
    assert isinstance(data[0]["betli"], bool)
    assert set(data[1]["klopitzky_safe"]) == {"A", "B", "C"}


def test_multiple_files_in_order(runner, tmp_path):
    other = write(tmp_path, "open.txt", NO_CONTRACT)
    result = runner.invoke(app, ["--json", "--no-solve", str(EXAMPLE), other, str(EXAMPLE)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [(d["file"], d["index"]) for d in data] == [(str(EXAMPLE), 1), (other, 1), (str(EXAMPLE), 1)]


# Errors


def test_missing_file(runner, tmp_path):
    assert_error(runner.invoke(app, [str(tmp_path / "nope.txt")]), "nope.txt", "cannot read")


def test_directory(runner, tmp_path):
    assert_error(runner.invoke(app, [str(tmp_path)]), str(tmp_path), "directory")


def test_empty_file(runner, tmp_path):
    path = write(tmp_path, "empty.txt", "")
    assert_error(runner.invoke(app, [path]), f"no deals in {path}")


def test_comments_only_file(runner, tmp_path):
    path = write(tmp_path, "comments.txt", "% nothing here\n\n{ nor here }\n")
    assert_error(runner.invoke(app, [path]), "no deals")


def test_binary_file(runner, tmp_path):
    path = tmp_path / "cards.bin"
    path.write_bytes(bytes(range(256)) * 40)
    assert_error(runner.invoke(app, [str(path)]), "cards.bin:1", "binary")


def test_malformed_deal_names_line_and_column(runner, tmp_path):
    path = write(tmp_path, "bad.txt", BAD_CARD)
    result = runner.invoke(app, [path])
    assert_error(result, f"{path}:3:", "'Q'")
    line, column = result.stderr.split(f"{path}:")[1].split(":")[:2]
    assert (int(line), int(column)) == (3, 40)


def test_million_line_file_is_refused_quickly(runner, tmp_path):
    """A million tag lines with no blank line between deals: refused at the reader's
    per-deal limit, long before the end."""
    path = tmp_path / "huge.txt"
    path.write_text('[Event "x"]\n' * 1_000_000, encoding="utf-8")
    assert_error(runner.invoke(app, ["--no-solve", str(path)]), "huge.txt:2:")


def test_million_comment_lines_have_no_deal(runner, tmp_path):
    path = tmp_path / "comments.txt"
    path.write_text("%\n" * 1_000_000, encoding="utf-8")
    assert_error(runner.invoke(app, [str(path)]), "no deals")


def test_deals_before_an_error_stay_printed(runner, tmp_path):
    path = write(tmp_path, "mixed.txt", NO_CONTRACT + "\n" + BAD_CARD)
    result = runner.invoke(app, [path])
    assert_error(result, f"{path}:7:40")
    assert "Deal 1" in result.stdout and "♥ K O U 7" in result.stdout


def test_json_stays_valid_after_an_error(runner, tmp_path):
    path = write(tmp_path, "mixed.txt", NO_CONTRACT + "\n" + BAD_CARD)
    result = runner.invoke(app, ["--json", path])
    assert_error(result, f"{path}:7:40")
    assert len(json.loads(result.stdout)) == 1


def test_first_error_of_several_files(runner, tmp_path):
    missing = str(tmp_path / "missing.txt")
    empty = write(tmp_path, "empty.txt", "")
    result = runner.invoke(app, ["--no-solve", str(EXAMPLE), missing, empty])
    assert_error(result, "missing.txt")
    assert "empty.txt" not in result.stderr
    assert "Deal 1" in result.stdout


def test_ctrl_c_exits_130_without_traceback(runner, monkeypatch):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(report, "solve", interrupted)
    result = runner.invoke(app, [str(EXAMPLE)])
    assert result.exit_code == 130
    assert "Traceback" not in result.output and "interrupted" in result.stderr


def test_python_dash_m_version():
    done = subprocess.run(
        [sys.executable, "-m", "alsos_solver", "--version"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"alsos-solve {__version__}"
