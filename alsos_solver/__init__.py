"""alsos-solver: double-dummy analysis of Alsós and its Hungarian relatives."""

from importlib.metadata import PackageNotFoundError, version

from .cards import FRENCH, HUNGARIAN, Card, CardSet, Pack
from .deal import Deal
from .objectives import (
    BetliMade, FigureMade, GameDefeated, GameWon, KlopitzkySafe, Question, SeatPoints, Together,
)
from .rules import AlsosOptions, Contract, Kind
from .solve import SolveResult, solve
from .solver import Solver

try:
    __version__ = version("alsos-solver")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0"

__all__ = [
    "AlsosOptions", "BetliMade", "Card", "CardSet", "Contract", "Deal", "FRENCH", "FigureMade",
    "GameDefeated", "GameWon", "HUNGARIAN", "Kind", "KlopitzkySafe", "Pack", "Question",
    "SeatPoints", "SolveResult", "Solver", "Together", "solve", "__version__",
]
