"""Uniform sampling of one place's cards among those that meet its own condition (the
"smart stack" of redeal, generalised from shape and points to any feature that is a sum
or a maximum over suits).

The place holds its fixed cards and ``need`` of the free cards. Its cards in one suit are
grouped by their *signature*: how many free cards they take and the value of each atom
of the condition for that suit. A hand is one choice per suit, its atoms' values are the
sums (maxima) of the suits' values, so the condition depends on the signatures only.

Counting runs suit by suit over *states* (free cards taken so far, the atoms' partial
values): ``ways[i][state]`` is the number of ways to choose suits ``i..`` from ``state`` so
that the whole hand takes ``need`` free cards and meets the condition. Sampling walks the
suits, choosing a signature with probability ``holdings * ways[i + 1][next] / ways[i][state]``
and then one of its holdings uniformly; the product telescopes to ``1 / ways[0][start]``
for every hand that meets the condition: uniform.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Sequence
from itertools import accumulate
from math import comb
from operator import add

from ..cards import Card, CardSet, Pack
from ..predicates import Bound

MAX_STATES = 100_000
"""The most states per suit the counter keeps; past it the condition is too fine-grained
to count this way and the dealer falls back to rejection."""

State = tuple[int, ...]
"""(free cards taken, then each atom's value so far)."""
Signature = tuple[int, ...]
"""(free cards taken in the suit, then each atom's value for the suit)."""


class TooManyStates(Exception):
    """The count would need more than ``MAX_STATES`` states for some suit."""


class SmartHand:
    """The hands of one place that meet ``condition`` (whose atoms are all sums or maxima
    over suits, of that place's cards alone), counted and drawn uniformly.

    ``count`` is how many there are; ``total`` how many hands the place could get.
    """

    def __init__(self, pack: Pack, fixed: CardSet, free: Sequence[Card], need: int, condition: Bound) -> None:
        self.condition = condition
        self.need = need
        self.suits = [_holdings(pack, suit, fixed, free, condition) for suit in range(len(pack.suits))]
        self.maximum = [1 + index for index, atom in enumerate(condition.atoms) if atom.feature.combine == "max"]
        self.width = 1 + len(condition.atoms)
        self.ways = self._count()
        self.count = self.ways[0].get(self._start(), 0)
        self.total = comb(len(free), need)
        self._choices: dict[tuple[int, State], tuple[list[int], list[Signature]]] = {}

    def _start(self) -> State:
        return (0,) * self.width

    def _next(self, state: State, signature: Signature) -> State:
        added = tuple(map(add, state, signature))
        if not self.maximum:
            return added
        values = list(added)
        for index in self.maximum:
            values[index] = max(state[index], signature[index])
        return tuple(values)

    def _count(self) -> list[dict[State, int]]:
        """Forward, the states reachable on the way to ``need`` free cards; backward,
        the ways to finish from each."""
        layers = [{self._start()}]
        later = [max(signature[0] for signature in holdings) for holdings in self.suits]
        for suit, holdings in enumerate(self.suits):
            least = self.need - sum(later[suit + 1:])
            layer = {
                self._next(state, signature)
                for state in layers[-1] for signature in holdings
                if least <= state[0] + signature[0] <= self.need
            }
            if len(layer) > MAX_STATES:
                raise TooManyStates
            layers.append(layer)
        formula = self.condition.formula
        ways = [{state: 1 for state in layers[-1] if state[0] == self.need and formula(state[1:])}]
        for holdings, layer in zip(reversed(self.suits), reversed(layers[:-1])):
            after = ways[0]
            counted = {}
            for state in layer:
                total = sum(len(cards) * after.get(self._next(state, signature), 0) for signature, cards in holdings.items())
                if total:
                    counted[state] = total
            ways.insert(0, counted)
        return ways

    def weights(self, suit: int, state: State) -> tuple[list[int], list[Signature]]:
        """The signatures of the suit that can follow ``state``, and the number of hands
        through each: its holdings times the ways to finish from the state it leads to."""
        holdings, after = self.suits[suit], self.ways[suit + 1]
        pairs = [(len(cards) * after.get(self._next(state, signature), 0), signature) for signature, cards in holdings.items()]
        pairs = [(weight, signature) for weight, signature in pairs if weight]
        return [weight for weight, _ in pairs], [signature for _, signature in pairs]

    def draw(self, rng: random.Random) -> CardSet:
        """A hand uniformly among the ``count`` that meet the condition (``count`` > 0)."""
        assert self.count
        state, hand = self._start(), 0
        for suit, holdings in enumerate(self.suits):
            key = (suit, state)
            if key not in self._choices:
                weights, signatures = self.weights(suit, state)
                self._choices[key] = (list(accumulate(weights)), signatures)
            cumulative, signatures = self._choices[key]
            signature = signatures[bisect_right(cumulative, rng.randrange(cumulative[-1]))]
            hand |= rng.choice(holdings[signature])
            state = self._next(state, signature)
        return hand


def _holdings(pack: Pack, suit: int, fixed: CardSet, free: Sequence[Card], condition: Bound) -> dict[Signature, list[CardSet]]:
    """Every holding of the place in one suit (its fixed cards there and any of the free
    ones), by signature."""
    mine = fixed & pack.suit_mask(suit)
    options = [card for card in free if pack.suit_of(card) == suit]
    tables = [atom.suit_tables for atom in condition.atoms]
    assert all(table is not None for table in tables), "every atom of a smart condition is per suit"
    result: dict[Signature, list[CardSet]] = {}
    for choice in range(1 << len(options)):
        cards = mine
        for bit, card in enumerate(options):
            if choice >> bit & 1:
                cards |= 1 << card
        bits = cards >> pack.card(suit, 0)
        signature = (choice.bit_count(), *(table[suit][bits] for table in tables))
        result.setdefault(signature, []).append(cards)
    return result

