"""Fixed cards: ``B:PU P9 P7 +6`` (these cards and six random ones), ``talon:ZA``, or a
hand in the deal format's notation (``B:AKO.X9.U87.A``); and the layout they leave.

A fix names a place (a seat that plays, or ``talon``) and some of its cards; the place's
other cards are dealt at random. ``+N`` says how many, and must then complete the place.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card, CardSet, cards_of
from ..games.base import Game
from .errors import FixError

TALON = "talon"
FIX_SYNTAX = "PLACE:CARDS, e.g. B:PU P9 P7 +6 (these cards and 6 random ones), B:AKO.X9.U87.A or talon:ZA"


@dataclass(frozen=True)
class Fix:
    """Cards fixed to a place; ``random`` is the ``+N`` count when given."""

    text: str
    place: str
    cards: CardSet
    random: int | None = None


def parse_fix(text: str, spec: Game) -> Fix:
    """One fix; FixError says what was expected and what was found."""
    place, colon, rest = text.partition(":")
    place = place.strip()
    if not colon:
        raise FixError(f"fix {text!r}: expected {FIX_SYNTAX}")
    if place.lower() == TALON:
        place = TALON
    elif place not in spec.active:
        sits_out = place in spec.seats and len(place) == 1
        why = f"seat {place} sits out in {spec.name}" if sits_out else f"unknown place {place!r}"
        raise FixError(f"fix {text!r}: {why} (expected a seat {' '.join(spec.active)} or talon)")
    cards, random = 0, None
    for token in rest.split():
        if token.startswith("+"):
            if random is not None or not token[1:].isdigit():
                raise FixError(f"fix {text!r}: expected one +N (N random cards, a number), found {token!r}")
            random = int(token[1:])
            continue
        try:
            new = spec.pack.parse_hand(token) if "." in token or token == "-" else 1 << spec.pack.parse_card(token)
        except ValueError as error:
            raise FixError(f"fix {text!r}: {error}") from None
        if cards & new:
            raise FixError(f"fix {text!r}: card {_names(spec, cards & new)} given twice")
        cards |= new
    return Fix(text, place, cards, random)


@dataclass(frozen=True)
class Layout:
    """Where the cards go: per place (the game's seats in order, then the talon) the
    fixed cards and how many random ones it gets; ``free`` are the cards fixed nowhere."""

    fixed: tuple[CardSet, ...]
    need: tuple[int, ...]
    free: tuple[Card, ...]


def layout(spec: Game, fixes: Sequence[Fix]) -> Layout:
    """The layout of the fixes; FixError for a place fixed twice, a card fixed to two
    places, or more (or, with ``+N``, other than as many) cards than the place holds."""
    places = (*spec.seats, TALON)
    sizes = [spec.hand_size if seat in spec.active else 0 for seat in spec.seats] + [spec.talon_size]
    fixed = [0] * len(places)
    given: dict[str, Fix] = {}
    for fix in fixes:
        index = places.index(fix.place)
        if fix.place in given:
            raise FixError(f"fix {fix.text!r}: {fix.place} is already fixed by {given[fix.place].text!r} (give each place once)")
        for other in given.values():
            if other.cards & fix.cards:
                raise FixError(f"fix {fix.text!r}: card {_names(spec, other.cards & fix.cards)} is also fixed to {other.place}")
        count, size, what = fix.cards.bit_count(), sizes[index], _holds(spec, fix.place)
        if count > size:
            raise FixError(f"fix {fix.text!r}: {count} cards, but {what} {size}")
        if fix.random is not None and count + fix.random != size:
            raise FixError(f"fix {fix.text!r}: {count} cards + {fix.random} random make {count + fix.random}, but {what} {size}")
        given[fix.place] = fix
        fixed[index] = fix.cards
    taken = 0
    for cards in fixed:
        taken |= cards
    free = tuple(cards_of(spec.pack.full & ~taken))
    return Layout(tuple(fixed), tuple(size - cards.bit_count() for size, cards in zip(sizes, fixed)), free)


def _holds(spec: Game, place: str) -> str:
    return f"the talon in {spec.name} holds" if place == TALON else f"a hand in {spec.name} holds"


def _names(spec: Game, cards: CardSet) -> str:
    return " ".join(spec.pack.card_name(card) for card in cards_of(cards))
