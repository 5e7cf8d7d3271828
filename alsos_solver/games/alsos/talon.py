"""The trump exchange (rules-notes 'Trump exchange'; seed 003, síber): which trump the
exchanger gives up, the swap of the 7 for the indicator, when síber is allowed and its 13
cards."""

from __future__ import annotations

from ...cards import Card, CardSet, Pack

EXCHANGE_GAMES = ("alsos", "alsos-4")
"""The games whose deal as dealt (Dealt, Indicator, TalonTop) is modelled: a talon of the
trump indicator, three hidden cards and a face-up top card (seed 003 'Deal')."""


def exchange_card(pack: Pack, indicator: Card, talon_top: Card) -> Card | None:
    """The trump the exchanger gives up (rules-notes 'Trump exchange'): the 7 of the
    indicator's suit, or, for síber only, the 8 if the 7 is one of the two face-up cards;
    None when both are face up."""
    trump = pack.suit_of(indicator)
    for rank in "78":
        card = pack.card(trump, pack.rank_index(rank))
        if card not in (indicator, talon_top):
            return card
    return None


def swap_allowed(pack: Pack, card: Card) -> bool:
    """Only the trump 7 is swapped for the indicator (rules-notes 'Trump exchange'; seed
    003: swapping the 8 is a variation some played); the holder of the 8 acts only by
    síber, when the 7 is face up."""
    return pack.ranks[pack.rank_of(card)] == "7"


def exchanged_hand(hand: CardSet, card: Card, indicator: Card) -> CardSet:
    """The hand after swapping ``card`` (the trump 7 or 8) for the indicator."""
    return hand & ~(1 << card) | 1 << indicator


def siber_allowed(pack: Pack, indicator: Card, talon_top: Card) -> bool:
    """Síber (seed 003): the face-up top card of the talon is a trump or an ace."""
    return pack.suit_of(talon_top) == pack.suit_of(indicator) or pack.ranks[pack.rank_of(talon_top)] == "A"


def hidden_talon(pack: Pack, dealt: dict[str, CardSet], indicator: Card, talon_top: Card) -> CardSet:
    """The face-down talon cards: the pack but the dealt hands and the two face-up cards."""
    seen = (1 << indicator) | (1 << talon_top)
    for hand in dealt.values():
        seen |= hand
    return pack.full & ~seen


def siber_pool(pack: Pack, dealt: dict[str, CardSet], card: Card, indicator: Card, talon_top: Card) -> CardSet:
    """The exchanger's 13 cards in síber: his hand without ``card``, both face-up cards and
    the hidden talon; he discards four of them, no trumps."""
    holder = next(hand for hand in dealt.values() if hand >> card & 1)
    return holder & ~(1 << card) | (1 << indicator) | (1 << talon_top) | hidden_talon(pack, dealt, indicator, talon_top)
