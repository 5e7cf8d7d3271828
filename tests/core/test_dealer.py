"""The dealer: sound, reproducible deals; fixes; errors that stop instead of hanging; and
uniformity among the deals that meet the constraints, by a chi-square test on a case small
enough to enumerate, for plain rejection and for the smart path."""

from __future__ import annotations

import io
import itertools
import math
import random
from collections import Counter

import pytest

from alsos_solver.cards import cards_of
from alsos_solver.dealer import (
    Dealer, DealerError, FixError, ImpossibleError, TriesExhausted, deal, layout, parse_fix, smart, write_deals,
)
from alsos_solver.games import GAMES, find_game
from alsos_solver.io import dumps, loads
from alsos_solver.predicates import Context, Expression, PredicateError

from strategies import contract_tokens

# Uniformity. Seven free cards (2 to each hand, 1 to the talon): 630 layouts; the
# condition keeps a few hundred. B's parts (a sum, a maximum: B's T9 T8 and the free T7
# make a terc) are drawn smartly, the rest is rejection.

FREE = ["PU", "P9", "PA", "MA", "ZK", "ZO", "T7"]
FIXES = ["A:MK MO MU MX P7 ZA TA", "B:M9 M8 P8 T9 T8 Z9 Z8", "C:PK PO PX TK TO TU TX", "talon:M7 ZX ZU Z7"]
WHERE = "(points(B) >= 14 or sequence(B) >= 3) and trumps(B) >= 2 and (has(A, MA) or len(C, P) >= 4)"
SAMPLES_PER_DEAL = 25


def support() -> set[tuple[int, ...]]:
    """Every deal of the small case that meets the condition, as the cards of each place."""
    spec = find_game("alsos")
    fixed = layout(spec, [parse_fix(text, spec) for text in FIXES])
    condition = Expression.parse(WHERE).bind(Context(spec, spec.parse_contract("P"), "B"))
    cards = [spec.pack.parse_card(name) for name in FREE]
    found = set()
    for order in itertools.permutations(cards):
        places, start = list(fixed.fixed), 0
        for place, need in enumerate(fixed.need):
            places[place] |= sum(1 << card for card in order[start:start + need])
            start += need
        if condition(places):
            found.add(tuple(places))
    return found


def chi_square(strategy: str) -> tuple[float, float]:
    """The chi-square statistic of the dealer's deals against the uniform distribution
    over the support, and its 0.1% critical value (Wilson-Hilferty)."""
    cells = support()
    dealer = Dealer(contract="P", declarer="B", where=WHERE, fixes=FIXES, strategy=strategy)
    assert (dealer.smart is not None) == (strategy == "smart")
    samples = SAMPLES_PER_DEAL * len(cells)
    seen = Counter()
    for dealt in dealer.deals(samples, random.Random(11)):
        assert dealt.problems() == []
        seen[(*(dealt.hands[seat] for seat in "ABC"), dealt.talon)] += 1
    assert set(seen) <= cells
    expected = samples / len(cells)
    statistic = sum((seen[cell] - expected) ** 2 / expected for cell in cells)
    freedom = len(cells) - 1
    critical = freedom * (1 - 2 / (9 * freedom) + 3.0902 * math.sqrt(2 / (9 * freedom))) ** 3
    return statistic, critical


def test_the_small_case_is_a_fair_test():
    cells = support()
    assert 50 < len(cells) < 630
    dealer = Dealer(contract="P", declarer="B", where=WHERE, fixes=FIXES, strategy="smart")
    assert dealer.smart_place == 1 and dealer.smart.count < dealer.smart.total
    assert [check.text for check in dealer.checks] == ["(has(A, MA) or len(C, P) >= 4)"]


@pytest.mark.parametrize("strategy", ["reject", "smart"])
def test_uniform_among_the_deals_that_meet_the_condition(strategy):
    statistic, critical = chi_square(strategy)
    assert statistic < critical


def test_the_chi_square_test_sees_a_biased_smart_dealer(monkeypatch):
    """Choosing each suit's signature without its weight (its holdings times the ways to
    finish) is no longer uniform, and the test says so."""
    weights = smart.SmartHand.weights

    def unweighted(self, suit, state):
        counts, signatures = weights(self, suit, state)
        return [1] * len(counts), signatures

    monkeypatch.setattr(smart.SmartHand, "weights", unweighted)
    statistic, critical = chi_square("smart")
    assert statistic > 2 * critical


