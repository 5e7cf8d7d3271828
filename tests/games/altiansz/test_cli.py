"""Altiansz on the command line: the result of each kind of contract, and every analysis
(--question, --cards, --line, --after, --review, --table, --announce, --scores), in the
rich view and in --json. The numbers of the example deal (examples/altiansz.txt) are
pinned: a golden deal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from alsos_solver.cli import app

from cli_support import ALTIANSZ, write
from conftest import ROOT

EXAMPLE = str(ROOT / "examples" / "altiansz.txt")
LOW_HAND = "987.87.87.87"
"""The lowest two or three cards of every suit: no trick can be won with them."""
KLOPITZKY = f"""\
[Game "altiansz"]
[Deal "A:{LOW_HAND} AKO.AKO.A.AK UX.UX9.KO.OU"]
[Talon "TU TX T9 ZX Z9"]
[Contract "klopitzky"]
"""
"""A takes no trick, so no card point: he wins klopitzky, whatever B and C do."""
PLAYED_KLOPITZKY = '[Play "A"]\nM9 MA MX\nMK MU M8\nMO PX M7\nPA PU P8\nPK P9 P7\nPO TK T8\nTA TO T7\nZA ZO Z8\nZK ZU Z7\n'
"""B takes every trick."""
BETLI = KLOPITZKY.replace('"klopitzky"', '"betli"') + '[Declarer "A"]\n'
"""A leads his lowest cards and the others must beat them: the betli is made."""
CONTRACTS = {
    "solo": True, "ultimo": True, "golden-aces": False, "game": True, "game-trull": False, "game-ultimo": True,
    "game-sneak": True, "150": False, "absolute": False, "200": False, "volat": False,
}
"""What C can make in bells in the example deal."""


def ok(result) -> str:
    assert result.exit_code == 0, result.output
    return result.stdout


def one_json(runner, *args: str) -> dict:
    (data,) = json.loads(ok(runner.invoke(app, ["--json", *args])))
    return data


def test_the_example_deal_is_solved(runner):
    data = one_json(runner, EXAMPLE)
    assert (data["declarer_points"], data["made"], data["contracts"]) == (80, True, CONTRACTS)
    assert data["melds"] == {"A": 0, "B": 30, "C": 0}  # B's terc in leaves scores in a game contract
    out = " ".join(ok(runner.invoke(app, [EXAMPLE])).split())
    assert "Contract game-sneak ♦ bells: won ✓" in out and "golden-aces ✗" in out


def test_no_trump_contracts_ask_no_trump_contracts(runner, tmp_path):
    text = Path(EXAMPLE).read_text().replace("game-sneak T", "150 NT").replace('[Play "C"]', "").split("\nMA")[0]
    data = one_json(runner, write(tmp_path, "nt.txt", text + "\n"))
    assert data["made"] is False and set(data["contracts"]) == {"solo", "game", "150", "absolute", "200", "volat"}
    assert data["melds"] == {"A": 0, "B": 0, "C": 30}  # only the declarer scores melds in 150: C's 9-8-7


def test_betli_and_klopitzky(runner, tmp_path):
    assert one_json(runner, write(tmp_path, "b.txt", BETLI))["betli"] is True
    data = one_json(runner, write(tmp_path, "k.txt", KLOPITZKY))
    assert data["klopitzky_win"] == {"A": True, "B": False, "C": False}
    assert data["melds"] == {"A": 0, "B": 0, "C": 0}
    brief = ok(runner.invoke(app, ["--brief", write(tmp_path, "k.txt", KLOPITZKY)]))
    assert "wins: A ✓ B ✗ C ✗" in brief


def test_question_cards_line_after(runner):
    data = one_json(runner, "--no-solve", "--cards", "--line", "--after", "24", "--question", "ultimo", EXAMPLE)
    assert (data["question"], data["to_move"], data["cards"], data["value"]) == ("ultimo", "C", {"T7": True}, True)
    assert data["line"] == [{"trick": 9, "leader": "C", "cards": ["T7", "Z7", "ZK"], "winner": "C", "points": 10}]
    data = one_json(runner, "--no-solve", "--cards", "--question", "golden-aces", EXAMPLE)
    assert not any(data["cards"].values())


DEFENDED = """\
[Game "altiansz"]
[Deal "A:X7.AO.K.AO98 AU98.U7.X98. K.X98.AOU.KX"]
[Talon "MO PK T7 ZU Z7"]
[Contract "game P"]
[Declarer "B"]
[Play "B"]
MA MK MX
MU P9 M7
P8 PO PU
M9 PX PA
TK TX TA
"""
"""The game in hearts by B, five tricks played: C, to lead, beats it with the king of leaves only."""


def test_defeat_from_the_defenders_side(runner, tmp_path):
    """``defeat``: the declarer fails the deal's contract; C's cards and the line say so,
    each card the opposite of its value for the contract."""
    path = write(tmp_path, "d.txt", DEFENDED)
    data = one_json(runner, "--no-solve", "--cards", "--line", "--after", "15", "--question", "defeat", path)
    assert (data["question"], data["to_move"], data["value"]) == ("defeat", "C", True)
    assert data["cards"] == {"TO": False, "TU": False, "ZX": False, "ZK": True}
    game = one_json(runner, "--no-solve", "--cards", "--after", "15", "--question", "game", path)
    assert game["cards"] == {card: not value for card, value in data["cards"].items()}
    out = ok(runner.invoke(app, ["--no-solve", "--line", "--after", "15", "--question", "game_defeated", path]))
    assert "defeat after 15 cards" in out


def test_defeat_of_an_ultimo(runner, tmp_path):
    """Ultimó's goal holds a card the declarer must win the last trick with: its defeat
    is the ultimó's answer negated (the cli_support deal, which C cannot make)."""
    data = one_json(runner, "--no-solve", "--line", "--question", "defeat", write(tmp_path, "u.txt", ALTIANSZ))
    assert data["value"] is True


