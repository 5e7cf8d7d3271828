"""Single-dummy review: was each card a seat played right on what it could see?

At each of the seat's decisions (every card it played in the Play section, forced ones
included) the layouts consistent with its view (:mod:`.seat_view`) are enumerated when
there are at most ``exact_limit`` of them, else ``samples`` of them are drawn uniformly
from ``random.Random(seed)``, each paired with the layout that swaps the two other seats'
unseen cards where that swap maps the layouts onto themselves (a cheap variance cut that
keeps the draws uniform: :func:`.layouts.draw`). Every layout is
solved double-dummy after each legal card (:class:`~alsos_solver.solver.Solver` after the
Play prefix, the card pushed) for each item the seat's side cares about: ``game`` for the
declarer (``betli`` in a betli), ``defeat`` for a defender, and ``SEAT:figure`` for each
figure the seat announced.

Per card and item: ``rate`` the share of layouts where the item is still made with best
play afterwards, ``low``/``high`` its Wilson 95% interval (the rate itself when the
layouts were enumerated: exact), ``worst`` whether it is made in every layout, ``dd`` its
double-dummy value on the real layout, ``sure`` whether it is a sure win: the seat has one
strategy starting with it that makes the item in every layout, its later choices the same
in layouts it cannot tell apart, every other seat seeing everything (:mod:`.sure_win`).
``sure`` is decided exactly where the layouts are all of them (enumerated) and the search
ends within its node limit; None elsewhere. A card some layout fails is never a sure win.

A value item (a value question, higher better for the seat's side): ``rate`` the share of
layouts where the card keeps the best value any legal card has there, ``worst`` its least
value, ``mean`` its average, ``dd`` its value on the real layout, ``sure`` None; its
``dd-only`` mark is a lower ``dd`` than the best card's. The value item is ``score``, the
net score of the seat's side with the kontras, where the game asks it exactly (a value
question named ``score`` that fits the core: Asszorti's, the Alsós games').

Marks per item on the played card, most severe first:

* ``sound-mistake``: another legal card is a sure win and the played card is not (decided
  by the exact search only, never from averages);
* ``worse-on-average``: its rate is lower than the best card's (sampled: its ``high``
  below the best card's ``low``), an estimate either way;
* ``dd-only``: neither, but on the real layout another card made the item and it did not.

The decision's ``mark`` is the most severe of its items' marks.

Averages over layouts are optimistic: each layout is solved with every hand open, so the
seat guesses right later in each; the sure win asks for one strategy for all of them. A
defender's partner is taken to see everything: he knows the layout and the seat's
strategy, and chooses with him.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from statistics import fmean
from typing import Any

from ..deal import Deal
from ..proportions import wilson
from ..errors import NotApplicable
from ..questions import Setting, ValueQuestion, parse_question
from ..solver import Solver
from .card_values import card_order
from .layouts import layouts_of
from .seat_view import mover_at, seat_view
from .sure_win import DEFAULT_NODE_LIMIT, SPLIT_LIMIT, sure_cards

Results = dict[str, dict[int, bool | int]]
"""Item -> legal card -> its double-dummy result on one layout: made (yes/no) or the value."""

SURE_TRICKS = 3
"""The exact search runs at every enumerated decision of the last this many tricks."""
SURE_EARLY_LAYOUTS = 500
"""Before them, at an enumerated decision of at most this many layouts."""
LATE_PATIENCE = 10
"""In those last tricks the search must decide (issue 30): a card it gave up on is searched
again with this many times the steps (the node limit and a partner's split's)."""

DEFAULT_EXACT_LIMIT = 20_000
DEFAULT_SAMPLES = 200
MARKS = ("sound-mistake", "worse-on-average", "dd-only")
"""The marks, most severe first."""


@dataclass
class CardFigures:
    """One legal card's figures for one item (see the module)."""

    rate: float
    low: float
    high: float
    worst: bool | int
    dd: bool | int
    sure: bool | None = None
    mean: float | None = None
    """A value item's average over the layouts (None for a yes/no item)."""

    def to_json(self) -> dict[str, Any]:
        data = {"rate": round(self.rate, 4), "low": round(self.low, 4), "high": round(self.high, 4),
                "worst": self.worst, "dd": self.dd, "sure": self.sure}
        if self.mean is not None:
            data["mean"] = round(self.mean, 4)
        return data


