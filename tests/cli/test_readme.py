"""The README's example outputs (and docs/cli.md's) are what the program prints today.

Every fenced block that starts with ``$ alsos-solve ...`` (a subcommand too) is run in the
repository root; its output must equal the block, but for the times, which change from run
to run. The node counts are deterministic (the same deal and question give the same
search), so they are compared too: a change of the engine's search shows here. Under
``--no-solve`` the README leaves out the deal's diagram, which each output starts with (it
says so).
"""

from __future__ import annotations

import os
import re
import shlex

import pytest

from alsos_solver.cli import app
from alsos_solver.launch import SUBCOMMANDS, load

from conftest import ROOT

BLOCK = re.compile(r"```\n\$ (alsos-solve [^\n]*)\n(.*?)```", re.S)
COMMANDS = [found for page in ("README.md", "docs/cli.md")
            for found in BLOCK.findall((ROOT / page).read_text(encoding="utf-8"))]


def normal(text: str) -> str:
    """Times masked, trailing blanks dropped."""
    text = re.sub(r"\d+\.\d+ s\b", "<time> s", text)
    return "\n".join(line.rstrip() for line in text.strip().splitlines())


def without_diagram(text: str) -> str:
    """The output less the diagram it starts with: the deal's heading, its panel and the
    blank line after it."""
    lines = text.splitlines()
    if len(lines) > 1 and re.match(r"Deal \d+ · ", lines[0]) and lines[1].startswith("╭"):
        end = next(i for i, line in enumerate(lines) if line.startswith("╰"))
        lines = lines[end + 2:]
    return "\n".join(lines)


def test_the_readme_shows_commands():
    assert len(COMMANDS) >= 8


@pytest.mark.parametrize("command, shown", COMMANDS, ids=[c for c, _ in COMMANDS])
def test_each_readme_output_is_real(runner, command, shown):
    args = shlex.split(command)[1:]
    command_app = app
    if args and args[0] in SUBCOMMANDS:
        command_app, args = load(SUBCOMMANDS[args[0]]), args[1:]
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        result = runner.invoke(command_app, args)
    finally:
        os.chdir(cwd)
    assert result.exit_code == 0, result.output
    printed = without_diagram(result.stdout) if "--no-solve" in args else result.stdout
    assert normal(printed) == normal(shown)
