"""The terminal view of the odds of an announcement (:mod:`alsos_solver.analysis.odds`)."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..analysis.odds import Odds
from ..words import counted
from .stats import percent


def odds_view(odds: Odds) -> RenderableType:
    """One row per item (rate, 95% interval, expected score), then the best set and the
    declarer's points. One layout gives no interval: the column is left out and the
    declarer's points say so."""
    single = odds.samples == 1
    title = f"Odds for {odds.seat} from the {odds.view} · {counted(odds.samples, 'layout')} (seed {odds.seed})"
    table = Table(title=title, title_justify="left", title_style="bold")
    table.add_column("item")
    table.add_column("makeable", justify="right")
    if not single:
        table.add_column("95% interval", justify="right")
    table.add_column("expected score", justify="right")
    for name, item in odds.items.items():
        interval = [] if single else [f"{percent(item.low)}-{percent(item.high)}"]
        table.add_row(name, percent(item.rate), *interval, f"{item.expected_score:+.2f}")
    best = ", ".join(odds.best) or "no figure"
    points = odds.declarer_points
    spread = "one layout gives no interval" if single else f"95% interval {points['low']:.1f}-{points['high']:.1f}"
    return Group(
        table,
        Text(f"Best to announce: {best} (expected score {odds.best_score:+.2f}; kontras left out)"),
        Text(f"Declarer's points: {points['mean']:.1f} on average ({spread})"),
    )
