"""The board's analyses of a whole deal (alsos_solver.board.analyses, issue 29 §2.4, §2.5):
``POST /api/table`` is ``alsos-solve FILE --table --json`` with the game's columns and each
entry's deal, ``POST /api/review`` is ``--review --json`` with each mistake's index in the
play, both within the analyses' own time limit; and what a position's answer says of the
points (``counts_points``, each trick's ``points`` as ``--line`` gives them)."""

from __future__ import annotations

import json
import sys
import time

import pytest
from starlette.testclient import TestClient

from alsos_solver.board import worker as worker_module
from alsos_solver.board.app import make_app
from alsos_solver.board.positions import position_values
from alsos_solver.cli import app as default_app
from alsos_solver.io import loads

from cli_support import ok, write
from conftest import ROOT

GAME_DEALS = {
    "alsos": (ROOT / "puzzles" / "played.txt").read_text(encoding="utf-8"),
    "alsos-2": (ROOT / "benchmarks" / "deals-alsos-2.txt").read_text(encoding="utf-8").split("\n\n")[0] + "\n",
    "asszorti": (ROOT / "puzzles" / "asszorti.txt").read_text(encoding="utf-8"),
    "altiansz": (ROOT / "examples" / "altiansz.txt").read_text(encoding="utf-8"),
}
"""A deal of each game family, and a two-seat Alsós deal; the first and the third with a Play section."""

BASE = "http://127.0.0.1:8765"
PLAYED = GAME_DEALS["alsos"]
BOARD_KEYS = ("cells", "deal")
"""What the board adds to an entry of the table."""
MISTAKE_KEYS = ("index", "label", "sentence")
"""What the board adds to a mistake of the review."""
SLOW_TABLE_CHILD = """
import time
from alsos_solver.board import analyses, worker
real = analyses.table_answer
def slow(deal):
    time.sleep(2)
    return real(deal)
analyses.table_answer = slow
worker.main()
"""
"""The solving process, but a contract table takes two seconds more."""


@pytest.fixture(scope="module")
def client():
    with TestClient(make_app([]), base_url=BASE) as started:
        yield started


def cli_json(tmp_path, runner, text: str, *options: str) -> dict:
    path = write(tmp_path, "deal.txt", text)
    (data,) = json.loads(ok(runner.invoke(default_app, [path, "--no-solve", *options, "--json"])))
    return data


def without(data: dict, keys: tuple[str, ...]) -> dict:
    return {key: value for key, value in data.items() if key not in keys}


# What a position says of the points


@pytest.mark.parametrize("game", GAME_DEALS)
def test_each_trick_is_worth_what_line_json_says(tmp_path, runner, game):
    text = GAME_DEALS[game]
    line = cli_json(tmp_path, runner, text, "--line", "--after", "0")["line"]
    play = [card for trick in line for card in trick["cards"]]
    answer = position_values(text, play[:-1], None)  # the last trick open
    assert [trick["points"] for trick in answer["tricks"]] == [trick["points"] for trick in line[:-1]] + [None]
    assert [trick["winner"] for trick in answer["tricks"]] == [trick["winner"] for trick in line[:-1]] + [None]


@pytest.mark.parametrize(("game", "contract", "counts"), [
    ("alsos", "P", True), ("alsos", "BETLI", False), ("alsos", "KLOPITZKY", False),
    ("asszorti", None, False), ("altiansz", None, True), ("alsos-2", None, True),
])
def test_the_answer_says_whether_the_play_counts_points(game, contract, counts):
    text = GAME_DEALS[game]
    if contract is not None:  # the hands of played.txt in another contract
        text = text.split("[Contract")[0] + f'[Contract "{contract}"]\n' + ("" if contract == "KLOPITZKY" else '[Declarer "B"]\n')
    assert position_values(text, [], None)["counts_points"] is counts


# The contract table


