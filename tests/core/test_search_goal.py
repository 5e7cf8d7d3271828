"""What a goal says it is (``Goal`` in questions/base.py: ``additive``, ``own_points``,
``scorer``, ``wanted_winners``), and how the search core takes it (``Core.set_goal``): it
reads these words instead of guessing them from the coefficients, searches soundly
without them (the same answer, a longer search), and refuses a word that contradicts
the goal where it would make an answer wrong."""

from __future__ import annotations

import pytest

from alsos_solver._search import Core
from alsos_solver.games.alsos.questions import BetliMade, FigureMade, GameWon
from alsos_solver.io import load
from alsos_solver.questions import SeatPoints, Setting
from alsos_solver.rules import Kind

from conftest import BENCHMARK_DEALS, ROOT

A, B, C = 0, 1, 2
EXAMPLE = ROOT / "puzzles" / "example.txt"
"""B declares hearts (puzzles/example.txt)."""


def card(suit: int, strength: int) -> int:
    """A card in the core's internal ids (suit * 16 + strength, 0 the lowest)."""
    return suit * 16 + strength


def test_a_seats_points_say_whose_own_points_they_are():
    """In the example B declares: his points are his alone, A's are A's with C helping."""
    setting = Setting.of(load(EXAMPLE)[0])
    for seat in (A, B):
        goal = SeatPoints(seat).goal(setting)
        assert (goal.additive, goal.own_points, goal.scorer, goal.wanted_winners(3)) == (True, seat, seat, {seat})


def test_the_game_has_the_declarer_for_its_scorer_and_is_no_ones_own_points():
    goal = GameWon().goal(Setting.of(load(EXAMPLE)[0]))
    assert (goal.additive, goal.own_points, goal.scorer, goal.wanted_winners(3)) == (False, None, B, {B})


def test_a_hard_constraint_wants_its_seat_to_win_and_has_no_scorer():
    """Család: B must capture the trump family; ultimó: B must win the last trick."""
    setting = Setting.of(load(EXAMPLE)[0])
    for figure in ("csalad", "ultimo"):
        goal = FigureMade("B", figure).goal(setting)
        assert (goal.additive, goal.own_points, goal.scorer, goal.wanted_winners(3)) == (False, None, None, {B})


def test_in_betli_the_team_wants_the_other_seats_to_win():
    deal = next(deal for deal in load(BENCHMARK_DEALS) if deal.contract is not None and deal.contract.kind is Kind.BETLI)
    setting = Setting.of(deal)
    goal = BetliMade().goal(setting)
    assert goal.wanted_winners(3) == set(range(3)) - {setting.declarer}
    assert goal.scorer is None and goal.own_points is None


def dead_figure(**words) -> Core:
    """The declarer A holds the two top cards of B's only suit and C, who leads, only a
    suit of his own: B, whom C helps, wins no trick. A core with B's points loaded, said to
    be additive, and ``words``."""
    core = Core(1 << 16)
    hands = [
        1 << card(0, 7) | 1 << card(0, 6) | 1 << card(1, 0),
        1 << card(0, 0) | 1 << card(0, 1) | 1 << card(0, 2),
        1 << card(2, 0) | 1 << card(2, 1) | 1 << card(2, 2),
    ]
    core.setup(seats=3, tricks=3, trump=-1, must_beat=False, last_bonus=10, points=[0] * 64, hands=hands, leader=C)
    core.set_goal(coef_points=[[0, 1, 0]], coef_tricks=[[0, 0, 0]], thresholds=[[0]], team=[0, 1, 1], additive=True,
                  **words)
    return core


def searched(core: Core) -> tuple[int, int]:
    before = core.nodes
    return core.value([]), core.nodes - before


def test_the_core_ends_a_dead_figure_at_once_only_when_told_whose_points_they_are():
    assert searched(dead_figure(own_points=B)) == (0, 1)
    value, nodes = searched(dead_figure())
    assert value == 0 and nodes > 1


def test_a_goal_not_said_to_be_additive_is_searched_yes_or_no():
    core = dead_figure()
    core.set_goal(coef_points=[[0, 1, 0]], coef_tricks=[[0, 0, 0]], thresholds=[[1]], team=[0, 1, 1])
    assert core.additive is False
    assert core.query([]) is False
    with pytest.raises(ValueError, match="needs an additive goal"):
        core.value([])


TWO_COORDINATES = {"coef_points": [[1, 0, 0], [0, 1, 0]], "coef_tricks": [[0, 0, 0]] * 2, "thresholds": [[0, 0]]}


@pytest.mark.parametrize(("goal", "refusal"), [
    (TWO_COORDINATES | {"additive": True}, "one coordinate"),
    ({"win_none": [1, 0, 0], "additive": True}, "no hard constraint"),
    ({"additive": True, "own_points": B}, "not seat 1's own points"),
    ({"team": [0, 1, 1], "additive": True, "own_points": A}, "not seat 0's own points"),
    ({"coef_points": [[2, 0, 0]], "additive": True, "own_points": A}, "not seat 0's own points"),
    ({"own_points": A}, "not seat 0's own points"),
    ({"scorer": 3}, "no seat 3"),
])
def test_a_word_that_contradicts_the_goal_is_refused(goal, refusal):
    """A's points are the goal, A alone playing for them, unless ``goal`` says otherwise."""
    loaded = {"coef_points": [[1, 0, 0]], "coef_tricks": [[0, 0, 0]], "thresholds": [[0]], "team": [1, 0, 0]} | goal
    with pytest.raises(ValueError, match=refusal):
        dead_figure().set_goal(**loaded)
