"""The odds of an announcement: how often what a seat could announce is makeable, given
only what that seat could see when it announced.

The view (``back``: the seat's hand at the first lead; ``front``: the cards it held
from the front, six (eight in two-player Alsós), given by the caller since the deal format
does not record them, and the others unknown), the face-up cards the deal records
(``Indicator``, ``TalonTop``, each where it lies at the first lead) and the caller's
``fixes`` are fixed; the contract, the declarer and the declarer's announced figures (what
the bidding revealed) are kept; every other card is dealt by the shared sampler
(:func:`alsos_solver.analysis.layouts.draw`), ``where`` its filter. When the ways to deal
them are at most ``exact_limit`` they are all enumerated and the rates are exact (``exact``:
no interval needed, ``low`` and ``high`` equal the rate); else ``samples`` are drawn from
``seed``. Either way every layout that meets ``where`` is equally likely, as with the
dealer (:mod:`alsos_solver.dealer`) that dealt them before: the sampler draws uniformly
among the ways to give each place its number of the unseen cards, and a filter that only
rejects keeps that uniform among the ways it accepts; each draw's swap (the two other
seats' unseen cards exchanged) is used only where the two take as many cards, so it is
uniform too. Which layouts a seed gives differs from the dealer's.

Each layout is solved, and per item the seat could announce in its view's round (``game``
when it is the declarer, ``defeat`` when it defends, each ``SEAT:figure`` of its own:
:func:`offered`) the share of layouts where it is makeable, with its Wilson 95% interval,
and its expected score. One sampled layout gives no interval: the bounds are None (null in
JSON).

Scores follow the best-announcement analysis (:mod:`.announcements`): the game counts
``±G`` (G = 1 trump, 2 no-trump), each figure ``±`` its value (twice from the front, as
the rules allow it there), kontras left out. An item's expected score is the mean of
``+value`` where it is makeable and ``-value`` where not. A set S of figures scores on
one layout what its announcer can guarantee: ``±G + value(S)`` when S is makeable in one
line (with the game or without), else at least, for the best makeable T within S,
``±G + value(T) - (value(S) - value(T))`` (T made, the rest lost); ``best`` is the set
with the highest mean (ties: fewer figures).

Layouts are dealt in order from the seed, solved in any order or process, and summed in
order: the result depends on the seed, not on ``jobs``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from ...cards import CardSet, cards_of
from ...deal import Deal
from ...games.alsos.questions import GameDefeated, GameWon
from ...questions import DeclarerPoints
from ...solver import Solver
from .announcements import check_announceable, declarer_items, defender_items, plan, search_side
from .figures import BACK, allowed_figures, rounds
from .values import GAME_VALUES

if TYPE_CHECKING:
    from ...dealer import Dealer

VIEWS = ("back", "front")
DEFAULT_SAMPLES = 100


@dataclass(frozen=True)
class Outcome:
    """One sample solved: the sets of the seat's items makeable in one line (item names
    in the order offered) -> with the game, and the declarer's points."""

    makeable: dict[tuple[str, ...], bool]
    declarer_points: int


@dataclass(frozen=True)
class ItemOdds:
    """An item's share of makeable layouts, its 95% interval (``low`` and ``high`` None
    when there is one sampled layout, the rate itself when the layouts are all of them),
    and its expected score."""

    rate: float
    low: float | None
    high: float | None
    expected_score: float

    def to_json(self) -> dict[str, float | None]:
        return {"rate": round(self.rate, 4), "low": rounded(self.low, 4), "high": rounded(self.high, 4),
                "expected_score": round(self.expected_score, 4)}


def rounded(value: float | None, digits: int) -> float | None:
    """The value rounded; None (no interval from one layout) stays None."""
    return None if value is None else round(value, digits)


