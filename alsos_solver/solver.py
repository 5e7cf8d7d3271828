"""Asking questions of one deal with the Cython core: the bridge between the deal model
(pack card ids, seats, questions) and the core's flat C state (internal ids, goals)."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from ._search import Core
from .cards import Card, CardSet
from .deal import Deal
from .questions import NO_LIMIT, Question, SeatPoints, Setting, ValueQuestion

DEFAULT_TABLE_BYTES = 4 << 20
"""The transposition table's default size: 4 MiB. Larger tables save few nodes on these
deals but miss the processor's caches more (benchmarks/results.md); a long analysis of
hard deals may pass a larger ``table_bytes``."""

_cores = threading.local()


def shared_core(table_bytes: int) -> Core:
    """This thread's core with a table of that size, made once and kept: a table is
    allocated (and its pages touched) once, not per deal; a generation counter in the
    core invalidates the entries of earlier deals and questions."""
    cores = _cores.__dict__.setdefault("by_size", {})
    if table_bytes not in cores:
        cores[table_bytes] = Core(table_bytes)
    return cores[table_bytes]


def _not_answered(method: str, expected: str, found: object) -> TypeError:
    """The error of a Solver method given what it does not answer, naming the method that does."""
    other = "value()" if isinstance(found, ValueQuestion) else "ask()" if isinstance(found, Question) else None
    hint = f" ({other} answers it)" if other else ""
    return TypeError(f"{method} takes {expected}, found {found!r}{hint}")


@dataclass
class Stats:
    """What the searches of one call cost."""

    nodes: int = 0
    hits: int = 0
    seconds: float = 0.0


class Solver:
    """One deal, asked any number of questions, at its first lead or after ``after``
    cards of its Play section. The table (``table_bytes`` at most) is this thread's
    shared one (:func:`shared_core`); solvers may be used interleaved."""

    def __init__(self, deal: Deal, *, after: int = 0, table_bytes: int = DEFAULT_TABLE_BYTES) -> None:
        self.deal = deal
        self.meld_choices = deal.game.meld_choices(deal)
        """The deal's meld choices (:meth:`~alsos_solver.games.Game.meld_choices`), found once."""
        self.setting = self._free_setting = Setting.of(deal, self.meld_choices)
        self.core = shared_core(table_bytes)
        rules = self.setting.rules
        self._internal = [rules.pack.suit_of(c) * 16 + rules.strength[c] for c in range(rules.pack.size)]
        self._points = [0] * 64
        for card, inner in enumerate(self._internal):
            self._points[inner] = rules.points[card]
        self.position = deal.position()
        self._prefix: list[int] = []
        for card in deal.play[:after]:
            self.push(card)
        self._holds: dict[Card, int] | None = None
        self._loaded: tuple | None = None  # the loaded goal's shape and terms
        self._values: dict[tuple, dict[int, int]] = {}  # (prefix, holds) -> seat -> value(seat)
        self._known: dict[tuple, int] = {}  # (prefix, meld choices, value question) -> its value
        self._answers: dict[tuple, bool] = {}  # (prefix, meld choices, yes/no question) -> its answer
        self._checked: set[tuple] = set()  # (meld choices, question): checked, it fits the deal
        self._total = rules.total_points(deal.in_play)
        self.stats = Stats()

    @property
    def total_points(self) -> int:
        """Every card point in play, the last trick's included: the seats' points sum to it."""
        return self._total

    @property
    def table_bytes(self) -> int:
        return self.core.table_bytes

    def push(self, card: Card | str) -> None:
        """Play ``card`` (its name, ``'MA'``, or its id) for the seat to move (IllegalPlay
        if the rules forbid it); later questions are asked from there. The table stays
        valid across moves."""
        card = self.deal.pack.card_of(card)
        self.position.push(card)
        self._prefix.append(self._internal[card])

    def pop(self) -> Card:
        """Take back the last card played (also one of the Play section)."""
        self._prefix.pop()
        return self.position.pop()

    def fix_melds(self, melds: tuple[int, ...] | None) -> None:
        """Make the defenders' meld choice: later questions are asked with ``melds`` (one
        of the deal's ``meld_choices``) in force and no choice left; None leaves the
        choice to the defenders again. (Points values do not depend on melds.)"""
        self.setting = self._free_setting if melds is None else self._free_setting.with_melds(melds)

    def ask(self, question: Question) -> bool:
        """Can the question's team make it against best resistance? (A question with an
        :meth:`~alsos_solver.questions.base.Question.opposite`: that one's answer negated.)
        NotApplicable when the question does not fit the deal, TypeError for a value
        question (:meth:`value`) or anything not a question."""
        if isinstance(question, ValueQuestion) or not isinstance(question, Question):
            raise _not_answered("ask()", "a yes/no question such as GameWon() or FigureMade('B', 'ultimo')", question)
        self._check(question)
        opposite = question.opposite(self.setting)
        if opposite is not None:
            return not self.ask(opposite)
        with self._counting():
            if not question.possible(self.setting):
                return False
            key, negation = self._answer_key(question), question.negation()
            if key in self._answers:
                return self._answers[key]
            if negation is not None and self._answer_key(negation) in self._answers:
                return not self._answers[self._answer_key(negation)]
            holds = self._holds_of(question)
            known = question.decided(self.setting, self._values.get(self._value_key(holds), {}), self.total_points)
            if known is None:
                self._load(question, holds)
                known = self.core.query(self._prefix)
            self._answers[key] = known
            return known

    def _check(self, question: Question) -> None:
        """``question.check`` on this solver's deal, once per question (a check depends on
        the deal and its setting only, not on the cards played)."""
        key = (self.setting.meld_choices, question)
        if key not in self._checked:
            question.check(self.setting)
            self._checked.add(key)

    def _answer_key(self, question: Question) -> tuple:
        """Where an answer is kept: the position, the meld choices left, the question."""
        return tuple(self._prefix), self.setting.meld_choices, question

    def value(self, question: int | str | SeatPoints | ValueQuestion) -> int:
        """The value a value question's team can force against best resistance; for a
        seat (its letter, ``'B'``, or its index) or a :class:`SeatPoints` of it (whatever
        its ``at_least``), the most card points (with the last trick) its side can force
        for it. TypeError for anything else (a yes/no question: :meth:`ask`).

        A question whose yes/no form is additive is answered by the core's value search
        (a probe driver over a fail-soft alpha-beta, ``_search.pyx``); another by bisecting
        its ``levels`` with the yes/no form, within its ``bounds``. Each value is kept for
        the position it was asked at."""
        if isinstance(question, (int, str, SeatPoints)):
            points = SeatPoints(question.seat if isinstance(question, SeatPoints) else question)
            points.check(self.setting)
            return self._additive_value(points, points.seat)
        if not isinstance(question, ValueQuestion):
            expected = "a seat ('B' or its index), SeatPoints or a value question such as DeclarerPoints()"
            raise _not_answered("value()", expected, question)
        self._check(question)
        key = self._answer_key(question)
        if key not in self._known:
            self._known[key] = self._value_of(question)
        return self._known[key]

    def _value_of(self, question: ValueQuestion) -> int:
        probe = question.yes_no(self.setting, 0)
        levels = question.levels(self.setting)
        if levels is None:
            seat = probe.seat if isinstance(probe, SeatPoints) else None
            return self._additive_value(probe, seat)
        bounds = question.bounds(self.setting, self.answer)
        if bounds is not None:
            levels = [level for level in levels if bounds[0] <= level <= bounds[1]]
        assert levels
        low, high = 0, len(levels) - 1  # the value is at least levels[low], below levels[high + 1]
        while low < high:
            middle = (low + high + 1) // 2
            if self.ask(question.yes_no(self.setting, levels[middle])):
                low = middle
            else:
                high = middle - 1
        return levels[low]

    def answer(self, question: Question) -> int | bool:
        """The question's answer: a value question's value, else whether it is made."""
        return self.value(question) if isinstance(question, ValueQuestion) else self.ask(question)

    def _additive_value(self, probe: Question, seat: int | None) -> int:
        """The final coordinate of an additive goal, the most its team can force; kept for
        ``decided`` when it is a seat's points."""
        with self._counting():
            holds = self._holds_of(probe)
            self._load(probe, holds)
            result = self.core.value(self._prefix)
            if seat is not None:
                self._values.setdefault(self._value_key(holds), {})[seat] = result
            return result

    def _holds_of(self, question: Question) -> dict[Card, int]:
        """The cards kept back while asking: the deal's announcements and the question's."""
        return self.deal.holds() | question.holds(self.setting)

    def _value_key(self, holds: dict[Card, int]) -> tuple:
        return tuple(self._prefix), tuple(sorted(holds.items()))

    @contextmanager
    def _counting(self) -> Iterator[None]:
        """Add the nodes, hits and time of what runs inside to :attr:`stats`."""
        started, nodes, hits = time.perf_counter(), self.core.nodes, self.core.hits
        try:
            yield
        finally:
            self.stats.nodes += self.core.nodes - nodes
            self.stats.hits += self.core.hits - hits
            self.stats.seconds += time.perf_counter() - started

    def _mask(self, cards: CardSet) -> int:
        """The core's mask of a set of pack cards."""
        internal, mask = self._internal, 0
        while cards:
            low = cards & -cards
            mask |= 1 << internal[low.bit_length() - 1]
            cards ^= low
        return mask

    def _load(self, question: Question, holds: dict[Card, int]) -> None:
        setting = self.setting
        goal = question.goal(setting)
        if holds != self._holds or self.core.owner is not self:
            self._setup(holds)
            self._loaded = None
        n, ndim = setting.seats, len(goal.coef_points)
        specials = [(seat, trick, self._internal[card]) for seat, trick, card in goal.specials]
        distinct = self._mask(goal.cards() | sum(1 << c for c in holds))
        shifts = goal.shifts()
        shape = (
            goal.team, goal.coef_points, goal.coef_tricks, goal.coef_melds, goal.late, shifts, goal.choice_trick,
            goal.capture, goal.win_all, goal.win_none, goal.specials, goal.counts,
        )
        keep_table = self._loaded is not None and shape == self._loaded[0] and (
            goal.terms == self._loaded[1] or goal.additive
        )
        self._loaded = (shape, goal.terms)
        wanted = goal.wanted_winners(n)
        self.core.set_goal(
            coef_points=goal.coef_points,
            coef_tricks=goal.coef_tricks,
            thresholds=[[term.get(d, NO_LIMIT) for d in range(ndim)] for term in goal.terms],
            team=[int(s in goal.team) for s in range(n)],
            capture=[self._mask(goal.capture.get(s, 0)) for s in range(n)],
            win_all=[int(s in goal.win_all) for s in range(n)],
            win_none=[int(s in goal.win_none) for s in range(n)],
            specials=specials,
            distinct=distinct,
            uses_points=goal.uses_points,
            late=goal.late,
            shifts=shifts,
            team_chooses=goal.team_chooses,
            choice_trick=goal.choice_trick,
            keep_table=keep_table,
            additive=goal.additive,
            scorer=goal.scorer,
            own_points=goal.own_points,
            wanted_winners=[int(s in wanted) for s in range(n)],
            counts=[None if c is None else (self._mask(c.cards), -1 if c.trick is None else c.trick, c.coef)
                    for c in goal.counts],
        )

    def _setup(self, holds: dict[Card, int]) -> None:
        deal, setting = self.deal, self.setting
        ntricks = deal.game.hand_size
        held = forced = [0] * (ntricks + 1)
        if holds:
            held = [self._mask(sum(1 << c for c, until in holds.items() if until > t)) for t in range(ntricks + 1)]
            forced = [self._mask(sum(1 << c for c, until in holds.items() if until == t)) for t in range(ntricks + 1)]
        rules = setting.rules
        self.core.setup(
            seats=setting.seats,
            tricks=ntricks,
            trump=-1 if rules.trump is None else rules.trump,
            must_beat=rules.must_beat,
            last_bonus=rules.last_trick_bonus,
            points=self._points,
            hands=[self._mask(hand) for hand in setting.hands],
            leader=deal.game.active.index(deal.first_leader),
            held=held,
            forced=forced,
        )
        self._holds = holds
        self.core.owner = self
