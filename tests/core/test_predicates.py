"""The predicate language: values against the library's own rules, the grammar, typed
errors located in the text, binding to every game, and what a deal cannot answer."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from alsos_solver import dealer
from alsos_solver.games import GAMES, find_game
from alsos_solver.games.alsos.melds import held_melds, vannak_ranks
from alsos_solver.games.altiansz.rules import held_melds as altiansz_melds
from alsos_solver.predicates import Context, Expression, NotApplicable, PredicateError
from alsos_solver.rules import Kind

from conftest import make_deal
from strategies import deals


def value(text: str, deal=None):
    deal = deal or make_deal()
    context = Context.of_deal(deal)
    return Expression.parse(text).bind(context).of_deal(deal, context)


def error(text: str, deal=None) -> PredicateError:
    with pytest.raises(PredicateError) as caught:
        value(text, deal)
    return caught.value


# Values. The example deal: hearts trumps, B declares with .A987.97.AKU.


@pytest.mark.parametrize("text, expected", [
    ("trumps(B)", 4),
    ("len(B, M)", 0),
    ("len(C, M)", 4),
    ("has(B, P7)", True),
    ("has(B, PU)", False),
    ("bela(A)", True),
    ("bela(B)", False),
    ("sequence(C)", 3),
    ("sequence_points(C)", 40),  # terc K O U of acorns, terc A K O of bells
    ("vannak(C)", 0),
    ("meld_points(A)", 20),
    ("points(declarer) == points(B)", True),
    ("points(defenders) == points(A) + points(C)", True),
    ("len(talon, M) + len(talon, P)", 2),
    ("2 <= trumps(B) <= 4", True),
    ("2 <= trumps(B) < 4", False),
    ("not bela(A) or has(C, MK) and len(C, M) == 4", True),
    ("(not bela(A) or has(C, MK)) and len(C, M) == 3", False),
    ("- points(A) + 3 - -2 == 5 - points(A)", True),
    ("bela(A) == true and bela(B) != true", True),
])
def test_values_on_the_example_deal(text, expected):
    assert value(text) == expected


def test_points_follow_the_contract():
    """B's cards: P A987, T 97, Z AKU. Hearts trumps: PA 11, P9 14, TK.. none, ZA 11, ZK 4,
    ZU 2. No-trump: P9 and the trump Under lose their value, ZU is 2 as a plain Under."""
    assert value("points(B)") == 11 + 14 + 11 + 4 + 2
    assert value("points(B)", make_deal(contract="NT")) == 11 + 11 + 4 + 2


@settings(max_examples=60, deadline=None)
@given(deals(games=("alsos", "alsos-2", "alsos-4")))
def test_suit_tables_agree_with_the_rules(deal):
    """Every feature, computed suit by suit from tables, equals the rules' own answer for
    the whole hand: card points, trumps, held melds."""
    if deal.contract is None or not deal.contract.is_point_game or deal.declarer is None:
        return
    context = Context.of_deal(deal)
    rules = deal.rules
    trump = deal.contract.trump if deal.contract.kind is Kind.TRUMP else None
    ranks = vannak_ranks(deal.contract, deal.options)
    for seat in deal.game.active:
        hand = deal.hands[seat]
        held = list(held_melds(seat, hand, trump, ranks))

        def of(text):
            return Expression.parse(text).bind(context).of_deal(deal, context)

        assert of(f"points({seat})") == rules.card_points(hand)
        assert of(f"meld_points({seat})") == sum(m.points for m in held)
        assert of(f"vannak({seat})") == sum(m.kind == "vannak" for m in held)
        assert of(f"sequence_points({seat})") == sum(m.points for m in held if m.kind == "sequence")
        assert of(f"sequence({seat})") == max((m.cards.bit_count() for m in held if m.kind == "sequence"), default=0)
        if trump is not None:
            assert of(f"trumps({seat})") == (hand & deal.pack.suit_mask(trump)).bit_count()
            assert of(f"bela({seat})") == any(m.kind == "bela" for m in held)


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_binds_with_its_own_pack_and_seats(game):
    spec = find_game(game)
    (deal,) = dealer.deal(1, 3, game=game)
    pack = spec.pack
    last_seat, first_card = spec.active[-1], pack.card_name(0)
    text = f"len({last_seat}, {pack.suits[-1]}) >= 0 and (has({last_seat}, {first_card}) or not has({last_seat}, {first_card}))"
    assert value(text, deal) is True
    total = sum(value(f"len({seat}, {suit})", deal) for seat in (*spec.active, "talon") for suit in pack.suits)
    assert total == pack.size
    assert sum(value(f"len(talon, {suit})", deal) for suit in pack.suits) == spec.talon_size


def test_melds_where_the_game_has_none():
    context = Context(find_game("asszorti"), find_game("asszorti").parse_contract("S"), "A")
    assert not context.spec.meld_kinds
    with pytest.raises(PredicateError, match="asszorti has no melds") as caught:
        Expression.parse("bela(A)").bind(context)
    assert not isinstance(caught.value, NotApplicable)


ALTIANSZ_HANDS = {"A": "KU8.KO87.A.7", "B": "A9.AX9.O9.KU", "C": "OX7.U.8.AX98"}
"""Hearts trumps. A: béla (P K O, 40) and the kvart K O 8 7 in the trump order U 9 A X K O
8 7 (50); his M K U 8 is no sequence. B: the terc 9 A X of trumps (30). C: no meld (his
Z A X 9 8 breaks at the King in the plain order)."""


@pytest.mark.parametrize("text, expected", [
    ("bela(A)", True),
    ("bela(B)", False),
    ("sequence(A)", 4),
    ("sequence_points(A)", 50),
    ("meld_points(A)", 90),
    ("meld_points(B)", 30),
    ("meld_points(C)", 0),
    ("vannak(A)", 0),
])
def test_altiansz_melds_are_its_own(text, expected):
    """Altiansz has its own melds (seed 004): béla 40, sequences in each suit's trick order."""
    deal = make_deal("altiansz", ALTIANSZ_HANDS, talon=None, contract="game P", declarer="A")
    assert value(text, deal) == expected


