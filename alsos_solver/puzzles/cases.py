"""Scoring cases: a published example that gives no hands, stated as the scoring rule it
exercises, so that the literature can check it without inventing a deal
(literature/README.md, 'Scoring cases').

A case is a block of tag pairs (the deal format's syntax) with ``Case``, the rule and its
arguments, and ``Published``, the number the source gives. The rules are the games'
(:meth:`~alsos_solver.games.base.Game.literature_cases`, each game's ``cases.py``: the
Alsós figures, games, bids and melds, the Altiansz melds, the Asszorti score), the first
word of ``Case`` naming one.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..games import GAMES
from ..io import DealFormatError, TagValue, iter_tag_blocks


@dataclass
class Case:
    """One scoring case: the ``Case`` words, the published number, its source, and the
    other tags (Event, Comment) as given."""

    rule: str
    published: str
    tags: dict[str, str]

    def value(self) -> int:
        """The value the scoring rules give (ValueError: the case is not well formed)."""
        kind, *words = self.rule.split()
        rules = case_rules()
        rule = rules.get(kind)
        if rule is None:
            raise ValueError(f"unknown rule {kind!r} (expected one of {', '.join(rules)})")
        return rule(words)


def case_rules() -> dict[str, Callable[[list[str]], int]]:
    """Every game's kinds of case (:meth:`~alsos_solver.games.base.Game.literature_cases`)."""
    return {kind: rule for game in GAMES.values() for kind, rule in game.literature_cases().items()}


def load_cases(path: str | os.PathLike[str]) -> Iterator[Case]:
    """The cases of a file, each computed once to find format errors: DealFormatError at
    the tag that is wrong (a missing Case or Published, a rule that cannot be read)."""
    filename = os.fsdecode(path)
    for tags in iter_tag_blocks(path):
        case = _case(filename, tags)
        try:
            case.value()
        except ValueError as error:
            rule = tags["Case"]
            raise DealFormatError(filename, rule.line, rule.column, f"Case: {error}") from None
        yield case


def _case(filename: str, tags: dict[str, TagValue]) -> Case:
    first = min(tags.values(), key=lambda tag: tag.line)
    for name, what in (("Case", "the scoring rule and its arguments"), ("Published", "the published number"),
                       ("Source", "where the case is published")):
        if name not in tags:
            raise DealFormatError(filename, first.line, None, f"no {name} tag in the case (expected {what})")
    published = tags["Published"]
    if not published.value.lstrip("-").isdigit():
        raise DealFormatError(filename, published.line, published.column,
                              f"Published: expected a number, found {published.value!r}")
    return Case(tags["Case"].value, published.value, {name: tag.value for name, tag in tags.items()})


