"""What a question asks, in two independent forms, for every game.

A *question* is what we ask of a deal ("can B make ultimó?", "how many points can the
declarer force?"); its *goal* is the engine's form of it. Each question says which seats
play for it (its *team*), what it means at the end of play (``achieved``: read off the
finished :class:`~alsos_solver.position.Position`, used by the reference solver), and how
the search core tracks it (``goal``: linear coordinates of the points and tricks won, a
monotone predicate on them, and hard constraints). The two forms are written separately on
purpose: the differential tests compare them.

This module holds what every game shares: the :class:`Setting` of a deal, the
:class:`Goal`, the base classes (:class:`Question`, :class:`ValueQuestion`), the questions
any game may ask (a seat's points, several items together), and :class:`GameQuestions`,
the interface each game's questions implement (``alsos_solver.games.alsos.question_set`` and its
siblings), found through their game (:attr:`alsos_solver.games.base.Game.questions`).
"""

from __future__ import annotations

import itertools
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from ..cards import Card, CardSet
from ..deal import Deal
from ..errors import NotApplicable
from ..position import Position
from ..rules import Contract, TrickRules

if TYPE_CHECKING:
    from ..melds import MeldChoice

NO_LIMIT = -30000
SEAT_LETTERS = "ABCD"
"""Seat index -> letter (the seats that play are A, B, C in playing order in every game)."""


MELD_CHOICE_TRICK = 1
"""The trick before which the defenders choose their meld concessions: the melds are
validated at the end of the first trick (seed 003 'Validation of Meld')."""


@dataclass(frozen=True)
class Setting:
    """What every question needs to know about a deal with a contract.

    ``melds`` is each seat's scoring meld points in force when a finished play is judged
    (``achieved``); by default every seat declares all it holds. ``meld_choices`` are the
    meld points vectors the defenders may bring about by conceding contests
    (:func:`~alsos_solver.games.alsos.melds.meld_choices`; the first is ``melds``), chosen when trick
    ``choice_trick`` (0-based) is about to be led, with every card seen; a question of the
    declarer's must succeed under every choice, the defenders choose in their own favour."""

    deal: Deal
    rules: TrickRules
    contract: Contract
    seats: int
    declarer: int | None
    melds: tuple[int, ...]
    hands: tuple[CardSet, ...]
    meld_choices: tuple[tuple[int, ...], ...] = ()
    choice_trick: int = MELD_CHOICE_TRICK

    @classmethod
    def of(cls, deal: Deal, meld_choices: tuple[MeldChoice, ...] | None = None) -> Setting:
        """The setting of a deal with a contract (NotApplicable without one); the meld
        choices come from the game (:meth:`~alsos_solver.games.Game.meld_choices`)
        unless given."""
        if deal.contract is None:
            raise NotApplicable("a question needs a deal with a contract")
        active = deal.game.active
        if meld_choices is None:
            meld_choices = deal.game.meld_choices(deal)
        choices = tuple(choice.points for choice in meld_choices)
        return cls(
            deal, deal.rules, deal.contract, len(active),
            None if deal.declarer is None else active.index(deal.declarer),
            choices[0], tuple(deal.active_hands), choices,
        )

    def with_melds(self, melds: tuple[int, ...]) -> Setting:
        """The setting with the defenders' meld choice made: ``melds`` in force, no choice left."""
        return replace(self, melds=melds, meld_choices=(melds,))

    def melds_for(self, seat: int, team: frozenset[int]) -> int:
        """``seat``'s meld points under the defenders' choice that suits ``team``: the most
        when the defenders play for it, the fewest when they play against it."""
        values = [choice[seat] for choice in self.meld_choices]
        return min(values) if self.declarer in team else max(values)

    @property
    def defenders(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.seats) if s != self.declarer)

    @property
    def last_trick(self) -> int:
        return self.deal.game.hand_size - 1

    def trump_card(self, rank: str) -> Card:
        assert self.contract.trump is not None
        pack = self.deal.pack
        return pack.card(self.contract.trump, pack.rank_index(rank))

    def in_play(self, cards: CardSet) -> bool:
        everything = 0
        for hand in self.hands:
            everything |= hand
        return cards & everything == cards

    def holds_bela(self, seat: int) -> bool:
        """The seat holds the trump King and Over at the first lead."""
        return self.deal.holds_bela(self.deal.game.active[seat])

    def side(self, seat: int) -> frozenset[int]:
        """The seats that play for an item of ``seat``: the declarer alone, or both
        defenders; without a declarer (klopitzky) the seat alone, against the others."""
        if seat == self.declarer or self.declarer is None:
            return frozenset([seat])
        return frozenset(self.defenders)


