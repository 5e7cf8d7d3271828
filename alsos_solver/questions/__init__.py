"""The questions every game asks of a deal (:mod:`.base`) and question specs (:mod:`.specs`);
each game's own are in its package (:attr:`alsos_solver.games.base.Game.questions`)."""

from .base import (
    NO_LIMIT, SEAT_LETTERS, Ask, DeclarerPoints, Goal, Item, Question, SeatPoints, Setting, Together, ValueQuestion,
    final_value, is_value_question,
)
from .specs import default_question, parse_question, question_name

__all__ = [
    "NO_LIMIT", "SEAT_LETTERS", "Ask", "DeclarerPoints", "Goal", "Item", "Question", "SeatPoints", "Setting", "Together",
    "ValueQuestion", "default_question", "final_value", "is_value_question", "parse_question", "question_name",
]
