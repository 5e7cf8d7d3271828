"""Position: push / pop (make / unmake), scoring of tricks, illegal plays, the ultimó hold."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given
from hypothesis import strategies as st

from alsos_solver.cards import cards_of
from alsos_solver.position import IllegalPlay
from alsos_solver.rules import AlsosOptions, Kind

from conftest import EXAMPLE_PLAY, make_deal, playable_deals


def play(position, text: str) -> None:
    for card in position.rules.pack.parse_cards(text):
        position.push(card)


def names(position, cards) -> set[str]:
    return {position.rules.pack.card_name(c) for c in cards_of(cards)}


# --- the example deal, card by card ----------------------------------------------------------


def test_first_trick_of_the_example():
    position = make_deal().position()
    assert (position.leader, position.to_move, position.trick_index) == (0, 0, 0)
    play(position, "MA")
    assert position.to_move == 1
    assert names(position, position.legal_moves()) == {"PA", "P9", "P8", "P7"}  # void: must trump
    play(position, "P8 M8")
    assert position.winners == [1]
    assert position.points == [0, 11, 0]
    assert position.tricks_won == [0, 1, 0]
    assert (position.trick_index, position.to_move, position.trick.leader) == (1, 1, 1)
    assert position.trick.cards == []


def test_played_example_to_the_end_scores_the_whole_pack():
    position = make_deal().position()
    while not position.is_over:
        position.push(min(cards_of(position.legal_moves())))
    assert position.legal_moves() == 0
    assert sum(position.points) == 162 - 30  # the talon holds three tens
    assert sum(position.tricks_won) == len(position.winners) == 9
    assert position.trick_index == 9 and position.trick.cards == []


def test_pop_takes_back_a_completed_trick_and_its_points():
    position = make_deal().position()
    play(position, "MA P8 M8")
    assert position.rules.pack.card_name(position.pop()) == "M8"
    assert position.winners == [] and position.points == [0, 0, 0] and position.tricks_won == [0, 0, 0]
    assert position.to_move == 2 and position.trick.cards == position.rules.pack.parse_cards("MA P8")


def test_pop_at_the_start_raises_index_error():
    with pytest.raises(IndexError):
        make_deal().position().pop()


# --- make / unmake over random play ----------------------------------------------------------


def check_invariants(position, start_hands, played: list[int]) -> None:
    rules = position.rules
    for i, hand in enumerate(position.hands):
        assert hand & ~start_hands[i] == 0
        for other in position.hands[i + 1 :]:
            assert hand & other == 0
    assert sum(position.hands) + sum(1 << c for c in played) == sum(start_hands)
    completed = len(played) // position.seats
    assert sum(position.tricks_won) == len(position.winners) == completed == position.trick_index
    counted = sum(1 << c for c in played[: completed * position.seats])
    bonus = rules.last_trick_bonus if position.is_over else 0
    assert sum(position.points) == rules.card_points(counted) + bonus
    if position.is_over:
        assert sum(position.points) == rules.total_points(sum(start_hands))
    else:
        assert position.legal_moves() & ~position.hands[position.to_move] == 0
        assert position.legal_moves()


def state(position) -> tuple:
    """Everything push and pop change, copied."""
    tricks = [(trick.leader, tuple(trick.cards)) for trick in position.tricks]
    return tuple(position.hands), tricks, tuple(position.winners), tuple(position.points), tuple(position.tricks_won)


@given(data=st.data())
def test_push_then_pop_restores_every_earlier_position(data):
    deal = data.draw(playable_deals())
    if deal.contract.kind is Kind.TRUMP:  # announce ultimó for whoever holds the trump 7
        seven = deal.pack.card(deal.contract.trump, deal.pack.rank_index("7"))
        holder = next((s for s, h in deal.hands.items() if h >> seven & 1), None)
        if holder is not None and data.draw(st.booleans()):
            deal.figures = {holder: ("ultimo",)}
    position = deal.position()
    start_hands = list(position.hands)
    total = sum(h.bit_count() for h in start_hands)
    length = data.draw(st.integers(0, total))
    snapshots, played = [], []
    for _ in range(length):
        moves = list(cards_of(position.legal_moves()))
        card = data.draw(st.sampled_from(moves))
        held = position.held()
        if held >> card & 1:  # a held card only when it is the only legal card
            assert moves == [card]
        snapshots.append(state(position))
        position.push(card)
        played.append(card)
        check_invariants(position, start_hands, played)
    while played:
        assert position.pop() == played.pop()
        assert state(position) == snapshots.pop()
    assert position == deal.position()


# --- illegal plays ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "before, card, fragments",
    [
        ("", "MK", ["MK", "not in", "A"]),  # C holds MK
        ("MA", "ZA", ["B", "must trump", "ZA"]),  # B is void in acorns and holds trumps
        ("MA P8", "PU", ["C", "must follow M", "revoke"]),  # C holds acorns
        ("MA P8", "MX", ["MX", "not in"]),  # the ten is in the talon
        ("MA P8 M8 PA", "ZO", ["C", "revoke"]),  # C holds the trump U
        ("MA P8 M8 ZA ZO Z9 PA PU", "M9", ["A", "must follow P", "revoke"]),  # trump led
    ],
)
def test_illegal_play_raises_naming_the_fault(before, card, fragments):
    position = make_deal().position()
    play(position, before)
    state = copy.deepcopy(position)
    with pytest.raises(IllegalPlay) as error:
        play(position, card)
    for fragment in fragments:
        assert fragment in str(error.value)
    assert position == state  # nothing changed
    assert isinstance(error.value, ValueError)


def test_altiansz_betli_failure_to_beat_is_named():
    position = make_deal(game="altiansz", contract="betli", declarer="A").position()  # declarer leads
    play(position, "M9 ZA")  # B is void in acorns
    assert names(position, position.legal_moves()) == {"MK", "MO", "MU"}
    with pytest.raises(IllegalPlay, match="C must beat the highest M"):
        play(position, "M8")


def test_push_after_the_last_trick_is_illegal():
    position = make_deal().position()
    while not position.is_over:
        position.push(max(cards_of(position.legal_moves())))
    with pytest.raises(IllegalPlay):
        play(position, "MK")


# --- ultimó and nyolcas holds ----------------------------------------------------------------


def test_ultimo_holder_may_not_lead_the_trump_seven_early():
    position = make_deal(figures={"B": ("ultimo",)}).position()
    assert position.holds == {position.rules.pack.parse_card("P7"): 8}
    play(position, "MA P8 M8")  # B wins and leads
    assert "P7" not in names(position, position.legal_moves())
    with pytest.raises(IllegalPlay) as error:
        play(position, "P7")
    assert "ultim" in str(error.value) and "P7" in str(error.value)


def test_ultimo_holder_void_in_the_led_suit_must_trump_with_another_trump():
    position = make_deal(figures={"B": ("ultimo",)}).position()
    play(position, "MA")
    assert names(position, position.legal_moves()) == {"PA", "P9", "P8"}
    with pytest.raises(IllegalPlay) as error:
        play(position, "P7")
    # the seven is refused because it is held back, not for a failure to trump
    assert "ultim" in str(error.value)
    assert "must trump" not in str(error.value)


def test_ultimo_seven_is_forced_when_it_is_the_only_legal_card():
    hands = {"A": "A97.KO.U8.X9", "B": "KOU.7.97.AKU", "C": "8.AU98.AKO.O"}
    position = make_deal(hands=hands, figures={"B": ("ultimo",)}).position()
    play(position, "PO")  # A leads a trump; B's only trump is the held seven
    assert names(position, position.legal_moves()) == {"P7"}
    play(position, "P7")




@pytest.mark.parametrize(
    "figures, variant, holds",
    [
        (("ultimo",), "", {"P7": 8}),
        (("nyolcas",), "nyolcas=on", {"P8": 7}),
        (("ultimo", "nyolcas"), "nyolcas=on", {"P7": 8, "P8": 7}),
    ],
)
def test_held_cards_are_kept_back_until_their_trick(figures, variant, holds):
    deal = make_deal(figures={"B": figures}, options=AlsosOptions.from_variant(variant))
    position = deal.position()
    pack = position.rules.pack
    holds = {pack.parse_card(token): trick for token, trick in holds.items()}
    assert position.holds == holds
    for card in pack.parse_cards(EXAMPLE_PLAY):
        held = sum(1 << c for c, trick in holds.items() if position.trick_index < trick)
        assert position.held() == held
        moves = position.legal_moves()
        if moves & held:
            assert moves & ~held == 0, "a held card is legal only when nothing else is"
        position.push(card)
    assert position.is_over and position.winners[-1] == 1 and position.winners[-2] == 0