@dataclass(frozen=True)
class Count:
    """A coordinate's count of cards one by one: ``coef[w]`` per card of ``cards`` in a
    trick that seat w wins, in trick ``trick`` (0-based) only, or in every trick (None).
    A hard constraint as a coordinate, which a term may ask for or against: "B takes all
    four aces" is B's aces at least 4, its failure minus B's aces at least -3."""

    cards: CardSet
    coef: tuple[int, ...]
    trick: int | None = None


@dataclass
class Goal:
    """The core's form of a question.

    Coordinate d starts at the meld points it counts, ``coef_melds[d][w]`` per meld point
    of seat w, and gains ``coef_points[d][w]`` per point and ``coef_tricks[d][w]`` per
    trick that seat w wins. Success: some term of ``terms`` (dim -> threshold) has every
    listed coordinate at or above its threshold at the end, and no hard constraint broke:
    ``capture[s]`` cards all taken by s, ``win_all`` seats win every trick, ``win_none``
    seats win none, ``specials`` (seat, trick, card): the seat wins that trick with that
    card, which is played in no other trick.

    A coordinate may count cards one by one instead (``counts[d]``, a :class:`Count`).

    ``meld_vectors`` are the meld points vectors the defenders may choose between
    (:attr:`Setting.meld_choices`); ``team_chooses`` says whether the defenders play for
    the goal. A coordinate's meld points that are the same under every choice are folded
    into its thresholds (:meth:`literal`), so a coordinate counts melds only where the
    choice matters; :meth:`shifts` gives each choice's starting coordinates.
    """

    team: frozenset[int]
    meld_vectors: tuple[tuple[int, ...], ...] = ((),)
    team_chooses: bool = False
    choice_trick: int = MELD_CHOICE_TRICK
    coef_points: list[tuple[int, ...]] = field(default_factory=list)
    coef_tricks: list[tuple[int, ...]] = field(default_factory=list)
    coef_melds: list[tuple[int, ...]] = field(default_factory=list)
    late: list[tuple[int, tuple[int, ...]]] = field(default_factory=list)
    counts: list[Count | None] = field(default_factory=list)
    terms: list[dict[int, int]] = field(default_factory=lambda: [{}])
    capture: dict[int, CardSet] = field(default_factory=dict)
    win_all: frozenset[int] = frozenset()
    win_none: frozenset[int] = frozenset()
    specials: list[tuple[int, int, Card]] = field(default_factory=list)

    def dim(
        self, coef_points: tuple[int, ...], coef_tricks: tuple[int, ...], coef_melds: tuple[int, ...] | None = None,
        from_trick: int = 0, coef_plain: tuple[int, ...] | None = None, count: Count | None = None,
    ) -> int:
        """The index of the coordinate with these coefficients, added if new. A coordinate
        may count only the tricks from ``from_trick`` (0-based) on, and add ``coef_plain``
        per seat more for such a trick won without a trump in it (Asszorti's arrivázs)."""
        coef_melds = coef_melds or (0,) * len(coef_points)
        late = (from_trick, coef_plain or (0,) * len(coef_points))
        for d, entry in enumerate(zip(self.coef_points, self.coef_tricks, self.coef_melds, self.late, self.counts)):
            if entry == (coef_points, coef_tricks, coef_melds, late, count):
                return d
        self.coef_points.append(coef_points)
        self.coef_tricks.append(coef_tricks)
        self.coef_melds.append(coef_melds)
        self.late.append(late)
        self.counts.append(count)
        return len(self.coef_points) - 1

    def literal(self, threshold: int, coef_points: tuple[int, ...], coef_melds: tuple[int, ...]) -> dict[int, int]:
        """``{dim: threshold}`` for "points and melds, weighted by these coefficients, at
        least ``threshold``". Where the weighted melds are the same under every choice
        they move the threshold instead, and the coordinate counts points only."""
        values = {sum(c * m for c, m in zip(coef_melds, vector)) for vector in self.meld_vectors}
        if len(values) == 1:
            return {self.dim(coef_points, _none(len(coef_points))): threshold - values.pop()}
        return {self.dim(coef_points, _none(len(coef_points)), coef_melds): threshold}

    def start(self, melds: tuple[int, ...]) -> tuple[int, ...]:
        """The starting coordinates under the meld points vector ``melds`` (one of
        :attr:`meld_vectors`): each coordinate's weighted melds."""
        return tuple(sum(c * m for c, m in zip(coef, melds)) for coef in self.coef_melds)

    def shifts(self) -> list[tuple[int, ...]]:
        """Each meld choice's starting coordinates, keeping only the choices the chooser
        may want: the success predicate is upward closed, so a start at or below another
        in every coordinate is the better one for the defenders against the team, at or
        above for the defenders as the team. Always one when the choice does not matter."""
        starts = {self.start(vector) for vector in self.meld_vectors}
        if len(starts) == 1:
            return list(starts)
        sign = 1 if self.team_chooses else -1

        def dominated(start: tuple[int, ...]) -> bool:
            return any(other != start and all(sign * (o - a) >= 0 for o, a in zip(other, start)) for other in starts)

        return sorted(start for start in starts if not dominated(start))

    def require(self, *literals: dict[int, int]) -> None:
        """AND the literals into every term."""
        self.terms = [both(term, *literals) for term in self.terms]

    def require_any(self, alternatives: list[dict[int, int]]) -> None:
        """AND an OR of alternatives into the predicate (distributing into terms)."""
        self.terms = [both(t, alt) for t, alt in itertools.product(self.terms, alternatives)]

    @property
    def hard(self) -> bool:
        """Some hard constraint: cards to capture, tricks to win or not, a special trick."""
        return any(self.capture.values()) or bool(self.win_all or self.win_none or self.specials)

    @property
    def additive(self) -> bool:
        """One coordinate, one term, no hard constraint, no cards counted: the core's value
        search serves, and its table entries hold for any threshold."""
        return len(self.coef_points) == 1 and len(self.terms) == 1 and not self.hard and not any(self.counts)

    @property
    def uses_points(self) -> bool:
        """Some coordinate counts card points: the core merges two cards as equivalent only
        when they are worth the same."""
        return any(any(row) for row in self.coef_points)

    @property
    def own_points(self) -> int | None:
        """The seat whose own card points the goal is, he playing for them: an additive
        goal whose coordinate counts his points once and nothing else, from the first
        trick. Alone on his side, his goal's bounds serve the deal's later goals (the solo
        record, ``_search.pyx``); with a partner against the third seat, a line ends once he
        can win no more tricks. None for any other goal."""
        if not self.additive or any(self.coef_tricks[0]) or self.late[0][0] > 0 or any(self.late[0][1]):
            return None
        counted = [seat for seat, coef in enumerate(self.coef_points[0]) if coef]
        if len(counted) == 1 and self.coef_points[0][counted[0]] == 1 and counted[0] in self.team:
            return counted[0]
        return None

    @property
    def scorer(self) -> int | None:
        """The seat whose points the goal counts up, for the core's move ordering (the
        seats against it play first the cards after which the trick cannot go to him):
        every coordinate counts his points up and no other seat's, no tricks, no hard
        constraint, and he plays for the goal, alone unless it is additive (the
        declarer's points and game, a defender's points figure). None for any other goal."""
        if self.hard or any(self.counts) or any(map(any, self.coef_tricks)):
            return None
        gainers = {seat for row in self.coef_points for seat, coef in enumerate(row) if coef > 0}
        if len(gainers) != 1:
            return None
        (seat,) = gainers
        if seat in self.team and all(row[seat] > 0 for row in self.coef_points) and (self.additive or len(self.team) == 1):
            return seat
        return None

    def wanted_winners(self, seats: int) -> frozenset[int]:
        """The seats the team wants to win tricks, for the core's move ordering: a seat
        whose tricks raise the coordinates more than the least helpful seat's do (by the sum
        of his coefficients per point and per trick), or whom a hard constraint wants to
        win (cards to capture, every trick, a special trick; when some seat must win none,
        every other seat), or whose counted cards raise a coordinate."""
        weight = [sum(column) for column in zip(*self.coef_points, *self.coef_tricks)] or [0] * seats
        least = min(weight)
        wanted = {seat for seat, gain in enumerate(weight) if gain > least}
        wanted.update(seat for seat, cards in self.capture.items() if cards)
        wanted.update(self.win_all, (seat for seat, _, _ in self.specials))
        wanted.update(seat for count in self.counts if count for seat, coef in enumerate(count.coef) if coef > 0)
        if self.win_none:
            wanted.update(set(range(seats)) - self.win_none)
        return frozenset(wanted)

    def cards(self) -> CardSet:
        """Cards that the objective treats individually."""
        result = 0
        for mask in self.capture.values():
            result |= mask
        for _, _, card in self.specials:
            result |= 1 << card
        for count in self.counts:
            result |= count.cards if count else 0
        return result


