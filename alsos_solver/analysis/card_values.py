"""The double-dummy value of every legal card of the player to move.

For the value question (declarer_points) a card's value is the declarer's final card points
(last trick included) with best play by both sides after it; for a yes/no question it is
True (made) or False (failed). The position's value is the best card's value for the
mover: the question's side maximises (True over False), the other side minimises.

Cards of one value that are equivalent in play (same hand, same suit, no card of another
seat, in a hand or on the table, between them in the contract's trick order) are shown
together as a group.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..cards import Card, cards_of
from ..deal import Deal
from ..questions import SEAT_LETTERS, Question, default_question, is_value_question, question_name
from ..solver import DEFAULT_TABLE_BYTES, Solver
from ..words import counted

Value = int | bool
"""A card's or a position's value: points (value question) or made / failed."""


def shown_value(value: Value, is_value: bool, unit: str) -> str:
    """A value as the views say it: ``90 points``, ``7 tricks``, ``score +37`` (a score is
    signed, and named first), or ``made`` / ``failed`` for a yes/no question."""
    if not is_value:
        return "made" if value else "failed"
    return f"score {value:+d}" if unit == "score" else f"{value} {unit}"


def parse_after(text: str, deal: Deal) -> int:
    """``'TRICK.CARD'`` -> a count of cards of the Play section: after card CARD (1 to the
    number of seats; 0: before the trick's first card) of trick TRICK (1-based). 'after
    trick 4 card 2' is ``'4.2'`` = 3 * 3 + 2 = 11 cards in three-player Alsós. A plain
    count (``'11'``) is taken as it is. ValueError names what was expected and what the
    Play section holds."""
    seats, tricks = len(deal.game.active), deal.game.hand_size
    spec = text.strip()
    if re.fullmatch(r"\d+", spec):
        count = int(spec)
    else:
        match = re.fullmatch(r"(\d+)\.(\d+)", spec)
        if not match:
            raise ValueError(f"malformed position {text!r} (expected TRICK.CARD, e.g. 4.2 for after trick 4 card 2)")
        trick, card = int(match.group(1)), int(match.group(2))
        if not 1 <= trick <= tricks:
            raise ValueError(f"trick {trick} in {text!r} is out of range (expected 1 to {tricks})")
        if not 0 <= card <= seats:
            raise ValueError(f"card {card} in {text!r} is out of range (expected 0 to {seats})")
        count = (trick - 1) * seats + card
    if count > len(deal.play):
        raise ValueError(
            f"position {text!r} is after {counted(count, 'card')}, but the Play section holds {len(deal.play)}"
        )
    return count


def card_order(deal: Deal, cards: int) -> list[Card]:
    """The cards of a set in a stable display order: suit by suit (pack order), each
    strongest first in the contract's trick order."""
    rules = deal.rules
    pack = rules.pack
    return sorted(cards_of(cards), key=lambda c: (pack.suit_of(c), -rules.strength[c]))


class Probe:
    """A question asked of one deal's play, card by card, with one :class:`Solver`.

    ``legal()`` follows the question's own rules of play (an ultimó it asks about keeps its
    trump 7 back, as in :mod:`..reference`); ``value()`` is the position's double-dummy
    value; ``card_value(card)`` the value after the card. ``solver``: one of this deal
    already after ``after`` cards of its Play section, kept warm by the caller (the board
    keeps one per deal: its table and the values it found serve the next position); None:
    a new one."""

    def __init__(self, deal: Deal, question: Question, after: int = 0, table_bytes: int = DEFAULT_TABLE_BYTES,
                 solver: Solver | None = None):
        self.deal = deal
        self.question = question
        self.after = after
        self.solver = solver or Solver(deal, after=after, table_bytes=table_bytes)
        self.setting = self.solver.setting
        self.is_value = is_value_question(question)
        self.unit = getattr(question, "unit", "")
        """What a value counts (``points``, ``tricks``, ``score``); empty for a yes/no question."""
        self.solver.position.holds = deal.holds() | question.holds(self.setting)
        self.team = question.team(self.setting)

    @classmethod
    def of(cls, deal: Deal, question: Question | None, after: int | None, solver: Solver | None = None) -> Probe:
        """A probe after ``after`` cards of the Play section (None: at the first lead) for
        ``question`` (None: the deal's :func:`default_question`); ValueError if the Play
        section is shorter."""
        after = after or 0
        if after > len(deal.play):
            raise ValueError(f"after {counted(after, 'card')}, but the Play section holds {len(deal.play)}")
        return cls(deal, question or default_question(deal, after), after, solver=solver)

    @property
    def position(self):
        return self.solver.position

    def value(self) -> Value:
        return self.solver.answer(self.question)

    def legal(self) -> list[Card]:
        return card_order(self.deal, self.position.legal_moves())

    def card_value(self, card: Card) -> Value:
        self.solver.push(card)
        try:
            return self.value()
        finally:
            self.solver.pop()

    def mover_on_team(self) -> bool:
        return self.position.to_move in self.team

    def best(self, values: list[Value]) -> Value:
        return max(values) if self.mover_on_team() else min(values)

    def push(self, card: Card) -> None:
        self.solver.push(card)

    def pop(self) -> Card:
        return self.solver.pop()


@dataclass
class CardValues:
    """Every legal card of the player to move with its value (see the module docstring).

    ``values`` maps card tokens to values in display order; ``groups`` lists the
    equivalent cards of equal value, best for the mover first."""

    question: str
    after: int
    to_move: str
    mover_on_team: bool
    is_value: bool
    values: dict[str, Value] = field(default_factory=dict)
    groups: list[tuple[list[str], Value]] = field(default_factory=list)
    position_value: Value = 0
    unit: str = "points"

    def to_json(self) -> dict:
        return {
            "question": self.question,
            "after": self.after,
            "to_move": self.to_move,
            "cards": dict(self.values),
            "groups": [[list(tokens), value] for tokens, value in self.groups],
            "position_value": self.position_value,
        }

    def lines(self) -> list[str]:
        def show(value: Value) -> str:
            return shown_value(value, self.is_value, self.unit)

        side = "for" if self.mover_on_team else "against"
        result = [
            f"{self.question} after {counted(self.after, 'card')}: {self.to_move} to move (playing {side} it), "
            f"value {show(self.position_value)}"
        ]
        for tokens, value in self.groups:
            mark = "*" if value == self.position_value else " "
            result.append(f" {mark} {' '.join(tokens)}: {show(value)}")
        return result


def card_values(deal: Deal, question: Question | None = None, after: int | None = None,
                solver: Solver | None = None) -> CardValues:
    """The value of every legal card of the player to move after ``after`` cards of the
    Play section (None: at the first lead); ``question`` None asks the deal's
    :func:`default_question`; ``solver``: as :class:`Probe` takes it. ValueError when the
    play is over."""
    probe = Probe.of(deal, question, after, solver)
    question, after, position = probe.question, probe.after, probe.position
    if position.is_over:
        raise ValueError(f"the play is over after {after} cards: no card to play")
    legal = probe.legal()
    values = {card: probe.card_value(card) for card in legal}
    best = probe.best(list(values.values()))
    result = CardValues(
        question=question_name(question),
        after=after,
        to_move=SEAT_LETTERS[position.to_move],
        mover_on_team=probe.mover_on_team(),
        is_value=probe.is_value,
        values={deal.pack.card_name(card): value for card, value in values.items()},
        position_value=best,
        unit=probe.unit,
    )
    groups = equivalence_groups(deal, position, legal, values)
    groups.sort(key=lambda group: (-group[1] if probe.mover_on_team() else group[1]))  # stable: display order kept
    result.groups = [([deal.pack.card_name(c) for c in cards], value) for cards, value in groups]
    return result


def equivalence_groups(deal: Deal, position, legal: list[Card], values: dict[Card, Value]) -> list[tuple[list[Card], Value]]:
    """The legal cards (in display order) cut into runs of equal value with no card of
    another seat (in a hand or on the table) between neighbours in trick order."""
    rules, pack = deal.rules, deal.pack
    mover = position.to_move
    others = sum(hand for seat, hand in enumerate(position.hands) if seat != mover)
    others |= sum(1 << c for c in position.trick.cards)
    groups: list[tuple[list[Card], Value]] = []
    for card in legal:
        if groups:
            last = groups[-1][0][-1]
            if pack.suit_of(last) == pack.suit_of(card) and values[last] == values[card]:
                low, high = rules.strength[card], rules.strength[last]
                between = any(
                    pack.suit_of(c) == pack.suit_of(card) and low < rules.strength[c] < high
                    for c in cards_of(others)
                )
                if not between:
                    groups[-1][0].append(card)
                    continue
        groups.append(([card], values[card]))
    return groups
