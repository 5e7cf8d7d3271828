"""Full 9-card deals whose answers follow from an argument a person can check.

Each golden deal states, in its docstring, why its answers are what they are; the argument
uses only the rules (rules-notes 'Alsós, three players'), never the engine. Point totals in
the arguments are card-point sums of the rules' tables (``TrickRules.total_points``), not
search results. Hands are written suit by suit, M.P.T.Z (acorns, hearts, bells, leaves),
ranks A K O U X 9 8 7; the talon is the rest of the pack.

The second half pins the engine on random full deals by consistency: the value of a
position is the best of its children's values for the side to move (so the engine's answer
at the first lead survives along a line on which both sides keep it), and five tricks down
that line the reference minimax, which knows nothing of the engine, must give it too.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import TypeVar

import pytest

from alsos_solver.cards import cards_of
from alsos_solver.deal import Deal
from alsos_solver.games.alsos.figures import FIGURES, allowed_figures
from alsos_solver.games.alsos.questions import BetliMade, FigureMade, GameDefeated, GameWon, KlopitzkySafe
from alsos_solver.questions import Question, Setting
from alsos_solver.reference import best_points, can_make
from alsos_solver.rules import AlsosOptions, Contract, Kind
from alsos_solver.solve import SolveResult, solve
from alsos_solver.solver import Solver

from endgames import (
    ALL_VARIANT_FIGURES, BETLI, KLOPITZKY, NOBODY_DECLARES, NO_TRUMP, POINT_CONTRACTS, SEATS, TRUMP_CONTRACTS,
    deal_from_hands, deal_from_order, describe,
)

HEARTS = Contract(Kind.TRUMP, 1)
ACORNS = Contract(Kind.TRUMP, 0)
BETLI_ORDERS = [AlsosOptions(betli_order="potter"), AlsosOptions(betli_order="sequence")]
KLOPITZKY_ORDERS = [AlsosOptions(klopitzky_order="potter"), AlsosOptions(klopitzky_order="sequence")]
A, B, C = range(3)


def in_play_points(deal: Deal) -> int:
    """Every card point in the hands, with the last trick: what a side that takes every
    trick scores."""
    return deal.rules.total_points(deal.in_play)


def makeable(deal: Deal, question: Question, after: int = 0) -> bool:
    return Solver(deal, after=after).ask(question)


def assert_figures(result: SolveResult, seat: str, made: set[str]) -> None:
    """``seat`` can make exactly the figures ``made`` of those allowed in the contract."""
    assert {name for name, ok in result.figures[seat].items() if ok} == made


# --- trump games ----------------------------------------------------------------------------


def declarer_holds_every_trump_and_an_ace() -> Deal:
    """Hearts trumps, A declares and announces ultimó (variants on; he may not announce
    the Eight beside it, seed 000).

    A holds the eight hearts and the ace of acorns; B and C hold no trump. A leads the
    first trick (trump games), and every card of his wins the trick it leads: a trump
    cannot be beaten and B, C cannot trump; MA is the best acorn. So A leads every trick
    and wins all nine, whatever anyone plays: volát, all the card points in play, every
    trump and all four aces in his tricks (tulétroá, család, összes adu, 44), béla (kassza
    with the game), and he can keep P8 for the 8th trick and P7 for the 9th (nyolcas,
    ultimó). Uhu needs the ace of bells, which B holds. B and C win nothing, so none of
    their figures can be made (there is no defender béla for their kassza either).
    """
    return deal_from_hands(
        {"A": "A.AKOUX987..", "B": "X..AKOUX987.", "C": "K...AKOUX987"},
        HEARTS, "A", figures={"A": ("ultimo",)}, options=ALL_VARIANT_FIGURES,
    )


def test_declarer_with_every_trump_and_an_ace_takes_everything():
    deal = declarer_holds_every_trump_and_an_ace()
    result = solve(deal)
    assert result.declarer_points == in_play_points(deal) == 157  # the talon holds MO MU: 5
    assert result.game is True
    assert_figures(result, "A", set(FIGURES) - {"uhu"})
    assert_figures(result, "B", set())
    assert_figures(result, "C", set())
    assert result.announced == {"A": {"ultimo": True}}
    assert result.announced_together == {"declarer": True}
    solver = Solver(deal)
    assert (solver.value(B), solver.value(C)) == (0, 0)
    assert not solver.ask(GameDefeated())


def defender_holds_every_trump_and_bela() -> Deal:
    """Hearts trumps, A declares; B holds the eight hearts (béla among them) and MA.

    Every card B plays wins its trick: his trumps are the only ones, and MA is the best
    acorn (when acorns are led B must follow with it; when another suit is led B is void
    and must trump). So B wins all nine tricks whatever anyone does: A scores 0 card
    points and no melds (his acorn run loses to B's trump okt), B scores 20 for béla, so
    the game is lost and the defenders' kassza is made, by either defender as announcer
    (side-based). B makes every figure of his own tricks (he takes every trump and all
    four aces, keeps P8 and P7 for the 8th and 9th tricks) but uhu (A holds the ace of
    bells); C and A win nothing, so they make nothing else.
    """
    return deal_from_hands(
        {"A": "KOUX987..A.A", "B": "A.AKOUX987..", "C": "..KOUX987.KO"},
        HEARTS, "A", options=ALL_VARIANT_FIGURES,
    )


def test_defender_with_every_trump_and_bela_defeats_the_game():
    deal = defender_holds_every_trump_and_bela()
    result = solve(deal)
    assert result.declarer_points == 0
    assert result.game is False
    assert result.melds == {"A": 0, "B": 120, "C": 0}  # B: béla 20, okt in hearts 100
    assert_figures(result, "A", set())
    assert_figures(result, "B", set(FIGURES) - {"uhu"})
    assert_figures(result, "C", {"kassza"})
    solver = Solver(deal)
    assert solver.ask(GameDefeated())
    assert solver.value(B) == in_play_points(deal)
    assert solver.value(C) == 0


def ultimo_announcer_forced_to_trump_with_the_seven() -> Deal:
    """Hearts trumps, A declares and announces ultimó with P7, his only trump; B holds the
    other seven trumps with MA and ZA; C holds no trump, A no leaf.

    A leads (he may not lead P7: ultimó keeps it back). If he leads an acorn, B must
    follow with MA and wins; if a bell, B is void and must trump, and wins (his trumps all
    beat P7, C has none). B then leads ZA: A is void in leaves and must trump, and P7 is
    his only trump, so the held card is his only legal card and must be played in the
    second trick. Ultimó is lost, so the declarer cannot make it, with or without the game.
    """
    return deal_from_hands(
        {"A": "KOUX.7.AKOX.", "B": "A.AKOUX98..A", "C": "987..U987.XK"},
        HEARTS, "A", figures={"A": ("ultimo",)},
    )


def test_ultimo_fails_when_the_held_seven_is_the_only_legal_card():
    deal = ultimo_announcer_forced_to_trump_with_the_seven()
    result = solve(deal)
    assert result.figures["A"]["ultimo"] is False
    assert result.announced == {"A": {"ultimo": False}}
    assert result.announced_together == {"declarer": False}
    unannounced = ultimo_announcer_forced_to_trump_with_the_seven()
    unannounced.figures = {}
    assert not makeable(unannounced, FigureMade(A, "ultimo"))  # asking it applies the hold too


def last_trick_makes_a_tie() -> Deal:
    """Acorns trumps, A declares, nobody declares melds; eight tricks played.

    Before the last trick A has 39 card points, B 57, C 24 (the tricks' cards, counted in
    :meth:`test_a_tie_loses_the_game`). One card each is left: A leads ZK, B (TK) and C (P7)
    hold no leaf and no trump, so A wins 4 + 4 + 0 and the last-trick 10: 57, B's total
    exactly. A tie loses for the declarer.
    """
    return deal_from_hands(
        {"A": "X9.AK.7.KUX8", "B": "OU7.O.KUX.A7", "C": "K8.U87.A9.O9"}, ACORNS, "A",
        play="ZX ZA Z9 TX TA T7 PU PK PO Z8 Z7 ZO P8 PA MO M7 MK MX ZU MU M8 TU T9 M9",
        declared=NOBODY_DECLARES,
    )


def test_a_tie_loses_the_game():
    deal = last_trick_makes_a_tie()
    assert deal.played_position().points == [39, 57, 24]
    solver = Solver(deal, after=len(deal.play))
    assert solver.value(A) == 57
    assert not solver.ask(GameWon())
    assert solver.ask(GameDefeated())


# --- no-trump -------------------------------------------------------------------------------


def no_trump_declarer_holds_every_ace_and_the_top_acorns() -> Deal:
    """No-trump, A declares (C leads, A plays second). A holds the four aces and the six
    best acorns A X K O U 9.

    Whatever C leads, A can follow with that suit's ace and win. Then every card A leads is
    the best of its suit still out (the aces; his acorns beat M8, M7, the only others), so
    he wins all nine tricks: 130, everything in play (the talon's P9 P8 P7 T7 Z7 are worth
    nothing). His melds: the acorn run A K O U X 9 (100) and vannak of aces (80). Every
    no-trump figure is his; the defenders win nothing.
    """
    return deal_from_hands(
        {"A": "AKOUX9.A.A.A", "B": "87.KOUX.KOX.", "C": "..U98.KOUX98"},
        NO_TRUMP, "A", options=ALL_VARIANT_FIGURES,
    )


def test_no_trump_declarer_with_every_ace_takes_everything():
    deal = no_trump_declarer_holds_every_ace_and_the_top_acorns()
    result = solve(deal)
    assert result.declarer_points == in_play_points(deal) == 130
    assert result.game is True
    assert result.melds == {"A": 180, "B": 0, "C": 0}
    no_trump_figures = set(allowed_figures(NO_TRUMP, ALL_VARIANT_FIGURES))
    assert no_trump_figures == {"abszolut", "szaz", "ketszaz", "negyvennegy", "volat", "szazegy", "szazhusz"}
    assert_figures(result, "A", no_trump_figures)
    assert_figures(result, "B", set())
    assert_figures(result, "C", set())


def defender_melds_beat_every_card_point() -> Deal:
    """No-trump, A declares; B holds the four Unders (vannak, 80) and the bells run
    K O U X 9 (kvint, 100).

    Nobody else holds four of a rank or a run of three, so B's 180 score. Every card point
    of a no-trump deal with the last trick is 130, so A's total (he has no melds) can
    never exceed B's: the game is lost however the cards are played, and B's 200 (180 in
    no-trump: card points plus his melds) is made with no trick at all.
    """
    return deal_from_hands(
        {"A": "AX9.AX9..AX9", "B": "U7.U.KOUX9.U", "C": "KO8.KO.A.KO8"},
        NO_TRUMP, "A",
    )


def test_defender_melds_alone_defeat_a_no_trump_game():
    deal = defender_melds_beat_every_card_point()
    result = solve(deal)
    assert result.melds == {"A": 0, "B": 180, "C": 0}
    assert result.game is False
    assert result.figures["B"]["ketszaz"] is True
    assert makeable(deal, GameDefeated())


# --- betli ----------------------------------------------------------------------------------


def betli_declarer_holds_the_lowest_cards(options: AlsosOptions) -> Deal:
    """Betli, B declares with M 9 8 7, P 9 8 7, T 8 7, Z 7: in every suit the lowest cards
    in play, in both card orders (9 8 7 are the bottom of A X K O U 9 8 7 and of
    A K O U X 9 8 7).

    A leads. When a suit is led by A or C, B either follows with a card lower than the
    leader's, or is void and discards (no trumps): he wins no trick, so he never leads.
    """
    return deal_from_hands(
        {"A": "AKOUX.AKOU..", "B": "987.987.87.7", "C": ".X.AKOUX.AKO"}, BETLI, "B", options=options
    )


def betli_declarer_must_lead_a_winner(options: AlsosOptions) -> Deal:
    """Betli, A declares with all eight acorns and PA; A leads the first trick.

    Nobody else holds an acorn, and PA is the best heart in both orders, so whichever card
    A leads wins the trick: the betli is lost at once.
    """
    return deal_from_hands(
        {"A": "AKOUX987.A..", "B": ".KOUX987.AK.", "C": "..OUX987.AKO"}, BETLI, "A", options=options
    )


@pytest.mark.parametrize("options", BETLI_ORDERS, ids=lambda o: o.betli_order)
def test_betli_with_the_lowest_cards_is_made(options):
    result = solve(betli_declarer_holds_the_lowest_cards(options))
    assert result.betli is True


@pytest.mark.parametrize("options", BETLI_ORDERS, ids=lambda o: o.betli_order)
def test_betli_declarer_who_must_lead_a_winner_fails(options):
    result = solve(betli_declarer_must_lead_a_winner(options))
    assert result.betli is False


# --- klopitzky ------------------------------------------------------------------------------


def klopitzky_leader_wins_every_trick(options: AlsosOptions) -> Deal:
    """Klopitzky; A holds all eight acorns and ZA, B all hearts and ZX, C all bells and ZK.

    A leads, and every card of his wins the trick it leads (nobody else has an acorn; ZA is
    the best leaf in both orders), so he takes all nine tricks and pays; B and C, with none,
    are safe.
    """
    return deal_from_hands(
        {"A": "AKOUX987...A", "B": ".AKOUX987..X", "C": "..AKOUX987.K"}, KLOPITZKY, None, options=options
    )


def klopitzky_seat_holds_the_lowest_cards(options: AlsosOptions) -> Deal:
    """Klopitzky; C holds M 9 8 7, P 9 8 7, T 8 7, Z 7, the lowest cards in play of every
    suit in both orders. A leads; as in betli, C follows below the leader or discards, so
    he never wins a trick and never leads: 0 tricks, and whoever of A and B takes more of
    the nine pays. C is safe against any play of the other two."""
    return deal_from_hands(
        {"A": "AKOUX.AKOU..", "B": ".X.AKOUX.AKO", "C": "987.987.87.7"}, KLOPITZKY, None, options=options
    )


def klopitzky_ends_three_three_three() -> Deal:
    """Klopitzky after eight tricks: A has won 3, B 2, C 3. One card each is left: B leads
    Z7, A (TO) and C (MK) hold no leaf, so B wins: 3-3-3, nobody pays, all three are safe."""
    return deal_from_hands(
        {"A": "U9.UX9.AO.X9", "B": ".AKO7.U9.KU7", "C": "AKOX7.8.KX.A"}, KLOPITZKY, None,
        play="MU PA MX P8 PX PO ZX ZK ZA MO M9 TU TK TA T9 PU PK MA P7 M7 P9 Z9 ZU TX",
    )


def klopitzky_ends_four_four_one() -> Deal:
    """Klopitzky after eight tricks: A has won 1, B 4, C 3. One card each is left: C leads
    P9, A (TO) and B (TX) hold no heart, so C wins: 1-4-4, B and C both pay, A is safe."""
    return deal_from_hands(
        {"A": "9.A.KOU97.O7", "B": "OUX.K8.AX.AX", "C": "AK8.OX9.8.K8"}, KLOPITZKY, None,
        play="ZO ZA ZK MX MA M9 PX PA PK TK TA T8 P8 PO T9 M8 TU MU ZX Z8 Z7 MO MK T7",
    )


def safe_seats(deal: Deal) -> set[str]:
    solver = Solver(deal, after=len(deal.play))
    return {SEATS[seat] for seat in range(len(SEATS)) if solver.ask(KlopitzkySafe(seat))}


@pytest.mark.parametrize("options", KLOPITZKY_ORDERS, ids=lambda o: o.klopitzky_order)
def test_klopitzky_seat_that_wins_every_trick_pays(options):
    assert solve(klopitzky_leader_wins_every_trick(options)).klopitzky_safe == {"A": False, "B": True, "C": True}


@pytest.mark.parametrize("options", KLOPITZKY_ORDERS, ids=lambda o: o.klopitzky_order)
def test_klopitzky_seat_that_can_win_nothing_is_safe(options):
    assert solve(klopitzky_seat_holds_the_lowest_cards(options)).klopitzky_safe["C"] is True


def test_klopitzky_three_three_three_makes_everyone_safe():
    deal = klopitzky_ends_three_three_three()
    assert deal.played_position().tricks_won == [3, 2, 3]
    assert safe_seats(deal) == {"A", "B", "C"}


def test_klopitzky_four_four_one_makes_both_fours_pay():
    deal = klopitzky_ends_four_four_one()
    assert deal.played_position().tricks_won == [1, 4, 3]
    assert safe_seats(deal) == {"A"}


# --- random full deals: minimax consistency down to the reference -----------------------------

CONSISTENCY_TRICKS = 5
"""Tricks followed from the first lead before the reference checks the engine's answer."""
T = TypeVar("T")


def seeded_deal(seed: int, contract: Contract) -> Deal:
    order = list(range(32))
    random.Random(seed).shuffle(order)
    return deal_from_order(order, contract, None if contract == KLOPITZKY else SEATS[seed % 3])


def after_card(deal: Deal, card: int) -> Deal:
    return replace(deal, play=[*deal.play, card])


def legal_cards(deal: Deal) -> list[int]:
    return list(cards_of(deal.played_position().legal_moves()))


def to_move_plays_for(deal: Deal, team: frozenset[int]) -> bool:
    return deal.played_position().to_move in team


def follow(deal: Deal, judge: Callable[[Deal], T], team: frozenset[int], rng: random.Random, mine, theirs) -> T:
    """Walk CONSISTENCY_TRICKS tricks from the first lead, checking at every card that the
    engine's ``judge`` of the position is ``mine`` (the team to move: max, any) or
    ``theirs`` (min, all) of its judges after each legal card, and playing a random card
    that keeps it. Returns the judge at the first lead."""
    answer = judge(deal)
    while len(deal.play) < len(SEATS) * CONSISTENCY_TRICKS:
        after = {card: judge(after_card(deal, card)) for card in legal_cards(deal)}
        combine = mine if to_move_plays_for(deal, team) else theirs
        assert combine(after.values()) == answer, f"{describe(deal)}: {answer} vs after each card {after}"
        deal.play.append(rng.choice([card for card, a in after.items() if a == answer]))
    return answer


@pytest.mark.parametrize("seed", range(len(POINT_CONTRACTS)))
@pytest.mark.parametrize("seat_role", ["declarer", "defender"])
def test_value_at_the_first_lead_survives_an_optimal_line_down_to_the_reference(seed, seat_role):
    deal = seeded_deal(seed, POINT_CONTRACTS[seed])
    seat = SEATS.index(deal.declarer)
    if seat_role == "defender":
        seat = (seat + 1) % 3

    def value(position: Deal) -> int:
        return Solver(position, after=len(position.play)).value(seat)

    found = follow(deal, value, Setting.of(deal).side(seat), random.Random(seed), max, min)
    assert best_points(deal, seat, after=len(deal.play)) == found, describe(deal)


QUESTIONS_ON_FULL_DEALS = [
    (TRUMP_CONTRACTS[0], GameWon()),
    (TRUMP_CONTRACTS[1], GameDefeated()),
    (TRUMP_CONTRACTS[2], FigureMade(0, "abszolut")),
    (TRUMP_CONTRACTS[3], FigureMade(1, "negyvennegy")),
    (BETLI, BetliMade()),
    (KLOPITZKY, KlopitzkySafe(0)),
    (KLOPITZKY, KlopitzkySafe(2)),
]


@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize(
    "contract, question",
    QUESTIONS_ON_FULL_DEALS,
    ids=[f"{c.kind.value}{c.trump}-{q}" for c, q in QUESTIONS_ON_FULL_DEALS],
)
def test_answer_at_the_first_lead_survives_an_optimal_line_down_to_the_reference(seed, contract, question):
    deal = seeded_deal(seed, contract)

    def answer(position: Deal) -> bool:
        return Solver(position, after=len(position.play)).ask(question)

    found = follow(deal, answer, question.team(Setting.of(deal)), random.Random(seed), any, all)
    assert can_make(deal, question, after=len(deal.play)) == found, describe(deal)
