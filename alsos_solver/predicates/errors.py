"""The errors of the predicate language: where in the text, what was expected, what was found."""

from __future__ import annotations

ECHO_LIMIT = 60
"""The most characters of an expression an error message repeats; a longer one is cut."""


class PredicateError(ValueError):
    """A predicate that cannot be read or cannot apply, located in its text.

    ``column`` is 1-based (None when the error concerns the whole expression);
    ``str(error)`` is one line, ``column N: message``, the message saying what was expected
    and what was found. :meth:`pointer` draws the text with a caret under the column.
    """

    def __init__(self, text: str, column: int | None, message: str) -> None:
        super().__init__(text, column, message)
        self.text = text
        self.column = column
        self.message = message

    def __str__(self) -> str:
        return self.message if self.column is None else f"column {self.column}: {self.message}"

    def with_option(self, option: str) -> str:
        """The message after the option and its expression as typed (cut to
        :data:`ECHO_LIMIT` characters): ``--where 'points(B) >= ': column 14: ...``."""
        text = self.text if len(self.text) <= ECHO_LIMIT else self.text[:ECHO_LIMIT - 1] + "…"
        return f"{option} {text!r}: {self}"

    def pointer(self) -> str:
        """The expression, and a caret under the column (two lines), for a terminal."""
        if self.column is None:
            return self.text
        return f"{self.text}\n{' ' * (self.column - 1)}^"


class NotApplicable(PredicateError):
    """A sound expression that a deal cannot answer: it needs what the deal lacks (a
    contract, a trump suit, a declarer, card points). Statistics put such deals in a group
    of their own; the dealer treats it as any other error."""
