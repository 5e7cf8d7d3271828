"""The command line as a new user meets it: errors printed verbatim, tag-name warnings and
--strict, standard input, -h and -V, --brief, the what-if overrides, --keep-going, one rule
for --json after an error, and the polish of the views."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
from importlib.metadata import version
from pathlib import Path

import pytest

from alsos_solver.cli import app
from alsos_solver.render.widgets import won_text

from cli_support import ALTIANSZ, ASSZORTI, BETLI, EXAMPLE, KLOPITZKY, NO_CONTRACT, PUZZLES, assert_error, write
from conftest import ROOT
from packaging.requirements import Requirement

PLAYED = str(PUZZLES / "played.txt")
EXAMPLE_TEXT = Path(EXAMPLE).read_text(encoding="utf-8")
EQUAL_SEQUENCES = """\
[Deal "A:OU7.KOU9.7.O K9.AX8.KOU.K AX.7.A98.987"]
[Talon "M8 TX ZA ZU ZX"]
[Contract "M"]
[Declarer "B"]
"""
"""A and B hold equal best non-trump sequences: two meld lines too long for the panel."""


def ok(result) -> str:
    assert result.exit_code == 0, result.output
    return result.stdout


# Errors verbatim


@pytest.mark.parametrize("args, piece", [
    (["--cards", "--question", "klopitzky:A", EXAMPLE], "--question klopitzky:A: "),
    (["--cards", "--question", "together:", EXAMPLE], "e.g. together:B:abszolut+game"),
    (["--variant", "vannak=:x:", EXAMPLE], "--variant vannak=:x:"),
])
def test_errors_are_printed_verbatim(runner, args, piece):
    """No emoji codes (``:a:``, ``:x:``) nor markup: the message as it is."""
    assert_error(runner.invoke(app, args), piece)


@pytest.mark.parametrize("name", ["deals:x:.txt", "[bold]deal[/bold].txt", "deal:a:b:.txt"])
def test_file_names_are_printed_verbatim(runner, tmp_path, name):
    assert_error(runner.invoke(app, [str(tmp_path / name)]), f"{tmp_path / name}: cannot read the file")


# Tag names


@pytest.mark.parametrize("tag, meant", [("Contact", "Contract"), ("Figure", "Figures"), ("declarer", "Declarer"),
                                        ("DealInfo", None), ("Evnet", "Event"), ("Talons", "Talon"), ("dealer", "Dealer")])
def test_a_tag_close_to_a_known_one_is_warned_about(runner, tmp_path, tag, meant):
    path = write(tmp_path, "typo.txt", NO_CONTRACT + f'[{tag} "x"]\n')
    result = runner.invoke(app, ["--no-solve", path])
    assert result.exit_code == 0, result.output
    if meant is None:
        assert result.stderr == ""
        return
    assert result.stderr == f"warning: {path}:4:2: unknown tag '{tag}': did you mean {meant}? (an unknown tag is kept, but not read)\n"
    strict = runner.invoke(app, ["--no-solve", "--strict", path])
    assert_error(strict, f"{path}:4:2: unknown tag '{tag}': did you mean {meant}?")
    assert strict.stdout == ""


@pytest.mark.parametrize("tag", ["Event", "Site", "Date", "Annotator", "Board", "Scoring", "Name", "Source", "Goal"])
def test_custom_tags_stay_silent(runner, tmp_path, tag):
    result = runner.invoke(app, ["--strict", "--no-solve", write(tmp_path, "t.txt", f'[{tag} "x"]\n' + BETLI)])
    assert result.exit_code == 0 and result.stderr == ""


def test_a_misspelt_tag_shows_before_the_error_it_causes(runner, tmp_path):
    path = write(tmp_path, "d.txt", EXAMPLE_TEXT.replace("[Declarer", "[declarer"))
    result = runner.invoke(app, [path])
    assert result.exit_code == 2
    warning, error = result.stderr.splitlines()
    assert warning.startswith(f"warning: {path}:9:2: unknown tag 'declarer': did you mean Declarer?")
    assert error.startswith(f"error: {path}:") and "contract P needs a Declarer tag" in error


# Standard input, -h, -V


def test_dash_reads_the_standard_input(runner):
    result = runner.invoke(app, ["--json", "--no-solve", "-"], input=EXAMPLE_TEXT)
    (data,) = json.loads(ok(result))
    assert data["file"] == "<stdin>" and data["deal"]["contract"] == "P"
    bad = runner.invoke(app, ["-"], input=EXAMPLE_TEXT.replace("[Contract \"P\"]", "[Contract \"Q\"]"))
    assert_error(bad, "<stdin>:8:12: unknown contract 'Q'")
    assert_error(runner.invoke(app, ["-"], input=""), "no deals in <stdin>")


def test_short_help_and_version(runner):
    assert ok(runner.invoke(app, ["-h"])) == ok(runner.invoke(app, ["--help"]))
    assert ok(runner.invoke(app, ["-V"])) == ok(runner.invoke(app, ["--version"]))


def test_help_names_every_option_and_its_metavar_without_types(runner):
    text = ok(runner.invoke(app, ["--help"]))
    for piece in ("--brief", "--keep-going", "--strict", "--contract", "CONTRACT", "--declarer", "SEAT", "--figures",
                  "SEAT:FIGURE", "NAME=VALUE", "TRICK.CARD", "SPEC", "-V", "-h", "docs/rules.md"):
        assert piece in text, piece
    assert "<bool>" not in text and "<list" not in text


def test_typer_has_a_lower_and_an_upper_bound_and_the_installed_one_is_within():
    """typer 0.29 builds a pydantic adapter for every option it parses (60 ms of start-up):
    the upper bound keeps it out."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    (typer,) = [Requirement(r) for r in project["project"]["dependencies"] if r.startswith("typer")]
    operators = {spec.operator for spec in typer.specifier}
    assert operators == {">=", "<"}
    assert typer.specifier.contains(version("typer"))


