"""The reader's error and warning: where each is and what is wrong."""

from __future__ import annotations

import os
from typing import BinaryIO


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
