"""alsos-solver: double-dummy analysis of Alsós and its Hungarian relatives.

The public API is imported on first use (PEP 562), so that ``import alsos_solver`` and the
command line's ``--version`` cost next to nothing: ``from alsos_solver import solve, Deal``
loads the modules behind those two names then.
"""

from __future__ import annotations

import importlib
import sys
from types import ModuleType

TYPE_CHECKING = False  # typing itself is not imported: it costs more than the rest of this module

__version__ = "0.1.0"
"""The package's version, the same as pyproject.toml's (a test checks it)."""

_EXPORTS = {
    "AlsosOptions": "rules", "BetliDefeated": "games.alsos.questions", "BetliMade": "games.alsos.questions",
    "Card": "cards", "CardSet": "cards", "Contract": "rules", "Deal": "deal", "DeclarerPoints": "questions",
    "FRENCH": "cards", "FigureMade": "games.alsos.questions", "Game": "games", "GameDefeated": "games.alsos.questions",
    "GameWon": "games.alsos.questions", "HUNGARIAN": "cards", "Kind": "rules", "KlopitzkySafe": "games.alsos.questions",
    "Pack": "cards", "Question": "questions", "SeatPoints": "questions", "SolveResult": "solve", "Solver": "solver",
    "Together": "questions", "find_game": "games", "solve": "solve",
}
"""Each public name and the module (of this package) that defines it."""

__all__ = [*sorted(_EXPORTS), "__version__"]

if TYPE_CHECKING:
    from typing import Any

    from .cards import FRENCH, HUNGARIAN, Card, CardSet, Pack
    from .deal import Deal
    from .games import Game, find_game
    from .games.alsos.questions import BetliDefeated, BetliMade, FigureMade, GameDefeated, GameWon, KlopitzkySafe
    from .questions import DeclarerPoints, Question, SeatPoints, Together
    from .rules import AlsosOptions, Contract, Kind
    from .solve import SolveResult, solve
    from .solver import Solver


def __getattr__(name: str) -> Any:
    """A public name, imported from its module on first use (then kept here)."""
    if name not in _EXPORTS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{_EXPORTS[name]}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


class _Package(ModuleType):
    """The package's module type. Importing the submodule ``alsos_solver.solve`` would set
    the package's attribute ``solve`` to that module; here the name stays the function's."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "solve" and isinstance(value, ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
