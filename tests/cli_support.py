"""What the CLI tests share: the example files, small deals, checking a failed run.
(The ``runner`` fixture is in conftest.py.)"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"
EXAMPLE = str(PUZZLES / "example.txt")
NO_CONTRACT = """\
[Event "No contract"]
[Deal "A:87.AX.K97.KX B:U.KOU7.AX.A7 C:AO9.98.O.U98"]
[Talon "MK MX TU T8 ZO"]
"""
BETLI = """\
[Deal "A:8.O.K987.OX8 OU7.U8.A.KU7 A.AKX97.UX.9"]
[Contract "BETLI"]
[Declarer "C"]
"""
ASSZORTI = """\
[Game "asszorti"]
[Deal "A:J10.J.KJ.AKJT76 A987.AK6.96.Q8 KQ6.QT987.A7.9"]
[Talon "DQ D10 D8"]
[Contract "C"]
[Declarer "A"]
"""
"""An Asszorti deal: clubs at bid 3 by A, who makes 7 tricks and could make arrivázs."""
ALTIANSZ = """\
[Game "altiansz"]
[Deal "A:7.AO8.AK.987 K8.UX9.OU98. AOU9.7.X.AUX"]
[Talon "MX PK T7 ZK ZO"]
[Contract "ultimo T"]
[Declarer "C"]
"""
"""An Altiansz deal: ultimó in bells by C, who cannot make it."""
KLOPITZKY = """\
[Deal "A:O.KX7.AX7.U7 KUX87.U9..AO 9.A.KOU8.K98"]
[Contract "KLOPITZKY"]
"""


def ok(result) -> str:
    """The stdout of a run that succeeded without a word on stderr (no progress bar
    either: stderr is not a terminal under the runner)."""
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    return result.stdout


def one_json(result) -> dict:
    """The one deal's object of a --json run that succeeded."""
    (data,) = json.loads(ok(result))
    return data


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def assert_error(result, *pieces: str, max_lines: int = 2) -> None:
    """Exit 2, at most ``max_lines`` lines on stderr starting 'error:', no traceback, the
    pieces in it."""
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert 1 <= len(lines) <= max_lines, result.stderr
    assert lines[0].startswith("error: ")
    assert "Traceback" not in result.output
    for piece in pieces:
        assert piece in result.stderr, (piece, result.stderr)


def patch_analysis(monkeypatch, game, name: str, work) -> None:
    """For the test, ``game``'s analysis ``name`` is ``work``
    (:meth:`alsos_solver.games.base.Game.analyses`), for every game of its class."""
    analyses = replace(game.analyses(), **{name: work})
    monkeypatch.setattr(type(game), "analyses", lambda self: analyses)

ALSOS_4 = """\
[Game "alsos-4"]
[Deal "A:KX97.OU.K.OX A.K9.AU98.98 OU8.X87.X7.7 -"]
[Talon "PA TO ZA ZK ZU"]
[Contract "Z"]
[Declarer "B"]
"""
"""A four-seat Alsós deal (``alsos-solve deal --game alsos-4 --contract Z --declarer B --seed 1``): D deals and sits out."""
