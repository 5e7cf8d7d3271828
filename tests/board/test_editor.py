"""The board's deal editor, server side (issue 29 §2.6): ``POST /api/check`` reads an edited
deal (its fields, or its text) as the command line reads a deal file: a sound deal comes
back as ``alsos_solver.io.dumps`` writes it, a broken one with the reader's own message,
the tag it is in and the column in that tag's value; and the board starts without files."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from starlette.testclient import TestClient

from alsos_solver.board.app import make_app
from alsos_solver.board.editor import deal_text
from alsos_solver.cards import cards_of
from alsos_solver.io import DealFormatError, dumps, loads

from conftest import ROOT

BASE = "http://127.0.0.1:8765"


@pytest.fixture(scope="module")
def client():
    """A board without files: nothing but the page and an empty deal to edit."""
    with TestClient(make_app([]), base_url=BASE) as started:
        yield started


def check(client: TestClient, body: object):
    return client.post("/api/check", content=json.dumps(body))


def fields_of(path: str) -> tuple[dict, str]:
    """The fields of a file's first deal as the page sends them, and the deal as the writer
    writes it without its play."""
    deal = loads((ROOT / path).read_text(encoding="utf-8"))[0]
    name = deal.pack.card_name
    tags = dict(deal.tags)
    if deal.dealer is not None:
        tags["Dealer"] = deal.dealer
    text = str(deal)
    tag = dict(line[1:-1].split(" ", 1) for line in text.splitlines() if line.startswith("["))
    fields = {
        "game": deal.game.name,
        "hands": {seat: [name(card) for card in cards_of(deal.hands[seat])] for seat in deal.game.active},
        "talon": [name(card) for card in cards_of(deal.talon or 0)],
        "contract": json.loads(tag.get("Contract", '""')),
        "declarer": deal.declarer or "",
        "figures": json.loads(tag.get("Figures", '""')),
        "front": json.loads(tag.get("Front", '""')),
        "kontra": json.loads(tag.get("Kontra", '""')),
        "tags": tags,
    }
    return fields, dumps([replace(deal, play=[], play_leader=None)])


@pytest.mark.parametrize("path", ["puzzles/played.txt", "puzzles/asszorti.txt", "examples/altiansz.txt", "puzzles/example.txt"])
def test_a_sound_deal_comes_back_as_the_writer_writes_it(client, path):
    fields, written = fields_of(path)
    answer = check(client, fields)
    assert answer.status_code == 200
    assert answer.json() == {"text": written, "problems": []}
    assert check(client, {"text": written}).json() == {"text": written, "problems": []}
    assert dumps(loads(answer.json()["text"])) == written


def test_a_deal_text_with_its_play_comes_back_whole(client):
    text = (ROOT / "puzzles" / "played.txt").read_text(encoding="utf-8")
    answer = check(client, {"text": text}).json()
    assert answer == {"text": dumps(loads(text)), "problems": []}


PLAYED, _ = fields_of("puzzles/played.txt")


def changed(**changes) -> dict:
    fields = json.loads(json.dumps(PLAYED))
    for key, value in changes.items():
        if key in ("A", "B", "C"):
            fields["hands"][key] = value
        else:
            fields[key] = value
    return fields


A_HAND = PLAYED["hands"]["A"]
# (the change, the tag the reader's error is in): each kind of problem the editor can make.
PROBLEMS = {
    "short hand": (changed(A=A_HAND[:-1]), "Deal"),
    "card twice": (changed(B=[*PLAYED["hands"]["B"][:-1], A_HAND[0]]), "Deal"),
    "talon short": (changed(talon=PLAYED["talon"][:-1]), "Talon"),
    "unknown game": (changed(game="whist"), "Game"),
    "bad contract": (changed(contract="Q"), "Contract"),
    "no declarer": (changed(declarer=""), "Contract"),  # the reader locates it at the contract
    "declarer without contract": (changed(contract="", figures="", front="", kontra=""), "Declarer"),
    "unknown figure": (changed(figures="B:abszolut,foo"), "Figures"),
    "figure not held": (changed(figures="A:ultimo", front="", kontra=""), "Figures"),
    "front not announced": (changed(front="A:abszolut"), "Front"),
    "kontra order": (changed(kontra="game:bf"), "Kontra"),
    "betli kontra from the front": (changed(contract="BETLI", figures="", front="", kontra="game:f"), "Kontra"),
}


@pytest.mark.parametrize("name", list(PROBLEMS))
def test_each_problem_is_the_readers_message_at_its_tag(client, name):
    fields, tag = PROBLEMS[name]
    with pytest.raises(DealFormatError) as raised:
        loads(deal_text(fields), "deal")
    error = raised.value
    answer = check(client, fields).json()
    assert answer["text"] == deal_text(fields)
    [problem] = answer["problems"]
    assert problem["tag"] == tag
    assert problem["message"] == error.message
    assert problem["located"] == str(error)
    if problem["column"] is not None:
        value = next(line for line in deal_text(fields).splitlines() if line.startswith(f"[{tag} "))
        assert value.index('"') + 1 + problem["column"] == error.column


def test_the_column_is_counted_in_the_tags_value(client):
    [problem] = check(client, changed(figures="B:abszolut,foo")).json()["problems"]
    assert problem["column"] == len("B:abszolut,") + 1
    assert problem["message"].startswith("unknown figure 'foo'") or "foo" in problem["message"]


def test_an_empty_deal_of_each_game_says_what_the_hands_lack(client):
    for game, size in [("alsos", 9), ("alsos-2", 12), ("alsos-4", 9), ("asszorti", 11), ("altiansz", 9)]:
        [problem] = check(client, {"game": game}).json()["problems"]
        assert problem["tag"] == "Deal"
        assert problem["message"] == f"seat A holds 0 cards, expected {size}"


def test_a_text_of_two_deals_is_one_too_many(client):
    text = (ROOT / "puzzles" / "example.txt").read_text(encoding="utf-8")
    answer = check(client, {"text": text + "\n" + text}).json()
    assert answer["problems"] == [{"tag": None, "message": "expected one deal, found 2", "column": None,
                                   "located": "deal: expected one deal, found 2"}]


@pytest.mark.parametrize("body, words", [
    ([], "JSON object"),
    ({"text": 3}, "text must be"),
    ({"text": "x", "game": "alsos"}, "alone"),
    ({"gmae": "alsos"}, "unknown key 'gmae'"),
    ({"hands": {"A": "MA"}}, "hands must map"),
    ({"hands": {"A": ["QQ"]}}, "hands: seat A"),
    ({"hands": {"D": ["MA"]}}, "unknown seat 'D'"),
    ({"talon": ["MA", 7]}, "talon must be"),
    ({"contract": 5}, "contract must be a string"),
    ({"tags": {"Play": "A"}}, "tags may not give Play"),
    ({"tags": {"Event": "a\nb"}}, "one line"),
])
def test_a_bad_request_is_400_saying_why(client, body, words):
    answer = check(client, body)
    assert answer.status_code == 400
    assert words in answer.json()["error"]


def test_not_json_and_too_large(client):
    answer = client.post("/api/check", content=b"{")
    assert answer.status_code == 400 and "not JSON" in answer.json()["error"]
    answer = client.post("/api/check", content=json.dumps({"text": "x" * 70_000}))
    assert answer.status_code == 413


def test_a_board_without_files_serves_no_deals(client):
    assert client.get("/api/deals").json() == {"deals": []}
    assert client.get("/static/editor.js").status_code == 200
    assert client.get("/static/editlogic.js").status_code == 200


def test_a_trick_line_is_at_play_and_a_deal_without_deal_tag_at_none(client):
    text = (ROOT / "puzzles" / "played.txt").read_text(encoding="utf-8").replace("M8 MU MA", "M8 MU PA")
    with pytest.raises(DealFormatError) as raised:
        loads(text, "deal")
    [problem] = check(client, {"text": text}).json()["problems"]
    assert (problem["tag"], problem["message"], problem["located"]) == ("Play", raised.value.message, str(raised.value))
    [problem] = check(client, {"text": '[Contract "P"]\n'}).json()["problems"]
    assert problem["tag"] is None and problem["column"] is None
    assert problem["located"].startswith("deal:1: no Deal tag")