def both(*terms: dict[int, int]) -> dict[int, int]:
    """The AND of term literals (the stricter threshold where two name one coordinate)."""
    merged: dict[int, int] = {}
    for term in terms:
        for d, threshold in term.items():
            merged[d] = max(merged.get(d, NO_LIMIT), threshold)
    return merged


class Question(ABC):
    """Base of the questions. Subclasses set ``key`` (its name in results)."""

    key = ""

    @abstractmethod
    def team(self, setting: Setting) -> frozenset[int]:
        """The seats that play for the question; the others play against it."""

    def possible(self, setting: Setting) -> bool:
        """Static preconditions (a card held, targets in play); False means 'cannot be made'."""
        return True

    def holds(self, setting: Setting) -> dict[Card, int]:
        """Cards this question's announcement keeps back (ultimó, nyolcas)."""
        return {}

    @abstractmethod
    def build(self, setting: Setting, goal: Goal) -> None:
        """Add this question's coordinates, terms and constraints to ``goal``."""

    @abstractmethod
    def achieved(self, setting: Setting, end: Position) -> bool:
        """The question's meaning, read off the finished play (reference solver)."""

    def decided(self, setting: Setting, values: dict[int, int], total: int) -> bool | None:
        """The answer if values already found decide it, else None.

        ``values[seat]`` is the most card points that seat's side can force for it (the
        whole play, with the same position and play rules); ``total`` is every point in
        play, the last trick included. The points are shared out: the seats' points sum
        to ``total``."""
        return None

    def check(self, setting: Setting) -> None:
        """NotApplicable, naming the problem, when the question does not fit the deal (a
        contract without such an item, a seat that does not play); nothing otherwise."""

    def negation(self) -> Question | None:
        """The other side's question that fails exactly when this one is made (GameWon and
        GameDefeated), where there is one: with every card seen one side or the other can
        force its way, so a solver that has answered one knows the other."""
        return None

    def opposite(self, setting: Setting) -> Question | None:
        """The other side's question whose failure this one is, where the core has no goal
        for this one (None: :meth:`build` gives its goal). The solver answers it as that
        question's answer negated: with every card seen and no chance, one side or the
        other can force its way. ``achieved`` still states its own meaning."""
        return None

    @abstractmethod
    def spec(self) -> str:
        """The question's spec, as ``--question`` reads it (``B:abszolut``, ``game``)."""

    def goal(self, setting: Setting) -> Goal:
        team = self.team(setting)
        goal = Goal(team, setting.meld_choices, setting.declarer not in team, setting.choice_trick)
        self.build(setting, goal)
        return goal


