"""How the terminal shows an Asszorti result: the declarer's tricks, game, arrivázs and
score, and the score of every bid."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...deal import Deal
from ...render.views import GAME_COLUMN, GameViews
from ...render.widgets import contract_label, footer, heading, mark, stats, won_text
from ...words import counted
from .analyses import NOT_RECORDED
from .rules import BIDS

if TYPE_CHECKING:
    from ...solve import SolveResult
    from .analyses import BidChoices


class AsszortiViews(GameViews):
    table_columns = (
        ("declarer_tricks", "tricks", "right", lambda entry: str(entry.declarer_tricks)),
        GAME_COLUMN,
        ("arrivazs", "arrivázs", "center", lambda entry: mark(entry.arrivazs)),
        ("score", "score", "right", lambda entry: f"{entry.score:+d}"),
    )

    def headline(self, deal: Deal, result: SolveResult) -> Text:
        """The declarer's tricks and game, each arrivázs (announced or not), and the score."""
        announced = " (announced)" if "arrivazs" in deal.figures.get(result.declarer or "", ()) else ""
        lines = [
            Text(f"Declarer {result.declarer}: {result.declarer_tricks} of {deal.game.hand_size} tricks"),
            Text("Game: ") + won_text(bool(result.game)),
            Text("Arrivázs, the last three tricks: ") + mark(bool(result.arrivazs)) + Text(announced),
        ]
        if result.idegen_arrivazs is not None:
            lines.append(Text("Idegen arrivázs, without a trump in them: ") + mark(result.idegen_arrivazs))
        lines.append(Text(f"Score: {result.score:+d} from each opponent", style="bold"))
        return Text("\n").join(lines)

    def brief_result(self, deal: Deal, result: SolveResult) -> list[Text]:
        parts = [Text(counted(result.declarer_tricks, "trick")), Text("game ") + won_text(bool(result.game)),
                 Text("arrivázs ") + mark(bool(result.arrivazs))]
        if result.idegen_arrivazs is not None:
            parts.append(Text("idegen ") + mark(result.idegen_arrivazs))
        return [*parts, Text(f"score {result.score:+d}")]

    def announcements(self, deal: Deal, found: Any) -> RenderableType:
        return bids_view(deal, found)


def bids_view(deal: Deal, found: BidChoices) -> Group:
    """The declarer's best bid, trump and arrivázs, then the score of every bid judged
    (rows) in every strain (columns), then the bids that could not be judged."""
    judged = [bid for bid in BIDS if bid not in found.not_judged]
    title = heading("announcements", f"declarer {found.declarer}, bid {', '.join(judged)}, every trump and arrivázs, no kontras")
    parts: list[RenderableType] = [title]
    best = found.best
    if best is not None:
        said = contract_label(deal, best.strain) + Text(f", bid {best.bid}" + (", arrivázs" if best.arrivazs else ""))
        parts.append(Text("Best: ", style="bold") + said + Text(f", score {best.score:+d}", style="bold"))
    strains = list(dict.fromkeys(choice.strain for choice in found.choices))
    grid = Table()
    grid.add_column("bid")
    for strain in strains:
        grid.add_column(contract_label(deal, strain), justify="right", no_wrap=True)
    scores = {(c.bid, c.arrivazs, c.strain): f"{c.score:+d}" for c in found.choices}
    for bid in judged:
        for arrivazs in (False, True):
            grid.add_row(f"{bid}{' arrivázs' if arrivazs else ''}", *(scores.get((bid, arrivazs, s), "") for s in strains))
    parts.append(grid)
    if found.not_judged:
        listed = " and ".join(", ".join(found.not_judged).rsplit(", ", 1))
        parts.append(Text(f"{'Bids' if len(found.not_judged) > 1 else 'Bid'} {listed} not judged: {NOT_RECORDED}",
                          style="yellow"))
    if not found.complete:
        parts.append(Text(f"interrupted: partial result ({counted(len(found.choices), 'contract')})", style="bold yellow"))
    parts.append(footer(counted(len(found.choices), "contract"), stats(found.nodes, found.seconds)))
    return Group(*parts)


VIEWS = AsszortiViews()
