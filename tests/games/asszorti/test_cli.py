"""Asszorti on the command line: the double-dummy result and every analysis, in the rich
view and in --json, on the example deal puzzles/asszorti.txt (A bids 2 in spades with
arrivázs, kontra on the game; the defenders can force 6:5:0; as played, A's jack of
spades in trick 6 gives the arrivázs away) and on small variations of it."""

from __future__ import annotations

import re

import pytest

from alsos_solver.cli import app
from alsos_solver.games import find_game
from alsos_solver.games.asszorti import analyses as analysis_of_asszorti

from cli_support import ASSZORTI, PUZZLES, ok, one_json, patch_analysis, write

DEAL = str(PUZZLES / "asszorti.txt")
RESULT_KEYS = ["declarer_tricks", "game", "arrivazs", "idegen_arrivazs", "score"]


def test_result_keys_and_values(runner):
    data = one_json(runner.invoke(app, ["--json", DEAL]))
    assert [key for key in data if key in RESULT_KEYS or key in ("declarer_points", "figures")] == RESULT_KEYS
    # 6 tricks split 6:5:0: (4 x 2 for the kontra'd game) - 4, and 8 for the arrivázs.
    assert {key: data[key] for key in RESULT_KEYS} == {
        "declarer_tricks": 6, "game": True, "arrivazs": True, "idegen_arrivazs": False, "score": 12,
    }


def test_no_trump_has_no_idegen_arrivazs(runner, tmp_path):
    data = one_json(runner.invoke(app, ["--json", "--contract", "1 NT", write(tmp_path, "a.txt", ASSZORTI)]))
    assert "idegen_arrivazs" not in data and {"declarer_tricks", "game", "arrivazs", "score"} <= set(data)


def test_the_result_view(runner):
    out = " ".join(ok(runner.invoke(app, [DEAL])).split())
    assert "Contract 2 ♠ spades" in out
    assert "Declarer A: 6 of 11 tricks Game: won ✓ Arrivázs, the last three tricks: ✓ (announced)" in out
    assert "Idegen arrivázs, without a trump in them: ✗ Score: +12 from each opponent" in out


def test_brief(runner):
    line = ok(runner.invoke(app, ["--brief", DEAL])).strip()
    assert line.endswith("2 ♠ spades by A · 6 tricks · game won ✓ · arrivázs ✓ · idegen ✗ · score +12")


def test_the_web_page_spells_arrivazs_as_the_terminal_does(runner, tmp_path):
    """Its headings say arrivázs; the JSON keys (an interface) stay plain."""
    page = tmp_path / "a.html"
    assert ok(runner.invoke(app, [DEAL, "--table", "--html", str(page), "--no-terminal"])) == ""
    html = re.sub(r"<script.*?</script>", "", page.read_text(encoding="utf-8"), flags=re.S)
    cells = [cell.strip() for cell in re.findall(r">([^<>]+)<", html)]
    assert "Arrivázs, the last three tricks:" in cells and "Idegen arrivázs, without a trump in them:" in cells
    assert "arrivázs" in cells  # the contract table's heading
    assert "arrivazs" not in cells and not any(cell.startswith("Arrivazs") for cell in cells)


@pytest.mark.parametrize(
    "question, values",
    [
        ("tricks", {"SJ": 6, "ST": 6, "S6": 6, "HA": 6, "CJ": 6, "C6": 6}),
        ("game", dict.fromkeys(["SJ", "ST", "S6", "HA", "CJ", "C6"], True)),
        ("arrivazs", {"SJ": False, "ST": False, "S6": False, "HA": False, "CJ": True, "C6": True}),
        ("score", {"SJ": -4, "ST": -4, "S6": -4, "HA": -4, "CJ": 12, "C6": 12}),
    ],
)
def test_cards_after_five_tricks_for_each_question(runner, question, values):
    """Before A's mistake in trick 6: only a club keeps the arrivázs (and the score)."""
    data = one_json(runner.invoke(app, ["--json", "--no-solve", "--cards", "--after", "6.0", "--question", question, DEAL]))
    assert data["question"] == question and data["to_move"] == "A" and data["cards"] == values


def test_cards_view_counts_tricks(runner):
    out = ok(runner.invoke(app, ["--no-solve", "--cards", "--after", "6.0", "--question", "tricks", DEAL]))
    assert "6 tricks" in out and "points" not in out


def test_cards_and_line_say_the_score_as_a_score(runner):
    out = ok(runner.invoke(app, ["--no-solve", "--cards", "--line", "--after", "6.0", DEAL]))
    assert "playing for it: score +12" in out and "With best play by both sides: score +12" in out
    assert "points" not in out