def seat_index(seat: int | str) -> int:
    """A seat as its index among the seats that play: its letter (any case) or the index.
    ValueError for a letter or index of no seat, TypeError for anything else."""
    if isinstance(seat, str):
        letter = seat.strip().upper()
        if len(letter) != 1 or letter not in SEAT_LETTERS:
            raise ValueError(f"unknown seat {seat!r} (expected a seat letter, A B C)")
        return SEAT_LETTERS.index(letter)
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise TypeError(f"a seat is a letter such as 'B' (or its index, 1), found {seat!r}")
    if seat < 0:
        raise ValueError(f"unknown seat {seat!r} (expected a seat letter, A B C, or its index)")
    return seat


def check_seat(seat: int, setting: Setting) -> None:
    """NotApplicable when ``seat`` does not play in the deal."""
    if seat >= setting.seats:
        active = setting.deal.game.active
        raise NotApplicable(f"seat {SEAT_LETTERS[seat]} does not play in {setting.deal.game} (the seats are {' '.join(active)})")


def _none(seats: int) -> tuple[int, ...]:
    return (0,) * seats


def _coef(seats: int, plus: int | None = None, minus: int | None = None) -> tuple[int, ...]:
    return tuple((1 if s == plus else 0) - (1 if s == minus else 0) for s in range(seats))


