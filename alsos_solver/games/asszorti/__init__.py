"""Asszorti: three players, the French pack, bids by talon cards drawn, arrivázs."""

from ...cards import FRENCH
from .game import AsszortiGame

ASSZORTI = AsszortiGame(name="asszorti", pack=FRENCH, seats="ABC", active="ABC", hand_size=11, talon_size=3,
                        default_dealer="C", tags=frozenset({"Figures", "Kontra"}))

__all__ = ["ASSZORTI", "AsszortiGame"]
