"""Scoring (alsos_solver.games.alsos.scoring): item values with front and back kontras, who
scores what, the payments; scores of a played deal and double-dummy scores.

The expected numbers are worked out by hand from seed 003 ('Kontras', 'Scoring', the
examples quoted in the tests) and rules-notes 'Values and kontras'."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from alsos_solver.games.alsos.questions import FigureMade, GameWon
from alsos_solver.games.alsos.scoring import (
    Outcome, actual_scores, base_value, double_dummy_scores, item_value, score_outcome,
)
from alsos_solver.io import loads
from alsos_solver.questions import Together
from alsos_solver.rules import AlsosOptions
from alsos_solver.solve import solve
from alsos_solver.solver import Solver

from conftest import EXAMPLE_PLAY, make_deal

ALSOS_4_HANDS = {"A": "A97.KO.U8.X9", "B": ".A987.97.AKU", "C": "KOU8.U.AKO.O", "D": "-"}


def net_of(scores) -> dict[str, int]:
    assert sum(scores.net.values()) == 0
    return scores.net


def values(scores) -> dict[str, int]:
    return {item.item: item.value for item in scores.items}


# --- values -------------------------------------------------------------------------------------


def test_seed_example_of_the_first_trick():
    """Seed 003: B plays acorns with abszolút and tulétroá from the front; A: kontra the
    tulétroá; B: 100; C: kontra the game, kontra the 100; B: rekontra the 100 (all during the
    first trick, from the back). 'The game is now worth 2 game points, the tulétroá 4, the
    abszolút 2 and the 100 is worth 8 game points.'"""
    deal = make_deal(
        contract="M",
        figures={"B": ("abszolut", "tuletroa", "szaz")},
        front={"B": ("abszolut", "tuletroa")},
        kontra={"game": "b", "B:tuletroa": "b", "B:szaz": "bb"},
    )
    assert deal.problems() == []
    assert {item: item_value(deal, item) for item in ("game", "B:tuletroa", "B:abszolut", "B:szaz")} == {
        "game": 2, "B:tuletroa": 4, "B:abszolut": 2, "B:szaz": 8,
    }
    assert base_value(deal, "B:tuletroa") == 2 and base_value(deal, "B:szaz") == 2


def test_seed_example_of_two_abszoluts():
    """Seed 003: A declares a trump game with abszolút from the front; B says 'kontra the
    abszolút, abszolút' from the back: 'the game is worth 1 point, A's abszolút announced
    from the front and kontra'd from the back is worth 4 points and B's abszolút, announced
    from the back, is worth 1 point.'"""
    deal = make_deal(
        declarer="A", figures={"A": ("abszolut",), "B": ("abszolut",)}, front={"A": ("abszolut",)},
        kontra={"A:abszolut": "b"},
    )
    assert [item_value(deal, item) for item in ("game", "A:abszolut", "B:abszolut")] == [1, 4, 1]


def test_seed_example_of_a_no_trump_game_kontra_from_the_front_rekontra_from_the_back():
    """Seed 003: 'a no trump game, originally worth 2, is kontra'd from the front, increasing
    the score to 8 ... the declarer says rekontra from the back, increasing the score to 16'."""
    deal = make_deal(contract="NT", kontra={"game": "fb"})
    assert item_value(deal, "game") == 16
    assert item_value(make_deal(contract="NT", kontra={"game": "f"}), "game") == 8


@pytest.mark.parametrize(
    "front, levels, value",
    [
        (False, "", 1),
        (True, "", 2),
        (True, "f", 8),  # 2 x 4
        (True, "ffb", 64),  # 2 x 4 x 4 x 2
        (False, "bbbb", 16),  # 1 x 2^4: up to hirskontra
        (True, "ffff", 512),  # 2 x 4^4
    ],
)
def test_figure_value_front_and_kontra_levels(front, levels, value):
    deal = make_deal(
        figures={"B": ("tuletroa",)}, front={"B": ("tuletroa",)} if front else {},
        kontra={"B:tuletroa": levels} if levels else {},
    )
    assert deal.problems() == []
    assert item_value(deal, "B:tuletroa") == value


def test_mordkontra_is_a_fifth_level():
    deal = make_deal(kontra={"game": "bbbbb"}, options=AlsosOptions(mordkontra=True))
    assert deal.problems() == [] and item_value(deal, "game") == 32


def test_game_values_by_contract():
    assert item_value(make_deal(contract="Z"), "game") == 1
    assert item_value(make_deal(contract="NT"), "game") == 2
    assert item_value(make_deal(contract="BETLI"), "game") == 5
    assert item_value(make_deal(contract="KLOPITZKY", declarer=None), "game") == 3


