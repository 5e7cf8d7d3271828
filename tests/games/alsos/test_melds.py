"""Melds: sequences, vannak, béla and their contests (rules-notes 'Melds')."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from alsos_solver.cards import HUNGARIAN
from alsos_solver.deal import Deal
from alsos_solver.games import find_game
from alsos_solver.games.alsos.melds import runs, score_melds
from alsos_solver.melds import MeldResult
from alsos_solver.rules import AlsosOptions, Contract, Kind

ALSOS = find_game("alsos")


def melds(
    contract: str = "NT",
    declared: dict[str, tuple[str, ...]] | None = None,
    options: AlsosOptions = AlsosOptions(),
    **hands: str,
) -> MeldResult:
    """score_melds over hands written as seat='AKO.X9.U87.A' (missing seats hold nothing)."""
    parsed = {seat: HUNGARIAN.parse_hand(text) for seat, text in hands.items()}
    return score_melds(parsed, ALSOS.parse_contract(contract), options, "ABC", declared)


def names(result: MeldResult, seat: str) -> list[str]:
    """The seat's scoring melds as 'name points'."""
    return [f"{m.name} {m.points}" for m in result.melds if m.seat == seat and m.scores]


# --- finding sequences ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("AKO...", ["terc to the Ace in acorns 20"]),
        (".KOUX..", ["kvart to the King in hearts 50"]),
        ("..OUX98.", ["kvint to the Over in bells 100"]),
        ("...UX987", ["kvint to the Under in leaves 100"]),
        ("AKOUX9...", ["szext to the Ace in acorns 100"]),
        (".KOUX987..", ["szept to the King in hearts 100"]),
        ("AKOUX987...", ["okt to the Ace in acorns 100"]),
    ],
)
def test_each_sequence_length(hand: str, expected: list[str]) -> None:
    assert names(melds(A=hand), "A") == expected


def test_two_runs_in_two_suits() -> None:
    result = melds(contract="NT", A="AKO.X98..")
    assert names(result, "A") == ["terc to the Ace in acorns 20", "terc to the Ten in hearts 20"]
    assert result.points["A"] == 40


def test_two_runs_in_one_suit() -> None:
    result = melds(contract="NT", A="AKOX987...")
    assert names(result, "A") == ["terc to the Ace in acorns 20", "kvart to the Ten in acorns 50"]
    assert result.points["A"] == 70


def test_ten_nine_eight_is_a_sequence() -> None:
    assert names(melds(A=".X98..", contract="NT"), "A") == ["terc to the Ten in hearts 20"]


def test_two_cards_and_gaps_are_no_sequence() -> None:
    assert melds(A="AK.AO.KU.98").melds == ()


def test_okt_is_one_sequence_not_kvint_and_terc() -> None:
    result = melds(A="AKOUX987.A..")
    assert [m.name for m in result.melds if m.kind == "sequence"] == ["okt to the Ace in acorns"]
    assert result.points["A"] == 100


def test_runs_of_a_suit_byte() -> None:
    assert list(runs(0b1111_1111)) == [(0, 8)]
    assert list(runs(0b1110_0111)) == [(0, 3), (5, 3)]
    assert list(runs(0b0101_1011)) == []
    assert list(runs(0)) == []


# --- the sequence contest ------------------------------------------------------------


def test_longer_sequence_wins() -> None:
    result = melds(A="AKO...", B="..UX98.")
    assert result.points == {"A": 0, "B": 50, "C": 0}


def test_szext_beats_kvint() -> None:
    result = melds(A="AKOUX...", B=".AKOUX9..")
    assert result.points == {"A": 0, "B": 100, "C": 0}


def test_higher_top_card_wins_at_equal_length() -> None:
    result = melds(contract="NT", A="..X98.", B="...KOU")
    assert result.points == {"A": 0, "B": 20, "C": 0}


def test_trump_wins_at_equal_length_and_top() -> None:
    result = melds(contract="T", A="AKO...", B="..AKO.")
    assert result.points["B"] == 20 + 20  # the trump terc, and béla
    assert result.points["A"] == 0


