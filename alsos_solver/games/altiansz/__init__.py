"""Altiansz: three players, named contracts, melds, no kontras."""

from ...cards import HUNGARIAN
from ...melds import MELD_KINDS
from .game import AltianszGame

ALTIANSZ = AltianszGame(name="altiansz", pack=HUNGARIAN, seats="ABC", active="ABC", hand_size=9, talon_size=5,
                        default_dealer="C", tags=frozenset({"Melds"}), meld_kinds=MELD_KINDS)

__all__ = ["ALTIANSZ", "AltianszGame"]