@pytest.mark.parametrize("contract, expected", [("game M", 60), ("game P", 0), ("game T", 30), ("solo NT", 30)])
def test_altiansz_sequences_follow_the_trick_order(contract, expected):
    """'9-A-10 of trumps is a terc, but would not be a terc in a non-trump suit. O-U-9 is a
    terc in a non-trump suit but would not be a terc in trumps' (seed 004 'Melds'): A holds
    M 9 A X and P O U 9."""
    deal = make_deal("altiansz", {"A": "AX9.OU9.A.K8"}, talon=None, contract=contract, declarer="A")
    assert value("sequence_points(A)", deal) == expected


@pytest.mark.parametrize("hand, vannaks", [("A87.A8.A8.A8", 1), ("AX.AX.AX.AX9", 2)])
def test_altiansz_vannak_leaves_out_eights(hand, vannaks):
    """Four Aces (or Tens) are a vannak worth 40, four 8s none (seed 004)."""
    deal = make_deal("altiansz", {"A": hand}, talon=None, contract="solo NT", declarer="A")
    assert value("vannak(A)", deal) == vannaks and value("meld_points(A)", deal) == 40 * vannaks


@settings(max_examples=60, deadline=None)
@given(deals(games=("altiansz",)))
def test_altiansz_suit_tables_agree_with_its_rules(deal):
    """Every meld feature, computed suit by suit from tables, equals Altiansz's own melds
    of the whole hand in the contract's strain."""
    if deal.contract is None or not deal.contract.is_point_game:
        return
    context = Context.of_deal(deal)
    for seat in deal.game.active:
        held = altiansz_melds(deal.hands[seat], deal.contract).melds

        def of(text):
            return Expression.parse(text).bind(context).of_deal(deal, context)

        assert of(f"meld_points({seat})") == sum(m.points for m in held)
        assert of(f"vannak({seat})") == sum(m.kind == "vannak" for m in held)
        assert of(f"sequence_points({seat})") == sum(m.points for m in held if m.kind == "sequence")
        assert of(f"sequence({seat})") == max((m.cards.bit_count() for m in held if m.kind == "sequence"), default=0)
        if deal.contract.trump is not None:
            assert of(f"bela({seat})") == any(m.name == "béla" for m in held)


