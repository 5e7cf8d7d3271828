"""best_announcements(deal): the declarer's best set of figures, the defenders' best
against it, by the definition in alsos_solver/analysis/announcements.py.

Checked on full benchmark deals: the chosen sets are makeable together as reported, the
score follows the definition, no single figure and no empty set scores more, and a brute
force over every subset (score_of, asked directly) finds the same best score while asking
more questions than the pruned search.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import replace
from functools import cache

import pytest

from alsos_solver.errors import GoalTooLarge
from alsos_solver.games.alsos.announcements import (
    Announcements, best_announcements, declarer_items, defender_items, plan, score_of, search_side,
)
from alsos_solver.games.alsos.figures import allowed_figures
from alsos_solver.games.alsos.questions import FigureMade, GameDefeated, GameWon
from alsos_solver.io import load
from alsos_solver.questions import Setting, Together
from alsos_solver.rules import Contract, Kind
from alsos_solver.solver import Solver

from conftest import BENCHMARK_DEALS, EXAMPLE_PLAY, make_deal

SEATS = "ABC"

DECLARER_FIGURES = {31: ["ketszaz"], 66: ["szaz"], 81: ["abszolut", "ultimo"],
                    102: ["abszolut"], 146: ["kassza"], 171: ["ultimo"]}
"""Benchmark deals (by index) whose declarer has something to announce, and what."""
CHECKED = (3, 5, 31, 66, 81, 102, 146, 171, 180)
"""Trump and no-trump benchmark deals, quick to analyse, with figures for either side."""
NO_TRUMP = (3, 102)


@cache
def benchmark_deals():
    return load(BENCHMARK_DEALS)


@cache
def answer(index: int, front: bool = False) -> Announcements:
    return best_announcements(benchmark_deals()[index], front=front)


def game_value(deal) -> int:
    return 1 if deal.contract.kind is Kind.TRUMP else 2


def bare(deal):
    return replace(deal, figures={}, play=[], play_leader=None)


def against(deal, result: Announcements):
    chosen = tuple(result.declarer_figures)
    return replace(bare(deal), figures={deal.declarer: chosen} if chosen else {})


def defender_pairs(deal, result: Announcements) -> list[tuple[int, str]]:
    return [(SEATS.index(seat), name) for seat, names in result.defender_figures.items() for name in names]


def brute_force(solver, items, game, value, front=False):
    """Every subset scored directly: (best score, {subset: score}, questions asked)."""
    asked = count_asks(solver)
    scores = {}
    for k in range(len(items) + 1):
        for chosen in itertools.combinations(items, k):
            scores[chosen] = score_of(solver, chosen, game, value, front)
    made = {s: v for s, v in scores.items() if v is not None}
    return max(made.values()), made, asked[0]


def count_asks(solver) -> list[int]:
    """Count the solver's questions from now on (a one-element list, updated in place)."""
    count, ask = [0], solver.ask

    def counting(question):
        count[0] += 1
        return ask(question)

    solver.ask = counting
    return count


# --- the chosen sets ---------------------------------------------------------------------


@pytest.mark.parametrize("front", [False, True])
@pytest.mark.parametrize("index", CHECKED)
def test_chosen_sets_are_made_together_as_reported(index, front):
    deal = benchmark_deals()[index]
    result = answer(index, front)
    g, seat = game_value(deal), SEATS.index(deal.declarer)

    solver = Solver(bare(deal))
    mine = tuple(FigureMade(seat, name) for name in result.declarer_figures)
    assert solver.ask(Together((GameWon(), *mine))) == result.declarer_game
    if mine:
        assert solver.ask(Together(mine))
    announced = plan(deal, [(seat, name) for name in result.declarer_figures], front)
    assert announced is not None and list(announced.front.get(seat, ())) == result.declarer_front
    assert result.declarer_score == (g if result.declarer_game else -g) + announced.value
    empty = g if solver.ask(GameWon()) else -g
    assert result.declarer_score >= empty
    for seat_, name in declarer_items(bare(deal)):
        single = score_of(solver, [(seat_, name)], GameWon(), g, front)
        assert single is None or single <= result.declarer_score, name

    theirs_solver = Solver(against(deal, result))
    theirs = tuple(FigureMade(*pair) for pair in defender_pairs(deal, result))
    assert theirs_solver.ask(Together((GameDefeated(), *theirs))) == result.game_defeated
    if theirs:
        assert theirs_solver.ask(Together(theirs))
    announced = plan(deal, defender_pairs(deal, result), front)
    assert announced is not None
    assert result.defender_score == (g if result.game_defeated else -g) + announced.value
    assert result.defender_score >= (g if theirs_solver.ask(GameDefeated()) else -g)
    assert set(result.defender_figures) == set(SEATS) - {deal.declarer}


