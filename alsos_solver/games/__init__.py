"""The games of the family, one package each (:mod:`.alsos`, :mod:`.asszorti`,
:mod:`.altiansz`), registered here by name: a new game is one package and one line below.
The readers, the dealer and the command line find a game by its name once
(:func:`~.base.find_game`); a deal holds its :class:`~.base.Game` from then on."""

from __future__ import annotations

from .alsos import ALSOS, ALSOS_2, ALSOS_4
from .altiansz import ALTIANSZ
from .asszorti import ASSZORTI
from .base import GAMES, Game, default_game, find_game, register

for _game in (ALSOS, ALSOS_2, ALSOS_4, ASSZORTI, ALTIANSZ):
    register(_game)

DEFAULT_GAME = default_game().name
"""The name of the game of a deal without a ``Game`` tag."""

__all__ = ["DEFAULT_GAME", "GAMES", "Game", "default_game", "find_game", "register"]
