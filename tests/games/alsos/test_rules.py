"""Rules fidelity (rules-notes 'Figures', 'Trump exchange', 'Two-player Alsós'): which
announcements the rules allow, the variant figures' values, the Eight's duty in play, and
the Tompa two-player rules."""

from __future__ import annotations

import pytest

from alsos_solver.cards import HUNGARIAN
from alsos_solver.cli import app
from alsos_solver.games import find_game
from alsos_solver.games.alsos.figures import announcement_problems, best_rounds, threshold
from alsos_solver.games.alsos.melds import score_melds
from alsos_solver.games.alsos.questions import FigureMade
from alsos_solver.games.alsos.scoring import base_value, item_value
from alsos_solver.io import DealFormatError, loads
from alsos_solver.questions import Setting
from alsos_solver.rules import AlsosOptions

from cli_support import ALTIANSZ, ASSZORTI, assert_error, write
from conftest import EXAMPLE_PLAY, make_deal

ALL_VARIANTS = AlsosOptions(szazegy=True, szazhusz=True, nyolcas=True, uhu=True)


# --- which announcements the rules allow -----------------------------------------------------


@pytest.mark.parametrize(
    "names, front, message",
    [
        (("abszolut", "szaz"), (), "abszolut and szaz are both announced from the back"),
        (("abszolut", "szaz"), ("abszolut", "szaz"), "abszolut and szaz are both announced from the front"),
        (("abszolut", "szaz"), ("szaz",), "abszolut is announced from the back after szaz from the front"),
        (("szaz", "szazegy"), ("szazegy",), "szaz is announced from the back after szazegy from the front"),
        (("abszolut", "szazhusz"), ("szazhusz",), "abszolut is announced from the back after szazhusz"),
        (("ultimo", "nyolcas"), (), "one player may not announce both ultimó and the Eight"),
    ],
)
def test_announcements_the_rules_forbid(names, front, message):
    found = announcement_problems(names, front, declarer=False, holds_bela=False)
    assert any(message in problem for problem in found), found


@pytest.mark.parametrize(
    "names, front",
    [
        (("abszolut", "szaz"), ("abszolut",)),  # seed 003: abszolút from the front, 100 from the back
        (("szaz", "szazegy", "szazhusz"), ()),  # ascending within one round
        (("abszolut", "szazegy"), ("abszolut", "szazegy")),  # only abszolút with 100 is banned in one round
        (("ketszaz", "abszolut"), ()),  # 200 is another kind of figure (seed 003)
        (("ultimo", "tuletroa"), ()),
    ],
)
def test_announcements_the_rules_allow(names, front):
    assert announcement_problems(names, front, declarer=True, holds_bela=True) == []


def test_kassza_needs_bela_in_the_declarers_hand_only():
    assert announcement_problems(("kassza",), (), declarer=True, holds_bela=False)
    assert not announcement_problems(("kassza",), (), declarer=False, holds_bela=False)


def test_best_rounds_of_a_seat():
    assert best_rounds(["abszolut", "szaz"], front_open=False) is None
    assert best_rounds(["abszolut", "szaz"], front_open=True) == (2 + 2, ("abszolut",))
    assert best_rounds(["volat", "szaz"], front_open=True) == (5 + 4, ("szaz",))
    assert best_rounds(["abszolut"], front_open=True, two_players=True) == (1, ("abszolut",))
    assert best_rounds(["abszolut"], front_open=False, two_players=True) is None


EXAMPLE_FILE = """\
[Deal "A:A97.KO.U8.X9 B:.A987.97.AKU C:KOU8.U.AKO.O"]
[Talon "MX PX TX Z8 Z7"]
[Contract "P"]
[Declarer "B"]
"""


