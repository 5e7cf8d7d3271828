"""Checking a puzzle: is the goal reachable from the start, and is the Solution exactly
the set of the mover's winning cards? And, when a main line is given, does it keep the
goal in reach to its end?

An unsound puzzle gets a refutation: for a stated card that fails, the defence's line of
best play after it; for another card that also wins, the line after it that reaches the
goal; for a main line, the card from which the goal is out of reach.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ..analysis.card_values import Probe
from ..analysis.line import Line, optimal_line
from ..cards import Card
from ..position import IllegalPlay
from ..words import verb
from .puzzle import Puzzle


@dataclass
class Refutation:
    """What shows a puzzle unsound: ``card`` and what it does (``'fails'``, ``'also
    wins'``, ``'main line'``: the goal is out of reach after that card of the main line),
    with a line of best play after it (None for the main line)."""

    card: str
    kind: str
    line: Line | None = None

    def to_json(self) -> dict:
        return {"card": self.card, "kind": self.kind, "line": None if self.line is None else self.line.to_json()["line"]}

    def describe(self) -> str:
        if self.kind == "main line":
            return f"the main line loses the goal with {self.card}"
        return f"{self.card} {self.kind}"

    def lines(self) -> list[str]:
        shown = [self.describe()]
        if self.line is not None:
            shown += self.line.lines()[1:]
        return shown


@dataclass
class Verdict:
    """The check of one puzzle: ``winning_cards`` of the mover (display order), ``stated``
    (the Solution), ``sound`` when they are the same set, the goal is reachable and the
    main line keeps it; ``refutation`` when it is not."""

    goal: str
    to_move: str
    winning_cards: list[str]
    stated: list[str]
    refutation: Refutation | None = None

    @property
    def sound(self) -> bool:
        return self.refutation is None

    def lines(self) -> list[str]:
        """The verdict for a person: one line (``only ZA wins``, ``only Z9 Z8 win``), then
        the refutation's line of play."""
        if self.sound:
            wins = verb(len(self.stated), "wins", "win")
            return [f"sound: {self.goal} for {self.to_move}, only {' '.join(self.stated)} {wins}"]
        won = " ".join(self.winning_cards) or "none"
        head = f"unsound: {self.goal} for {self.to_move}: {self.refutation.describe()} (winning cards: {won}; stated: {' '.join(self.stated)})"
        return [head, *self.refutation.lines()[1:]]

    def to_json(self) -> dict:
        return {"goal": self.goal, "to_move": self.to_move, "sound": self.sound,
                "winning_cards": list(self.winning_cards), "stated": list(self.stated),
                "refutation": None if self.refutation is None else self.refutation.to_json()}


def card_values(puzzle: Puzzle) -> tuple[Probe, dict[Card, bool]]:
    """Each legal card of the mover at the start, made (True) or not; the probe asked."""
    probe = Probe(puzzle.deal, puzzle.question, puzzle.after)
    return probe, {card: bool(probe.card_value(card)) for card in probe.legal()}


def line_after(puzzle: Puzzle, cards: list[Card]) -> Line:
    """A line of best play for the goal after the start and ``cards``."""
    deal = dataclasses.replace(puzzle.deal, play=[*puzzle.deal.play, *cards], main_line=[])
    return optimal_line(deal, puzzle.question, len(deal.play))


def check(puzzle: Puzzle) -> Verdict:
    """The verdict on a puzzle (see the module docstring)."""
    probe, values = card_values(puzzle)
    name = puzzle.deal.pack.card_name
    winning = [card for card, made in values.items() if made]
    verdict = Verdict(puzzle.goal, puzzle.to_move, [name(c) for c in winning], puzzle.card_names(puzzle.solution))
    failing = [card for card in puzzle.solution if not values[card]]
    extra = [card for card in winning if card not in puzzle.solution]
    if failing:
        verdict.refutation = Refutation(name(failing[0]), "fails", line_after(puzzle, [failing[0]]))
    elif extra:
        verdict.refutation = Refutation(name(extra[0]), "also wins", line_after(puzzle, [extra[0]]))
    else:
        lost = main_line_loss(probe, puzzle.main_line)
        if lost is not None:
            verdict.refutation = Refutation(name(lost), "main line")
    return verdict


def main_line_loss(probe: Probe, line: list[Card]) -> Card | None:
    """The first card of the main line after which the goal is out of reach, if any."""
    played = 0
    try:
        for card in line:
            try:
                probe.push(card)
            except IllegalPlay:  # a card the goal keeps back (an ultimó's trump 7)
                return card
            played += 1
            if not probe.value():
                return card
        return None
    finally:
        for _ in range(played):
            probe.pop()
