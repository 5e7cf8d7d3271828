"""Cards, packs and card sets: the bit layout and the card / hand converters (deal-format.md)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from alsos_solver.cards import FRENCH, HUNGARIAN, cards_of, count

PACKS = [HUNGARIAN, FRENCH]
pack_ids = pytest.mark.parametrize("pack", PACKS, ids=lambda p: p.name)


@pytest.mark.parametrize(
    "pack, token, bit",
    [
        (HUNGARIAN, "MA", 0),
        (HUNGARIAN, "MK", 1),
        (HUNGARIAN, "MX", 4),
        (HUNGARIAN, "M7", 7),
        (HUNGARIAN, "PA", 8),
        (HUNGARIAN, "TA", 16),
        (HUNGARIAN, "ZA", 24),
        (HUNGARIAN, "Z7", 31),
        (FRENCH, "SA", 0),
        (FRENCH, "ST", 4),
        (FRENCH, "S6", 8),
        (FRENCH, "HA", 9),
        (FRENCH, "DA", 18),
        (FRENCH, "CA", 27),
        (FRENCH, "C6", 35),
    ],
)
def test_card_bit_layout(pack, token, bit):
    assert pack.parse_card(token) == bit
    assert pack.card_name(bit) == token


@pytest.mark.parametrize("pack, size, suit_size", [(HUNGARIAN, 32, 8), (FRENCH, 36, 9)], ids=["hungarian", "french"])
def test_pack_sizes_and_full_set(pack, size, suit_size):
    assert pack.size == size
    assert pack.suit_size == suit_size
    assert pack.full == (1 << size) - 1
    assert count(pack.full) == size


@pack_ids
def test_suit_masks_partition_the_pack(pack):
    masks = [pack.suit_mask(s) for s in range(len(pack.suits))]
    assert sum(masks) == pack.full
    for suit, suit_mask in enumerate(masks):
        assert [pack.suit_of(c) for c in cards_of(suit_mask)] == [suit] * pack.suit_size
        assert [pack.rank_of(c) for c in cards_of(suit_mask)] == list(range(pack.suit_size))


@pack_ids
def test_card_name_and_parse_card_are_inverse_for_every_card(pack):
    for card in range(pack.size):
        assert pack.parse_card(pack.card_name(card)) == card
    tokens = [s + r for s in pack.suits for r in pack.ranks]
    assert [pack.card_name(pack.parse_card(t)) for t in tokens] == tokens


@pytest.mark.parametrize("pack, ten", [(HUNGARIAN, "X"), (FRENCH, "T")], ids=["hungarian", "french"])
def test_token_10_is_read_as_the_ten(pack, ten):
    for suit in pack.suits:
        assert pack.parse_card(suit + "10") == pack.parse_card(suit + ten)
    # the writer always uses the letter
    assert pack.card_name(pack.parse_card(pack.suits[0] + "10")) == pack.suits[0] + ten


@pytest.mark.parametrize(
    "pack, token, fragment",
    [
        (HUNGARIAN, "", "unknown card"),
        (HUNGARIAN, "M", "unknown card"),
        (HUNGARIAN, "QA", "M/P/T/Z"),  # unknown suit
        (HUNGARIAN, "SA", "M/P/T/Z"),  # a French suit in the Hungarian pack
        (HUNGARIAN, "MQ", "A K O U X 9 8 7"),  # unknown rank
        (HUNGARIAN, "MT", "A K O U X 9 8 7"),  # the French ten letter
        (HUNGARIAN, "M1", "unknown rank"),
        (HUNGARIAN, "MAK", "unknown rank"),
        (HUNGARIAN, "M11", "unknown rank"),
        (FRENCH, "MA", "S/H/D/C"),
        (FRENCH, "SX", "A K Q J T 9 8 7 6"),
        (FRENCH, "SO", "unknown rank"),
    ],
)
def test_parse_card_rejects_bad_tokens_naming_what_was_expected(pack, token, fragment):
    with pytest.raises(ValueError) as error:
        pack.parse_card(token)
    assert fragment in str(error.value)


def test_parse_cards_keeps_the_order():
    assert HUNGARIAN.parse_cards("MA P8 M8") == [0, 14, 6]
    assert HUNGARIAN.parse_cards("  Z7\tM10 ") == [31, 4]
    assert HUNGARIAN.parse_cards("") == []


def names(pack, hand):
    return {pack.card_name(c) for c in cards_of(hand)}


def test_parse_hand_example_of_the_format():
    hand = HUNGARIAN.parse_hand("AKO.X9.U87.A")
    assert names(HUNGARIAN, hand) == {"MA", "MK", "MO", "PX", "P9", "TU", "T8", "T7", "ZA"}
    assert HUNGARIAN.hand_name(hand) == "AKO.X9.U87.A"


@pytest.mark.parametrize(
    "pack, text, written",
    [
        (HUNGARIAN, "OKA.9X.78U.A", "AKO.X9.U87.A"),
        (HUNGARIAN, "7A.X.10.", "A7.X.X."),
        (HUNGARIAN, "...7UOKA8X9", "...AKOUX987"),
        (FRENCH, "6A10.J.Q.", "AT6.J.Q."),
        (FRENCH, "TKQ.A.9.6", "KQT.A.9.6"),
    ],
)
def test_parse_hand_accepts_ranks_in_any_order_and_10(pack, text, written):
    assert pack.hand_name(pack.parse_hand(text)) == written


@pack_ids
def test_empty_hands(pack):
    dots = "." * (len(pack.suits) - 1)
    assert pack.parse_hand("-") == 0
    assert pack.parse_hand(dots) == 0
    assert pack.hand_name(0) == dots


@pack_ids
def test_full_hand_is_written_high_to_low(pack):
    assert pack.hand_name(pack.full) == ".".join([pack.ranks] * len(pack.suits))


@pack_ids
@given(data=st.data())
def test_hand_name_and_parse_hand_round_trip(pack, data):
    hand = data.draw(st.integers(0, pack.full))
    assert pack.parse_hand(pack.hand_name(hand)) == hand
    # and the reader accepts any rank order within a suit
    groups = pack.hand_name(hand).split(".")
    shuffled = ".".join("".join(data.draw(st.permutations(g))) for g in groups)
    assert pack.parse_hand(shuffled) == hand
    assert pack.hand_name(pack.parse_hand(shuffled)) == pack.hand_name(hand)


@pytest.mark.parametrize(
    "pack, text, fragment",
    [
        (HUNGARIAN, "", "4 suit groups"),
        (HUNGARIAN, "AKO.X9.U87", "found 3"),
        (HUNGARIAN, "A.K.O.U.X", "found 5"),
        (HUNGARIAN, "AKOQ...", "unknown rank"),
        (HUNGARIAN, "AKO.X9.U87.AA", "ZA appears twice"),
        (HUNGARIAN, "AKO.XX..", "PX appears twice"),
        (HUNGARIAN, "9X10...", "appears twice"),  # X and 10 are the same card
        (HUNGARIAN, "--", "suit groups"),
        (FRENCH, "AKO...", "unknown rank"),
        (FRENCH, "A.K.Q", "S.H.D.C"),
        (FRENCH, "T10...", "twice"),
    ],
)
def test_parse_hand_rejects_malformed_hands_naming_the_fault(pack, text, fragment):
    with pytest.raises(ValueError) as error:
        pack.parse_hand(text)
    assert fragment in str(error.value)


@given(st.integers(0, HUNGARIAN.full))
def test_cards_of_lists_the_set_lowest_first(hand):
    cards = list(cards_of(hand))
    assert cards == sorted(cards)
    assert sum(1 << c for c in cards) == hand
    assert count(hand) == len(cards)