@pytest.mark.parametrize("index", sorted(DECLARER_FIGURES))
def test_known_declarer_announcements(index):
    assert answer(index).declarer_figures == DECLARER_FIGURES[index]


def test_front_doubles_the_figures_but_not_the_game():
    deal = benchmark_deals()[66]
    seat = SEATS.index(deal.declarer)
    assert plan(deal, [(seat, "szaz")], False).value == 2 and plan(deal, [(seat, "szaz")], True).value == 4
    assert plan(deal, [(seat, "volat")], True).value == 5  # volát: from the back only


def test_abszolut_and_100_only_across_the_rounds():
    """Deal 66: the declarer makes abszolút and 100 with the game. Seeds 000 and 003: never
    both in one round, nor 100 from the front and abszolút from the back. From the back
    only one of them may be announced (100, worth more); from the front the plan is
    abszolút from the front (2) with 100 from the back (2), scored as such."""
    deal = benchmark_deals()[66]
    seat = SEATS.index(deal.declarer)
    assert plan(deal, [(seat, "abszolut"), (seat, "szaz")], False) is None
    both = plan(deal, [(seat, "abszolut"), (seat, "szaz")], True)
    assert both is not None and (both.value, both.front) == (4, {seat: ("abszolut",)})
    back, front = answer(66), answer(66, front=True)
    assert back.declarer_figures == ["szaz"] and back.declarer_score == 1 + 2
    # from the front, 100 from the front alone scores as much (seed 003: 'it will always
    # be better to announce abszolút with 6 cards ... achieving the same score with less
    # risk'); the tie goes to fewer figures
    assert front.declarer_figures == ["szaz"] and front.declarer_front == ["szaz"]
    assert front.declarer_score == 1 + 4
    found = search_side(Solver(bare(deal)), declarer_items(bare(deal)), GameWon(), 1, True)
    pair = tuple(i for i, (_, name) in enumerate(found.items) if name in ("abszolut", "szaz"))
    assert found.makeable[pair] is True and found.plans[pair].value == 4
    assert front.front and not back.front


# --- brute force and pruning -------------------------------------------------------------


@pytest.mark.parametrize("index", (66, 81, 102, 146, 3))
def test_declarer_best_equals_brute_force_over_all_allowed_figures(index):
    deal = bare(benchmark_deals()[index])
    seat = SEATS.index(deal.declarer)
    names = allowed_figures(deal.contract, deal.options)
    best, scores, brute_asks = brute_force(Solver(deal), [(seat, n) for n in names], GameWon(), game_value(deal))
    result = answer(index)
    assert result.declarer_score == best
    assert scores[tuple((seat, n) for n in result.declarer_figures)] == best

    solver = Solver(deal)
    asked = count_asks(solver)
    found = search_side(solver, declarer_items(deal), GameWon(), game_value(deal), False)
    assert found.score == best and asked[0] == found.asked
    assert found.asked < brute_asks
    # every makeable set was found, with its game outcome
    found_sets = {tuple(found.items[i] for i in s): s for s in found.makeable}
    assert set(found_sets) == set(scores)


@pytest.mark.parametrize("index", NO_TRUMP)
def test_defenders_best_equals_brute_force(index):
    deal = benchmark_deals()[index]
    result = answer(index)
    other = against(deal, result)
    items = defender_items(other)
    best, scores, brute_asks = brute_force(Solver(other), items, GameDefeated(), game_value(deal))
    assert result.defender_score == best
    assert scores[tuple(defender_pairs(deal, result))] == best
    found = search_side(Solver(other), items, GameDefeated(), game_value(deal), False)
    assert found.score == best and found.asked * 5 < brute_asks


def test_pruning_on_the_trump_declarer():
    """All ten trump figures: the apriori search asks a fraction of 2 x 1024 questions."""
    deal = bare(benchmark_deals()[81])
    seat = SEATS.index(deal.declarer)
    names = allowed_figures(deal.contract, deal.options)
    assert len(names) == 10
    found = search_side(Solver(deal), [(seat, n) for n in names], GameWon(), 1, False)
    assert [found.items[i][1] for i in found.best] == ["abszolut", "ultimo"]
    assert found.asked < 60


