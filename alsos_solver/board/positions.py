"""The values of one position of the board: the answer of ``POST /api/position``.

A position is a deal (its text in the deal format) and the cards played from its first
lead; the deal's own Play section is not applied (it is the recorded line the page steps
through). The answer is :func:`alsos_solver.analysis.card_values`'s, the machinery of
``--cards``: a value for every legal card of the player to move, for the question asked
(default: :func:`~alsos_solver.questions.default_question` for the seat to move), with the
equivalent cards grouped and the best marked; and the play so far, trick by trick, with
the winners and the running card points and tricks, so that the page applies no rule of
its own.

The server asks for position after position of one deal: :class:`WarmSolvers` keeps a
:class:`~alsos_solver.solver.Solver` per deal, moved from one position to the next (its
table and the values it found stay valid), the few deals used last.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import replace
from typing import Any

from ..analysis.card_values import card_values
from ..analysis.line import trick_points
from ..cards import Card
from ..deal import Deal
from ..errors import GoalTooLarge, NotApplicable
from ..io import DealFormatError, loads
from ..position import IllegalPlay, Position
from ..questions import SEAT_LETTERS, Question, default_question, is_value_question, parse_question, question_name
from ..solver import Solver
from ..words import counted

DEAL_NAME = "deal"
"""The deal text's name in the reader's located messages: ``deal:3:9: ...``."""
WARM_DEALS = 16
"""How many deals keep their Solver between requests (least recently used dropped first)."""


class BoardError(ValueError):
    """A deal, play or question the board cannot answer; the message says where and why,
    in the words of the command line (status 400 in the API)."""


def read_deal(text: str, needs_contract: bool = True) -> Deal:
    """The one deal of a text in the deal format, with a contract unless not
    ``needs_contract``; BoardError with the reader's located message
    (``deal:LINE:COLUMN: ...``) otherwise."""
    try:
        deals = loads(text, DEAL_NAME, warn=lambda warning: None)
    except DealFormatError as error:
        raise BoardError(str(error)) from None
    if len(deals) != 1:
        raise BoardError(f"{DEAL_NAME}: expected one deal, found {len(deals)}")
    deal = deals[0]
    if needs_contract and deal.contract is None:
        raise BoardError(f"{DEAL_NAME}: no contract: there is no play to analyse")
    return deal


def replayed(deal: Deal, play: list[str]) -> tuple[list[Card], Position]:
    """The cards of ``play`` (names as in the deal format) and the position after them,
    from the first lead under the deal's rules and announcements; BoardError naming the
    first card that is unknown or that the rules forbid, and its place in the play."""
    position, cards = deal.position(), []
    for index, name in enumerate(play, 1):
        where = f"play: card {index} ({name})"
        if position.is_over:
            raise BoardError(f"{where}: the play is over after {counted(len(cards), 'card')}")
        try:
            card = deal.pack.card_of(name)
            position.push(card)
        except (ValueError, IllegalPlay) as error:
            raise BoardError(f"{where}: {error}") from None
        cards.append(card)
    return cards, position


def ask(deal: Deal, spec: str | None, after: list[Card]) -> Question:
    """The question a spec names (None or blank: the default for the seat to move after
    the cards ``after``); BoardError as ``--question`` words it."""
    played = replace(deal, play=after)
    try:
        if spec is None or not spec.strip():
            return default_question(played, len(after))
        return parse_question(spec, played)
    except (NotApplicable, ValueError) as error:
        raise BoardError(f"question {spec}: {error}") from None


class WarmSolvers:
    """A Solver per deal text, the ``size`` used last, each left at the position it
    answered last: the next position of the same deal pops back to the common prefix and
    plays on from there. One thread uses it (the core's table is the thread's)."""

    def __init__(self, size: int = WARM_DEALS) -> None:
        self.size = size
        self.solvers: OrderedDict[str, tuple[Solver, list[Card]]] = OrderedDict()

    def at(self, text: str, deal: Deal, cards: list[Card]) -> Solver:
        """The deal's Solver after ``cards`` (legal: :func:`replayed`), with the deal's own
        cards kept back (a question may have added its own)."""
        if text in self.solvers:
            self.solvers.move_to_end(text)
            solver, played = self.solvers[text]
        else:
            solver, played = Solver(replace(deal, play=[])), []
            self.solvers[text] = (solver, played)
            if len(self.solvers) > self.size:
                self.solvers.popitem(last=False)
        solver.position.holds = deal.holds()
        common = 0
        while common < min(len(played), len(cards)) and played[common] == cards[common]:
            common += 1
        while len(played) > common:
            solver.pop()
            played.pop()
        for card in cards[common:]:
            solver.push(card)
            played.append(card)
        return solver


def position_values(deal_text: str, play: list[str], question: str | None, warm: WarmSolvers | None = None) -> dict[str, Any]:
    """The JSON of ``POST /api/position`` (docs/cli.md, 'board'): the deal of the text
    after the cards of ``play`` (names, from the first lead), the question ``question``
    (a ``--question`` spec; None: the default). BoardError for a bad deal, play or
    question. ``warm``: the Solvers kept between calls (None: a new one)."""
    deal = read_deal(deal_text)
    cards, position = replayed(deal, play)
    asked = ask(deal, question, cards)
    answer: dict[str, Any] = {
        "to_move": None,
        "trick": position.trick_index + 1,
        "after": len(cards),
        "question": question_name(asked),
        "kind": "value" if is_value_question(asked) else "yes_no",
        "unit": getattr(asked, "unit", ""),
        "value": None,
        "cards": [],
    } | play_so_far(deal, position)
    if position.is_over:
        return answer
    solver = (warm or WarmSolvers()).at(deal_text, deal, cards)
    try:
        values = card_values(replace(deal, play=cards), asked, len(cards), solver=solver)
    except (NotApplicable, GoalTooLarge) as error:
        raise BoardError(f"question {answer['question']}: {error}") from None
    group_of = {card: index for index, (group, _) in enumerate(values.groups) for card in group}
    answer |= {
        "to_move": values.to_move,
        "value": values.position_value,
        "cards": [
            {"card": card, "value": value, "best": value == values.position_value, "group": group_of[card]}
            for card, value in values.values.items()
        ],
    }
    return answer


def play_so_far(deal: Deal, position: Position) -> dict[str, Any]:
    """Whether the contract is played for card points (``counts_points``, as ``--line``
    decides it), the tricks played (``leader``, ``cards``, ``winner`` and ``points``, what
    the trick is worth as ``--line`` shows it: None while it is open), each seat's card
    points (last trick included) and tricks won so far, and the deal's melds as the
    terminal's diagram explains them (``melds``: a line each, empty without any)."""
    name, seat = deal.pack.card_name, SEAT_LETTERS.__getitem__
    tricks = [
        {"leader": seat(trick.leader), "cards": [name(card) for card in trick.cards],
         "winner": seat(position.winners[index]) if index < len(position.winners) else None,
         "points": trick_points(deal, index, trick.cards) if index < len(position.winners) else None}
        for index, trick in enumerate(position.tricks) if trick.cards
    ]
    seats = range(position.seats)
    return {
        "counts_points": deal.game.questions.points_need(deal) is None,
        "tricks": tricks,
        "points": {seat(s): position.points[s] for s in seats},
        "tricks_won": {seat(s): position.tricks_won[s] for s in seats},
        "melds": deal.game.melds(deal).lines(),
    }
