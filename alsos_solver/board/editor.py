"""The board's deal editor: the answer of ``POST /api/check``.

The page edits a deal as fields (the game, the cards of each hand and of the talon, the
contract, the declarer, the announcements and kontras); :func:`deal_text` writes them as
the text of one deal in the deal format, and :func:`check` reads that text with the library's
reader (:func:`alsos_solver.io.loads`), so that what is wrong is said in the command line's
words: the reader's located message, with the tag it is in (the field the page shows it at)
and its column in that tag's value. A sound deal comes back as the writer writes it
(:func:`alsos_solver.io.dumps`), the text the page plays and saves.
"""

from __future__ import annotations

import re
from typing import Any

from ..games import find_game
from ..games.base import default_game
from ..io import DealFormatError, dumps, loads
from .positions import DEAL_NAME

FIELDS = ("game", "hands", "talon", "contract", "declarer", "figures", "front", "kontra", "tags")
"""The keys of a request made of fields (or ``text`` alone: a deal's text)."""
TEXT_FIELDS = ("contract", "declarer", "figures", "front", "kontra")
"""The fields written as they are typed, each as its tag (``Contract``, ...)."""
EDITED_TAGS = frozenset({"Game", "Deal", "Talon", "Contract", "Declarer", "Figures", "Front", "Kontra", "Play", "Solution"})
"""The tags the fields make, and those ``tags`` may not carry (a play section is not edited)."""
TAG_LINE = re.compile(r'\s*\[([A-Za-z0-9_]+)\s+"')


class EditorRequestError(ValueError):
    """A body that is not a deal's fields nor its text (status 400)."""


def check_request(data: Any) -> dict[str, Any]:
    """The request of a ``POST /api/check`` body (decoded JSON): ``{"text": ...}``, or the
    fields (any of :data:`FIELDS`); EditorRequestError saying what is wrong with it."""
    if not isinstance(data, dict):
        raise EditorRequestError("the request body must be a JSON object: the deal's fields, or its text")
    if "text" in data:
        if set(data) != {"text"} or not isinstance(data["text"], str):
            raise EditorRequestError("text must be a deal's text in the deal format (a string), alone")
        return data
    unknown = sorted(set(data) - set(FIELDS))
    if unknown:
        raise EditorRequestError(f"unknown key {unknown[0]!r} (expected {', '.join(FIELDS)}, or text)")
    for key in ("game", *TEXT_FIELDS):
        if not isinstance(data.get(key, ""), str):
            raise EditorRequestError(f"{key} must be a string")
    hands, talon, tags = data.get("hands", {}), data.get("talon", []), data.get("tags", {})
    if not isinstance(hands, dict) or not all(isinstance(seat, str) and _names(cards) for seat, cards in hands.items()):
        raise EditorRequestError('hands must map seats to lists of card names, e.g. {"A": ["MA", "PX"]}')
    if not _names(talon):
        raise EditorRequestError('talon must be a list of card names, e.g. ["MA", "PX"]')
    if not isinstance(tags, dict) or not all(isinstance(value, str) for value in tags.values()):
        raise EditorRequestError('tags must map tag names to values, e.g. {"Event": "Example"}')
    edited = sorted(set(tags) & EDITED_TAGS)
    if edited:
        raise EditorRequestError(f"tags may not give {edited[0]}: it is a field of its own, or not edited")
    return data


def _names(cards: Any) -> bool:
    return isinstance(cards, list) and all(isinstance(card, str) for card in cards)


def deal_text(fields: dict[str, Any]) -> str:
    """The fields as one deal's text: the other ``tags`` first, then ``Game``, ``Deal`` (every
    seat of the game: a seat not given holds nothing, one that sits out ``-``), ``Talon``
    (when it has cards) and the text fields that are not blank. EditorRequestError for a card
    that is not of the game's pack (the page offers no other)."""
    game_name = fields.get("game", "").strip()
    try:
        spec = find_game(game_name) if game_name else default_game()
    except ValueError:
        spec = default_game()  # the Game tag below is the reader's error
    pack = spec.pack

    def cards(names: list[str], where: str) -> int:
        found = 0
        for name in names:
            try:
                found |= 1 << pack.card_of(name)
            except ValueError as error:
                raise EditorRequestError(f"{where}: {error}") from None
        return found

    hands = fields.get("hands", {})
    for seat in hands:
        if seat not in spec.seats:
            raise EditorRequestError(f"hands: unknown seat {seat!r} (expected one of {' '.join(spec.seats)})")
    tokens = []
    for seat in spec.seats:
        hand = cards(hands.get(seat, []), f"hands: seat {seat}")
        tokens.append("-" if seat not in spec.active and not hand else pack.hand_name(hand))
    lines = [_pair(name, value) for name, value in fields.get("tags", {}).items()]
    if game_name:
        lines.append(_pair("Game", game_name))
    lines.append(_pair("Deal", "A:" + " ".join(tokens)))
    talon = fields.get("talon", [])
    if talon:
        cards(talon, "talon")
        lines.append(_pair("Talon", " ".join(talon)))
    for key in TEXT_FIELDS:
        value = " ".join(fields.get(key, "").split())
        if value:
            lines.append(_pair(key.capitalize(), value))
    return "\n".join(lines) + "\n"


def _pair(name: str, value: str) -> str:
    if any(char in value for char in "\n\r\0"):
        raise EditorRequestError(f"{name}: a value is one line, without NUL")
    return '[{} "{}"]'.format(name, value.replace("\\", "\\\\").replace('"', '\\"'))


def check(request: dict[str, Any]) -> dict[str, Any]:
    """The JSON of ``POST /api/check``: ``text``, the deal as the writer writes it when it
    is sound (else the text read), and ``problems``: empty, or the reader's error as
    ``{"tag", "message", "column", "located"}``: the tag it is in (null when it is in
    none), the reader's message, the column in that tag's value (from 1; null when it
    points at no character of it) and the command line's line (``deal:3:9: message``)."""
    text = request["text"] if "text" in request else deal_text(request)
    try:
        deals = loads(text, DEAL_NAME, warn=lambda warning: None)
    except DealFormatError as error:
        return {"text": text, "problems": [located_problem(text, error)]}
    if len(deals) != 1:
        message = f"expected one deal, found {len(deals)}"
        return {"text": text, "problems": [{"tag": None, "message": message, "column": None, "located": f"{DEAL_NAME}: {message}"}]}
    return {"text": dumps(deals), "problems": []}


def located_problem(text: str, error: DealFormatError) -> dict[str, Any]:
    """The reader's error as the page shows it: at the tag of its line (its trick lines:
    ``Play``; none where it points at no place in a tag's value, such as a deal's start),
    the column in the tag's value."""
    tag, column = None, None
    lines = text.splitlines()
    if error.line is not None and 1 <= error.line <= len(lines):
        line = lines[error.line - 1]
        match = TAG_LINE.match(line)
        if match and error.column is not None:
            tag = match.group(1)
            start = match.end() + 1  # the value's first column
            column = error.column - start + 1 if error.column >= start else None
        elif error.column is not None and any(TAG_LINE.match(above) and TAG_LINE.match(above).group(1) == "Play" for above in lines[:error.line]):
            tag = "Play"
    return {"tag": tag, "message": error.message, "column": column, "located": str(error)}