@dataclass
class Odds:
    """The odds of one seat's announcements over ``samples`` layouts, all of them when
    ``exact``; ``not_offered``: the seat's figures its view's round does not allow
    (:func:`offered`)."""

    seat: str
    view: str
    samples: int
    seed: int | str
    items: dict[str, ItemOdds]
    best: tuple[str, ...]
    best_score: float
    declarer_points: dict[str, float | None] = field(default_factory=dict)
    exact: bool = False
    not_offered: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """``seat``, ``view``, ``samples``, ``seed``, ``exact``, ``items`` (item -> ``{rate,
        low, high, expected_score}``), ``not_offered`` (the seat's figures not announced
        in the view's round), ``best`` (``{announce, expected_score}``),
        ``declarer_points`` (``{mean, low, high}``: the mean and its 95% interval),
        ``kontras`` (always ``"left out"``). With one sampled layout every ``low`` and
        ``high`` is null; when ``exact`` they equal the rate (the mean)."""
        return {
            "seat": self.seat, "view": self.view, "samples": self.samples, "seed": self.seed, "exact": self.exact,
            "items": {name: odds.to_json() for name, odds in self.items.items()}, "not_offered": self.not_offered,
            "best": {"announce": list(self.best), "expected_score": round(self.best_score, 4)},
            "declarer_points": {key: rounded(value, 2) for key, value in self.declarer_points.items()},
            "kontras": "left out",
        }


@dataclass(frozen=True)
class View:
    """What the seat knows: cards fixed per place (a seat, or ``talon``); every other card
    is dealt at random."""

    seat: str
    name: str
    known: dict[str, CardSet]

    def fixes(self, deal: Deal, more: Sequence[str] = ()) -> list[str]:
        """The view, and ``more`` fixes (``A:PU``: what the bidding revealed), as the
        dealer's fixes, one per place. FixError for a fix that cannot be read."""
        from ...dealer import parse_fix

        known = dict(self.known)
        for text in more:
            fix = parse_fix(text, deal.game)
            known[fix.place] = known.get(fix.place, 0) | fix.cards
        pack = deal.pack
        return [f"{place}:{' '.join(pack.card_name(card) for card in cards_of(cards))}" for place, cards in known.items()]


def view_of(deal: Deal, seat: str, view: str, first: CardSet | None = None) -> View:
    """The seat's view of the deal. ValueError for an unknown view or seat, a front view
    without the cards of the seat's front hand (six; eight in two-player Alsós:
    :attr:`~alsos_solver.games.base.Game.front_hand`) or with cards the seat does not
    hold, first cards for the back view (which knows the whole hand)."""
    if view not in VIEWS:
        raise ValueError(f"unknown view {view!r} (expected {' or '.join(VIEWS)})")
    front_hand = deal.game.front_hand
    if view != "front" and first is not None:
        raise ValueError(f"the {front_hand} first cards are for the front view; the {view} view knows the whole hand")
    if seat not in deal.game.active:
        raise ValueError(f"unknown seat {seat!r} (expected one of {' '.join(deal.game.active)})")
    hand = deal.hands[seat]
    own = hand
    if view == "front":
        if first is None:
            raise ValueError(f"the front view needs the {front_hand} cards {seat} held from the front (the deal format does not record them)")
        if first & ~hand:
            strangers = " ".join(deal.pack.card_name(card) for card in cards_of(first & ~hand))
            raise ValueError(f"the front view needs {front_hand} cards of {seat}'s hand: {strangers} not in it")
        if first.bit_count() != front_hand:
            raise ValueError(f"the front view needs {front_hand} cards of {seat}'s hand, found {first.bit_count()}")
        own = first
    known = {seat: own}
    for card in (deal.indicator, deal.talon_top):
        if card is None or hand >> card & 1:
            continue
        place = next((s for s, cards in deal.hands.items() if cards >> card & 1), "talon")
        known[place] = known.get(place, 0) | 1 << card
    return View(seat, view, known)


def solve_samples(samples: Sequence[Deal], seat: str, front: bool) -> list[Outcome]:
    """:func:`solve_sample` of each (the unit of work sent to a process)."""
    return [solve_sample(sample, seat, front) for sample in samples]