def test_smart_counts_are_exact():
    """The smart count of B's hands equals the hands counted one by one."""
    spec = find_game("alsos")
    dealer = Dealer(contract="P", declarer="B", where="points(B) >= 14 and trumps(B) >= 2", fixes=FIXES)
    bound = Expression.parse("points(B) >= 14 and trumps(B) >= 2").bind(Context(spec, spec.parse_contract("P"), "B"))
    fixed_b = dealer.layout.fixed[1]
    free = [spec.pack.parse_card(name) for name in FREE]
    hands = [fixed_b | (1 << a) | (1 << b) for a, b in itertools.combinations(free, 2)]
    assert dealer.smart.count == sum(bool(bound([0, hand, 0, 0, 0])) for hand in hands)
    assert dealer.smart.total == len(hands) == 21


# Deals: sound, reproducible, in every game


@pytest.mark.parametrize("game", list(GAMES))
def test_sound_deals_in_every_game(game):
    spec = find_game(game)
    contract = contract_tokens(spec)[0]
    suit, seat = spec.pack.suits[0], spec.active[0]
    dealt = list(deal(20, 5, game=game, contract=contract, declarer=seat, where=f"len({seat}, {suit}) >= 2"))
    assert len(dealt) == 20
    for one in dealt:
        assert one.problems() == []
        assert (one.game.name, one.contract, one.declarer) == (game, spec.parse_contract(contract), seat)
        assert (one.hands[seat] & spec.pack.suit_mask(0)).bit_count() >= 2
    assert loads(dumps(dealt)) == dealt


def test_same_seed_same_bytes_other_seed_other_deals():
    constraints = dict(contract="P", declarer="B", where="trumps(B) >= 4 and points(A) > 20", fixes=["talon:ZA"])
    first = dumps(deal(30, 42, **constraints))
    assert dumps(deal(30, 42, **constraints)) == first
    assert dumps(deal(30, 43, **constraints)) != first
    stream = io.StringIO()
    write_deals(stream, 30, 42, **constraints)
    assert stream.getvalue() == first


def test_no_constraint_deals_a_shuffled_pack():
    dealt = list(deal(200, 1))
    assert all(one.problems() == [] and one.contract is None for one in dealt)
    aces = Counter(seat for one in dealt for seat, hand in one.hands.items() if hand & 1)
    assert set(aces) == {"A", "B", "C"}


def test_rare_seat_condition_is_drawn_not_waited_for():
    """Eight trumps in B's hand: about one deal in a million, drawn at once."""
    dealer = Dealer(contract="P", declarer="B", where="trumps(B) == 8 and points(A) >= 10")
    assert dealer.smart_place == 1 and dealer.smart.count / dealer.smart.total < 1e-5
    for one in dealer.deals(5, random.Random(1), max_tries=1000):
        assert one.hands["B"] & 0xFF00 == 0xFF00


def test_the_most_selective_place_is_drawn_and_the_talon_is_a_place():
    dealer = Dealer(contract="P", declarer="B", where="points(A) >= 20 and points(talon) >= 40")
    assert dealer.smart_place == 3
    assert [check.text for check in dealer.checks] == ["points(A) >= 20"]
    spec = find_game("alsos")
    rules = spec.trick_rules(spec.parse_contract("P"), dealer.options)
    assert all(rules.card_points(one.talon) >= 40 for one in dealer.deals(5, random.Random(3)))


def test_too_many_states_falls_back_to_rejection(monkeypatch):
    monkeypatch.setattr(smart, "MAX_STATES", 3)
    dealer = Dealer(contract="P", declarer="B", where="points(B) >= 30")
    assert dealer.smart is None
    assert len(list(dealer.deals(3, random.Random(2)))) == 3


# Fixes


def test_fixed_cards_and_random_ones():
    spec = find_game("alsos")
    for one in deal(10, 3, contract="P", declarer="B", fixes=["B:PU P9 P7 +6", "talon:ZA ZX", "A:AKO..AK."]):
        assert {"PU", "P9", "P7"} <= {spec.pack.card_name(c) for c in cards_of(one.hands["B"])}
        assert one.talon & spec.pack.parse_hand("...AX") == spec.pack.parse_hand("...AX")
        assert one.hands["A"] & spec.pack.parse_hand("AKO..AK.") == spec.pack.parse_hand("AKO..AK.")


