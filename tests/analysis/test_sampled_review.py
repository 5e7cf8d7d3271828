"""Sampling agrees with enumeration (issue 30, §3): the single-dummy review with every
decision sampled (``exact_limit=0``) against the exact shares, computed here over all the
layouts of the seat's view, at decisions with four and three cards in hand: A's in
tricks 6 and 7 (2,562 and 776 layouts), B's in trick 7 (201).

A 95% interval misses the true share one time in twenty, and the paired draws (each with
its swap) are not independent, so the test asks each exact share to lie in the sample's
99.9% Wilson interval, and most (four in five) in the 95% interval the review reports.
"""

from __future__ import annotations

import pytest

from alsos_solver.analysis.layouts import layouts_of
from alsos_solver.analysis.seat_view import seat_view
from alsos_solver.analysis.single_dummy import card_results, review, side_items
from alsos_solver.io import loads
from alsos_solver.proportions import wilson
from alsos_solver.questions import is_value_question

from conftest import ROOT

PLAYED = loads((ROOT / "puzzles" / "played.txt").read_text(encoding="utf-8"))[0]
Z999 = 3.29
"""The normal quantile of a two-sided 99.9% interval."""


def exact_shares(seat: str, after: int) -> dict[str, dict[str, float]]:
    """Item -> card -> the share of all the layouts where it is made afterwards (a value
    item, the score: where the card keeps the best value for the seat's side)."""
    layouts, exact = layouts_of(seat_view(PLAYED, seat, after), 20_000, 1, 0)
    assert exact
    items = side_items(PLAYED, seat)
    results = [card_results(layout, after, items) for layout in layouts]
    sign = 1 if seat == PLAYED.declarer else -1

    def kept(found: dict[int, int | bool], card: int, value: bool) -> bool:
        return sign * found[card] == max(sign * v for v in found.values()) if value else bool(found[card])

    return {name: {PLAYED.pack.card_name(card): sum(kept(r[name], card, is_value_question(items[name])) for r in results) / len(results)
                   for card in cards}
            for name, cards in results[0].items()}


@pytest.mark.parametrize(("seat", "tricks"), [("A", (6, 7)), ("B", (7,))])
def test_sampled_shares_hold_the_exact_ones_within_their_intervals(seat, tricks):
    sampled = review(PLAYED, seat, exact_limit=0, samples=150, seed=3)
    seats = len(PLAYED.game.active)
    compared = within = 0
    for decision in sampled.decisions:
        if decision.trick not in tricks:
            continue
        assert not decision.exact and decision.layouts == 150
        after = (decision.trick - 1) * seats + decision.card - 1
        for name, cards in exact_shares(seat, after).items():
            for card, share in cards.items():
                figures = decision.items[name][card]
                low, high = wilson(round(figures.rate * decision.layouts), decision.layouts, Z999)
                assert low <= share <= high, (decision.trick, name, card, share, figures)
                compared += 1
                within += figures.low <= share <= figures.high
    assert compared >= 4
    assert within >= 0.8 * compared
