"""Value items in the single-dummy review (alsos_solver/analysis/single_dummy.py): the share
of layouts where a card keeps the best value, the mean, the worst and the double-dummy
value, checked against a direct computation with a value question (``declarer_points``
stands in for the ``score`` item, which no question gives yet)."""

from __future__ import annotations

from statistics import fmean

from alsos_solver.analysis.layouts import layouts_of
from alsos_solver.analysis.seat_view import mover_at, seat_view
from alsos_solver.analysis.single_dummy import CardFigures, card_results, decide, mark_of, side_items
from alsos_solver.io import loads
from alsos_solver.questions import DeclarerPoints

from conftest import ROOT

PLAYED = loads((ROOT / "puzzles" / "played.txt").read_text(encoding="utf-8"))[0]
AFTER = 20
"""B (the declarer) to play in trick 7: a few dozen layouts, all enumerated."""


def test_a_value_items_figures_are_those_of_a_direct_computation():
    items = {"points": DeclarerPoints()}
    decision = decide(PLAYED, "B", [AFTER], items, samples=10)[0]
    layouts, exact = layouts_of(seat_view(PLAYED, "B", AFTER), 20_000, 10, 0)
    values = [card_results(layout, AFTER, items)["points"] for layout in layouts]
    real = card_results(PLAYED, AFTER, items)["points"]
    assert exact and len(real) > 1
    for card, dd in real.items():
        figures = decision.items["points"][PLAYED.pack.card_name(card)]
        mine = [layout[card] for layout in values]
        kept = sum(layout[card] == max(layout.values()) for layout in values) / len(values)
        assert (figures.rate, figures.worst, figures.dd, figures.sure) == (kept, min(mine), dd, None)
        assert figures.mean == fmean(mine) and "mean" in figures.to_json()


def test_a_value_items_marks():
    def figures(rate, dd):
        return CardFigures(rate, rate, rate, worst=0, dd=dd, mean=0.0)

    assert mark_of({"PA": figures(1.0, 60), "PX": figures(0.5, 70)}, "PX", True) == "worse-on-average"
    assert mark_of({"PA": figures(1.0, 70), "PX": figures(1.0, 60)}, "PX", True) == "dd-only"
    assert mark_of({"PA": figures(1.0, 60), "PX": figures(1.0, 60)}, "PX", True) is None


def test_a_value_item_in_the_terminal_table():
    from alsos_solver.review_command import decision_lines

    decision = decide(PLAYED, "B", [AFTER], {"points": DeclarerPoints()}, samples=10)[0]
    figures = decision.items["points"][decision.played]
    row = next(line for line in decision_lines(decision, "B") if f"*{decision.played}" in line)
    assert row.split()[-5:] == [str(figures.worst), str(figures.dd), "-", "mean", f"{figures.mean:.1f}"]


ASSZORTI = loads((ROOT / "puzzles" / "asszorti.txt").read_text(encoding="utf-8"))[0]


def test_the_score_item_is_the_games_own_score_as_the_seats_side_counts_it():
    """Asszorti asks its score exactly (Score: what the declarer wins from each opponent, with
    the kontras): the declarer's ``score`` is that value, a defender's the same negated, on the
    real layout after each card; the Alsós games ask their net score over every item, the
    same way round."""
    from alsos_solver.games.alsos import net_score
    from alsos_solver.games.asszorti.questions import Score
    from alsos_solver.solver import Solver

    declarer = ASSZORTI.declarer
    defender = next(seat for seat in ASSZORTI.game.active if seat != declarer)
    assert isinstance(side_items(ASSZORTI, declarer)["score"], Score) and "score" in side_items(ASSZORTI, defender)
    assert isinstance(side_items(PLAYED, "B")["score"], net_score.Score)
    for deal, score, seat, sign, late in ((ASSZORTI, Score(), declarer, 1, 24), (ASSZORTI, Score(), defender, -1, 24),
                                          (PLAYED, net_score.Score(), "B", 1, 18), (PLAYED, net_score.Score(), "A", -1, 18)):
        after = next(a for a in range(len(deal.play)) if mover_at(deal, a) == seat and a >= late)
        decision = decide(deal, seat, [after], {"score": score}, samples=4)[0]
        for name, figures in decision.items["score"].items():
            solver = Solver(deal, after=after)
            solver.push(name)
            assert figures.dd == sign * solver.value(score) and figures.sure is None
