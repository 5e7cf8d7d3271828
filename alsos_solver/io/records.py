"""Result records: a deal as JSON-ready data and back, and JSON-lines files of records.

A record is one JSON object per deal (``alsos-solve --json``, one line each in a batch's
output): ``file``, ``index``, ``deal`` (:func:`deal_record`) and the result's keys.
:func:`deal_from_record` is the inverse of :func:`deal_record` for what a record holds:
the game, dealer, hands, talon, contract, declarer, figures, rule options and other tags.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

from ..cards import cards_of
from ..deal import Deal
from ..games.base import default_game, find_game
from ..rules import AlsosOptions
from .errors import DealFormatError, open_input_or_stdin

MAX_RECORD_LINE = 10_000_000
"""The longest record line read, in bytes; a longer one is refused after reading this much."""


class RecordError(DealFormatError):
    """A records file (JSON lines) that cannot be read, or a record whose deal cannot be
    rebuilt: ``file:line:column: message`` like the deal reader's errors."""


def hand_token(deal: Deal, seat: str) -> str:
    """A hand as the deal format writes it; ``-`` for a seat that sits out."""
    hand = deal.hands.get(seat, 0)
    return "-" if seat not in deal.game.active and not hand else deal.pack.hand_name(hand)


def deal_record(deal: Deal) -> dict[str, Any]:
    """The deal as JSON-ready data (the ``deal`` key of a record)."""
    pack, spec, contract = deal.pack, deal.game, deal.contract
    return {
        "game": deal.game.name,
        "dealer": deal.dealer or spec.default_dealer,
        "hands": {seat: hand_token(deal, seat) for seat in spec.seats},
        "talon": None if deal.talon is None else " ".join(pack.card_name(c) for c in cards_of(deal.talon)),
        "contract": None if contract is None else spec.contract_token(contract),
        "declarer": deal.declarer,
        "figures": {seat: list(names) for seat, names in deal.figures.items()},
        "variant": deal.options.to_variant(),
        "tags": dict(deal.tags),
    }


def deal_from_record(data: Any) -> Deal:
    """The deal of a record's ``deal`` object; ValueError naming the key that is wrong
    (a missing or malformed key, a hand or card the game does not have, a deal that
    breaks the rules)."""
    if not isinstance(data, dict):
        raise ValueError(f"deal: expected an object, found {_kind(data)}")
    game = _get(data, "game", str, default_game().name)
    try:
        spec = find_game(game)
    except ValueError as error:
        raise ValueError(f"deal.game: {error}") from None
    pack = spec.pack
    hands_data = _get(data, "hands", dict)
    if set(hands_data) != set(spec.seats):
        raise ValueError(f"deal.hands: expected the seats {' '.join(spec.seats)}, found {' '.join(map(str, hands_data)) or 'none'}")
    fields: dict[str, Any] = {"game": spec, "hands": {}}
    for seat in spec.seats:
        text = _typed(hands_data[seat], str, f"deal.hands.{seat}")
        fields["hands"][seat] = _parsed(f"deal.hands.{seat}", pack.parse_hand, text)
    talon = _get(data, "talon", str, None)
    if talon is not None:
        fields["talon"] = sum(1 << card for card in _parsed("deal.talon", pack.parse_cards, talon))
    contract = _get(data, "contract", str, None)
    if contract is not None:
        fields["contract"] = _parsed("deal.contract", spec.parse_contract, contract)
    fields["dealer"] = _get(data, "dealer", str, None)
    fields["declarer"] = _get(data, "declarer", str, None)
    figures = _get(data, "figures", dict, {})
    fields["figures"] = {
        seat: tuple(_parsed(f"deal.figures.{seat}", spec.canonical_figure, _typed(name, str, f"deal.figures.{seat}")) for name in _typed(names, list, f"deal.figures.{seat}"))
        for seat, names in figures.items()
    }
    fields["options"] = _parsed("deal.variant", AlsosOptions.from_variant, _get(data, "variant", str, ""))
    tags = _get(data, "tags", dict, {})
    fields["tags"] = {str(name): _typed(value, str, f"deal.tags.{name}") for name, value in tags.items()}
    deal = Deal(**fields)
    problems = deal.problems()
    if problems:
        raise ValueError(f"deal: {problems[0].message}")
    return deal


def iter_records(path: str | os.PathLike[str]) -> Iterator[dict[str, Any]]:
    """The records of a JSON-lines file (``-``: the standard input, named ``<stdin>``),
    one object a line (blank lines skipped), read line by line; RecordError for a missing file, a line that is not a JSON object, or
    a line longer than ``MAX_RECORD_LINE``."""
    import json  # here, not at the top: a plain run reads no record (start-up)

    filename, opened = open_input_or_stdin(path, RecordError)
    with opened as stream:
        number = 0
        while raw := stream.readline(MAX_RECORD_LINE + 1):
            number += 1
            if len(raw) > MAX_RECORD_LINE and not raw.endswith(b"\n"):
                raise RecordError(filename, number, None, f"line longer than {MAX_RECORD_LINE} bytes (expected one JSON object a line)")
            if not raw.strip():
                continue
            try:
                value = json.loads(raw.rstrip(b"\r\n"))
            except (json.JSONDecodeError, UnicodeDecodeError) as error:
                column = getattr(error, "colno", None)
                reason = getattr(error, "msg", "invalid UTF-8")
                raise RecordError(filename, number, column, f"expected one JSON object a line: {reason}") from None
            if not isinstance(value, dict):
                raise RecordError(filename, number, 1, f"expected a JSON object, found {_kind(value)}")
            yield value


def _get(data: dict[str, Any], key: str, type_: type, *default: Any) -> Any:
    """``data[key]`` of ``type_`` (None allowed when the default is None)."""
    if key not in data:
        if default:
            return default[0]
        raise ValueError(f"deal: no {key!r} key")
    value = data[key]
    if value is None and default and default[0] is None:
        return None
    return _typed(value, type_, f"deal.{key}")


def _typed(value: Any, type_: type, where: str) -> Any:
    if not isinstance(value, type_):
        raise ValueError(f"{where}: expected {_KINDS[type_]}, found {_kind(value)}")
    return value


def _parsed(where: str, parse, text: Any) -> Any:
    try:
        return parse(text)
    except ValueError as error:
        raise ValueError(f"{where}: {error}") from None


_KINDS = {str: "a string", dict: "an object", list: "a list"}


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    return _KINDS.get(type(value), type(value).__name__)
