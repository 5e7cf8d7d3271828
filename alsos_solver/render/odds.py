"""The terminal view of the odds of an announcement (:mod:`alsos_solver.analysis.odds`)."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..analysis.odds import Odds
from .stats import percent


def odds_view(odds: Odds) -> RenderableType:
    """One row per item (rate, 95% interval, expected score), then the best set and the
    declarer's points."""
    title = f"Odds for {odds.seat} from the {odds.view} · {odds.samples} layouts (seed {odds.seed})"
    table = Table(title=title, title_justify="left", title_style="bold")
    for name, justify in (("item", "left"), ("makeable", "right"), ("95% interval", "right"), ("expected score", "right")):
        table.add_column(name, justify=justify)
    for name, item in odds.items.items():
        table.add_row(name, percent(item.rate), f"{percent(item.low)}-{percent(item.high)}", f"{item.expected_score:+.2f}")
    best = ", ".join(odds.best) or "no figure"
    points = odds.declarer_points
    return Group(
        table,
        Text(f"Best to announce: {best} (expected score {odds.best_score:+.2f}; kontras left out)"),
        Text(f"Declarer's points: {points['mean']:.1f} on average (95% interval {points['low']:.1f}-{points['high']:.1f})"),
    )