# --brief


def test_brief_is_one_line_per_deal(runner, tmp_path):
    path = write(tmp_path, "many.txt", "\n".join([EXAMPLE_TEXT, BETLI, KLOPITZKY, NO_CONTRACT, ASSZORTI, ALTIANSZ]))
    lines = ok(runner.invoke(app, ["--brief", path])).splitlines()
    assert lines == [
        f"Deal 1 · {path} · Abszolut or ultimo, not both · ♥ hearts by B · 90 card points + 40 in melds · game won ✓ · "
        "B abszolut ✓ ultimo ✓ · together: declarer ✗",
        f"Deal 2 · {path} · BETLI by C · betli failed ✗",
        f"Deal 3 · {path} · KLOPITZKY · avoids paying: A ✓ B ✗ C ✗",
        f"Deal 4 · {path} · No contract · no contract",
        f"Deal 5 · {path} · ♣ clubs by A · 7 tricks · game won ✓ · arrivázs ✓ · idegen ✗ · score +3",
        f"Deal 6 · {path} · ultimo ♦ bells by C · 10 card points · ultimo lost ✗ · makes: solo ✗ ultimo ✗ golden-aces ✗ "
        "game ✗ game-trull ✗ game-ultimo ✗ game-sneak ✗ 150 ✗ absolute ✗ 200 ✗ volat ✗",
    ]


def test_brief_with_no_solve_and_with_an_analysis(runner):
    assert ok(runner.invoke(app, ["--brief", "--no-solve", EXAMPLE])) == (
        f"Deal 1 · {EXAMPLE} · Abszolut or ultimo, not both · ♥ hearts by B\n")
    out = ok(runner.invoke(app, ["--brief", "--no-solve", "--review", EXAMPLE]))
    assert out.splitlines()[2] == "Play review: no Play section: nothing to review"


def test_brief_and_json_are_two_views(runner):
    assert_error(runner.invoke(app, ["--brief", "--json", EXAMPLE]), "--brief and --json")