# --- items, errors, shape ----------------------------------------------------------------


def test_defender_kassza_only_for_the_bela_holder():
    deal = bare(benchmark_deals()[5])
    setting = Setting.of(deal)
    holders = [s for s in setting.defenders if setting.holds_bela(s)]
    assert holders, "deal 5 has béla in a defender's hand"
    kassza = [seat for seat, name in defender_items(deal) if name == "kassza"]
    assert kassza == holders
    assert answer(5).defender_figures[SEATS[holders[0]]][:1] == ["kassza"]


def test_impossible_figures_are_not_offered():
    deal = bare(benchmark_deals()[66])
    setting = Setting.of(deal)
    for seat, name in declarer_items(deal) + defender_items(deal):
        assert FigureMade(seat, name).possible(setting)
    assert all(seat == setting.declarer for seat, _ in declarer_items(deal))
    assert all(seat != setting.declarer for seat, _ in defender_items(deal))


@pytest.mark.parametrize("contract", [Contract(Kind.BETLI), Contract(Kind.KLOPITZKY), None])
def test_refused_without_a_point_game(contract):
    deal = replace(benchmark_deals()[66], contract=contract, declarer=None if contract is None or contract.kind is Kind.KLOPITZKY else "A")
    with pytest.raises(ValueError):
        best_announcements(deal)


def test_the_deals_own_figures_and_play_are_ignored():
    announced = make_deal(figures={"B": ("ultimo",)}, play=EXAMPLE_PLAY)
    plain = make_deal()
    assert best_announcements(announced).to_json()["declarer"] == best_announcements(plain).to_json()["declarer"]


def test_json_and_lines():
    result = answer(3)
    data = json.loads(json.dumps(result.to_json()))
    assert set(data["declarer"]) >= {"figures", "score"}
    assert set(data["defenders"]) >= {"figures", "score"}
    assert data["front"] is False
    assert set(data["defenders"]["figures"]) == {"A", "C"}
    assert data["declarer"]["figures"] == result.declarer_figures
    assert data["defenders"]["score"] == result.defender_score
    lines = result.lines()
    assert len(lines) == 2
    assert lines[0].startswith("Declarer B (NT, back values): best to announce nothing;")
    assert lines[1].startswith("Defenders against it: A ")


def test_progress_is_monotone_and_ends_full():
    calls = []
    best_announcements(benchmark_deals()[66], progress=lambda done, total: calls.append((done, total)))
    assert calls and calls[-1][0] == calls[-1][1]
    assert all(done <= total for done, total in calls)
    assert [done for done, _ in calls] == list(range(1, len(calls) + 1))


class TooLarge:
    """A solver that refuses (like the core) any question with more than two items."""

    def __init__(self, solver: Solver) -> None:
        self.solver = solver
        self.deal = solver.deal

    def ask(self, question):
        if isinstance(question, Together) and len(question.items) > 2:
            raise GoalTooLarge("more than two items")
        return self.solver.ask(question)


def test_sets_too_large_for_the_core_are_reported_not_evaluated():
    deal = bare(benchmark_deals()[66])
    items = declarer_items(deal)
    found = search_side(TooLarge(Solver(deal)), items, GameWon(), 1, True)
    assert found.not_evaluated  # {abszolut, szaz} with the game is 3 items
    assert all(len(s) + with_game > 2 for s, with_game in found.not_evaluated)
    assert all(len(s) <= 2 for s in found.makeable)
    # abszolut (front) + szaz (back) alone still fits: made, scored as if the game were
    # lost (-1 + 4), so szaz from the front with the game (+1 + 4) is best now
    pair = tuple(i for i, (_, name) in enumerate(found.items) if name in ("abszolut", "szaz"))
    assert found.makeable[pair] is False and (pair, True) in found.not_evaluated
    assert [found.items[i][1] for i in found.best] == ["szaz"] and found.score == 5

    def refuse(question):
        raise ValueError("some other problem")

    broken = Solver(deal)
    broken.ask = refuse
    with pytest.raises(ValueError, match="some other problem"):
        search_side(broken, items, GameWon(), 1, False)
