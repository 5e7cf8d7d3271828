"""The terminal view: each deal's diagram, its double-dummy result and its analyses as
rich renderables, or one line per deal (``--brief``).

Nothing here decides anything about the game: every answer comes from a
:class:`~alsos_solver.report.DealReport`; this module only lays it out. The analyses' views
are in :mod:`.terminal_analyses`. Rich prints plain text (no colour, same layout) when the
output is not a terminal, which is what the README shows. An output whose encoding cannot
show the suit symbols gets the suit letters instead (:func:`fit_output`).
"""

from __future__ import annotations

import codecs
import unicodedata
from typing import TYPE_CHECKING, TextIO

from rich.console import COLOR_SYSTEMS, Console, Group, RenderableType
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..cards import SUIT_SYMBOLS, Card, CardSet, Pack, cards_of
from ..deal import Deal
from ..melds import MeldResult
from ..rules import Kind
from ..words import counted
from .layout import contract_prefix, kontra_words, seat_layout, seat_roles
from .widgets import (
    NO, SUIT_STYLES, YES, card_text, cards_text, contract_text, mark, marks, suit_symbol, use_suit_letters, won_text,
)

if TYPE_CHECKING:
    from ..report import DealReport
    from ..solve import SolveResult


# The output's encoding

PLAIN_SYMBOLS = {"✓": "+", "✗": "-", "→": "->", "·": "-", "—": "-", "…": "..."}
"""What an output that cannot encode them shows for the symbols other than the suits."""
PLAIN_ERRORS = "alsos_solver.plain"
"""The codec error handler that writes an unencodable character in a plain form."""


def fit_output(stream: TextIO) -> None:
    """Fit the view to the stream's encoding: where it cannot encode the suit symbols,
    suits are shown by their letters (M P T Z, S H D C); where it cannot encode the other
    symbols or accented letters, they are written plainly (``✓`` as ``+``, ``é`` as ``e``)."""
    use_suit_letters(not can_encode(stream, "".join(SUIT_SYMBOLS.values())))
    if not can_encode(stream, "".join(PLAIN_SYMBOLS) + "áéíóöőúüű"):
        codecs.register_error(PLAIN_ERRORS, _plain)
        stream.reconfigure(errors=PLAIN_ERRORS)  # type: ignore[attr-defined]


