"""How the terminal shows an Alsós result: the declarer's points and game (or the betli,
or klopitzky), the figures each seat can make, and the best announcements."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...deal import Deal
from ...render.views import (
    BETLI_COLUMN, GAME_COLUMN, POINTS_COLUMN, GameViews, announced_brief, announced_text, betli_brief, betli_headline,
    points_brief, points_line,
)
from ...render.widgets import card_text, footer, heading, mark, marks, percent, stats, won_text
from ...words import counted
from .figures import FIGURES

if TYPE_CHECKING:
    from ...solve import SolveResult
    from .announcements import Announcements
    from .odds import Odds


class AlsosViews(GameViews):
    table_columns = (
        POINTS_COLUMN, GAME_COLUMN,
        ("figures", "figures the declarer can make", "left", lambda entry: " ".join(entry.made_figures) or "—"),
        BETLI_COLUMN,
    )
    once_headings = {"klopitzky_safe": "Klopitzky, can each seat avoid paying?"}

    def headline(self, deal: Deal, result: SolveResult) -> Text:
        if result.betli is not None:
            return betli_headline(deal, result.betli)
        if result.klopitzky_safe is not None:
            line = Text("Klopitzky, can each seat avoid paying against the other two?  ")
            return line + marks(result.klopitzky_safe, "  ")
        if result.declarer_points is None:
            return Text("")
        return points_line(result) + Text("\nGame: ") + won_text(bool(result.game)) + concession_text(result)

    def result(self, deal: Deal, result: SolveResult) -> list[RenderableType]:
        parts: list[RenderableType] = [self.headline(deal, result)]
        if result.figures is not None:
            parts += [Text("Figures each seat can make (announced in [ ])", style="bold"), figures_table(deal, result)]
        if result.announced:
            parts.append(announced_text(deal, result))
        return parts

    def brief_result(self, deal: Deal, result: SolveResult) -> list[Text]:
        if result.betli is not None:
            return betli_brief(result.betli)
        if result.klopitzky_safe is not None:
            return [Text("avoids paying: ") + marks(result.klopitzky_safe)]
        game = Text("game ") + won_text(bool(result.game))
        if result.concession and result.concession["changes_game"]:
            game += Text(" (by a meld concession)")
        return [points_brief(result), game, *announced_brief(result)]

    def announcements(self, deal: Deal, found: Any) -> RenderableType:
        return announcements_view(deal, found)

    def exchange(self, deal: Deal, found: Any) -> RenderableType:
        return exchange_view(deal, found)

    def odds(self, found: Any) -> RenderableType:
        return odds_view(found)


def concession_text(result: SolveResult) -> Text:
    """A note when the defenders' meld concession decides the game (empty otherwise)."""
    concession = result.concession
    if not concession or not concession["changes_game"]:
        return Text("")
    how = concession["choice"] or "the defenders choose after seeing the first trick"
    return Text(
        f"\nDecided by the defenders' meld concession: {how}.\n(With every meld declared the game would be won.)",
        style="yellow",
    )


def figures_table(deal: Deal, result: SolveResult) -> Table:
    """Every allowed figure (rows) for every seat (columns): can that seat make it as the
    announcer? An announced figure's cell is in brackets."""
    assert result.figures is not None
    seats = list(result.figures)
    table = Table()
    table.add_column("figure")
    for seat in seats:
        table.add_column(seat + (" (declarer)" if seat == result.declarer else ""), justify="center")
    names = list(next(iter(result.figures.values()), {}))
    for name in names:
        row: list[RenderableType] = [Text(name) + Text(f" {FIGURES[name].english}", style="dim")]
        for seat in seats:
            cell = mark(result.figures[seat][name])
            row.append(Text("[") + cell + Text("]") if name in deal.figures.get(seat, ()) else cell)
        table.add_row(*row)
    return table


def announcements_view(deal: Deal, found: Announcements) -> Group:
    """The declarer's best set of figures and the defenders' best against it."""
    how = "front" if found.front else "back"
    title = heading("announcements", f"declarer {found.declarer}, {how} values")
    grid = Table()
    for name, justify in (("side", "left"), ("announce", "left"), ("game in that line", "left"), ("score", "right")):
        grid.add_column(name, justify=justify)  # type: ignore[arg-type]
    def said(names: list[str], front: list[str]) -> str:
        return ", ".join(f"{name} (front)" if name in front and found.front else name for name in names) or "nothing"

    grid.add_row(f"declarer {found.declarer}", said(found.declarer_figures, found.declarer_front),
                 won_text(found.declarer_game), f"{found.declarer_score:+d}")
    defenders = "; ".join(
        f"{seat} {said(names, found.defender_front.get(seat, []))}" for seat, names in found.defender_figures.items()
    )
    defeated = Text("defeated ") + mark(True) if found.game_defeated else Text("not defeated ") + mark(False)
    grid.add_row("defenders", defenders, defeated, f"{found.defender_score:+d}")
    parts: list[RenderableType] = [title, grid]
    for side, sets in found.not_evaluated.items():
        if sets:
            shown = "; ".join(" + ".join(s) for s in sets)
            parts.append(Text(f"Not evaluated ({side}, too large for the search core): {shown}", style="yellow"))
    parts.append(footer(counted(found.questions, "question"), stats(found.nodes, found.seconds)))
    return Group(*parts)


