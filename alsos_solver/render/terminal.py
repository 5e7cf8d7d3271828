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
from ..figures import FIGURES
from ..melds import MeldResult
from ..rules import Kind
from ..rules.games import DEFAULT_GAME
from ..words import counted
from .layout import SUIT_NAMES, contract_prefix, kontra_words, seat_layout, seat_roles

if TYPE_CHECKING:
    from ..report import DealReport
    from ..solve import SolveResult

SUIT_STYLES = ("bold", "bold red", "bold yellow", "bold green")
"""Suit colours by suit index: acorns plain, hearts red, bells yellow, leaves green (the
French pack gets the same four-colour scheme: spades, hearts, diamonds, clubs)."""

YES = Text("✓", style="bold green")
NO = Text("✗", style="red")


# The output's encoding

PLAIN_SYMBOLS = {"✓": "+", "✗": "-", "→": "->", "·": "-", "—": "-", "…": "..."}
"""What an output that cannot encode them shows for the symbols other than the suits."""
PLAIN_ERRORS = "alsos_solver.plain"
"""The codec error handler that writes an unencodable character in a plain form."""
_suit_letters = False


def fit_output(stream: TextIO) -> None:
    """Fit the view to the stream's encoding: where it cannot encode the suit symbols,
    suits are shown by their letters (M P T Z, S H D C); where it cannot encode the other
    symbols or accented letters, they are written plainly (``✓`` as ``+``, ``é`` as ``e``)."""
    global _suit_letters
    _suit_letters = not can_encode(stream, "".join(SUIT_SYMBOLS.values()))
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


def suit_symbol(pack: Pack, suit: int) -> Text:
    """The suit's symbol in its colour (a styled span, so text added after it is plain),
    or its letter where the output cannot show the symbol."""
    symbols = pack.suits if _suit_letters else SUIT_SYMBOLS[pack.name]
    return Text.assemble((symbols[suit], SUIT_STYLES[suit]))


def card_text(pack: Pack, card: Card) -> Text:
    """``♥X``: the suit symbol in colour, then the rank letter."""
    return suit_symbol(pack, pack.suit_of(card)) + Text(pack.ranks[pack.rank_of(card)])


def cards_text(pack: Pack, cards: CardSet) -> Text:
    """Cards in pack order, separated by spaces."""
    return Text(" ").join(card_text(pack, card) for card in cards_of(cards))


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
    if seat not in deal.spec.active:
        return Text("\n").join([title, Text("sits out", style="dim")])
    pack, hand = deal.pack, deal.hands.get(seat, 0)
    return Text("\n").join([title, *(suit_line(pack, hand, suit) for suit in range(len(pack.suits)))])


# The deal


def contract_text(deal: Deal) -> Text:
    """``♥ hearts`` for a trump game (Altiansz: ``game-ultimo ♥ hearts``; Asszorti's bids
    but 3: ``2 ♥ hearts``), else the token (``NT``, ``1 NT``, ``BETLI``, ``KLOPITZKY``);
    ``none`` without a contract."""
    contract = deal.contract
    if contract is None:
        return Text("none", style="dim")
    if contract.kind is not Kind.TRUMP:
        return Text(deal.spec.contract_token(contract), style="bold")
    suit = suit_symbol(deal.pack, contract.trump) + " " + Text(SUIT_NAMES[deal.pack.name][contract.trump], style="bold")
    prefix = contract_prefix(contract)
    return Text.assemble((f"{prefix} ", "bold"), suit) if prefix else suit


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
    if deal.game != DEFAULT_GAME:
        info.add_row("Game", deal.game)
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


def mark(value: bool) -> Text:
    return YES.copy() if value else NO.copy()


def headline(deal: Deal, result: SolveResult) -> Text:
    """What the contract comes to: the declarer's points and the game, betli, klopitzky
    (one line), or the tricks, game, arrivázs and score of a game played for tricks."""
    if result.declarer_tricks is not None:
        return tricks_headline(deal, result)
    if result.betli is not None:
        return Text(f"Betli: {deal.declarer} ") + (
            Text("can lose every trick ") if result.betli else Text("cannot lose every trick ")
        ) + mark(result.betli)
    if result.klopitzky_safe is not None:
        line = Text("Klopitzky, can each seat avoid paying against the other two?  ")
        return line + marks(result.klopitzky_safe, "  ")
    if result.klopitzky_win is not None:
        return Text("Klopitzky, can each seat win against the other two?  ") + marks(result.klopitzky_win, "  ")
    if result.declarer_points is None:
        return Text("")
    melds = result.melds.get(result.declarer or "", 0)
    points = Text(f"Declarer {result.declarer}: {result.declarer_points} card points (last trick included)")
    points += Text(f" + {melds} in melds" if melds else ", no scoring melds")
    if result.made is not None:
        contract = Text("\nContract ") + contract_text(deal) + Text(": ") + won_text(result.made)
        return points + contract + Text("\nThe declarer can make: ") + marks(result.contracts, "  ")
    return points + Text("\nGame: ") + won_text(bool(result.game)) + concession_text(result)


