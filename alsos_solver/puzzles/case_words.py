"""The words of a scoring case's rule (:mod:`.cases`): how many there are, and each read as
one of a few choices, kontra levels or a number; ValueError says what was expected."""

from __future__ import annotations

from ..words import counted


def arity(words: list[str], least: int, most: int | None, usage: str) -> list[str]:
    if len(words) < least or (most is not None and len(words) > most):
        raise ValueError(f"expected {usage}, found {counted(len(words), 'argument')}")
    return words


def choice(word: str, choices: tuple[str, ...]) -> str:
    if word not in choices:
        raise ValueError(f"expected {' or '.join(choices)}, found {word!r}")
    return word


def kontra_levels(words: list[str]) -> str:
    levels = words[0] if words else ""
    if set(levels) - {"f", "b"}:
        raise ValueError(f"expected kontra levels as letters f (front) or b (back), found {levels!r}")
    return levels


def number(word: str) -> int:
    if not word.isdigit():
        raise ValueError(f"expected a number, found {word!r}")
    return int(word)