@pytest.mark.parametrize("game", ["alsos", "asszorti", "altiansz"])
def test_the_table_is_that_of_table_json(client, tmp_path, runner, game):
    text = GAME_DEALS[game]
    answer = client.post("/api/table", content=json.dumps({"deal": text}))
    assert answer.status_code == 200, answer.text
    table = answer.json()
    expected = cli_json(tmp_path, runner, text, "--table")
    assert [without(entry, BOARD_KEYS) for entry in table["table"]] == expected["table"]
    assert table["complete"] is expected["complete"] is True
    for once in table["once"]:
        assert once["answers"] == expected[once["key"]]
    deal = loads(text)[0]
    assert table["seats"] == list(deal.game.active)
    assert [contract["token"] for contract in table["contracts"]] == list(deal.game.table_contracts(deal.options))
    shown = [column for column in deal.game.views.table_columns if any(entry.get(column[0]) is not None for entry in expected["table"])]
    assert [(column["key"], column["heading"]) for column in table["columns"]] == [(key, heading) for key, heading, _, _ in shown]


def test_each_entry_has_its_cells_and_the_deal_it_answers(client):
    table = client.post("/api/table", content=json.dumps({"deal": PLAYED})).json()
    assert [column["key"] for column in table["columns"]] == ["declarer_points", "game", "figures", "betli"]
    first = table["table"][0]  # A in acorns: 37 points, no game, no figure
    assert (first["declarer"], first["contract"]) == ("A", "M")
    assert first["cells"] == {"declarer_points": "37", "game": "✗", "figures": "—"}
    original = loads(PLAYED)[0]
    for entry in table["table"]:
        deal = loads(entry["deal"])[0]
        assert deal.declarer == entry["declarer"] and deal.contract == original.game.parse_contract(entry["contract"])
        assert deal.play == [] and deal.figures == {} and deal.hands == original.hands and deal.talon == original.talon
    assert table["contracts"][1] == {"token": "P", "label": "♥ hearts"}
    assert table["once"] == [{"key": "klopitzky_safe", "heading": "Klopitzky, can each seat avoid paying?",
                              "answers": {"A": False, "B": False, "C": True}}]


def test_a_deal_without_a_contract_has_a_table_and_a_bad_one_a_located_error(client):
    no_contract = PLAYED.split("[Contract")[0]
    assert client.post("/api/table", content=json.dumps({"deal": no_contract})).status_code == 200
    bad = client.post("/api/table", content=json.dumps({"deal": '[Deal "A:87"]\n'}))
    assert bad.status_code == 400 and bad.json()["error"].startswith("deal:1:")
    for body in ({"deal": 3}, {"deal": PLAYED, "play": []}, []):
        answer = client.post("/api/table", content=json.dumps(body))
        assert answer.status_code == 400 and "deal" in answer.json()["error"]


def test_the_table_has_its_own_longer_time_limit(monkeypatch):
    monkeypatch.setattr(worker_module, "CHILD", [sys.executable, "-c", SLOW_TABLE_CHILD])
    with TestClient(make_app([], timeout=0.5, analysis_timeout=30), base_url=BASE) as client:
        assert client.post("/api/table", content=json.dumps({"deal": PLAYED})).status_code == 200
    with TestClient(make_app([], timeout=0.5, analysis_timeout=1), base_url=BASE) as client:
        started = time.monotonic()
        answer = client.post("/api/table", content=json.dumps({"deal": PLAYED}))
        assert answer.status_code == 503
        assert answer.json()["error"] == "the question took more than 1 s: its search was stopped"
        assert time.monotonic() - started < 2
        assert client.post("/api/position", content=json.dumps({"deal": PLAYED})).status_code == 200


# The play review


@pytest.mark.parametrize("game", ["alsos", "asszorti"])
def test_the_review_is_that_of_review_json(client, tmp_path, runner, game):
    text = GAME_DEALS[game]
    answer = client.post("/api/review", content=json.dumps({"deal": text}))
    assert answer.status_code == 200, answer.text
    review = answer.json()
    expected = cli_json(tmp_path, runner, text, "--review")
    assert [without(mistake, MISTAKE_KEYS) for mistake in review["review"]] == expected["review"]
    assert review["items"] == expected["items"] and review["history"] == expected["history"]


