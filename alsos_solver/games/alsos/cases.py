"""The Alsós scoring cases of the literature (:mod:`alsos_solver.puzzles.cases`):

- ``figure NAME front|back [KONTRA]``: a figure's announced value, with kontra levels
  (``f`` x4 from the front, ``b`` x2 from the back);
- ``game CONTRACT [KONTRA]``: the game's value;
- ``bid CONTRACT FIGURE...``: a bid's value, the game and the figures said with it (from
  the front);
- ``alsos-melds HAND CONTRACT``: the card points of one hand's melds.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from ...puzzles.case_words import arity, choice, kontra_levels
from ...rules import AlsosOptions
from ..base import Game
from .figures import announced_value, canonical
from .melds import score_melds
from .values import GAME_VALUES, with_kontras

def _figure(words: list[str]) -> int:
    name, side, *kontra = arity(words, 2, 3, "figure NAME front|back [KONTRA]")
    return with_kontras(announced_value(canonical(name), choice(side, ("front", "back")) == "front"), kontra_levels(kontra))


def _game(game: Game, words: list[str]) -> int:
    contract, *kontra = arity(words, 1, 2, "game CONTRACT [KONTRA]")
    return with_kontras(GAME_VALUES[game.parse_contract(contract).kind], kontra_levels(kontra))


def _bid(game: Game, words: list[str]) -> int:
    contract, *figures = arity(words, 1, None, "bid CONTRACT FIGURE...")
    return _game(game, [contract]) + sum(announced_value(canonical(name), True) for name in figures)


def _alsos_melds(game: Game, words: list[str]) -> int:
    hand, contract = arity(words, 2, 2, "alsos-melds HAND CONTRACT")
    seat = game.active[0]
    hands = {seat: game.pack.parse_hand(hand)}
    return score_melds(hands, game.parse_contract(contract), AlsosOptions(), game.active).points[seat]


def cases(game: Game) -> dict[str, Callable[[list[str]], int]]:
    """The kinds of case, each reading its words in ``game`` (three-player Alsós)."""
    return {"figure": _figure, "game": partial(_game, game), "bid": partial(_bid, game), "alsos-melds": partial(_alsos_melds, game)}