def test_equal_non_trump_best_sequences_nobody_scores() -> None:
    result = melds(contract="Z", A="AKO...", B=".AKO..", C="..OUX.")
    assert result.points == {"A": 0, "B": 0, "C": 0}
    assert {m.reason for m in result.melds} == {
        "A and B hold equal best non-trump sequences, so nobody scores sequences"
    }


def test_equal_sequences_in_no_trump_nobody_scores() -> None:
    assert melds(contract="NT", A="..X98.", B="...X98").points == {"A": 0, "B": 0, "C": 0}


def test_best_holder_scores_all_his_runs() -> None:
    result = melds(contract="NT", A="AKOU..UX9.987", B=".KOUX..")
    assert result.points["A"] == 50 + 20 + 20
    assert result.points["B"] == 0


def test_a_lower_run_of_the_winner_scores_over_a_better_run_of_the_loser() -> None:
    result = melds(contract="NT", A="AKOUX..987.", B=".AKOU..")
    assert result.points == {"A": 120, "B": 0, "C": 0}


# --- vannak --------------------------------------------------------------------------


def test_vannak_found_and_scored() -> None:
    result = melds(A="A.A.A.A")
    assert names(result, "A") == ["vannak of Aces 80"]


def test_vannak_contest_in_trump_order() -> None:
    result = melds(contract="M", A="A.A.A.A", B="9.9.9.9")
    assert result.points == {"A": 0, "B": 80, "C": 0}


def test_vannak_contest_in_no_trump_order() -> None:
    result = melds(contract="NT", A="A.A.A.A", B="9.9.9.9")
    assert result.points == {"A": 80, "B": 0, "C": 0}


def test_unders_beat_aces_in_trump_lose_in_no_trump() -> None:
    hands = {"A": "U.U.U.U", "B": "A.A.A.A"}
    assert melds(contract="P", **hands).points["A"] == 80
    assert melds(contract="NT", **hands).points["B"] == 80


def test_vannak_winner_scores_all_his_vannaks() -> None:
    result = melds(contract="NT", A="AX.AX.AX.AX", B="K.K.K.K")
    assert names(result, "A") == ["vannak of Aces 80", "vannak of Tens 80"]
    assert result.points == {"A": 160, "B": 0, "C": 0}
    assert result.explain("B") == "B: no scoring melds"


@pytest.mark.parametrize(
    ("variant", "contract", "ranks"),
    [
        ("any", "M", "U9AXKO87"),
        ("any", "NT", "AXKOU987"),
        ("house", "M", "U9AXKO"),
        ("house", "NT", "AXKOU"),
        ("no78", "M", "U9AXKO"),
        ("no78", "NT", "AXKOU9"),
    ],
)
def test_vannak_variants(variant: str, contract: str, ranks: str) -> None:
    options = AlsosOptions(vannak=variant)  # type: ignore[arg-type]
    for letter in "AKOUX987":
        result = melds(contract=contract, options=options, A=".".join([letter] * 4))
        assert result.points["A"] == (80 if letter in ranks else 0), letter


def test_tompa_rules_allow_no_vannak_of_sevens_or_eights() -> None:
    tompa = AlsosOptions(rules="tompa")
    assert melds(options=tompa, A="8.8.8.8", B="7.7.7.7").melds == ()
    assert melds(options=tompa, A="9.9.9.9").points["A"] == 80


def test_excluded_vannak_is_no_meld() -> None:
    assert melds(contract="NT", options=AlsosOptions(vannak="house"), A="9.9.9.9").melds == ()


# --- béla ----------------------------------------------------------------------------


def test_bela_always_scores() -> None:
    result = melds(contract="P", A="AKO.X9.U87.A", B="UX9.KO..", C="...KOUX9")
    assert names(result, "B") == ["béla 20"]
    assert result.points == {"A": 0, "B": 20, "C": 100}


def test_bela_is_part_of_a_trump_sequence_too() -> None:
    result = melds(contract="M", A="AKO...")
    assert names(result, "A") == ["terc to the Ace in acorns 20", "béla 20"]


def test_no_bela_in_no_trump() -> None:
    assert melds(contract="NT", A="KO.KO..").melds == ()


