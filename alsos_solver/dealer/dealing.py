"""Dealing random deals: fixed cards, a condition, uniform among the deals that meet both.

Plain rejection deals the free cards at random (a shuffle) and keeps the deals that meet
the condition: uniform among them. Where a top-level ``and`` part of the condition reads
one place alone with features that are sums or maxima over suits (points, trumps, suit
lengths, cards held, béla, sequences), that place's cards are drawn directly among those
that meet those parts (:class:`.smart.SmartHand`), the other places get the remaining free
cards at random, and the rest of the condition is checked by rejection. The place's cards
are uniform among its good hands, and for each of them the others' cards are uniform among
the same number of layouts, so the deals kept stay uniform among all that meet the
condition. Of several such places the one whose parts hold least often is drawn.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any, Literal, TextIO

from ..cards import CardSet
from ..deal import Deal
from ..games.base import Game, default_game, find_game
from ..io.writer import dump
from ..predicates import Bound, Context, Expression, bind_all
from ..rules import AlsosOptions, Contract
from .errors import DealerError, ImpossibleError, TriesExhausted
from .fixes import Layout, layout, parse_fix
from .smart import SmartHand, TooManyStates

DEFAULT_MAX_TRIES = 100_000
"""Deals tried for one deal before giving up."""

Strategy = Literal["auto", "reject", "smart"]


class Dealer:
    """Deals of one game with a contract, declarer, fixed cards and a condition.

    ``strategy``: ``auto`` draws one place smartly when the condition allows it,
    ``reject`` never does, ``smart`` must (DealerError if the condition has no part that
    reads one place by suits). Every error of the set-up is raised here: a bad game,
    contract, declarer or fix (DealerError, FixError), a bad condition (PredicateError),
    a condition proved impossible (ImpossibleError).
    """

    def __init__(
        self,
        game: str | Game | None = None,
        contract: Contract | str | None = None,
        declarer: str | None = None,
        where: str | None = None,
        fixes: Sequence[str] = (),
        options: AlsosOptions | None = None,
        strategy: Strategy = "auto",
    ) -> None:
        try:
            self.spec = spec = game_of(game)
            if isinstance(contract, str):
                contract = spec.parse_contract(contract)
        except ValueError as error:
            raise DealerError(str(error)) from None
        self.contract, self.declarer = contract, declarer
        self.options = options or AlsosOptions()
        problems = [p for p in self._deal((0,) * (len(spec.seats) + 1)).problems() if p.tag in ("Contract", "Declarer")]
        if problems:
            raise DealerError(problems[0].message)
        self.layout: Layout = layout(spec, [parse_fix(text, spec) for text in fixes])
        self.smart: SmartHand | None = None
        self.smart_place: int | None = None
        self.checks: list[Bound] = []
        if where is not None:
            self._plan(Expression.parse(where, want="bool"), strategy)
        elif strategy == "smart":
            raise DealerError("the smart dealer needs a condition")

    def _plan(self, condition: Expression, strategy: Strategy) -> None:
        """Bind the condition's ``and`` parts; choose the place to draw smartly."""
        context = Context(self.spec, self.contract, self.declarer, self.options)
        parts = condition.conjuncts()
        bound = [part.bind(context) for part in parts]
        for part in bound:
            if not part.places and not part.formula(()):
                raise ImpossibleError(f"the condition {part.text!r} is always false")
        local: dict[int, list[int]] = {}  # place -> the parts that read it alone, by suits
        for index, part in enumerate(bound):
            if len(part.places) == 1 and all(atom.suit_tables is not None for atom in part.atoms):
                local.setdefault(next(iter(part.places)), []).append(index)
        smart = self._smart_hands({place: [parts[i] for i in indices] for place, indices in local.items()}, context) if strategy != "reject" else {}
        if strategy == "smart" and not smart:
            raise DealerError(f"the smart dealer found no part of the condition to count (one that reads one place's cards by suits), in {condition.source!r}")
        if smart:
            self.smart_place = min(smart, key=lambda place: smart[place].count / smart[place].total)
            self.smart = smart[self.smart_place]
            bound = [part for index, part in enumerate(bound) if index not in local[self.smart_place]]
        self.checks = [part for part in bound if part.places]

    def _smart_hands(self, local: dict[int, list[Expression]], context: Context) -> dict[int, SmartHand]:
        """A counted :class:`SmartHand` per place with local parts (ImpossibleError if a
        place has no hand that meets them); places too fine-grained to count are left out."""
        places = (*self.spec.seats, "talon")
        hands = {}
        for place, parts in local.items():
            condition = bind_all(parts, context)
            try:
                hand = SmartHand(self.spec.pack, self.layout.fixed[place], self.layout.free, self.layout.need[place], condition)
            except TooManyStates:
                continue
            if not hand.count:
                raise ImpossibleError(f"no cards of {places[place]} meet {condition.text!r}" + (" with the fixed cards" if any(self.layout.fixed) else ""))
            hands[place] = hand
        return hands

    def _deal(self, cards: Sequence[CardSet]) -> Deal:
        seats = self.spec.seats
        return Deal(
            hands=dict(zip(seats, cards)), game=self.spec, talon=cards[-1],
            contract=self.contract, declarer=self.declarer, options=self.options,
        )

    def candidate(self, rng: random.Random) -> list[CardSet]:
        """One random deal with the fixed cards, as the cards of each place; the smart
        place's among its good hands."""
        fixed, need, free = self.layout.fixed, self.layout.need, list(self.layout.free)
        cards = list(fixed)
        if self.smart is not None:
            place = self.smart_place
            cards[place] = hand = self.smart.draw(rng)
            free = [card for card in free if not hand >> card & 1]
        rng.shuffle(free)
        start = 0
        for place, count in enumerate(need):
            if place == self.smart_place:
                continue
            for card in free[start:start + count]:
                cards[place] |= 1 << card
            start += count
        return cards

    def deals(self, count: int, rng: random.Random, max_tries: int = DEFAULT_MAX_TRIES) -> Iterator[Deal]:
        """``count`` deals that meet the condition, each independent and uniform among all
        that do; TriesExhausted when ``max_tries`` deals in a row fail."""
        for found in range(count):
            for _ in range(max_tries):
                cards = self.candidate(rng)
                if all(check(cards) for check in self.checks):
                    yield self._deal(cards)
                    break
            else:
                raise TriesExhausted(self._exhausted(found, count, max_tries), found, count, max_tries)

    def _exhausted(self, found: int, count: int, tries: int) -> str:
        rest = " and ".join(check.text for check in self.checks)
        message = f"no deal met {rest!r} in {tries:,} tries ({found} of {count} dealt): it is impossible or too rare"
        if self.smart is not None:
            share = self.smart.count / self.smart.total
            message += f" (the hands drawn already meet {self.smart.condition.text!r}, {share:.3g} of all)"
        return message + "; allow more tries, or fix cards"