def totals(setting: Setting, end: Position) -> list[int]:
    """Each seat's total for the game: card points, last trick, scoring melds."""
    return [p + m for p, m in zip(end.points, setting.melds)]


@dataclass(frozen=True)
class SeatPoints(Question):
    """The card points (with the last trick) of ``seat``, his side playing for them.

    As a yes/no question: at least ``at_least``; :func:`solver.Solver.value` finds the most."""

    seat: int
    at_least: int = 0
    key = "points"

    def __post_init__(self) -> None:
        object.__setattr__(self, "seat", seat_index(self.seat))

    def check(self, setting: Setting) -> None:
        check_seat(self.seat, setting)
        if not any(setting.rules.points):
            raise NotApplicable(f"{self.spec()}: the contract {setting.deal.game.contract_token(setting.contract)} is not played for card points")

    def spec(self) -> str:
        return f"points:{SEAT_LETTERS[self.seat]}>={self.at_least}"

    def team(self, setting: Setting) -> frozenset[int]:
        return setting.side(self.seat)

    def build(self, setting: Setting, goal: Goal) -> None:
        d = goal.dim(_coef(setting.seats, plus=self.seat), _none(setting.seats))
        goal.require({d: self.at_least})

    def achieved(self, setting: Setting, end: Position) -> bool:
        return end.points[self.seat] >= self.at_least

    def decided(self, setting: Setting, values: dict[int, int], total: int) -> bool | None:
        return points_decided(setting, self.seat, self.at_least, values, total)


def points_decided(setting: Setting, seat: int, at_least: int, values: dict[int, int], total: int) -> bool | None:
    """``seat`` reaching ``at_least`` points, from values found: its own value decides; the
    declarer's value V bounds a defender, who ends with at most total - V (the declarer
    takes at least V whatever the defenders do)."""
    if seat in values:
        return values[seat] >= at_least
    if seat != setting.declarer and setting.declarer in values and total - values[setting.declarer] < at_least:
        return False
    return None


@dataclass(frozen=True)
class Together(Question):
    """Several items of one side, all made in one line of play."""

    items: tuple[Question, ...]
    key = "together"

    def check(self, setting: Setting) -> None:
        """Each item fits, and each has a goal of its own to join (no :meth:`~Question.opposite`)."""
        for item in self.items:
            item.check(setting)
            opposite = item.opposite(setting)
            if opposite is not None:
                raise NotApplicable(f"{item.spec()} is answered as {opposite.spec()} negated, and cannot be played together with other items")

    def spec(self) -> str:
        return "together:" + "+".join(item.spec() for item in self.items)

    def team(self, setting: Setting) -> frozenset[int]:
        teams = {item.team(setting) for item in self.items}
        if len(teams) != 1:
            raise ValueError("items played together must belong to one side")
        return teams.pop()

    def possible(self, setting: Setting) -> bool:
        return all(item.possible(setting) for item in self.items)

    def holds(self, setting: Setting) -> dict[Card, int]:
        result: dict[Card, int] = {}
        for item in self.items:
            result.update(item.holds(setting))
        return result

    def build(self, setting: Setting, goal: Goal) -> None:
        for item in self.items:
            item.build(setting, goal)

    def achieved(self, setting: Setting, end: Position) -> bool:
        return all(item.achieved(setting, end) for item in self.items)

    def decided(self, setting: Setting, values: dict[int, int], total: int) -> bool | None:
        """Only a refusal carries over: items made one by one may need different lines."""
        if any(item.decided(setting, values, total) is False for item in self.items):
            return False
        return None


