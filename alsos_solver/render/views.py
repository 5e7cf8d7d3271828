"""How the terminal shows one game's results: each game's views (its ``views``,
:attr:`alsos_solver.games.base.Game.views`) are a :class:`GameViews`, and the pieces that
several games' views share are here."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rich.console import RenderableType
from rich.text import Text

from ..deal import Deal
from .widgets import mark

if TYPE_CHECKING:
    from ..analysis.table import TableEntry
    from ..solve import SolveResult


TableColumn = tuple[str, str, str, Callable[["TableEntry"], RenderableType]]
"""A column of the contract table: (result key, heading, justification, cell of an entry)."""

POINTS_COLUMN: TableColumn = ("declarer_points", "points", "right", lambda entry: str(entry.declarer_points))
GAME_COLUMN: TableColumn = ("game", "game", "center", lambda entry: mark(entry.game))
BETLI_COLUMN: TableColumn = ("betli", "betli", "center", lambda entry: mark(entry.betli))


class GameViews:
    """One game's terminal views: the headline of its result, the result's other parts,
    the result in short (``--brief``), the columns of its contract table and the views of
    its own analyses."""

    table_columns: tuple[TableColumn, ...] = (POINTS_COLUMN, GAME_COLUMN, BETLI_COLUMN)
    """The contract table's columns in order; a column is shown when some entry has its answer."""
    once_headings: dict[str, str] = {}
    """The heading of each per-seat answer the contract table asks once, by its result key."""

    def headline(self, deal: Deal, result: SolveResult) -> Text:
        """What the contract comes to, in a few lines."""
        return Text("")

    def result(self, deal: Deal, result: SolveResult) -> list[RenderableType]:
        """The double-dummy result (by default its headline)."""
        return [self.headline(deal, result)]

    def brief_result(self, deal: Deal, result: SolveResult) -> list[Text]:
        """The double-dummy result in a few short parts."""
        return []

    def announcements(self, deal: Deal, found: Any) -> RenderableType:
        """The best announcements (the ``--announce`` analysis)."""
        return Text(str(found))

    def exchange(self, deal: Deal, found: Any) -> RenderableType:
        """The trump exchange's options (the ``--exchange`` analysis)."""
        return Text(str(found))

    def odds(self, found: Any) -> RenderableType:
        """The odds of a seat's announcements (the ``odds`` command)."""
        return Text(str(found))


def betli_headline(deal: Deal, made: bool) -> Text:
    """``Betli: B can lose every trick ✓``."""
    return Text(f"Betli: {deal.declarer} ") + (
        Text("can lose every trick ") if made else Text("cannot lose every trick ")
    ) + mark(made)


def betli_brief(made: bool) -> list[Text]:
    return [Text("betli made ") + mark(True) if made else Text("betli failed ") + mark(False)]


def points_line(result: SolveResult) -> Text:
    """``Declarer B: 90 card points (last trick included) + 40 in melds``."""
    melds = result.melds.get(result.declarer or "", 0)
    points = Text(f"Declarer {result.declarer}: {result.declarer_points} card points (last trick included)")
    return points + Text(f" + {melds} in melds" if melds else ", no scoring melds")


def points_brief(result: SolveResult) -> Text:
    melds = result.melds.get(result.declarer or "", 0)
    return Text(f"{result.declarer_points} card points" + (f" + {melds} in melds" if melds else ""))


def announced_text(deal: Deal, result: SolveResult) -> Text:
    """Each announced figure, makeable or not, then each side's announced items together."""
    lines = []
    for seat, figures in result.announced.items():
        items = Text("  ").join(Text(f"{name} ") + mark(ok) for name, ok in figures.items())
        lines.append(Text(f"Announced by {seat}: ") + items)
    for side, ok in result.announced_together.items():
        lines.append(Text(f"Together, {side}: {' + '.join(side_items(deal, side))}: ") + mark(ok))
    return Text("\n").join(lines)


def side_items(deal: Deal, side: str) -> list[str]:
    """The items a side's 'together' question joins: the game (or its defeat), then the
    side's announced figures, ``seat figure``."""
    declarer_side = side == "declarer"
    items = ["game" if declarer_side else "defeat the game"]
    for seat, names in deal.figures.items():
        if (seat == deal.declarer) == declarer_side:
            items += [f"{seat} {name}" for name in names]
    return items


def announced_brief(result: SolveResult) -> list[Text]:
    """Each seat's announced figures and each side's together, in short."""
    parts = []
    for seat, figures in result.announced.items():
        parts.append(Text(f"{seat} ") + Text(" ").join(Text(f"{name} ") + mark(ok) for name, ok in figures.items()))
    if result.announced_together:
        parts.append(Text("together: ") + Text(" ").join(Text(f"{side} ") + mark(ok)
                                                         for side, ok in result.announced_together.items()))
    return parts
