"""Solving a puzzle by hand: the person plays the goal's side, the program defends best.

Commands, one a line: a card (``PA``, any case) plays it for the seat to move; ``hint``
names a winning card; ``why`` shows the refutation of the first wrong card; ``undo``
takes back the person's last card (and the defence's cards after it); ``quit`` stops.
A card after which the goal is out of reach is called wrong at once. At the end: the
verdict and the full line.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..analysis.card_values import Probe
from ..cards import Card
from ..position import IllegalPlay
from ..questions import SEAT_LETTERS
from .check import line_after
from .puzzle import Puzzle

Write = Callable[[str], None]
COMMANDS = "a card (e.g. PA), hint, why, undo or quit"


class Session:
    """One attempt at a puzzle: the cards played since its start, and the first wrong one."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.probe = Probe(puzzle.deal, puzzle.question, puzzle.after)
        self.played: list[Card] = []
        self.wrong: int | None = None  # index in played of the first card that lost the goal
        self.name = puzzle.deal.pack.card_name

    @property
    def over(self) -> bool:
        return self.probe.position.is_over

    def users_turn(self) -> bool:
        return self.probe.mover_on_team()

    def state(self) -> str:
        """The seat to move, the trick so far and the legal cards."""
        position = self.probe.position
        trick = " ".join(map(self.name, position.trick.cards))
        shown = f"trick {position.trick_index + 1}" + (f" ({trick})" if trick else "")
        return f"{shown}: {SEAT_LETTERS[position.to_move]} to play, legal: {' '.join(map(self.name, self.probe.legal()))}"

    def play(self, token: str) -> str:
        """Play the named card for the seat to move; what came of it."""
        try:
            card = self.puzzle.deal.pack.parse_card(token.upper())
        except ValueError:
            return f"unknown command {token!r} (expected {COMMANDS})"
        if card not in self.probe.legal():
            return f"{self.name(card)} is not a legal card here"
        try:
            self.push(card)
        except IllegalPlay as error:
            return str(error)
        if self.wrong is None and not self.probe.value():
            self.wrong = len(self.played) - 1
            return f"{self.name(card)} is wrong: the goal is out of reach now (why shows the refutation, undo takes it back)"
        return f"{SEAT_LETTERS[self._seat_of_last()]} plays {self.name(card)}"

    def defend(self) -> str:
        """The defence's best card: the first (display order) after which the goal is out
        of reach, else the first card."""
        legal = self.probe.legal()
        card = next((c for c in legal if not self.probe.card_value(c)), legal[0])
        self.push(card)
        return f"{SEAT_LETTERS[self._seat_of_last()]} plays {self.name(card)}"

    def hint(self) -> str:
        card = next((c for c in self.probe.legal() if self.probe.card_value(c)), None)
        if card is None:
            return "no card reaches the goal from here: undo"
        return f"hint: {self.name(card)} reaches the goal"

    def why(self) -> str:
        if self.wrong is None:
            return "no wrong card so far"
        line = line_after(self.puzzle, self.played[:self.wrong + 1])
        return "\n".join([f"after {self.name(self.played[self.wrong])}, the defence's line:", *line.lines()[1:]])

    def undo(self) -> str:
        """Take back the defence's cards and then the person's last card."""
        while self.played and not self._last_by_user():
            self.pop()
        if not self.played:
            return "nothing to undo"
        card = self.pop()
        if self.wrong is not None and self.wrong >= len(self.played):
            self.wrong = None
        return f"took back {self.name(card)}"

    def verdict(self) -> list[str]:
        """Solved or not, and the full line from the start, trick by trick."""
        made = self.over and self.probe.value()
        head = f"solved: {self.puzzle.goal} made" if made else f"not solved: {self.puzzle.goal} " + (
            "failed" if self.over else "unfinished")
        return [head, *self._line()]

    def _line(self) -> list[str]:
        seats = len(self.puzzle.deal.game.active)
        cards = [*self.puzzle.deal.play, *self.played]
        start = self.puzzle.after - self.puzzle.after % seats
        return [f"trick {index // seats + 1}: {' '.join(map(self.name, cards[index:index + seats]))}"
                for index in range(start, len(cards), seats)]

    def push(self, card: Card) -> None:
        """Play a card, whoever's turn it is (unjudged: :meth:`play` judges the person's)."""
        self.probe.push(card)
        self.played.append(card)

    def pop(self) -> Card:
        """Take back the last card played."""
        self.played.pop()
        return self.probe.pop()

    def _seat_of_last(self) -> int:
        position = self.probe.position
        trick = position.trick if position.trick.cards else position.tricks[-2]
        return trick.seat_of(len(trick.cards) - 1, position.seats)

    def _last_by_user(self) -> bool:
        card = self.probe.pop()
        try:
            return self.probe.mover_on_team()
        finally:
            self.probe.push(card)


def play(puzzle: Puzzle, commands: Iterable[str], write: Write) -> bool:
    """Run a session: the person's commands in, the messages out; whether it was solved."""
    session = Session(puzzle)
    deal = puzzle.deal
    write(f"{puzzle.title or 'Puzzle'}: {puzzle.goal} for {puzzle.to_move}'s side, "
          f"contract {deal.game.contract_token(deal.contract)}" + (f" by {deal.declarer}" if deal.declarer else ""))
    position = session.probe.position
    pack = deal.pack
    for seat, hand in zip(deal.game.active, position.hands):
        suits = zip(pack.suits, pack.hand_name(hand).split("."))
        write(f"  {seat}: " + "  ".join(f"{suit}:{holding or '-'}" for suit, holding in suits))
    lines = iter(commands)
    while not session.over:
        if not session.users_turn():
            write(session.defend())
            continue
        if len(session.probe.legal()) == 1:
            write(session.play(session.name(session.probe.legal()[0])) + " (the only card)")
            continue
        write(session.state())
        command = next(lines, None)
        if command is None or command.strip().lower() == "quit":
            break
        word = command.strip().lower()
        if not word:
            continue
        action = {"hint": session.hint, "why": session.why, "undo": session.undo}.get(word)
        write(action() if action else session.play(command.strip()))
    for line in session.verdict():
        write(line)
    return session.over and bool(session.probe.value())
