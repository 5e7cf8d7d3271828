"""Deal: problems() finds every way a deal breaks the rules; holds() for ultimó / nyolcas."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from alsos_solver.deal import Deal
from alsos_solver.position import IllegalPlay
from alsos_solver.rules import AlsosOptions

from conftest import EXAMPLE_PLAY, make_deal
from strategies import deals


ALSOS_2 = dict(game="alsos-2", hands={"A": "AKOUX987.AKOU..", "B": ".X987.AKOUX987."}, talon="ZA ZK ZO ZU ZX Z9 Z8 Z7")
ALSOS_4 = dict(game="alsos-4", hands={"A": "A97.KO.U8.X9", "B": ".A987.97.AKU", "C": "KOU8.U.AKO.O", "D": "-"})
ASSZORTI = dict(
    game="asszorti",
    hands={"A": "AKQJT9876.AK..", "B": "..AKQJT9876.AK", "C": ".QJT9876..QJT9"},
    talon="C8 C7 C6",
    contract="NT",
)


def only_problem(deal: Deal, tag: str, *fragments: str, play_index: int | None = None):
    """The one problem of the deal in ``tag`` whose message holds every fragment."""
    problems = deal.problems()
    matching = [p for p in problems if p.tag == tag and all(f in p.message for f in fragments)]
    assert len(matching) == 1, problems
    assert matching[0].play_index == play_index
    return matching[0]


# --- sound deals -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "changes",
    [
        pytest.param({}, id="example"),
        pytest.param({"play": EXAMPLE_PLAY, "play_leader": "A"}, id="whole-play"),
        pytest.param({"play": "MA PA M8 ZA"}, id="short-last-line"),
        pytest.param({"talon": None}, id="no-talon"),
        pytest.param({"figures": {"B": ("abszolut", "ultimo"), "A": ("szaz",)}}, id="trump-figures"),
        pytest.param({"contract": "NT", "figures": {"C": ("negyvennegy", "volat")}}, id="nt-figures"),
        pytest.param({"contract": "KLOPITZKY", "declarer": None}, id="klopitzky"),
        pytest.param({"contract": "BETLI", "declarer": "C"}, id="betli"),
        pytest.param({"figures": {"B": ("uhu",)}, "options": AlsosOptions(uhu=True)}, id="variant-figure"),
        pytest.param({"declared": {"A": (), "B": ("sequences", "bela")}}, id="declared-melds"),
        pytest.param({"dealer": "C"}, id="dealer"),
        pytest.param({"game": "altiansz", "contract": "game-ultimo P"}, id="altiansz"),
        pytest.param(ALSOS_2, id="alsos-2"),
        pytest.param({**ALSOS_2, "contract": "NT", "declarer": "A", "play": "PX", "play_leader": "B"}, id="alsos-2-nt"),
        pytest.param(ALSOS_4, id="alsos-4"),
        pytest.param({**ALSOS_4, "dealer": "D"}, id="alsos-4-dealer"),
    ],
)
def test_sound_deals_have_no_problems(changes):
    assert make_deal(**changes).problems() == []


@pytest.mark.parametrize("contract, declarer, leader", [("NT", "B", "A"), ("H", "A", "C")])
def test_sound_asszorti_deal(contract, declarer, leader):
    deal = make_deal(**{**ASSZORTI, "contract": contract, "declarer": declarer})
    assert deal.problems() == []
    assert deal.first_leader == leader


@settings(max_examples=50)
@given(data=st.data())
def test_random_sound_deals_have_no_problems(data):
    deal = data.draw(deals())
    assert deal.problems() == []
    if deal.contract is not None:
        assert deal.game.active[deal.position().leader] == deal.first_leader
        assert len(deal.played_position().tricks) == len(deal.play) // len(deal.game.active) + 1


# --- the deal and the talon ------------------------------------------------------------------


def test_wrong_hand_size():
    deal = make_deal(hands={"A": "A9.KO.U8.X9", "B": ".A987.97.AKU", "C": "KOU8.U.AKO.O"}, talon="MX PX TX Z8 Z7 M7")
    only_problem(deal, "Deal", "seat A", "8 cards", "expected 9")


def test_card_dealt_twice():
    deal = make_deal(hands={"A": "A97.AKO.U8.X9", "B": ".A987.97.AKU", "C": "KOU8.U.AKO.O"})
    only_problem(deal, "Deal", "PA", "twice")
    only_problem(deal, "Deal", "seat A", "10 cards")


def test_talon_missing_a_card():
    only_problem(make_deal(talon="MX PX TX Z8"), "Talon", "missing Z7")


def test_talon_card_also_in_a_hand():
    deal = make_deal(talon="MX PX TX Z8 Z7 MA")
    only_problem(deal, "Talon", "MA", "also in a hand")


def test_sitting_out_dealer_holds_no_cards():
    hands = {**ALSOS_4["hands"], "A": "97.KO.U8.X9", "D": "A..."}
    only_problem(make_deal(game="alsos-4", hands=hands), "Deal", "seat D", "expected 0")


def test_hand_for_a_seat_the_game_does_not_have():
    """A three-player deal with a fourth hand is broken (deal-format: an unknown seat is
    rejected); its cards must not silently join the deal."""
    hands = {"A": "A97.KO.U8.X9", "B": ".A987.97.AKU", "C": "KOU8.U.AKO.O", "D": "X..."}
    deal = make_deal(hands=hands, talon="PX TX Z8 Z7")
    assert any("'D'" in p.message or "seat D" in p.message for p in deal.problems()), deal.problems()


def test_unknown_dealer():
    only_problem(make_deal(dealer="E"), "Dealer", "'E'", "A B C")


# --- contract, declarer, figures -------------------------------------------------------------


@pytest.mark.parametrize("contract", ["P", "NT", "BETLI"])
def test_missing_declarer(contract):
    only_problem(make_deal(contract=contract, declarer=None), "Contract", contract, "needs a Declarer")


@pytest.mark.parametrize("game, declarer", [("alsos", "D"), ("alsos-4", "D"), ("alsos-2", "C")])
def test_declarer_must_be_an_active_seat(game, declarer):
    changes = {"alsos": {}, "alsos-4": ALSOS_4, "alsos-2": ALSOS_2}[game]
    only_problem(make_deal(**{**changes, "declarer": declarer}), "Declarer", repr(declarer))


@pytest.mark.parametrize(
    "contract, figures, options, fragments",
    [
        ("NT", {"B": ("ultimo",)}, AlsosOptions(), ["ultimo", "not allowed", "nt"]),
        ("NT", {"A": ("kassza",)}, AlsosOptions(), ["kassza"]),
        ("NT", {"B": ("uhu",)}, AlsosOptions(uhu=True), ["uhu", "not allowed"]),
        ("BETLI", {"A": ("abszolut",)}, AlsosOptions(), ["abszolut", "betli"]),
        ("KLOPITZKY", {"A": ("volat",)}, AlsosOptions(), ["volat", "klopitzky"]),
        ("P", {"B": ("uhu",)}, AlsosOptions(), ["uhu", '[Variant "uhu=on"]']),
        ("P", {"C": ("nyolcas",)}, AlsosOptions(uhu=True), ["nyolcas=on"]),
        ("NT", {"C": ("szazegy",)}, AlsosOptions(), ["szazegy=on"]),
    ],
)
def test_figure_not_allowed(contract, figures, options, fragments):
    declarer = None if contract == "KLOPITZKY" else "B"
    deal = make_deal(contract=contract, declarer=declarer, figures=figures, options=options)
    only_problem(deal, "Figures", *fragments)


@pytest.mark.parametrize(
    "figure, options, card",
    [("ultimo", AlsosOptions(), "P7"), ("nyolcas", AlsosOptions(nyolcas=True), "P8")],
)
def test_ultimo_and_nyolcas_need_the_card_in_the_announcers_hand(figure, options, card):
    """rules-notes: the announcer of ultimó 'must hold the trump 7', of nyolcas the trump 8.
    A holds neither (B does), so announcing them is a problem, not a silent no-op."""
    assert make_deal(figures={"B": (figure,)}, options=options).problems() == []
    problems = make_deal(figures={"A": (figure,)}, options=options).problems()
    assert any(p.tag == "Figures" and figure in p.message and card in p.message for p in problems), problems


def test_figure_for_an_unknown_seat():
    only_problem(make_deal(figures={"D": ("abszolut",)}), "Figures", "'D'")


def test_figures_need_a_contract():
    only_problem(make_deal(contract=None, declarer=None, figures={"A": ("abszolut",)}), "Figures", "needs a Contract")


@pytest.mark.parametrize("game", [ASSZORTI, {"game": "altiansz", "contract": "game P"}], ids=["asszorti", "altiansz"])
def test_no_figures_in_asszorti_and_altiansz(game):
    only_problem(make_deal(**game, figures={"B": ("abszolut",)}), "Figures", "abszolut")


@pytest.mark.parametrize("name", ["trull", "ultimó"])
def test_unknown_figure_name_is_a_problem_not_a_crash(name):
    """problems() lists what is wrong; a figure name it does not know is one of those things."""
    deal = make_deal(figures={"B": (name,)})
    problems = deal.problems()
    assert any(p.tag == "Figures" and name in p.message for p in problems), problems


def test_unknown_meld_kind():
    only_problem(make_deal(declared={"A": ("bela", "terc")}), "Melds", "'terc'", "sequences, vannak, bela")


def test_melds_for_an_unknown_seat():
    only_problem(make_deal(declared={"E": ()}), "Melds", "'E'")


def test_every_problem_is_reported_at_once():
    deal = make_deal(
        hands={"A": "A9.KO.U8.X9", "B": ".A987.97.AKU", "C": "KOU8.U.AKO.O"},
        contract="NT",
        declarer=None,
        figures={"A": ("tuletroa",)},
        dealer="Q",
    )
    assert {p.tag for p in deal.problems()} == {"Deal", "Talon", "Contract", "Figures", "Dealer"}


# --- the play --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "play, index, fragments",
    [
        ("MK", 0, ["MK", "not in"]),
        ("MA ZA", 1, ["must trump", "ZA"]),
        ("MA P8 PU", 2, ["revoke", "PU"]),
        ("MA P8 M8 ZA ZX", 4, ["not in seat C", "ZX"]),  # A holds ZX
        ("MA P8 M8 ZA ZO Z9 PA PU M9", 8, ["revoke"]),
    ],
)
def test_illegal_play_is_reported_with_its_index(play, index, fragments):
    deal = make_deal(play=play)
    only_problem(deal, "Play", *fragments, play_index=index)
    with pytest.raises(IllegalPlay):
        deal.played_position()


@pytest.mark.parametrize(
    "contract, declarer, leader",
    [("P", "B", "B"), ("P", "A", "C"), ("NT", "B", "B"), ("NT", "A", "A"), ("KLOPITZKY", None, "C")],
)
def test_play_leader_mismatch(contract, declarer, leader):
    deal = make_deal(contract=contract, declarer=declarer, play="MA", play_leader=leader)
    only_problem(deal, "Play", deal.first_leader, leader, play_index=None)


def test_ultimo_hold_makes_an_early_seven_illegal():
    deal = make_deal(figures={"B": ("ultimo",)}, play="MA PA M8 P7")
    only_problem(deal, "Play", "P7", play_index=3)
    assert make_deal(figures={"B": ("ultimo",)}, play=EXAMPLE_PLAY).problems() == []


def test_play_needs_a_contract():
    only_problem(make_deal(contract=None, declarer=None, play="MA"), "Play", "needs a Contract")


def test_played_position_applies_the_play():
    position = make_deal(play=EXAMPLE_PLAY).played_position()
    assert position.is_over
    assert position.winners == [1, 1, 2, 1, 0, 2, 2, 0, 1]
    assert sum(position.points) == 162 - 30
    short = make_deal(play="MA PA M8 ZA").played_position()
    assert short.to_move == 2 and len(short.trick.cards) == 1


def test_position_starts_at_the_first_lead():
    position = make_deal(contract="NT", declarer="A", play=EXAMPLE_PLAY).position()
    assert position.leader == 2 and position.winners == [] and position.hands == make_deal().active_hands


def test_rules_and_first_leader_need_a_contract():
    deal = make_deal(contract=None, declarer=None)
    assert deal.problems() == []
    for attribute in ("rules", "first_leader"):
        with pytest.raises(ValueError, match="no contract"):
            getattr(deal, attribute)


# --- holds -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "changes, holds",
    [
        pytest.param({"figures": {"B": ("ultimo",)}}, {"P7": 8}, id="ultimo"),
        pytest.param({"figures": {"B": ("nyolcas",)}, "options": AlsosOptions(nyolcas=True)}, {"P8": 7}, id="nyolcas"),
        pytest.param({"figures": {"B": ("abszolut", "ultimo", "nyolcas")}}, {"P7": 8, "P8": 7}, id="both"),
        pytest.param({"figures": {"A": ("ultimo",)}}, {}, id="announcer-without-the-seven"),
        pytest.param({"figures": {"B": ("abszolut", "kassza")}}, {}, id="other-figures"),
        pytest.param({}, {}, id="no-figures"),
        pytest.param({"contract": "NT", "figures": {"B": ("ultimo",)}}, {}, id="nt"),
        pytest.param({"contract": "BETLI", "figures": {"B": ("ultimo",)}}, {}, id="betli"),
        pytest.param({"contract": None, "figures": {"B": ("ultimo",)}}, {}, id="no-contract"),
        pytest.param({"contract": "T", "figures": {"B": ("ultimo",), "C": ("nyolcas",)}}, {"T7": 8}, id="bells"),
        pytest.param({"contract": "Z", "figures": {"B": ("nyolcas",)}}, {}, id="eight-in-talon"),
        pytest.param({**ALSOS_2, "figures": {"B": ("ultimo", "nyolcas")}}, {"P7": 11, "P8": 10}, id="alsos-2"),
        pytest.param({**ALSOS_4, "figures": {"B": ("ultimo",)}}, {"P7": 8}, id="alsos-4"),
    ],
)
def test_holds(changes, holds):
    deal = make_deal(**changes)
    assert deal.holds() == {deal.pack.parse_card(token): trick for token, trick in holds.items()}


# --- what each game takes --------------------------------------------------------------------

OPTIONAL_TAGS = {
    "Front": {"front": {"A": ("abszolut",)}},
    "Kontra": {"kontra": {"game": "b"}},
    "Melds": {"declared": {"A": ()}},
    "Dealt": {"dealt": {"A": 0}, "indicator": 0, "talon_top": 1},
}
"""A deal's optional tags, each as the fields that set it."""


@settings(max_examples=40, deadline=None)
@given(deals())
def test_a_game_refuses_exactly_the_tags_it_does_not_take(deal):
    """Each game declares the tags it reads (``Game.tags``); any other is refused where it
    is found, by the game's own name, and the refusal names the games that take it."""
    from dataclasses import replace

    from alsos_solver.games import GAMES

    game = deal.game
    for tag, fields in OPTIONAL_TAGS.items():
        refused = [problem for problem in game.tag_problems(replace(deal, **fields)) if problem.tag == tag]
        assert bool(refused) == (not game.takes(tag)), (game.name, tag, refused)
        takers = [name for name, other in GAMES.items() if other.takes(tag)]
        assert all(game.name in problem.message and all(name in problem.message for name in takers) for problem in refused)
    assert game.takes("Melds") == bool(game.meld_kinds)
