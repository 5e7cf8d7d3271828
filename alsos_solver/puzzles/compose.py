"""Composing puzzles: seeded random deals (or the positions after K tricks of best play in
them) where exactly one class of equivalent cards of the side to move reaches the goal.

A candidate is kept when (docs/cli.md, 'compose'):

* the goal's side includes the seat to move and the goal is reachable;
* the winning cards are one class of equivalent cards (same hand, same suit, no card of
  another seat between them) and at least one legal card fails;
* the winning card is not the obvious one: no card of the class is the highest card of
  its suit in the mover's hand, or the only one;
* its difficulty (:func:`grade`) is the one asked for, if one is.

The same options and seed give the same puzzles, in the same order.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..analysis.card_values import Probe, card_order, equivalence_groups
from ..analysis.line import Line, optimal_line
from ..cards import Card, cards_of
from ..deal import Deal
from ..games import DEFAULT_GAME, find_game
from ..progress import Progress
from ..questions import Question, is_value_question, parse_question
from ..rules import AlsosOptions
from ..words import counted, verb
from .check import line_after
from .puzzle import Puzzle, value_goal

DEFAULT_MAX_TRIES = 20_000
"""Deals tried before giving up on finding the puzzles asked for."""



class ComposeError(ValueError):
    """Options that cannot compose a puzzle: a bad game, contract, declarer, goal (one
    that fits no contract asked for, or a value question), start or condition."""


@dataclass(frozen=True, kw_only=True)
class ComposeOptions:
    """What to compose: ``start`` is the number of tricks of best play before the puzzle
    (0: at the first lead); ``contract`` and ``declarer`` None are drawn per deal among
    those the goal fits; ``where`` a condition every deal meets (docs/predicates.md);
    ``rules`` the rule options of every deal (its ``Variant`` tag)."""

    goal: str
    game: str = DEFAULT_GAME
    contract: str | None = None
    declarer: str | None = None
    count: int = 1
    seed: int | str = 0
    start: int = 0
    difficulty: int | None = None
    max_tries: int = DEFAULT_MAX_TRIES
    where: str | None = None
    rules: AlsosOptions = AlsosOptions()


def parse_start(text: str) -> int:
    """``first-lead`` -> 0, ``trick:K`` -> K (the puzzle starts after K tricks)."""
    spec = text.strip().lower()
    if spec == "first-lead":
        return 0
    match = re.fullmatch(r"trick:(\d+)", spec)
    if not match:
        raise ComposeError(f"malformed start {text!r} (expected first-lead or trick:K, e.g. trick:4)")
    return int(match.group(1))


@dataclass
class Grade:
    """The measures of a puzzle's difficulty (docs/cli.md, 'compose'): ``failing`` classes
    of the mover's cards, ``tempting`` failing cards that look natural (the highest or only
    card of its suit in the hand, or one that would win the trick as it stands), ``tricks``
    still to play, ``nodes`` the search spent on the card values."""

    failing: int
    tempting: int
    tricks: int
    nodes: int

    @property
    def difficulty(self) -> int:
        """1 + half the points: up to 2 for failing classes beyond the first, 2 for
        tempting cards, 1 each for 5 and 8 tricks to play, 1 each for 50,000 and 500,000
        nodes; so 1 to 5."""
        points = (min(self.failing - 1, 2) + min(self.tempting, 2) + (self.tricks >= 5) + (self.tricks >= 8)
                  + (self.nodes >= 50_000) + (self.nodes >= 500_000))
        return 1 + points // 2

    def describe(self) -> str:
        tempting = f"{counted(self.tempting, 'tempting card')} {verb(self.tempting, 'fails', 'fail')}"
        return (f"{counted(self.failing, 'failing class', 'failing classes')}, {tempting}, "
                f"{counted(self.tricks, 'trick')} to play, {counted(self.nodes, 'node')}")


class Composer:
    """Searches the puzzles of :class:`ComposeOptions`; ComposeError at once for options
    no deal can take, a value question as the goal among them."""

    def __init__(self, options: ComposeOptions) -> None:
        self.options = options
        try:
            self.spec = spec = find_game(options.game)
        except ValueError as error:
            raise ComposeError(str(error)) from None
        once = spec.table_contracts_once(options.rules)
        self.contracts = [options.contract] if options.contract else [*spec.table_contracts(options.rules), *once]
        declarers = [options.declarer.upper()] if options.declarer else list(spec.active)
        self.settings = [(contract, None if contract in once else declarer)
                         for contract in self.contracts for declarer in (declarers if contract not in once else [None])]
        reasons = {setting: self._unfit(*setting) for setting in self.settings}
        self.settings = [setting for setting, reason in reasons.items() if reason is None]
        if not self.settings:
            raise ComposeError(f"goal {options.goal!r} fits no contract and declarer asked for "
                               f"({', '.join(self.contracts)}): {next(iter(reasons.values()))}")
        if not 0 <= options.start <= spec.hand_size - 2:
            raise ComposeError(f"start after {counted(options.start, 'trick')}: expected 0 to {spec.hand_size - 2}")
        self.dealers()

    def _unfit(self, contract: str, declarer: str | None) -> str | None:
        """Why the goal cannot be asked in this contract with this declarer (None: it
        can); ComposeError for a contract or declarer that the game does not know, or a
        goal that is a value question (no card is the only one to reach a number)."""
        from ..dealer import Dealer, DealerError

        try:
            deal = next(Dealer(self.spec, contract, declarer, options=self.options.rules).deals(1, random.Random(0)))
        except DealerError as error:
            raise ComposeError(str(error)) from None
        try:
            question = parse_question(self.options.goal, deal)
        except ValueError as error:
            return str(error)
        if is_value_question(question):
            raise ComposeError(value_goal(self.options.goal))
        return None

    def dealers(self) -> dict:
        """A dealer per (contract, declarer); ComposeError for a bad condition, naming
        it as ``deal`` does (``--where 'has(A,': column 7: ...``)."""
        from ..dealer import Dealer
        from ..predicates import PredicateError

        try:
            return {setting: Dealer(self.spec, *setting, where=self.options.where, options=self.options.rules)
                    for setting in self.settings}
        except PredicateError as error:
            raise ComposeError(error.with_option("--where")) from None
        except ValueError as error:
            raise ComposeError(f"--where: {error}") from None

    def puzzles(self, progress: Progress | None = None) -> Iterator[Deal]:
        """The puzzles found, as deals with the puzzle tags, as soon as each is found; at
        most ``count``, from at most ``max_tries`` deals. ComposeError when the dealer
        finds no deal that meets ``where`` (too rare, or impossible)."""
        from ..dealer import TriesExhausted

        rng = random.Random(self.options.seed)
        dealers = self.dealers()
        found = 0
        for tried in range(1, self.options.max_tries + 1):
            setting = self.settings[rng.randrange(len(self.settings))]
            try:
                deal = next(dealers[setting].deals(1, rng))
            except TriesExhausted as error:
                raise ComposeError(f"--where: {error}") from None
            puzzle = self.attempt(deal, found + 1)
            if puzzle is not None:
                found += 1
                yield puzzle
            if progress is not None:
                progress(tried, found)
            if found == self.options.count:
                return

    def attempt(self, deal: Deal, number: int) -> Deal | None:
        """The deal as a puzzle, or None when it makes none (the module docstring)."""
        question = parse_question(self.options.goal, deal)
        if self.options.start:
            deal = self._after_best_play(deal, question)
            if deal is None:
                return None
        probe = Probe(deal, question, len(deal.play))
        if not probe.mover_on_team():
            return None
        legal = probe.legal()
        values = {card: bool(probe.card_value(card)) for card in legal}
        groups = equivalence_groups(deal, probe.position, legal, values)
        winning = [cards for cards, made in groups if made]
        if len(winning) != 1 or len(winning[0]) == len(legal) or self._obvious(probe, winning[0]):
            return None
        grade = Grade(failing=len(groups) - 1, tempting=sum(self._natural(probe, c) for c in legal if not values[c]),
                      tricks=deal.game.hand_size - probe.position.trick_index, nodes=probe.solver.stats.nodes)
        if self.options.difficulty is not None and grade.difficulty != self.options.difficulty:
            return None
        return self._written(deal, question, winning[0], grade, number)

    def _after_best_play(self, deal: Deal, question: Question) -> Deal | None:
        """The deal with a Play section of ``start`` tricks of best play for the goal; None
        when the goal is out of reach from the first lead."""
        line = optimal_line(deal, question, 0, limit=self.options.start * len(deal.game.active))
        if not line.value:
            return None
        return dataclasses.replace(deal, play=line_cards(deal, line))

    @staticmethod
    def _obvious(probe: Probe, cards: list[Card]) -> bool:
        """Whether a card of the class is the highest or the only card of its suit in the hand."""
        hand = probe.position.hands[probe.position.to_move]
        pack, rules = probe.deal.pack, probe.deal.rules
        for card in cards:
            suit = [c for c in cards_of(hand) if pack.suit_of(c) == pack.suit_of(card)]
            if len(suit) == 1 or rules.strength[card] == max(rules.strength[c] for c in suit):
                return True
        return False

    def _natural(self, probe: Probe, card: Card) -> bool:
        """A card that looks right: the highest or only of its suit, or one that would
        win the trick as it stands."""
        if self._obvious(probe, [card]):
            return True
        trick = probe.position.trick.cards
        return bool(trick) and probe.deal.rules.winner([*trick, card]) == len(trick)

    def _written(self, deal: Deal, question: Question, cards: list[Card], grade: Grade, number: int) -> Deal:
        """The deal with the puzzle tags, the main line beginning with the class's first card."""
        name = deal.pack.card_name
        ordered = card_order(deal, sum(1 << c for c in cards))
        tags = {"Event": f"Composed puzzle {number} (seed {self.options.seed})", "Goal": question.spec(),
                "Solution": " ".join(map(name, ordered)), "Difficulty": str(grade.difficulty),
                "Composer": "alsos-solve compose", "Comment": f"composed: {grade.describe()}"}
        puzzle_deal = dataclasses.replace(deal, tags=tags)
        puzzle = Puzzle(puzzle_deal, question, tuple(ordered), grade.difficulty)
        line = line_after(puzzle, [ordered[0]])
        rest = line_cards(deal, line)
        puzzle_deal.main_line = [ordered[0], *rest[(len(deal.play) + 1) % len(deal.game.active):]]
        return puzzle_deal


def line_cards(deal: Deal, line: Line) -> list[Card]:
    """The cards of a line's tricks, in order (its first trick's earlier cards included)."""
    return [deal.pack.parse_card(token) for trick in line.tricks for token in trick.cards]