def test_each_mistake_has_its_index_in_the_play_and_its_reason(client):
    review = client.post("/api/review", content=json.dumps({"deal": PLAYED})).json()
    play = PLAYED.split('[Play "A"]\n')[1].split()
    assert [mistake["index"] for mistake in review["review"]] == [5, 5, 7, 20]
    for mistake in review["review"]:
        assert play[mistake["index"]] == mistake["card"]
        assert mistake["index"] == (mistake["trick"] - 1) * 3 + mistake["position"] - 1
    assert review["review"][0]["sentence"] == "trick 2, B played PU: B's abszolut went from made to lost; PK or PO kept it made"


def test_a_deal_without_play_has_nothing_to_review(client):
    answer = client.post("/api/review", content=json.dumps({"deal": PLAYED.split("[Play")[0]}))
    assert answer.status_code == 400
    assert answer.json()["error"] == "review: no Play section: nothing to review"


# The single-dummy review of a seat


def test_with_a_seat_the_review_adds_its_single_dummy_review(client, runner):
    """``seat_review`` is ``alsos-solve review FILE --seat SEAT --json`` with each
    decision's index in the Play section; the double-dummy review is as without a seat."""
    from alsos_solver.review_command import app as review_app

    answer = client.post("/api/review", content=json.dumps({"deal": PLAYED, "seat": "b"}))
    assert answer.status_code == 200, answer.text
    review = answer.json()
    alone = client.post("/api/review", content=json.dumps({"deal": PLAYED})).json()
    assert without(review, ("seat_review",)) == alone and "seat_review" not in alone
    expected = json.loads(ok(runner.invoke(review_app, [str(ROOT / "puzzles" / "played.txt"), "--seat", "B", "--json"])))
    seat_review = review["seat_review"]
    assert [without(decision, ("index",)) for decision in seat_review["decisions"]] == expected["decisions"]
    assert without(seat_review, ("decisions",)) == without(expected, ("decisions",))
    play = PLAYED.split('[Play "A"]\n')[1].split()
    indices = [decision["index"] for decision in seat_review["decisions"]]
    assert indices == [1, 5, 6, 11, 13, 15, 20, 22, 24]
    assert all(play[index] == decision["played"] for index, decision in zip(indices, seat_review["decisions"]))


def test_a_bad_seat_is_a_located_error(client):
    unknown = client.post("/api/review", content=json.dumps({"deal": PLAYED, "seat": "X"}))
    assert unknown.status_code == 400
    assert unknown.json()["error"] == "review of X: unknown seat 'X' (expected one of A B C)"
    for body in ({"deal": PLAYED, "seat": 3}, {"deal": PLAYED, "seat": "B", "play": []}):
        answer = client.post("/api/review", content=json.dumps(body))
        assert answer.status_code == 400 and "seat" in answer.json()["error"]


KLOPITZKY_PLAYED = """\
[Deal "A:O.KX7.AX7.U7 KUX87.U9..AO 9.A.KOU8.K98"]
[Contract "KLOPITZKY"]
[Play "A"]
MO MK M9
MU PA PK
MX TK PX
M8 TO P7
M7 TU TA
PU T8 TX
P9 ZK T7
ZA Z9 ZU
ZO Z8 Z7
"""
"""cli_support.KLOPITZKY played out, each time the first legal card in pack order."""


def test_a_seat_with_nothing_to_review_leaves_the_flags_standing(client):
    answer = client.post("/api/review", content=json.dumps({"deal": KLOPITZKY_PLAYED, "seat": "A"}))
    assert answer.status_code == 200, answer.text
    review = answer.json()
    assert review["seat_review"] == {"seat": "A", "error": "review of A: no item for A to review in this contract"}
    assert without(review, ("seat_review",)) == client.post("/api/review", content=json.dumps({"deal": KLOPITZKY_PLAYED})).json()