@dataclass
class Decision:
    """One card the seat played: its trick (from 1), its place in the trick (from 1), the
    layouts solved, whether they were all of them, and per item and legal card the figures."""

    trick: int
    card: int
    played: str
    layouts: int
    exact: bool
    items: dict[str, dict[str, CardFigures]] = field(default_factory=dict)
    marks: dict[str, str | None] = field(default_factory=dict)

    @property
    def mark(self) -> str | None:
        found = [mark for mark in MARKS if mark in self.marks.values()]
        return found[0] if found else None

    def to_json(self) -> dict[str, Any]:
        return {"trick": self.trick, "card": self.card, "played": self.played, "layouts": self.layouts,
                "exact": self.exact,
                "items": {item: {card: figures.to_json() for card, figures in cards.items()}
                          for item, cards in self.items.items()},
                "marks": self.marks, "mark": self.mark}


@dataclass
class Review:
    """A seat's decisions reviewed."""

    seat: str
    deal: Deal
    decisions: list[Decision]
    seed: int | str

    def to_json(self) -> dict[str, Any]:
        deal = self.deal
        return {"seat": self.seat, "seed": self.seed,
                "deal": {"game": str(deal.game), "contract": deal.game.contract_token(deal.contract),
                         "declarer": deal.declarer, "play": [deal.pack.card_name(c) for c in deal.play]},
                "decisions": [decision.to_json() for decision in self.decisions]}


def side_items(deal: Deal, seat: str) -> dict[str, Any]:
    """Item name -> question for the seat's side: ``game`` (or ``betli``) for the declarer,
    ``defeat`` for a defender, ``SEAT:figure`` for each figure the seat announced, and
    ``score`` where the game asks it exactly (a value question of that name whose goal
    fits the core: the net score with the kontras; its value is the declarer's, negated
    for a defender by :func:`oriented`)."""
    names = ["game", "betli"] if seat == deal.declarer else ["defeat"]
    items: dict[str, Any] = {}
    for name in names:
        try:
            items[name] = parse_question(name, deal)
            break
        except (NotApplicable, ValueError):
            continue
    for name in [f"{seat}:{figure}" for figure in deal.figures.get(seat, ())] + ["score"]:
        try:
            question = parse_question(name, deal)
            question.check(Setting.of(deal))
        except (NotApplicable, ValueError):  # GoalTooLarge too: a score the core cannot ask
            continue
        if name != "score" or isinstance(question, ValueQuestion):
            items[name] = question
    if not items:
        raise NotApplicable(f"no item for {seat} to review in this contract")
    return items


def card_results(deal: Deal, after: int, items: dict[str, Any]) -> Results:
    """Item -> legal card -> with best play after it (double-dummy, one layout): whether a
    yes/no item is made, a value item's value."""
    solver = Solver(deal, after=after)
    legal = card_order(deal, solver.position.legal_moves())
    results: Results = {name: {} for name in items}
    for card in legal:
        solver.push(card)
        for name, question in items.items():
            results[name][card] = solver.answer(question)
        solver.pop()
    return results


def solve_layouts(tasks: list[tuple[int, Deal]], items: dict[str, Any]) -> list[Results]:
    """:func:`card_results` of each (after, layout): the unit of work sent to a process."""
    return [card_results(layout, after, items) for after, layout in tasks]


def search_sure(tasks: list[SureTask], node_limit: int | None) -> list[dict[int, bool | None]]:
    """:func:`~.sure_win.sure_cards` of each task: the unit of work sent to a process. A
    late task's undecided cards are searched again with :data:`LATE_PATIENCE` times the
    steps."""
    found = []
    for task in tasks:
        cards = sure_cards(task.worlds, task.after, task.seat, task.question, node_limit=node_limit)
        undecided = [card for card, sure in cards.items() if sure is None]
        if task.late and undecided:
            cards |= sure_cards(task.worlds, task.after, task.seat, task.question, cards=undecided,
                                node_limit=LATE_PATIENCE * (node_limit or DEFAULT_NODE_LIMIT),
                                split_limit=LATE_PATIENCE * SPLIT_LIMIT)
        found.append(cards)
    return found


def figures_of(results: Sequence[bool | int], exact: bool, dd: bool | int,
               best: Sequence[int] | None = None) -> CardFigures:
    """A card's figures from its results over the layouts and on the real one. A yes/no
    item's ``rate`` is the share of layouts where it is made, ``worst`` whether in all; a
    value item's (``best``: per layout the best value of any legal card, higher better for
    the seat's side) the share where the card loses nothing, ``worst`` its least value,
    ``mean`` its average."""
    count = len(results)
    hits = sum(results) if best is None else sum(value == most for value, most in zip(results, best))
    rate = hits / count
    low, high = (rate, rate) if exact else wilson(hits, count)
    if best is None:
        return CardFigures(rate, low, high, all(results), dd)
    return CardFigures(rate, low, high, min(results), dd, mean=fmean(results))


