"""What the terminal and HTML views share about a deal's layout, without a drawing library:
where each seat sits in the diagram, the suits' names, each seat's roles, the words of a
contract."""

from __future__ import annotations

from ..deal import KONTRA_NAMES, Deal
from ..rules import Contract

SEAT_LAYOUT = {2: ("", "A", "B", ""), 3: ("B", "A", "C", ""), 4: ("B", "A", "C", "D")}
"""Where each seat sits in the diagram, by the number of seats: (top, left, right, bottom)."""


def seat_layout(deal: Deal) -> tuple[str, str, str, str]:
    """The deal's seats as (top, left, right, bottom); ``""`` where no seat sits."""
    return SEAT_LAYOUT.get(len(deal.game.seats), SEAT_LAYOUT[3])


def seat_roles(deal: Deal, seat: str) -> list[str]:
    """``declarer``, ``dealer``, ``leads`` (to the first trick) as they apply."""
    roles = []
    if seat == deal.declarer:
        roles.append("declarer")
    if seat == (deal.dealer or deal.game.default_dealer):
        roles.append("dealer")
    if deal.contract is not None and seat == deal.first_leader:
        roles.append("leads")
    return roles


def contract_prefix(contract: Contract) -> str | None:
    """What a trump contract's name says before its suit: Altiansz's contract name, or
    Asszorti's bid but 3 (``2``, ``hand``); None for a plain trump game."""
    return contract.name or (contract.bid if contract.bid not in (None, "3") else None)


def kontra_words(item: str, levels: str) -> str:
    """``game: kontra (front), rekontra (back)``: an item's kontras in words."""
    return f"{item}: " + ", ".join(f"{KONTRA_NAMES[i]} ({'front' if c == 'f' else 'back'})" for i, c in enumerate(levels))
