"""The rules as data, checked against rules-notes.md: trick order, card points, legal moves,
trick winners, first leads, options, contract tokens, figures."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from alsos_solver.cards import cards_of
from alsos_solver.games import GAMES, find_game
from alsos_solver.games.alsos import figures
from alsos_solver.rules import AlsosOptions, Contract, Kind

from conftest import mask, playable_deals
from strategies import options as option_sets


def rules_for(game: str, contract: str, variant: str = ""):
    spec = GAMES[game]
    return spec.trick_rules(spec.parse_contract(contract), AlsosOptions.from_variant(variant))


# --- trick order -----------------------------------------------------------------------------

TRUMP_ORDER, PLAIN_ORDER, SEQUENCE_ORDER = "U9AXKO87", "AXKOU987", "AKOUX987"


def suit_order(rules, suit: int) -> str:
    """The ranks of one suit from the strongest to the weakest card."""
    pack = rules.pack
    cards = sorted(cards_of(pack.suit_mask(suit)), key=lambda c: -rules.strength[c])
    return "".join(pack.ranks[pack.rank_of(c)] for c in cards)


@pytest.mark.parametrize(
    "game, contract, variant, orders",
    [
        ("alsos", "M", "", [TRUMP_ORDER, PLAIN_ORDER, PLAIN_ORDER, PLAIN_ORDER]),
        ("alsos", "P", "", [PLAIN_ORDER, TRUMP_ORDER, PLAIN_ORDER, PLAIN_ORDER]),
        ("alsos", "T", "", [PLAIN_ORDER, PLAIN_ORDER, TRUMP_ORDER, PLAIN_ORDER]),
        ("alsos", "Z", "", [PLAIN_ORDER, PLAIN_ORDER, PLAIN_ORDER, TRUMP_ORDER]),
        ("alsos", "NT", "", [PLAIN_ORDER] * 4),
        ("alsos", "BETLI", "", [PLAIN_ORDER] * 4),
        ("alsos", "KLOPITZKY", "", [PLAIN_ORDER] * 4),
        ("alsos", "BETLI", "betli_order=potter", [PLAIN_ORDER] * 4),
        ("alsos", "BETLI", "betli_order=sequence", [SEQUENCE_ORDER] * 4),
        ("alsos", "KLOPITZKY", "betli_order=sequence", [PLAIN_ORDER] * 4),  # 000: klopitzky stays plain
        ("alsos", "KLOPITZKY", "klopitzky_order=sequence", [SEQUENCE_ORDER] * 4),
        ("alsos", "BETLI", "klopitzky_order=sequence", [PLAIN_ORDER] * 4),
        ("alsos", "KLOPITZKY", "betli_order=sequence klopitzky_order=sequence", [SEQUENCE_ORDER] * 4),
        ("alsos", "NT", "betli_order=sequence", [PLAIN_ORDER] * 4),
        ("alsos", "P", "betli_order=sequence", [PLAIN_ORDER, TRUMP_ORDER, PLAIN_ORDER, PLAIN_ORDER]),
        ("alsos-2", "T", "", [PLAIN_ORDER, PLAIN_ORDER, TRUMP_ORDER, PLAIN_ORDER]),
        ("alsos-4", "BETLI", "betli_order=sequence", [SEQUENCE_ORDER] * 4),
        ("altiansz", "game Z", "", [PLAIN_ORDER, PLAIN_ORDER, PLAIN_ORDER, TRUMP_ORDER]),
        ("altiansz", "solo NT", "", [PLAIN_ORDER] * 4),
        ("altiansz", "betli", "", [SEQUENCE_ORDER] * 4),
        ("asszorti", "H", "", ["AKQJT9876"] * 4),
        ("asszorti", "NT", "", ["AKQJT9876"] * 4),
    ],
)
def test_trick_order_per_contract(game, contract, variant, orders):
    rules = rules_for(game, contract, variant)
    assert [suit_order(rules, s) for s in range(4)] == orders


# --- card points -----------------------------------------------------------------------------

ALSOS_TRUMP_POINTS = dict(zip(TRUMP_ORDER, [20, 14, 11, 10, 4, 3, 0, 0]))
ALSOS_PLAIN_POINTS = dict(zip(PLAIN_ORDER, [11, 10, 4, 3, 2, 0, 0, 0]))


def suit_points(rules, suit: int) -> dict[str, int]:
    pack = rules.pack
    return {pack.ranks[pack.rank_of(c)]: rules.points[c] for c in cards_of(pack.suit_mask(suit))}


@pytest.mark.parametrize("game", ["alsos", "alsos-2", "alsos-4"])
@pytest.mark.parametrize("trump", range(4))
def test_alsos_trump_game_points(game, trump):
    rules = rules_for(game, "MPTZ"[trump])
    for suit in range(4):
        expected = ALSOS_TRUMP_POINTS if suit == trump else ALSOS_PLAIN_POINTS
        assert suit_points(rules, suit) == expected
    assert rules.last_trick_bonus == 10


def test_alsos_no_trump_points_are_plain_in_every_suit():
    rules = rules_for("alsos", "NT")
    assert [suit_points(rules, s) for s in range(4)] == [ALSOS_PLAIN_POINTS] * 4


@pytest.mark.parametrize(
    "game, contract, total",
    [
        *[("alsos", suit, 162) for suit in "MPTZ"],
        ("alsos", "NT", 130),
        ("alsos-2", "P", 162),
        ("alsos-4", "NT", 130),
        ("alsos", "BETLI", 0),
        ("alsos", "KLOPITZKY", 0),  # klopitzky counts tricks, not points
        *[("altiansz", f"game {suit}", 120) for suit in "MPTZ"],
        ("altiansz", "absolute NT", 90),
        ("altiansz", "betli", 0),
        # seed 004: klopitzky is 'a no trump game in which the player(s) who take the lowest
        # number of card points win' -> no-trump card points, 90 in all
        ("altiansz", "klopitzky", 90),
        ("asszorti", "S", 0),
        ("asszorti", "NT", 0),
    ],
)
def test_total_points_with_every_card_in_play(game, contract, total):
    rules = rules_for(game, contract)
    assert rules.total_points(rules.pack.full) == total


def test_talon_cards_count_for_nobody():
    rules = rules_for("alsos", "P")
    talon = mask(rules.pack.parse_cards("MX PX TX Z8 Z7"))
    assert rules.total_points(rules.pack.full & ~talon) == 162 - 10 - 10 - 10


def test_altiansz_points_table():
    rules = rules_for("altiansz", "game P")
    plain = {r: 10 if r in "AX" else 0 for r in PLAIN_ORDER}
    assert suit_points(rules, 0) == plain
    assert suit_points(rules, 1) == plain | {"U": 20, "9": 10}
    assert rules.last_trick_bonus == 10


# --- legal moves -----------------------------------------------------------------------------


def legal(game, contract, hand, trick="", held="", variant=""):
    """The legal cards as a set of tokens; hand, trick and held are space-separated card tokens."""
    rules = rules_for(game, contract, variant)
    pack = rules.pack
    result = rules.legal(mask(pack.parse_cards(hand)), pack.parse_cards(trick), mask(pack.parse_cards(held)))
    return set(pack.card_name(c) for c in cards_of(result))


def tokens(text: str) -> set[str]:
    return set(text.split())


@pytest.mark.parametrize(
    "contract, hand, trick, expected, why",
    [
        ("P", "MA M7 PU ZA", "", "MA M7 PU ZA", "the leader plays any card"),
        ("P", "MA M7 PU ZA", "MK", "MA M7", "follow suit"),
        ("P", "M7 PU ZA", "MK", "M7", "follow suit even with a low card"),
        ("P", "MA M7 PU ZA", "MK PA", "MA M7", "follow the led suit, not the trump played"),
        ("P", "T7 PU P7 ZA", "MK", "PU P7", "void: must trump"),
        ("P", "T7 P7 ZA", "MK PU", "P7", "void: must trump even when it cannot beat (no duty to overtrump)"),
        ("P", "T7 PU P7", "MK P9", "PU P7", "void: no duty to overtrump, an undertrump is legal"),
        ("P", "T7 TA ZA", "MK", "T7 TA ZA", "void with no trump: any card"),
        ("P", "PU P7 MA", "P9", "PU P7", "trump led: follow with a trump"),
        ("P", "M7 MA", "PA", "M7 MA", "trump led, void in trumps: any card"),
        ("P", "MA M7", "MK", "MA M7", "no duty to beat"),
        ("NT", "TA T7 ZA", "MK", "TA T7 ZA", "no-trump: void, any card"),
        ("NT", "MA T7 ZA", "MK", "MA", "no-trump: follow suit"),
        ("BETLI", "MA M7 ZA", "MK", "MA M7", "Alsós betli: no duty to beat"),
        ("KLOPITZKY", "PA TA", "MK", "PA TA", "klopitzky: no trumps"),
    ],
)
def test_alsos_legal_moves(contract, hand, trick, expected, why):
    assert legal("alsos", contract, hand, trick) == tokens(expected), why


@pytest.mark.parametrize(
    "hand, trick, held, expected, why",
    [
        ("P7 PU MA", "", "P7", "PU MA", "a held card is not led while others are legal"),
        ("P7 MA", "PK", "P7", "P7", "the held card is the only card of the led suit"),
        ("P7 MA", "ZK", "P7", "P7", "void, the held card is the only trump"),
        ("P7 PU MA", "ZK", "P7", "PU", "void, another trump must be played"),
        ("P7 M8", "ZK", "P7", "P7", "void, the held card is the only legal trump"),
        ("P7", "", "P7", "P7", "the last card"),
        ("P7 P8 MA", "", "P7 P8", "MA", "two held cards"),
        ("P7 P8", "MA", "P7 P8", "P7 P8", "nothing else is legal: the held cards are"),
    ],
)
def test_held_cards_are_playable_only_when_nothing_else_is_legal(hand, trick, held, expected, why):
    assert legal("alsos", "P", hand, trick, held) == tokens(expected), why


@pytest.mark.parametrize(
    "hand, trick, expected, why",
    [
        ("MA M7 ZA", "MK", "MA", "must beat the king"),
        ("MA MU M7", "MO MK", "MA", "must beat the highest card so far"),
        ("MK MU M7", "MO", "MK", "K beats O"),
        ("MX M9", "MU", "MX M9", "sequence order: X is below U, nothing beats"),
        ("MU M7", "MX", "MU", "sequence order: U beats X"),
        ("MK M7", "MA", "MK M7", "cannot beat the ace: any card of the suit"),
        ("MK M7 PA", "MO PA", "MK", "a discard is not the highest of the led suit"),
        ("PA ZA", "MA", "PA ZA", "void: any card"),
        ("P7 ZA", "", "P7 ZA", "the leader plays any card"),
    ],
)
def test_altiansz_betli_duty_to_beat(hand, trick, expected, why):
    assert legal("altiansz", "betli", hand, trick) == tokens(expected), why


@pytest.mark.parametrize("contract", ["game P", "klopitzky", "solo NT"])
def test_altiansz_other_contracts_have_no_duty_to_beat(contract):
    assert legal("altiansz", contract, "MA M7", "MK") == {"MA", "M7"}


@pytest.mark.parametrize(
    "contract, hand, trick, expected",
    [
        ("H", "SA S6 HQ", "SK", "SA S6"),
        ("H", "DA HQ H6", "SK", "HQ H6"),
        ("H", "DA CA", "SK", "DA CA"),
        ("NT", "DA HQ", "SK", "DA HQ"),
    ],
)
def test_asszorti_legal_moves(contract, hand, trick, expected):
    assert legal("asszorti", contract, hand, trick) == tokens(expected)


@given(data=st.data())
def test_legal_moves_are_a_nonempty_subset_of_the_hand(data):
    deal = data.draw(playable_deals())
    rules, seats = deal.rules, deal.active_hands
    leader = data.draw(st.sampled_from(seats))
    trick = [data.draw(st.sampled_from(list(cards_of(leader))))]
    assert rules.legal(leader, []) == leader
    for hand in seats:
        if hand & 1 << trick[0]:  # the leader
            continue
        moves = rules.legal(hand, trick)
        assert moves and moves & ~hand == 0
        led = rules.pack.suit_mask(rules.pack.suit_of(trick[0]))
        if hand & led:
            assert moves & ~led == 0
            beats = [c for c in cards_of(hand & led) if rules.strength[c] > rules.strength[trick[0]]]
            if rules.must_beat and beats:
                assert moves == sum(1 << c for c in beats)
            else:
                assert moves == hand & led
        elif rules.trump is not None and hand & rules.pack.suit_mask(rules.trump):
            assert moves == hand & rules.pack.suit_mask(rules.trump)
        else:
            assert moves == hand


# --- trick winner ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "game, contract, trick, winner",
    [
        ("alsos", "P", "MA MX MK", "MA"),
        ("alsos", "P", "MU MX M9", "MX"),
        ("alsos", "P", "MK M7 MO", "MK"),
        ("alsos", "P", "M7 ZA TA", "M7"),  # off-suit discards never win
        ("alsos", "P", "MA P7 MX", "P7"),  # the lowest trump beats the led suit
        ("alsos", "P", "MA P7 P8", "P8"),
        ("alsos", "P", "PA P9 PU", "PU"),  # trump order U 9 A
        ("alsos", "P", "PA PX P9", "P9"),
        ("alsos", "P", "M7 PK PO", "PK"),
        ("alsos", "NT", "PU MA P9", "PU"),
        ("alsos", "NT", "P7 PA MA", "PA"),
        ("alsos", "BETLI", "MX MK M7", "MX"),
        ("alsos", "KLOPITZKY", "MX MK M7", "MX"),
        ("alsos-2", "T", "ZA T8", "T8"),
        ("altiansz", "betli", "MX MK M7", "MK"),
        ("altiansz", "klopitzky", "MX MK M7", "MX"),
        ("altiansz", "game Z", "ZA Z9 ZU", "ZU"),
        ("asszorti", "D", "SA D6 ST", "D6"),
        ("asszorti", "NT", "S6 HA DA", "S6"),
    ],
)
def test_trick_winner(game, contract, trick, winner):
    rules = rules_for(game, contract)
    cards = rules.pack.parse_cards(trick)
    assert rules.pack.card_name(cards[rules.winner(cards)]) == winner


@pytest.mark.parametrize(
    "variant, winner", [("", "MX"), ("betli_order=sequence", "MK")], ids=["potter", "sequence"]
)
def test_betli_order_decides_ten_against_king(variant, winner):
    rules = rules_for("alsos", "BETLI", variant)
    cards = rules.pack.parse_cards("MK MX M7")
    assert rules.pack.card_name(cards[rules.winner(cards)]) == winner


@given(data=st.data())
def test_winner_is_the_highest_trump_else_the_highest_of_the_led_suit(data):
    deal = data.draw(playable_deals())
    rules, pack = deal.rules, deal.pack
    seats = deal.active_hands
    cards = [data.draw(st.sampled_from(list(cards_of(hand)))) for hand in seats]
    best = cards[rules.winner(cards)]
    trumps = [c for c in cards if rules.trump is not None and pack.suit_of(c) == rules.trump]
    candidates = trumps or [c for c in cards if pack.suit_of(c) == pack.suit_of(cards[0])]
    assert best in candidates
    assert rules.strength[best] == max(rules.strength[c] for c in candidates)


# --- first leader ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "game, contract, declarer, variant, leader",
    [
        *[("alsos", suit, d, "", "A") for suit in "MPTZ" for d in "ABC"],
        ("alsos", "NT", "A", "", "C"),
        ("alsos", "NT", "B", "", "A"),
        ("alsos", "NT", "C", "", "B"),
        *[("alsos", "BETLI", d, "", "A") for d in "ABC"],
        ("alsos", "KLOPITZKY", None, "", "A"),
        ("alsos-4", "P", "C", "", "A"),
        ("alsos-4", "NT", "A", "", "C"),
        ("alsos-4", "NT", "B", "", "A"),
        ("alsos-4", "NT", "C", "", "B"),
        ("alsos-2", "P", "A", "", "A"),
        ("alsos-2", "P", "B", "", "A"),
        ("alsos-2", "NT", "A", "", "B"),
        ("alsos-2", "NT", "B", "", "A"),
        ("alsos-2", "BETLI", "A", "", "A"),
        ("alsos-2", "BETLI", "B", "", "A"),  # two-player betli and klopitzky: A leads (docs/rules.md)
        ("alsos-2", "KLOPITZKY", None, "", "A"),
        ("alsos-2", "P", "A", "rules=tompa", "A"),
        ("alsos-2", "P", "B", "rules=tompa", "B"),
        ("asszorti", "S", "A", "", "C"),
        ("asszorti", "S", "B", "", "A"),
        ("asszorti", "S", "C", "", "B"),
        ("asszorti", "NT", "A", "", "C"),
        ("asszorti", "NT", "B", "", "A"),
        ("altiansz", "game P", "B", "", "B"),
        ("altiansz", "solo NT", "C", "", "C"),
        ("altiansz", "betli", "B", "", "B"),
        ("altiansz", "klopitzky", None, "", "A"),
    ],
)
def test_first_leader(game, contract, declarer, variant, leader):
    spec = GAMES[game]
    options = AlsosOptions.from_variant(variant)
    assert spec.first_leader(spec.parse_contract(contract), declarer, options) == leader


# --- options ---------------------------------------------------------------------------------


def test_default_options_match_rules_notes():
    options = AlsosOptions()
    assert (options.betli_order, options.vannak, options.rules) == ("potter", "any", "standard")
    assert not any((options.szazegy, options.szazhusz, options.uhu, options.nyolcas, options.mordkontra))
    assert AlsosOptions.from_variant("") == options
    assert options.to_variant() == ""


@pytest.mark.parametrize(
    "text, field, value",
    [
        ("betli_order=sequence", "betli_order", "sequence"),
        ("betli_order=potter", "betli_order", "potter"),
        ("vannak=house", "vannak", "house"),
        ("vannak=no78", "vannak", "no78"),
        ("vannak=any", "vannak", "any"),
        ("rules=tompa", "rules", "tompa"),
        *[(f"{name}={on}", name, True) for name in ("szazegy", "szazhusz", "uhu", "nyolcas", "mordkontra")
          for on in ("on", "true", "yes", "1", "ON")],
        *[(f"uhu={off}", "uhu", False) for off in ("off", "false", "no", "0", "Off")],
    ],
)
def test_from_variant_sets_each_option(text, field, value):
    options = AlsosOptions.from_variant(text)
    assert getattr(options, field) == value
    others = {f: v for f, v in AlsosOptions().__dict__.items() if f != field}
    assert {f: v for f, v in options.__dict__.items() if f != field} == others


def test_from_variant_reads_several_items_and_the_last_wins():
    options = AlsosOptions.from_variant("  uhu=on\tbetli_order=sequence uhu=off  nyolcas=on ")
    assert options == AlsosOptions(betli_order="sequence", nyolcas=True)


@given(data=st.data())
def test_variant_text_round_trip(data):
    options = data.draw(option_sets())
    text = options.to_variant()
    assert AlsosOptions.from_variant(text) == options
    assert AlsosOptions.from_variant(text).to_variant() == text
    # only the options that differ from the defaults are written
    assert len(text.split()) == sum(v != AlsosOptions().__dict__[f] for f, v in options.__dict__.items())


@pytest.mark.parametrize(
    "text, fragments",
    [
        ("nosuch=on", ["nosuch", "betli_order", "vannak", "szazegy", "mordkontra"]),
        ("betli-order=sequence", ["betli-order", "betli_order"]),
        ("betli_order=ulti", ["betli_order", "potter", "sequence", "ulti"]),
        ("vannak=all", ["vannak", "any", "house", "no78", "all"]),
        ("rules=potter", ["rules", "standard", "tompa"]),
        ("uhu=maybe", ["uhu", "on or off", "maybe"]),
        ("uhu", ["uhu", "on or off"]),
        ("szazegy=", ["szazegy", "on or off"]),
    ],
)
def test_bad_variants_raise_value_error_naming_expected_values(text, fragments):
    with pytest.raises(ValueError) as error:
        AlsosOptions.from_variant(text)
    for fragment in fragments:
        assert fragment in str(error.value)


# --- games and contract tokens ---------------------------------------------------------------


@pytest.mark.parametrize(
    "game, seats, active, hand_size, talon_size, dealer, pack_size",
    [
        ("alsos", "ABC", "ABC", 9, 5, "C", 32),
        ("alsos-2", "AB", "AB", 12, 8, "B", 32),
        ("alsos-4", "ABCD", "ABC", 9, 5, "D", 32),
        ("asszorti", "ABC", "ABC", 11, 3, "C", 36),
        ("altiansz", "ABC", "ABC", 9, 5, "C", 32),
    ],
)
def test_game_specs(game, seats, active, hand_size, talon_size, dealer, pack_size):
    spec = find_game(game)
    assert (spec.seats, spec.active, spec.hand_size, spec.talon_size) == (seats, active, hand_size, talon_size)
    assert spec.default_dealer == dealer
    assert spec.pack.size == pack_size == len(active) * hand_size + talon_size


def test_unknown_game_lists_the_known_ones():
    with pytest.raises(ValueError) as error:
        find_game("ulti")
    assert all(name in str(error.value) for name in ("ulti", "alsos", "alsos-2", "asszorti", "altiansz"))


def test_contract_token_round_trip(game_and_contract):
    spec, token = game_and_contract
    contract = spec.parse_contract(token)
    assert spec.contract_token(contract) == token
    assert spec.parse_contract(spec.contract_token(contract)) == contract


@pytest.mark.parametrize(
    "game, token, contract",
    [
        ("alsos", "M", Contract(Kind.TRUMP, 0)),
        ("alsos", "Z", Contract(Kind.TRUMP, 3)),
        ("alsos", "NT", Contract(Kind.NO_TRUMP)),
        ("alsos", "BETLI", Contract(Kind.BETLI)),
        ("alsos-4", "KLOPITZKY", Contract(Kind.KLOPITZKY)),
        ("asszorti", "C", Contract(Kind.TRUMP, 3, bid="3")),  # a suit alone: bid 3
        ("asszorti", "2 H", Contract(Kind.TRUMP, 1, bid="2")),
        ("asszorti", "1 NT", Contract(Kind.NO_TRUMP, bid="1")),
        ("asszorti", "hand S", Contract(Kind.TRUMP, 0, bid="hand")),
        ("altiansz", "game-ultimo P", Contract(Kind.TRUMP, 1, "game-ultimo")),
        ("altiansz", "solo NT", Contract(Kind.NO_TRUMP, None, "solo")),
        ("altiansz", "betli", Contract(Kind.BETLI, None, "betli")),
        ("altiansz", "klopitzky", Contract(Kind.KLOPITZKY, None, "klopitzky")),
    ],
)
def test_parse_contract_meaning(game, token, contract):
    assert GAMES[game].parse_contract(token) == contract


@pytest.mark.parametrize("game", list(GAMES))
def test_each_named_contract_is_read_alone_or_before_a_suit(game):
    """``Game.contract_names``: the words of the ``Contract`` tag, each read alone (betli) or
    before a suit letter (game-ultimo P), and written back as the writer spells it; a game of
    suits and no-trump only (Asszorti) has none."""
    spec = GAMES[game]
    for name in spec.contract_names:
        contract = parsed(spec, name) or parsed(spec, f"{name} {spec.pack.suits[0]}")
        assert contract is not None, name
        assert spec.contract_token(contract).split()[0] == name
    assert bool(spec.contract_names) == (game != "asszorti")


def parsed(spec, token: str) -> Contract | None:
    """The contract the token names in the game, None where the game does not read it."""
    try:
        return spec.parse_contract(token)
    except ValueError:
        return None


def test_only_klopitzky_has_no_declarer():
    assert not Contract(Kind.KLOPITZKY).has_declarer
    assert all(Contract(kind).has_declarer for kind in Kind if kind is not Kind.KLOPITZKY)
    assert {kind for kind in Kind if Contract(kind).is_point_game} == {Kind.TRUMP, Kind.NO_TRUMP}


@pytest.mark.parametrize(
    "game, token, fragment",
    [
        ("alsos", "", "a suit letter, NT, BETLI or KLOPITZKY"),
        ("alsos", "X", "a suit letter, NT, BETLI or KLOPITZKY"),
        ("alsos", "S", "alsos"),
        ("alsos", "PP", "'PP'"),
        ("alsos", "P NT", "expected"),
        ("alsos-2", "ULTI", "alsos-2"),
        ("asszorti", "BETLI", "a suit letter or NT"),
        ("asszorti", "M", "a suit letter or NT"),
        ("altiansz", "P", "solo"),
        ("altiansz", "", "golden-aces"),
        ("altiansz", "game", "suit letter or NT"),
        ("altiansz", "game S", "suit letter or NT"),
        ("altiansz", "game P P", "suit letter or NT"),
        ("altiansz", "betli P", "no suit"),
        ("altiansz", "klopitzky NT", "no suit"),
    ],
)
def test_parse_contract_rejects_bad_tokens(game, token, fragment):
    with pytest.raises(ValueError) as error:
        GAMES[game].parse_contract(token)
    assert fragment in str(error.value)


@pytest.mark.parametrize("name", ["ultimo", "golden-aces", "game-trull", "game-ultimo", "game-sneak"])
def test_altiansz_trump_only_contracts_reject_no_trump(name):
    """Seed 004: in these the declarer 'chooses trumps' (a trump 7, 8, U or the trump
    suit is part of the undertaking), so there is no NT form."""
    with pytest.raises(ValueError):
        GAMES["altiansz"].parse_contract(f"{name} NT")


# --- figures ---------------------------------------------------------------------------------

FIGURE_TABLE = [
    # name, English, back value
    ("kassza", "marriage", 1),
    ("abszolut", "absolute", 1),
    ("szaz", "100", 2),
    ("ketszaz", "200", 1),
    ("negyvennegy", "four-aces", 1),
    ("tuletroa", "all-three", 1),
    ("ultimo", "ulti", 2),
    ("csalad", "family", 1),
    ("osszes_adu", "the-six", 2),
    ("volat", "all-tricks", 5),
    ("szazegy", "111", 3),  # seed 003 'Variations': 111 would typically score 3, 120 4
    ("szazhusz", "120", 4),
    ("uhu", "uhu", 2),  # valued as ultimó (seed 003)
    ("nyolcas", "eight", 1),  # seed 000: 2 from the front, 1 from the back
]
BASE_FIGURES = {name for name, *_ in FIGURE_TABLE[:10]}
NO_TRUMP_FIGURES = {"abszolut", "szaz", "ketszaz", "negyvennegy", "volat"}
VARIANT_FIGURES = ("szazegy", "szazhusz", "uhu", "nyolcas")


@pytest.mark.parametrize("name, english, value", FIGURE_TABLE)
def test_figure_names_aliases_and_values(name, english, value):
    assert figures.canonical(name) == name
    assert figures.canonical(english) == name
    assert figures.FIGURES[name].english == english
    assert figures.FIGURES[name].value == value


def test_unknown_figure_lists_the_known_ones():
    with pytest.raises(ValueError) as error:
        figures.canonical("trull")
    assert "trull" in str(error.value)
    assert all(name in str(error.value) for name in BASE_FIGURES)


@pytest.mark.parametrize(
    "name, trump, no_trump",
    [("abszolut", 82, 66), ("szaz", 100, 80), ("szazegy", 111, 91), ("szazhusz", 120, 100), ("ketszaz", 200, 180)],
)
def test_point_thresholds(name, trump, no_trump):
    assert figures.POINT_THRESHOLDS[name] == (trump, no_trump)


ALL_VARIANTS = AlsosOptions(szazegy=True, szazhusz=True, uhu=True, nyolcas=True)


@pytest.mark.parametrize(
    "contract, options, expected",
    [
        (Contract(Kind.TRUMP, 1), AlsosOptions(), BASE_FIGURES),
        (Contract(Kind.TRUMP, 2), ALL_VARIANTS, BASE_FIGURES | set(VARIANT_FIGURES)),
        (Contract(Kind.NO_TRUMP), AlsosOptions(), NO_TRUMP_FIGURES),
        (Contract(Kind.NO_TRUMP), ALL_VARIANTS, NO_TRUMP_FIGURES | {"szazegy", "szazhusz"}),
        (Contract(Kind.BETLI), AlsosOptions(), set()),
        (Contract(Kind.BETLI), ALL_VARIANTS, set()),
        (Contract(Kind.KLOPITZKY), ALL_VARIANTS, set()),
    ],
    ids=["trump", "trump+variants", "nt", "nt+variants", "betli", "betli+variants", "klopitzky"],
)
def test_figures_allowed_per_contract(contract, options, expected):
    assert set(figures.allowed_figures(contract, options)) == expected
    assert {n for n in figures.FIGURES if figures.allowed(n, contract, options)} == expected


@pytest.mark.parametrize("variant", VARIANT_FIGURES)
def test_each_variant_figure_needs_only_its_own_variant(variant):
    trump = Contract(Kind.TRUMP, 0)
    options = AlsosOptions.from_variant(f"{variant}=on")
    assert set(figures.allowed_figures(trump, options)) == BASE_FIGURES | {variant}
    reason = figures.not_allowed_reason(variant, trump, AlsosOptions())
    assert f'{variant}=on' in reason


def test_not_allowed_reason_names_the_contract_kind():
    reason = figures.not_allowed_reason("ultimo", Contract(Kind.NO_TRUMP), AlsosOptions())
    assert "ultimo" in reason and "nt" in reason
