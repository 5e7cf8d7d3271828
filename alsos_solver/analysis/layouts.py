"""The layouts of the cards a seat cannot see: the one sampler of ``review`` and ``odds``.

The unseen cards are dealt to places (the other hands, the seat's own unknown cards, the
hidden talon), each place taking exactly its capacity and no card it is excluded from
(:class:`Layouts`). They are counted, enumerated in a fixed order and drawn uniformly
by a count over the cards in order. :func:`draw` builds each layout, keeps those a filter
accepts (the play so far is legal in it, a ``--where`` condition holds) and returns
either all of them, when the ways to place the cards (counted before the filter) are at
most ``exact_limit``, or ``samples`` of them drawn from ``random.Random(seed)`` in order,
so the result depends on the seed and not on how the caller later shares out the work.

Uniformity. Each draw is uniform among the placements; the filter only rejects, so each
kept layout is uniform among the placements it accepts. Each draw is followed by its
*swap* (the two seats other than the viewer exchange their unseen cards), kept if the
filter accepts it: a cheap variance cut, since the two often go opposite ways. The swap is
used only where it maps the placements onto themselves (the two seats take as many cards
and are excluded from the same ones): the partner of a uniform draw is then uniform too.
Were it used draw by draw where allowed, a placement whose swap is ruled out would come
half as often as one whose swap is not.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import replace
from functools import lru_cache
from typing import TypeVar

from ..cards import CardSet, cards_of
from ..deal import Deal
from ..dealer import DEFAULT_MAX_TRIES
from .seat_view import TALON, SeatView, consistent

Layout = TypeVar("Layout")
Assignment = tuple[int, ...]
"""A place index (into :attr:`Layouts.places`) per unseen card, in card order."""


class TooFewLayouts(ValueError):
    """The filter rejected ``max_tries`` draws in a row."""


class Layouts:
    """The assignments of ``unseen`` to the places of ``capacity`` (place -> how many of the
    unseen cards it takes): each place gets exactly its capacity, none a card ``excluded``
    from it. ``viewer`` is the seat whose view this is: the two other seats, if there are
    two, are the pair :meth:`swapped` exchanges."""

    def __init__(self, unseen: CardSet, capacity: Mapping[str, int], excluded: Mapping[str, CardSet] | None = None,
                 viewer: str | None = None) -> None:
        excluded = excluded or {}
        self.cards = list(cards_of(unseen))
        self.places = [place for place, size in capacity.items() if size > 0]
        self.capacity = dict(capacity)
        self.allowed = [[p for p, place in enumerate(self.places) if not excluded.get(place, 0) >> card & 1]
                        for card in self.cards]
        self.count = lru_cache(maxsize=None)(self._count)
        others = [p for p, place in enumerate(self.places) if place not in (TALON, viewer)]
        symmetric = (len(others) == 2 and len({self.room()[p] for p in others}) == 1
                     and len({excluded.get(self.places[p], 0) & unseen for p in others}) == 1)
        self.pair = tuple(others) if symmetric else None

    def _count(self, index: int, room: tuple[int, ...]) -> int:
        """The assignments of the cards from ``index`` on to places with ``room`` left."""
        if index == len(self.cards):
            return int(not any(room))
        return sum(self.count(index + 1, taken(room, p)) for p in self.allowed[index] if room[p])

    @property
    def total(self) -> int:
        """How many assignments there are (before any filter)."""
        return self.count(0, self.room())

    def room(self) -> tuple[int, ...]:
        return tuple(self.capacity[place] for place in self.places)

    def assignments(self) -> Iterator[Assignment]:
        """Every assignment, in a fixed order: by the first card's place (in place order),
        then the second's, and so on."""
        def walk(index: int, room: tuple[int, ...], chosen: Assignment) -> Iterator[Assignment]:
            if index == len(self.cards):
                yield chosen
                return
            for p in self.allowed[index]:
                if room[p] and self.count(index + 1, taken(room, p)):
                    yield from walk(index + 1, taken(room, p), (*chosen, p))
        if self.total:
            yield from walk(0, self.room(), ())

    def unrank(self, rank: int) -> Assignment:
        """The ``rank``-th assignment in the order of :meth:`assignments`."""
        room, chosen = self.room(), []
        for index in range(len(self.cards)):
            for p in self.allowed[index]:
                if not room[p]:
                    continue
                below = self.count(index + 1, taken(room, p))
                if rank < below:
                    chosen.append(p)
                    room = taken(room, p)
                    break
                rank -= below
        return tuple(chosen)

    def sample(self, rng: random.Random) -> Assignment:
        """One assignment, uniform among all."""
        return self.unrank(rng.randrange(self.total))

    def swapped(self, chosen: Assignment) -> Assignment | None:
        """The assignment with the unseen cards of the two other seats exchanged; None
        unless the swap maps the assignments onto themselves (see the module)."""
        if self.pair is None:
            return None
        first, second = self.pair
        swap = {first: second, second: first}
        return tuple(swap.get(p, p) for p in chosen)

    def placed(self, chosen: Assignment) -> dict[str, CardSet]:
        """Place -> the unseen cards the assignment gives it."""
        given = {place: 0 for place in self.places}
        for card, p in zip(self.cards, chosen):
            given[self.places[p]] |= 1 << card
        return given


