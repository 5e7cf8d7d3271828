"""Altiansz's melds and who scores them (seed 004 'Melds'), each contract's first lead."""

from __future__ import annotations

import pytest

from alsos_solver.games import find_game
from alsos_solver.games.altiansz.questions import ContractMade
from alsos_solver.games.altiansz.rules import held_melds
from alsos_solver.questions import parse_question

from conftest import make_deal

SPEC = find_game("altiansz")
HANDS = {"A": "KO.87.87.87", "B": "9.9.9.O9", "C": "A.AXK.AXK.AXK"}
"""A: a 20 in acorns (a béla when acorns are trumps); B: a vannak of Nines; C: A-X-K in
three suits, a terc in each (in trumps too: U 9 A X K O 8 7), and the four Aces."""


def melds_of(hand: str, contract: str) -> list[tuple[str, int]]:
    return [(meld.name, meld.points) for meld in held_melds(SPEC.pack.parse_hand(hand), SPEC.parse_contract(contract)).melds]


def test_sequences_follow_each_suits_trick_order():
    assert melds_of("AXOU...", "game P") == []  # A X K O U: the King is missing
    assert melds_of("XKOU...", "game P") == [("kvart to the Ten in acorns", 50), ("20 in acorns", 20)]
    assert melds_of("XKO8...", "game M") == [("kvart to the Ten in acorns", 50), ("béla", 40)]
    assert melds_of("U9AXK...", "game M") == [("kvint to the Under in acorns", 100)]
    assert melds_of("U9AXK...", "game NT") == [("terc to the Ace in acorns", 30)]  # U-9 is two


def test_vannak_of_nines_but_not_of_eights_and_both_marriages():
    assert melds_of("9.9.9.9", "solo NT") == [("vannak of Nines", 40)]
    assert melds_of("8.8.8.8", "solo NT") == []
    assert [points for _, points in melds_of("KO.KO..", "game P")] == [20, 40]
    assert melds_of("KO.KO..", "betli") == [] and melds_of("KO.KO..", "klopitzky") == []


@pytest.mark.parametrize(("contract", "scoring"), [
    ("game P", {"A": 20, "B": 40, "C": 130}),  # every player in the game contracts
    ("game-sneak P", {"A": 20, "B": 40, "C": 130}),
    ("game M", {"A": 40, "B": 40, "C": 130}),
    ("150 P", {"A": 20, "B": 0, "C": 0}),  # the declarer alone in 150 and 200
    ("200 NT", {"A": 20, "B": 0, "C": 0}),
    ("solo P", {"A": 0, "B": 0, "C": 0}),  # nobody in the others
    ("absolute NT", {"A": 0, "B": 0, "C": 0}),
    ("volat P", {"A": 0, "B": 0, "C": 0}),
])
def test_who_scores_melds(contract, scoring):
    deal = make_deal("altiansz", HANDS, talon=None, contract=contract, declarer="A")
    result = deal.game.melds(deal)
    assert result.points == scoring
    assert all(meld.reason for meld in result.melds if not meld.scores)


def test_a_melds_tag_limits_what_a_seat_declares():
    deal = make_deal("altiansz", HANDS, talon=None, contract="game P", declarer="A", declared={"B": ("bela",)})
    assert deal.game.melds(deal).points == {"A": 20, "B": 0, "C": 130}


@pytest.mark.parametrize(("contract", "declarer", "leader"), [
    ("game P", "B", "B"), ("solo NT", "C", "C"), ("betli", "B", "B"), ("klopitzky", None, "A"),
])
def test_the_declarer_leads_klopitzky_seat_a(contract, declarer, leader):
    deal = make_deal("altiansz", HANDS, talon=None, contract=contract, declarer=declarer)
    assert deal.first_leader == leader


@pytest.mark.parametrize(("spec", "name"), [
    ("Arany Ászok", "golden-aces"), ("gém surranó", "game-sneak"), ("Golden Aces", "golden-aces"), ("GÉM", "game"),
])
def test_questions_name_contracts_as_the_reader_does(spec, name):
    """``--question`` reads a contract's name like the Contract tag: Hungarian too (seed 004)."""
    deal = make_deal("altiansz", HANDS, talon=None, contract="Arany Ászok P", declarer="A")
    assert deal.contract is not None and deal.contract.name == "golden-aces"
    assert parse_question(spec, deal) == ContractMade(name)
