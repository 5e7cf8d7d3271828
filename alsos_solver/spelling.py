"""How names are read, in files and on the command line: one rule for case and accents, and
the known name a misspelt one most likely meant.

Names (games, figures, meld kinds, rule options and their values) are read in any case
and with or without their Hungarian accents: ``Abszolút``, ``abszolut`` and ``ABSZOLUT``
are one name. They are written plain and in lower case.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable


def plain(name: str) -> str:
    """The name in lower case without accents: ``'Tulétroá'`` -> ``'tuletroa'``,
    ``'összes_adu'`` -> ``'osszes_adu'``."""
    decomposed = unicodedata.normalize("NFKD", name.strip())
    return "".join(char for char in decomposed if not unicodedata.combining(char)).lower()


def closest(name: str, known: Iterable[str]) -> str | None:
    """The known name that ``name`` most likely misspells, None if it is far from all.

    Close means equal but for case and accents, or within a small edit distance (letters
    added, dropped, changed or swapped): one edit for names of up to six letters, two for
    longer ones; names of up to four letters only by an added, dropped or swapped letter,
    since changing one letter of a short word makes another word (``Name``, ``Game``)."""
    word = plain(name)
    best: tuple[int, str] | None = None
    for candidate in known:
        target = plain(candidate)
        if word == target:
            return candidate
        allowed = 1 if len(target) <= 6 else 2
        if abs(len(word) - len(target)) > allowed:
            continue  # each letter added or dropped is an edit
        distance = edit_distance(word, target)
        short = len(target) <= 4
        if distance > allowed or (short and len(word) == len(target) and sorted(word) != sorted(target)):
            continue
        if best is None or distance < best[0]:
            best = (distance, candidate)
    return None if best is None else best[1]


def edit_distance(a: str, b: str) -> int:
    """The fewest single letters added, dropped, changed, or adjacent pairs swapped, that
    turn ``a`` into ``b`` (optimal string alignment distance)."""
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = a[i - 1] != b[j - 1]
            row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], previous2[j - 2] + 1)
        previous2, previous = previous, row
    return previous[len(b)]
