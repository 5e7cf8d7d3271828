"""The Asszorti scoring case of the literature (:mod:`alsos_solver.puzzles.cases`):
``asszorti BID trumps|no-trumps TRICKS [kontra=N] [arrivazs=made|failed|idegen]
[arrivazs-kontra=N]``, what the declarer wins from each opponent, TRICKS the declarer's and
the opponents' as ``6:3:2``."""

from __future__ import annotations

from collections.abc import Callable

from ...puzzles.case_words import arity, choice, number
from ..base import Game
from .rules import score


def _asszorti(words: list[str]) -> int:
    bid, strain, tricks, *options = arity(words, 3, 6, "asszorti BID trumps|no-trumps TRICKS [kontra=N] [arrivazs=...] [arrivazs-kontra=N]")
    known = {"kontra": "0", "arrivazs": None, "arrivazs-kontra": "0"}
    for option in options:
        key, _, value = option.partition("=")
        if key not in known:
            raise ValueError(f"unknown option {option!r} (expected kontra=N, arrivazs=made|failed|idegen, arrivazs-kontra=N)")
        known[key] = value
    counts = tuple(number(n) for n in tricks.split(":"))
    if len(counts) != 3:
        raise ValueError(f"expected the tricks as three numbers, e.g. 6:3:2, found {tricks!r}")
    arrivazs = known["arrivazs"]
    return score(
        bid=bid if bid == "hand" else number(bid), trumps=choice(strain, ("trumps", "no-trumps")) == "trumps",
        tricks=counts, game_kontra=number(known["kontra"]),
        arrivazs=None if arrivazs is None else choice(arrivazs, ("made", "failed", "idegen")),
        arrivazs_kontra=number(known["arrivazs-kontra"]),
    )


def cases(game: Game) -> dict[str, Callable[[list[str]], int]]:
    """The kind of case (it needs no hand, so no game)."""
    return {"asszorti": _asszorti}
