"""The front door: what ``--help`` says (every subcommand, the extras named whole, readable
metavars), a misspelt subcommand, ``-`` given twice, the ``deal N of M`` progress bar of a
plain solve on a terminal, and the one-line view of many deals written without rich's
rendering (same text)."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import typer.main
from rich.console import Console
from rich.text import Text

from alsos_solver import launch
from alsos_solver.cli import app
from alsos_solver.render.terminal import TerminalSink

from cli_support import ASSZORTI, EXAMPLE, NO_CONTRACT, assert_error, ok, write
from conftest import ROOT
WIDE = {"COLUMNS": "200"}
"""No help line wrapped: a phrase is found whole."""


def help_of(runner, target: str) -> str:
    result = runner.invoke(launch.load(target), ["--help"], env=WIDE)
    return ok(result)


def test_the_help_lists_every_subcommand_with_its_summary(runner):
    text = help_of(runner, launch.DEFAULT)
    panel = text[text.index("─ Commands ─"):]
    for name, target in launch.SUBCOMMANDS.items():
        summary = launch.load(target).info.help
        assert isinstance(summary, str) and "\n" not in summary
        assert re.search(rf"^│ {name} +{re.escape(summary)} +│$", panel, re.MULTILINE), name


@pytest.mark.parametrize("target", [launch.DEFAULT, *launch.SUBCOMMANDS.values()])
def test_the_help_shows_its_words_and_metavars_as_written(runner, target):
    text = help_of(runner, target)
    for noise in ("<str>", "<int", "{", "[x>", "<=x"):
        assert noise not in text, noise
    command = typer.main.get_command(launch.load(target))
    for param in command.params:
        for piece in re.findall(r"\S*\[\w+\]", param.help or ""):  # alsos-solver[plot]: not a style of rich's
            assert piece in text


def test_the_help_names_the_extras_whole(runner):
    assert "alsos-solver[plot]" in help_of(runner, launch.SUBCOMMANDS["stats"])
    assert "alsos-solver[distributed]" in help_of(runner, launch.SUBCOMMANDS["batch"])
    assert re.search(r"--samples +N ", help_of(runner, launch.SUBCOMMANDS["odds"]))
    assert re.search(r"Usage: \S+ \[OPTIONS\] FILE\.\.\. ", help_of(runner, launch.DEFAULT))


def test_a_subcommand_misspelt_by_one_letter_is_named(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert launch.main(["stat", "results.jsonl"]) == 2
    assert capsys.readouterr().err == "error: stat: no such file or subcommand: did you mean stats?\n"
    assert launch.main(["compse", "--json"]) == 2  # with options: the same, and the JSON list
    assert capsys.readouterr() == ("[]\n", "error: compse: no such file or subcommand: did you mean compose?\n")
    write(tmp_path, "stat", Path(EXAMPLE).read_text(encoding="utf-8"))
    assert launch.main(["stat", "--no-solve", "--brief"]) == 0  # a file of that name is read
    assert capsys.readouterr().out.startswith("Deal 1 · stat · ")


def test_the_standard_input_given_twice_is_refused(runner, tmp_path):
    deals = Path(EXAMPLE).read_text(encoding="utf-8")
    result = runner.invoke(app, ["-", write(tmp_path, "a.txt", deals), "-"], input=deals)
    assert_error(result, "the standard input is given twice", max_lines=1)
    assert result.stdout == ""


def test_a_variant_the_game_does_not_have_is_an_error(runner, tmp_path):
    result = runner.invoke(app, ["--variant", "szazegy=on", write(tmp_path, "a.txt", ASSZORTI)])
    assert_error(result, "a.txt: deal 1: --variant szazegy=on", "asszorti", max_lines=1)
    result = runner.invoke(app, ["--variant", "rules=tompa", EXAMPLE])  # Tompa's rules: two-player Alsós only
    assert_error(result, "--variant rules=tompa", "alsos", max_lines=1)


def on_a_terminal(*args: str) -> tuple[bytes, bytes]:
    """stdout and stderr of ``alsos-solve ARGS`` run with stderr a terminal (a pty) and
    stdout a pipe."""
    import pty
    import select

    control, terminal = pty.openpty()
    process = subprocess.Popen([sys.executable, "-m", "alsos_solver", *args], stdout=subprocess.PIPE, stderr=terminal,
                               cwd=ROOT, env={**os.environ, "COLUMNS": "100"})
    os.close(terminal)
    shown = b""
    while select.select([control], [], [], 120)[0]:
        try:
            chunk = os.read(control, 65536)
        except OSError:  # the process ended and closed the terminal
            break
        if not chunk:
            break
        shown += chunk
    out = process.stdout.read()
    assert process.wait(120) == 0
    os.close(control)
    return out, shown


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs a pseudo-terminal")
def test_a_plain_solve_of_many_deals_shows_its_progress_on_a_terminal(tmp_path):
    deals = write(tmp_path, "deals.txt", Path(EXAMPLE).read_text(encoding="utf-8") + "\n" + NO_CONTRACT)
    out, shown = on_a_terminal("--brief", deals, deals)
    assert b"deal 1 of 4" in shown and b"Deal 1 \xc2\xb7" not in shown
    assert out.decode().count("\n") == 4
    out, shown = on_a_terminal("--brief", "--scores", EXAMPLE)  # an analysis asked: none
    assert b"deal 1 of" not in shown


@pytest.mark.parametrize("terminal", [{}, {"force_terminal": True, "color_system": "truecolor"},
                                      {"force_terminal": True, "color_system": "standard"}], ids=["piped", "truecolor", "16 colours"])
def test_the_one_line_view_is_what_rich_would_print(monkeypatch, terminal):
    """The brief view writes its lines itself, piped as text and on a terminal in their
    styles (what rich prints for them, three to five times faster); a line with a tab,
    which rich expands, is left to rich."""
    lines = [Text("Deal 1 · ", style="bold") + Text("♥", style="red") + Text(" hearts by B · game ") +
             Text("won ✓", style="bold green"), Text("tab\there")]
    expected = io.StringIO()
    for line in lines:
        Console(file=expected, highlight=False, markup=False, emoji=False, **terminal).print(line, soft_wrap=True)
    written = io.StringIO()
    sink = TerminalSink(Console(file=written, highlight=False, markup=False, emoji=False, **terminal), brief=True)
    drawn, draw = [], Console.print
    monkeypatch.setattr(Console, "print", lambda self, text, **options: drawn.append(text.plain) or draw(
        self, text, **options))
    for line in lines:
        sink.line(line)
    assert written.getvalue() == expected.getvalue()
    assert drawn == ["tab\there"]


def test_the_brief_view_does_not_work_out_the_melds(runner, monkeypatch):
    from alsos_solver.games.alsos.game import AlsosGame

    monkeypatch.setattr(AlsosGame, "melds", lambda game, deal: pytest.fail("melds worked out for --brief"))
    assert ok(runner.invoke(app, ["--no-solve", "--brief", EXAMPLE])).startswith("Deal 1 · ")


def test_a_play_section_of_one_card_is_counted_in_the_singular(runner, tmp_path):
    deal = Path(EXAMPLE).read_text(encoding="utf-8").rstrip("\n") + '\n[Play "A"]\nM8\n'
    assert "Play     1 card recorded (solved" in ok(runner.invoke(app, ["--no-solve", write(tmp_path, "a.txt", deal)]))