def solve_sample(deal: Deal, seat: str, front: bool) -> Outcome:
    """One layout: the seat's makeable sets (the declarer's with GameWon, a defender's
    with GameDefeated, against the declarer's announced figures) and the declarer's points."""
    seats = deal.game.active
    index = seats.index(seat)
    base = replace(deal, play=[], play_leader=None, kontra={})
    game_value = GAME_VALUES[deal.contract.kind]
    if seat == deal.declarer:
        base = replace(base, figures={}, front={})
        items, game = declarer_items(base), GameWon()
    else:
        items, game = [item for item in defender_items(base) if item[0] == index], GameDefeated()
    solver = Solver(base)
    found = search_side(solver, items, game, game_value, front)
    names = [f"{seats[s]}:{figure}" for s, figure in found.items]
    makeable = {tuple(names[i] for i in chosen): with_game for chosen, with_game in found.makeable.items()}
    return Outcome(makeable, solver.value(DeclarerPoints()))


def offered(deal: Deal, seat: str, front: bool) -> list[str]:
    """Every figure the seat may announce in the contract, as ``SEAT:figure``; from the
    back only those the back round allows (:func:`~.figures.rounds`: in two-player Alsós
    abszolút is announced from the front only, seed 003 'Two-Player Game'). The front view
    offers them all: a figure may still be announced from the back after it."""
    two_players = deal.game.two_players
    return [f"{seat}:{name}" for name in allowed_figures(deal.contract, deal.options)
            if front or BACK in rounds(name, two_players)]


def not_offered(deal: Deal, seat: str, front: bool) -> list[str]:
    """The seat's figures allowed in the contract that its view's round does not allow."""
    return [name for name in offered(deal, seat, True) if name not in offered(deal, seat, front)]


def odds(
    deal: Deal, seat: str, *, view: str = "back", samples: int = DEFAULT_SAMPLES, seed: int | str = 0,
    where: str | None = None, fixes: Sequence[str] = (), first: CardSet | None = None, max_tries: int | None = None,
    exact_limit: int | None = None, solve: Callable[[list[Deal]], Sequence[Outcome]] | None = None,
) -> Odds:
    """The odds of the seat's announcements (see the module). ``solve`` maps a list of
    layouts to their outcomes in order (default: :func:`solve_samples` in this process);
    ``fixes`` add what the seat knew besides its view (dealer fixes: ``A:PU``);
    ``exact_limit`` None: ``samples`` (every layout is solved when that is no more work
    than sampling: each costs a solve of the whole deal).
    ValueError (DealerError, PredicateError, TooFewLayouts) for a deal, view or condition
    that cannot be sampled, or a contract without figures (``odds need a trump or
    no-trump game, not betli``); NotApplicable for a game without figures to announce."""
    from ...dealer import DEFAULT_MAX_TRIES, Dealer

    check_announceable(deal, "odds")
    seen = view_of(deal, seat, view, first)
    dealer = Dealer(deal.game, deal.contract, deal.declarer, where, seen.fixes(deal, fixes), deal.options, strategy="reject")
    limit = samples if exact_limit is None else exact_limit
    dealt, exact = unseen_layouts(deal, seat, dealer, where, exact_limit=limit, samples=samples, seed=seed,
                                  max_tries=max_tries or DEFAULT_MAX_TRIES)
    front = view == "front"
    outcomes = solve_samples(dealt, seat, front) if solve is None else list(solve(dealt))
    return summarise(deal, seat, view, seed, outcomes, front, exact=exact)