def test_the_dealer_deals_altiansz_melds():
    """``deal --game altiansz --where 'meld_points(A) >= 20'``: each deal's A holds melds
    worth 20 or more, as Altiansz counts them."""
    found = list(dealer.deal(5, 1, game="altiansz", contract="game P", declarer="A", where="meld_points(A) >= 20"))
    assert len(found) == 5
    assert all(deal.game.melds(deal).points["A"] >= 20 for deal in found)


# Grammar and its errors


@pytest.mark.parametrize("text, column, message", [
    ("points(B) >", 12, "expected a number, true, false, a feature such as points(A), 'not' or '(', found the end"),
    ("points(B) and true", 11, "'and' takes a condition (true/false), found a number: points(B)"),
    ("trumps(B) >= true", 11, "'>=' takes a number, found a condition (true/false): true"),
    ("not points(A)", 1, "'not' takes a condition (true/false), found a number: points(A)"),
    ("1 == true", 3, "'==' compares two numbers or two conditions"),
    ("-bela(A)", 1, "'-' takes a number"),
    ("pts(A) > 1", 1, "unknown feature 'pts' (expected one of points, trumps, len, has"),
    ("points A", 8, "expected '(' after points: points(P), found 'A'"),
    ("points(A, B)", 9, "expected ')' after 1 argument: points(P), found ','"),
    ("has(A)", 6, "expected ',' and a card: has(P, C), found ')'"),
    ("has(A, 7)", 8, "expected a card name: has(P, C), found '7'"),
    ("x = 3", 3, "found '='; write == to compare"),
    ("a && b", 3, "found '&'; write and"),
    ("(points(A) > 3", 15, "expected ')' to close the '(' of column 1, found the end"),
    ("points(A) > 3)", 14, "expected and, or or the end, found ')'"),
    ("points(A) 3", 11, "expected an operator (+ -), a comparison, and, or or the end, found '3'"),
    ("", 1, "expected a number, true, false"),
    ("and", 1, "expected a number, true, false, a feature such as points(A), 'not' or '(', found 'and'"),
    ("__import__('os')", 12, "found \"'\""),
    ("__import__(os)", 1, "unknown feature '__import__'"),
    ("(" * 60 + "true" + ")" * 60, 51, "expected at most 50 levels of parentheses, not and unary -, found more"),
    ("not " * 2000 + "true", 201, "expected at most 50 levels"),
    ("-" * 3000 + "1 > 0", 51, "expected at most 50 levels"),
])
def test_syntax_and_type_errors_say_where_what_was_expected_and_found(text, column, message):
    with pytest.raises(PredicateError) as caught:
        Expression.parse(text)
    assert caught.value.column == column
    assert message in caught.value.message
    assert str(caught.value).startswith(f"column {column}: ")


def test_long_flat_expressions_are_not_recursive():
    """Sums and 'and' chains are flat nodes: hundreds of terms bind and evaluate."""
    terms = " + ".join(["points(A)"] * 300)
    assert value(f"{terms} == {terms}") is True
    assert value(" and ".join(["has(B, P7)"] * 600)) is True
    with pytest.raises(PredicateError, match="expression longer than 10000 characters"):
        Expression.parse("1 + " * 3000 + "1")


def test_whole_expression_type_is_checked_when_asked():
    with pytest.raises(PredicateError, match="column 1: expected a condition .true/false., found a number .compare it"):
        Expression.parse("points(A)", want="bool")
    assert Expression.parse("points(A) + 1", want="int").type == "int"


