"""The games of the family, found by name: each one a :class:`~.game.GameSpec` of its own
module (:mod:`.alsos`, :mod:`.asszorti`, :mod:`.altiansz`)."""

from __future__ import annotations

from ..cards import FRENCH, HUNGARIAN
from .alsos import AlsosSpec
from .altiansz import AltianszSpec
from .asszorti import AsszortiSpec
from .game import GameSpec

DEFAULT_GAME = "alsos"
"""The game of a deal without a ``Game`` tag."""

GAMES: dict[str, GameSpec] = {
    spec.name: spec
    for spec in (
        AlsosSpec("alsos", HUNGARIAN, "ABC", "ABC", 9, 5, "C", "alsos", exchange=True),
        AlsosSpec("alsos-2", HUNGARIAN, "AB", "AB", 12, 8, "B", "alsos"),
        AlsosSpec("alsos-4", HUNGARIAN, "ABCD", "ABC", 9, 5, "D", "alsos", exchange=True),
        AsszortiSpec("asszorti", FRENCH, "ABC", "ABC", 11, 3, "C", "asszorti"),
        AltianszSpec("altiansz", HUNGARIAN, "ABC", "ABC", 9, 5, "C", "altiansz"),
    )
}


def game_spec(name: str) -> GameSpec:
    """The game of that name; ValueError lists the known ones."""
    try:
        return GAMES[name]
    except KeyError:
        raise ValueError(f"unknown game {name!r} (expected one of {', '.join(GAMES)})") from None
