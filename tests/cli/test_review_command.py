"""``alsos-solve review FILE --seat SEAT``: the tables per decision, the JSON keys, the
seed, other games with hidden cards, and the located errors (exit 2)."""

from __future__ import annotations

import json

from alsos_solver import launch
from alsos_solver.review_command import app

from cli_support import assert_error, ok, write
from conftest import ROOT

PLAYED = str(ROOT / "puzzles" / "played.txt")
ALTIANSZ = str(ROOT / "examples" / "altiansz.txt")


def test_review_is_a_subcommand():
    assert launch.SUBCOMMANDS["review"] == "alsos_solver.review_command:app"


def test_the_json_keys(runner):
    result = runner.invoke(app, [PLAYED, "--seat", "B", "--samples", "6", "--json"])
    data = json.loads(ok(result))
    assert {"seat", "deal", "decisions", "seed", "sound_mistake"} <= set(data)
    assert data["seat"] == "B" and data["deal"]["declarer"] == "B"
    assert len(data["decisions"]) == 9  # every card B played, forced ones included
    decision = data["decisions"][6]
    assert {"trick", "card", "played", "layouts", "exact", "items", "marks", "mark", "sound_mistake"} <= set(decision)
    assert (decision["trick"], decision["card"], decision["played"]) == (7, 3, "Z7")
    assert decision["exact"] is True and decision["layouts"] == 201
    assert set(decision["items"]) == {"game", "B:abszolut", "B:ultimo"}
    figures = decision["items"]["B:ultimo"]["Z7"]
    assert set(figures) == {"rate", "low", "high", "worst", "dd", "sure"}
    assert figures["sure"] is None and 0 <= figures["low"] <= figures["rate"] <= figures["high"] <= 1
    assert decision["marks"]["B:ultimo"] == "worse-on-average" and decision["mark"] == "worse-on-average"
    assert data["decisions"][0]["mark"] is None


def test_the_same_seed_gives_the_same_output(runner):
    args = [PLAYED, "--seat", "A", "--samples", "4", "--seed", "3", "--exact-limit", "100", "--json"]
    assert ok(runner.invoke(app, args)) == ok(runner.invoke(app, args))


def test_the_terminal_tables(runner):
    text = ok(runner.invoke(app, [PLAYED, "--seat", "B", "--samples", "4", "--exact-limit", "300"]))
    assert "sound-mistake not decided" in text
    assert "trick 7 card 3: played Z7 (201 layouts, all)  mark: worse-on-average" in text
    assert "Z7: worse-on-average (an estimate)" in text
    assert "(4 layouts, sampled)" in text


def test_a_defender_in_a_game_with_a_hidden_talon(runner):
    data = json.loads(ok(runner.invoke(app, [ALTIANSZ, "--seat", "A", "--samples", "4", "--json"])))
    assert all(set(d["items"]) == {"defeat"} for d in data["decisions"])
    assert data["decisions"][-1]["exact"] is True


def test_errors_are_located(runner, tmp_path):
    assert_error(runner.invoke(app, [PLAYED, "--seat", "X"]), "played.txt: deal 1: unknown seat 'X'")
    assert_error(runner.invoke(app, [PLAYED, "--seat", "B", "--index", "2"]), "no deal 2")
    example = str(ROOT / "puzzles" / "example.txt")
    assert_error(runner.invoke(app, [example, "--seat", "B"]), "no Play section")
    assert_error(runner.invoke(app, [str(tmp_path / "none.txt"), "--seat", "B"]), "none.txt")
    bad = write(tmp_path, "bad.txt", "[Game \"alsos\"]\n[Deal \"nonsense\"]\n")
    assert_error(runner.invoke(app, [bad, "--seat", "B"]), "bad.txt")
