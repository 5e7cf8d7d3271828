"""The literature (alsos_solver.puzzles.literature, .cases; ``alsos-solve literature``):
each published answer beside what the solver or the scoring rules find."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from alsos_solver.io import DealFormatError, loads
from alsos_solver.literature_command import app
from alsos_solver.puzzles.cases import Case
from alsos_solver.puzzles.literature import findings, literature_files

from cli_support import BETLI, EXAMPLE, assert_error, ok, write
from conftest import ROOT

LITERATURE = ROOT / "literature"
SEEDS = str(LITERATURE / "seed-002.cases")
SOURCE = '[Source "A. Author, A Book, 1930, p. 1"]\n'


def test_the_collection_is_confirmed_but_the_seeds_own_slips():
    """Every seed example agrees with the scoring rules, but two that contradict their own
    seed (000's misadded bid, 002's 6:5:0 with kontra and rekontra): those differ, with the
    reason. The published deal (Kovalevskaya's misère) is confirmed."""
    found = [finding for name in literature_files([str(LITERATURE)]) for finding in findings(name)]
    differing = {f.title: (f.published, f.found.split()[0]) for f in found if not f.confirmed}
    assert differing == {"hearts absolute ulti": ("6", "7"), "hand 6:5:0, kontra and rekontra": ("12", "24")}
    assert all(f.reason for f in found if not f.confirmed)
    seeds = [f for f in found if f.source.startswith("seed 00")]
    published = [f for f in found if f not in seeds]
    assert len(seeds) >= 40 and [(f.title, f.confirmed) for f in published] == [("Kovalevskaya's misère", True)]


def test_the_misere_sources_line_is_legal_in_the_recast_and_catches_it():
    """The recast is faithful to the source: its line of best play after the first trick
    (mapped: clubs M, hearts P, diamonds T, spades Z) is legal here and the misère player
    (C) takes a trick."""
    (deal,) = loads((LITERATURE / "kovalevskaya.txt").read_text(encoding="utf-8"))
    line = "PX PU P9 TO T8 ZA TU T7 ZK TX ZX MO ZO Z9 MU ZU Z8 MX M7 M8 PA P8 PK P7 PO M9 Z7"
    position = deal.position()
    for card in deal.pack.parse_cards(line):
        position.push(card)
    assert position.is_over and position.tricks_won[2] == 1


@pytest.mark.parametrize("rule, value", [
    ("figure ultimo front", 4), ("figure abszolut front f", 8), ("game NT bb", 8), ("bid P abszolut ultimo", 7),
    ("alsos-melds .KOU..OUX9 M", 70), ("altiansz-melds O.KOX8.O.O game P", 130),
    ("asszorti 1 no-trumps 7:2:2 kontra=3", 144), ("asszorti hand trumps 6:5:0 kontra=2", 24),
])
def test_case_rules(rule, value):
    assert Case(rule, str(value), {}).value() == value


def test_a_published_deal_that_differs_shows_the_line(tmp_path):
    """A betli the source says is made, which the defence beats: differs, with the line."""
    path = write(tmp_path, "betli.txt", SOURCE + '[Published "betli"]\n' + BETLI)
    (finding,) = findings(path)
    assert not finding.confirmed and finding.found == "betli after 0 cards: failed with best play"
    assert finding.line and finding.line[0].startswith("trick 1: ")
    assert "published answer differs" in finding.lines()[0]


def test_a_published_value_and_a_published_puzzle_are_confirmed(tmp_path):
    """``SPEC = VALUE``: the double-dummy value; a deal with Goal and Solution: the puzzle's check."""
    example = Path(EXAMPLE).read_text(encoding="utf-8").split("\n\n")[0]
    value = next(findings(write(tmp_path, "v.txt", SOURCE + '[Published "declarer_points = 0"]\n' + example)))
    assert value.found.startswith("declarer_points after 0 cards: ")
    points = int(value.found.split(": ")[1].split()[0])
    right = next(findings(write(tmp_path, "w.txt", SOURCE + f'[Published "declarer_points = {points}"]\n' + example)))
    assert right.confirmed and value.confirmed == (points == 0)


def test_the_command(runner, tmp_path):
    write(tmp_path, "betli.txt", SOURCE + '[Published "betli"]\n' + BETLI)
    write(tmp_path, "notes.md", "not a literature file")
    assert literature_files([str(tmp_path), SEEDS]) == [str(tmp_path / "betli.txt"), SEEDS]
    out = ok(runner.invoke(app, [str(tmp_path)]))
    assert out.splitlines()[0].endswith("betli.txt 1: published answer differs")
    records = json.loads(ok(runner.invoke(app, ["--json", str(tmp_path), SEEDS])))
    assert records[0]["confirmed"] is False and records[0]["line"]
    assert {"file", "entry", "event", "source", "published", "found", "confirmed", "reason", "line"} == set(records[0])


@pytest.mark.parametrize("name, text, pieces", [
    ("a.txt", '[Published "betli"]\n' + BETLI, ["a.txt:1", "no Source tag"]),
    ("b.txt", SOURCE + '[Published "volat please"]\n' + BETLI, ["b.txt:2:13", "unknown question"]),
    ("c.cases", SOURCE + '[Case "figure nothing back"]\n[Published "1"]\n', ["c.cases:2:8", "unknown figure"]),
    ("d.cases", SOURCE + '[Case "game M"]\n[Published "one"]\n', ["d.cases:3:13", "expected a number"]),
    ("e.cases", SOURCE + '[Case "game M"]\n', ["e.cases:1", "no Published tag"]),
])
def test_format_errors_exit_2(runner, tmp_path, name, text, pieces):
    result = runner.invoke(app, [write(tmp_path, name, text)])
    assert_error(result, *pieces)
    with pytest.raises(DealFormatError):
        list(findings(str(tmp_path / name)))


def test_no_collection_here(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert_error(runner.invoke(app, []), "no literature/ folder here")