def taken(room: tuple[int, ...], place: int) -> tuple[int, ...]:
    """``room`` with one card fewer at ``place``."""
    return room[:place] + (room[place] - 1,) + room[place + 1:]


def draw(layouts: Layouts, build: Callable[[dict[str, CardSet]], Layout], keep: Callable[[Layout], bool], *,
         exact_limit: int, samples: int, seed: int | str, max_tries: int = DEFAULT_MAX_TRIES,
         kept: str = "the filter accepted") -> tuple[list[Layout], bool]:
    """The layouts to solve and whether they are all of them (see the module): each
    assignment built (``build`` of its :meth:`~Layouts.placed` cards) and kept where
    ``keep`` accepts it. Enumerated when there are at most ``exact_limit`` assignments,
    else ``samples`` drawn from ``random.Random(seed)``, each followed by its swap.
    TooFewLayouts (its message ends with ``kept``, what the layouts must meet) when
    ``max_tries`` built layouts in a row are rejected."""
    if layouts.total <= exact_limit:
        every = (build(layouts.placed(chosen)) for chosen in layouts.assignments())
        return [layout for layout in every if keep(layout)], True
    rng, found, misses = random.Random(seed), [], 0
    while len(found) < samples:
        chosen = layouts.sample(rng)
        swap = layouts.swapped(chosen)
        for assignment in (chosen,) if swap is None or swap == chosen else (chosen, swap):
            layout = build(layouts.placed(assignment))
            if not keep(layout):
                misses += 1
                continue
            misses = 0
            if len(found) < samples:
                found.append(layout)
        if misses >= max_tries:
            raise TooFewLayouts(f"no layout in {max_tries:,} tries in a row ({len(found)} of {samples} found): "
                                f"none that {kept}")
    return found, False


def view_layouts(view: SeatView) -> Layouts:
    """The assignments of a seat's view: its unseen cards to the other seats and the
    hidden talon, in their capacities, none a card the play ruled out."""
    return Layouts(view.unseen, view.capacity, view.excluded, view.seat)


def deal_of(view: SeatView, placed: dict[str, CardSet]) -> Deal:
    """The layout as a Deal: the real deal with the other hands (their played and
    face-up cards kept) and the talon dealt from ``placed``; the Play section and every
    tag the same but the deal as dealt (``Dealt``, ``Indicator``, ``TalonTop``: its
    face-up cards already lie where they were, and the rest is unknown)."""
    deal = view.deal
    given = {place: view.fixed.get(place, 0) | placed.get(place, 0) for place in view.capacity}
    for event in view.events:
        if event.seat != view.seat:
            given[event.seat] = given.get(event.seat, 0) | 1 << event.card
    hands = {seat: given.get(seat, cards) for seat, cards in deal.hands.items()}
    talon = given.get(TALON, deal.talon)
    return replace(deal, hands=hands, talon=talon, dealt=None, indicator=None, talon_top=None)


def layouts_of(view: SeatView, exact_limit: int, samples: int, seed: int | str) -> tuple[list[Deal], bool]:
    """The layouts of a seat's view to solve, each one in which the play so far is legal,
    and whether they are all of them (:func:`draw`)."""
    return draw(view_layouts(view), lambda placed: deal_of(view, placed), lambda deal: consistent(deal, view.after) and view.admits(deal),
                exact_limit=exact_limit, samples=samples, seed=seed, kept="is consistent with the play")
