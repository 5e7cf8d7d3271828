"""Puzzle mode of the board (issue 29 §2.8, alsos_solver.board.puzzle and static/puzzle.js):
``GET /api/deals`` tells a puzzle by its goal and side; ``POST /api/puzzle`` judges the last
card of the puzzle's side as ``alsos-solve play`` does (alsos_solver.puzzles.play.Session:
wrong at once, the refutation as ``why`` shows it, the defence's best cards), in the solving
process within the time limit; in the browser a puzzle of the list opens with the values
hidden, a wrong card is called wrong with its refutation on request, and the solution is
shown and stepped through."""

from __future__ import annotations

import json
import re
import sys
import time

import pytest
from starlette.testclient import TestClient

from alsos_solver.board import worker as worker_module
from alsos_solver.board.app import make_app
from alsos_solver.io import load
from alsos_solver.puzzles.play import Session
from alsos_solver.puzzles.puzzle import Puzzle

from conftest import ROOT

BASE = "http://127.0.0.1:8765"
PUZZLES_FILE = ROOT / "puzzles" / "collection" / "trump.txt"
EXAMPLE_FILE = ROOT / "puzzles" / "example.txt"
SLOW_CHILD = """
import time
from alsos_solver.board import puzzle, worker
def slow(deal, play, warm=None):
    time.sleep(60)
puzzle.puzzle_verdict = slow
worker.main()
"""
"""The solving process, but a puzzle's question takes a minute."""


def the_puzzle(index: int = 0) -> Puzzle:
    return Puzzle.of(load(PUZZLES_FILE)[index])


def names(puzzle: Puzzle, cards) -> list[str]:
    return [puzzle.deal.pack.card_name(card) for card in cards]


@pytest.fixture(scope="module")
def client():
    with TestClient(make_app([str(PUZZLES_FILE), str(EXAMPLE_FILE)]), base_url=BASE) as started:
        yield started


def ask(client: TestClient, deal: str, play: list[str], **extra):
    return client.post("/api/puzzle", content=json.dumps({"deal": deal, "play": play, **extra}))


def why_cards(session: Session) -> list[str]:
    """The cards of ``why``'s line after the wrong card (its first trick from that card on)."""
    lines = session.why().splitlines()[1:]
    cards = [card for line in lines for card in re.match(r"trick \d+: \S+ leads ([^,]+)", line).group(1).split()]
    wrong = session.name(session.played[session.wrong])
    return cards[cards.index(wrong) + 1:]


def test_the_deal_list_tells_a_puzzle_by_its_goal_and_side(client):
    deals = client.get("/api/deals").json()["deals"]
    puzzles = [deal for deal in deals if deal["file"] == str(PUZZLES_FILE)]
    assert puzzles and all(deal["puzzle"] is not None for deal in puzzles)
    for deal, puzzle in zip(puzzles, map(Puzzle.of, load(PUZZLES_FILE))):
        entry = deal["puzzle"]
        assert entry["goal"] == puzzle.goal and entry["to_move"] == puzzle.to_move
        assert entry["start"] == puzzle.after and entry["solution"] is True
        assert puzzle.to_move in entry["side"]
    assert [deal["puzzle"] for deal in deals if deal["file"] == str(EXAMPLE_FILE)] == [None]


def test_every_first_card_is_judged_as_alsos_solve_play_judges_it(client):
    puzzle = the_puzzle()
    start = names(puzzle, puzzle.deal.play)
    legal = names(puzzle, Session(puzzle).probe.legal())
    verdicts = {}
    for card in legal:
        answer = ask(client, str(puzzle.deal), [*start, card])
        assert answer.status_code == 200, answer.text
        answer = answer.json()
        session = Session(puzzle)
        message = session.play(card)
        assert answer["card"] == card and answer["goal"] == puzzle.goal
        verdicts[card] = answer["verdict"]
        assert (answer["verdict"] == "wrong") == ("is wrong" in message)
        if answer["verdict"] == "wrong":
            assert answer["refutation"]["cards"] == why_cards(session)
        else:
            assert answer["refutation"] is None
        defence = []
        while not session.over and not session.users_turn():
            session.defend()
            defence.append(session.name(session.played[-1]))
        assert answer["defence"] == defence and defence
    assert {card for card, verdict in verdicts.items() if verdict == "right"} == set(names(puzzle, puzzle.solution))
    assert "wrong" in verdicts.values()


def test_a_card_after_a_wrong_one_is_lost_and_the_play_ends_unsolved(client):
    puzzle = the_puzzle()
    start = names(puzzle, puzzle.deal.play)
    wrong = next(card for card in names(puzzle, Session(puzzle).probe.legal()) if card not in names(puzzle, puzzle.solution))
    play = [*start, wrong]
    answer = ask(client, str(puzzle.deal), play).json()
    verdicts = [answer["verdict"]]
    while True:
        play += answer["defence"]
        if answer["over"]:
            break
        session = Session(puzzle)
        for card in play[len(start):]:
            session.play(card)
        play.append(session.name(session.probe.legal()[0]))
        answer = ask(client, str(puzzle.deal), play).json()
        verdicts.append(answer["verdict"])
    assert verdicts[0] == "wrong" and len(verdicts) > 1 and set(verdicts[1:]) == {"lost"}
    assert answer["solved"] is False


def test_the_solution_line_solves_the_puzzle(client):
    puzzle = the_puzzle()
    play = names(puzzle, puzzle.deal.play)
    session = Session(puzzle)
    answer = None
    while not session.over:
        hint = re.match(r"hint: (\S+) reaches the goal", session.hint()).group(1)
        session.play(hint)
        play.append(hint)
        answer = ask(client, str(puzzle.deal), play).json()
        assert answer["verdict"] == "right" and answer["card"] == hint
        for card in answer["defence"]:
            session.play(card)
        play += answer["defence"]
    assert answer["over"] is True and answer["solved"] is True


def test_bad_puzzle_questions_are_refused_with_the_reason(client):
    puzzle = the_puzzle()
    text, start = str(puzzle.deal), names(puzzle, puzzle.deal.play)
    example = EXAMPLE_FILE.read_text(encoding="utf-8")
    refused = {
        "not a puzzle": ask(client, example, []),
        "begins with the 15 cards": ask(client, text, start[:3]),
        "card 16 (PA): not a legal card": ask(client, text, [*start, "PA"]),
        "unknown key 'question'": ask(client, text, start, question="game"),
    }
    for words, answer in refused.items():
        assert answer.status_code == 400 and words in answer.json()["error"], (words, answer.text)


def test_a_puzzle_question_over_the_time_limit_is_stopped(monkeypatch):
    monkeypatch.setattr(worker_module, "CHILD", [sys.executable, "-c", SLOW_CHILD])
    puzzle = the_puzzle()
    with TestClient(make_app([], timeout=1.0), base_url=BASE) as client:
        started = time.monotonic()
        answer = ask(client, str(puzzle.deal), names(puzzle, puzzle.deal.play))
        assert answer.status_code == 503
        assert "took more than 1 s" in answer.json()["error"]
        assert time.monotonic() - started < 30
