"""Card values (alsos_solver.analysis.card_values), question specs and positions by name.

Every card's value is checked against the reference minimax on random endgames (a full
random deal played along a random legal line until at most four tricks remain): the value
of a card is the reference's answer after the Play section and that card. The position's
value is the best card's for the mover; cards shown together are of one value and
equivalent (no card of another seat between them). On a few full deals the values are
checked against the solver asked directly.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from alsos_solver.analysis import (
    DeclarerPoints, card_values, default_question, is_value_question, parse_after, parse_question, question_name,
)
from alsos_solver.analysis.card_values import card_order
from alsos_solver.cards import HUNGARIAN, cards_of
from alsos_solver.deal import Deal
from alsos_solver.games.alsos.questions import BetliMade, FigureMade, GameDefeated, GameWon, KlopitzkySafe
from alsos_solver.io import load
from alsos_solver.questions import SeatPoints, Setting, Together
from alsos_solver.reference import best_points
from alsos_solver.rules import AlsosOptions, Kind
from alsos_solver.solver import Solver

from analysis_support import QUICK_DEALS, endgame_questions, question_specs, reference_value
from conftest import BENCHMARK_DEALS
from endgames import BETLI, KLOPITZKY, SEATS, TRUMP_CONTRACTS, deal_from_hands, describe, examples, play_line


def with_card(deal: Deal, card: int) -> Deal:
    return replace(deal, play=[*deal.play, card])


def assert_groups_sound(deal: Deal, result, values_by_card: dict[int, object]) -> None:
    """Groups partition the legal cards; each group has one value and no card of another
    seat (in a hand or on the table) between its cards in trick order."""
    position = deal.played_position()
    rules = deal.rules
    others = sum(h for s, h in enumerate(position.hands) if s != position.to_move)
    others |= sum(1 << c for c in position.trick.cards)
    seen = []
    for tokens, value in result.groups:
        cards = [HUNGARIAN.parse_card(t) for t in tokens]
        seen += cards
        assert all(values_by_card[c] == value for c in cards)
        suits = {HUNGARIAN.suit_of(c) for c in cards}
        assert len(suits) == 1
        low = min(rules.strength[c] for c in cards)
        high = max(rules.strength[c] for c in cards)
        assert not any(
            HUNGARIAN.suit_of(c) in suits and low < rules.strength[c] < high for c in cards_of(others)
        ), tokens
    assert sorted(seen) == sorted(values_by_card)


# --- card values against the reference ----------------------------------------------------


TWO_HELD_TRUMPS = deal_from_hands(
    {"A": "AK98.A.7.A87", "B": "7.KOUX987.K.", "C": "O..OUX98.KOU"}, TRUMP_CONTRACTS[3], "A",
    play="MA M7 MO MK PK ZK TO T7 TK PO ZO PA TU ZA PU M9 PX ZU TX",
    figures={"A": ("ultimo",)}, options=AlsosOptions(uhu=True, nyolcas=True),
)
"""A announced ultimó and must trump TX with Z8 Z7 only. Asked whether he makes nyolcas
too, both trumps are kept back, so either may go (Z7, giving up the ultimó, keeps Z8 for
the eighth trick): the reference plays the card under the question's holds as well."""


@pytest.mark.slow
@example((TWO_HELD_TRUMPS, "A:nyolcas"))
@examples(200)
@given(endgame_questions())
def test_card_values_match_the_reference(case):
    deal, spec = case
    question = parse_question(spec, deal)
    after = len(deal.play)
    result = card_values(deal, question, after=after)
    position = deal.played_position()
    assert result.to_move == SEATS[position.to_move]
    found = {HUNGARIAN.parse_card(token): value for token, value in result.values.items()}
    for card, value in found.items():
        oracle = reference_value(with_card(deal, card), question, after + 1, asked_at=after)
        assert value == oracle, f"{describe(deal)}\n{spec}: {HUNGARIAN.card_name(card)} {value} != {oracle}"
    team = question.team(Setting.of(deal))
    best = max(found.values()) if position.to_move in team else min(found.values())
    assert result.position_value == best
    assert result.position_value == reference_value(deal, question, after), describe(deal)
    assert_groups_sound(deal, result, found)