def test_line_counts_tricks_where_points_do_not_count(runner):
    """Asszorti has no card points: the line's last column is the running trick count."""
    out = ok(runner.invoke(app, ["--no-solve", "--line", "--question", "tricks", DEAL]))
    assert "tricks A-B-C" in out and "points" not in out
    cells = [[cell.strip() for cell in line.split("│")[1:-1]] for line in out.splitlines()]
    rows = [row for row in cells if len(row) == 5]  # the line's table (the diagram's rows have one cell)
    assert len(rows) == 11
    won = {"A": 0, "B": 0, "C": 0}
    for trick, leader, cards, winner, split in rows:
        won[winner] += 1
        assert split == "-".join(str(won[seat]) for seat in "ABC")
    assert won["A"] == 6  # the tricks A can force


def test_line_reaches_the_score(runner):
    data = one_json(runner.invoke(app, ["--json", "--no-solve", "--line", DEAL]))
    assert data["question"] == "score" and data["value"] == 12 and len(data["line"]) == 11
    winners = [trick["winner"] for trick in data["line"]]
    assert winners.count("A") == 6 and winners[-3:] == ["A"] * 3
    assert sorted(winners.count(seat) for seat in "BC") == [0, 5]  # 6:5:0


DEFENDED = """\
[Game "asszorti"]
[Deal "A:AQJ.AQ7.Q9.A98 T8.K8.A86.KT76 K97.J96.KJT7.J"]
[Talon "S6 HT CQ"]
[Contract "S"]
[Declarer "A"]
"""
"""Spades by A. C leads: any card but a trump beats the contract."""


def test_defeat_from_the_defenders_side(runner, tmp_path):
    """``defeat``: the defenders take 6 of the 11 tricks; C's cards and the line say so,
    each card the opposite of its value for the game."""
    path = write(tmp_path, "d.txt", DEFENDED)
    data = one_json(runner.invoke(app, ["--json", "--no-solve", "--cards", "--line", "--question", "defeat", path]))
    assert (data["question"], data["to_move"], data["value"]) == ("defeat", "C", True)
    assert data["cards"] == {card: not card.startswith("S") for card in data["cards"]}
    assert [trick["winner"] for trick in data["line"]].count("A") <= 5
    game = one_json(runner.invoke(app, ["--json", "--no-solve", "--cards", "--question", "game", path]))
    assert game["cards"] == {card: not value for card, value in data["cards"].items()}
    out = ok(runner.invoke(app, ["--no-solve", "--line", "--question", "game_defeated", path]))
    assert "Optimal line · defeat at the first lead" in out


def test_unknown_question_names_the_words(runner):
    result = runner.invoke(app, ["--no-solve", "--cards", "--question", "abszolut", DEAL])
    assert result.exit_code == 2 and "tricks, game, defeat, arrivazs" in result.stderr


def test_review(runner):
    data = one_json(runner.invoke(app, ["--json", "--no-solve", "--review", DEAL]))
    assert data["items"] == {"A game": "made", "A arrivazs": "lost"}
    (mistake,) = data["review"]
    assert (mistake["trick"], mistake["seat"], mistake["card"], mistake["keeping"]) == (6, "A", "SJ", ["CJ", "C6"])


def test_table(runner):
    data = one_json(runner.invoke(app, ["--json", "--no-solve", "--table", DEAL]))
    assert len(data["table"]) == 3 * 5 and data["complete"]
    assert [(e["declarer"], e["contract"]) for e in data["table"][:5]] == [("A", t) for t in ("S", "H", "D", "C", "NT")]
    assert all(set(e) == {"declarer", "contract", "declarer_tricks", "game", "arrivazs", "score"} for e in data["table"])
    # Bid 3 in spades, no kontra, no arrivázs announced: 6:5:0 leaves nothing.
    assert data["table"][0] | {} == {"declarer": "A", "contract": "S", "declarer_tricks": 6, "game": True,
                                     "arrivazs": True, "score": 0}
    out = ok(runner.invoke(app, ["--no-solve", "--table", DEAL]))
    assert "tricks" in out and "arrivázs" in out and "score" in out and "betli" not in out