@pytest.mark.parametrize(
    "tags, message",
    [
        ('[Figures "B:abszolut,szaz"]', "B: abszolut and szaz are both announced from the back"),
        ('[Figures "B:abszolut,szaz"]\n[Front "B:szaz"]', "B: abszolut is announced from the back after szaz from the front"),
        ('[Figures "B:kassza"]', "B: the declarer announces kassza without béla"),
        ('[Figures "B:ultimo,nyolcas"]\n[Variant "nyolcas=on"]', "B: ultimo and nyolcas are both announced"),
    ],
)
def test_a_deal_breaking_the_announcement_rules_is_a_located_error(tags, message, runner, tmp_path):
    with pytest.raises(DealFormatError, match=message) as caught:
        loads(EXAMPLE_FILE + tags + "\n")
    assert caught.value.line == 5 and caught.value.column == 11  # at the Figures value
    assert_error(runner.invoke(app, [write(tmp_path, "d.txt", EXAMPLE_FILE + tags + "\n")]), message)


def test_a_legal_plan_across_both_rounds_reads():
    (deal,) = loads(EXAMPLE_FILE + '[Figures "B:abszolut,szaz"]\n[Front "B:abszolut"]\n')
    assert deal.figures == {"B": ("abszolut", "szaz")}
    assert (item_value(deal, "B:abszolut"), item_value(deal, "B:szaz")) == (2, 2)


# --- the variant figures' values ---------------------------------------------------------------


@pytest.mark.parametrize(
    "name, back, front",
    [("szazegy", 3, 6), ("szazhusz", 4, 8), ("nyolcas", 1, 2), ("uhu", 2, 4)],  # seeds 003, 000
)
def test_variant_figure_values(name, back, front):
    def deal(front_figures):
        return make_deal(hands={"A": "A97.KO.U8.X9", "B": ".A987.97.AKU", "C": "KOU8.U.AKO.O"},
                         figures={"B": (name,)}, front=front_figures, options=ALL_VARIANTS)

    assert base_value(deal({}), f"B:{name}") == back
    assert base_value(deal({"B": (name,)}), f"B:{name}") == front


# --- the Eight's duty ---------------------------------------------------------------------------

NYOLCAS = {"figures": {"B": ("nyolcas",)}, "options": AlsosOptions(nyolcas=True)}


def test_the_eight_is_played_to_the_eighth_trick():
    """Seed 000: the trump 8 'must be played to the 2nd last trick unless it is forced out
    earlier or is unable to be played to the trick due to the need to follow suit'. In
    trick 8 (A leads TO) B, void in bells, must trump: P8, not P7."""
    assert make_deal(play=EXAMPLE_PLAY, **NYOLCAS).problems() == []
    wrong = EXAMPLE_PLAY.replace("TO PK P8  M7 P7 MO", "TO PK P7  M7 P8 MO")
    problems = make_deal(play=wrong, **NYOLCAS).problems()
    assert [p.message for p in problems] == ["B must play P8 to trick 8 for the announced nyolcas (the Eight), but played P7"]
    assert make_deal(play=wrong, options=AlsosOptions(nyolcas=True)).problems() == []  # not announced: free


def test_the_eights_duty_gives_way_to_following_suit():
    """The trump 8 is forced to its trick only where the duties to follow and to trump
    allow it: with ZA and P8 (hearts trumps), ZK led: ZA; TO led (void in bells): P8."""
    rules = make_deal().rules
    hand = HUNGARIAN.parse_hand("...A") | 1 << HUNGARIAN.parse_card("P8")
    eight = 1 << HUNGARIAN.parse_card("P8")
    assert rules.legal(hand, [HUNGARIAN.parse_card("ZK")], forced=eight) == HUNGARIAN.parse_hand("...A")
    assert rules.legal(hand, [HUNGARIAN.parse_card("TO")], forced=eight) == eight
    assert rules.legal(hand, [], forced=eight) == eight  # leading: the 8


# --- the Tompa rules (rules=tompa, alsos-2) ------------------------------------------------------

TOMPA_DEAL = """\
[Game "alsos-2"]
[Deal "A:AKX.AOU8.A7.OU8 OU97.K.KU98.AK9"]
[Talon "M8 PX P9 P7 TO TX ZX Z7"]
[Contract "P"]
[Declarer "A"]
[Variant "rules=tompa"]
"""