# --- contracts without melds -----------------------------------------------------------


@pytest.mark.parametrize("contract", ["BETLI", "KLOPITZKY"])
def test_no_melds_in_betli_and_klopitzky(contract: str) -> None:
    result = melds(contract=contract, A="AKOUX...", B="9.9.9.9")
    assert result.melds == ()
    assert result.points == {"A": 0, "B": 0, "C": 0}


def test_no_contract_no_melds() -> None:
    result = score_melds({"A": HUNGARIAN.parse_hand("AKO...")}, None, AlsosOptions())
    assert result == MeldResult((), {"A": 0, "B": 0, "C": 0})


# --- declaring -----------------------------------------------------------------------


def test_undeclared_better_sequence_lets_a_worse_one_score() -> None:
    result = melds(contract="NT", declared={"B": ("vannak", "bela")}, A="AKO...", B="..UX98.")
    assert result.points == {"A": 20, "B": 0, "C": 0}
    assert "B: kvart to the Under in bells does not score: not declared" in result.lines()


def test_undeclared_equal_sequence_breaks_the_tie() -> None:
    result = melds(contract="NT", declared={"A": ()}, A="AKO...", B=".AKO..")
    assert result.points == {"A": 0, "B": 20, "C": 0}


def test_undeclared_vannak() -> None:
    result = melds(contract="M", declared={"B": ("sequences",)}, A="A.A.A.A", B="U.U.U.U")
    assert result.points == {"A": 80, "B": 0, "C": 0}


def test_undeclared_bela() -> None:
    result = melds(contract="P", declared={"A": ("sequences", "vannak")}, A=".KO..")
    assert result.melds[0].reason == "not declared"
    assert result.points["A"] == 0


def test_seats_absent_from_declared_declare_everything() -> None:
    result = melds(contract="M", declared={"C": ()}, A="AKO...", B=".KO..")
    assert result.points == {"A": 20 + 20, "B": 0, "C": 0}


# --- explanations --------------------------------------------------------------------


def test_explain() -> None:
    result = melds(contract="M", A="AKO.A9.A.A", B="..OUX9.", C="...KO")
    assert result.explain("B") == "B: kvart to the Over in bells 50"
    assert result.explain("C") == "C: no melds"
    assert result.explain("A") == "A: vannak of Aces 80, béla 20"


def test_explain_sequence_and_bela() -> None:
    result = melds(contract="M", A="KOUX...", B="..AK.")
    assert result.explain("A") == "A: kvart to the King in acorns 50, béla 20"


def test_lines() -> None:
    result = melds(contract="Z", A=".AKO..", C="...OUX9")
    assert result.lines() == [
        "A: no scoring melds",
        "A: terc to the Ace in hearts does not score: C has the better sequence",
        "C: kvart to the Over in leaves 50",
    ]


def test_lines_for_the_vannak_contest() -> None:
    result = melds(contract="NT", A="K.K.K.K", C="A.A.A.A")
    assert result.lines() == [
        "A: no scoring melds",
        "A: vannak of Kings does not score: C has the better vannak",
        "C: vannak of Aces 80",
    ]


def test_no_lines_without_melds() -> None:
    assert melds(A="AK.AK.AK.").lines() == []


# --- deals ---------------------------------------------------------------------------


def test_deal_melds_uses_contract_options_and_declared() -> None:
    deal = Deal(
        hands={"A": HUNGARIAN.parse_hand("AKO..."), "B": HUNGARIAN.parse_hand("UX98...")}, game=find_game("alsos"),
        contract=Contract(Kind.TRUMP, 1),
        declared={"B": ()},
    )
    assert deal.game.melds(deal).points == {"A": 20, "B": 0, "C": 0}


def test_deal_melds_four_players_scores_the_active_seats() -> None:
    deal = Deal(hands={"A": HUNGARIAN.parse_hand("AKO...")}, game=find_game("alsos-4"), contract=Contract(Kind.NO_TRUMP))
    assert deal.game.melds(deal).points == {"A": 20, "B": 0, "C": 0}


