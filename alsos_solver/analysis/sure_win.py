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
  by backtracking over the worlds, each group checked as it grows.

Results are kept per (history, worlds). A search that passes ``node_limit`` nodes (sets
of worlds judged, and steps of the partner's backtracking) stops and answers None (not
decided).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card, cards_of
from ..deal import Deal
from ..questions import Question, Setting
from ..solver import Solver

DEFAULT_NODE_LIMIT = 200_000
"""Search nodes (sets of worlds at a history) one search may visit before it gives up."""


class OutOfNodes(Exception):
    """The search passed its node limit."""


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

    def __init__(self, worlds: Sequence[Deal], after: int, seat: str, question: Question, node_limit: int | None):
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
        self.nodes = 0
        self.line: list[Card] = []
        self.known: dict[tuple[tuple[Card, ...], frozenset[int]], bool] = {}

    def won(self, group: frozenset[int]) -> bool:
        """Whether the seat's side wins every world of ``group`` (see the module)."""
        key = (tuple(self.line), group)
        if key not in self.known:
            self.known[key] = self._won(group)
        return self.known[key]

    def count(self) -> None:
        """One more node; OutOfNodes past the limit."""
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise OutOfNodes

    def _won(self, group: frozenset[int]) -> bool:
        self.count()
        worlds = [self.worlds[w] for w in group]
        if not all(world.made() for world in worlds):
            return False
        position = worlds[0].position
        if len(group) == 1 or position.is_over or position.hands[self.seat].bit_count() <= 1:
            return True
        mover = position.to_move
        if mover == self.seat:
            return any(self.after(card, group) for card in worlds[0].legal())
        if mover in self.team:
            return self.partner_wins(group)
        playable: dict[Card, set[int]] = {}
        for w in group:
            for card in self.worlds[w].legal():
                playable.setdefault(card, set()).add(w)
        return all(self.after(card, frozenset(ws)) for card, ws in playable.items())

    def after(self, card: Card, group: frozenset[int]) -> bool:
        """Whether ``group`` is won after ``card`` is played in each of its worlds."""
        for w in group:
            self.worlds[w].push(card)
        self.line.append(card)
        try:
            return self.won(group)
        finally:
            self.line.pop()
            for w in group:
                self.worlds[w].pop()

    def partner_wins(self, group: frozenset[int]) -> bool:
        """A partner to move: some split of the worlds into groups, each won after one card
        legal in all its worlds (see the module)."""
        options = {w: [card for card in self.worlds[w].legal() if self.after(card, frozenset([w]))] for w in group}
        order = sorted(group, key=lambda w: len(options[w]))
        if not options[order[0]]:
            return False
        chosen: dict[Card, frozenset[int]] = {}

        def place(index: int) -> bool:
            self.count()
            if index == len(order):
                return True
            w = order[index]
            for card in options[w]:
                grown = chosen.get(card, frozenset()) | {w}
                if self.after(card, grown):
                    before = chosen.get(card)
                    chosen[card] = grown
                    if place(index + 1):
                        return True
                    if before is None:
                        del chosen[card]
                    else:
                        chosen[card] = before
            return False

        return place(0)


def sure_cards(worlds: Sequence[Deal], after: int, seat: str, question: Question, *,
               node_limit: int | None = None) -> dict[Card, bool | None]:
    """Each legal card of ``seat`` (to move after ``after`` cards of the Play section) ->
    whether it is a sure win for ``question`` over ``worlds`` (see the module); None where
    the search passed ``node_limit`` nodes. ValueError when the seat is not to move or does
    not play for the question."""
    search = Search(worlds, after, seat, question, node_limit)
    if search.worlds[0].position.to_move != search.seat:
        raise ValueError(f"{seat} is not to move after {after} cards")
    everyone = frozenset(range(len(search.worlds)))
    result: dict[Card, bool | None] = {}
    for card in search.worlds[0].legal():
        try:
            result[card] = search.after(card, everyone)
        except OutOfNodes:
            result[card] = None
            search.nodes = 0
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