def unseen_layouts(deal: Deal, seat: str, dealer: Dealer, where: str | None, **drawing: Any) -> tuple[list[Deal], bool]:
    """The layouts to solve (:func:`~alsos_solver.analysis.layouts.draw` with ``drawing``,
    its keyword arguments) and whether they are all of them: the cards the dealer's
    fixes leave free dealt to its places, kept where its ``where`` checks hold; each
    layout the deal's contract and declarer, and the declarer's announced figures when
    ``seat`` defends (what the bidding revealed). ValueError when none meets ``where``."""
    from ...analysis.layouts import Layouts, draw
    from ...dealer.fixes import TALON

    places = (*deal.game.seats, TALON)
    plan = dealer.layout
    layouts = Layouts(sum(1 << card for card in plan.free), dict(zip(places, plan.need)), viewer=seat)

    def build(placed: dict[str, CardSet]) -> list[CardSet]:
        return [fixed | placed.get(place, 0) for place, fixed in zip(places, plan.fixed)]

    def keep(cards: list[CardSet]) -> bool:
        return all(check(cards) for check in dealer.checks)

    found, exact = draw(layouts, build, keep, kept=f"met {where!r}", **drawing)
    if not found:
        raise ValueError(f"no layout of the {layouts.total:,} the view leaves met {where!r}")
    declarer, figures = deal.declarer, deal.figures.get(deal.declarer, ()) if seat != deal.declarer else ()
    known: dict[str, Any] = {"figures": {declarer: figures}} if figures else {}
    if figures and declarer in deal.front:
        known["front"] = {declarer: deal.front[declarer]}
    dealt = [Deal(hands=dict(zip(deal.game.seats, cards)), game=deal.game, talon=cards[-1], contract=deal.contract,
                  declarer=declarer, options=deal.options, dealer=deal.dealer, **known) for cards in found]
    return dealt, exact


def summarise(deal: Deal, seat: str, view: str, seed: int | str, outcomes: Sequence[Outcome], front: bool, *,
              exact: bool = False) -> Odds:
    """The odds from the layouts' outcomes, in order: with ``exact`` (all of them) the
    bounds are the rate itself; else no interval (None bounds) from one."""
    from statistics import fmean, stdev

    from ...proportions import Z95, wilson

    count = len(outcomes)
    if not count:
        raise ValueError("the odds need at least one sample")
    game_value = GAME_VALUES[deal.contract.kind]
    index = deal.game.active.index(seat)

    def value(names: Sequence[str]) -> int:
        announced = plan(deal, [(index, name.split(":", 1)[1]) for name in names], front)
        return 0 if announced is None else announced.value

    def item(made: list[bool], worth: int) -> ItemOdds:
        hits = sum(made)
        if exact:
            low = high = hits / count
        else:
            low, high = wilson(hits, count) if count > 1 else (None, None)
        return ItemOdds(hits / count, low, high, fmean(worth if m else -worth for m in made))

    game_name = "game" if seat == deal.declarer else "defeat"
    items = {game_name: item([outcome.makeable[()] for outcome in outcomes], game_value)}
    for name in offered(deal, seat, front):
        items[name] = item([(name,) in outcome.makeable for outcome in outcomes], value([name]))

    def guaranteed(chosen: tuple[str, ...], outcome: Outcome) -> int:
        whole = value(chosen)
        best = None
        for made, with_game in outcome.makeable.items():
            if set(made) <= set(chosen):
                part = value(made)
                score = (game_value if with_game else -game_value) + part - (whole - part)
                best = score if best is None else max(best, score)
        assert best is not None  # the empty set is always makeable (with the game or not)
        return best

    sets = {chosen for outcome in outcomes for chosen in outcome.makeable}
    scores = {chosen: fmean(guaranteed(chosen, outcome) for outcome in outcomes) for chosen in sets}
    best = max(sorted(scores, key=lambda s: (len(s), s)), key=lambda s: scores[s])
    points = [outcome.declarer_points for outcome in outcomes]
    mean = fmean(points)
    if exact:
        half: float | None = 0.0
    else:
        half = Z95 * stdev(points) / count ** 0.5 if count > 1 else None
    interval = {"low": None, "high": None} if half is None else {"low": mean - half, "high": mean + half}
    return Odds(seat, view, count, seed, items, best, scores[best], {"mean": mean, **interval}, exact,
                not_offered(deal, seat, front))

