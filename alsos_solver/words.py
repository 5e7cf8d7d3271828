"""Counts in words, as the messages and views say them: ``1 layout``, ``3 layouts``,
``1 failing class``. One rule, so that no message says ``1 layouts`` or ``puzzle(s)``."""

from __future__ import annotations


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """``count`` and the noun, singular for exactly one: ``counted(1, 'layout')`` ->
    ``'1 layout'``, ``counted(2, 'failing class', 'failing classes')`` -> ``'2 failing
    classes'`` (the plural is the noun and ``s`` unless given). Thousands are grouped:
    ``1,000 layouts``."""
    return f"{count:,} {noun if count == 1 else plural or noun + 's'}"


def verb(count: int, singular: str, plural: str) -> str:
    """The verb that agrees with ``count`` things: ``verb(1, 'wins', 'win')`` -> ``'wins'``."""
    return singular if count == 1 else plural
