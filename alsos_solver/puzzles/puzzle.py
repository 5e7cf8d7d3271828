"""The puzzle model: a deal in the deal format with the puzzle tags (docs/format.md,
'Puzzles').

The start is the position after the deal's Play section (the first lead when it has
none; it may be mid-trick). ``Goal`` is a yes/no question spec (as ``--question`` reads
it) whose side includes the seat to move; ``Solution`` the cards of that seat, legal at
the start, that reach the goal; the deal's ``main_line`` (the trick lines after
``Solution``) a line from the start that begins with one of them.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ..cards import Card
from ..deal import Deal, Problem
from ..questions import SEAT_LETTERS, Question, is_value_question, parse_question, question_name

DIFFICULTIES = range(1, 6)


@dataclass
class Puzzle:
    """A puzzle read from a deal (:meth:`of`): its question, stated solution, main line."""

    deal: Deal
    question: Question
    solution: tuple[Card, ...]
    difficulty: int | None = None

    @classmethod
    def of(cls, deal: Deal) -> Puzzle:
        """The puzzle of a deal with puzzle tags; ValueError naming the first problem
        (:func:`puzzle_problems`)."""
        problems = puzzle_problems(deal)
        if problems:
            raise ValueError(f"{problems[0].tag}: {problems[0].message}")
        difficulty = deal.tags.get("Difficulty")
        return cls(deal, parse_question(deal.tags["Goal"], deal), tuple(_solution_cards(deal)),
                   None if difficulty is None else int(difficulty))

    @property
    def after(self) -> int:
        """The cards of the Play section: the start is after them."""
        return len(self.deal.play)

    @property
    def goal(self) -> str:
        """The goal's spec as the question names itself (``defeat`` for a Goal tag
        ``game_defeated``, ``B:ultimo`` for ``b:Ultimó``), as check and play say it."""
        return question_name(self.question)

    @property
    def main_line(self) -> list[Card]:
        return self.deal.main_line

    @property
    def to_move(self) -> str:
        position = self.deal.played_position()
        return SEAT_LETTERS[position.to_move]

    @property
    def title(self) -> str:
        return self.deal.tags.get("Event", "")

    def card_names(self, cards: Iterable[Card]) -> list[str]:
        return [self.deal.pack.card_name(card) for card in cards]


def puzzle_problems(deal: Deal) -> list[Problem]:
    """What keeps a sound deal from being a puzzle, each at its tag: a missing or
    unreadable Goal, a value question or one for the other side, a play already over; a
    Solution that is not cards of the seat to move legal at the start; a main line that
    does not begin with one of them; a Difficulty outside 1-5. Whether the puzzle is
    sound is :mod:`.check`'s question."""
    tags = deal.tags
    if "Goal" not in tags:
        return [Problem("Goal", 'no Goal tag (expected [Goal "SPEC"], a question spec as --question reads it)')]
    try:
        question = parse_question(tags["Goal"], deal)
    except ValueError as error:
        return [Problem("Goal", str(error))]
    if is_value_question(question):
        return [Problem("Goal", value_goal(tags["Goal"]))]
    from ..analysis.card_values import Probe

    probe = Probe(deal, question, len(deal.play))
    position = probe.position
    if position.is_over:
        return [Problem("Play", "the play is over: a puzzle needs a card to play")]
    mover = SEAT_LETTERS[position.to_move]
    if not probe.mover_on_team():
        return [Problem("Goal", f"goal {tags['Goal']!r} is not for {mover}, the seat to move (a goal is for the "
                                "side to move)")]
    problems = []
    if "Solution" not in tags:
        problems.append(Problem("Solution", "no Solution tag (expected [Solution \"CARD ...\"], the winning cards)"))
    else:
        try:
            cards = _solution_cards(deal)
        except ValueError as error:
            problems.append(Problem("Solution", str(error)))
        else:
            legal = probe.legal()
            wrong = [card for card in cards if card not in legal]
            if not cards:
                problems.append(Problem("Solution", "no card in Solution (expected the winning cards)"))
            elif wrong:
                problems.append(Problem("Solution", f"{deal.pack.card_name(wrong[0])} is not a legal card of {mover} "
                                                    "at the start"))
            elif deal.main_line and deal.main_line[0] not in cards:
                problems.append(Problem("Solution", f"the main line begins with "
                                                    f"{deal.pack.card_name(deal.main_line[0])}, not a card of Solution"))
    difficulty = tags.get("Difficulty")
    if difficulty is not None and not (difficulty.strip().isdigit() and int(difficulty) in DIFFICULTIES):
        problems.append(Problem("Difficulty", f"expected a difficulty 1 to 5, found {difficulty!r}"))
    return problems


def value_goal(spec: str) -> str:
    """Why a value question is no goal: a puzzle asks which card reaches the goal, and
    every card reaches some number."""
    return f"goal {spec!r} is a value question: a goal must be a yes/no question (e.g. game, points:B>=61, B:ultimo)"


def _solution_cards(deal: Deal) -> list[Card]:
    """The cards of the Solution tag, each once; ValueError names a bad one."""
    cards: list[Card] = []
    for token in deal.tags["Solution"].split():
        card = deal.pack.parse_card(token.upper())
        if card in cards:
            raise ValueError(f"card {token} given twice in Solution")
        cards.append(card)
    return cards


def load_puzzles(path: str | os.PathLike[str], **options) -> Iterator[Puzzle]:
    """The puzzles of a deal file; DealFormatError at the first deal that is not one
    (located at its tag), like any format error."""
    from ..io import iter_deals

    for deal in iter_deals(path, check=puzzle_problems, **options):
        yield Puzzle.of(deal)
