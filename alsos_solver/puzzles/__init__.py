"""Puzzles: a deal with a goal for the side to move and a unique solution (docs/format.md,
'Puzzles'). :mod:`.puzzle` is the model, :mod:`.check` proves a puzzle sound or shows what
is wrong, :mod:`.compose` searches seeded deals for new ones, :mod:`.play` lets a person
solve one against best defence."""

from .puzzle import Puzzle, load_puzzles, puzzle_problems

__all__ = ["Puzzle", "load_puzzles", "puzzle_problems"]
