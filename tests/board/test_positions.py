"""The board's values of a position (alsos_solver.board.positions): the same values as
``alsos-solve FILE --cards --json`` in every game, the play so far, and the located errors
of a bad deal, play or question."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from alsos_solver.board.positions import BoardError, WarmSolvers, position_values, read_deal
from alsos_solver.cli import app as default_app
from alsos_solver.io import loads

from cli_support import ALSOS_4, ok, write
from conftest import ROOT



def first_deal(path: str) -> str:
    return (ROOT / path).read_text(encoding="utf-8").split("\n\n")[0] + "\n"


GAME_DEALS = {
    "alsos": (ROOT / "puzzles" / "played.txt").read_text(encoding="utf-8"),
    "alsos-2": first_deal("benchmarks/deals-alsos-2.txt"),
    "alsos-4": ALSOS_4,
    "asszorti": (ROOT / "puzzles" / "asszorti.txt").read_text(encoding="utf-8"),
    "altiansz": (ROOT / "examples" / "altiansz.txt").read_text(encoding="utf-8"),
}
"""A deal of each game, the first three without their own Play section."""
QUESTIONS = {"alsos": "B:ultimo", "alsos-2": "game", "alsos-4": "defeat", "asszorti": "tricks", "altiansz": "defeat"}
"""A question other than the default for each game."""


def cards_json(tmp_path, deal_text: str, play: list[str], question: str | None, runner) -> dict:
    """``alsos-solve FILE --cards --after N --json`` for the deal with ``play`` as its Play section."""
    deal = loads(deal_text)[0]
    played = replace(deal, play=[deal.pack.card_of(card) for card in play], play_leader=None)
    path = write(tmp_path, "deal.txt", str(played) + "\n")
    options = ["--question", question] if question else []
    result = runner.invoke(default_app, [path, "--no-solve", "--cards", "--after", str(len(play)), "--json", *options])
    (data,) = json.loads(ok(result))
    return data


def best_line(deal_text: str, cards: int, question: str | None = None) -> list[str]:
    """The first ``cards`` cards of a line of best play (each time the first best card)."""
    play: list[str] = []
    for _ in range(cards):
        answer = position_values(deal_text, play, question)
        play.append(next(card["card"] for card in answer["cards"] if card["best"]))
    return play


@pytest.mark.parametrize("game", GAME_DEALS)
@pytest.mark.parametrize("after", [0, 4, 8])
@pytest.mark.parametrize("asked", ["default", "other"])
def test_the_values_are_those_of_cards_json_in_every_game(tmp_path, runner, game, after, asked):
    text = GAME_DEALS[game]
    question = QUESTIONS[game] if asked == "other" else None
    play = best_line(text, after, question)
    answer = position_values(text, play, question, WarmSolvers())
    expected = cards_json(tmp_path, text, play, question, runner)
    assert answer["to_move"] == expected["to_move"]
    assert answer["question"] == expected["question"]
    assert {card["card"]: card["value"] for card in answer["cards"]} == expected["cards"]
    assert [card["card"] for card in answer["cards"]] == list(expected["cards"])  # the display order
    groups = [[card["card"] for card in answer["cards"] if card["group"] == index] for index in range(len(expected["groups"]))]
    assert [[group, expected["cards"][group[0]]] for group in groups] == expected["groups"]
    assert answer["value"] == expected["position_value"]
    assert {card["card"] for card in answer["cards"] if card["best"]} == {
        card for card, value in expected["cards"].items() if value == expected["position_value"]}


def test_warm_solvers_answer_any_order_of_positions_as_fresh_ones():
    """One Solver per deal, moved back and forth between positions and questions, gives
    the values a fresh one gives."""
    text = GAME_DEALS["alsos"]
    line = text.split('[Play "A"]\n')[1].split()
    warm = WarmSolvers()
    for after, question in [(6, None), (2, "B:ultimo"), (9, None), (0, "B:abszolut"), (9, "B:ultimo"), (3, None)]:
        assert position_values(text, line[:after], question, warm) == position_values(text, line[:after], question)
    assert len(warm.solvers) == 1


def test_warm_solvers_keep_the_deals_used_last():
    warm = WarmSolvers(size=2)
    texts = [GAME_DEALS[game] for game in ("alsos", "asszorti", "altiansz")]
    for text in texts + texts[2:]:
        position_values(text, [], None, warm)
    assert list(warm.solvers) == texts[1:]


def test_the_play_so_far_trick_by_trick_with_winners_points_and_tricks():
    answer = position_values(GAME_DEALS["alsos"], ["M8", "MU", "MA", "MO"], None)
    assert answer["trick"] == 2 and answer["after"] == 4 and answer["to_move"] == "A"
    assert answer["tricks"] == [
        {"leader": "A", "cards": ["M8", "MU", "MA"], "winner": "C", "points": 13},
        {"leader": "C", "cards": ["MO"], "winner": None, "points": None},
    ]
    assert answer["counts_points"] is True
    assert answer["points"] == {"A": 0, "B": 0, "C": 13}  # MA 11 + MU 2 (docs/rules.md)
    assert answer["tricks_won"] == {"A": 0, "B": 0, "C": 1}


def test_tricks_in_a_game_without_card_points():
    text = GAME_DEALS["asszorti"]
    line = text.split('[Play "C"]\n')[1].split()
    answer = position_values(text, line[:6], "tricks")
    assert answer["tricks_won"] == {"A": 1, "B": 0, "C": 1}
    assert answer["kind"] == "value" and answer["question"] == "tricks" and answer["unit"] == "tricks"


def test_a_yes_no_question_gives_true_or_false():
    answer = position_values(GAME_DEALS["alsos"], [], "B:ultimo")
    assert answer["kind"] == "yes_no" and answer["unit"] == ""
    assert {card["value"] for card in answer["cards"]} <= {True, False}
    assert answer["value"] is True


def test_a_finished_play_has_no_card_to_value():
    text = GAME_DEALS["alsos"]
    line = text.split('[Play "A"]\n')[1].split()
    answer = position_values(text, line, None)
    assert answer["cards"] == [] and answer["to_move"] is None and answer["value"] is None
    assert answer["trick"] == 10 and len(answer["tricks"]) == 9
    final = read_deal(text).played_position()
    assert answer["points"] == dict(zip("ABC", final.points)) and answer["tricks_won"] == dict(zip("ABC", final.tricks_won))


@pytest.mark.parametrize(("deal", "play", "question", "message"), [
    ('[Deal "A:x"]', [], None, "deal:1:10: a hand needs 4 suit groups"),
    (GAME_DEALS["alsos-4"] + "\n" + GAME_DEALS["alsos-4"], [], None, "deal: expected one deal, found 2"),
    ("", [], None, "deal: expected one deal, found 0"),
    ('[Deal "A:87.AX.K97.KX B:U.KOU7.AX.A7 C:AO9.98.O.U98"]\n[Talon "MK MX TU T8 ZO"]\n', [], None,
     "deal: no contract: there is no play to analyse"),
    (GAME_DEALS["alsos"], ["M8", "MK"], None, "play: card 2 (MK): MK is not in seat B's hand"),
    (GAME_DEALS["alsos"], ["M8", "PU"], None, "play: card 2 (PU): B must follow M but played PU (revoke)"),
    (GAME_DEALS["alsos"], ["Q8"], None, "play: card 1 (Q8): unknown card 'Q8'"),
    (GAME_DEALS["alsos"], [], "nonsense", "question nonsense: unknown question 'nonsense'"),
    (GAME_DEALS["alsos"], [], "klopitzky:A", "question klopitzky:A: question 'klopitzky:A' needs a KLOPITZKY contract"),
    (GAME_DEALS["alsos"], [], "points:D>=3", "question points:D>=3: unknown seat 'D'"),
])
def test_a_bad_deal_play_or_question_is_a_located_board_error(deal, play, question, message):
    with pytest.raises(BoardError) as caught:
        position_values(deal, play, question)
    assert str(caught.value).startswith(message), str(caught.value)


def test_a_card_after_the_last_is_an_error():
    text = GAME_DEALS["alsos"]
    line = text.split('[Play "A"]\n')[1].split()
    with pytest.raises(BoardError, match=r"play: card 28 \(MA\): the play is over after 27 cards"):
        position_values(text, [*line, "MA"], None)


def test_the_deal_is_read_as_one_deal_with_a_contract():
    assert read_deal(GAME_DEALS["alsos-4"]).game.name == "alsos-4"


def test_the_example_answer_in_the_docs_is_the_board_s():
    """docs/cli.md shows the answer after M8 MU MA MO of puzzles/example.txt."""
    docs = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    shown = docs.partition("## The analysis board")[2].partition("```json\n")[2].partition("```")[0]
    example = (ROOT / "puzzles" / "example.txt").read_text(encoding="utf-8")
    assert json.loads(shown) == position_values(example, ["M8", "MU", "MA", "MO"], None)


def test_the_answer_explains_the_deals_melds():
    """The page shows the deal's melds as the terminal's diagram explains them."""
    (deal,) = loads((ROOT / "puzzles" / "example.txt").read_text(encoding="utf-8"))
    answer = position_values(str(deal), [], None)
    assert answer["melds"] == deal.game.melds(deal).lines() and any(line.startswith("B: ") for line in answer["melds"])