def test_announce(runner):
    """A's bid 2 is judged in every strain, with and without arrivázs; the other bids held
    other hands, which the deal does not record."""
    data = one_json(runner.invoke(app, ["--json", "--no-solve", "--announce", DEAL]))["announcements"]
    assert len(data["choices"]) == 5 * 2 and data["complete"]
    assert {choice["bid"] for choice in data["choices"]} == {"2"}
    assert data["not_judged"] == {"bids": ["3", "1", "hand"], "reason": "the deal before the draw is not recorded"}
    # The game is worth nothing (6:5:0): the arrivázs alone, 8.
    assert data["best"] == {"bid": "2", "trump": "S", "contract": "2 S", "arrivazs": True, "score": 8}
    out = " ".join(ok(runner.invoke(app, ["--no-solve", "--announce", DEAL])).split())
    assert "Best: ♠ spades, bid 2, arrivázs, score +8" in out


def test_announce_judges_no_bid_on_hands_it_did_not_hold(runner, tmp_path):
    """Seed 002: the bid is the number of talon cards drawn, so the hands after the draw
    of bid 3 say nothing of what 'hand' (no draw) would have held. On them, 'hand' in clubs
    with arrivázs would score +20; the deal's own bid 3 is the one judged (+11), and the
    others are listed, not recommended."""
    data = one_json(runner.invoke(app, ["--json", "--no-solve", "--announce", write(tmp_path, "a.txt", ASSZORTI)]))
    found = data["announcements"]
    assert found["best"] == {"bid": "3", "trump": "C", "contract": "C", "arrivazs": True, "score": 11}
    assert found["not_judged"]["bids"] == ["2", "1", "hand"]
    out = ok(runner.invoke(app, ["--no-solve", "--announce", write(tmp_path, "a.txt", ASSZORTI)]))
    assert "Best announcements · declarer A, bid 3, every trump and arrivázs, no kontras" in out
    assert "Best: ♣ clubs, bid 3, arrivázs, score +11" in out
    assert "Bids 2, 1 and hand not judged: the deal before the draw is not recorded" in out
    assert "hand arrivázs" not in out


def test_announce_on_a_hand_deal_judges_hand(runner, tmp_path):
    """A 'hand' contract drew no card: its hands are the dealt ones, and bid hand is judged."""
    path = write(tmp_path, "h.txt", ASSZORTI.replace('[Contract "C"]', '[Contract "hand C"]'))
    found = one_json(runner.invoke(app, ["--json", "--no-solve", "--announce", path]))["announcements"]
    assert found["best"] == {"bid": "hand", "trump": "C", "contract": "hand C", "arrivazs": True, "score": 20}
    assert found["not_judged"]["bids"] == ["3", "2", "1"]


def test_announce_from_the_front_is_a_note(runner):
    data = one_json(runner.invoke(app, ["--json", "--no-solve", "--announce", "--front", DEAL]))
    assert data["announcements"] is None and "no announcements from the front" in data["notes"]["announcements"]


def test_scores(runner):
    data = one_json(runner.invoke(app, ["--json", "--no-solve", "--scores", DEAL]))["scores"]
    double_dummy, actual = data["double_dummy"], data["actual"]
    assert [(i["item"], i["made"], i["value"], i["scorer"]) for i in double_dummy["items"]] == [
        ("game", True, 4, "declarer"), ("A:arrivazs", True, 8, "declarer")]
    assert double_dummy["net"] == {"A": 24, "B": -12, "C": -12}
    assert [(i["item"], i["made"], i["value"], i["scorer"]) for i in actual["items"]] == [
        ("game", True, 4, "declarer"), ("A:arrivazs", False, 8, "defenders")]
    assert actual["net"] == {"A": -8, "B": 4, "C": 4}


def test_a_deal_without_arrivazs(runner, tmp_path):
    """The cli_support deal: clubs at bid 3 by A, nothing announced, no Play section."""
    path = write(tmp_path, "a.txt", ASSZORTI)
    data = one_json(runner.invoke(app, ["--json", "--scores", path]))
    assert (data["declarer_tricks"], data["score"]) == (7, 3)
    assert [i["item"] for i in data["scores"]["double_dummy"]["items"]] == ["game"]
    assert "no Play section" in data["scores"]["notes"]["actual"]


def test_interrupted_announcements_show_the_partial_result(runner, monkeypatch):
    real = analysis_of_asszorti.best_announcements

    def stopped_after_five(deal, progress=None, **kwargs):
        def stop(done, total):
            if done >= 5:
                raise KeyboardInterrupt

        return real(deal, progress=stop, **kwargs)

    patch_analysis(monkeypatch, find_game("asszorti"), "best_announcements", stopped_after_five)
    result = runner.invoke(app, ["--no-solve", "--announce", DEAL])
    assert result.exit_code == 130 and "interrupted" in result.stderr
    assert "interrupted: partial result (5 contracts)" in result.stdout
