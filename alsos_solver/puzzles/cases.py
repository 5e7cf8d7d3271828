"""Scoring cases: a published example that gives no hands, stated as the scoring rule it
exercises, so that the literature can check it without inventing a deal
(literature/README.md, 'Scoring cases').

A case is a block of tag pairs (the deal format's syntax) with ``Case``, the rule and its
arguments, and ``Published``, the number the source gives. The rules (``Case`` words):

- ``figure NAME front|back [KONTRA]``: an Alsós figure's announced value, with kontra
  levels (``f`` x4 from the front, ``b`` x2 from the back);
- ``game CONTRACT [KONTRA]``: the Alsós game's value;
- ``bid CONTRACT FIGURE...``: a bid's value, the game and the figures said with it
  (from the front);
- ``alsos-melds HAND CONTRACT``: the card points of one hand's Alsós melds;
- ``altiansz-melds HAND CONTRACT``: the points of one hand's Altiansz melds;
- ``asszorti BID trumps|no-trumps TRICKS [kontra=N] [arrivazs=made|failed|idegen]
  [arrivazs-kontra=N]``: what the Asszorti declarer wins from each opponent, TRICKS the
  declarer's and the opponents' as ``6:3:2``.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..analysis.scoring import GAME_VALUES, KONTRA_FACTORS, with_kontras
from ..figures import announced_value, canonical
from ..io import DealFormatError, TagValue, iter_tag_blocks
from ..melds import score_melds
from ..rules import AlsosOptions, game_spec
from ..rules import altiansz, asszorti
from ..words import counted


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
        rule = RULES.get(kind)
        if rule is None:
            raise ValueError(f"unknown rule {kind!r} (expected one of {', '.join(RULES)})")
        return rule(words)


def _figure(words: list[str]) -> int:
    name, side, *kontra = _arity(words, 2, 3, "figure NAME front|back [KONTRA]")
    return with_kontras(announced_value(canonical(name), _choice(side, ("front", "back")) == "front"), _kontra(kontra))


def _game(words: list[str]) -> int:
    contract, *kontra = _arity(words, 1, 2, "game CONTRACT [KONTRA]")
    return with_kontras(GAME_VALUES[game_spec("alsos").parse_contract(contract).kind], _kontra(kontra))


def _bid(words: list[str]) -> int:
    contract, *figures = _arity(words, 1, None, "bid CONTRACT FIGURE...")
    return _game([contract]) + sum(announced_value(canonical(name), True) for name in figures)


def _alsos_melds(words: list[str]) -> int:
    hand, contract = _arity(words, 2, 2, "alsos-melds HAND CONTRACT")
    spec = game_spec("alsos")
    hands = {seat: 0 for seat in spec.seats} | {spec.seats[0]: spec.pack.parse_hand(hand)}
    return score_melds(hands, spec.parse_contract(contract), AlsosOptions()).points[spec.seats[0]]


def _altiansz_melds(words: list[str]) -> int:
    hand, *contract = _arity(words, 2, None, "altiansz-melds HAND CONTRACT")
    spec = game_spec("altiansz")
    return altiansz.held_melds(spec.pack.parse_hand(hand), spec.parse_contract(" ".join(contract))).points


def _asszorti(words: list[str]) -> int:
    bid, strain, tricks, *options = _arity(words, 3, 6, "asszorti BID trumps|no-trumps TRICKS [kontra=N] [arrivazs=...] [arrivazs-kontra=N]")
    known = {"kontra": "0", "arrivazs": None, "arrivazs-kontra": "0"}
    for option in options:
        key, _, value = option.partition("=")
        if key not in known:
            raise ValueError(f"unknown option {option!r} (expected kontra=N, arrivazs=made|failed|idegen, arrivazs-kontra=N)")
        known[key] = value
    counts = tuple(_number(n) for n in tricks.split(":"))
    if len(counts) != 3:
        raise ValueError(f"expected the tricks as three numbers, e.g. 6:3:2, found {tricks!r}")
    arrivazs = known["arrivazs"]
    return asszorti.score(
        bid=bid if bid == "hand" else _number(bid), trumps=_choice(strain, ("trumps", "no-trumps")) == "trumps",
        tricks=counts, game_kontra=_number(known["kontra"]),
        arrivazs=None if arrivazs is None else _choice(arrivazs, ("made", "failed", "idegen")),
        arrivazs_kontra=_number(known["arrivazs-kontra"]),
    )


RULES: dict[str, Callable[[list[str]], int]] = {
    "figure": _figure, "game": _game, "bid": _bid, "alsos-melds": _alsos_melds,
    "altiansz-melds": _altiansz_melds, "asszorti": _asszorti,
}


def _arity(words: list[str], least: int, most: int | None, usage: str) -> list[str]:
    if len(words) < least or (most is not None and len(words) > most):
        raise ValueError(f"expected {usage}, found {counted(len(words), 'argument')}")
    return words


def _choice(word: str, choices: tuple[str, ...]) -> str:
    if word not in choices:
        raise ValueError(f"expected {' or '.join(choices)}, found {word!r}")
    return word


def _kontra(words: list[str]) -> str:
    levels = words[0] if words else ""
    if any(level not in KONTRA_FACTORS for level in levels):
        raise ValueError(f"expected kontra levels as letters f (front) or b (back), found {levels!r}")
    return levels


def _number(word: str) -> int:
    if not word.isdigit():
        raise ValueError(f"expected a number, found {word!r}")
    return int(word)


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


