"""The board's puzzles (docs/cli.md, 'board', 'Puzzles'): a deal with a ``Goal`` tag opens
as a puzzle, and ``POST /api/puzzle`` judges the cards played, with the machinery of
``alsos-solve play`` (:class:`alsos_solver.puzzles.play.Session`): the verdict on the last
card of the puzzle's side, the refutation of a wrong one (the line of best play after it,
as ``why`` shows it), and the defence's best cards after it, as ``play`` plays them.

:func:`puzzle_entry` is what ``GET /api/deals`` says of a puzzle; it is found without the
solver (the server's own process never starts one). :func:`puzzle_verdict` runs in the
solving process (:mod:`.worker`), within the time limit.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from ..cards import Card
from ..deal import Deal
from ..puzzles.check import line_after
from ..puzzles.play import Session
from ..puzzles.puzzle import Puzzle
from ..questions import SEAT_LETTERS, is_value_question, parse_question, question_name
from ..questions.base import Setting
from .positions import DEAL_NAME, BoardError, read_deal

WARM_PUZZLES = 4
"""How many puzzles keep their Session between requests."""


def puzzle_entry(deal: Deal) -> dict[str, Any] | None:
    """What the deal list says of a puzzle: ``goal`` (as the question names itself),
    ``spec`` (the Goal tag), ``to_move`` (the seat to move at the start), ``side`` (the
    seats playing for the goal), ``start`` (the cards of the Play section: the puzzle
    begins after them), ``solution`` (whether it states one), ``difficulty``; None for a
    deal without a Goal tag or with one that cannot be a puzzle's (a value question, the
    play over)."""
    spec = deal.tags.get("Goal")
    if spec is None or deal.contract is None:
        return None
    try:
        question = parse_question(spec, deal)
        position = deal.played_position()
        side = question.team(Setting.of(deal, deal.game.meld_choices(deal)))
    except ValueError:
        return None
    if is_value_question(question) or position.is_over:
        return None
    difficulty = deal.tags.get("Difficulty", "").strip()
    return {
        "goal": question_name(question),
        "spec": spec,
        "to_move": SEAT_LETTERS[position.to_move],
        "side": [SEAT_LETTERS[seat] for seat in sorted(side)],
        "start": len(deal.play),
        "solution": "Solution" in deal.tags,
        "difficulty": int(difficulty) if difficulty.isdigit() else None,
    }


class WarmSessions:
    """A :class:`Session` per puzzle text, the ``size`` used last, each left after the cards
    it judged last (and who played each: the puzzle's side or the defence)."""

    def __init__(self, size: int = WARM_PUZZLES) -> None:
        self.size = size
        self.sessions: OrderedDict[str, tuple[Session, list[bool]]] = OrderedDict()

    def at(self, text: str, puzzle: Puzzle) -> tuple[Session, list[bool]]:
        if text in self.sessions:
            self.sessions.move_to_end(text)
        else:
            self.sessions[text] = (Session(puzzle), [])
            if len(self.sessions) > self.size:
                self.sessions.popitem(last=False)
        return self.sessions[text]


def follow(session: Session, by_side: list[bool], cards: list[Card]) -> None:
    """Bring the session to ``cards`` after the start: back to the common part, then on;
    BoardError naming a card that is not legal (the goal's own rules of play included:
    an ultimó keeps its trump 7 back)."""
    common = 0
    while common < min(len(session.played), len(cards)) and session.played[common] == cards[common]:
        common += 1
    while len(session.played) > common:
        session.pop()
        by_side.pop()
    for index in range(common, len(cards)):
        card = cards[index]
        if session.over or card not in session.probe.legal():
            where = f"play: card {session.puzzle.after + index + 1} ({session.name(card)})"
            raise BoardError(f"{where}: not a legal card here" + (" (the play is over)" if session.over else ""))
        by_side.append(session.users_turn())
        session.push(card)


def puzzle_verdict(deal_text: str, play: list[str], warm: WarmSessions | None = None) -> dict[str, Any]:
    """The JSON of ``POST /api/puzzle`` (docs/cli.md, 'board'): ``play`` is the cards from
    the first lead (the deal's Play section first). ``card``: the last card of the
    puzzle's side after the start (null: none yet) and ``verdict`` on it: ``right`` (the
    goal still in reach after it), ``wrong`` (it lost the goal) or ``lost`` (an earlier
    card had); ``refutation`` (for a wrong card): the line of best play after it, its
    ``cards`` and ``tricks``; ``defence``: the defence's best cards to play next, as
    ``alsos-solve play`` plays them (the first after which the goal is out of reach),
    until the puzzle's side is to move or the play is over; ``over`` and ``solved``
    after them. BoardError for a deal that is no puzzle or a bad play."""
    deal = read_deal(deal_text)
    try:
        puzzle = Puzzle.of(deal)
    except ValueError as error:
        raise BoardError(f"{DEAL_NAME}: not a puzzle: {error}") from None
    name, pack = deal.pack.card_name, deal.pack
    start = [name(card) for card in deal.play]
    try:
        cards = [pack.card_of(card) for card in play]
    except ValueError as error:
        raise BoardError(f"play: {error}") from None
    if [name(card) for card in cards[:len(start)]] != start:
        raise BoardError(f"play: a puzzle's play begins with the {len(start)} cards of the deal's Play section "
                         f"({' '.join(start) or 'none'})")
    cards = cards[len(start):]
    session, by_side = (warm or WarmSessions()).at(deal_text, puzzle)
    follow(session, by_side, cards)
    ours = [index for index, side in enumerate(by_side) if side]
    answer: dict[str, Any] = {"goal": puzzle.goal, "card": None, "verdict": None, "refutation": None}
    if ours:
        last = ours[-1]
        follow(session, by_side, cards[:last])
        before = bool(session.probe.value())
        after = bool(session.probe.card_value(cards[last]))
        answer["card"] = name(cards[last])
        answer["verdict"] = "right" if after else "wrong" if before else "lost"
        if answer["verdict"] == "wrong":
            answer["refutation"] = refutation(puzzle, cards[:last + 1])
        follow(session, by_side, cards)
    defence = []
    while not session.over and not session.users_turn():
        session.defend()
        by_side.append(False)
        defence.append(name(session.played[-1]))
    return answer | {
        "defence": defence,
        "over": session.over,
        "solved": bool(session.probe.value()) if session.over else None,
    }


def refutation(puzzle: Puzzle, cards: list[Card]) -> dict[str, Any]:
    """The line of best play after ``cards`` from the start (``why`` of ``alsos-solve
    play``): its cards, and its tricks (the first with the cards before it in its trick)."""
    line = line_after(puzzle, cards)
    seats = len(puzzle.deal.game.active)
    played = puzzle.after + len(cards)
    tricks = [trick.to_json() for trick in line.tricks]
    flat = [card for trick in tricks for card in trick["cards"]]
    skip = played - (tricks[0]["trick"] - 1) * seats if tricks else 0
    return {"cards": flat[skip:], "tricks": tricks}
