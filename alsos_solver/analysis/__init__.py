"""Analyses built on the solver: card values, a line of best play, a review of the play,
the contract table, the best announcements, scores, the trump exchange's options.

The analyses that differ by game (the best announcements, the scores) are each game's own:
:func:`of_game` finds them in ``alsos_solver.analysis.<family>``.
"""

import importlib
from types import ModuleType

from ..rules.game import GameSpec

from .announcements import Announcements, best_announcements
from .card_values import CardValues, card_values, parse_after
from .exchange import ExchangeOption, ExchangeOptions, exchange_options
from .line import Line, LineTrick, optimal_line
from ..questions import DeclarerPoints, default_question, is_value_question, parse_question, question_name
from .review import Item, Mistake, Review, announced_items, review_play
from .scoring import Outcome, Scores, actual_scores, double_dummy_scores, score_outcome
from .table import ContractTable, TableEntry, contract_table



def of_game(spec: GameSpec) -> ModuleType:
    """A game's own analyses: the module ``alsos_solver.analysis.<family>`` with its
    ``best_announcements(deal, front=, progress=)``, ``double_dummy_scores(deal)`` and
    ``actual_scores(deal)``."""
    return importlib.import_module(f".{spec.family}", __name__)


__all__ = [
    "Announcements",
    "CardValues",
    "ContractTable",
    "DeclarerPoints",
    "ExchangeOption",
    "ExchangeOptions",
    "Item",
    "Line",
    "LineTrick",
    "Mistake",
    "Outcome",
    "Review",
    "Scores",
    "TableEntry",
    "actual_scores",
    "announced_items",
    "best_announcements",
    "card_values",
    "contract_table",
    "default_question",
    "double_dummy_scores",
    "exchange_options",
    "is_value_question",
    "of_game",
    "optimal_line",
    "parse_after",
    "parse_question",
    "question_name",
    "review_play",
    "score_outcome",
]
