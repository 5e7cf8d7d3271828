"""The sure-win search (alsos_solver.analysis.sure_win) against the brute-force single-dummy
reference (tests/single_dummy_reference.py) on random endings of two and three cards a
hand, in every game with hidden cards (issue 30, §3), and with one world against the
double-dummy answers.

An ending: a seeded random deal, a random legal Play section to the end, the point where
the seat is to move with two or three cards in each hand, and as the worlds the real deal
and up to five more layouts of the seat's view there (:mod:`alsos_solver.analysis.seat_view`).
The defenders declare all they hold (a ``Melds`` tag), so they have no concession to
choose: the reference leaves that choice out (see its module).
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, replace

import pytest

from alsos_solver.analysis.layouts import deal_of, layouts_of, view_layouts
from alsos_solver.analysis.seat_view import consistent, mover_at, seat_view
from alsos_solver.analysis.single_dummy import review, side_items
from alsos_solver.analysis.sure_win import Search, guaranteed, mask_of, sure_cards
from alsos_solver.cards import cards_of
from alsos_solver.deal import Deal
from alsos_solver.games import GAMES
from alsos_solver.io import loads
from alsos_solver.questions import Question, is_value_question
from alsos_solver.solver import Solver

import single_dummy_reference as reference
from conftest import ROOT

MOST_WORLDS = 6


@dataclass(frozen=True)
class Kind:
    """What an ending is drawn from: the game, the contract, a figure its trump 7's holder
    announces (None: none), and the seat reviewed: the declarer or a defender."""

    game: str
    contract: str
    figure: str | None
    declarer: bool


KINDS = [
    Kind("alsos", "P", None, declarer=True),
    Kind("alsos", "P", None, declarer=False),
    Kind("alsos", "NT", None, declarer=True),
    Kind("alsos", "NT", None, declarer=False),
    Kind("alsos", "BETLI", None, declarer=True),
    Kind("alsos", "BETLI", None, declarer=False),
    Kind("alsos", "Z", "ultimo", declarer=True),
    Kind("alsos", "T", "ultimo", declarer=False),
    Kind("alsos-2", "M", None, declarer=True),
    Kind("alsos-2", "M", None, declarer=False),
    Kind("alsos-4", "T", None, declarer=False),
    Kind("asszorti", "2 H", None, declarer=False),
    Kind("altiansz", "game M", None, declarer=True),
    Kind("altiansz", "game M", None, declarer=False),
]


@dataclass(frozen=True)
class Ending:
    """The seat to move after ``after`` cards of the deal's play, the worlds, and the
    seat's yes/no items."""

    deal: Deal
    seat: str
    after: int
    worlds: list[Deal]
    items: dict[str, Question]


def played_deal(rng: random.Random, kind: Kind) -> Deal | None:
    """A shuffled deal of the kind, the defenders declaring every meld kind, played to the
    end at random; None when the figure cannot be announced in it."""
    spec = GAMES[kind.game]
    order = list(range(spec.pack.size))
    rng.shuffle(order)
    hands = {}
    for seat in spec.seats:
        hands[seat] = 0
        if seat in spec.active:
            hands[seat], order = sum(1 << c for c in order[:spec.hand_size]), order[spec.hand_size:]
    contract = spec.parse_contract(kind.contract)
    declarer = rng.choice(spec.active)
    declared = {seat: spec.meld_kinds for seat in spec.active if seat != declarer}
    deal = Deal(hands, spec, talon=sum(1 << c for c in order), contract=contract, declarer=declarer,
                declared=declared)
    if kind.figure is not None:
        seven = spec.pack.card(contract.trump, spec.pack.rank_index("7"))
        owner = next((seat for seat in spec.active if hands[seat] >> seven & 1), None)
        if owner is None:
            return None
        deal = replace(deal, figures={owner: (kind.figure,)})
        if deal.problems():
            return None
    position, play = deal.position(), []
    while not position.is_over:
        card = rng.choice(list(cards_of(position.legal_moves())))
        position.push(card)
        play.append(card)
    return replace(deal, play=play)


def some_worlds(rng: random.Random, deal: Deal, seat: str, after: int, count: int) -> list[Deal]:
    """The real deal and up to ``count - 1`` other layouts of the seat's view, distinct."""
    view = seat_view(deal, seat, after)
    layouts = view_layouts(view)
    found = {(tuple(deal.hands.values()), deal.talon): deal}
    for _ in range(20 * count):
        if len(found) == count:
            break
        layout = deal_of(view, layouts.placed(layouts.sample(rng)))
        if consistent(layout, after) and view.admits(layout):
            found.setdefault((tuple(layout.hands.values()), layout.talon), layout)
    return list(found.values())