def test_alsos_2_abszolut_is_from_the_front_and_worth_1():
    """Seed 003 (two players): abszolút only from the front, and then 'scores only 1 point,
    not 2'; a kontra from the front is allowed on it."""
    deal = make_deal(
        game="alsos-2", hands={"A": "AKOUX987.AKOU..", "B": ".X987.AKOUX987."}, talon="ZA ZK ZO ZU ZX Z9 Z8 Z7",
        declarer="A", figures={"A": ("abszolut",)}, kontra={"A:abszolut": "f"},
    )
    assert deal.problems() == []
    assert base_value(deal, "A:abszolut") == 1 and item_value(deal, "A:abszolut") == 4


# --- who scores, the payments ---------------------------------------------------------------------


def test_declarer_wins_the_game():
    scores = score_outcome(make_deal(), Outcome(game=True))
    assert net_of(scores) == {"A": -1, "B": 2, "C": -1}
    assert scores.slate == {"A": 0, "B": 1, "C": 0}


def test_seed_example_of_the_slate():
    """Seed 003: 'if a declarer in a trump game announces tulétroá from the front and ultimó
    from the back, wins both announcements but loses the game with kontra from the back, the
    declarer scores 4 points while the opponents score 2 points each.' Settled pairwise: B
    receives 4 - 2 from each opponent."""
    deal = make_deal(figures={"B": ("tuletroa", "ultimo")}, front={"B": ("tuletroa",)}, kontra={"game": "b"})
    scores = score_outcome(deal, Outcome(game=False, figures={"B": {"tuletroa": True, "ultimo": True}}))
    assert scores.slate == {"A": 2, "B": 4, "C": 2}
    assert net_of(scores) == {"A": -2, "B": 4, "C": -2}
    assert [(i.item, i.side, i.made, i.scorer, i.value) for i in scores.items] == [
        ("game", "declarer", False, "defenders", 2),
        ("B:tuletroa", "declarer", True, "declarer", 2),
        ("B:ultimo", "declarer", True, "declarer", 2),
    ]


@pytest.mark.parametrize(
    "made, net",
    [
        # C's 100 from the back (2) with kontra from the back (x2) = 4; the game won (1).
        # Made: the declarer pays 4 to each opponent ('For a successful announcement by an
        # opponent the declarer pays the value of the announcement to each opponent').
        (True, {"A": 4 - 1, "B": -8 + 2, "C": 4 - 1}),
        # Failed: 'both opponent have to pay the declarer the value of the announcement'.
        (False, {"A": -4 - 1, "B": 8 + 2, "C": -4 - 1}),
    ],
)
def test_a_defenders_figure(made, net):
    deal = make_deal(figures={"C": ("szaz",)}, kontra={"C:szaz": "b"})
    scores = score_outcome(deal, Outcome(game=True, figures={"C": {"szaz": made}}))
    assert net_of(scores) == net
    item = scores.items[1]
    assert (item.item, item.side, item.made, item.value) == ("C:szaz", "defenders", made, 4)
    assert item.scorer == ("defenders" if made else "declarer")


def test_a_declarers_failed_figure_from_the_front_with_kontras():
    """B's abszolút from the front (2), kontra from the front (x4), rekontra from the back
    (x2) = 16, failed: B pays 16 to each; the game won with kontra from the front (1 x 4)."""
    deal = make_deal(figures={"B": ("abszolut",)}, front={"B": ("abszolut",)}, kontra={"game": "f", "B:abszolut": "fb"})
    scores = score_outcome(deal, Outcome(game=True, figures={"B": {"abszolut": False}}))
    assert values(scores) == {"game": 4, "B:abszolut": 16}
    assert net_of(scores) == {"A": 16 - 4, "B": -32 + 8, "C": 16 - 4}


def test_alsos_4_the_dealer_scores_with_the_defenders():
    """Seed 003 (four players): 'the declarer pays to or receives from three players'."""
    deal = make_deal(game="alsos-4", hands=ALSOS_4_HANDS, figures={"A": ("abszolut",)}, kontra={"game": "b"})
    assert deal.problems() == []
    scores = score_outcome(deal, Outcome(game=True, figures={"A": {"abszolut": True}}))
    # game 2 for B from each of three; A's abszolút 1 for each of A, C and D from B.
    assert net_of(scores) == {"A": -2 + 1, "B": 6 - 3, "C": -2 + 1, "D": -2 + 1}
    assert scores.slate == {"A": 1, "B": 2, "C": 1, "D": 1}


