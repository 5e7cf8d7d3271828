"""How the terminal shows an Altiansz result: the declarer's points and the contracts he
can make (or the betli, or klopitzky), and the highest contract he can make."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...deal import Deal
from ...render.views import (
    BETLI_COLUMN, POINTS_COLUMN, GameViews, betli_brief, betli_headline, points_brief, points_line,
)
from ...render.widgets import contract_label, contract_text, footer, heading, mark, marks, stats, won_text

if TYPE_CHECKING:
    from ...solve import SolveResult
    from .analyses import ContractChoice


class AltianszViews(GameViews):
    table_columns = (
        POINTS_COLUMN,
        ("contracts", "contracts the declarer can make", "left",
         lambda entry: " ".join(name for name, made in entry.answers["contracts"].items() if made) or "—"),
        BETLI_COLUMN,
    )
    once_headings = {"klopitzky_win": "Klopitzky, can each seat win?"}

    def headline(self, deal: Deal, result: SolveResult) -> Text:
        if result.betli is not None:
            return betli_headline(deal, result.betli)
        if result.klopitzky_win is not None:
            return Text("Klopitzky, can each seat win against the other two?  ") + marks(result.klopitzky_win, "  ")
        if result.declarer_points is None:
            return Text("")
        contract = Text("\nContract ") + contract_text(deal) + Text(": ") + won_text(result.made)
        return points_line(result) + contract + Text("\nThe declarer can make: ") + marks(result.contracts, "  ")

    def brief_result(self, deal: Deal, result: SolveResult) -> list[Text]:
        if result.betli is not None:
            return betli_brief(result.betli)
        if result.klopitzky_win is not None:
            return [Text("wins: ") + marks(result.klopitzky_win)]
        assert deal.contract is not None
        return [points_brief(result), Text(f"{deal.contract.name} ") + won_text(result.made),
                Text("makes: ") + marks(result.contracts)]

    def announcements(self, deal: Deal, found: Any) -> RenderableType:
        return contract_choice_view(deal, found)


def contract_choice_view(deal: Deal, found: ContractChoice) -> Group:
    """Altiansz: the highest contract the declarer can make, and what he can make in each
    strain."""
    title = heading("announcements", f"declarer {found.declarer}, the highest contract he can make")
    best = ", ".join(found.best) if found.best else "none: he can make no contract"
    grid = Table()
    grid.add_column("strain")
    grid.add_column("contracts the declarer can make")
    for strain, names in found.makeable.items():
        label = contract_label(deal, f"solo {strain}")
        grid.add_row(label, " ".join(names) or "—")
    if found.betli is not None:
        grid.add_row("betli", mark(found.betli))
    parts: list[RenderableType] = [title, Text("Best: ") + Text(best, style="bold"), grid]
    if not found.complete:
        parts.append(Text("interrupted: partial result", style="bold yellow"))
    parts.append(footer(stats(found.nodes, found.seconds)))
    return Group(*parts)


VIEWS = AltianszViews()
