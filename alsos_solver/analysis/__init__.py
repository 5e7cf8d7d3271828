"""Analyses built on the solver: card values, a line of best play, a review of the play,
the contract table, the best announcements, scores, the trump exchange's options."""

from .announcements import Announcements, best_announcements
from .card_values import CardValues, card_values, parse_after
from .exchange import ExchangeOption, ExchangeOptions, exchange_options
from .line import Line, LineTrick, optimal_line
from ..questions import DeclarerPoints, default_question, is_value_question, parse_question, question_name
from .review import Item, Mistake, Review, announced_items, review_play
from .scoring import Outcome, Scores, actual_scores, double_dummy_scores, score_outcome
from .table import ContractTable, TableEntry, contract_table

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
    "optimal_line",
    "parse_after",
    "parse_question",
    "question_name",
    "review_play",
    "score_outcome",
]