@pytest.mark.parametrize("made, sign", [(True, 1), (False, -1)])
def test_betli(made, sign):
    """Seed 003: 'if a betli without kontra succeeds the declarer scores 5 game points and
    if it fails each opponent scores 5'; here with a kontra from the back, 10."""
    deal = make_deal(contract="BETLI", declarer="C", kontra={"game": "b"})
    scores = score_outcome(deal, Outcome(game=made))
    assert net_of(scores) == {"A": -10 * sign, "B": -10 * sign, "C": 20 * sign}


@pytest.mark.parametrize(
    "game, tricks, net",
    [
        ("alsos", {"A": 5, "B": 3, "C": 1}, {"A": -6, "B": 3, "C": 3}),
        ("alsos", {"A": 4, "B": 1, "C": 4}, {"A": -3, "B": 6, "C": -3}),
        ("alsos", {"A": 3, "B": 3, "C": 3}, {"A": 0, "B": 0, "C": 0}),
        ("alsos-4", {"A": 2, "B": 6, "C": 1}, {"A": 3, "B": -9, "C": 3, "D": 3}),
        # 'the dealer will score 3 points along with the player(s) who took fewer tricks'
        ("alsos-4", {"A": 4, "B": 4, "C": 1}, {"A": -6, "B": -6, "C": 6, "D": 6}),
    ],
)
def test_klopitzky(game, tricks, net):
    hands = ALSOS_4_HANDS if game == "alsos-4" else None
    deal = make_deal(game=game, hands=hands, contract="KLOPITZKY", declarer=None)
    scores = score_outcome(deal, Outcome(tricks=tricks))
    assert net_of(scores) == net
    (item,) = scores.items
    assert item.value == 3 and set(item.payers) == {s for s, t in tricks.items() if t == max(tricks.values()) and len(set(tricks.values())) > 1}


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(["alsos", "alsos-4"]),
    st.lists(st.booleans(), min_size=5, max_size=5),
    st.sampled_from(["", "b", "fb", "ffbb"]),
)
def test_nets_sum_to_zero_and_the_declarer_gets_the_balance(game, made, levels):
    hands = ALSOS_4_HANDS if game == "alsos-4" else None
    figures = {"A": ("abszolut", "negyvennegy"), "B": ("szaz", "csalad")}
    deal = make_deal(game=game, hands=hands, figures=figures, front={"A": ("abszolut",)}, kontra={"game": levels, "A:abszolut": levels} if levels else {})
    outcome = Outcome(game=made[0], figures={"A": {"abszolut": made[1], "negyvennegy": made[2]}, "B": {"szaz": made[3], "csalad": made[4]}})
    scores = score_outcome(deal, outcome)
    opponents = len(deal.game.seats) - 1
    balance = sum(i.value if i.scorer == "declarer" else -i.value for i in scores.items)
    assert sum(scores.net.values()) == 0
    assert scores.net["B"] == opponents * balance


def test_an_outcome_missing_an_item_or_a_bad_deal_is_an_error():
    deal = make_deal(figures={"B": ("abszolut",)})
    with pytest.raises(ValueError, match="no answer for B:abszolut"):
        score_outcome(deal, Outcome(game=True))
    with pytest.raises(ValueError, match="needs game"):
        score_outcome(deal, Outcome(figures={"B": {"abszolut": True}}))
    with pytest.raises(ValueError, match="Kontra"):
        score_outcome(make_deal(kontra={"game": "bf"}), Outcome(game=True))
    with pytest.raises(ValueError, match="contract"):
        score_outcome(make_deal(contract=None, declarer=None), Outcome(game=True))


def test_json_and_lines():
    deal = make_deal(figures={"C": ("szaz",)}, kontra={"game": "f"})
    scores = score_outcome(deal, Outcome(game=True, figures={"C": {"szaz": False}}))
    data = scores.to_json()
    assert data["items"][0] == {
        "item": "game", "side": "declarer", "made": True, "value": 4, "base": 1, "front": False, "kontra": "f",
        "scorer": "declarer",
    }
    assert data["net"] == {"A": -6, "B": 12, "C": -6}
    text = "\n".join(scores.lines())
    assert "kontra (front) x4" in text and "B +12" in text


# --- scores of the play, and double-dummy --------------------------------------------------------


def test_actual_scores_of_a_complete_play():
    """The example play (conftest): card points A 14, B 67, C 51 (talon MX PX TX: 30);
    melds A béla 20, C two tercs 40 (the tercs to the ace of bells outrank B's trump terc to
    the 9), so A 34, B 67, C 91: the game is lost; B's abszolút (67 < 82) fails; B wins the
    last trick with the trump 7: ultimó made. Abszolút from the front (2), game kontra from
    the back (2), ultimó 2: the defenders score 4, B 2 -> B pays 2 to each."""
    deal = make_deal(
        figures={"B": ("abszolut", "ultimo")}, front={"B": ("abszolut",)}, kontra={"game": "b"},
        play=EXAMPLE_PLAY, play_leader="A",
    )
    assert deal.played_position().points == [14, 67, 51]
    scores = actual_scores(deal)
    assert [(i.item, i.made) for i in scores.items] == [("game", False), ("B:abszolut", False), ("B:ultimo", True)]
    assert net_of(scores) == {"A": 2, "B": -4, "C": 2}


