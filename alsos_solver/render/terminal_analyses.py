"""The terminal view of the analyses (:mod:`alsos_solver.analysis`): card values, the
optimal line, the contract table, the best announcements, the play review, the scores and
the exchange choices, as rich renderables; and the progress bar of the long ones.

As in :mod:`.terminal`, nothing here decides anything about the game: every answer comes
from the library; this module only lays it out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..cards import Pack
from ..deal import KONTRA_NAMES, Deal
from ..rules import Kind
from ..words import counted
from .widgets import (
    NO, TITLES, YES, card_text, contract_label, footer, heading, mark, stats, suit_symbol, token_text, tokens_text,
    won_text,
)

if TYPE_CHECKING:
    from ..analysis import CardValues, ContractTable, Line, Review, TableEntry
    from ..report import Analysis, ScoreSet



# Progress


@contextmanager
def progress_bar(description: str, unit: str | None = None) -> Iterator[Callable[[int, int | None], None]]:
    """A transient progress bar on stderr (off when stderr is not a terminal); yields
    ``update(done, total)``, the ``progress`` callback of the analyses (``total`` None: a
    pulsing bar for work of unknown size). With a ``unit`` (``deals``) it shows the rate
    in units a second and the time left."""
    from rich.progress import (
        BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn, TimeRemainingColumn,
    )

    console = Console(stderr=True)
    columns = (SpinnerColumn(), TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    if unit is not None:
        columns += (rate_column(unit), TimeRemainingColumn())
    with Progress(*columns, console=console, transient=True, disable=not console.is_terminal) as progress:
        task = progress.add_task(description, total=None)

        def update(done: int, total: int | None = None) -> None:
            progress.update(task, completed=done, total=total)

        yield update


def rate_column(unit: str) -> Any:
    """A progress column: the rate, in ``unit`` a second."""
    from rich.progress import ProgressColumn

    class RateColumn(ProgressColumn):
        def render(self, task: Any) -> Text:
            speed = task.finished_speed or task.speed
            return Text("" if speed is None else f"{speed:,.1f} {unit}/s", style="progress.data.speed")

    return RateColumn()


# Helpers


def value_text(value: int | bool, is_value: bool, unit: str = "points") -> Text:
    """A card's or a position's value: ``90 points`` (``7 tricks``, ``score +37``), or
    ``made ✓`` / ``failed ✗``."""
    from ..analysis.card_values import shown_value

    if is_value:
        return Text(shown_value(value, is_value, unit))
    return Text("made ", style="green") + YES.copy() if value else Text("failed ", style="red") + NO.copy()


def status_text(made: bool) -> Text:
    return Text("made ") + YES.copy() if made else Text("lost ") + NO.copy()


def position_text(after: int) -> str:
    return "at the first lead" if after == 0 else f"after {counted(after, 'card')} of the play"


# Card values and the line


def cards_view(deal: Deal, values: CardValues) -> Group:
    """Every legal card of the player to move with its value; equivalent cards of one
    value together, best for the mover first, the best marked."""
    side = "for" if values.mover_on_team else "against"
    title = heading("cards", f"{values.question} {position_text(values.after)}")
    summary = Text(f"{values.to_move} to move, playing {side} it: ") + value_text(values.position_value, values.is_value, values.unit)
    table = Table()
    table.add_column("cards")
    table.add_column("value")
    table.add_column("")
    for tokens, value in values.groups:
        best = value == values.position_value
        table.add_row(tokens_text(deal.pack, tokens), value_text(value, values.is_value, values.unit),
                      Text("best", style="bold green") if best else Text(""))
    return Group(title, summary, table)


def line_view(deal: Deal, line: Line) -> Group:
    """The optimal line, one row per trick: its points, or where the contract does not
    count points (Asszorti, betli, klopitzky) the tricks won so far, seat by seat."""
    title = heading("line", f"{line.question} {position_text(line.after)}")
    if not line.tricks:
        return Group(title, Text("The play is over: ") + value_text(line.value, line.is_value, line.unit))
    summary = Text("With best play by both sides: ") + value_text(line.value, line.is_value, line.unit)
    table = Table()
    worth = "points" if line.counts_points else f"tricks {'-'.join(deal.game.active)}"
    for name, justify in (("trick", "right"), ("leader", "center"), ("cards", "left"), ("winner", "center"), (worth, "right")):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for trick in line.tricks:
        points = "" if trick.points is None else str(trick.points)
        table.add_row(
            str(trick.trick), trick.leader, tokens_text(deal.pack, trick.cards),
            trick.winner or "", points if line.counts_points else trick.split,
        )
    if line.concession:
        return Group(title, summary, table, Text(f"Meld concession in this line: {line.concession}."))
    return Group(title, summary, table)


# The contract table


def table_view(deal: Deal, table: ContractTable) -> Group:
    """Every seat as declarer in every contract: a column for each answer of the game's table
    (:attr:`~alsos_solver.render.views.GameViews.table_columns`) that some entry has; then
    the contracts asked once (klopitzky)."""
    title = heading("table", "every seat as declarer in every contract")
    views = deal.game.views
    columns = [column for column in views.table_columns if any(answered(entry, column[0]) for entry in table.entries)]
    grid = Table()
    grid.add_column("declarer", justify="center")
    grid.add_column("contract", justify="left")
    for _, name, justify, _ in columns:
        grid.add_column(name, justify=justify)  # type: ignore[arg-type]
    for index, entry in enumerate(table.entries):
        last = index + 1 == len(table.entries) or table.entries[index + 1].declarer != entry.declarer
        cells = [cell(entry) if answered(entry, key) else "" for key, _, _, cell in columns]
        grid.add_row(entry.declarer, contract_label(deal, entry.contract), *cells, end_section=last)
    parts: list[RenderableType] = [title, grid]
    for key, answers in table.once.items():
        if answers is not None:
            per_seat = Text("  ").join(Text(f"{seat} ") + mark(ok) for seat, ok in answers.items())
            parts.append(Text(f"{views.once_headings.get(key, key)}  ") + per_seat)
    if not table.complete:
        unsolved = " and ".join(token.lower() for token in deal.game.table_contracts_once(deal.options))
        missing = "" if None not in table.once.values() else f", {unsolved} not solved"
        parts.append(Text(f"interrupted: partial result ({len(table.entries)} of {table.total} entries{missing})",
                          style="bold yellow"))
    parts.append(footer(stats(table.nodes, table.seconds)))
    return Group(*parts)


def answered(entry: TableEntry, key: str) -> bool:
    """The entry has an answer for this result key (not one that does not apply)."""
    return entry.answers.get(key) is not None


# Best announcements


# The play review


def review_view(deal: Deal, review: Review) -> Group:
    """Each item's status at the first lead and after the last card, then the cards that
    changed a status."""
    played = len(deal.play)
    title = heading("review", f"{counted(played, 'card')} played")
    items = Table()
    items.add_column("item")
    items.add_column("at the first lead")
    items.add_column(f"after {counted(played, 'card')}")
    for item in review.items:
        statuses = review.history[item.name]
        items.add_row(item.label, status_text(statuses[0]), status_text(statuses[-1]))
    parts: list[RenderableType] = [title, items]
    if not review.mistakes:
        parts.append(Text("No card changed the status of an item."))
        return Group(*parts)
    mistakes = Table()
    for name, justify in (("trick", "right"), ("seat", "center"), ("card", "left"), ("item", "left"),
                          ("went", "left"), ("would have kept it", "left")):
        mistakes.add_column(name, justify=justify)  # type: ignore[arg-type]
    pack = deal.pack
    for m in review.mistakes:
        went = Text(f"{'made' if m.before else 'lost'} → {'made' if m.after else 'lost'}",
                    style="red" if m.before else "green")
        mistakes.add_row(str(m.trick), m.seat, token_text(pack, m.card), m.label, went,
                         tokens_text(pack, m.keeping) if m.keeping else Text("no card", style="dim"))
    parts += [Text("Cards that changed an item", style="bold"), mistakes]
    return Group(*parts)


# Scores


TOGETHER = {"declarer": "the declarer makes every item credited to him",
            "defenders": "the defenders make every item credited to them"}


def scores_table(scores: Any, title: str) -> Group:
    """One set of scores: a row per item (``game`` or ``SEAT:figure``), then the slate
    and the net payments."""
    grid = Table()
    for name, justify in (("item", "left"), ("result", "left"), ("value", "right"), ("scored by", "left"),
                          ("base, kontras", "left")):
        grid.add_column(name, justify=justify)  # type: ignore[arg-type]
    for item in scores.items:
        outcome = item.outcome()
        if outcome is not None:  # klopitzky: who pays, or who wins
            grid.add_row("klopitzky", outcome, str(item.value), f"the {item.scorer}" if item.scorer else "", "")
            continue
        result = Text("made ") + YES.copy() if item.made else Text("failed ") + NO.copy()
        grid.add_row(item.item, result, str(item.value), item.scorer or "", item.how())
    slate = "  ".join(f"{seat} {points}" for seat, points in scores.slate.items())
    net = "  ".join(f"{seat} {points:+d}" for seat, points in scores.net.items())
    parts: list[RenderableType] = [Text(title, style="bold"), grid, Text(f"slate: {slate}"),
                                   Text(f"net:   {net}", style="bold")]
    for side, can in scores.together.items():
        verdict = Text("unknown (too large for the search core)", style="yellow") if can is None else mark(can)
        parts.append(Text(f"In one line of play {TOGETHER.get(side, side)}: ") + verdict)
    return Group(*parts)


def scores_view(deal: Deal, scores: ScoreSet) -> Group:
    parts: list[RenderableType] = [heading("scores")]
    for value, note, title in ((scores.double_dummy, scores.double_dummy_note, "Double-dummy (best play from the first lead)"),
                               (scores.actual, scores.actual_note, "As played (the Play section)")):
        if value is not None:
            parts.append(scores_table(value, title))
        elif note:
            parts.append(Text(f"{title}: {note}", style="italic"))
    return Group(*parts)


VIEWS: dict[str, Callable[[Deal, Any], RenderableType]] = {
    "cards": cards_view,
    "line": line_view,
    "table": table_view,
    "announcements": lambda deal, found: deal.game.views.announcements(deal, found),
    "review": review_view,
    "scores": scores_view,
    "exchange": lambda deal, found: deal.game.views.exchange(deal, found),
}


def analysis_view(deal: Deal, analysis: Analysis) -> RenderableType:
    """One analysis of the deal, or its note."""
    if analysis.value is None:
        return Text(f"{TITLES[analysis.key]}: {analysis.note}", style="italic")
    return VIEWS[analysis.key](deal, analysis.value)
