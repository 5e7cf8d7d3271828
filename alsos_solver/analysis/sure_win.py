"""Sure wins on what one seat can see: the exact search over its information sets.

The *worlds* are layouts of the unseen cards (:mod:`.seat_view`): the same Play section,
the same hand for the seat, each consistent with the play so far. A card is a **sure win**
for an item when the seat has one strategy starting with it that makes the item in every
world, where (issue 30):

* the seat's later choices depend only on what it observes (its own hand and every card
  played, by whom), so they are the same in worlds it cannot tell apart;
* the other seats of the item's team see everything: each chooses per world, knowing the
  world and the seat's strategy (a partner may 'signal' with his card);
* the other side sees everything too and chooses per world, against the item.

The item at the end of play means what it means double-dummy (:class:`~alsos_solver.solver.Solver`,
with the defenders' meld concessions as it reads them), so with one world a card is a
sure win exactly when it makes the item double-dummy.

The search, ``won(W)`` for a set ``W`` of worlds that all stand at one observable history:

* if some world of ``W`` is lost double-dummy, ``W`` is lost (a strategy that wins ``W``
  wins each world of it, and no strategy does better in one world than double-dummy);
  with one world, or when the seat has no choice left (at most one card), ``W`` is won
  exactly when every world is won double-dummy;
* the seat to move: some card (legal in every world alike: its hand and the trick are
  the same in all) after which ``W`` is won;
* an opponent to move: for every card he may play in some world, the worlds where he may
  play it are won after it (he chooses per world, and playing a card wherever he can is
  his strongest choice: a set that is won has every subset won);
* a partner to move: the worlds split into groups, each won after one card legal in all
  its worlds (he chooses per world, so the seat learns only which group it is in); found
  or refuted as :meth:`Search.partner_wins` says.

Results are kept per (history, worlds). The answers are three-valued: None where a
partner's split was given up (its largest won sets too many to combine,
:data:`FRONT_LIMIT`, and its backtracking past :data:`SPLIT_LIMIT` steps), and None for
the whole search past ``node_limit`` steps (each set of worlds judged counts its worlds,
each step of the partner's backtracking one).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from functools import reduce
from math import prod
from operator import and_, or_
from typing import TypeVar

from ..cards import Card, cards_of
from ..deal import Deal
from ..questions import Question, Setting
from ..solver import Solver

T = TypeVar("T")

DEFAULT_NODE_LIMIT = 1_000_000
"""Steps of work one search may take before it gives up: each set of worlds judged counts
its worlds, each step of the partner's backtracking one."""

SPLIT_LIMIT = 100_000
"""Steps the last resort of a partner's split (the backtracking over all the worlds) may
take before the search gives up."""


FRONT_LIMIT = 5_000
"""The most won sets :meth:`Search.front` gathers at one node (the combinations of one per
card, or those after each of the seat's cards) before it gives up."""


class OutOfNodes(Exception):
    """The search passed its node limit."""


class TooMany(Exception):
    """The largest won sets at a node took more than :data:`FRONT_LIMIT` sets to gather."""


class World:
    """One layout's double-dummy solver, moved along the searched line with push/pop;
    legal cards as the item's team plays them (the item's own holds: ultimó)."""

    def __init__(self, deal: Deal, after: int, question: Question):
        self.solver = Solver(deal, after=after)
        self.question = question
        self.position = self.solver.position
        self.position.holds = deal.holds() | question.holds(self.solver.setting)
        self._made: dict[tuple[Card, ...], bool] = {}
        self.line: list[Card] = []

    def legal(self) -> list[Card]:
        return list(cards_of(self.position.legal_moves()))

    def push(self, card: Card) -> None:
        self.solver.push(card)
        self.line.append(card)

    def pop(self) -> None:
        self.solver.pop()
        self.line.pop()

    def made(self) -> bool:
        """The item made double-dummy from the current position."""
        key = tuple(self.line)
        if key not in self._made:
            self._made[key] = bool(self.solver.answer(self.question))
        return self._made[key]


