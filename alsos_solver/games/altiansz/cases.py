"""The Altiansz scoring case of the literature (:mod:`alsos_solver.puzzles.cases`):
``altiansz-melds HAND CONTRACT``, the points of one hand's melds."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from ...puzzles.case_words import arity
from ..base import Game
from .rules import held_melds


def _altiansz_melds(game: Game, words: list[str]) -> int:
    hand, *contract = arity(words, 2, None, "altiansz-melds HAND CONTRACT")
    return held_melds(game.pack.parse_hand(hand), game.parse_contract(" ".join(contract))).points


def cases(game: Game) -> dict[str, Callable[[list[str]], int]]:
    """The kinds of case, each reading its words in ``game``."""
    return {"altiansz-melds": partial(_altiansz_melds, game)}
