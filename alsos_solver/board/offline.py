"""The board inside an ``--html`` page (issue 29 §3): the same front end, working from a
file (``file://``, a page mailed) with no server.

The page carries a data island (``<script type="application/json" id="board-data">``)
with the deals, the answers of ``POST /api/position`` precomputed by the board's own
:func:`~alsos_solver.board.positions.position_values` for the default question, at every
position of the recorded line (the deal's Play section; the first lead alone where there
is none) and after every legal card there, and the page's modules' sources. A small
inline module turns the sources into ``blob:`` URLs (each module's ``./name.js`` imports
pointed at its dependencies' URLs) and imports ``board.js``; ``static/source.js`` answers
the board's requests from the island, and a position off it with "exploring this position
needs alsos-solve board". The board's style is inlined, every selector scoped to the
board's box (:func:`scoped_css`), so that it leaves the rest of the page as it was.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .positions import BoardError, WarmSolvers, position_values

if TYPE_CHECKING:
    from ..deal import Deal

STATIC = Path(__file__).resolve().parent / "static"
ENTRY = "board.js"
BOX = "board-embed"
"""The class of the board's box in a page: every rule of board.css is scoped to it."""
IMPORT = re.compile(r'(\bfrom\s+|\bimport\s+)"\./([A-Za-z0-9_-]+\.js)"')

LOADER = """
const data = JSON.parse(document.getElementById("board-data").textContent);
const urls = {};
for (const name of data.order) {
  const text = data.sources[name].replace(/(\\bfrom\\s+|\\bimport\\s+)"\\.\\/([A-Za-z0-9_-]+\\.js)"/g,
    (whole, keyword, dependency) => `${keyword}"${urls[dependency]}"`);
  urls[name] = URL.createObjectURL(new Blob([text], { type: "text/javascript" }));
}
import(urls[data.entry]);
"""
"""The inline module that starts the board from the island's sources (leaves first)."""


def line_positions(deal: Deal) -> list[list[str]]:
    """The plays whose answers a page carries: every prefix of the recorded play (only
    the first lead where there is none) and each of them with one more card (the legal
    cards are the answers' own, so this is expanded as the answers come)."""
    names = [deal.pack.card_name(card) for card in deal.play]
    return [names[:k] for k in range(len(names) + 1)]


def deal_positions(deal: Deal, text: str, warm: WarmSolvers | None = None) -> list[dict[str, Any]]:
    """The answers of one deal for the island: ``play`` and ``answer``, for every position
    of :func:`line_positions` and after every legal card at it (default question). A
    position the board cannot answer (no contract, a question that does not apply) is
    left out: the page sends its reader to ``alsos-solve board``."""
    warm = warm or WarmSolvers(1)
    found: dict[tuple[str, ...], dict[str, Any]] = {}

    def answer(play: list[str]) -> dict[str, Any] | None:
        if tuple(play) not in found:
            try:
                found[tuple(play)] = position_values(text, play, None, warm)
            except BoardError:
                return None
        return found[tuple(play)]

    for play in line_positions(deal):
        shown = answer(play)
        for entry in shown["cards"] if shown else []:
            answer([*play, entry["card"]])
    return [{"play": list(play), "answer": value} for play, value in found.items()]


def module_order(sources: dict[str, str], entry: str = ENTRY) -> list[str]:
    """The modules ``entry`` needs, each after the modules it imports."""
    order: list[str] = []

    def visit(name: str, path: tuple[str, ...]) -> None:
        if name in order:
            return
        if name in path:
            raise ValueError(f"import cycle: {' → '.join((*path, name))}")
        for _, dependency in IMPORT.findall(sources[name]):
            visit(dependency, (*path, name))
        order.append(name)

    visit(entry, ())
    return order


def sources() -> dict[str, str]:
    return {path.name: path.read_text(encoding="utf-8") for path in sorted(STATIC.glob("*.js"))
            if not path.name.endswith(".test.mjs")}


def island(deals: list[dict[str, Any]]) -> str:
    """The data island: the deals (``file``, ``index``, ``text``, ``title`` as ``GET
    /api/deals`` gives them, and ``positions``), the modules and their order; ``<``
    written ``\\u003c`` so that no text in it closes the script element."""
    modules = sources()
    order = module_order(modules)
    data = {"deals": deals, "sources": {name: modules[name] for name in order}, "order": order, "entry": ENTRY}
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    return f'<script type="application/json" id="board-data">{text}</script>'


def board_deal(filename: str, index: int, deal: Deal) -> dict[str, Any]:
    """One deal of the island, with its precomputed positions."""
    text = str(deal)
    event = deal.tags.get("Event")
    title = f"{filename} #{index}" + (f" · {event}" if event else "")
    positions = deal_positions(deal, text) if deal.contract is not None else []
    return {"file": filename, "index": index, "text": text, "title": title, "positions": positions}


def scoped_css(css: str, scope: str = f".{BOX}") -> str:
    """board.css with every rule applying inside ``scope`` only: ``:root`` and ``body``
    become the scope itself, ``*`` and every other selector a descendant of it; the
    rules inside ``@media`` too."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    out: list[str] = []
    position = 0
    pattern = re.compile(r"([^{}]+)\{")
    depth_stack: list[bool] = []  # True where the block is an at-rule holding rules
    while position < len(css):
        match = pattern.match(css, position)
        if match is None:
            if css[position] == "}":
                out.append("}")
                if depth_stack:
                    depth_stack.pop()
                position += 1
                continue
            out.append(css[position])
            position += 1
            continue
        head = match.group(1).strip()
        if head.startswith("@"):
            out.append(head + " {")
            depth_stack.append(True)
            position = match.end()
            continue
        end = css.index("}", match.end())
        selectors = [scope_selector(part.strip(), scope) for part in head.split(",")]
        out.append(", ".join(selectors) + " {" + css[match.end():end] + "}\n")
        position = end + 1
    return "".join(out)


def scope_selector(selector: str, scope: str) -> str:
    if selector in (":root", "body", "html"):
        return scope
    return f"{scope} {selector}"


def board_html(deals: list[dict[str, Any]]) -> str:
    """The board's box for a page: its style (scoped), its markup (index.html's body),
    the island and the loader."""
    index = (STATIC / "index.html").read_text(encoding="utf-8")
    body = index.split("<body>", 1)[1].rsplit("</body>", 1)[0]
    css = scoped_css((STATIC / "board.css").read_text(encoding="utf-8"))
    css += f".{BOX} h2 {{ border-bottom: 0; }}\n"  # the page's headings are underlined, the board's not
    return (f'<style>{css}</style><section class="{BOX}" aria-label="Analysis board">{body}</section>'
            f'{island(deals)}<script type="module">{LOADER}</script>')
