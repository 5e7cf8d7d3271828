"""The classes the transposition table keys trick boundaries by (``build_classes`` in
``_search.pyx``): positions whose remaining cards show, suit by suit from the top, the
same holders, the same points (when the goal counts them) and the same cards the goal or
the deal names share one entry. Each test below keeps all but one of these the same, in
the core's own terms (``Core.class_cards``); tests/games/alsos/test_differential.py checks
the answers at large."""

from __future__ import annotations

import pytest

from alsos_solver._search import Core
from alsos_solver.games.alsos.questions import FigureMade
from alsos_solver.reference import best_points, can_make
from alsos_solver.rules import Kind
from alsos_solver.rules.contract import Contract
from alsos_solver.solver import Solver

from endgames import deal_from_hands

A, B, C = 0, 1, 2


def card(suit: int, strength: int) -> int:
    """A card in the core's internal ids (suit * 16 + strength, 0 the lowest)."""
    return suit * 16 + strength


def cards(*ids: int) -> int:
    return sum(1 << c for c in ids)


HIGH, MIDDLE, LOW = card(0, 6), card(0, 4), card(0, 2)
HANDS = {
    A: [card(1, 0), card(1, 1), card(1, 2)],
    B: [HIGH, LOW, card(2, 0)],  # B's two cards of suit 0 ...
    C: [MIDDLE, card(2, 1), card(2, 2)],  # ... and C's one between them
}


def loaded(*, worth=(), counts_points: bool = True, distinct: int = 0, held=()) -> Core:
    """A core with HANDS dealt, the cards ``worth`` 10 points each and the others nothing,
    A's points (else A's tricks) the goal."""
    card_points = [0] * 64
    for counted in worth:
        card_points[counted] = 10
    core = Core(1 << 16)
    core.setup(seats=3, tricks=3, trump=-1, must_beat=False, last_bonus=10, points=card_points,
               hands=[cards(*HANDS[k]) for k in range(3)], leader=A, held=held)
    core.set_goal(coef_points=[[int(counts_points), 0, 0]], coef_tricks=[[int(not counts_points), 0, 0]],
                  thresholds=[[0]], team=[1, 0, 0], distinct=distinct, uses_points=counts_points)
    return core


def test_a_seats_card_left_stands_for_its_class_once_the_card_between_is_gone():
    """C's card between B's two is gone: B's low card left plays as his high one would,
    and the class is named by the highest such position."""
    core = loaded()
    rest = cards(card(2, 0), card(2, 2))
    assert core.class_cards(cards(LOW) | rest) == core.class_cards(cards(HIGH) | rest) == cards(HIGH) | rest


def test_the_order_of_the_seats_cards_left_tells_classes_apart():
    """With C's card still between: B above C is not C above B."""
    core = loaded()
    assert core.class_cards(cards(HIGH, MIDDLE)) == cards(HIGH, MIDDLE)
    assert core.class_cards(cards(MIDDLE, LOW)) == cards(MIDDLE, LOW)


def test_cards_of_other_points_are_apart_when_the_goal_counts_points():
    core = loaded(worth=[HIGH])
    assert core.class_cards(cards(LOW)) == cards(LOW)
    assert loaded(worth=[HIGH], counts_points=False).class_cards(cards(LOW)) == cards(HIGH)


def test_a_card_the_goal_names_keeps_its_own_class():
    """A card to capture or to win a trick with (``distinct``) neither moves nor is
    moved to."""
    assert loaded(distinct=cards(HIGH)).class_cards(cards(LOW)) == cards(LOW)
    assert loaded(distinct=cards(LOW)).class_cards(cards(LOW)) == cards(LOW)


def test_a_held_card_keeps_its_own_class():
    held = [cards(LOW), cards(LOW)]  # kept back in the first two tricks
    assert loaded(held=held).class_cards(cards(LOW)) == cards(LOW)


def test_the_classes_follow_the_goal_loaded():
    core = loaded()
    core.set_goal(coef_points=[[1, 0, 0]], coef_tricks=[[0, 0, 0]], thresholds=[[0]], team=[1, 0, 0],
                  distinct=cards(LOW))
    assert core.class_cards(cards(LOW)) == cards(LOW)
    core.set_goal(coef_points=[[1, 0, 0]], coef_tricks=[[0, 0, 0]], thresholds=[[0]], team=[1, 0, 0])
    assert core.class_cards(cards(LOW)) == cards(HIGH)


def test_the_classes_follow_the_deal_set_up():
    """A new deal on a core with a goal loaded has its own classes at once: here B holds
    the middle card and C the low one."""
    core = loaded()
    hands = {A: HANDS[A], B: [HIGH, MIDDLE, card(2, 0)], C: [LOW, card(2, 1), card(2, 2)]}
    core.setup(seats=3, tricks=3, trump=-1, must_beat=False, last_bonus=10, points=[0] * 64,
               hands=[cards(*hands[k]) for k in range(3)], leader=A)
    assert core.class_cards(cards(MIDDLE)) == cards(HIGH)


def test_suits_of_more_than_nine_cards_are_refused():
    with pytest.raises(ValueError, match="at most 9 cards"):
        Core(1 << 16).setup(seats=3, tricks=1, trump=-1, must_beat=False, last_bonus=0, points=[0] * 64,
                            hands=[cards(card(0, 9)), cards(card(1, 0)), cards(card(2, 0))], leader=A)


def test_a_card_to_capture_keeps_its_class_in_play():
    """Trump is M and A still has to capture the trump O for család (its A and K are
    his). Család counts no points, so the classes merge cards of any points, but not the
    O: merged with A's higher trumps, a position where the O is gone would answer for
    one where A still has to take it (found by a random search with ``distinct`` left
    out of the classes: család came out lost)."""
    deal = deal_from_hands(
        {"A": "AOX9.A9.A.KO", "B": "KU87.KO7.K.A", "C": ".UX8.OUX987."}, Contract(Kind.TRUMP, trump=0), "A",
        play="P9 PK PU P7 PX PA MA MK P8 MX M8 TO TA TK TU ZK ZA TX",
    )
    question = FigureMade(0, "csalad")
    assert can_make(deal, question, after=18)
    assert Solver(deal, after=18).ask(question)


def test_cards_of_other_points_keep_their_classes_in_play():
    """Trump is M; B can force 69 points in the last three tricks. Merged with cards of
    other points of the same seat, positions worth other points would answer for each
    other (found by a random search with points left out of the classes: 59)."""
    deal = deal_from_hands(
        {"A": "AOX9.K9.A.AX", "B": "U87.AO.K9.KO", "C": ".UX87.OUX87."}, Contract(Kind.TRUMP, trump=0), "A",
        play="TA TK TO ZA ZK PU MA MU PX M8 P8 MO PK PA P7 T9 TU MX",
    )
    assert best_points(deal, 1, after=18) == 69
    assert Solver(deal, after=18).value(1) == 69