def mark_of(cards: dict[str, CardFigures], played: str, exact: bool) -> str | None:
    """The played card's mark for one item (see the module): ``dd-only`` when another card
    did better on the real layout (made a yes/no item it failed, kept a higher value)."""
    mine = cards[played]
    best = max(cards.values(), key=lambda f: f.rate)
    worse = mine.rate < best.rate if exact else mine.high < best.low
    if worse:
        return "worse-on-average"
    if mine.dd < max(f.dd for f in cards.values()):
        return "dd-only"
    return None


@dataclass(frozen=True)
class Point:
    """One of ``seat``'s decisions to review: before card ``after`` (0-based) of the Play
    section, with the layouts to solve and whether they are all of them."""

    seat: str
    after: int
    layouts: list[Deal]
    exact: bool


@dataclass(frozen=True)
class SureTask:
    """One exact search: the seat's cards at a decision, for one item, over every layout."""

    point: int
    item: str
    worlds: list[Deal]
    after: int
    seat: str
    question: Any
    late: bool = False
    """In the last :data:`SURE_TRICKS` tricks: searched again with more steps where undecided."""


def point_of(deal: Deal, seat: str, after: int, exact_limit: int, samples: int, seed: int | str,
             fixes: Sequence[str], where: str | None) -> Point:
    """The decision before card ``after`` with its layouts (see the module); ``fixes`` and
    ``where`` add what the seat knew besides its view."""
    layouts, exact = layouts_of(seat_view(deal, seat, after, fixes=fixes, where=where), exact_limit, samples, seed)
    return Point(seat, after, layouts, exact)


