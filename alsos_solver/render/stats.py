"""The terminal view of the statistics (:mod:`alsos_solver.stats`): a rate table with
each rate's 95% interval, a distribution table with its quartiles and histogram."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..stats import NUMBER, YES_NO, DistributionTable, RateTable, group_label
from ..words import counted
from .widgets import percent

BAR = "▇"
BAR_WIDTH = 30


def stats_view(table: RateTable | DistributionTable) -> RenderableType:
    """The table, its missing records said below it; a distribution's histogram after."""
    shown = Table(title=table.title, title_justify="left", title_style="bold")
    columns = table.columns()
    for index, column in enumerate(columns):
        shown.add_column(column, justify="right" if index else "left")
    rate = isinstance(table, RateTable)
    for cells in table.cells():
        shown.add_row(*(percent(cell) if rate and column in ("rate", "low", "high") else str(cell)
                        for column, cell in zip(columns, cells)))
    parts: list[RenderableType] = [shown]
    if rate:
        parts.append(Text("low, high: the Wilson 95% interval of the rate"))
    else:
        parts.append(histogram(table))
    if table.missing:
        parts.append(Text(f"{counted(table.missing, 'record')} without {table.key} left out"))
    if table.duplicates:
        parts.append(Text(f"{counted(table.duplicates, 'record')} of a deal counted already "
                          "(the same file and index) left out"))
    return Group(*parts)


def histogram(table: DistributionTable) -> Table:
    """One row a bin, one bar column a group, bars scaled to the largest count."""
    shown = Table(title=f"{table.key} histogram", title_justify="left", box=None)
    shown.add_column(table.key)
    most = max((count for row in table.rows for count in row.histogram), default=0) or 1
    for row in table.rows:
        shown.add_column(group_label(row.group) if table.by else "deals")
    for bin_index, label in enumerate(table.bin_labels()):
        cells = []
        for row in table.rows:
            count = row.histogram[bin_index]
            cells.append(f"{BAR * round(BAR_WIDTH * count / most / max(len(table.rows), 1))} {count}")
        shown.add_row(label, *cells)
    return shown


def keys_lines(counts: dict[str, tuple[str, int]], made: dict[str, Any] | None) -> list[str]:
    """``stats --keys``: how the batch was made (when its file says), then the yes/no keys
    and the number keys, each with how many records have it."""
    from ..batch.output import made_by

    lines = [] if made is None else [f"made by alsos-solver {made.get('version', '?')}: {made_by(made)}"]
    width = max(map(len, counts), default=0)
    for kind, option in ((YES_NO, "--rate"), (NUMBER, "--dist")):
        found = [(name, count) for name, (its_kind, count) in counts.items() if its_kind == kind]
        if found:
            lines.append(f"{kind} keys, for {option}:")
            lines += [f"  {name:<{width}}  {counted(count, 'record')}" for name, count in found]
    return lines
