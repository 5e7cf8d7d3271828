"""The reader's error and warning: where each is and what is wrong."""

from __future__ import annotations

import contextlib
import os
import sys
from typing import BinaryIO, ContextManager

STDIN = "-"
"""The file name that stands for the standard input."""
STDIN_NAME = "<stdin>"
"""The standard input's name in messages."""


class _Located(Exception):
    """A message with its place: ``line`` and ``column`` are 1-based, or None when it has
    no place in the text (a missing file, a directory). ``str()`` is one line,
    ``file:line:column: message``."""

    def __init__(self, filename: str, line: int | None, column: int | None, message: str) -> None:
        super().__init__(filename, line, column, message)
        self.filename = filename
        self.line = line
        self.column = column
        self.message = message

    def __str__(self) -> str:
        place = [self.filename] + [str(n) for n in (self.line, self.column) if n is not None]
        return f"{':'.join(place)}: {self.message}"


class DealFormatError(_Located, ValueError):
    """A deal file that cannot be read, located as precisely as the reader can; the
    message says what was expected and what was found."""


class DealFormatWarning(_Located, UserWarning):
    """Something in a deal file that is read, but probably not as meant: a tag whose name
    is close to a known one (``[Contact "P"]``). The deal is read as written."""


def open_input(path: str | os.PathLike[str], error: type[DealFormatError] = DealFormatError) -> tuple[str, BinaryIO]:
    """The file's name for messages and the file opened for reading bytes; ``error`` (a
    DealFormatError class) says why when it cannot be opened."""
    filename = os.fsdecode(path)
    try:
        return filename, open(path, "rb")
    except OSError as failure:
        raise error(filename, None, None, f"cannot read the file: {failure.strerror or failure}") from None


def open_input_or_stdin(path: str | os.PathLike[str], error: type[DealFormatError] = DealFormatError) -> tuple[str, ContextManager[BinaryIO]]:
    """As :func:`open_input`, and ``-`` (:data:`STDIN`) is the standard input, named
    ``<stdin>``, which the context leaves open."""
    if os.fsdecode(path) == STDIN:
        return STDIN_NAME, contextlib.nullcontext(sys.stdin.buffer)
    return open_input(path, error)
