"""The rules of the games: contracts, options, trick play tables, the game registry."""

from .contract import Contract, Kind
from .games import GAMES, GameSpec, game_spec
from .options import AlsosOptions
from .trick import TrickRules

__all__ = ["AlsosOptions", "Contract", "GAMES", "GameSpec", "Kind", "TrickRules", "game_spec"]
