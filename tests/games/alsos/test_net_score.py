"""The net score question (``score``, :mod:`alsos_solver.games.alsos.net_score`) against the
reference minimax, on random endgames with random announcements and kontras.

The score is the one question whose terms ask for a figure's failure as well as for its
success, so it is where the core counts cards one by one (a capture, a trick won with a
card): each endgame announces figures of every kind for both sides, the ones the core
treats as hard constraints included, and the engine's value must be the reference's.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from alsos_solver.deal import Deal
from alsos_solver.io import load
from alsos_solver.rules import Contract, Kind
from alsos_solver.errors import GoalTooLarge, NotApplicable
from alsos_solver.games.alsos.figures import allowed_figures
from alsos_solver.games.alsos.net_score import Score, ScoreAtLeast, score_items
from alsos_solver.games.alsos.questions import GameDefeated, GameWon
from alsos_solver.questions import Setting, parse_question
from alsos_solver.reference import best_value, can_make
from alsos_solver.solver import Solver

from endgames import BETLI, POINT_CONTRACTS, SEATS, describe, endgames, examples, full_deals

HARD = ("negyvennegy", "tuletroa", "csalad", "osszes_adu", "volat", "ultimo")
"""The figures the core asks as hard constraints (captures, every trick, a card's trick)."""


@st.composite
def announced(draw, deal: Deal) -> Deal:
    """The deal with up to three more figures announced, by either side, often the ones
    that are hard constraints, some from the front, and kontras on some items."""
    names = [name for name in allowed_figures(deal.contract, deal.options) if name not in ("ultimo", "nyolcas")]
    hard = [name for name in names if name in HARD]
    figures = {seat: list(names_) for seat, names_ in deal.figures.items()}
    for _ in range(draw(st.integers(1, 3))):
        seat = draw(st.sampled_from(SEATS))
        name = draw(st.sampled_from(hard if hard and draw(st.booleans()) else names))
        if name not in figures.get(seat, []) and all(name not in taken for taken in figures.values()):
            figures.setdefault(seat, []).append(name)
    figures_ = {seat: tuple(names_) for seat, names_ in figures.items() if names_}
    front = {seat: tuple(n for n in names_ if draw(st.booleans())) for seat, names_ in figures_.items()}
    items = ["game"] + [f"{seat}:{name}" for seat, names_ in figures_.items() for name in names_]
    kontra = {item: draw(st.sampled_from(["b", "f", "fb"])) for item in items if draw(st.integers(0, 3)) == 0}
    deal = replace(deal, figures=figures_, front={s: f for s, f in front.items() if f}, kontra=kontra)
    assume(not deal.problems())
    return deal


def engine_value(deal: Deal) -> int | None:
    """The engine's score after the endgame's line, None where the goal is larger than the
    core tracks (checked to be so)."""
    solver = Solver(deal, after=len(deal.play), table_bytes=1 << 14)
    try:
        return solver.value(Score())
    except GoalTooLarge:
        return None


@pytest.mark.slow
@examples(150)
@given(st.data())
def test_the_score_agrees_with_the_reference(data):
    deal = data.draw(announced(data.draw(endgames(contracts=POINT_CONTRACTS, tricks_left=st.integers(1, 3)))))
    mine = engine_value(deal)
    assume(mine is not None)
    expected = best_value(deal, Score(), after=len(deal.play))
    assert mine == expected, describe(deal)
    solver = Solver(deal, after=len(deal.play), table_bytes=1 << 14)
    low, high = Score().bounds(solver.setting, solver.answer)
    assert low <= expected <= high, f"{low} {high}\n{describe(deal)}"


@examples(40)
@given(st.data())
def test_every_threshold_of_the_score_agrees_with_the_reference(data):
    """Each level of the score asked as a yes/no question, both ways of every item."""
    deal = data.draw(announced(data.draw(endgames(contracts=POINT_CONTRACTS, tricks_left=st.integers(1, 2)))))
    setting = Setting.of(deal)
    solver = Solver(deal, after=len(deal.play), table_bytes=1 << 14)
    for level in Score().levels(setting):
        try:
            mine = solver.ask(ScoreAtLeast(level))
        except GoalTooLarge:
            continue
        assert mine == can_make(deal, ScoreAtLeast(level), after=len(deal.play)), f"{level}\n{describe(deal)}"


@examples(20)
@given(endgames(deals=full_deals(contracts=(BETLI,)), tricks_left=st.integers(1, 2), ducking_declarer=True))
def test_the_betli_score_agrees_with_the_reference(deal):
    deal = replace(deal, kontra={"game": "b"})
    assert engine_value(deal) == best_value(deal, Score(), after=len(deal.play)), describe(deal)


PLAYED = load("puzzles/played.txt")[0]
"""B's hearts game with abszolút from the front (kontra from the back) and ultimó."""


def test_the_items_are_the_game_and_every_announced_figure_with_their_kontras():
    items = score_items(Setting.of(PLAYED))
    assert [(item.question.spec(), item.value, item.declarers) for item in items] == [
        ("game", 1, True), ("B:abszolut", 4, True), ("B:ultimo", 2, True),
    ]
    assert Score().levels(Setting.of(PLAYED)) == [-7, -5, -3, -1, 1, 3, 5, 7]


def test_the_score_of_the_played_deal_is_the_best_set_the_declarer_can_make_together():
    """Double-dummy the declarer makes each item alone but not all three in one line
    (--scores: together ✗); the net score is the best he can make sure of at once, and
    as played (all but the game lost) it is 1 - 4 - 2."""
    solver = Solver(PLAYED)
    value = solver.value(Score())
    assert value < 7
    assert value == max(level for level in Score().levels(solver.setting) if solver.ask(ScoreAtLeast(level)))
    end = PLAYED.played_position()
    assert Score().final_value(Setting.of(PLAYED), end) == -5


def test_score_is_a_question_of_the_alsos_games_with_a_declarer():
    assert parse_question("score", PLAYED) == Score()
    assert parse_question("score >= 3", PLAYED) == ScoreAtLeast(3)
    klopitzky = replace(PLAYED, contract=Contract(Kind.KLOPITZKY, None), declarer=None, figures={}, front={}, kontra={}, play=())
    with pytest.raises(NotApplicable, match="klopitzky"):
        Solver(klopitzky).value(Score())


def test_a_score_of_the_game_alone_is_read_off_the_game_already_answered():
    """The game and its defeat are one item's two sides: a solver that has answered one
    answers the other, and a score with the game as its only item, without a search."""
    deal = replace(PLAYED, figures={}, front={}, kontra={"game": "f"}, play=[])
    solver = Solver(deal)
    defeated = solver.ask(GameDefeated())
    nodes = solver.stats.nodes
    assert solver.ask(GameWon()) is not defeated
    assert solver.value(Score()) == (-4 if defeated else 4)
    assert solver.stats.nodes == nodes
    assert Solver(deal).value(Score()) == solver.value(Score())
