"""The search core's move ordering against a scorer (``move_score``): where one seat's own
points count, a seat against it tries first the cards after which the trick can no longer
go to him. Built in the core's own terms; the answer is the same in any order, so the
test reads the nodes searched."""

from __future__ import annotations

from alsos_solver._search import Core

DECLARER, FIGURE, PARTNER = 0, 1, 2
WORTH = (0, 0, 0, 2, 3, 4, 10, 11)
"""Points by strength, 0 the lowest (7 8 9 U O K X A)."""


def card(suit: int, strength: int) -> int:
    """A card in the core's internal ids (suit * 16 + strength, 0 the lowest)."""
    return suit * 16 + strength


def reaches(hands: dict[int, list[int]], threshold: int) -> tuple[bool, int]:
    """Whether the figure seat, his partner helping, takes ``threshold`` points against the
    declarer, who leads, without trumps, the last trick worth 10; and the nodes searched."""
    card_points = [0] * 64
    for cards in hands.values():
        for c in cards:
            card_points[c] = WORTH[c & 15]
    core = Core(1 << 16)
    core.setup(seats=3, tricks=len(hands[FIGURE]), trump=-1, must_beat=False, last_bonus=10, points=card_points,
               hands=[sum(1 << c for c in hands[k]) for k in range(3)], leader=DECLARER)
    core.set_goal(coef_points=[[int(k == FIGURE) for k in range(3)]], coef_tricks=[[0, 0, 0]], thresholds=[[threshold]],
                  team=[0, 1, 1])
    before = core.nodes
    return core.query([]), core.nodes - before


def test_the_declarer_refutes_a_figure_with_a_lead_safe_from_it_first():
    """Of 46 points the figure seat cannot take 35. The declarer's 7 of the first suit (the
    figure is void there) and his Over of the last (above the figure's Under) are safe
    from him; his other two leads are not. Tried first, a safe lead refutes at once: a
    handful of nodes, where trying the others first took 175."""
    hands = {
        DECLARER: [card(0, 0), card(1, 2), card(3, 0), card(3, 4)],
        FIGURE: [card(1, 1), card(1, 3), card(2, 4), card(3, 3)],
        PARTNER: [card(0, 4), card(0, 7), card(2, 3), card(3, 6)],
    }
    made, nodes = reaches(hands, 35)
    assert not made
    assert nodes <= 10
