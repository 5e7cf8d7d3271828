"""The solo record (``_search.pyx``, its first docstring): the bounds the search of the
declarer's points leaves in the table, which the later questions of the same deal read
(the game, every defender's point figures, the concession note)."""

from __future__ import annotations

from alsos_solver._search import Core
from alsos_solver.io import load, loads
from alsos_solver.solver import Solver

from conftest import BENCHMARK_DEALS

DEALS = [deal for deal in load(BENCHMARK_DEALS) if deal.contract is not None and deal.contract.is_point_game][:80]


CASHING = loads("""
[Deal "A:AX.87.X7.KX8 9.AU.AK8.OU7 KOU8.KOX.U.9"]
[Talon "M7 P9 TO T9 ZA"]
[Contract "NT"]
[Declarer "A"]

[Deal "A:U7.X.AU9.AX9 AK.AO97.K8.U O98.8.OX.K87"]
[Talon "MX PK PU T7 ZO"]
[Contract "NT"]
[Declarer "A"]
""")
"""Two no-trump deals of the throughput benchmark (boards 17 and 227) where B makes his
abszolút. The value search narrows its bounds by the leader's cashing from the plain
bounds; had the record's bound been folded into those, the declarer's cashed points would
count twice, and B's abszolút would come out lost."""


def analysis(deal, *, keep_record: bool) -> tuple[dict, int]:
    """Every answer of the question set, asked in its order (the declarer's points first),
    and the nodes of the questions after the declarer's points; without ``keep_record``
    the core forgets everything once the declarer's points are known."""
    solver = Solver(deal)
    answers, later_nodes = {}, 0
    for ask in deal.game.questions.question_set(solver.setting):
        before = solver.stats.nodes
        answers[ask.path] = solver.answer(ask.question)
        if ask.kind == "declarer_points":
            if not keep_record:
                solver.core.forget()
        else:
            later_nodes += solver.stats.nodes - before
    return answers, later_nodes


def test_the_later_questions_answer_the_same_with_the_record_and_search_less():
    kept = [analysis(deal, keep_record=True) for deal in DEALS]
    forgotten = [analysis(deal, keep_record=False) for deal in DEALS]
    assert [answers for answers, _ in kept] == [answers for answers, _ in forgotten]
    with_record, without = sum(nodes for _, nodes in kept), sum(nodes for _, nodes in forgotten)
    assert with_record < 0.95 * without, (with_record, without)


def test_the_record_and_the_leaders_cashing_are_bounds_apart():
    for deal in CASHING:
        kept, _ = analysis(deal, keep_record=True)
        forgotten, _ = analysis(deal, keep_record=False)
        assert kept[("figures", "B", "abszolut")] is True
        assert kept == forgotten


def card(suit: int, strength: int) -> int:
    """A card in the core's internal ids."""
    return suit * 16 + strength


def test_a_record_serves_only_its_own_set_up():
    """Three tricks without trumps, the same hands twice (so the same positions), other
    card points. On the first set-up A, alone, takes 15 of the 29 points: the record. On
    the second, B with C helping takes 8 of the 13; read there, the record would bound B
    by 13 - 15 and answer 0."""
    hands = [
        1 << card(0, 1) | 1 << card(0, 3) | 1 << card(2, 1),
        1 << card(1, 1) | 1 << card(2, 0) | 1 << card(2, 3),
        1 << card(0, 0) | 1 << card(1, 2) | 1 << card(2, 2),
    ]

    def points_of(core, worth, seat, team):
        points = [0] * 64
        for (suit, strength), value in worth.items():
            points[card(suit, strength)] = value
        core.setup(seats=3, tricks=3, trump=-1, must_beat=False, last_bonus=0, points=points, hands=hands, leader=0)
        core.set_goal(coef_points=[[int(k == seat) for k in range(3)]], coef_tricks=[[0, 0, 0]], thresholds=[[0]],
                      team=team, additive=True, scorer=seat, own_points=seat,
                      wanted_winners=[int(k == seat) for k in range(3)])
        return core.value([])

    first = {(0, 1): 4, (2, 3): 2, (1, 1): 11, (2, 0): 2, (2, 2): 3, (1, 2): 4, (0, 0): 3}
    second = {(2, 1): 4, (1, 1): 3, (1, 2): 4, (0, 0): 2}
    core = Core(1 << 16)
    assert points_of(core, first, 0, [1, 0, 0]) == 15  # A alone: the record
    assert points_of(core, second, 1, [0, 1, 1]) == 8
