"""The terminal's views as HTML (issue 29 §3): an ``--html`` page shows each analysis as
the terminal does (:func:`~alsos_solver.render.terminal_analyses.analysis_view`, which asks
each game's views, ``deal.game.views``), its Rich tables as HTML tables, its texts in the
same colours, a row marked ``best`` by the terminal marked ``best`` here too (class
``best``: highlighted), instead of a generic view of the JSON record.

Only what the views are made of is drawn: :class:`~rich.console.Group`,
:class:`~rich.table.Table`, :class:`~rich.text.Text` and strings; anything else as the
terminal's plain text in a ``<pre>``.
"""

from __future__ import annotations

import io
from html import escape
from typing import Any

from rich.console import Console, Group
from rich.style import Style
from rich.table import Table
from rich.text import Text

COLOURS = {"red": "#c8102e", "green": "#1a7f37", "yellow": "#b36b00", "blue": "#0b6bcb",
           "magenta": "#8e3a9e", "cyan": "#00727a", "bright_red": "#c8102e", "bright_green": "#1a7f37"}
"""The terminal's colour names as the page's colours (the suit colours of html.py's style)."""
BEST = "best"
"""The word the terminal's views put in a row's last cell where the row is best."""

STYLE = """
.terminal table td.right, .terminal table th.right { text-align: right; }
.terminal table td.center, .terminal table th.center { text-align: center; }
.terminal tr.section-end td { border-bottom: 2px solid #888; }
.terminal tr.best td { background: #e7f1fc; }
.terminal .best-mark { color: #1a7f37; font-weight: bold; }
.terminal p { margin: .3rem 0; }
.terminal pre { white-space: pre-wrap; }
"""
"""The style of the terminal's views in a page (html.py adds it to its own)."""


def style_css(style: Style) -> str:
    rules = []
    if style.color is not None and not style.color.is_default:
        name = style.color.name
        colour = COLOURS.get(name) or style.color.get_truecolor().hex
        rules.append(f"color:{colour}")
    if style.bold:
        rules.append("font-weight:bold")
    if style.italic:
        rules.append("font-style:italic")
    if style.underline:
        rules.append("text-decoration:underline")
    if style.dim:
        rules.append("color:#666")
    return ";".join(rules)


def text_html(text: Text | str) -> str:
    """A Text in its styles (spans), its line breaks as ``<br>``."""
    if isinstance(text, str):
        return escape(text).replace("\n", "<br>")
    if text.plain == BEST and text.style:
        return f'<span class="best-mark">{BEST}</span>'
    parts = []
    for segment in text.render(Console(color_system="truecolor", width=10_000)):
        if not segment.text:
            continue
        body = escape(segment.text).replace("\n", "<br>")
        css = style_css(segment.style) if segment.style else ""
        parts.append(f'<span style="{css}">{body}</span>' if css else body)
    return "".join(parts)


def cell_html(cell: Any) -> str:
    return text_html(cell) if isinstance(cell, (Text, str)) else rich_html(cell)


def table_html(table: Table) -> str:
    """A Rich table as an HTML table: its headings, its cells, its justification; a row
    whose last cell says ``best`` marked best, the end of a section underlined."""
    justify = [column.justify if column.justify in ("right", "center") else "" for column in table.columns]
    head = "".join(f'<th class="{j}">{cell_html(column.header)}</th>' for column, j in zip(table.columns, justify))
    cells = [list(column.cells) for column in table.columns]
    rows = []
    for index in range(table.row_count):
        row = [column[index] if index < len(column) else "" for column in cells]
        plain = [cell.plain if isinstance(cell, Text) else str(cell) for cell in row]
        classes = []
        if plain and plain[-1] == BEST:
            classes.append("best")
        if index < len(table.rows) and table.rows[index].end_section:
            classes.append("section-end")
        attribute = f' class="{" ".join(classes)}"' if classes else ""
        body = "".join(f'<td class="{j}">{cell_html(cell)}</td>' for cell, j in zip(row, justify))
        rows.append(f"<tr{attribute}>{body}</tr>")
    caption = f"<caption>{cell_html(table.title)}</caption>" if table.title else ""
    return (f'<div class="scroll"><table>{caption}<thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></div>')


def rich_html(renderable: Any) -> str:
    """A terminal view as HTML."""
    if isinstance(renderable, Group):
        return "".join(rich_html(part) for part in renderable.renderables)
    if isinstance(renderable, Table):
        return table_html(renderable)
    if isinstance(renderable, (Text, str)):
        return f"<p>{text_html(renderable)}</p>"
    console = Console(width=100, color_system=None, record=True, file=io.StringIO())
    console.print(renderable)
    return f"<pre>{escape(console.export_text())}</pre>"


def terminal_html(renderable: Any) -> str:
    """A view in its box (class ``terminal``)."""
    return f'<div class="terminal">{rich_html(renderable)}</div>'
