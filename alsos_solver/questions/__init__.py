"""The questions: what we ask of a deal, for every game (:mod:`.base`), each game's own
(:mod:`.alsos`, ...), and question specs (:mod:`.specs`).

:func:`questions_of` finds a game's questions through its rules' registry entry
(:attr:`~alsos_solver.rules.game.GameSpec.family` names the module), so nothing here
asks which game a deal is.
"""

from __future__ import annotations

import functools
import importlib

from ..rules.games import GameSpec
from .base import (
    NO_LIMIT, SEAT_LETTERS, Ask, DeclarerPoints, GameQuestions, Goal, Item, Question, SeatPoints, Setting, Together,
    ValueQuestion, final_value, is_value_question,
)
from .alsos import BetliDefeated, BetliMade, FigureMade, GameDefeated, GameWon, KlopitzkySafe
from .specs import default_question, parse_question, question_name


@functools.cache
def questions_of(spec: GameSpec) -> GameQuestions:
    """The questions of a game: the ``QUESTIONS`` object of the module its spec names."""
    return importlib.import_module(f".{spec.family}", __name__).QUESTIONS


__all__ = [
    "NO_LIMIT", "SEAT_LETTERS", "Ask", "BetliDefeated", "BetliMade", "DeclarerPoints", "FigureMade", "GameDefeated", "GameQuestions",
    "GameWon", "Goal", "Item", "KlopitzkySafe", "Question", "SeatPoints", "Setting", "Together", "ValueQuestion",
    "default_question", "final_value", "is_value_question", "parse_question", "question_name", "questions_of",
]
