"""The values of the Alsós items, with their kontras (seed 003 'Kontras', 'Types of
Game'; :mod:`.scoring` has the rules in full): what the scores, the net score question
and the announcement advice count.
"""

from __future__ import annotations

from ...deal import Deal
from ...errors import NotApplicable
from ...rules import Kind
from .figures import announced_value

GAME_VALUES = {Kind.TRUMP: 1, Kind.NO_TRUMP: 2, Kind.BETLI: 5, Kind.KLOPITZKY: 3}
"""The game's base value per contract kind (seed 003 'Types of Game')."""
KONTRA_FACTORS = {"f": 4, "b": 2}
"""The factor of a kontra level said from the front (f) or from the back (b)."""


def base_value(deal: Deal, item: str) -> int:
    """An item's value before kontras: the game by contract kind, a figure its back value,
    twice that from the front (alsos-2 abszolút: 1)."""
    if deal.contract is None:
        raise NotApplicable("scoring needs a deal with a contract")
    if item == "game":
        return GAME_VALUES[deal.contract.kind]
    seat, _, name = item.partition(":")
    return announced_value(name, deal.is_front(seat, name), len(deal.game.active) == 2, deal.options)


def item_value(deal: Deal, item: str) -> int:
    """The item's value with its kontras: x4 per level said from the front, x2 from the back."""
    return with_kontras(base_value(deal, item), deal.kontra.get(item, ""))


def with_kontras(value: int, levels: str) -> int:
    """A value with its kontra levels (``'fb'``: x4 for each said from the front, x2 from
    the back)."""
    for level in levels:
        value *= KONTRA_FACTORS[level]
    return value
