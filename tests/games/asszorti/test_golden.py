"""Asszorti golden deals: full 11-card deals whose double-dummy answers are pinned (the
differential tests prove the questions on endgames; these keep whole deals from drifting).
Each score is spelled out from seed 002's table beside it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from alsos_solver.cards import FRENCH
from alsos_solver.deal import Deal
from alsos_solver.games import find_game
from alsos_solver.games.asszorti.questions import GameDefeated, GameMade
from alsos_solver.io import load
from alsos_solver.questions import parse_question
from alsos_solver.solve import solve
from alsos_solver.solver import Solver

from cli_support import PUZZLES

SPEC = find_game("asszorti")
BENCHMARK = load(PUZZLES.parent / "benchmarks" / "deals-asszorti.txt")


def deal(hands: dict[str, str], talon: str, contract: str, **fields) -> Deal:
    made = Deal(
        hands={seat: FRENCH.parse_hand(hand) for seat, hand in hands.items()}, game=find_game("asszorti"),
        talon=FRENCH.parse_hand(talon), contract=SPEC.parse_contract(contract), declarer="A", **fields,
    )
    assert not made.problems(), made.problems()
    return made


NO_TRUMP = deal({"A": "AK.AKT.AJT9.AQ", "B": "QJT976.96..986", "C": ".Q87.KQ86.KJT7"}, "8.J.7.", "1 NT",
                figures={"A": ("arrivazs",)})
IDEGEN = deal({"A": "AKQ.AKJ.AKQ.A9", "B": "JT98.976.9.QT6", "C": "6.Q8.JT876.KJ8"}, "7.T..7", "2 S",
              figures={"A": ("arrivazs",)})


def answers(d: Deal) -> tuple:
    result = solve(d)
    return tuple(result.answers.get(key) for key in ("declarer_tricks", "game", "arrivazs", "idegen_arrivazs", "score"))


@pytest.mark.parametrize(
    "board, expected",
    [
        (13, (3, False, False, False, -12)),  # 1 S: the defenders' 8 tricks, 6 + 2 x 3
        (42, (7, True, True, False, 16)),  # hand D: 8 + 4, arrivázs 8 (hand with trumps), no kontra
        (96, (2, False, False, False, -5)),  # D at bid 3: the defenders' 9 tricks, 2 + 3 x 1
    ],
)
def test_benchmark_deals(board, expected):
    assert answers(BENCHMARK[board - 1]) == expected


def test_no_trump_with_arrivazs():
    """1 NT: 7 tricks, 12 + 6, and the arrivázs without trumps, 16."""
    assert answers(NO_TRUMP) == (7, True, True, None, 34)


def test_no_trump_kontras_double_each_item():
    """Kontra, rekontra, szubkontra on the game (x8), kontra on the arrivázs (x2)."""
    kontrad = replace(NO_TRUMP, kontra={"game": "bbb", "A:arrivazs": "b"})
    assert answers(kontrad) == (7, True, True, None, 18 * 8 + 16 * 2)


def test_idegen_arrivazs():
    """2 S: 8 tricks, 4 + 2 x 2, and the idegen arrivázs, 16 instead of 8."""
    assert answers(IDEGEN) == (8, True, True, True, 24)


def test_unannounced_arrivazs_scores_nothing():
    assert answers(replace(IDEGEN, figures={})) == (8, True, True, True, 8)


@pytest.mark.parametrize("board", [1, 2, 8])
def test_defeat_is_the_game_seen_from_the_defenders(board):
    """``defeat`` (or ``game_defeated``) is the defenders' question: beaten on boards 1 and
    2, made on board 8 (1 C)."""
    d = BENCHMARK[board - 1]
    question = parse_question("defeat", d)
    assert question == parse_question("game_defeated", d) == GameDefeated() and question.spec() == "defeat"
    solver = Solver(d)
    assert solver.ask(question) is (board != 8) is (not solver.ask(GameMade()))