@pytest.mark.parametrize(("question", "message"), [
    ("game-trull", "game-trull is played with trumps, the contract is game NT"),
    ("betli", "betli is asked of a betli deal"),
    ("kassza", "unknown question 'kassza'"),
    ("together:defeat+points:A>=10", "defeat is answered as game negated, and cannot be played together"),
])
def test_questions_that_do_not_fit(runner, tmp_path, question, message):
    text = Path(EXAMPLE).read_text().replace("game-sneak T", "game NT").split('[Play "C"]')[0]
    result = runner.invoke(app, ["--no-solve", "--cards", "--question", question, write(tmp_path, "nt.txt", text)])
    assert result.exit_code == 2 and message in " ".join(result.output.split())


def test_klopitzky_question_per_seat(runner, tmp_path):
    path = write(tmp_path, "k.txt", KLOPITZKY)
    data = one_json(runner, "--no-solve", "--line", "--question", "klopitzky:B", path)
    assert data["question"] == "klopitzky:B" and data["value"] is False
    result = runner.invoke(app, ["--no-solve", "--line", "--question", "defeat", path])
    assert result.exit_code == 2 and "defeat needs a contract with a declarer, the contract is klopitzky" in result.stderr


def test_review(runner):
    data = one_json(runner, "--no-solve", "--review", EXAMPLE)
    assert data["items"] == {"C game-sneak": "made"} and data["review"] == []


def test_review_of_klopitzky(runner, tmp_path):
    """B's ace in the first trick lets C take no card point either: C's klopitzky turns won."""
    data = one_json(runner, "--no-solve", "--review", write(tmp_path, "k.txt", KLOPITZKY + PLAYED_KLOPITZKY))
    assert data["items"] == {"A klopitzky": "made", "B klopitzky": "lost", "C klopitzky": "made"}
    assert [(change["seat"], change["card"], change["item"]) for change in data["review"]] == [("B", "MA", "C klopitzky")]


def test_table(runner):
    data = one_json(runner, "--no-solve", "--table", EXAMPLE)
    rows = {(entry["declarer"], entry["contract"]): entry for entry in data["table"]}
    assert len(rows) == 3 * 6 and data["complete"]
    assert rows["C", "game T"]["declarer_points"] == 80 and rows["C", "game T"]["contracts"] == CONTRACTS
    assert rows["A", "betli"] == {"declarer": "A", "contract": "betli", "betli": False}
    assert data["klopitzky_win"] == {"A": False, "B": False, "C": False}
    out = ok(runner.invoke(app, ["--no-solve", "--table", EXAMPLE]))
    assert "contracts the declarer can make" in out and "solo ultimo game game-ultimo" in out
    assert "figures" not in out and "Klopitzky, can each seat win?" in out


def test_announce(runner, tmp_path):
    data = one_json(runner, "--no-solve", "--announce", EXAMPLE)["announcements"]
    assert data["best"] == ["game-sneak T"] and data["betli"] is False
    assert data["contracts"]["T"] == [name for name, made in CONTRACTS.items() if made]
    assert data["contracts"]["NT"] == ["solo", "game"]
    assert "Best: game-sneak T" in ok(runner.invoke(app, ["--no-solve", "--announce", EXAMPLE]))
    assert one_json(runner, "--no-solve", "--announce", write(tmp_path, "b.txt", BETLI))["announcements"]["best"] == ["betli"]
    front = one_json(runner, "--no-solve", "--announce", "--front", EXAMPLE)
    assert front["notes"]["announcements"] == "altiansz has no announcements from the front"


def test_scores(runner, tmp_path):
    scores = one_json(runner, "--no-solve", "--scores", EXAMPLE)["scores"]
    for which in ("double_dummy", "actual"):
        assert scores[which]["net"] == {"A": 0, "B": 0, "C": 1}
        assert scores[which]["items"][0] | {"made": True} == scores[which]["items"][0]
    played = "\n".join(["MA MU MX", "MK M9 M8", "PA PO PX", "T9 TA TO", "TX P9 M7", "TK P7 PK", "Z9 ZO ZA",
                        "ZX T8 Z8", "T7 Z7 ZK"])
    assert played in Path(EXAMPLE).read_text()
    klopitzky = KLOPITZKY + PLAYED_KLOPITZKY
    scores = one_json(runner, "--no-solve", "--scores", write(tmp_path, "k.txt", klopitzky))["scores"]
    assert "klopitzky has no double-dummy score" in scores["notes"]["double_dummy"]
    # B takes every trick: A and C tie with no card point, and both win
    assert scores["actual"]["net"] == {"A": 1, "B": 0, "C": 1} and scores["actual"]["items"][0]["winners"] == ["A", "C"]
    out = " ".join(ok(runner.invoke(app, ["--no-solve", "--scores", write(tmp_path, "k.txt", klopitzky)])).split())
    assert "klopitzky │ A C win" in out
