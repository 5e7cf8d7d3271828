"""The Python API takes seats as letters (an index too), figure names by any spelling, and
refuses a question that does not fit the deal with a ValueError naming the problem."""

from __future__ import annotations

import pytest

from alsos_solver import FigureMade, GameWon, KlopitzkySafe, SeatPoints, Solver, Together
from alsos_solver.errors import NotApplicable
from alsos_solver.io import load

from cli_support import EXAMPLE

DEAL = load(EXAMPLE)[0]  # hearts, B declares and can make abszolút


def test_seats_are_letters_or_indices():
    assert FigureMade("B", "abszolut") == FigureMade(1, "abszolut") == FigureMade("b", "abszolut")
    solver = Solver(DEAL)
    assert solver.ask(FigureMade("B", "abszolut")) is True
    assert solver.ask(FigureMade("B", "ultimo")) is True
    assert solver.ask(SeatPoints("B", 90)) is True and solver.value(1) == 90


def test_figures_by_any_spelling():
    assert FigureMade(1, "absolute") == FigureMade(1, "abszolút") == FigureMade(1, "abszolut")
    with pytest.raises(ValueError, match="unknown figure 'absolutely'"):
        FigureMade(1, "absolutely")


@pytest.mark.parametrize("seat", ["E", "", "AB", -1, 1.5])
def test_an_unknown_seat_is_a_value_error(seat):
    with pytest.raises(ValueError, match="unknown seat"):
        FigureMade(seat, "abszolut")


@pytest.mark.parametrize(
    "question, message",
    [
        (KlopitzkySafe(0), "klopitzky:A needs a KLOPITZKY contract, the contract is P"),
        (FigureMade("D", "abszolut"), "seat D does not play in alsos"),
        (Together((GameWon(), KlopitzkySafe("A"))), "needs a KLOPITZKY contract"),
    ],
)
def test_a_question_that_does_not_fit_the_deal_is_refused(question, message):
    with pytest.raises(NotApplicable, match=message):
        Solver(DEAL).ask(question)
    assert issubclass(NotApplicable, ValueError)
