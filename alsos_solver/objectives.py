"""What a question asks, in two independent forms.

Each question says which seats play for it (its *team*), what it means at the end of play
(``achieved``: read off the finished :class:`~alsos_solver.position.Position`, used by the
reference solver), and how the search core tracks it (``goal``: linear coordinates of the
points and tricks won, a monotone predicate on them, and hard constraints). The two forms
are written separately on purpose: the differential tests compare them.

Rules: rules-notes 'Game' and 'Figures'. A defender's figure counts in his own tricks with
his partner helping (team = both defenders), except kassza, which is side-based.
"""

from __future__ import annotations

import itertools
from abc import ABC, abstractmethod
from dataclasses import dataclass, field, replace

from .cards import Card, CardSet, HUNGARIAN
from .deal import Deal
from .figures import HELD, POINT_THRESHOLDS, TRICKS_BEFORE_LAST, allowed, threshold, trick_card
from .melds import meld_choices
from .position import Position
from .rules import Contract, Kind, TrickRules
from .rules.games import SOLVABLE

NO_LIMIT = -30000


MELD_CHOICE_TRICK = 1
"""The trick before which the defenders choose their meld concessions: the melds are
validated at the end of the first trick (seed 003 'Validation of Meld')."""


@dataclass(frozen=True)
class Setting:
    """What every question needs to know about a deal with a contract.

    ``melds`` is each seat's scoring meld points in force when a finished play is judged
    (``achieved``); by default every seat declares all it holds. ``meld_choices`` are the
    meld points vectors the defenders may bring about by conceding contests
    (:func:`~alsos_solver.melds.meld_choices`; the first is ``melds``), chosen when trick
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
    def of(cls, deal: Deal) -> Setting:
        if not deal.spec.solvable:
            raise ValueError(f"solving {deal.game} deals is not supported yet (the solver answers {', '.join(SOLVABLE)})")
        if deal.contract is None:
            raise ValueError("a question needs a deal with a contract")
        active = deal.spec.active
        choices = tuple(choice.points for choice in meld_choices(deal))
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
        return self.deal.spec.hand_size - 1

    def trump_card(self, rank: str) -> Card:
        assert self.contract.trump is not None
        return HUNGARIAN.card(self.contract.trump, HUNGARIAN.rank_index(rank))

    def in_play(self, cards: CardSet) -> bool:
        everything = 0
        for hand in self.hands:
            everything |= hand
        return cards & everything == cards

    def holds_bela(self, seat: int) -> bool:
        return self.contract.kind is Kind.TRUMP and self.hands[seat] & self.bela == self.bela

    @property
    def bela(self) -> CardSet:
        return (1 << self.trump_card("K")) | (1 << self.trump_card("O"))

    def side(self, seat: int) -> frozenset[int]:
        """The seats that play for an item of ``seat``: the declarer alone, or both defenders."""
        return frozenset([seat]) if seat == self.declarer else frozenset(self.defenders)


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
    terms: list[dict[int, int]] = field(default_factory=lambda: [{}])
    capture: dict[int, CardSet] = field(default_factory=dict)
    win_all: frozenset[int] = frozenset()
    win_none: frozenset[int] = frozenset()
    specials: list[tuple[int, int, Card]] = field(default_factory=list)

    def dim(self, coef_points: tuple[int, ...], coef_tricks: tuple[int, ...], coef_melds: tuple[int, ...] | None = None) -> int:
        """The index of the coordinate with these coefficients, added if new."""
        coef_melds = coef_melds or (0,) * len(coef_points)
        for d, triple in enumerate(zip(self.coef_points, self.coef_tricks, self.coef_melds)):
            if triple == (coef_points, coef_tricks, coef_melds):
                return d
        self.coef_points.append(coef_points)
        self.coef_tricks.append(coef_tricks)
        self.coef_melds.append(coef_melds)
        return len(self.coef_points) - 1

    def literal(self, threshold: int, coef_points: tuple[int, ...], coef_melds: tuple[int, ...]) -> dict[int, int]:
        """``{dim: threshold}`` for "points and melds, weighted by these coefficients, at
        least ``threshold``". Where the weighted melds are the same under every choice
        they move the threshold instead, and the coordinate counts points only."""
        values = {sum(c * m for c, m in zip(coef_melds, vector)) for vector in self.meld_vectors}
        if len(values) == 1:
            return {self.dim(coef_points, _none(len(coef_points))): threshold - values.pop()}
        return {self.dim(coef_points, _none(len(coef_points)), coef_melds): threshold}

    def shifts(self) -> list[tuple[int, ...]]:
        """Each meld choice's starting coordinates, keeping only the choices the chooser
        may want: the success predicate is upward closed, so a start at or below another
        in every coordinate is the better one for the defenders against the team, at or
        above for the defenders as the team. Always one when the choice does not matter."""
        starts = {
            tuple(sum(c * m for c, m in zip(coef, vector)) for coef in self.coef_melds)
            for vector in self.meld_vectors
        }
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
    def additive(self) -> bool:
        """One coordinate, one term, no hard constraint: the core's value search serves,
        and its table entries hold for any threshold."""
        hard = self.capture or self.win_all or self.win_none or self.specials
        return len(self.coef_points) == 1 and len(self.terms) == 1 and not hard

    def cards(self) -> CardSet:
        """Cards that the objective treats individually."""
        result = 0
        for mask in self.capture.values():
            result |= mask
        for _, _, card in self.specials:
            result |= 1 << card
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

    def goal(self, setting: Setting) -> Goal:
        team = self.team(setting)
        goal = Goal(team, setting.meld_choices, setting.declarer not in team, setting.choice_trick)
        self.build(setting, goal)
        return goal


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
class GameWon(Question):
    """The declarer's total strictly above each defender's own total (a tie loses)."""

    key = "game"

    def team(self, setting: Setting) -> frozenset[int]:
        return frozenset([setting.declarer])

    def build(self, setting: Setting, goal: Goal) -> None:
        dec = setting.declarer
        for k in setting.defenders:
            both_ways = _coef(setting.seats, dec, k)
            goal.require(goal.literal(1, both_ways, both_ways))

    def achieved(self, setting: Setting, end: Position) -> bool:
        total = totals(setting, end)
        return all(total[setting.declarer] > total[k] for k in setting.defenders)

    def decided(self, setting: Setting, values: dict[int, int], total: int) -> bool | None:
        """From the declarer's value V. Under the meld choice m the game needs
        D - E_k >= t_k = m_k - m_D + 1 for each defender k. Won: the declarer can take V,
        and then each defender has at most total - V, so 2V - total >= t_k for all k
        suffices, under every choice. Lost: the defenders can hold the declarer to V, and
        the conditions summed need (n)D - total >= sum t_k, where n is the number of
        seats; if (n)V - total falls short under one choice, the defenders make that
        choice and no line wins."""
        dec = setting.declarer
        if dec not in values:
            return None
        value = values[dec]
        needs = [[melds[k] - melds[dec] + 1 for k in setting.defenders] for melds in setting.meld_choices]
        if all(2 * value - total >= t for choice in needs for t in choice):
            return True
        if any(setting.seats * value - total < sum(choice) for choice in needs):
            return False
        return None


@dataclass(frozen=True)
class GameDefeated(Question):
    """Some defender's total at least the declarer's: the defenders' kassza condition."""

    key = "game_defeated"

    def team(self, setting: Setting) -> frozenset[int]:
        return frozenset(setting.defenders)

    def build(self, setting: Setting, goal: Goal) -> None:
        dec = setting.declarer
        goal.require_any([goal.literal(0, _coef(setting.seats, k, dec), _coef(setting.seats, k, dec)) for k in setting.defenders])

    def achieved(self, setting: Setting, end: Position) -> bool:
        return not GameWon().achieved(setting, end)

    def decided(self, setting: Setting, values: dict[int, int], total: int) -> bool | None:
        won = GameWon().decided(setting, values, total)
        return None if won is None else not won


