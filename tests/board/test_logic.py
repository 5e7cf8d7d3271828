"""The board's pure JavaScript under ``node --test`` (tests/board/*.test.mjs: logic.js,
links.js, i18n.js), and the deep-link format of links.js against its Python twin
(alsos_solver/board/links.py) on the same positions. Skipped, saying why, where Node is
not installed."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import ROOT

HERE = Path(__file__).resolve().parent
STATIC = ROOT / "alsos_solver" / "board" / "static"
NODE = shutil.which("node")

needs_node = pytest.mark.skipif(NODE is None, reason="no node binary found (Debian: apt-get install nodejs)")


@needs_node
def test_javascript_units() -> None:
    tests = sorted(str(path) for path in HERE.glob("*.test.mjs"))
    assert tests, "no *.test.mjs in tests/board"
    run = subprocess.run([NODE, "--test", *tests], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]


def _node_links(positions: list[dict]) -> list[dict]:
    """links.js's link() and parseLink() of each position, run by node."""
    script = f"""
import {{ link, parseLink }} from {json.dumps((STATIC / "links.js").as_uri())};
const positions = JSON.parse(process.argv[1]);
console.log(JSON.stringify(positions.map((p) => {{
  const url = link(p.base, p.deal, p.play, p.question);
  return {{ url, back: parseLink(url), parsedPython: parseLink(p.python) }};
}})));
"""
    run = subprocess.run([NODE, "--input-type=module", "-e", script, json.dumps(positions)],
                         capture_output=True, text=True, timeout=60, check=True)
    return json.loads(run.stdout)


@needs_node
def test_links_agree_with_python() -> None:
    links = pytest.importorskip("alsos_solver.board.links", reason="alsos_solver.board.links is not there yet")
    from alsos_solver.io import load

    deals = [str(load(ROOT / path)[0]) for path in ("puzzles/played.txt", "puzzles/asszorti.txt", "examples/altiansz.txt")]
    positions = [
        {"base": "http://127.0.0.1:8765/", "deal": deals[0], "play": ["M8", "MU"], "question": "points:B>=61"},
        {"base": "http://127.0.0.1:8765/", "deal": deals[1], "play": [], "question": ""},
        {"base": "https://example.org/board/", "deal": deals[2], "play": ["MA"], "question": "Arany Ászok"},
        {"base": "http://h/", "deal": deals[0] + "% é ő {ü}\n", "play": [], "question": "together:game+B:ultimo"},
    ]
    for position in positions:
        position["python"] = links.link(position["base"], position["deal"], position["play"], position["question"] or None)
    for position, js in zip(positions, _node_links(positions)):
        assert js["url"] == position["python"], "links.js and links.py write the same link"
        expected = {"deal": position["deal"], "play": position["play"], "question": position["question"]}
        assert js["back"] == expected and js["parsedPython"] == expected
        deal, play, question = links.parse_link(js["url"])
        assert (deal, list(play), question or "") == (position["deal"], position["play"], position["question"])