def test_deal_melds_two_players_may_hold_three_vannaks() -> None:
    hand = HUNGARIAN.parse_hand("AKO.AKO.AKO.AKO")
    deal = Deal(hands={"A": hand, "B": 0}, game=find_game("alsos-2"), contract=Contract(Kind.NO_TRUMP))
    assert deal.game.melds(deal).points == {"A": 3 * 80 + 4 * 20, "B": 0}


def test_no_melds_in_asszorti() -> None:
    deal = Deal(hands={"A": 0b111}, game=find_game("asszorti"), contract=Contract(Kind.NO_TRUMP))
    assert deal.game.melds(deal) == MeldResult((), {"A": 0, "B": 0, "C": 0})


# --- properties ----------------------------------------------------------------------

CONTRACTS = [Contract(Kind.TRUMP, suit) for suit in range(4)] + [Contract(Kind.NO_TRUMP)]
OPTIONS = [AlsosOptions(vannak=v, rules=r) for v in ("any", "house", "no78") for r in ("standard", "tompa")]  # type: ignore[arg-type]


@st.composite
def situations(draw: st.DrawFn) -> tuple[dict[str, int], Contract, AlsosOptions]:
    """Hands from every card going to A, B, C or the talon; a contract; options."""
    owners = draw(st.lists(st.sampled_from("ABC-"), min_size=32, max_size=32))
    hands = {seat: sum(1 << card for card, owner in enumerate(owners) if owner == seat) for seat in "ABC"}
    return hands, draw(st.sampled_from(CONTRACTS)), draw(st.sampled_from(OPTIONS))


@settings(max_examples=300, deadline=None)
@given(situations())
def test_one_seat_at_most_scores_each_contest(situation: tuple[dict[str, int], Contract, AlsosOptions]) -> None:
    result = score_melds(*situation)
    for kind in ("sequence", "vannak"):
        assert len({m.seat for m in result.melds if m.kind == kind and m.scores}) <= 1


@settings(max_examples=300, deadline=None)
@given(situations())
def test_points_are_the_scoring_melds(situation: tuple[dict[str, int], Contract, AlsosOptions]) -> None:
    result = score_melds(*situation)
    for seat in "ABC":
        assert result.points[seat] == sum(m.points for m in result.melds if m.seat == seat and m.scores)
        assert all(m.cards & ~situation[0][seat] == 0 for m in result.melds if m.seat == seat)


@settings(max_examples=200, deadline=None)
@given(situations(), st.permutations("ABC"))
def test_permuting_hands_permutes_the_result(
    situation: tuple[dict[str, int], Contract, AlsosOptions], order: list[str]
) -> None:
    hands, contract, options = situation
    moved = dict(zip(order, (hands[seat] for seat in "ABC")))
    before = score_melds(hands, contract, options)
    after = score_melds(moved, contract, options)
    for seat, to in zip("ABC", order):
        assert after.points[to] == before.points[seat]
        assert after.explain(to)[1:] == before.explain(seat)[1:]


@settings(max_examples=200, deadline=None)
@given(situations())
def test_bela_holder_gets_twenty(situation: tuple[dict[str, int], Contract, AlsosOptions]) -> None:
    hands, contract, options = situation
    assume(contract.trump is not None)
    bela = HUNGARIAN.parse_cards(" ".join(HUNGARIAN.suits[contract.trump] + rank for rank in "KO"))
    result = score_melds(hands, contract, options)
    for seat, hand in hands.items():
        holds = all(hand >> card & 1 for card in bela)
        assert any(m.kind == "bela" and m.scores for m in result.held_by(seat)) == holds
        assert result.points[seat] >= (20 if holds else 0)


@settings(max_examples=200, deadline=None)
@given(situations(), st.sampled_from("ABC"))
def test_declaring_nothing_scores_nothing_and_costs_the_others_nothing(
    situation: tuple[dict[str, int], Contract, AlsosOptions], silent: str
) -> None:
    hands, contract, options = situation
    before = score_melds(hands, contract, options)
    after = score_melds(hands, contract, options, declared={silent: ()})
    assert after.points[silent] == 0
    assert all(after.points[seat] >= before.points[seat] for seat in "ABC" if seat != silent)