CAPTURE_FIGURES = {"tuletroa": "U97", "csalad": "AKO", "osszes_adu": "U9AXKO"}


@dataclass(frozen=True)
class FigureMade(Question):
    """A figure (file name, see :mod:`.figures`) made by ``seat`` as its announcer."""

    seat: int
    figure: str

    @property
    def key(self) -> str:  # type: ignore[override]
        return self.figure

    def team(self, setting: Setting) -> frozenset[int]:
        if self.figure == "kassza" and self.seat != setting.declarer:
            return frozenset(setting.defenders)
        return setting.side(self.seat)

    def _threshold(self, setting: Setting) -> int:
        return threshold(self.figure, setting.contract, setting.deal.options)

    def _targets(self, setting: Setting) -> CardSet:
        if self.figure == "negyvennegy":
            return sum(1 << HUNGARIAN.card(s, 0) for s in range(4))
        return sum(1 << setting.trump_card(r) for r in CAPTURE_FIGURES[self.figure])

    def _trick_card(self, setting: Setting) -> tuple[int, Card]:
        assert setting.contract.trump is not None
        return setting.last_trick - TRICKS_BEFORE_LAST[self.figure], trick_card(self.figure, setting.contract.trump)

    def possible(self, setting: Setting) -> bool:
        name, seat = self.figure, self.seat
        if not allowed(name, setting.contract, setting.deal.options):
            return False
        if name == "kassza":
            if seat == setting.declarer:
                return setting.holds_bela(seat)
            return any(setting.holds_bela(k) for k in setting.defenders)
        if name == "negyvennegy" or name in CAPTURE_FIGURES:
            return setting.in_play(self._targets(setting))
        if name in TRICKS_BEFORE_LAST:
            return bool(setting.hands[seat] >> self._trick_card(setting)[1] & 1)
        return True

    def holds(self, setting: Setting) -> dict[Card, int]:
        if self.figure in HELD and self.possible(setting):
            trick, card = self._trick_card(setting)
            return {card: trick}
        return {}

    def build(self, setting: Setting, goal: Goal) -> None:
        name, seat, n = self.figure, self.seat, setting.seats
        if name == "kassza":
            (GameWon() if seat == setting.declarer else GameDefeated()).build(setting, goal)
        elif name in POINT_THRESHOLDS:
            melds = _coef(n, plus=seat) if name == "ketszaz" else _none(n)
            goal.require(goal.literal(self._threshold(setting), _coef(n, plus=seat), melds))
        elif name == "negyvennegy" or name in CAPTURE_FIGURES:
            goal.capture[seat] = goal.capture.get(seat, 0) | self._targets(setting)
        elif name in TRICKS_BEFORE_LAST:
            goal.specials.append((seat, *self._trick_card(setting)))
        elif name == "volat":
            goal.win_all = goal.win_all | {seat}
        else:
            raise ValueError(f"unknown figure {name!r}")

    def decided(self, setting: Setting, values: dict[int, int], total: int) -> bool | None:
        name, seat = self.figure, self.seat
        if name == "kassza":
            return (GameWon() if seat == setting.declarer else GameDefeated()).decided(setting, values, total)
        if name in POINT_THRESHOLDS:
            offset = setting.melds_for(seat, self.team(setting)) if name == "ketszaz" else 0
            return points_decided(setting, seat, self._threshold(setting) - offset, values, total)
        return None

    def achieved(self, setting: Setting, end: Position) -> bool:
        name, seat = self.figure, self.seat
        if not self.possible(setting):
            return False
        if name == "kassza":
            return (GameWon() if seat == setting.declarer else GameDefeated()).achieved(setting, end)
        if name == "ketszaz":
            return end.points[seat] + setting.melds[seat] >= self._threshold(setting)
        if name in POINT_THRESHOLDS:
            return end.points[seat] >= self._threshold(setting)
        if name == "negyvennegy" or name in CAPTURE_FIGURES:
            taken = sum(1 << c for t, w in zip(end.tricks, end.winners) if w == seat for c in t.cards)
            return self._targets(setting) & taken == self._targets(setting)
        if name in TRICKS_BEFORE_LAST:
            trick, card = self._trick_card(setting)
            return end.winners[trick] == seat and card in end.tricks[trick].cards
        if name == "volat":
            return all(w == seat for w in end.winners)
        raise ValueError(f"unknown figure {name!r}")