def test_pointer_draws_a_caret_under_the_column():
    with pytest.raises(PredicateError) as caught:
        Expression.parse("trumps(B) >= true")
    assert caught.value.pointer() == "trumps(B) >= true\n          ^"


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="ABCPUMZT9 ()<>=!+-,&|adnortuefhslpimgbq0123456789_", max_size=40))
def test_any_text_parses_or_is_a_predicate_error(text):
    try:
        expression = Expression.parse(text)
    except PredicateError as caught:
        assert caught.column is None or 1 <= caught.column <= len(text) + 1
        return
    try:
        expression.bind(Context.of_deal(make_deal())).of_deal(make_deal(), Context.of_deal(make_deal()))
    except PredicateError:
        pass


def test_conjuncts_are_the_top_level_and_parts():
    expression = Expression.parse("trumps(B) >= 3 and (bela(B) or has(B, PA)) and 2 <= len(A, M) <= 4")
    assert [part.source for part in expression.conjuncts()] == [
        "trumps(B) >= 3", "(bela(B) or has(B, PA))", "2 <= len(A, M)", "len(A, M) <= 4",
    ]
    assert [part.source for part in Expression.parse("has(A, MA) or has(B, MA)").conjuncts()] == ["has(A, MA) or has(B, MA)"]


# Binding: names of the game, and what a deal cannot answer


@pytest.mark.parametrize("text, column, message", [
    ("points(E) > 0", 8, "unknown place 'E' (expected a seat A, B or C, declarer, defenders or talon)"),
    ("has(A, XX)", 8, "unknown card 'XX' (expected a suit letter M/P/T/Z then a rank)"),
    ("has(A, SA)", 8, "unknown card 'SA'"),
    ("len(A, H) > 0", 8, "unknown suit 'H' (expected M, P, T or Z)"),
    ("bela(talon)", 6, "melds are held in one hand, found talon (expected a seat A, B or C or declarer)"),
    ("sequence(defenders) > 3", 10, "melds are held in one hand, found defenders"),
])
def test_names_that_are_not_of_the_game(text, column, message):
    caught = error(text)
    assert not isinstance(caught, NotApplicable)
    assert caught.column == column
    assert message in caught.message


def test_a_seat_that_sits_out():
    spec = find_game("alsos-4")
    with pytest.raises(PredicateError, match="column 8: seat D sits out in alsos-4 and holds no cards"):
        Expression.parse("points(D) > 0").bind(Context(spec, spec.parse_contract("P"), "A"))


@pytest.mark.parametrize("contract, declarer, text, message", [
    (None, None, "points(A) > 10", "column 1: points(A): needs a contract: card points depend on it"),
    ("NT", "B", "trumps(B) > 1", "column 1: trumps(B): needs a trump contract, found contract NT"),
    ("NT", "B", "bela(B)", "column 1: bela(B): needs a trump contract, found contract NT"),
    ("BETLI", "B", "points(B) > 1", "column 1: points(B): alsos BETLI is not played for card points"),
    ("BETLI", "B", "sequence(B) > 1", "column 1: sequence(B): melds are declared in trump and no-trump games, found contract BETLI"),
    ("KLOPITZKY", None, "has(declarer, PA)", "column 5: declarer needs a declarer, and there is none"),
    (None, None, "len(defenders, P) > 1", "column 5: defenders needs a declarer, and there is none"),
])
def test_what_a_deal_cannot_answer_is_not_applicable(contract, declarer, text, message):
    caught = error(text, make_deal(contract=contract, declarer=declarer))
    assert isinstance(caught, NotApplicable)
    assert str(caught) == message


def test_asszorti_points_are_not_applicable_but_its_cards_are_known():
    spec = find_game("asszorti")
    context = Context(spec, spec.parse_contract("H"), "A")
    with pytest.raises(NotApplicable, match="asszorti H is not played for card points"):
        Expression.parse("points(A) > 0").bind(context)
    bound = Expression.parse("has(A, H10) and trumps(A) >= 1").bind(context)
    assert bound.places == {0}