def test_a_whole_hand_fixed():
    spec = find_game("asszorti")
    (one,) = deal(1, 1, game="asszorti", contract="H", declarer="A", fixes=["A:AKQJT98..AK.AK"])
    assert one.hands["A"] == spec.pack.parse_hand("AKQJT98..AK.AK")


@pytest.mark.parametrize("fixes, message", [
    (["B:PU PU"], "fix 'B:PU PU': card PU given twice"),
    (["B:PU", "C:PU"], "fix 'C:PU': card PU is also fixed to B"),
    (["B:PU", "B:P9"], "fix 'B:P9': B is already fixed by 'B:PU' (give each place once)"),
    (["B:PU +3"], "fix 'B:PU +3': 1 cards + 3 random make 4, but a hand in alsos holds 9"),
    (["B:PU +3 +4"], "expected one +N (N random cards, a number), found '+4'"),
    (["X:PU"], "fix 'X:PU': unknown place 'X' (expected a seat A B C or talon)"),
    (["B PU"], "fix 'B PU': expected PLACE:CARDS, e.g. B:PU P9 P7 +6"),
    (["talon:MA MK MO MU MX M9"], "6 cards, but the talon in alsos holds 5"),
    (["B:SA"], "fix 'B:SA': unknown card 'SA'"),
    (["B:AKO.X9"], "a hand needs 4 suit groups"),
])
def test_fix_errors(fixes, message):
    with pytest.raises(FixError) as caught:
        Dealer(contract="P", declarer="B", fixes=fixes)
    assert message in str(caught.value)


def test_a_seat_that_sits_out_cannot_be_fixed():
    with pytest.raises(FixError, match="seat D sits out in alsos-4"):
        Dealer(game="alsos-4", fixes=["D:MA"])


# Errors that stop


@pytest.mark.parametrize("constraints, error, message", [
    (dict(contract="P"), DealerError, "contract P needs a Declarer"),
    (dict(contract="Q", declarer="B"), DealerError, "unknown contract 'Q' for alsos"),
    (dict(game="whist"), DealerError, "unknown game 'whist'"),
    (dict(contract="KLOPITZKY", declarer="B"), DealerError, "contract KLOPITZKY has no declarer, found B"),
    (dict(contract="P", declarer="B", where="trumps(B) >= 9"), ImpossibleError, "no cards of B meet 'trumps(B) >= 9'"),
    (dict(contract="P", declarer="B", where="not has(B, PU)", fixes=["B:PU"]), ImpossibleError, "with the fixed cards"),
    (dict(contract="P", declarer="B", where="has(A, PU) and 1 > 2"), ImpossibleError, "the condition '1 > 2' is always false"),
    (dict(contract="P", declarer="B", where="vannak(A) >= 1", strategy="smart"), DealerError, "the smart dealer"),
    (dict(contract="NT", declarer="B", where="trumps(B) > 2"), PredicateError, "column 1: trumps(B): needs a trump contract"),
    (dict(where="points(A) >"), PredicateError, "column 12: expected a number"),
])
def test_setup_errors_come_at_once(constraints, error, message):
    with pytest.raises(error, match=message.replace("(", r"\(").replace(")", r"\)")):
        deal(1, 1, **constraints)


def test_an_impossible_condition_across_places_exhausts_its_tries():
    """PU in two hands cannot be seen impossible by counting one place; it stops after
    ``max_tries``, with the deals found before."""
    dealt = deal(3, 1, contract="P", declarer="B", where="has(A, PU) and has(B, PU)", max_tries=2000)
    with pytest.raises(TriesExhausted) as caught:
        list(dealt)
    assert (caught.value.found, caught.value.count, caught.value.tries) == (0, 3, 2000)
    assert "in 2,000 tries (0 of 3 dealt): it is impossible or too rare" in str(caught.value)


def test_tries_run_out_after_some_deals():
    dealt = deal(500, 4, contract="P", declarer="B", where="trumps(B) + trumps(C) >= 6", max_tries=3)
    with pytest.raises(TriesExhausted) as caught:
        list(dealt)
    assert caught.value.found > 0