def test_actual_scores_need_a_complete_play_but_a_lost_betli_may_stop():
    with pytest.raises(ValueError, match="complete Play section: 6 of 27"):
        actual_scores(make_deal(play="MA PA M8 ZA ZO Z9"))
    # Betli by A: A leads MA and wins the first trick; the play may stop there.
    deal = make_deal(contract="BETLI", declarer="A", play="MA P8 M8")
    scores = actual_scores(deal)
    assert scores.items[0].made is False and net_of(scores) == {"A": -10, "B": 5, "C": 5}


def test_actual_scores_of_a_klopitzky():
    """A klopitzky played out with the lowest legal card each time: the seat(s) with the
    most tricks pay 3 to each other seat."""
    deal = make_deal(contract="KLOPITZKY", declarer=None)
    position = deal.position()
    while not position.is_over:
        moves = position.legal_moves()
        position.push((moves & -moves).bit_length() - 1)
    deal.play = [card for trick in position.tricks for card in trick.cards]
    tricks = dict(zip("ABC", position.tricks_won))
    most = max(tricks.values())
    payers = [seat for seat, count in tricks.items() if count == most]
    scores = actual_scores(deal)
    assert sorted(scores.items[0].payers) == (payers if len(payers) < 3 else [])
    for seat in "ABC":
        expected = -3 * (3 - len(payers)) if seat in payers else 3 * len(payers)
        assert scores.net[seat] == (0 if len(payers) == 3 else expected)
    assert sum(scores.net.values()) == 0


def test_double_dummy_scores_follow_solve():
    deal = make_deal(figures={"B": ("abszolut",), "A": ("kassza",)}, kontra={"game": "b", "A:kassza": "b"})
    result = solve(deal)
    scores = double_dummy_scores(deal)
    made = {i.item: i.made for i in scores.items}
    assert made == {"game": result.game, "B:abszolut": result.announced["B"]["abszolut"], "A:kassza": result.announced["A"]["kassza"]}
    # Double-dummy here: the game lost, abszolút failed, A's kassza (C... A holds béla) made.
    assert made == {"game": False, "B:abszolut": False, "A:kassza": True}
    # game 2 + abszolút 1 + kassza 2 for the defenders; both defender items in one line:
    # kassza IS the game's defeat with béla held, so together is announced_together.
    assert net_of(scores) == {"A": 5, "B": -10, "C": 5}
    assert scores.together == {"defenders": result.announced_together["defenders"]} == {"defenders": True}


STRONG = """\
[Deal "A:AKO..AX.AKX9 X9.OUX97.K.U U87..OU98.O8"]
[Contract "P"]
[Declarer "B"]
[Figures "B:abszolut,ultimo,volat,tuletroa"]
"""


def test_double_dummy_together_of_the_credited_subset():
    """B can win the game and make abszolút, ultimó and tulétroá, each on its own, not
    volát: announced_together (all his items with the game) is False because of volát, so
    whether the four credited items go together is asked on its own: they do."""
    (deal,) = loads(STRONG)
    result = solve(deal)
    assert result.game is True and result.announced_together == {"declarer": False}
    assert result.announced["B"] == {"abszolut": True, "ultimo": True, "volat": False, "tuletroa": True}
    scores = double_dummy_scores(deal)
    credited = (GameWon(), FigureMade(1, "abszolut"), FigureMade(1, "ultimo"), FigureMade(1, "tuletroa"))
    assert scores.together == {"declarer": Solver(deal).ask(Together(credited))} == {"declarer": True}
    # B: game 1 + abszolút 1 + ultimó 2 + tulétroá 1 = 5; the defenders: volát 5.
    assert scores.slate == {"A": 5, "B": 5, "C": 5} and net_of(scores) == {"A": 0, "B": 0, "C": 0}


def test_no_double_dummy_score_for_klopitzky():
    with pytest.raises(ValueError, match="klopitzky"):
        double_dummy_scores(make_deal(contract="KLOPITZKY", declarer=None))


def test_double_dummy_betli():
    deal = make_deal(contract="BETLI", declarer="B", kontra={"game": "bb"})
    made = solve(deal).betli
    scores = double_dummy_scores(deal)
    assert scores.items[0].made is made and scores.items[0].value == 20
    assert net_of(scores)["B"] == (40 if made else -40) and scores.together == {}
