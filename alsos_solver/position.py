"""A position in the play: hands, the trick on the table, who won what; make and unmake.

Seats here are indices of the game's *active* seats in playing order (0 = A).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import Card, CardSet
from .rules.trick import TrickRules


class IllegalPlay(ValueError):
    """A card that the rules do not allow here; the message says why."""


@dataclass
class Trick:
    leader: int
    cards: list[Card] = field(default_factory=list)

    def seat_of(self, index: int, seats: int) -> int:
        return (self.leader + index) % seats


@dataclass
class Position:
    """The play from a deal forward, card by card, with :meth:`push` / :meth:`pop`.

    ``holds`` maps a card to the trick index (0-based) it must be kept for: before that
    trick its holder may play it only when it is his only legal card, and to that trick
    he must play it when the duties to follow and to trump allow (ultimó, nyolcas).
    """

    rules: TrickRules
    hands: list[CardSet]
    leader: int
    holds: dict[Card, int] = field(default_factory=dict)
    tricks: list[Trick] = field(init=False)
    winners: list[int] = field(init=False, default_factory=list)
    points: list[int] = field(init=False)
    tricks_won: list[int] = field(init=False)
    hand_size: int = field(init=False)

    def __post_init__(self) -> None:
        self.hands = list(self.hands)
        self.tricks = [Trick(self.leader)]
        self.points = [0] * len(self.hands)
        self.tricks_won = [0] * len(self.hands)
        self.hand_size = max(h.bit_count() for h in self.hands)

    @property
    def seats(self) -> int:
        return len(self.hands)

    @property
    def trick(self) -> Trick:
        """The trick being played (empty when a new trick is to be led)."""
        return self.tricks[-1]

    @property
    def trick_index(self) -> int:
        return len(self.tricks) - 1

    @property
    def to_move(self) -> int:
        return self.trick.seat_of(len(self.trick.cards), self.seats)

    @property
    def is_over(self) -> bool:
        return not any(self.hands)

    def held(self) -> CardSet:
        """Cards that must be kept back in the current trick unless forced."""
        return sum(1 << c for c, until in self.holds.items() if until > self.trick_index)

    def forced(self) -> CardSet:
        """Cards that must be played to the current trick when legal."""
        return sum(1 << c for c, until in self.holds.items() if until == self.trick_index)

    def legal_moves(self) -> CardSet:
        if self.is_over:
            return 0
        return self.rules.legal(self.hands[self.to_move], self.trick.cards, self.held(), self.forced())

    def push(self, card: Card) -> None:
        """Play ``card`` for the seat to move; IllegalPlay if the rules forbid it."""
        trick, seats = self.tricks[-1], len(self.hands)  # the properties, read once: replays are hot
        seat = trick.seat_of(len(trick.cards), seats)
        hand = self.hands[seat]
        if not hand >> card & 1:
            raise IllegalPlay(f"{self.rules.pack.card_name(card)} is not in seat {'ABCD'[seat]}'s hand")
        held, forced = (self.held(), self.forced()) if self.holds else (0, 0)
        if not self.rules.legal(hand, trick.cards, held, forced) >> card & 1:
            raise IllegalPlay(self._why_illegal(card))
        self.hands[seat] = hand & ~(1 << card)
        trick.cards.append(card)
        if len(trick.cards) == seats:
            winner = trick.seat_of(self.rules.winner(trick.cards), seats)
            self.winners.append(winner)
            self.points[winner] += self._trick_value(trick.cards, self.is_over)
            self.tricks_won[winner] += 1
            self.tricks.append(Trick(winner))

    def pop(self) -> Card:
        """Take back the last card played."""
        if not self.trick.cards:
            if len(self.tricks) == 1:
                raise IndexError("no card to take back")
            winner = self.winners.pop()
            done = self.tricks[-2]
            self.points[winner] -= self._trick_value(done.cards, not any(self.hands))
            self.tricks_won[winner] -= 1
            self.tricks.pop()
        card = self.trick.cards.pop()
        self.hands[self.to_move] |= 1 << card
        return card

    def _trick_value(self, cards: list[Card], last: bool) -> int:
        return sum(self.rules.points[c] for c in cards) + (self.rules.last_trick_bonus if last else 0)

    def _why_illegal(self, card: Card) -> str:
        pack, rules = self.rules.pack, self.rules
        seat = "ABCD"[self.to_move]
        name = pack.card_name(card)
        hand = self.hands[self.to_move]
        if rules.legal(hand, self.trick.cards) >> card & 1:
            if rules.legal(hand, self.trick.cards, self.held()) >> card & 1:
                forced = " ".join(pack.card_name(c) for c in range(pack.size) if self.forced() >> c & 1)
                return f"{seat} must play {forced} to trick {self.trick_index + 1} for the announced nyolcas (the Eight), but played {name}"
            return f"{seat} must keep {name} back for an announced figure (ultimó / nyolcas)"
        if self.trick.cards:
            led = pack.suit_of(self.trick.cards[0])
            if hand & pack.suit_mask(led) and pack.suit_of(card) != led:
                return f"{seat} must follow {pack.suits[led]} but played {name} (revoke)"
            if rules.trump is not None and not hand & pack.suit_mask(led) and hand & pack.suit_mask(rules.trump):
                return f"{seat} is void in {pack.suits[led]} and must trump, but played {name}"
        return f"{seat} must beat the highest {pack.suits[pack.suit_of(self.trick.cards[0])]} so far, but played {name}"