def test_tompa_is_for_two_players_only():
    with pytest.raises(DealFormatError, match="rules=tompa are the Tompa two-player rules"):
        loads(EXAMPLE_FILE + '[Variant "rules=tompa"]\n')


@pytest.mark.parametrize("text, variant, game", [(ASSZORTI, "szazegy=on", "asszorti"), (ALTIANSZ, "uhu=on", "altiansz"),
                                                 (ASSZORTI, "rules=tompa", "asszorti")])
def test_a_variant_the_game_does_not_have_is_an_error_at_its_tag(text, variant, game):
    """Asszorti and Altiansz read none of the Alsós rule options: a Variant tag that sets
    one would do nothing, so it is refused where it stands."""
    name = variant.partition("=")[0]
    with pytest.raises(DealFormatError, match=f"{game} has no variant {name} \\(it has none\\)") as raised:
        loads(text + f'[Variant "{variant}"]\n')
    assert raised.value.line == text.count("\n") + 1


@pytest.mark.parametrize("contract", ["NT", "BETLI", "KLOPITZKY"])
def test_tompa_plays_trump_games_only(contract):
    text = TOMPA_DEAL.replace('[Contract "P"]', f'[Contract "{contract}"]')
    if contract == "KLOPITZKY":
        text = text.replace('[Declarer "A"]\n', "")
    with pytest.raises(DealFormatError, match="the Tompa rules play trump games only"):
        loads(text)


def test_tompa_has_no_volat_and_needs_more_than_100_and_200():
    with pytest.raises(DealFormatError, match="volat is not played under the Tompa rules"):
        loads(TOMPA_DEAL + '[Figures "A:volat"]\n')
    (deal,) = loads(TOMPA_DEAL)
    assert threshold("szaz", deal.contract, deal.options) == 101
    assert threshold("ketszaz", deal.contract, deal.options) == 201
    assert threshold("abszolut", deal.contract, deal.options) == 82  # 'strictly more than 81'
    setting = Setting.of(deal)
    assert FigureMade(0, "szaz").goal(setting).terms == [{0: 101}]


def test_tompa_44_is_worth_2():
    (deal,) = loads(TOMPA_DEAL + '[Figures "A:negyvennegy"]\n')
    assert base_value(deal, "A:negyvennegy") == 2
    (standard,) = loads(TOMPA_DEAL.replace("rules=tompa", "vannak=any") + '[Figures "A:negyvennegy"]\n')
    assert base_value(standard, "A:negyvennegy") == 1


def melds_of(options: AlsosOptions, **hands: str):
    parsed = {seat: HUNGARIAN.parse_hand(text) for seat, text in hands.items()}
    return score_melds(parsed, find_game("alsos-2").parse_contract("Z"), options, "AB")


def test_tompa_equal_sequences_are_decided_by_suit():
    """Seed 003, Tompa rules E2: equal runs are decided by suit, acorns highest, then
    hearts, bells, leaves. Standard rules: equal non-trump sequences, nobody scores."""
    hands = {"A": ".AKO..", "B": "..AKO."}  # terc to the Ace in hearts, in bells
    assert melds_of(AlsosOptions(rules="tompa"), **hands).points == {"A": 20, "B": 0}
    assert melds_of(AlsosOptions(), **hands).points == {"A": 0, "B": 0}
    trump = {"A": ".UX9..", "B": "...UX9"}  # leaves are trumps: standard rules prefer the trump
    assert melds_of(AlsosOptions(), **trump).points == {"A": 0, "B": 20}
    assert melds_of(AlsosOptions(rules="tompa"), **trump).points == {"A": 20, "B": 0}


def test_tompa_scores_one_sequence_of_each_length():
    """Seed 003, Tompa rules E2: 'Only one run of each length can be announced.'"""
    result = melds_of(AlsosOptions(rules="tompa"), A="AKO.AKO.X98.", B="...")
    assert result.points["A"] == 20
    assert melds_of(AlsosOptions(), A="AKO.AKO.X98.", B="...").points["A"] == 60
    assert "only one sequence of each length scores (Tompa rules)" in " ".join(result.lines())
