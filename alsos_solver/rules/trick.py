"""The rules of trick play as data: trick order, card points, follow / trump / beat duties.

One :class:`TrickRules` holds everything the play of one contract needs; each game
(:meth:`alsos_solver.games.base.Game.trick_rules`) builds it, the position, the reference
solver and the search core all read it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card, CardSet, Pack


@dataclass(frozen=True)
class TrickRules:
    """Play rules of one contract.

    ``strength[card]`` orders the cards of one suit in trick order (higher wins);
    ``points[card]`` is the card's point value; ``last_trick_bonus`` goes to the winner of
    the last trick. Duties, in order: follow suit; when void, trump if able (``trump`` is
    not None); with ``must_beat``, a follower must beat the highest card of the led suit so
    far when able (Altiansz betli).
    """

    pack: Pack
    trump: int | None
    strength: tuple[int, ...]
    points: tuple[int, ...]
    last_trick_bonus: int = 0
    must_beat: bool = False

    @classmethod
    def build(
        cls,
        pack: Pack,
        trump: int | None,
        plain_order: str,
        trump_order: str | None = None,
        plain_points: dict[str, int] | None = None,
        trump_points: dict[str, int] | None = None,
        last_trick_bonus: int = 0,
        must_beat: bool = False,
    ) -> TrickRules:
        """Tables from rank letters: orders strongest first, points by rank letter."""
        strength, points = [], []
        for card in range(pack.size):
            suit, letter = pack.suit_of(card), pack.ranks[pack.rank_of(card)]
            is_trump = suit == trump and trump_order is not None
            order = trump_order if is_trump else plain_order
            table = (trump_points if is_trump else plain_points) or {}
            strength.append(len(order) - 1 - order.index(letter))
            points.append(table.get(letter, 0))
        return cls(pack, trump, tuple(strength), tuple(points), last_trick_bonus, must_beat)

    def legal(self, hand: CardSet, trick: Sequence[Card], held: CardSet = 0, forced: CardSet = 0) -> CardSet:
        """The cards of ``hand`` that may be played to ``trick`` (the cards so far, leader first).

        ``held`` are cards the player must keep back unless nothing else is legal (the
        ultimó and nyolcas restrictions: rules-notes, 'Ultimó'); ``forced`` are cards he
        must play when the duties to follow and to trump allow it (the Eight: seed 000,
        'It must be played to the 2nd last trick unless it is forced out earlier or is
        unable to be played to the trick due to the need to follow suit').
        """
        legal = hand
        if trick:
            pack = self.pack
            led = pack.suit_of(trick[0])
            follow = hand & pack.suit_mask(led)
            if follow:
                legal = follow
                if self.must_beat:
                    top = max(self.strength[c] for c in trick if pack.suit_of(c) == led)
                    beat = sum(1 << c for c in _cards(follow) if self.strength[c] > top)
                    legal = beat or follow
            elif self.trump is not None and hand & pack.suit_mask(self.trump):
                legal = hand & pack.suit_mask(self.trump)
        if legal & ~held:
            legal &= ~held
        if legal & forced:
            legal &= forced
        return legal

    def winner(self, trick: Sequence[Card]) -> int:
        """Index in ``trick`` of the winning card: the highest trump, else the highest of the led suit."""
        pack = self.pack
        suit = pack.suit_of(trick[0])
        if self.trump is not None and any(pack.suit_of(c) == self.trump for c in trick):
            suit = self.trump
        best = max((c for c in trick if pack.suit_of(c) == suit), key=lambda c: self.strength[c])
        return list(trick).index(best)

    def card_points(self, cards: CardSet) -> int:
        return sum(self.points[c] for c in _cards(cards))

    def total_points(self, in_play: CardSet) -> int:
        """Everything the cards in play are worth, the last trick's bonus included."""
        return self.card_points(in_play) + self.last_trick_bonus


def _cards(mask: CardSet) -> list[Card]:
    return [c for c in range(mask.bit_length()) if mask >> c & 1]