class ValueQuestion(Question):
    """A question asking for a number: the final value its team can force, the most it
    can make sure of against the other side's best play. :meth:`yes_no` is its yes/no form,
    "the value is at least v", which gives it its team and its goal.

    The engine finds the number with the core's value search when the yes/no form is
    additive (one coordinate, one term, no hard constraint: the value is that coordinate);
    otherwise ``levels`` lists the values it can take, and the driver bisects them with the
    yes/no form (:meth:`~alsos_solver.solver.Solver.value`)."""

    @abstractmethod
    def yes_no(self, setting: Setting, value: int) -> Question:
        """The yes/no question: the team makes the value at least ``value``."""

    @abstractmethod
    def final_value(self, setting: Setting, end: Position) -> int:
        """The value at the end of a finished play (reference solver, lines of play)."""

    unit = "points"
    """What the value counts, as the views show it (``90 points``, ``7 tricks``, ``score +37``)."""

    def levels(self, setting: Setting) -> list[int] | None:
        """The values it can take, ascending, when the yes/no form is not additive."""
        return None

    def bounds(self, setting: Setting, answer: Callable[[Question], int | bool]) -> tuple[int, int] | None:
        """Values the answer lies between, found with cheaper questions (``answer`` answers
        one at the same position), so that the bisection of :meth:`levels` asks fewer
        (None: none known)."""
        return None

    def team(self, setting: Setting) -> frozenset[int]:
        return self.yes_no(setting, 0).team(setting)

    def check(self, setting: Setting) -> None:
        self.yes_no(setting, 0).check(setting)

    def build(self, setting: Setting, goal: Goal) -> None:
        self.yes_no(setting, 0).build(setting, goal)

    def achieved(self, setting: Setting, end: Position) -> bool:
        raise TypeError(f"{self.key} is a value question: read final_value()")


@dataclass(frozen=True)
class DeclarerPoints(ValueQuestion):
    """The most card points (with the last trick) that the declarer can force against best
    defence."""

    key = "declarer_points"

    def spec(self) -> str:
        return "declarer_points"

    def seat(self, setting: Setting) -> int:
        if setting.declarer is None:
            raise NotApplicable("declarer_points needs a deal with a declarer")
        return setting.declarer

    def yes_no(self, setting: Setting, value: int) -> Question:
        return SeatPoints(self.seat(setting), value)

    def final_value(self, setting: Setting, end: Position) -> int:
        return end.points[self.seat(setting)]


def is_value_question(question: Question) -> bool:
    """Whether the question asks for a number, not for yes/no."""
    return isinstance(question, ValueQuestion)


def final_value(question: Question, setting: Setting, end: Position) -> int | bool:
    """The question's value at the end of a finished line of play."""
    if isinstance(question, ValueQuestion):
        return question.final_value(setting, end)
    return question.achieved(setting, end)


@dataclass(frozen=True)
class Ask:
    """One question of a game's question set: ``path`` is where its answer goes in the
    result (``("figures", "B", "abszolut")``), ``kind`` its name in the benchmarks
    (``abszolut``), ``seat`` whose item it is (None: the contract's)."""

    path: tuple[str, ...]
    kind: str
    question: Question
    seat: str | None = None


@dataclass(frozen=True)
class Item:
    """An announced item of a deal, as the play review and the scores go by it: its name
    in results (``'B game'``, ``'C abszolut'``), the seat it belongs to, what it is, and its
    question."""

    name: str
    seat: str
    what: str
    question: Question

    @property
    def label(self) -> str:
        """The item in a sentence: ``"B's game"``."""
        return f"{self.seat}'s {self.what}"
