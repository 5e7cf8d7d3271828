"""``alsos-solve review FILE --seat SEAT``: the tables per decision, the JSON keys, the
seed, other games with hidden cards, --fix and --where, and the located errors (exit 2)."""

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
    assert {"seat", "deal", "decisions", "seed"} <= set(data)
    assert data["seat"] == "B" and data["deal"]["declarer"] == "B"
    assert len(data["decisions"]) == 9  # every card B played, forced ones included
    decision = data["decisions"][6]
    assert {"trick", "card", "played", "layouts", "exact", "items", "marks", "mark"} <= set(decision)
    assert (decision["trick"], decision["card"], decision["played"]) == (7, 3, "Z7")
    assert decision["exact"] is True and decision["layouts"] == 92  # A and C hold no meld: public
    assert set(decision["items"]) == {"game", "B:abszolut", "B:ultimo", "score"}
    figures = decision["items"]["B:ultimo"]["Z7"]
    assert set(figures) == {"rate", "low", "high", "worst", "dd", "sure"}
    assert figures["sure"] is False and 0 <= figures["low"] <= figures["rate"] <= figures["high"] <= 1
    assert decision["items"]["B:ultimo"]["ZA"]["sure"] is True  # ZA keeps the trump 7 for the last trick
    assert decision["marks"] == {"game": None, "B:abszolut": None, "B:ultimo": "sound-mistake", "score": "worse-on-average"}
    assert decision["items"]["score"]["ZA"]["sure"] is None and isinstance(decision["items"]["score"]["ZA"]["worst"], int)
    assert decision["mark"] == "sound-mistake"
    assert data["decisions"][0]["mark"] is None
    assert all(f["sure"] is None for f in data["decisions"][0]["items"]["game"].values())  # sampled: not decided


def test_the_same_seed_gives_the_same_output_whatever_the_jobs(runner):
    args = [PLAYED, "--seat", "A", "--samples", "4", "--seed", "3", "--exact-limit", "300", "--json"]
    alone = ok(runner.invoke(app, [*args, "--jobs", "1"]))
    assert alone == ok(runner.invoke(app, [*args, "--jobs", "2"]))
    other = [PLAYED, "--seat", "A", "--samples", "4", "--seed", "4", "--exact-limit", "300", "--json", "--jobs", "1"]
    assert alone != ok(runner.invoke(app, other))


def test_the_terminal_tables(runner):
    text = ok(runner.invoke(app, [PLAYED, "--seat", "B", "--samples", "4", "--exact-limit", "300", "-j", "1"]))
    assert "trick 7 card 3: played Z7 (92 layouts, all)  mark: sound-mistake" in text
    assert "with the cards as they lay, ZA was better" in text
    assert "on what B could see, ZA made B:ultimo in 100% of layouts, Z7 in 17% (exactly)" in text
    assert "ZA made B:ultimo in every layout with one plan (a sure win), Z7 did not: a sound mistake" in text
    assert "trick 8 card 2: played P7 (forced) (28 layouts, all)" in text
    assert "(4 layouts, sampled)" in text


def test_a_claim_names_the_cards_that_guarantee_each_item(runner):
    """After A's card in trick 7, B (the declarer, to move) guarantees the game with either
    card but the ultimó only with ZA, whatever A and C hold; the abszolút is lost."""
    data = json.loads(ok(runner.invoke(app, [PLAYED, "--seat", "B", "--claim", "--after", "7.2", "--json"])))
    assert data == {"seat": "B", "after": "7.2", "to_move": "B", "layouts": 92, "items": {
        "game": {"guaranteed": True, "cards": ["ZA", "Z7"]},
        "B:abszolut": {"guaranteed": False, "cards": []},
        "B:ultimo": {"guaranteed": True, "cards": ["ZA"]}}}
    text = ok(runner.invoke(app, [PLAYED, "--seat", "B", "--claim", "--after", "7.3"]))
    assert "Claim of B after 7.3 (92 layouts, all; A to move)" in text
    assert "B:ultimo       not guaranteed" in text and "game           guaranteed" in text


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
    assert_error(runner.invoke(app, [PLAYED, "--seat", "B", "--after", "7.2"]), "--after needs --claim")
    assert_error(runner.invoke(app, [PLAYED, "--seat", "B", "--claim", "--after", "2.1"]), "a claim needs every layout")
    assert_error(runner.invoke(app, [PLAYED, "--seat", "B", "--claim", "--after", "12.1"]), "played.txt: deal 1:")


def test_fix_and_where_narrow_the_layouts(runner):
    args = [PLAYED, "--seat", "B", "--samples", "4", "--exact-limit", "300", "--json"]
    plain = json.loads(ok(runner.invoke(app, args)))
    narrowed = json.loads(ok(runner.invoke(app, [*args, "--fix", "C:Z8", "--where", "points(A) >= 20"])))
    layouts = [(d["layouts"], n["layouts"]) for d, n in zip(plain["decisions"], narrowed["decisions"]) if d["exact"]]
    assert layouts and all(n <= d for d, n in layouts) and any(n < d for d, n in layouts)


def test_fix_and_where_errors_are_one_line(runner):
    assert_error(runner.invoke(app, [PLAYED, "--seat", "B", "--fix", "A:PK"]), "fix 'A:PK': contradicts what B sees")
    assert_error(runner.invoke(app, [PLAYED, "--seat", "B", "--fix", "Q:PK"]), "unknown place 'Q'")
    assert_error(runner.invoke(app, [PLAYED, "--seat", "B", "--where", "points(A >="]), "--where 'points(A >=': column")
    assert_error(runner.invoke(app, [PLAYED, "--seat", "B", "--where", "points(A) >= 100"]), "does not meet the condition")