def ending(rng: random.Random, kind: Kind) -> Ending | None:
    """A random ending of the kind (see the module); None where it has no yes/no item for
    the seat."""
    deal = played_deal(rng, kind)
    if deal is None:
        return None
    spec = deal.game
    seats = len(spec.active)
    seat = deal.declarer if kind.declarer else rng.choice([s for s in spec.active if s != deal.declarer])
    trick = spec.hand_size - rng.choice([2, 3])
    after = next(a for a in range(trick * seats, (trick + 1) * seats) if mover_at(deal, a) == seat)
    items = {name: q for name, q in side_items(deal, seat).items() if not is_value_question(q)}
    if not items:
        return None
    return Ending(deal, seat, after, some_worlds(rng, deal, seat, after, rng.randint(2, MOST_WORLDS)), items)


def endings(kind: Kind, count: int, seed: int) -> list[Ending]:
    rng = random.Random(f"{kind}:{seed}")
    found = [ending(rng, kind) for _ in range(count)]
    return [e for e in found if e is not None]


def described(e: Ending) -> str:
    """The ending for a failure's message: the deal, the point, each world's deal."""
    worlds = "\n".join(str(replace(world, play=[])) for world in e.worlds)
    return f"{e.deal}\nseat {e.seat} to move after {e.after} cards; the worlds:\n{worlds}"


def check_against_reference(e: Ending) -> None:
    for name, question in e.items.items():
        expected = reference.sure_cards(e.worlds, e.after, e.seat, question)
        assert sure_cards(e.worlds, e.after, e.seat, question) == expected, f"{name}\n{described(e)}"
        assert guaranteed(e.worlds, e.after, e.seat, question) == reference.guaranteed(
            e.worlds, e.after, e.seat, question), f"{name}\n{described(e)}"


@pytest.mark.parametrize("kind", KINDS, ids=str)
def test_the_search_agrees_with_the_reference_on_random_endings(kind):
    for e in endings(kind, 20, seed=0):
        check_against_reference(e)


@pytest.mark.slow
@pytest.mark.parametrize("kind", KINDS, ids=str)
def test_the_search_agrees_with_the_reference_on_many_random_endings(kind):
    for e in endings(kind, 60, seed=1):
        check_against_reference(e)


@pytest.mark.parametrize("kind", KINDS, ids=str)
def test_the_largest_won_sets_decide_as_the_reference(kind):
    """The search's last resort at a partner's split (Search.front, the largest won sets
    built up from the end) on its own: a set of the worlds is won after a card exactly
    when it lies inside one of the largest won sets after it, for every set of the worlds
    (up to four: the reference judges each), at every kind of node below."""
    for e in endings(kind, 10, seed=3):
        worlds = e.worlds[:4]
        for name, question in e.items.items():
            search = Search(worlds, e.after, e.seat, question, None)
            everyone = frozenset(range(len(worlds)))
            for size in range(1, len(worlds) + 1):
                for group in itertools.combinations(range(len(worlds)), size):
                    expected = reference.sure_cards([worlds[w] for w in group], e.after, e.seat, question)
                    found = {card: any(mask_of(group) & ~won == 0 for won in search.front_after(card, everyone))
                             for card in expected}
                    assert found == expected, f"{name} {group}\n{described(e)}"
            for sets in search.fronts.values():
                assert all(a & ~b for a in sets for b in sets if a != b)  # none inside another


@pytest.mark.parametrize("kind", KINDS, ids=str)
def test_with_one_world_a_sure_win_is_a_double_dummy_win(kind):
    for e in endings(kind, 8, seed=2):
        for name, question in e.items.items():
            solver = Solver(e.deal, after=e.after)
            dd = {}
            for card in cards_of(solver.position.legal_moves()):
                solver.push(card)
                dd[card] = bool(solver.answer(question))
                solver.pop()
            assert sure_cards([e.deal], e.after, e.seat, question) == dd, f"{name}\n{described(e)}"
            assert reference.sure_cards([e.deal], e.after, e.seat, question) == dd, f"{name}\n{described(e)}"