class Search:
    """The search of the module over the given worlds, for the seat's item."""

    def __init__(self, worlds: Sequence[Deal], after: int, seat: str, question: Question, node_limit: int | None,
                 split_limit: int | None = None):
        if not worlds:
            raise ValueError("a sure-win search needs at least one world")
        first = worlds[0]
        self.seats = first.game.active
        self.seat = self.seats.index(seat)
        team = question.team(Setting.of(first))
        if self.seat not in team:
            raise ValueError(f"{seat} does not play for {question.spec()}")
        self.team = team
        self.worlds = [World(deal, after, question) for deal in worlds]
        self.node_limit = DEFAULT_NODE_LIMIT if node_limit is None else node_limit
        self.split_limit = SPLIT_LIMIT if split_limit is None else split_limit
        self.nodes = 0
        self.line: list[Card] = []
        self.known: dict[tuple[tuple[Card, ...], frozenset[int]], bool | None] = {}
        self.fronts: dict[tuple[tuple[Card, ...], frozenset[int]], list[int]] = {}

    def won(self, group: frozenset[int]) -> bool | None:
        """Whether the seat's side wins every world of ``group`` (see the module); None
        where a partner's split was given up (:data:`SPLIT_LIMIT`)."""
        key = (tuple(self.line), group)
        if key not in self.known:
            self.known[key] = self._won(group)
        return self.known[key]

    def count(self, steps: int = 1) -> None:
        """``steps`` more steps of work; OutOfNodes past the limit."""
        self.nodes += steps
        if self.nodes > self.node_limit:
            raise OutOfNodes

    def _won(self, group: frozenset[int]) -> bool | None:
        self.count(len(group))
        worlds = [self.worlds[w] for w in group]
        if not all(world.made() for world in worlds):
            return False
        position = worlds[0].position
        if len(group) == 1 or position.is_over or position.hands[self.seat].bit_count() <= 1:
            return True
        mover = position.to_move
        if mover == self.seat:
            return some(self.after(card, group) for card in worlds[0].legal())
        if mover in self.team:
            return self.partner_wins(group)
        return every(self.after(card, worlds) for card, worlds in self.playable(group).items())

    def playable(self, group: frozenset[int]) -> dict[Card, frozenset[int]]:
        """Each card the mover may play in some world of ``group`` -> the worlds where he may."""
        found: dict[Card, frozenset[int]] = {}
        for w in group:
            for card in self.worlds[w].legal():
                found[card] = found.get(card, frozenset()) | {w}
        return found

    def after(self, card: Card, group: frozenset[int]) -> bool | None:
        """Whether ``group`` is won after ``card`` is played in each of its worlds."""
        return self.along(card, group, self.won)

    def along(self, card: Card, group: frozenset[int], judge: Callable[[frozenset[int]], T]) -> T:
        """``judge(group)`` after ``card`` is played in each of the group's worlds."""
        for w in group:
            self.worlds[w].push(card)
        self.line.append(card)
        try:
            return judge(group)
        finally:
            self.line.pop()
            for w in group:
                self.worlds[w].pop()

    def partner_wins(self, group: frozenset[int]) -> bool | None:
        """A partner to move: some split of the worlds into groups, each won after one card
        legal in all its worlds (see the module). Any split found proves it, so cheap ones
        are tried first: by whole sets (a card after which every world where it wins alone
        is won together takes those worlds), then greedily (each card in turn, most takers
        first, takes as many of the worlds left as it wins together). Where both fail, a few
        worlds that no split serves prove that none serves the whole (a split of all the
        worlds is one of any few of them, as a group won has every part won): the world
        left over with, for each of its cards, few of that card's group it cannot join,
        tried by :meth:`split`. Then exactly, by the largest won sets after each card
        (:meth:`front`): the worlds can be split when they are one of the unions of a set
        after each. Only where those are too many, :meth:`split` over all the worlds, given
        up (None) past its split limit (:data:`SPLIT_LIMIT` unless given)."""
        options = {w: [card for card in self.worlds[w].legal() if self.after(card, frozenset([w]))] for w in group}
        if not all(options.values()):
            return False
        takers: dict[Card, set[int]] = {}
        for w, cards in options.items():
            for card in cards:
                takers.setdefault(card, set()).add(w)
        by_takers = sorted(takers.items(), key=lambda item: -len(item[1]))
        covered: set[int] = set()
        for card, worlds in by_takers:
            if not worlds <= covered and self.after(card, frozenset(worlds)):
                covered |= worlds
        if covered == group:
            return True
        left, groups = set(group), {}
        for card, worlds in by_takers:
            groups[card] = self.grown(card, frozenset(), sorted(worlds & left))
            left -= groups[card]
        if not left:
            return True
        stuck = min(left)
        core = {stuck}.union(*(self.conflict(card, stuck, sorted(groups[card])) for card in options[stuck]))
        if self.split(sorted(core, key=lambda w: len(options[w])), options) is False:
            return False
        try:
            return mask_of(group) in self.front(group)
        except TooMany:
            return self.split(sorted(group, key=lambda w: len(options[w])), options, self.split_limit)

    def front(self, group: frozenset[int]) -> list[int]:
        """The largest won subsets of ``group`` (bit masks of worlds; no one inside
        another): every won subset lies inside one of them, as a subset of a won set is
        won. Built up from the end like :meth:`won`: the seat's sets are those after any
        of its cards; a partner's, the unions of one set (or none) after each of his cards
        (among the worlds where it is legal); an opponent's, the worlds that every card he
        may play there leaves inside one chosen set (or none) after it. TooMany past
        :data:`FRONT_LIMIT` sets gathered at one node."""
        key = (tuple(self.line), group)
        if key not in self.fronts:
            self.fronts[key] = self._front(group)
        return self.fronts[key]

    def _front(self, group: frozenset[int]) -> list[int]:
        self.count(len(group))
        alive = frozenset(w for w in group if self.worlds[w].made())
        if not alive:
            return []
        position = self.worlds[min(alive)].position
        if len(alive) == 1 or position.is_over or position.hands[self.seat].bit_count() <= 1:
            return [mask_of(alive)]
        mover = position.to_move
        playable = self.playable(alive)
        after = {card: self.front_after(card, worlds) for card, worlds in playable.items()}
        if mover == self.seat:
            gathered = [found for sets in after.values() for found in sets]
            if len(gathered) > FRONT_LIMIT:
                raise TooMany
            return largest(gathered)
        choices = [sets + [0] for sets in after.values()]  # 0: no world goes on after that card
        if FRONT_LIMIT < prod(map(len, choices)):
            raise TooMany
        if mover in self.team:
            return largest([sum_of(chosen) for chosen in itertools.product(*choices)])
        everyone = mask_of(alive)
        outside = [everyone & ~mask_of(playable[card]) for card in after]
        return largest([reduce(and_, (inside | rest for inside, rest in zip(chosen, outside)), everyone)
                        for chosen in itertools.product(*choices)])

    def front_after(self, card: Card, group: frozenset[int]) -> list[int]:
        """:meth:`front` of ``group`` after ``card`` is played in each of its worlds."""
        return self.along(card, group, self.front)

    def grown(self, card: Card, base: frozenset[int], candidates: list[int]) -> frozenset[int]:
        """``base`` (won after ``card``) with as many of ``candidates`` as join it won, the
        ones that do not found by halving."""
        if not candidates:
            return base
        everyone = base | frozenset(candidates)
        if self.after(card, everyone):
            return everyone
        if len(candidates) == 1:
            return base
        half = len(candidates) // 2
        return self.grown(card, self.grown(card, base, candidates[:half]), candidates[half:])

    def conflict(self, card: Card, stuck: int, members: list[int]) -> set[int]:
        """Few of ``members`` that ``stuck`` is known not to join after ``card`` (all of them
        when it is not known): fewer tried by dropping halves, then quarters, and so on."""
        if self.after(card, frozenset(members) | {stuck}) is not False:
            return set(members)
        size = len(members) // 2
        while size >= 1:
            start = 0
            while start < len(members):
                trial = members[:start] + members[start + size:]
                if self.after(card, frozenset(trial) | {stuck}) is False:
                    members = trial
                else:
                    start += size
            size //= 2
        return set(members)

    def split(self, order: list[int], options: dict[int, list[Card]], limit: int | None = None) -> bool | None:
        """Whether the worlds of ``order`` can each be given one of its ``options`` so that
        every card's group is won after it: depth first over the worlds in order, without
        recursion (the worlds may be thousands). None where no split was found but a group
        was not decided, or past ``limit`` steps of its own."""
        stop = None if limit is None else self.nodes + limit
        chosen: dict[Card, frozenset[int]] = {}
        tried = [-1] * len(order)
        index, unknown = 0, False
        while 0 <= index < len(order):
            self.count()
            if stop is not None and self.nodes > stop:
                return None
            w = order[index]
            if tried[index] >= 0:
                chosen[options[w][tried[index]]] -= {w}
            nxt, cards = tried[index] + 1, options[w]
            while nxt < len(cards):
                joined = self.after(cards[nxt], chosen.get(cards[nxt], frozenset()) | {w})
                if joined:
                    break
                unknown = unknown or joined is None
                nxt += 1
            if nxt < len(cards):
                tried[index] = nxt
                chosen[cards[nxt]] = chosen.get(cards[nxt], frozenset()) | {w}
                index += 1
            else:
                tried[index] = -1
                index -= 1
        return True if index == len(order) else None if unknown else False


