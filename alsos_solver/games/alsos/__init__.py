"""The Alsós games: three players (the classic game), two players (Tompa's rules as a
variant) and four players (the dealer sits out)."""

from ...cards import HUNGARIAN
from .game import AlsosGame

TAGS = frozenset({"Figures", "Front", "Kontra", "Melds"})
"""The tags every Alsós game reads; three and four players also the deal as dealt."""

ALSOS = AlsosGame(name="alsos", pack=HUNGARIAN, seats="ABC", active="ABC", hand_size=9, talon_size=5,
                  default_dealer="C", tags=TAGS | {"Dealt"}, default=True)
ALSOS_2 = AlsosGame(name="alsos-2", pack=HUNGARIAN, seats="AB", active="AB", hand_size=12, talon_size=8,
                    default_dealer="B", tags=TAGS, front_hand=8)
ALSOS_4 = AlsosGame(name="alsos-4", pack=HUNGARIAN, seats="ABCD", active="ABC", hand_size=9, talon_size=5,
                    default_dealer="D", tags=TAGS | {"Dealt"})

__all__ = ["ALSOS", "ALSOS_2", "ALSOS_4", "AlsosGame"]