@dataclass(frozen=True)
class BetliMade(Question):
    """Betli: the declarer wins no trick."""

    key = "betli"

    def team(self, setting: Setting) -> frozenset[int]:
        return frozenset([setting.declarer])

    def build(self, setting: Setting, goal: Goal) -> None:
        goal.win_none = goal.win_none | {setting.declarer}

    def achieved(self, setting: Setting, end: Position) -> bool:
        return end.tricks_won[setting.declarer] == 0


@dataclass(frozen=True)
class KlopitzkySafe(Question):
    """Klopitzky, paranoid: ``seat`` avoids paying against the other two playing together.

    The most tricks pays (4-4-1: both with 4 pay); 3-3-3 scores nothing (rules-notes)."""

    seat: int
    key = "klopitzky_safe"

    def team(self, setting: Setting) -> frozenset[int]:
        return frozenset([self.seat])

    def build(self, setting: Setting, goal: Goal) -> None:
        n = setting.seats
        dims = [goal.dim(_none(n), _coef(n, k, self.seat)) for k in range(n) if k != self.seat]
        goal.require_any([{d: 1} for d in dims] + [{d: 0 for d in dims}])

    def achieved(self, setting: Setting, end: Position) -> bool:
        mine = end.tricks_won[self.seat]
        others = [t for k, t in enumerate(end.tricks_won) if k != self.seat]
        return any(t > mine for t in others) or all(t == mine for t in others)


@dataclass(frozen=True)
class Together(Question):
    """Several items of one side, all made in one line of play."""

    items: tuple[Question, ...]
    key = "together"

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
