"""The dealer's errors: each a kind of constraint that cannot be dealt, said for a person."""

from __future__ import annotations


class DealerError(ValueError):
    """Constraints that cannot be dealt; ``str(error)`` is one line for a person."""


class FixError(DealerError):
    """A fix that cannot be read, or that contradicts the game or another fix (a card
    fixed twice, more cards than a hand holds)."""


class ImpossibleError(DealerError):
    """Constraints proved to have no deal at all (before any try)."""


class TriesExhausted(DealerError):
    """No deal met the constraints within the tries allowed: impossible, or too rare.

    ``found`` deals of ``count`` were dealt before; ``tries`` is the limit that ran out.
    """

    def __init__(self, message: str, found: int, count: int, tries: int) -> None:
        super().__init__(message)
        self.found = found
        self.count = count
        self.tries = tries