SIGNAL = loads("""[Deal "A:AU9.X987.X7. KO.AKO.9.U87 87..OU8.AOX9"]
[Talon "MX PU TA TK ZK"]
[Contract "P"]
[Declarer "C"]
[Melds "A:sequences,vannak,bela B:sequences,vannak,bela"]
[Play "A"]
M9 MK M7
MO M8 MA
MU PK ZX
T9 TU TX
PX PO T8
T7 PA TO
Z7 ZA P9
P8 ZU Z9
P7 Z8 ZO
""")[0]
"""B defends; at trick 7 he leads from ZU Z8 Z7, C (declarer) and then A (his partner)
to play."""


def test_a_partner_moves_in_worlds_that_the_first_world_is_not_among():
    """Two more layouts: C holds TK ZK ZO and A PU P9 TA; C holds TA TK ZK and A MX ZA Z9.
    Each world alone is a sure defeat after any lead. After C's ZK (the two other worlds)
    A is to move there, while in the real layout C is still to move: the partner's card
    tells the worlds apart (a trump in one, a leaf in the other), so all three are a sure
    defeat too. (A search that took the mover from the first world treated A as an
    opponent there.)"""
    after = 18
    others = [loads(f'[Deal "{hands}"]\n[Talon "{talon}"]\n[Contract "P"]\n[Declarer "C"]\n')[0]
              for hands, talon in [("A:AU9.UX9.AX7. KO.AKO.9.U87 87..KOU8.KOX", "MX P8 P7 ZA Z9"),
                                   ("A:AUX9.X.X7.A9 KO.AKO.9.U87 87..AKOU8.KX", "PU P9 P8 P7 ZO")]]
    worlds = [SIGNAL, *(replace(SIGNAL, hands=other.hands, talon=other.talon) for other in others)]
    assert all(consistent(world, after) for world in worlds)
    defeat = side_items(SIGNAL, "B")["defeat"]
    leads = {SIGNAL.pack.card_of(name): True for name in ("ZU", "Z8", "Z7")}
    assert reference.sure_cards(worlds, after, "B", defeat) == leads
    assert sure_cards(worlds, after, "B", defeat) == leads


PLAYED = loads((ROOT / "puzzles" / "played.txt").read_text(encoding="utf-8"))[0]
"""Three-player Alsós in hearts, B declares game, abszolút and ultimó; played out."""
LAST_TRICKS = 3
EXACT_LIMIT = 3000
"""Enough to enumerate every layout of B's view in PLAYED's last three tricks, not before."""


def played_perfectly(deal: Deal, seat: str, item: str) -> Deal:
    """The deal's play up to its last three tricks, then played on: at each of the seat's
    decisions a card that is a sure win for the item (over every layout of its view) where
    some card is; every other seat the first of its legal cards."""
    seats = len(deal.game.active)
    question = side_items(deal, seat)[item]
    play = deal.play[:(deal.game.hand_size - LAST_TRICKS) * seats]
    position = deal.position()
    for card in play:
        position.push(card)
    while not position.is_over:
        legal = list(cards_of(position.legal_moves()))
        card = legal[0]
        if deal.game.active[position.to_move] == seat:
            worlds, exact = layouts_of(seat_view(replace(deal, play=list(play)), seat, len(play)), EXACT_LIMIT, 1, 0)
            assert exact
            sure = sure_cards(worlds, len(play), seat, question)
            card = next((c for c in legal if sure[c]), card)
        position.push(card)
        play.append(card)
    return replace(deal, play=play)


@pytest.mark.parametrize("item", ["game", "B:ultimo"])
def test_a_seat_that_plays_only_sure_wins_gets_no_sound_mistake(item):
    """At trick 7 of PLAYED, ZA is B's sure win for the ultimó and Z7 for the game: each
    item is played perfectly on its own."""
    deal = played_perfectly(PLAYED, "B", item)
    last = review(deal, "B", exact_limit=EXACT_LIMIT, samples=4).decisions[-LAST_TRICKS:]
    assert [d.trick for d in last] == [7, 8, 9] and all(d.exact for d in last)
    assert last[0].items[item][last[0].played].sure
    assert not any(d.marks[item] == "sound-mistake" for d in last)


def test_three_valued_or_and_and():
    """A search given up (None) neither proves nor refutes: OR is True if one is True,
    AND False if one is False; otherwise None wins over the rest."""
    from alsos_solver.analysis.sure_win import every, some

    assert some([False, None, True]) is True and some([False, None]) is None and some([False]) is False
    assert every([True, None, False]) is False and every([True, None]) is None and every([True]) is True
    assert some([]) is False and every([]) is True