def game_of(game: str | Game | None) -> Game:
    """The game a dealer deals: given, named (ValueError for an unknown name), or by default
    the game of a deal file without a ``Game`` tag."""
    if isinstance(game, str):
        return find_game(game)
    return default_game() if game is None else game


def deal(count: int, seed: int | str, *, max_tries: int = DEFAULT_MAX_TRIES, **constraints: Any) -> Iterator[Deal]:
    """``count`` random deals, reproducible from ``seed``, uniform among the deals that
    meet the ``constraints``: the keyword arguments of :class:`Dealer` (``game``,
    ``contract``, ``declarer``, ``where`` in the predicate language of docs/predicates.md,
    ``fixes`` as :func:`.fixes.parse_fix` reads them, ``options``, ``strategy``).

    Set-up errors (:class:`Dealer`) are raised at once; TriesExhausted while iterating.
    """
    return Dealer(**constraints).deals(count, random.Random(seed), max_tries)


def write_deals(stream: TextIO, count: int, seed: int | str, **constraints: Any) -> None:
    """The ``deal`` command: :func:`deal` (``constraints`` are its keyword arguments)
    written to ``stream`` in the deal format, each deal as soon as it is dealt, so the
    deals before a TriesExhausted are kept. Set-up errors come before anything is written."""
    dump(deal(count, seed, **constraints), stream)


