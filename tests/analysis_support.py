"""What the analysis tests share (card values, the line of best play, the review): the
benchmark deals the solver answers at once, random endgames with a question their contract
accepts, the reference's value of a question, and the hypothesis settings of these tests."""

from __future__ import annotations

from hypothesis import strategies as st

from alsos_solver.deal import Deal
from alsos_solver.games.alsos.figures import allowed_figures
from alsos_solver.questions import is_value_question
from alsos_solver.reference import best_points, can_make
from alsos_solver.rules import Kind

from endgames import SEATS, endgames, options

QUICK_DEALS = (0, 1, 3, 4, 14, 17)
"""Benchmark deals (index from 0) that the solver answers in milliseconds: klopitzky, M, NT,
P, BETLI, T."""


def question_specs(deal: Deal) -> list[str]:
    """Every question spec that the deal's contract accepts (figures of every seat)."""
    kind = deal.contract.kind
    if kind is Kind.BETLI:
        return ["betli"]
    if kind is Kind.KLOPITZKY:
        return [f"klopitzky:{seat}" for seat in SEATS]
    declarer = deal.declarer
    specs = ["declarer_points", "game", "defeat", f"points:{declarer}>=61", f"points:{declarer}>=40"]
    names = allowed_figures(deal.contract, deal.options)
    specs += [f"{seat}:{name}" for seat in SEATS for name in names]
    specs.append(f"together:game+{declarer}:{names[0]}")
    defender = next(seat for seat in SEATS if seat != declarer)
    specs.append(f"together:defeat+{defender}:abszolut")
    return specs


@st.composite
def endgame_questions(draw, tricks_left=st.integers(1, 4)):
    """An endgame and one question spec its contract accepts."""
    deal = draw(endgames(tricks_left=tricks_left, option_strategy=options()))
    return deal, draw(st.sampled_from(question_specs(deal)))


def reference_value(deal: Deal, question, after: int, asked_at: int | None = None):
    """The reference solver's value of the question after ``after`` cards of the play,
    asked at card ``asked_at`` (default ``after``: the cards after it are played under the
    question's holds, as the card values play them)."""
    if is_value_question(question):
        return best_points(deal, SEATS.index(deal.declarer), after=after)
    return can_make(deal, question, after=after, asked_at=asked_at)
