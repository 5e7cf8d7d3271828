"""Writing deals in the deal format (docs/format.md); :mod:`.reader` reads every file written."""

from __future__ import annotations

import io
import os
from collections.abc import Iterable, Iterator
from typing import TextIO

from ..cards import cards_of
from ..deal import Deal
from .tags import CORE_TAGS, TAG_NAME


def dumps(deals: Iterable[Deal]) -> str:
    """The deals as the text of a deal file (see :func:`dump`)."""
    buffer = io.StringIO()
    _write(deals, buffer)
    return buffer.getvalue()


def dump(deals: Iterable[Deal], file: str | os.PathLike[str] | TextIO) -> None:
    """Write the deals to a path (UTF-8, ``\\n`` line ends) or to an open text file.

    Each deal is its other tags (``Deal.tags``) in order, then the core tags that are
    set, in the order Game, Dealer, Deal, Talon, Dealt, Indicator, TalonTop, Contract,
    Declarer, Figures, Front, Kontra, Variant, Melds, Play, then its trick lines; a
    puzzle's Solution with a main line last, followed by the main line; one
    blank line between deals, a newline at the end.
    ValueError for a tag the reader could not read back (a bad name, a line break or NUL).
    """
    if isinstance(file, (str, os.PathLike)):
        with open(file, "w", encoding="utf-8", newline="\n") as stream:
            _write(deals, stream)
    else:
        _write(deals, file)


def _write(deals: Iterable[Deal], stream: TextIO) -> None:
    for index, deal in enumerate(deals):
        if index:
            stream.write("\n")
        stream.write(_deal_text(deal))


def _deal_text(deal: Deal) -> str:
    lines = [_tag_pair(name, value) for name, value in _tags(deal)]
    lines += _trick_lines(deal, deal.play, 0)
    if deal.main_line:
        lines.append(_tag_pair("Solution", deal.tags.get("Solution", "")))
        lines += _trick_lines(deal, deal.main_line, len(deal.play))
    return "\n".join(lines) + "\n"


def _trick_lines(deal: Deal, cards: list[int], played: int) -> list[str]:
    """One line per trick of ``cards``, played after ``played`` cards: the first line
    finishes the trick in progress."""
    size, pack = len(deal.game.active), deal.pack
    cuts = [0, *range(-played % size or size, len(cards), size)]
    return [" ".join(pack.card_name(card) for card in cards[start:end])
            for start, end in zip(cuts, [*cuts[1:], len(cards)]) if end > start]


def _tags(deal: Deal) -> Iterator[tuple[str, str]]:
    """The tag pairs of a deal, in writing order; a core tag only when it is set."""
    for name, value in deal.tags.items():
        if name == "Solution" and deal.main_line:
            continue  # written last, with its main line
        if name in CORE_TAGS or not TAG_NAME.fullmatch(name):
            raise ValueError(f"cannot write tag {name!r}: expected a name of letters, digits, _ other than {', '.join(CORE_TAGS)}")
        yield name, value
    spec, pack = deal.game, deal.pack
    if not deal.game.default:
        yield "Game", deal.game.name
    if deal.dealer is not None:
        yield "Dealer", deal.dealer
    yield "Deal", _hands(deal, deal.hands)
    if deal.talon is not None:
        yield "Talon", " ".join(pack.card_name(card) for card in cards_of(deal.talon))
    if deal.dealt is not None:
        yield "Dealt", _hands(deal, deal.dealt)
    if deal.indicator is not None:
        yield "Indicator", pack.card_name(deal.indicator)
    if deal.talon_top is not None:
        yield "TalonTop", pack.card_name(deal.talon_top)
    if deal.contract is not None:
        yield "Contract", spec.contract_token(deal.contract)
    if deal.declarer is not None:
        yield "Declarer", deal.declarer
    figures = {seat: tuple(map(spec.canonical_figure, names)) for seat, names in deal.figures.items() if names}
    if figures:
        yield "Figures", _seat_lists(figures)
    front = {seat: tuple(map(spec.canonical_figure, names)) for seat, names in deal.front.items() if names}
    if front:
        yield "Front", _seat_lists(front)
    if deal.kontra:
        items = sorted(deal.kontra.items(), key=lambda item: (item[0] != "game", item[0].split(":")[0]))
        yield "Kontra", " ".join(f"{item}:{levels}" for item, levels in items)
    variant = deal.options.to_variant()
    if variant:
        yield "Variant", variant
    if deal.declared:
        yield "Melds", _seat_lists({seat: kinds or ("none",) for seat, kinds in deal.declared.items()})
    if deal.play:
        yield "Play", deal.play_leader or deal.first_leader


def _hands(deal: Deal, hands: dict[str, int]) -> str:
    """``A:hand hand ...``, every seat in playing order, the empty hand of a seat that sits
    out as ``-``."""
    spec, pack = deal.game, deal.pack
    return "A:" + " ".join(
        "-" if seat not in spec.active and not hands.get(seat, 0) else pack.hand_name(hands.get(seat, 0))
        for seat in spec.seats
    )


def _seat_lists(names: dict[str, tuple[str, ...]]) -> str:
    """``A:name,name B:name``, seats in playing order (which is the letters' order)."""
    return " ".join(f"{seat}:{','.join(names[seat])}" for seat in sorted(names))


def _tag_pair(name: str, value: str) -> str:
    """``[Name "value"]`` with ``\\`` and ``"`` escaped; a value is one line, without NUL."""
    if any(char in value for char in "\n\r\0"):
        raise ValueError(f"cannot write tag {name}: its value {value!r} holds a line break or NUL")
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{escaped}"]'