@examples(25)
@given(endgame_questions(tricks_left=st.integers(1, 3)))
def test_legal_cards_follow_the_question_rules_of_play(case):
    """The cards valued are the legal ones, with the question's own holds (an ultimó it asks
    about keeps the trump 7 back, as in the reference)."""
    deal, spec = case
    question = parse_question(spec, deal)
    result = card_values(deal, question, after=len(deal.play))
    position = deal.played_position()
    position.holds = deal.holds() | (question.holds(Setting.of(deal)) if not is_value_question(question) else {})
    assert list(result.values) == [HUNGARIAN.card_name(c) for c in card_order(deal, position.legal_moves())]


def test_ultimo_question_keeps_the_seven_back():
    """B holds the trump 7 and the trump U and must follow A's heart: asked about B's ultimó
    (not announced) the 7 is kept back, asked about points it may be played."""
    deal = deal_from_hands(
        {"A": "AKO.AKO.AK.A", "B": "UX9.U7.UX9.K", "C": "87.X98.O87.O"}, TRUMP_CONTRACTS[1], "B",
        play="PA",
    )
    assert list(card_values(deal, parse_question("B:ultimo", deal), after=1).values) == ["PU"]
    assert list(card_values(deal, DeclarerPoints(), after=1).values) == ["PU", "P7"]


def test_json_shape_and_position_value_on_full_deals():
    deals = load(BENCHMARK_DEALS)
    for index in QUICK_DEALS:
        deal = deals[index]
        question = default_question(deal)
        result = card_values(deal, question)
        data = result.to_json()
        json.dumps(data)
        assert {"cards", "groups", "position_value", "to_move"} <= set(data)
        assert data["to_move"] == deal.first_leader
        solver = Solver(deal)
        direct = solver.value(SEATS.index(deal.declarer)) if is_value_question(question) else solver.ask(question)
        assert data["position_value"] == direct
        assert set(data["cards"]) == {HUNGARIAN.card_name(c) for c in cards_of(deal.position().legal_moves())}
        assert sorted(t for tokens, _ in data["groups"] for t in tokens) == sorted(data["cards"])
        assert result.lines() and all(isinstance(line, str) for line in result.lines())


def test_mid_trick_values_count_the_cards_on_the_table():
    """Benchmark deal 3 along a line: after T8 MU (the trump U on the table, 20 points) the
    declarer C can still force 54; a search bounded by the points in hands says 48."""
    deal = load(BENCHMARK_DEALS)[2]
    deal.play = HUNGARIAN.parse_cards("PX MA P7 TU T7 TX PK MO PA T9 M8 TK ZU Z7 ZX T8")
    result = card_values(deal, DeclarerPoints(), after=len(deal.play))
    assert result.values["MU"] == best_points(with_card(deal, HUNGARIAN.parse_card("MU")), 2, after=17) == 54
    assert result.position_value == 54


def test_card_values_at_the_end_of_play_is_an_error():
    deal = load(BENCHMARK_DEALS)[2]
    deal = play_line(deal, [0] * 27)
    with pytest.raises(ValueError, match="over"):
        card_values(deal, DeclarerPoints(), after=27)


# --- parse_after --------------------------------------------------------------------------


def played_deal(count: int) -> Deal:
    return play_line(load(BENCHMARK_DEALS)[2], [0] * count)


def test_parse_after_counts_cards():
    deal = played_deal(14)
    assert parse_after("4.2", deal) == 11
    assert parse_after("1.1", deal) == 1
    assert parse_after("1.0", deal) == 0
    assert parse_after("5.2", deal) == 14
    assert parse_after(" 3.3 ", deal) == 9
    assert parse_after("7", deal) == 7


@pytest.mark.parametrize("text, message", [
    ("4", None),
    ("x", "TRICK.CARD"),
    ("4.", "TRICK.CARD"),
    ("4.2.1", "TRICK.CARD"),
    ("0.1", "trick 0 .*1 to 9"),
    ("10.1", "trick 10 .*1 to 9"),
    ("4.4", "card 4 .*0 to 3"),
    ("5.3", "15 cards.*14"),
    ("20", "20 cards.*14"),
])
def test_parse_after_errors(text, message):
    deal = played_deal(14)
    if message is None:
        assert parse_after(text, deal) == 4
        return
    with pytest.raises(ValueError, match=message):
        parse_after(text, deal)


