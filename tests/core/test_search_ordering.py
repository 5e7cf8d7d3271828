"""The search core's move ordering (``move_score``): where one seat's own points count, a
seat against it tries first the cards after which the trick can no longer go to him; a
seat that wants tricks and holds trumps leads a singleton of a side suit first. Built in
the core's own terms; the answer is the same in any order, so the tests read the nodes
searched."""

from __future__ import annotations

from alsos_solver._search import Core

DECLARER, FIGURE, PARTNER = 0, 1, 2
WORTH = (0, 0, 0, 2, 3, 4, 10, 11)
"""Points by strength, 0 the lowest (7 8 9 U O K X A)."""


def card(suit: int, strength: int) -> int:
    """A card in the core's internal ids (suit * 16 + strength, 0 the lowest)."""
    return suit * 16 + strength


def points_goal(hands: dict[int, list[int]], trump: int, scorer: int, threshold: int) -> Core:
    """A core with the declarer to lead, the last trick worth 10, ``trump`` (-1: none), and
    the goal: ``scorer`` takes ``threshold`` points, his partner (if a defender) helping."""
    card_points = [0] * 64
    for cards in hands.values():
        for c in cards:
            card_points[c] = WORTH[c & 15]
    core = Core(1 << 16)
    core.setup(seats=3, tricks=len(hands[DECLARER]), trump=trump, must_beat=False, last_bonus=10, points=card_points,
               hands=[sum(1 << c for c in hands[k]) for k in range(3)], leader=DECLARER)
    team = [1, 0, 0] if scorer == DECLARER else [0, 1, 1]
    core.set_goal(coef_points=[[int(k == scorer) for k in range(3)]], coef_tricks=[[0, 0, 0]], thresholds=[[threshold]],
                  team=team, additive=True, scorer=scorer, own_points=scorer,
                  wanted_winners=[int(k == scorer) for k in range(3)])
    return core


def searched(core: Core) -> tuple[bool, int]:
    """The goal's answer from the first lead, and the nodes searched for it."""
    before = core.nodes
    return core.query([]), core.nodes - before


def reaches(hands: dict[int, list[int]], threshold: int) -> tuple[bool, int]:
    """Whether the figure seat, his partner helping, takes ``threshold`` points against the
    declarer without trumps; and the nodes searched."""
    return searched(points_goal(hands, -1, FIGURE, threshold))


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


def test_the_declarer_leads_his_singleton_of_a_side_suit_first():
    """Suit 0 trumps. The declarer holds the 9 of trumps, the 8 and Ace of suit 1 and the
    Over of suit 3, alone; only the lead of that Over takes his 3 points (the test checks
    the others). Tried first, it settles the position in about ten nodes; the fewest
    points first, the old order, led the 8, the trump 9 and the Over in turn: 66 nodes."""
    hands = {
        DECLARER: [card(0, 2), card(1, 1), card(1, 7), card(3, 4)],
        FIGURE: [card(0, 5), card(0, 7), card(2, 4), card(3, 2)],
        PARTNER: [card(0, 6), card(2, 0), card(2, 2), card(2, 5)],
    }
    core = points_goal(hands, 0, DECLARER, 3)
    for lead in hands[DECLARER]:
        core.forget()
        assert core.query([lead]) == (lead == card(3, 4))
    core.forget()
    made, nodes = searched(core)
    assert made
    assert nodes <= 12