# What-if overrides


def test_overrides_replace_the_deals_tags(runner):
    data = json.loads(ok(runner.invoke(app, ["--json", "--contract", "nt", "--declarer", "a", "--figures",
                                             "A:szaz, négyvennégy", EXAMPLE])))[0]
    assert (data["deal"]["contract"], data["deal"]["declarer"], data["deal"]["figures"]) == ("NT", "A", {"A": ["szaz", "negyvennegy"]})
    assert data["contract"] == "NT" and set(data["announced"]["A"]) == {"szaz", "negyvennegy"}
    plain = json.loads(ok(runner.invoke(app, ["--json", "--figures", "", EXAMPLE])))[0]
    assert plain["announced"] == {} and plain["deal"]["figures"] == {}
    out = ok(runner.invoke(app, ["--contract", "T", "--figures", "B:abszolut", EXAMPLE]))
    assert "Contract ♦ bells" in out


@pytest.mark.parametrize("args, piece", [
    (["--contract", "NT"], "deal 1: --contract NT: figure ultimo is not allowed in a no-trump contract"),
    (["--contract", "Q"], "deal 1: --contract Q: unknown contract 'Q' for alsos"),
    (["--declarer", "X"], "deal 1: --declarer X: unknown seat 'X'"),
    (["--figures", "B:hundred"], "deal 1: --figures B:hundred: unknown figure 'hundred'"),
    (["--contract", "KLOPITZKY"], "deal 1: --contract KLOPITZKY: contract KLOPITZKY has no declarer, found B"),
    (["--declarer", ""], "deal 1: --declarer '': contract P needs a Declarer tag"),
])
def test_an_override_that_does_not_fit_is_an_error_naming_it(runner, args, piece):
    result = runner.invoke(app, [*args, EXAMPLE])
    assert_error(result, piece)
    assert "Deal 1" not in result.stdout


def test_keep_going_notes_an_override_and_goes_on(runner, tmp_path):
    path = write(tmp_path, "two.txt", EXAMPLE_TEXT + "\n" + EXAMPLE_TEXT.replace("abszolut,ultimo", "abszolut"))
    result = runner.invoke(app, ["--keep-going", "--contract", "NT", path])
    out = ok(result)
    assert "Not analysed: --contract NT: figure ultimo is not allowed in a no-trump contract" in out
    assert out.count("Double-dummy result") == 1 and "Deal 2" in out and "Contract NT" in out
    data = json.loads(ok(runner.invoke(app, ["--json", "--keep-going", "--contract", "NT", path])))
    assert data[0]["notes"]["options"].startswith("--contract NT: figure ultimo is not allowed in a no-trump contract")
    assert data[0]["deal"]["contract"] == "P" and "declarer_points" not in data[0]
    assert data[1]["contract"] == "NT" and "notes" not in data[1]
    played = json.loads(ok(runner.invoke(app, ["--json", "--keep-going", "--contract", "NT", "--figures", "B:abszolut",
                                               PLAYED])))[0]
    assert played["notes"]["options"].startswith("--contract NT --figures B:abszolut: the deal's Play section does not fit: ")
    brief = ok(runner.invoke(app, ["--brief", "--keep-going", "--contract", "NT", path])).splitlines()
    assert len(brief) == 2 and brief[0].endswith("♥ hearts by B · not analysed: --contract NT: figure ultimo is not "
                                                 "allowed in a no-trump contract (the figures of each contract: docs/rules.md)")


def test_keep_going_notes_a_question_that_does_not_fit(runner, tmp_path):
    path = write(tmp_path, "two.txt", BETLI + "\n" + EXAMPLE_TEXT)
    result = runner.invoke(app, ["--json", "--keep-going", "--cards", "--line", "--question", "B:abszolut", path])
    first, second = json.loads(ok(result))
    assert first["cards"] is None and first["notes"]["cards"].startswith("--question B:abszolut: ")
    assert first["line"] is None and first["betli"] is False
    assert second["cards"] and second["position_value"] is True
    assert_error(runner.invoke(app, ["--json", "--cards", "--question", "B:abszolut", path]), "deal 1: --question")