# --- question specs -----------------------------------------------------------------------


def trump_deal() -> Deal:
    return load(BENCHMARK_DEALS)[2]  # M, declarer C


def test_parse_question_forms():
    deal = trump_deal()
    assert parse_question("declarer_points", deal) == DeclarerPoints()
    assert parse_question("game", deal) == GameWon()
    assert parse_question("GAME", deal) == GameWon()
    assert parse_question("game_defeated", deal) == GameDefeated()
    assert parse_question("B:abszolut", deal) == FigureMade(1, "abszolut")
    assert parse_question("b:absolute", deal) == FigureMade(1, "abszolut")
    assert parse_question("C:all-three", deal) == FigureMade(2, "tuletroa")
    assert parse_question("points:C>=61", deal) == SeatPoints(2, 61)
    assert parse_question("together:C:abszolut+C:tuletroa+game", deal) == Together(
        (FigureMade(2, "abszolut"), FigureMade(2, "tuletroa"), GameWon())
    )
    betli = replace(deal, contract=BETLI)
    assert parse_question("betli", betli) == BetliMade()
    klop = replace(deal, contract=KLOPITZKY, declarer=None)
    assert parse_question("klopitzky:B", klop) == KlopitzkySafe(1)


def test_question_names_parse_back():
    """Every question's name is the spec a person types: ``defeat``, not ``game_defeated``."""
    deal = trump_deal()
    for contract, declarer in ((deal.contract, "C"), (BETLI, "C"), (KLOPITZKY, None)):
        other = replace(deal, contract=contract, declarer=declarer)
        for spec in question_specs(other):
            question = parse_question(spec, other)
            assert question_name(question) == spec
            assert parse_question(question_name(question), other) == question


@pytest.mark.parametrize("spec, message", [
    ("nonsense", "expected declarer_points, game"),
    ("", "unknown question"),
    ("D:abszolut", "unknown seat 'D'.*A B C"),
    ("B:nosuch", "unknown figure 'nosuch'"),
    ("betli", "needs a BETLI contract"),
    ("klopitzky:A", "needs a KLOPITZKY contract"),
    ("points:B", "points:SEAT>=N"),
    ("together:", "together:ITEM"),
    ("together:game+", "together:ITEM"),
    ("together:game+A:abszolut", "one side"),
    ("together:declarer_points+game", "value question"),
    ("together:together:game+game", "cannot nest"),
])
def test_parse_question_errors(spec, message):
    with pytest.raises(ValueError, match=message):
        parse_question(spec, trump_deal())


def test_parse_question_errors_per_contract():
    deal = trump_deal()
    betli = replace(deal, contract=BETLI)
    with pytest.raises(ValueError, match="trump or no-trump game.*BETLI"):
        parse_question("declarer_points", betli)
    with pytest.raises(ValueError, match="trump or no-trump"):
        parse_question("game", betli)
    with pytest.raises(ValueError, match="not allowed"):
        parse_question("B:abszolut", betli)
    no_trump = replace(deal, contract=replace(deal.contract, kind=Kind.NO_TRUMP, trump=None))
    with pytest.raises(ValueError, match="tuletroa is not allowed"):
        parse_question("B:tuletroa", no_trump)
    with pytest.raises(ValueError, match="variant"):
        parse_question("B:uhu", deal)
    with pytest.raises(ValueError, match="contract"):
        parse_question("game", replace(deal, contract=None))


def test_default_question():
    deal = trump_deal()
    assert default_question(deal) == DeclarerPoints()
    assert default_question(replace(deal, contract=BETLI)) == BetliMade()
    klop = replace(deal, contract=KLOPITZKY, declarer=None, play=[])
    assert default_question(klop) == KlopitzkySafe(0)
    klop = play_line(klop, [0, 0])
    assert default_question(klop, after=2) == KlopitzkySafe(2)
    assert default_question(klop, after=1) == KlopitzkySafe(1)
