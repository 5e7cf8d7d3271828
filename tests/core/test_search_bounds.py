"""The two no-trump bounds of the search core (docs/core-bounds.md) on positions of two
or three tricks built in the core's own terms, at the edges that random endgames rarely
reach (tests/games/alsos/test_differential.py checks them at large): the test that a defender can top
no more tricks (``figure_dead``: where it holds, his points are 0 at once; where one of
its conditions fails, he makes the last trick), and the leader's run of masters
(``cashed_points``: the others' cards in it count, the cheapest they can be)."""

from __future__ import annotations

from alsos_solver._search import Core

DECLARER, FIGURE, PARTNER = 0, 1, 2
LAST_TRICK = 10


def card(suit: int, strength: int) -> int:
    """A card in the core's internal ids (suit * 16 + strength, 0 the lowest)."""
    return suit * 16 + strength


def points(hands: dict[int, list[int]], leader: int, *, seat: int = FIGURE, team=(0, 1, 1), worth=(),
           last: int = LAST_TRICK) -> tuple[int, int]:
    """The most ``seat`` can force for himself, ``team`` playing for him, without trumps,
    the cards ``worth`` 10 points each and the others nothing, the last trick worth
    ``last``; and the nodes searched."""
    card_points = [0] * 64
    for counted in worth:
        card_points[counted] = 10
    core = Core(1 << 16)
    core.setup(seats=3, tricks=len(hands[FIGURE]), trump=-1, must_beat=False, last_bonus=last, points=card_points,
               hands=[sum(1 << c for c in hands[k]) for k in range(3)], leader=leader)
    core.set_goal(coef_points=[[int(k == seat) for k in range(3)]], coef_tricks=[[0, 0, 0]], thresholds=[[0]],
                  team=list(team), additive=True, scorer=seat, own_points=seat,
                  wanted_winners=[int(k == seat) for k in range(3)])
    before = core.nodes
    return core.value([]), core.nodes - before


def test_a_seat_that_can_top_nothing_scores_nothing_at_once():
    """The declarer holds the two top cards of the figure seat's only suit."""
    hands = {DECLARER: [card(0, 7), card(0, 6)], FIGURE: [card(0, 1), card(0, 0)], PARTNER: [card(1, 0), card(1, 1)]}
    assert points(hands, DECLARER) == (0, 1)


def test_one_stopper_does_not_hold_two_of_his_cards_against_two_partner_leads():
    """(A): the partner leads the figure seat's suit twice; the declarer's one card above
    it stops the first lead only. The declarer's 7 of suit 0 against the figure seat's 5
    and 3 and the partner's 1 and 2; the partner wins the second trick in suit 1 to lead
    suit 0 again."""
    hands = {
        DECLARER: [card(0, 7), card(1, 0), card(1, 1)],
        FIGURE: [card(0, 5), card(0, 3), card(3, 0)],
        PARTNER: [card(0, 1), card(0, 2), card(1, 7)],
    }
    assert points(hands, PARTNER)[0] == LAST_TRICK


def test_the_partner_may_discard_his_cover_while_the_figure_seat_leads():
    """(B) with the margin: the partner's one card above the figure seat's is as many as
    the declarer's cards below it, but the figure seat leads a suit the partner lacks,
    the partner throws that card, and the declarer must lead into the figure seat."""
    hands = {
        DECLARER: [card(0, 2), card(1, 7)],
        FIGURE: [card(0, 4), card(1, 0)],
        PARTNER: [card(0, 7), card(2, 0)],
    }
    assert points(hands, FIGURE)[0] == LAST_TRICK


def test_a_suit_nobody_can_top_wins_when_the_figure_seat_leads_it():
    """(C): he leads a suit the declarer and his partner both lack."""
    hands = {
        DECLARER: [card(1, 0), card(1, 1)],
        FIGURE: [card(0, 4), card(0, 3)],
        PARTNER: [card(2, 0), card(2, 1)],
    }
    assert points(hands, FIGURE)[0] == LAST_TRICK


def test_the_run_of_masters_counts_the_cheapest_cards_the_others_can_play_to_it():
    """The declarer's two masters of suit 0 (worth 10 each) take B's two cards of suit 0,
    worth nothing, which B must play to them; B's card of suit 1 (worth 10) wins the
    other trick, whichever comes first. The declarer makes 20: the bound counts B's
    cheapest cards, not his 10 too."""
    hands = {
        DECLARER: [card(0, 7), card(0, 6), card(1, 0)],
        FIGURE: [card(0, 0), card(0, 1), card(1, 7)],
        PARTNER: [card(2, 0), card(2, 1), card(2, 2)],
    }
    worth = (card(0, 7), card(0, 6), card(1, 7))
    assert points(hands, DECLARER, seat=DECLARER, team=(1, 0, 0), worth=worth, last=0)[0] == 20