def mask_of(worlds: Iterable[int]) -> int:
    """A set of worlds as a bit mask."""
    return sum(1 << w for w in worlds)


def sum_of(masks: Iterable[int]) -> int:
    """The union of bit masks."""
    return reduce(or_, masks, 0)


def largest(masks: list[int]) -> list[int]:
    """The masks that lie inside no other (each once), the largest first."""
    kept: list[int] = []
    for mask in sorted(set(masks), key=lambda m: -m.bit_count()):
        if mask and not any(mask & ~other == 0 for other in kept):
            kept.append(mask)
    return kept


def some(found: Iterable[bool | None]) -> bool | None:
    """Three-valued OR: True if one is, else None if one is not decided, else False."""
    unknown = False
    for value in found:
        if value:
            return True
        unknown = unknown or value is None
    return None if unknown else False


def every(found: Iterable[bool | None]) -> bool | None:
    """Three-valued AND: False if one is, else None if one is not decided, else True."""
    unknown = False
    for value in found:
        if value is False:
            return False
        unknown = unknown or value is None
    return None if unknown else True


def sure_cards(worlds: Sequence[Deal], after: int, seat: str, question: Question, *, cards: Iterable[Card] | None = None,
               node_limit: int | None = None, split_limit: int | None = None) -> dict[Card, bool | None]:
    """Each legal card of ``seat`` (to move after ``after`` cards of the Play section; only
    ``cards`` when given) -> whether it is a sure win for ``question`` over ``worlds`` (see
    the module); None where it was not decided (each card's search has ``node_limit``
    steps, a partner's split ``split_limit``). ValueError when the seat is not to move or
    does not play for the question."""
    search = Search(worlds, after, seat, question, node_limit, split_limit)
    if search.worlds[0].position.to_move != search.seat:
        raise ValueError(f"{seat} is not to move after {after} cards")
    everyone = frozenset(range(len(search.worlds)))
    result: dict[Card, bool | None] = {}
    for card in search.worlds[0].legal() if cards is None else cards:
        search.nodes = 0  # each card its own budget; what is known stays known
        try:
            result[card] = search.after(card, everyone)
        except OutOfNodes:
            result[card] = None
    return result


def guaranteed(worlds: Sequence[Deal], after: int, seat: str, question: Question, *,
               node_limit: int | None = None) -> bool | None:
    """Whether ``seat``'s side makes ``question`` in every world from the position after
    ``after`` cards, whoever is to move (see the module); None past ``node_limit`` nodes."""
    search = Search(worlds, after, seat, question, node_limit)
    try:
        return search.won(frozenset(range(len(search.worlds))))
    except OutOfNodes:
        return None