def decision_of(deal: Deal, point: Point, items: dict[str, Any], per_layout: list[Results],
                sure: dict[str, dict[int, bool | None]]) -> Decision:
    """A decision's figures and marks from its layouts' results, the real layout's, and
    the exact search's (``sure``: item -> card -> sure win; an item missing: not decided)."""
    after, exact = point.after, point.exact
    real = card_results(deal, after, items)
    pack, size = deal.pack, len(deal.game.active)
    played = pack.card_name(deal.play[after])
    decision = Decision(after // size + 1, after % size + 1, played, len(point.layouts), exact)
    for name, question in items.items():
        against = plays_against(deal, point.seat, question)
        found = [oriented(results[name], against) for results in per_layout]
        best = [max(cards.values()) for cards in found] if isinstance(question, ValueQuestion) else None
        cards = {pack.card_name(card): figures_of([values[card] for values in found], exact, dd, best)
                 for card, dd in oriented(real[name], against).items()}
        for card, figures in cards.items():
            figures.sure = sure_of(sure.get(name), figures, pack.card_of(card))
        decision.items[name] = cards
        decision.marks[name] = "sound-mistake" if sound_mistake(cards, played) else mark_of(cards, played, exact)
    return decision


def plays_against(deal: Deal, seat: str, question: Any) -> bool:
    """Whether ``question`` is a value question the other side plays for: its value is then
    the seat's side's negated (the value is what one side forces against the other)."""
    return isinstance(question, ValueQuestion) and deal.game.active.index(seat) not in question.team(Setting.of(deal))


def oriented(results: dict[int, bool | int], against: bool) -> dict[int, bool | int]:
    """A card's results as the seat's side counts them (:func:`plays_against`)."""
    return {card: -value for card, value in results.items()} if against else results


def sure_of(found: dict[int, bool | None] | None, figures: CardFigures, card: int) -> bool | None:
    """A card's ``sure``: False when some layout fails it (no strategy wins that one), the
    exact search's answer where it ran, else None (not decided)."""
    if not figures.worst and found is not None:
        return False
    return None if found is None else found.get(card)


def sound_mistake(cards: dict[str, CardFigures], played: str) -> bool:
    """Another card is a sure win and the played one is known not to be."""
    return cards[played].sure is False and any(f.sure for name, f in cards.items() if name != played)


def sure_tasks(deal: Deal, points: list[Point], seat: str, items: dict[str, Any],
               per_point: list[list[Results]]) -> list[SureTask]:
    """The exact searches worth running: where the layouts are all of them, the decision
    affordable (:func:`affordable`), and some card makes the item in every layout (only
    such a card can be a sure win)."""
    tasks = []
    for index, (point, results) in enumerate(zip(points, per_point)):
        if not point.exact or not point.layouts or not affordable(deal, point):
            continue
        for name, question in items.items():
            if isinstance(question, ValueQuestion):
                continue
            cards = results[0][name]
            if any(all(found[name][card] for found in results) for card in cards):
                tasks.append(SureTask(index, name, point.layouts, point.after, seat, question, in_last_tricks(deal, point)))
    return tasks


def affordable(deal: Deal, point: Point) -> bool:
    """Whether the exact search runs at a decision: in the last :data:`SURE_TRICKS` tricks
    (the seat holds that many cards or fewer), or earlier over at most
    :data:`SURE_EARLY_LAYOUTS` layouts."""
    return in_last_tricks(deal, point) or len(point.layouts) <= SURE_EARLY_LAYOUTS


def in_last_tricks(deal: Deal, point: Point) -> bool:
    """Whether the decision is in the last :data:`SURE_TRICKS` tricks: the seat holds that
    many cards or fewer."""
    held = deal.hands[point.seat].bit_count() - sum(1 for card in deal.play[:point.after]
                                                     if deal.hands[point.seat] >> card & 1)
    return held <= SURE_TRICKS


Mapper = Callable[[Callable[[list], list], list], list]
"""Runs a function over chunks of a list and joins the results in order
(:func:`alsos_solver.batch.runner.map_chunks` with its jobs; default: in this process)."""


def in_process(function: Callable[[list], list], items: list) -> list:
    return function(items)


def review(deal: Deal, seat: str, *, exact_limit: int = DEFAULT_EXACT_LIMIT, samples: int = DEFAULT_SAMPLES,
           seed: int | str = 0, fixes: Sequence[str] = (), where: str | None = None, node_limit: int | None = None,
           run: Mapper = in_process) -> Review:
    """Every card ``seat`` played in the deal's Play section reviewed (see the module and
    :func:`decide`). ValueError for an unknown seat or a deal without a Play section
    (FixError for a fix, PredicateError for a condition, that cannot be read or
    contradicts the view); NotApplicable where the seat's side has no item."""
    if seat not in deal.game.active:
        raise ValueError(f"unknown seat {seat!r} (expected one of {' '.join(deal.game.active)})")
    if not deal.play:
        raise ValueError("the deal has no Play section to review")
    first = seat_view(deal, seat, 0, fixes=fixes, where=where)
    if where is not None and not first.condition(deal):
        raise ValueError(f"the deal does not meet the condition {where!r} (what {seat} knew is true)")
    afters = [after for after in range(len(deal.play)) if mover_at(deal, after) == seat]
    decisions = decide(deal, seat, afters, side_items(deal, seat), exact_limit=exact_limit, samples=samples,
                       seed=seed, fixes=fixes, where=where, node_limit=node_limit, run=run)
    return Review(seat, deal, decisions, seed)


def decide(deal: Deal, seat: str, afters: Sequence[int], items: dict[str, Any], *,
           exact_limit: int = DEFAULT_EXACT_LIMIT, samples: int = DEFAULT_SAMPLES, seed: int | str = 0,
           fixes: Sequence[str] = (), where: str | None = None, node_limit: int | None = None,
           run: Mapper = in_process) -> list[Decision]:
    """The seat's decisions before cards ``afters`` (0-based) of the Play section, for
    ``items`` (name -> question); ``fixes`` and ``where`` add what the seat knew besides
    its view (:func:`.seat_view.seat_view`). The layouts are drawn here, in order from the
    seed; ``run`` may solve them in any process: the result depends on the seed, not on
    ``run``."""
    points = [point_of(deal, seat, after, exact_limit, samples, seed, fixes, where) for after in afters]
    solved = iter(run(partial(solve_layouts, items=items), [(p.after, layout) for p in points for layout in p.layouts]))
    per_point = [[next(solved) for _ in point.layouts] for point in points]
    tasks = sure_tasks(deal, points, seat, items, per_point)
    sure: list[dict[str, dict[int, bool | None]]] = [{} for _ in points]
    for task, found in zip(tasks, run(partial(search_sure, node_limit=node_limit), tasks)):
        sure[task.point][task.item] = found
    for index, point in enumerate(points):
        if point.exact and point.layouts and affordable(deal, point):
            for name, question in items.items():
                if not isinstance(question, ValueQuestion):
                    sure[index].setdefault(name, {})
    return [decision_of(deal, point, items, results, found) for point, results, found in zip(points, per_point, sure)]
