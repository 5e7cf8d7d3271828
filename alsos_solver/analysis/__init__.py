"""Analyses every game has, built on the solver: card values, a line of best play, a
review of the play, the contract table. The analyses that differ by game (the best
announcements, the scores, the trump exchange) are each game's own
(:class:`alsos_solver.games.base.Game`)."""

from ..questions import DeclarerPoints, default_question, is_value_question, parse_question, question_name
from .card_values import CardValues, card_values, parse_after
from .line import Line, LineTrick, optimal_line
from .review import Item, Mistake, Review, announced_items, review_play
from .table import ContractTable, TableEntry, contract_table

__all__ = [
    "CardValues", "ContractTable", "DeclarerPoints", "Item", "Line", "LineTrick", "Mistake", "Review", "TableEntry",
    "announced_items", "card_values", "contract_table", "default_question", "is_value_question", "optimal_line",
    "parse_after", "parse_question", "question_name", "review_play",
]
