"""The deciding cards (alsos_solver.analysis.deciding, ``review --deciding``): a swap that
flips the game checked by solving both deals as written, the list against a plain
exchange of every pair of hidden cards, the face-up cards and an announcement's holding
kept, the JSON keys and the table, every game with hidden cards."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from alsos_solver.analysis.deciding import Flip, deciding
from alsos_solver.analysis.single_dummy import side_items
from alsos_solver.io import loads
from alsos_solver.questions import parse_question
from alsos_solver.review_command import app
from alsos_solver.solver import Solver

from cli_support import ALSOS_4, ok
from conftest import ROOT

EXAMPLE = ROOT / "puzzles" / "example.txt"
SWAPPED = EXAMPLE.read_text(encoding="utf-8").replace(
    "A:87.AX.K97.KX B:U.KOU7.AX.A7", "A:7.AUX.K97.KX B:U8.KO7.AX.A7")
"""The example with A's acorn Eight and B's heart Under exchanged."""


def example():
    return loads(EXAMPLE.read_text(encoding="utf-8"))[0]


def test_one_exchange_flips_the_game_as_solving_both_deals_shows():
    """B makes the game in the example; give his heart Under to A for A's acorn Eight and
    the defenders beat it. Both deals as written, solved directly, say so."""
    real, swapped = example(), loads(SWAPPED)[0]
    assert Solver(real).answer(parse_question("game", real)) is True
    assert Solver(swapped).answer(parse_question("game", swapped)) is False
    flip = Flip(("M8", "PU"), ("A", "B"), "defeat", False, True)
    assert flip in deciding(real, "C")
    assert flip.words() == "M8 with B instead of A, PU with A instead of B"


def exchanged(deal, first: int, second: int):
    """The deal with the two cards exchanged between whatever hands or talon hold them."""
    pair = 1 << first | 1 << second
    hands = {seat: hand ^ pair if (hand & pair).bit_count() == 1 else hand for seat, hand in deal.hands.items()}
    talon = deal.talon ^ pair if (deal.talon & pair).bit_count() == 1 else deal.talon
    return replace(deal, hands=hands, talon=talon)


def test_the_list_is_every_exchange_that_flips_an_item():
    """Written plainly: every pair of cards not C's, in two different places, exchanged
    (B, who announced ultimó, keeps the heart seven), solved from the first lead, kept
    when the defeat changes."""
    deal = example()
    question = parse_question("defeat", deal)
    before = Solver(deal).answer(question)
    seven = deal.pack.card_of("P7")
    hidden = [c for c in range(deal.pack.size) if not deal.hands["C"] >> c & 1 and c != seven]
    expected = set()
    for i, first in enumerate(hidden):
        for second in hidden[i + 1:]:
            swapped = exchanged(deal, first, second)
            if swapped.hands == deal.hands and swapped.talon == deal.talon:
                continue
            if Solver(swapped).answer(question) != before:
                expected.add((deal.pack.card_name(first), deal.pack.card_name(second)))
    flips = deciding(deal, "C")
    assert expected and {flip.cards for flip in flips} == expected
    assert all(flip.item == "defeat" and flip.before is False and flip.after is True for flip in flips)


def test_face_up_cards_never_move():
    deal = loads((ROOT / "puzzles" / "dealt.txt").read_text(encoding="utf-8"))[0]
    flips = deciding(deal, "A")
    seen = {deal.pack.card_name(deal.indicator), deal.pack.card_name(deal.talon_top)}
    assert flips and not any(seen & set(flip.cards) for flip in flips)


def test_the_ultimo_announcer_keeps_the_trump_seven():
    """B announced ultimó, so every seat knows B holds the heart seven (docs/rules.md)."""
    deal = loads((ROOT / "puzzles" / "played.txt").read_text(encoding="utf-8"))[0]
    assert not any("P7" in flip.cards for flip in deciding(deal, "A"))
    assert any(flip.item == "B:ultimo" for flip in deciding(deal, "B"))


def test_the_json_and_the_table(runner):
    args = [str(EXAMPLE), "--seat", "C", "--deciding"]
    data = json.loads(ok(runner.invoke(app, [*args, "--json"])))
    assert data["decisions"] == []  # no Play section: only the deciding cards
    flip = {"cards": ["M8", "PU"], "places": ["A", "B"], "item": "defeat", "before": False, "after": True}
    assert flip in data["deciding"]
    assert all(set(f) == {"cards", "places", "item", "before", "after"} for f in data["deciding"])
    text = ok(runner.invoke(app, args))
    assert "Deciding cards from C's view at the first lead" in text
    assert "M8 with B instead of A, PU with A instead of B" in text
    assert "MK with B instead of the talon, PU in the talon instead of B" in text


def test_with_a_play_section_the_review_runs_too(runner):
    played = str(ROOT / "examples" / "altiansz.txt")
    data = json.loads(ok(runner.invoke(app, [played, "--seat", "A", "--deciding", "--samples", "2",
                                             "--exact-limit", "10", "--json"])))
    assert len(data["decisions"]) == 9 and "deciding" in data
    assert "deciding" not in json.loads(ok(runner.invoke(app, [played, "--seat", "A", "--samples", "2",
                                                                "--exact-limit", "10", "--json"])))


GAMES = {
    "alsos": (ROOT / "puzzles" / "played.txt").read_text(encoding="utf-8"),
    "alsos-2": (ROOT / "benchmarks" / "deals-alsos-2.txt").read_text(encoding="utf-8").split("\n\n")[0] + "\n",
    "alsos-4": ALSOS_4,
    "asszorti": (ROOT / "puzzles" / "asszorti.txt").read_text(encoding="utf-8"),
    "altiansz": (ROOT / "examples" / "altiansz.txt").read_text(encoding="utf-8"),
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_with_hidden_cards(game):
    """Each seat's flips: two unseen cards from two hidden places, each flip real when the
    exchanged deal is solved directly."""
    deal = loads(GAMES[game])[0]
    assert str(deal.game) == game
    found = 0
    for seat in deal.game.active:
        items = side_items(deal, seat)
        for flip in deciding(deal, seat)[:3]:
            found += 1
            first, second = (deal.pack.card_of(name) for name in flip.cards)
            assert flip.places[0] != flip.places[1] and seat not in flip.places
            swapped = replace(exchanged(deal, first, second), play=())
            assert Solver(swapped).answer(items[flip.item]) == flip.after != flip.before
    assert found
