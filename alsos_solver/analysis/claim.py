"""A claim on what one seat can see: from a point of the play, can its side guarantee each
item whatever the unseen cards, and with which card?

Every layout consistent with the seat's view there (:mod:`.seat_view`) is a world; an item
is guaranteed when the seat's side makes it in all of them with one strategy of the seat
(the exact search of :mod:`.sure_win`: its later choices the same in layouts it cannot tell
apart, every other seat seeing everything). When the seat is to move, the cards that keep
the guarantee are its sure wins. Value items (``score``) have no guarantee to claim. A claim needs every layout, so it refuses a point with
more than ``exact_limit`` of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..deal import Deal
from ..questions import ValueQuestion
from .layouts import layouts_of, view_layouts
from .seat_view import mover_at, seat_view
from .single_dummy import DEFAULT_EXACT_LIMIT, side_items
from .sure_win import guaranteed, some, sure_cards


@dataclass(frozen=True)
class ItemClaim:
    """One item: whether the side guarantees it (None: the search passed its node limit)
    and, when the seat is to move, the cards that guarantee it (None otherwise)."""

    guaranteed: bool | None
    cards: list[str] | None

    def to_json(self) -> dict[str, Any]:
        return {"guaranteed": self.guaranteed, "cards": self.cards}


@dataclass(frozen=True)
class Claim:
    """The claim of ``seat`` after ``after`` cards of the Play section over ``layouts`` worlds."""

    seat: str
    deal: Deal
    after: int
    to_move: str
    layouts: int
    items: dict[str, ItemClaim]

    @property
    def point(self) -> str:
        """The point as ``--after`` writes it: ``TRICK.CARD``, ``0`` before the first lead."""
        if not self.after:
            return "0"
        size = len(self.deal.game.active)
        return f"{(self.after - 1) // size + 1}.{(self.after - 1) % size + 1}"

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "after": self.point, "to_move": self.to_move, "layouts": self.layouts,
                "items": {name: item.to_json() for name, item in self.items.items()}}


def claim(deal: Deal, seat: str, after: int, *, exact_limit: int = DEFAULT_EXACT_LIMIT, fixes: Sequence[str] = (),
          where: str | None = None, node_limit: int | None = None) -> Claim:
    """The seat's claim after ``after`` cards of the Play section (see the module);
    ``fixes`` and ``where`` add what the seat knew besides its view. ValueError for an
    unknown seat, a point beyond the Play section or too many layouts (FixError,
    PredicateError for a fix or condition that cannot be read or contradicts the view);
    NotApplicable where the seat's side has no item."""
    view = seat_view(deal, seat, after, fixes=fixes, where=where)
    total = view_layouts(view).total
    if total > exact_limit:
        raise ValueError(f"a claim needs every layout of the unseen cards: {total} here, more than "
                         f"--exact-limit {exact_limit} (claim later in the play, or raise --exact-limit)")
    worlds, _ = layouts_of(view, exact_limit, 1, 0)
    to_move = mover_at(deal, after)
    pack = deal.pack
    items = {}
    for name, question in side_items(deal, seat).items():
        if isinstance(question, ValueQuestion):
            continue
        if to_move == seat:  # guaranteed when some card is a sure win: one search gives both
            sure = sure_cards(worlds, after, seat, question, node_limit=node_limit)
            items[name] = ItemClaim(some(sure.values()), [pack.card_name(card) for card, won in sure.items() if won])
        else:
            items[name] = ItemClaim(guaranteed(worlds, after, seat, question, node_limit=node_limit), None)
    return Claim(seat, deal, after, to_move, len(worlds), items)