def tricks_headline(deal: Deal, result: SolveResult) -> Text:
    """The declarer's tricks and game, each arrivázs (announced or not), and the score."""
    announced = " (announced)" if "arrivazs" in deal.figures.get(result.declarer or "", ()) else ""
    lines = [
        Text(f"Declarer {result.declarer}: {result.declarer_tricks} of {deal.spec.hand_size} tricks"),
        Text("Game: ") + won_text(bool(result.game)),
        Text("Arrivázs, the last three tricks: ") + mark(bool(result.arrivazs)) + Text(announced),
    ]
    if result.idegen_arrivazs is not None:
        lines.append(Text("Idegen arrivázs, without a trump in them: ") + mark(result.idegen_arrivazs))
    lines.append(Text(f"Score: {result.score:+d} from each opponent", style="bold"))
    return Text("\n").join(lines)


def marks(answers: dict[str, bool], between: str = " ") -> Text:
    """``A ✓ B ✗ C ✗``: each name (a seat, a contract) with its answer."""
    return Text(between).join(Text(f"{name} ") + mark(ok) for name, ok in answers.items())


def won_text(won: bool) -> Text:
    """``won ✓`` or ``lost ✗``, the game for the declarer."""
    return Text("won ", style="bold green") + mark(True) if won else Text("lost ", style="bold red") + mark(False)


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


def footer(result: SolveResult) -> Text:
    return Text(f"{result.nodes:,} nodes, {result.seconds:.3f} s", style="dim")


def result_view(deal: Deal, result: SolveResult) -> Group:
    """The double-dummy answer for the deal's contract."""
    parts: list[RenderableType] = [Text("Double-dummy result", style="bold underline"), headline(deal, result)]
    if result.figures is not None:
        parts += [Text("Figures each seat can make (announced in [ ])", style="bold"), figures_table(deal, result)]
    if result.announced:
        parts.append(announced_text(deal, result))
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
        parts += brief_result(deal, result)
    return Text(" · ").join(parts)


def brief_result(deal: Deal, result: SolveResult) -> list[Text]:
    """The double-dummy result in a few short parts."""
    if result.declarer_tricks is not None:
        parts = [Text(counted(result.declarer_tricks, "trick")), Text("game ") + won_text(bool(result.game)),
                 Text("arrivázs ") + mark(bool(result.arrivazs))]
        if result.idegen_arrivazs is not None:
            parts.append(Text("idegen ") + mark(result.idegen_arrivazs))
        return [*parts, Text(f"score {result.score:+d}")]
    if result.betli is not None:
        return [Text("betli made ") + mark(True) if result.betli else Text("betli failed ") + mark(False)]
    if result.klopitzky_safe is not None:
        return [Text("avoids paying: ") + marks(result.klopitzky_safe)]
    if result.klopitzky_win is not None:
        return [Text("wins: ") + marks(result.klopitzky_win)]
    melds = result.melds.get(result.declarer or "", 0)
    points = Text(f"{result.declarer_points} card points" + (f" + {melds} in melds" if melds else ""))
    if result.made is not None:
        return [points, Text(f"{deal.contract.name} ") + won_text(result.made), Text("makes: ") + marks(result.contracts)]
    game = Text("game ") + won_text(bool(result.game))
    if result.concession and result.concession["changes_game"]:
        game += Text(" (by a meld concession)")
    parts = [points, game]
    for seat, figures in result.announced.items():
        parts.append(Text(f"{seat} ") + Text(" ").join(Text(f"{name} ") + mark(ok) for name, ok in figures.items()))
    if result.announced_together:
        parts.append(Text("together: ") + Text(" ").join(Text(f"{side} ") + mark(ok)
                                                         for side, ok in result.announced_together.items()))
    return parts
