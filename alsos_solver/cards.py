"""Cards, packs and card sets.

A card is a small int, a card set (a hand, a talon, the cards of a trick) is one int
bitmask. The bit of a card is ``suit * pack.suit_size + rank``, where ``rank`` is the
card's index in the pack's *writing order*:

* Hungarian pack (Alsós, Altiansz): suits M P T Z (acorns, hearts, bells, leaves) are
  bytes 0-3; ranks A K O U X 9 8 7 are bits 0-7 of the byte. So bit 0 is MA, bit 7 is
  M7, bit 8 is PA, bit 31 is Z7. The writing order is also the *sequence order* of the
  melds, so a sequence is a run of adjacent set bits inside one suit's byte.
* French pack (Asszorti): suits S H D C, ranks A K Q J T 9 8 7 6, nine bits a suit
  (bit 0 SA ... bit 35 C6).

Trick order and card points depend on the contract and live in :mod:`alsos_solver.rules`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TypeAlias

Card: TypeAlias = int
"""A card: its bit index in the pack's layout."""

CardSet: TypeAlias = int
"""A set of cards: a bitmask over the pack's layout."""


@dataclass(frozen=True)
class Pack:
    """A pack: suit letters, rank letters in writing order, and card-token parsing."""

    name: str
    suits: str
    ranks: str
    ten_alias: str  # the rank letter that the token '10' stands for
    suit_names: tuple[str, ...] = ()
    """The suits' English names in suit order (``hearts``)."""
    rank_names: tuple[str, ...] = ()
    """The ranks' English names in writing order (``Ace``, ``Over``)."""

    @property
    def suit_size(self) -> int:
        return len(self.ranks)

    @property
    def size(self) -> int:
        return len(self.suits) * len(self.ranks)

    @property
    def full(self) -> CardSet:
        return (1 << self.size) - 1

    def card(self, suit: int, rank: int) -> Card:
        return suit * self.suit_size + rank

    def suit_of(self, card: Card) -> int:
        return card // self.suit_size

    def rank_of(self, card: Card) -> int:
        return card % self.suit_size

    def suit_mask(self, suit: int) -> CardSet:
        return ((1 << self.suit_size) - 1) << (suit * self.suit_size)

    def rank_index(self, letter: str) -> int:
        """The rank index of a rank token (``'10'`` is read as the ten); ValueError if unknown."""
        if letter == "10":
            letter = self.ten_alias
        index = self.ranks.find(letter)
        if index < 0 or len(letter) != 1:
            raise ValueError(f"unknown rank {letter!r} (expected one of {' '.join(self.ranks)} or 10)")
        return index

    def parse_card(self, token: str) -> Card:
        """``'MA'`` -> the ace of acorns. ValueError names what was wrong."""
        if len(token) < 2 or token[0] not in self.suits:
            raise ValueError(
                f"unknown card {token!r} (expected a suit letter {'/'.join(self.suits)} then a rank)"
            )
        return self.card(self.suits.index(token[0]), self.rank_index(token[1:]))

    def card_of(self, card: Card | str) -> Card:
        """A card given by its name (``'MA'``, ``'p10'``: any case) or its id. ValueError
        for a name or id of no card of the pack, TypeError for anything else."""
        if isinstance(card, str):
            try:
                return self.parse_card(card.strip().upper())
            except ValueError:
                raise ValueError(f"unknown card {card!r} (expected a suit letter {'/'.join(self.suits)} "
                                 f"then a rank {'/'.join(self.ranks)} or 10)") from None
        if isinstance(card, bool) or not isinstance(card, int):
            raise TypeError(f"a card is its name such as 'MA' (or its id), found {card!r}")
        if not 0 <= card < self.size:
            raise ValueError(f"unknown card id {card} (expected 0 to {self.size - 1}, or a card name such as 'MA')")
        return card

    def card_name(self, card: Card) -> str:
        """The card's token, the inverse of :meth:`parse_card`."""
        return self.suits[self.suit_of(card)] + self.ranks[self.rank_of(card)]

    def parse_hand(self, text: str) -> CardSet:
        """``'AKO.X9.U87.A'`` (suits in pack order, dots between) -> a card set.

        ``'-'`` is the empty hand of a seat that sits out. Ranks may come in any order;
        ``10`` stands for the ten. ValueError on a malformed hand or a repeated card.
        """
        if text == "-":
            return 0
        groups = text.split(".")
        if len(groups) != len(self.suits):
            raise ValueError(
                f"a hand needs {len(self.suits)} suit groups separated by dots "
                f"({'.'.join(self.suits)}), found {len(groups)} in {text!r}"
            )
        hand = 0
        for suit, group in enumerate(groups):
            for letter in _rank_tokens(group):
                bit = 1 << self.card(suit, self.rank_index(letter))
                if hand & bit:
                    raise ValueError(f"card {self.suits[suit]}{letter} appears twice in hand {text!r}")
                hand |= bit
        return hand

    def hand_name(self, hand: CardSet) -> str:
        """The hand in the format's writing: suits in pack order, ranks high to low."""
        return ".".join(
            "".join(self.ranks[r] for r in range(self.suit_size) if hand >> self.card(s, r) & 1)
            for s in range(len(self.suits))
        )

    def parse_cards(self, text: str) -> list[Card]:
        """Space-separated card tokens, in order."""
        return [self.parse_card(token) for token in text.split()]


def _rank_tokens(group: str) -> Iterator[str]:
    i = 0
    while i < len(group):
        if group.startswith("10", i):
            yield "10"
            i += 2
        else:
            yield group[i]
            i += 1


HUNGARIAN = Pack("hungarian", suits="MPTZ", ranks="AKOUX987", ten_alias="X",
                 suit_names=("acorns", "hearts", "bells", "leaves"),
                 rank_names=("Ace", "King", "Over", "Under", "Ten", "Nine", "Eight", "Seven"))
FRENCH = Pack("french", suits="SHDC", ranks="AKQJT9876", ten_alias="T",
              suit_names=("spades", "hearts", "diamonds", "clubs"),
              rank_names=("Ace", "King", "Queen", "Jack", "Ten", "Nine", "Eight", "Seven", "Six"))

SUIT_SYMBOLS = {"hungarian": "♣♥♦♠", "french": "♠♥♦♣"}
"""Symbols shown for the suits in diagrams (acorns ♣, hearts ♥, bells ♦, leaves ♠ by custom)."""


def cards_of(mask: CardSet) -> Iterator[Card]:
    """The cards of a set, lowest bit first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def count(mask: CardSet) -> int:
    return mask.bit_count()