def can_encode(stream: TextIO, text: str) -> bool:
    """Whether the stream can write the text (one without an encoding, such as a
    StringIO, holds any text)."""
    try:
        text.encode(getattr(stream, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _plain(error: UnicodeError) -> tuple[str, int]:
    assert isinstance(error, UnicodeEncodeError)
    text = error.object[error.start:error.end]
    letters = ("".join(c for c in unicodedata.normalize("NFKD", char) if c.isascii()) for char in text)
    return "".join(PLAIN_SYMBOLS.get(char) or plain or "?" for char, plain in zip(text, letters)), error.end


# Cards and hands


def suit_line(pack: Pack, hand: CardSet, suit: int) -> Text:
    """``♣ A 9 7``, ranks high to low; ``♣ —`` for a void."""
    ranks = [pack.ranks[r] for r in range(pack.suit_size) if hand >> pack.card(suit, r) & 1]
    return suit_symbol(pack, suit) + " " + (" ".join(ranks) or "—")


def hand_text(deal: Deal, seat: str) -> Text:
    """A seat's block in the diagram: its letter and roles, then one line per suit."""
    title = Text.assemble((seat, "bold underline"))
    roles = seat_roles(deal, seat)
    if roles:
        title.append(" " + ", ".join(roles), style="italic")
    if seat not in deal.game.active:
        return Text("\n").join([title, Text("sits out", style="dim")])
    pack, hand = deal.pack, deal.hands.get(seat, 0)
    return Text("\n").join([title, *(suit_line(pack, hand, suit) for suit in range(len(pack.suits)))])


# The deal


def figures_text(figures: dict[str, tuple[str, ...]]) -> Text:
    """``B: abszolut, ultimo``; one line per announcing seat."""
    return Text("\n").join(Text(f"{seat}: {', '.join(names)}") for seat, names in figures.items() if names)


def kontra_text(kontra: dict[str, str]) -> Text:
    """``game: kontra (front), rekontra (back)``; one line per item."""
    return Text("\n").join(
        Text(kontra_words(item, levels)) for item, levels in kontra.items()
    )


def info_table(deal: Deal) -> Table:
    """The middle of the diagram: contract, declarer, talon, announced figures, variant."""
    info = Table.grid(padding=(0, 1))
    info.add_column(style="dim")
    info.add_column()
    if not deal.game.default:
        info.add_row("Game", deal.game.name)
    info.add_row("Contract", contract_text(deal))
    if deal.declarer is not None:
        info.add_row("Declarer", deal.declarer)
    if deal.talon is not None:
        info.add_row("Talon", cards_text(deal.pack, deal.talon))
    if any(deal.figures.values()):
        info.add_row("Figures", figures_text(deal.figures))
    if any(deal.front.values()):
        info.add_row("Front", figures_text(deal.front))
    if deal.kontra:
        info.add_row("Kontra", kontra_text(deal.kontra))
    if deal.indicator is not None and deal.talon_top is not None:
        info.add_row("Indicator", card_text(deal.pack, deal.indicator) + Text("  top ") + card_text(deal.pack, deal.talon_top))
    variant = deal.options.to_variant()
    if variant:
        info.add_row("Variant", variant)
    if deal.play:
        info.add_row("Play", f"{counted(len(deal.play), 'card')} recorded (solved from the first lead)")
    return info


def diagram(deal: Deal) -> Table:
    """The hands round the table (three players: B at the top, A left, C right) with the
    contract information in the middle."""
    top, left, right, bottom = seat_layout(deal)
    grid = Table.grid(padding=(1, 3))
    for _ in range(3):
        grid.add_column(vertical="top")

    def hand(seat: str) -> RenderableType:
        return hand_text(deal, seat) if seat else Text("")

    if top:
        grid.add_row("", hand(top), "")
    grid.add_row(hand(left), info_table(deal), hand(right))
    if bottom:
        grid.add_row("", hand(bottom), "")
    return grid


def melds_text(melds: MeldResult, deal: Deal) -> RenderableType:
    """The melds and why each does or does not score (:meth:`MeldResult.lines`), each line
    indented, and so is what it wraps to."""
    heading = Text.assemble(("Melds", "bold"))
    if deal.contract is None:
        return heading.append(": they depend on the contract", style="dim")
    lines = melds.lines()
    if not lines:
        return heading.append(": none", style="dim")
    return Group(heading, *(Padding(Text(line), (0, 0, 0, 2), expand=False) for line in lines))


def deal_title(filename: str, index: int, deal: Deal) -> Text:
    """``Deal 1 · puzzles/example.txt · Event name``."""
    parts = [f"Deal {index}", filename]
    if deal.tags.get("Event"):
        parts.append(deal.tags["Event"])
    return Text(" · ".join(parts), style="bold")


def deal_panel(deal: Deal, melds: MeldResult) -> Panel:
    """The diagram and the melds in one panel. Its heading (:func:`deal_title`) is printed
    above it as one unwrapped line, not in its border: a border title is cut to the
    panel's width, and a long file path would hide the event's name."""
    return Panel(Group(diagram(deal), Text(""), melds_text(melds, deal)), expand=False)


# The result


def footer(result: SolveResult) -> Text:
    return Text(f"{result.nodes:,} nodes, {result.seconds:.3f} s", style="dim")


def result_view(deal: Deal, result: SolveResult) -> Group:
    """The double-dummy answer for the deal's contract."""
    parts: list[RenderableType] = [Text("Double-dummy result", style="bold underline")]
    parts += deal.game.views.result(deal, result)
    parts.append(footer(result))
    return Group(*parts)


# The views


class TerminalSink:
    """Each deal as its heading and diagram, then its double-dummy result, then each
    analysis or its note; with ``brief``, one line per deal (:func:`brief_line`) instead of
    the diagram and the result."""

    def __init__(self, console: Console, brief: bool = False) -> None:
        self.console = console
        self.brief = brief

    def deal(self, report: DealReport) -> None:
        deal, analyses = report.deal, report.analyses
        if self.brief:
            self.line(brief_line(report))
        else:
            self.line(deal_title(report.filename, report.index, deal))
            self.console.print(deal_panel(deal, report.melds))
            if report.result is not None:
                self.console.print(result_view(deal, report.result))
        if report.note is not None and not self.brief:
            self.console.print(Text(f"Not analysed: {report.note}", style="italic"))
        if analyses:
            from .terminal_analyses import analysis_view

            for analysis in analyses:
                self.console.print()
                self.console.print(analysis_view(deal, analysis))
        if not self.brief or analyses:
            self.console.print()

    def close(self) -> None:
        pass

    def line(self, text: Text) -> None:
        """One line, not wrapped, written at once: each of its pieces in its style on a
        terminal, its characters alone where the console draws no style (a pipe, a file).
        That is what rich would print, three to five times faster (``--brief`` over many
        deals); a tab, which rich expands, is left to rich."""
        if "\t" in text.plain:
            self.console.print(text, soft_wrap=True)
            return
        system = COLOR_SYSTEMS.get(self.console.color_system or "")
        drawn = text.plain if system is None else "".join(
            piece.style.render(piece.text, color_system=system) if piece.style else piece.text
            for piece in text.render(self.console))
        self.console.file.write(drawn + "\n")
        self.console.file.flush()


def brief_line(report: DealReport) -> Text:
    """``Deal 1 · FILE · Event · ♥ hearts by B · 90 card points + 40 in melds · game won ✓
    · B abszolut ✓ ultimo ✓ · together: declarer ✗``: the deal's heading, its contract, and
    the double-dummy result in short (or why there is none: an override that does not fit
    it, a game the solver does not answer)."""
    deal, result = report.deal, report.result
    parts = [deal_title(report.filename, report.index, deal)]
    if deal.contract is None:
        return Text(" · ").join([*parts, Text("no contract")])
    parts.append(contract_text(deal) + Text(f" by {deal.declarer}" if deal.declarer else ""))
    if report.note is not None:
        parts.append(Text(f"not analysed: {report.note}"))
    if result is not None:
        parts += deal.game.views.brief_result(deal, result)
    return Text(" · ").join(parts)
