"""What every game is made of, naming no game: contracts, rule options, trick play tables."""

from .contract import Contract, Kind
from .options import AlsosOptions
from .trick import TrickRules

__all__ = ["AlsosOptions", "Contract", "Kind", "TrickRules"]
