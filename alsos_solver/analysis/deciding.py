"""The deciding cards: which unseen cards decide the result, from a seat's view at the
first lead ("if the King were with C, ...").

From the view of ``seat`` before the first card (:func:`~.seat_view.seat_view` at
``after=0`` of the deal without its Play section, which a swap would not fit), every
exchange of two unseen cards lying in two different hidden places (the other hands, the
hidden talon) is tried on the real deal. A swapped layout is kept when it is consistent
with that view (:func:`~.seat_view.consistent`, and what the view makes public:
:meth:`~.seat_view.SeatView.admits`) and the deal has no problem the real one has not (an
ultimó announcer keeps the trump 7: the rules make the holding an announcement requires
public). The face-up cards (``Indicator``, ``TalonTop``) are seen, so they never move.
Each kept layout is solved double-dummy at the first lead, one
:class:`~alsos_solver.solver.Solver` asked every yes/no item of the seat's side
(:func:`~.single_dummy.side_items`), and the exchanges that flip an item are listed with
the result before (the real deal) and after. A value item (a score) changes with nearly
every exchange and is not listed.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..cards import Card, cards_of
from ..deal import Deal
from ..questions import is_value_question
from ..solver import Solver
from .layouts import Layouts, deal_of, view_layouts
from .seat_view import TALON, consistent, seat_view
from .single_dummy import side_items


@dataclass(frozen=True)
class Flip:
    """One exchange that flips an item: the two cards, the places where they lie in the
    real deal (a seat or ``talon``), the item, and its double-dummy result before (the real
    deal) and after the exchange."""

    cards: tuple[str, str]
    places: tuple[str, str]
    item: str
    before: bool
    after: bool

    def to_json(self) -> dict[str, Any]:
        return {"cards": list(self.cards), "places": list(self.places), "item": self.item,
                "before": self.before, "after": self.after}

    def words(self) -> str:
        """The exchange in words: 'MK with C instead of A, TU in the talon instead of C'."""
        (first, second), (here, there) = self.cards, self.places
        return f"{first} {place_words(there)} instead of {bare(here)}, {second} {place_words(here)} instead of {bare(there)}"


def place_words(place: str) -> str:
    return "in the talon" if place == TALON else f"with {place}"


def bare(place: str) -> str:
    return "the talon" if place == TALON else place


def results(layout: Deal, items: dict[str, Any]) -> dict[str, bool]:
    """Item -> made with best play from the first lead (one solver for them all)."""
    solver = Solver(layout)
    return {name: bool(solver.answer(question)) for name, question in items.items()}


def deciding(deal: Deal, seat: str) -> list[Flip]:
    """Every exchange of two unseen cards between two hidden places that flips a yes/no item
    of ``seat``'s side, by item and then in card order (see the module). ValueError for an
    unknown seat; NotApplicable where the side has no item."""
    opening = replace(deal, play=())
    view = seat_view(opening, seat, 0)
    items = {name: q for name, q in side_items(deal, seat).items() if not is_value_question(q)}
    layouts = view_layouts(view)
    where = {card: place_of(deal, card) for card in cards_of(view.unseen)}
    real = tuple(layouts.places.index(where[card]) for card in layouts.cards)
    base = deal_of(view, layouts.placed(real))
    known_problems = set(base.problems())
    before = results(base, items)
    flips = []
    for i, j in swaps(layouts, real):
        chosen = list(real)
        chosen[i], chosen[j] = real[j], real[i]
        layout = deal_of(view, layouts.placed(tuple(chosen)))
        if not (consistent(layout, 0) and view.admits(layout)) or not set(layout.problems()) <= known_problems:
            continue
        after = results(layout, items)
        first, second = (deal.pack.card_name(layouts.cards[k]) for k in (i, j))
        flips += [Flip((first, second), (where[layouts.cards[i]], where[layouts.cards[j]]), name, before[name], made)
                  for name, made in after.items() if made != before[name]]
    order = list(items)
    return sorted(flips, key=lambda flip: order.index(flip.item))


def swaps(layouts: Layouts, real: tuple[int, ...]) -> list[tuple[int, int]]:
    """Index pairs of unseen cards in two different places that each may take the other's."""
    count = len(real)
    return [(i, j) for i in range(count) for j in range(i + 1, count)
            if real[i] != real[j] and real[j] in layouts.allowed[i] and real[i] in layouts.allowed[j]]


def place_of(deal: Deal, card: Card) -> str:
    """The seat whose hand holds ``card`` at the first lead, else the talon."""
    return next((seat for seat, hand in deal.hands.items() if hand >> card & 1), TALON)
