"""A line of best play by both sides that achieves the position's double-dummy value.

At every card the player to move plays the first card (in :func:`card_order`: suits in pack
order, strongest first) whose value equals the position's value; the value stays the same
all along the line, so its end reaches it: the declarer's final card points for the value
question, the question's ``achieved`` for a yes/no question.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..cards import Card
from ..deal import Deal
from ..questions import SEAT_LETTERS, Question, question_name
from ..words import counted
from .card_values import Probe, Value, shown_value


@dataclass
class LineTrick:
    """One trick of the line: its number (1-based), leader, cards in play order (the first
    trick may begin with cards of the Play section), winner, the points it is worth
    (card points, the last trick's bonus included), and the tricks each seat has won
    after it, in seat order (the Play section's included); the last three None while the
    trick is unfinished."""

    trick: int
    leader: str
    cards: list[str]
    winner: str | None
    points: int | None
    tricks_won: tuple[int, ...] | None = None

    @property
    def split(self) -> str:
        """The tricks won so far as ``3-1-2`` (seat order), '' while the trick is unfinished."""
        return "" if self.tricks_won is None else "-".join(map(str, self.tricks_won))

    def to_json(self) -> dict:
        return {"trick": self.trick, "leader": self.leader, "cards": list(self.cards),
                "winner": self.winner, "points": self.points}


@dataclass
class Line:
    """The line from the position after ``after`` cards of the Play section to the end;
    ``value`` is the position's value, which the line reaches. ``concession``: the
    defenders' meld choice the line makes, when they have one that matters to the
    question (``'B concedes the sequences'``), else None. ``counts_points``: whether the
    contract is played for card points; where it is not (Asszorti, betli, Alsós
    klopitzky) a trick's worth is the running trick count, not its points."""

    question: str
    after: int
    value: Value
    is_value: bool
    tricks: list[LineTrick] = field(default_factory=list)
    concession: str | None = None
    unit: str = "points"
    counts_points: bool = True

    def to_json(self) -> dict:
        return {
            "question": self.question,
            "after": self.after,
            "line": [trick.to_json() for trick in self.tricks],
            "value": self.value,
            "line_concession": self.concession,
        }

    def lines(self) -> list[str]:
        """The line for a person: the value, then a line per trick (``trick 6: B leads ZA
        Z8 ZX, A wins 14``; ``..., A wins, tricks 4-3-2`` where points do not count)."""
        shown = shown_value(self.value, self.is_value, self.unit)
        result = [f"{self.question} after {counted(self.after, 'card')}: {shown} with best play"]
        for trick in self.tricks:
            worth = f" {trick.points}" if self.counts_points else f", tricks {trick.split}"
            won = "" if trick.winner is None else f", {trick.winner} wins{worth}"
            result.append(f"trick {trick.trick}: {trick.leader} leads {' '.join(trick.cards)}{won}")
        return result


def optimal_line(deal: Deal, question: Question | None = None, after: int | None = None,
                 limit: int | None = None) -> Line:
    """A line of best play from the position after ``after`` cards of the Play section
    (None: from the first lead) to the end of play, or of ``limit`` cards at most;
    ``question`` None asks the deal's :func:`default_question`."""
    probe = Probe.of(deal, question, after)
    question, after, position = probe.question, probe.after, probe.position
    value = probe.value()
    first_trick, played = position.trick_index, after
    concession = None
    while not position.is_over and (limit is None or played - after < limit):
        if concession is None and position.trick_index >= probe.setting.choice_trick:
            concession = make_meld_choice(probe, value)
        for card in probe.legal():
            if probe.card_value(card) == value:
                probe.push(card)
                played += 1
                break
        else:  # cannot happen: some card keeps a minimax value
            raise AssertionError(f"no card keeps the value {value} after {played} cards")
    result = Line(question_name(question), after, value, probe.is_value, concession=concession or None, unit=probe.unit,
                  counts_points=deal.game.questions.points_need(deal) is None)
    name = deal.pack.card_name
    for index in range(first_trick, len(position.tricks)):
        trick = position.tricks[index]
        if not trick.cards:
            continue
        done = index < len(position.winners)
        points = trick_points(deal, index, trick.cards)
        winners = position.winners[:index + 1]
        result.tricks.append(LineTrick(
            trick=index + 1,
            leader=SEAT_LETTERS[trick.leader],
            cards=[name(c) for c in trick.cards],
            winner=SEAT_LETTERS[position.winners[index]] if done else None,
            points=points if done else None,
            tricks_won=tuple(winners.count(seat) for seat in range(position.seats)) if done else None,
        ))
    return result


def trick_points(deal: Deal, index: int, cards: Sequence[Card]) -> int:
    """What the trick of that index (from 0) with those cards is worth: its card points,
    and the last trick's bonus in the last trick."""
    rules = deal.rules
    bonus = rules.last_trick_bonus if index == deal.game.hand_size - 1 else 0
    return sum(rules.points[card] for card in cards) + bonus


def make_meld_choice(probe: Probe, value: Value) -> str:
    """The defenders' meld choice, made when the line reaches it: the first choice
    (nobody conceding first) under which the position keeps its value, fixed for the
    rest of the line. Its description, or '' when the choice cannot change the question."""
    choices = probe.solver.meld_choices
    if probe.is_value or len(choices) == 1:
        return ""
    for choice in choices:
        probe.solver.fix_melds(choice.points)
        if probe.value() == value:
            return "" if choice is choices[0] else choice.describe()
    raise AssertionError(f"no meld choice keeps the value {value}")
