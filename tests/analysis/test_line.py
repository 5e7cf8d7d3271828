"""A line of best play (alsos_solver.analysis.line).

The line must replay legally from the position it starts at (with the question's own rules
of play), and its end must reach the position's value: the declarer's final points for
declarer_points, the question's ``achieved`` for a yes/no question. On endgames the value
is the reference's; on a few full deals, the solver's asked directly.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given

from alsos_solver.analysis import (
    DeclarerPoints, card_values, default_question, optimal_line, parse_question, question_name,
)
from alsos_solver.cards import HUNGARIAN
from alsos_solver.deal import Deal
from alsos_solver.io import load, loads
from alsos_solver.questions import Setting, final_value, is_value_question
from alsos_solver.solver import Solver

from analysis_support import QUICK_DEALS, endgame_questions, reference_value
from conftest import BENCHMARK_DEALS
from endgames import SEATS, describe, examples


def replay(deal: Deal, question, line) -> None:
    """Replay the line from the position after ``line.after`` cards; check every trick's
    leader, winner and points, and that the end reaches the line's value."""
    setting = Setting.of(deal)
    position = deal.position()
    for card in deal.play[:line.after]:
        position.push(card)
    if not is_value_question(question):
        position.holds = deal.holds() | question.holds(setting)
    start = position.trick_index
    data = line.to_json()
    assert [t["trick"] for t in data["line"]] == list(range(start + 1, start + 1 + len(data["line"])))
    for trick, entry in zip(line.tricks, data["line"]):
        index = entry["trick"] - 1
        assert entry["leader"] == SEATS[position.tricks[index].leader]
        given_cards = [HUNGARIAN.card_name(c) for c in position.tricks[index].cards]
        assert entry["cards"][:len(given_cards)] == given_cards
        before = list(position.points)
        for token in entry["cards"][len(given_cards):]:
            position.push(HUNGARIAN.parse_card(token))  # IllegalPlay if the line breaks the rules
        assert entry["winner"] == SEATS[position.winners[index]]
        assert entry["points"] == sum(position.points) - sum(before)
        assert trick.tricks_won == tuple(position.tricks_won)  # the running count, the Play section's tricks included
    assert position.is_over
    assert final_value(question, setting, position) == line.value


@pytest.mark.slow
@examples(150)
@given(endgame_questions())
def test_line_replays_and_reaches_the_reference_value(case):
    deal, spec = case
    question = parse_question(spec, deal)
    line = optimal_line(deal, question, after=len(deal.play))
    assert line.value == reference_value(deal, question, len(deal.play)), f"{describe(deal)} {spec}"
    replay(deal, question, line)


def test_lines_of_full_deals():
    deals = load(BENCHMARK_DEALS)
    for index in QUICK_DEALS:
        deal = deals[index]
        question = default_question(deal)
        line = optimal_line(deal, question)
        solver = Solver(deal)
        direct = solver.value(SEATS.index(deal.declarer)) if is_value_question(question) else solver.ask(question)
        assert line.value == direct
        assert len(line.tricks) == deal.game.hand_size
        replay(deal, question, line)
        data = line.to_json()
        json.dumps(data)
        assert set(data["line"][0]) == {"trick", "leader", "cards", "winner", "points"}
        if is_value_question(question):
            declarer = deal.declarer
            assert sum(t["points"] for t in data["line"] if t["winner"] == declarer) == line.value


def test_lines_of_yes_no_questions_on_a_full_deal():
    deal = load("puzzles/example.txt")[0]  # B: P with abszolut and ultimo announced
    for spec in ("game", "B:abszolut", "B:ultimo", "together:game+B:abszolut", "game_defeated", "C:negyvennegy"):
        question = parse_question(spec, deal)
        line = optimal_line(deal, question)
        assert line.question == question_name(question)
        assert line.value == Solver(deal).ask(question)
        replay(deal, question, line)


def test_a_line_of_a_game_without_points_counts_tricks():
    """Betli is played for tricks: each trick's line gives the running count, not points."""
    deal = load("puzzles/example.txt")[0]
    assert optimal_line(deal).counts_points and optimal_line(deal).lines()[1].endswith("C wins 13")
    betli = loads('[Deal "A:8.O.K987.OX8 OU7.U8.A.KU7 A.AKX97.UX.9"]\n[Contract "BETLI"]\n[Declarer "C"]\n')[0]
    line = optimal_line(betli)
    assert not line.counts_points and line.tricks[-1].split == "0-0-9"
    assert line.lines()[1] == "trick 1: A leads M8 MO MA, C wins, tricks 0-0-1"
    replay(betli, default_question(betli), line)


def test_one_card_of_the_play_is_said_in_the_singular():
    deal = load("puzzles/played.txt")[0]
    assert optimal_line(deal, after=1).lines()[0].startswith("declarer_points after 1 card:")
    assert card_values(deal, after=1).lines()[0].startswith("declarer_points after 1 card:")


def test_line_from_the_middle_of_a_trick():
    deal = load(BENCHMARK_DEALS)[2]
    full = optimal_line(deal, DeclarerPoints())
    deal.play = [HUNGARIAN.parse_card(t) for entry in full.to_json()["line"] for t in entry["cards"]][:10]
    line = optimal_line(deal, DeclarerPoints(), after=10)
    assert line.value == full.value
    assert line.tricks[0].trick == 4 and len(line.tricks) == 6
    assert line.tricks[0].cards[0] == HUNGARIAN.card_name(deal.play[9])
    replay(deal, DeclarerPoints(), line)
    assert line.lines()[0].startswith("declarer_points after 10 cards")
    assert optimal_line(deal, DeclarerPoints(), after=0).to_json()["line"] == full.to_json()["line"]