def odds_view(odds: Odds) -> RenderableType:
    """One row per item (rate, 95% interval, expected score), then the figures the view's
    round does not offer, the best set and the declarer's points. One sampled layout gives
    no interval, and every layout (``exact``) needs none: the column is left out and the
    declarer's points say why."""
    no_interval = "exact" if odds.exact else "one layout gives no interval" if odds.samples == 1 else None
    layouts = f"all {counted(odds.samples, 'layout')} (exact)" if odds.exact else f"{counted(odds.samples, 'layout')} (seed {odds.seed})"
    title = Text(f"Odds for {odds.seat} from the {odds.view} · {layouts}", style="bold")
    table = Table()
    table.add_column("item")
    table.add_column("makeable", justify="right")
    if no_interval is None:
        table.add_column("95% interval", justify="right")
    table.add_column("expected score", justify="right")
    for name, item in odds.items.items():
        interval = [] if no_interval else [f"{percent(item.low)}-{percent(item.high)}"]
        table.add_row(name, percent(item.rate), *interval, f"{item.expected_score:+.2f}")
    parts: list[RenderableType] = [title, table]
    if odds.not_offered:
        parts.append(Text(f"Not offered from the {odds.view}: {', '.join(odds.not_offered)} (announced from the front only)",
                          style="dim"))
    best = ", ".join(odds.best) or "no figure"
    points = odds.declarer_points
    spread = no_interval or f"95% interval {points['low']:.1f}-{points['high']:.1f}"
    return Group(
        *parts,
        Text(f"Best to announce: {best} (expected score {odds.best_score:+.2f}; kontras left out)"),
        Text(f"Declarer's points: {points['mean']:.1f} on average ({spread})"),
    )


SIBER_ROWS = 5
"""The síber discards shown (the best for the chooser first); --json lists them all."""


def exchange_view(deal: Deal, found: Any) -> Group:
    """The trump exchange choices: who chooses, then each option with the declarer's
    points, game and figures, the best marked (síber: the best few discards)."""
    pack = deal.pack
    title = heading("exchange")
    head = Text("Indicator ") + card_text(pack, deal.indicator) + Text(", talon top ") + card_text(pack, deal.talon_top)
    if found.holder is not None and found.card is not None:
        head += Text(f"; {found.holder} ({found.chooser}) holds ") + card_text(pack, found.card)
        head += Text("; síber allowed" if found.siber else "; no síber (the talon top is neither a trump nor an ace)")
    parts: list[RenderableType] = [title, head]
    if found.note:
        parts.append(Text(found.note, style="italic"))
    indexed = list(enumerate(found.options))
    plain = [(i, o) for i, o in indexed if o.kind != "siber"]
    siber = sorted(((i, o) for i, o in indexed if o.kind == "siber"),
                   key=lambda io: io[1].key, reverse=found.chooser != "defender")  # stable: card order on ties
    if found.best is not None and found.options[found.best].kind == "siber":
        siber.sort(key=lambda io: io[0] != found.best)
    grid = Table()
    for name, justify in (("option", "left"), ("points", "right"), ("game", "center"),
                          ("declarer's figures", "left"), ("", "left")):
        grid.add_column(name, justify=justify, no_wrap=name == "option")  # type: ignore[arg-type]
    for index, option in plain + siber[:SIBER_ROWS]:
        made = " ".join(name for name, can in option.figures.items() if can) or "—"
        grid.add_row(exchange_label(deal, found, option.kind, option.discard), str(option.declarer_points),
                     mark(option.game), made, Text("best", style="bold green") if index == found.best else "")
    parts.append(grid)
    if len(siber) > SIBER_ROWS:
        parts.append(Text(f"and {len(siber) - SIBER_ROWS} more síber discards (--json lists every option)", style="dim"))
    for excluded in found.excluded:
        parts.append(Text(f"{exchange_label(deal, found, excluded.kind, excluded.discard)}: not evaluated, {excluded.reason}",
                          style="yellow"))
    done = len(found.options) + len(found.excluded)
    if not found.complete:
        parts.append(Text(f"interrupted: partial result ({done} of {found.total} options)", style="bold yellow"))
    else:
        parts.append(footer(counted(done, "option")))
    return Group(*parts)


def exchange_label(deal: Deal, found: Any, kind: str, discard: tuple[int, ...]) -> Text:
    """``keep``, ``swap ♥7 for ♥X``, ``síber, discard ♣A ♣U ♦A ♦U``."""
    pack = deal.pack
    if kind == "swap" and found.card is not None:
        return Text("swap ") + card_text(pack, found.card) + Text(" for ") + card_text(pack, deal.indicator)
    if kind == "siber":
        return Text("síber, discard ") + Text(" ").join(card_text(pack, card) for card in discard)
    return Text(kind)


VIEWS = AlsosViews()