# --json: one rule


@pytest.mark.parametrize("args", [["--front"], ["--after", "1.1"], ["--variant", "bogus=1"], ["--brief"],
                                  ["--contract", "Q"], ["--cards", "--after", "x"]])
def test_json_is_a_list_after_an_option_error(runner, args):
    result = runner.invoke(app, ["--json", *args, EXAMPLE])
    assert_error(result)
    assert json.loads(result.stdout) == []


@pytest.mark.parametrize("args", [["--json", "--bogus", EXAMPLE], ["--json"], ["--json", "--after"]])
def test_json_is_a_list_after_a_usage_error(args):
    done = subprocess.run([sys.executable, "-m", "alsos_solver", *args], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert json.loads(done.stdout) == []


# The views


def test_one_card_is_singular(runner):
    out = ok(runner.invoke(app, ["--no-solve", "--cards", "--after", "1.1", PLAYED]))
    assert "after 1 card of the play" in out


@pytest.mark.parametrize("args, path", [(["--scores"], PLAYED), (["--review"], PLAYED), ([], EXAMPLE),
                                        (["--announce", "--table"], EXAMPLE)])
def test_no_line_ends_in_spaces(runner, args, path):
    out = ok(runner.invoke(app, [*args, path]))
    assert [line for line in out.splitlines() if line != line.rstrip()] == []


def test_the_game_in_the_best_line_is_won_or_lost():
    assert won_text(True).plain == "won ✓" and won_text(False).plain == "lost ✗"


def test_a_long_meld_line_wraps_under_itself(runner, tmp_path):
    out = ok(runner.invoke(app, ["--no-solve", write(tmp_path, "melds.txt", EQUAL_SEQUENCES)]))
    panel = out[out.index("Melds"):].splitlines()
    lines = [line.strip("│").rstrip() for line in panel[1:] if line.startswith("│")]
    assert lines and all(line.startswith("   ") for line in lines), lines


def test_notes_do_not_name_the_python_api(runner, tmp_path):
    data = json.loads(ok(runner.invoke(app, ["--json", "--scores", write(tmp_path, "k.txt", KLOPITZKY)])))[0]
    note = data["scores"]["notes"]["double_dummy"]
    assert "klopitzky has no double-dummy score" in note and "solve's" not in note and "_" not in note


def test_every_game_is_answered_with_every_analysis(runner, tmp_path):
    """No analysis of a registered game is left out: the JSON has each one's answer."""
    flags = ["--cards", "--line", "--table", "--announce"]
    for deal in (ASSZORTI, ALTIANSZ):
        data = json.loads(ok(runner.invoke(app, ["--json", *flags, write(tmp_path, "a.txt", deal)])))[0]
        assert "notes" not in data, data.get("notes")
        assert all(data[key] for key in ("cards", "line", "table", "announcements"))


def test_an_output_without_symbols_in_process(tmp_path):
    """The fallback of an output that cannot encode the suit symbols (the subprocess test
    is in tests/cli/test_startup.py)."""
    from typer.testing import CliRunner

    from conftest import PIPED

    result = CliRunner(env=PIPED, charset="latin-1").invoke(app, ["--brief", EXAMPLE])
    assert result.exit_code == 0, result.output
    assert re.search(r"P hearts by B · 90 card points \+ 40 in melds · game won \+ · B abszolut \+ ultimo \+ · together: declarer -", result.stdout)


def test_natural_spellings_on_the_command_line(runner):
    data = json.loads(ok(runner.invoke(app, ["--json", "--no-solve", "--cards", "--question", "b:Ultimó",
                                             "--variant", "Vannak=House", EXAMPLE])))[0]
    assert data["question"] == "B:ultimo" and data["deal"]["variant"] == "vannak=house"
