"""The HTML view (``--html``): each deal as a self-contained page, or a site of pages.

A page holds the deal's diagram in the suit colours, its melds, a puzzle's goal with a
"Show solution" toggle (a ``<details>`` element: no script), the double-dummy result and
the analyses asked for. The result is drawn generically from the deal's JSON record
(:func:`~alsos_solver.report.record`): a dictionary of dictionaries is a table, a list of
objects is a table, any other dictionary a list of names and values, a yes/no answer ✓ or
✗, a card name a coloured card. The analyses are the terminal's views
(:mod:`.html_rich`): the same tables, the best marked.

Each page opens with the analysis board (:mod:`alsos_solver.board.offline`), its answers
along the recorded play precomputed, so that it works from a file. Pages are
self-contained: inline CSS and scripts, no external request. Every file is
written atomically (a temporary file in the same folder, then renamed), so a run that
fails or is stopped leaves no half-written page. Nothing here decides anything about the
game: every answer comes from a :class:`~alsos_solver.report.DealReport`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import replace
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..cards import SUIT_SYMBOLS, Card, CardSet, Pack, cards_of
from ..deal import Deal
from ..io.outputs import WEB_PAGE, check_output, write_atomically
from ..report import analysis_record
from ..rules import Kind
from .html_rich import STYLE as TERMINAL_STYLE
from .layout import contract_prefix, kontra_words, seat_layout, seat_roles

if TYPE_CHECKING:
    from ..report import DealReport

ANALYSIS_TITLES = {"cards": "Card values", "line": "Optimal line", "table": "Contract table",
                   "announcements": "Best announcements", "review": "Play review", "scores": "Scores",
                   "exchange": "Exchange"}

STYLE = """
:root { --line: #c8c8c8; --soft: #666; }
* { box-sizing: border-box; }
body { font: 16px/1.45 system-ui, sans-serif; margin: 0 auto; padding: 1rem; max-width: 72rem; color: #111;
       overflow-wrap: anywhere; }
h1 { font-size: 1.5rem; } h2 { font-size: 1.25rem; border-bottom: 1px solid var(--line); }
h3 { font-size: 1.05rem; margin: 1.2rem 0 .4rem; }
.s0 { color: #111; } .s1 { color: #c8102e; } .s2 { color: #b36b00; } .s3 { color: #1a7f37; }
.suit { font-weight: bold; }
.diagram { display: grid; gap: .8rem 2rem; grid-template-columns: repeat(3, max-content);
           grid-template-areas: ". top ." "left info right" ". bottom ."; align-items: start; }
.top { grid-area: top; } .left { grid-area: left; } .right { grid-area: right; }
.bottom { grid-area: bottom; } .info { grid-area: info; }
.hand h4 { margin: 0; font-size: 1rem; } .puzzle h4 { margin: .8rem 0 .3rem; } .hand ul { list-style: none; margin: 0; padding: 0; }
.hand li, .cards { font-family: ui-monospace, monospace; white-space: nowrap; }
.role { font-weight: normal; font-style: italic; color: var(--soft); }
dl.facts { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: .1rem .8rem; margin: 0; }
dl.facts dt { color: var(--soft); } dl.facts dd { margin: 0; }
.scroll { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; margin: .3rem 0; }
th, td { border: 1px solid var(--line); padding: .15rem .5rem; text-align: left; vertical-align: top;
         overflow-wrap: normal; }
th { background: #f3f3f3; }
.yes { color: #1a7f37; font-weight: bold; } .no { color: #c8102e; }
.note, .work { color: var(--soft); font-style: italic; } .work { font-size: .85rem; }
details { border: 1px solid var(--line); border-radius: .3rem; padding: .4rem .8rem; margin: .5rem 0; }
summary { cursor: pointer; font-weight: bold; }
ul.index li { margin: .3rem 0; }
@media (max-width: 40rem) {
  body { padding: .5rem; }
  dl.facts { grid-template-columns: minmax(0, 1fr); } dl.facts dd { margin-left: .8rem; }
  .diagram { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
             grid-template-areas: "top top" "left right" "bottom bottom" "info info"; }
}
"""


# Cards


def card_html(pack: Pack, card: Card, symbol: bool = True) -> str:
    """``♥X`` in the suit's colour (the rank alone without ``symbol``), marked with the
    card's name (``data-card``: what the browser test counts)."""
    suit = pack.suit_of(card)
    return (f'<span class="card s{suit}" data-card="{pack.card_name(card)}">'
            f'{SUIT_SYMBOLS[pack.name][suit] if symbol else ""}{escape(pack.ranks[pack.rank_of(card)])}</span>')


def cards_html(pack: Pack, cards: CardSet | list[Card]) -> str:
    found = cards_of(cards) if isinstance(cards, int) else cards
    return '<span class="cards">' + " ".join(card_html(pack, card) for card in found) + "</span>"


def suit_html(pack: Pack, suit: int) -> str:
    return f'<span class="suit s{suit}" title="{pack.suit_names[suit]}">{SUIT_SYMBOLS[pack.name][suit]}</span>'


def hand_html(deal: Deal, seat: str) -> str:
    """A seat's block: its letter and roles, then one line per suit, ranks high to low."""
    roles = seat_roles(deal, seat)
    title = f"<h4>{escape(seat)}{' <span class=role>' + ', '.join(roles) + '</span>' if roles else ''}</h4>"
    if seat not in deal.game.active:
        return title + '<p class="note">sits out</p>'
    pack, hand = deal.pack, deal.hands.get(seat, 0)
    lines = []
    for suit in range(len(pack.suits)):
        ranks = [card_html(pack, pack.card(suit, rank), symbol=False)
                 for rank in range(pack.suit_size) if hand >> pack.card(suit, rank) & 1]
        lines.append(f"<li>{suit_html(pack, suit)} {' '.join(ranks) or '—'}</li>")
    return title + "<ul>" + "".join(lines) + "</ul>"


# The deal


def contract_html(deal: Deal) -> str:
    contract = deal.contract
    if contract is None:
        return '<span class="note">none</span>'
    if contract.kind is not Kind.TRUMP:
        return f"<b>{escape(deal.game.contract_token(contract))}</b>"
    prefix = contract_prefix(contract)
    suit = f"{suit_html(deal.pack, contract.trump)} <b>{deal.pack.suit_names[contract.trump]}</b>"
    return f"<b>{escape(prefix)}</b> {suit}" if prefix else suit


def facts_html(rows: list[tuple[str, str]]) -> str:
    """Names and values, both HTML already, as a two-column list."""
    return '<dl class="facts">' + "".join(f"<dt>{name}</dt><dd>{value}</dd>" for name, value in rows) + "</dl>"


def info_html(deal: Deal) -> str:
    """The middle of the diagram: game, contract, declarer, talon, figures, variant, play."""
    rows = [] if deal.game.default else [("Game", escape(deal.game.name))]
    rows.append(("Contract", contract_html(deal)))
    if deal.declarer is not None:
        rows.append(("Declarer", escape(deal.declarer)))
    if deal.talon is not None:
        rows.append(("Talon", cards_html(deal.pack, deal.talon)))
    for name, figures in (("Figures", deal.figures), ("Front", deal.front)):
        if any(figures.values()):
            rows.append((name, "<br>".join(escape(f"{seat}: {', '.join(names)}") for seat, names in figures.items() if names)))
    if deal.kontra:
        rows.append(("Kontra", "<br>".join(escape(kontra_words(item, levels)) for item, levels in deal.kontra.items())))
    if deal.indicator is not None and deal.talon_top is not None:
        rows.append(("Indicator", card_html(deal.pack, deal.indicator) + " top " + card_html(deal.pack, deal.talon_top)))
    variant = deal.options.to_variant()
    if variant:
        rows.append(("Variant", escape(variant)))
    if deal.play:
        rows.append(("Play", f"{len(deal.play)} cards recorded"))
    return facts_html(rows)


def diagram_html(deal: Deal, middle: str | None = None, kind: str = "dealt") -> str:
    """The hands round the table with the contract (or ``middle``) in the middle (narrow
    screens: the hands two by two, the middle below)."""
    parts = [f'<div class="hand {place}">{hand_html(deal, seat)}</div>'
             for place, seat in zip(("top", "left", "right", "bottom"), seat_layout(deal)) if seat]
    middle = info_html(deal) if middle is None else middle
    return f'<div class="diagram {kind}">' + "".join(parts) + f'<div class="info">{middle}</div></div>'


def tricks_html(pack: Pack, cards: list[Card], players: int) -> str:
    """Cards played, one trick a line (the first line may be a trick under way)."""
    rows = [cards[i:i + players] for i in range(0, len(cards), players)]
    return "<br>".join(cards_html(pack, row) for row in rows)


def is_puzzle(deal: Deal) -> bool:
    return "Goal" in deal.tags and "Solution" in deal.tags


def puzzle_html(deal: Deal) -> str:
    """The puzzle's goal and tags, and behind a toggle its solution, its main line and its
    comment (which names the theme, often the idea too)."""
    tags, pack, players = deal.tags, deal.pack, len(deal.game.active)
    rows = [("Goal", f"<b>{escape(tags['Goal'])}</b>")]
    if deal.contract is not None:
        rows.append(("To move", escape(deal.game.active[deal.played_position().to_move])))
    rows += [(name, escape(tags[name])) for name in ("Difficulty", "Composer", "Source") if name in tags]
    start = ""
    if deal.play:
        rows.append(("Played before", tricks_html(pack, deal.play, players)))
        start = "<h4>At the start</h4>" + start_html(deal)
    solution = [("Solution", cards_text_html(pack, tags["Solution"]))]
    if deal.main_line:
        solution.append(("Main line", tricks_html(pack, deal.main_line, players)))
    if "Comment" in tags:
        solution.append(("Comment", escape(tags["Comment"])))
    return ('<section class="puzzle"><h3>Puzzle</h3>' + facts_html(rows) + start
            + '<details class="solution"><summary>Show solution</summary>' + facts_html(solution)
            + "</details></section>")


def start_html(deal: Deal) -> str:
    """The hands after the Play section, with the trick under way in the middle."""
    played = sum(1 << card for card in deal.play)
    left = replace(deal, hands={seat: hand & ~played for seat, hand in deal.hands.items()})
    under_way = deal.play[len(deal.play) - len(deal.play) % len(deal.game.active):]
    trick = cards_html(deal.pack, under_way) if under_way else "a new trick"
    return diagram_html(left, facts_html([("Trick", trick)]), "start")


# Answers, drawn from the record


ACCENTED = {"arrivazs": "arrivázs"}
"""Words of the record keys that a heading spells with their accents, as the terminal
does (the keys, an interface, stay plain)."""


def label(pack: Pack, key: str) -> str:
    """A record key as a heading: words for its underscores (``idegen arrivázs``), a card
    name as the card."""
    return cards_text_html(pack, " ".join(ACCENTED.get(word, word) for word in key.split("_")))


def cards_text_html(pack: Pack, text: str) -> str:
    """Text that is card names separated by spaces, as coloured cards; other text escaped."""
    try:
        cards = [pack.parse_card(token) for token in text.split()]
    except ValueError:
        return escape(text)
    return cards_html(pack, cards) if cards else escape(text)


def result_html(report: DealReport) -> str:
    """The double-dummy result as the terminal shows it (its game's views: the headline, the
    figures each seat can make, what was announced)."""
    if report.result is None:
        return ""
    from rich.console import Group

    from .html_rich import terminal_html

    shown = terminal_html(Group(*report.deal.game.views.result(report.deal, report.result)))
    return f'<section class="result"><h3>Double-dummy result</h3>{shown}</section>'


def analyses_html(report: DealReport) -> str:
    parts = []
    for analysis in report.analyses:
        title = f"<h3>{ANALYSIS_TITLES.get(analysis.key) or label(report.deal.pack, analysis.key)}</h3>"
        if analysis.value is None:
            parts.append(f'<section class="analysis">{title}<p class="note">{escape(analysis.note or "")}</p></section>')
            continue
        data = analysis_record(analysis)
        notes = data.pop("notes", {})
        title, body = terminal_analysis_html(report.deal, analysis, title)
        body += "".join(f'<p class="note">{label(report.deal.pack, key)}: {escape(note)}</p>' for key, note in notes.items())
        parts.append(f'<section class="analysis">{title}{body}</section>')
    return "".join(parts)


def terminal_analysis_html(deal: Deal, analysis: Any, title: str) -> tuple[str, str]:
    """An analysis as the terminal shows it (its tables, the best marked), under its
    heading (the terminal's, with what it says of the position)."""
    from rich.console import Group
    from rich.text import Text

    from .html_rich import terminal_html, text_html
    from .terminal_analyses import analysis_view

    view = analysis_view(deal, analysis)
    if isinstance(view, Group) and view.renderables and isinstance(view.renderables[0], Text):
        head = view.renderables[0]
        if head.plain.startswith(ANALYSIS_TITLES.get(analysis.key, "\0")):
            title = f"<h3>{text_html(Text(head.plain))}</h3>"
            view = Group(*view.renderables[1:])
    return title, terminal_html(view)


def deal_title(report: DealReport) -> str:
    """``Deal 1 · puzzles/example.txt · Event name``, as the terminal heads a deal."""
    parts = [f"Deal {report.index}", report.filename]
    if report.deal.tags.get("Event"):
        parts.append(report.deal.tags["Event"])
    return " · ".join(parts)


def deal_html(report: DealReport) -> str:
    """One deal's section: heading, diagram, melds, puzzle, result, analyses, notes."""
    deal = report.deal
    melds = ("they depend on the contract" if deal.contract is None
             else "<br>".join(escape(line) for line in report.melds.lines()) or "none")
    parts = [f"<h2>{escape(deal_title(report))}</h2>", diagram_html(deal), f"<h3>Melds</h3><p>{melds}</p>"]
    if is_puzzle(deal):
        parts.append(puzzle_html(deal))
    if report.note is not None:
        parts.append(f'<p class="note">Not analysed: {escape(report.note)}</p>')
    parts += [result_html(report), analyses_html(report)]
    return '<article class="deal">' + "".join(parts) + "</article>"


def page(title: str, body: str, boards: list[dict[str, Any]] | None = None) -> str:
    """A whole page: inline style, no external resource; with ``boards`` (the deals of
    :func:`~alsos_solver.board.offline.board_deal`), the analysis board first, its
    modules and answers inlined (no script without)."""
    board = ""
    if boards:
        from ..board.offline import board_html

        board = board_html(boards)
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{escape(title)}</title><style>{STYLE}{TERMINAL_STYLE}</style></head>"
            f"<body>{board}{body}</body></html>\n")


# Writing

HTML_OPTION = "--html"
INDEX = "index.html"
SITE_FILE = re.compile(r"(index|[A-Za-z0-9_-]+-[0-9]+)\.html")
"""The names of the files a site writes (its index and :func:`page_name`'s): the only
files of the folder it can replace."""


def page_name(filename: str, index: int, taken: set[str]) -> str:
    """A deal's page in a site: its file's name and its number, in safe letters
    (``puzzles/collection/betli.txt`` deal 2: ``betli-2.html``; a name taken already, by a
    file of the same name in another folder: ``betli-2-2.html``)."""
    stem = re.sub(r"[^A-Za-z0-9_]+", "-", Path(filename).stem).strip("-") or "deal"
    name, extra = f"{stem}-{index}.html", 1
    while name in taken:
        extra += 1
        name = f"{stem}-{index}-{extra}.html"
    taken.add(name)
    return name


def html_sink(target: str, sources: Sequence[str] = (), force: bool = False) -> HtmlSink:
    """The view ``--html TARGET`` asks for: a site when the target is a folder (one that
    exists, or a name ending in ``/``), else one page. OutputError when a file it would
    write is one of the files the ``sources`` stand for (:func:`~alsos_solver.report.source_files`:
    NoDealsError for a folder without one), or is not a page and ``force`` is not given;
    OSError when the target cannot be written."""
    from ..report import source_files

    inputs = list(source_files(list(sources)))
    if not (target.endswith(("/", os.sep)) or Path(target).is_dir()):
        check_output(HTML_OPTION, target, inputs, WEB_PAGE, force)
        return HtmlSink(target, False)
    folder = Path(target)
    folder.mkdir(parents=True, exist_ok=True)
    for path in sorted({folder / INDEX} | {path for path in folder.iterdir() if SITE_FILE.fullmatch(path.name)}):
        check_output(HTML_OPTION, target, inputs, WEB_PAGE, force, file=str(path))
    return HtmlSink(target, True)


class HtmlSink:
    """The reports as one page (``target`` a file), or as a site (``site``: ``target`` a
    folder, created if needed): a page per deal, written as each deal is done, and
    ``index.html`` listing them, written at the end (also after an error or Ctrl-C, with
    the deals done). OSError at once when the target cannot be written."""

    def __init__(self, target: str, site: bool) -> None:
        self.target, self.site = Path(target), site
        self.sections: list[str] = []
        self.entries: list[str] = []
        self.taken: set[str] = set()
        self.boards: list[dict[str, Any]] = []

    def deal(self, report: DealReport) -> None:
        from ..board.offline import board_deal

        section = deal_html(report)
        board = board_deal(report.filename, report.index, report.deal)
        if not self.site:
            self.sections.append(section)
            self.boards.append(board)
            return
        name = page_name(report.filename, report.index, self.taken)
        back = '<p><a href="index.html">All deals</a></p>'
        write_atomically(self.target / name, page(deal_title(report), back + section, [board]))
        self.entries.append(f'<li><a href="{escape(name)}">{escape(deal_title(report))}</a>{index_facts(report)}</li>')

    def close(self) -> None:
        if self.site:
            items = "".join(self.entries) or "<li>no deals</li>"
            write_atomically(self.target / INDEX,
                             page("Deals", f'<h1>Deals</h1><ul class="index">{items}</ul>'))
        else:
            body = "".join(self.sections) or "<p>no deals</p>"
            write_atomically(self.target, page(self.target.stem, body, self.boards))


def index_facts(report: DealReport) -> str:
    """What the index says of a deal after its name: game, contract, puzzle goal, difficulty."""
    deal = report.deal
    facts = [escape(deal.game.name), contract_html(deal)]
    if is_puzzle(deal):
        facts.append("goal " + escape(deal.tags["Goal"]))
        if "Difficulty" in deal.tags:
            facts.append("difficulty " + escape(deal.tags["Difficulty"]))
    return " · " + " · ".join(facts)
