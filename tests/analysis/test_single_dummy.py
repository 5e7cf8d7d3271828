"""Single-dummy review (alsos_solver.analysis.seat_view, .single_dummy): the view's
inference rule, the face-up cards fixed, the enumerated layouts against a brute-force
count, the shares against a direct computation, the seed, and the marks."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest

from alsos_solver.analysis.layouts import deal_of, layouts_of, view_layouts
from alsos_solver.analysis.seat_view import Event, consistent, excludes, seat_view
from alsos_solver.analysis.single_dummy import CardFigures, SureTask, mark_of, review, search_sure, side_items
from alsos_solver.io import loads
from alsos_solver.position import IllegalPlay
from alsos_solver.questions import is_value_question
from alsos_solver.solver import Solver

from cli_support import ALSOS_4
from conftest import ROOT

PLAYED = loads((ROOT / "puzzles" / "played.txt").read_text(encoding="utf-8"))[0]
"""Three-player Alsós in hearts, B declares; played out (trick 7: B plays Z7, trick 8 P7)."""
DEALT = loads((ROOT / "puzzles" / "dealt.txt").read_text(encoding="utf-8"))[0]
"""With an Indicator (PX, in B's hand) and a TalonTop (MA)."""


def card(name: str) -> int:
    return PLAYED.pack.card_of(name)


def test_who_did_not_follow_is_void_in_the_led_suit():
    # trick 2: C leads MO, A plays M7, B trumps with PU: B has no acorn left
    view = seat_view(PLAYED, "A", 9)
    assert "M" in view.voids["B"]
    assert not view.excluded.get("B", 0) & PLAYED.pack.suit_mask(PLAYED.pack.suits.index("P")) & view.unseen


def test_who_neither_followed_nor_trumped_has_no_trump_either():
    """The duty to trump when void (docs/rules.md): a leaf thrown on a bell lead rules out
    every bell and every heart (trumps) for its player; a leaf card stays possible."""
    event = Event("C", card("Z9"), (card("TA"),))
    assert excludes(PLAYED, event, card("T7")) and excludes(PLAYED, event, card("P7"))
    assert not excludes(PLAYED, event, card("ZK"))
    view = seat_view(PLAYED, "B", 21)  # trick 8 T7 P7 Z9 not yet; earlier C showed out of bells
    assert "T" in view.voids["C"]


def test_a_player_who_followed_is_not_void():
    event = Event("C", card("T7"), (card("TA"),))
    assert not any(excludes(PLAYED, event, c) for c in range(PLAYED.pack.size) if c != card("T7"))


def test_face_up_cards_are_fixed_where_they_lie():
    view = seat_view(DEALT, "A", 0)
    indicator, top = DEALT.indicator, DEALT.talon_top
    assert view.fixed["B"] == 1 << indicator and view.fixed["talon"] == 1 << top
    assert not view.unseen >> indicator & 1 and not view.unseen >> top & 1
    layouts = view_layouts(view)
    for _ in range(20):
        layout = deal_of(view, layouts.placed(layouts.sample(random.Random(_))))
        assert layout.hands["B"] >> indicator & 1 and layout.talon >> top & 1
        assert layout.hands["A"] == DEALT.hands["A"]
        assert not layout.problems()


def meld_kinds(deal, seat: str) -> list:
    return sorted((m.kind, m.cards.bit_count()) for m in deal.game.hand_melds(deal.hands[seat], deal.contract, deal.options))


def brute_force(deal, seat: str, after: int) -> list:
    """Every deal of the hidden cards to the other seats and the talon, in the sizes they
    have, kept when the first ``after`` cards of the play are legal in it and (after the
    first trick) each other seat holds the kinds and sizes of melds it holds in the deal."""
    position = deal.position()
    played = {s: 0 for s in deal.game.active}
    for c in deal.play[:after]:
        played[deal.game.active[position.to_move]] |= 1 << c
        position.push(c)
    others = [s for s in deal.game.active if s != seat]
    hidden = {s: deal.hands[s] & ~played[s] for s in others}
    hidden["talon"] = deal.talon
    cards = [c for c in range(deal.pack.size) if sum(hidden.values()) >> c & 1]
    first, second = others
    found = []
    for a in itertools.combinations(cards, hidden[first].bit_count()):
        rest = [c for c in cards if c not in a]
        for b in itertools.combinations(rest, hidden[second].bit_count()):
            talon = sum(1 << c for c in rest if c not in b)
            hands = dict(deal.hands, **{first: played[first] | sum(1 << c for c in a),
                                        second: played[second] | sum(1 << c for c in b)})
            layout = replace(deal, hands=hands, talon=talon)
            if after >= len(deal.game.active) and any(meld_kinds(layout, s) != meld_kinds(deal, s) for s in others):
                continue
            position = layout.position()
            try:
                for c in deal.play[:after]:
                    position.push(c)
            except IllegalPlay:
                continue
            found.append(layout)
    return found


@pytest.mark.parametrize("after", [20, 22, 24])
def test_the_enumerated_layouts_are_the_brute_force_ones(after):
    view = seat_view(PLAYED, "B", after)
    layouts, exact = layouts_of(view, 20_000, 10, 0)
    expected = brute_force(PLAYED, "B", after)
    assert exact
    assert len(layouts) == len(expected)
    key = lambda d: (tuple(sorted(d.hands.items())), d.talon)  # noqa: E731
    assert sorted(map(key, layouts)) == sorted(map(key, expected))
    assert any(key(d) == key(PLAYED) for d in layouts)  # the real layout is one of them


def test_the_shares_are_those_of_a_direct_computation():
    after = 20  # trick 7: ZU ZK, B to play (ZA or Z7)
    result = review(PLAYED, "B")
    decision = next(d for d in result.decisions if (d.trick, d.card) == (7, 3))
    items = {name: question for name, question in side_items(PLAYED, "B").items() if not is_value_question(question)}
    layouts = brute_force(PLAYED, "B", after)
    for name, question in items.items():
        for token, figures in decision.items[name].items():
            made = []
            for layout in layouts:
                solver = Solver(layout, after=after)
                solver.push(token)
                made.append(bool(solver.answer(question)))
            assert figures.rate == pytest.approx(sum(made) / len(made))
            assert figures.worst == all(made)
            real = Solver(PLAYED, after=after)
            real.push(token)
            assert figures.dd == bool(real.answer(question))
    assert decision.exact and decision.layouts == len(layouts)
    assert decision.marks["B:ultimo"] == "sound-mistake"  # Z7 throws the ultimo away (the file's note)


def test_the_same_seed_gives_the_same_review_and_sampled_layouts_are_consistent():
    first = review(PLAYED, "B", samples=8, seed=5).to_json()
    assert review(PLAYED, "B", samples=8, seed=5).to_json() == first
    view = seat_view(PLAYED, "B", 4)
    layouts, exact = layouts_of(view, 100, 30, 7)
    assert not exact and len(layouts) == 30
    assert all(consistent(layout, 4) for layout in layouts)
    again, _ = layouts_of(view, 100, 30, 7)
    assert [d.hands for d in again] == [d.hands for d in layouts]


def test_sampled_layouts_come_with_their_swap():
    view = seat_view(PLAYED, "B", 5)  # trick 2: MO M7, B to play; A and C hold seven each
    layouts = view_layouts(view)
    chosen = layouts.sample(random.Random(1))
    swap = layouts.swapped(chosen)
    assert swap is not None and swap != chosen and layouts.swapped(swap) == chosen


def figures(rate, low, high, dd):
    return CardFigures(rate, low, high, rate == 1, dd)


def test_the_marks():
    exact = {"X": figures(0.5, 0.5, 0.5, True), "Y": figures(0.8, 0.8, 0.8, False)}
    assert mark_of(exact, "X", True) == "worse-on-average"
    assert mark_of(exact, "Y", True) == "dd-only"  # the best on average, worse on the real layout
    sampled = {"X": figures(0.5, 0.3, 0.7, True), "Y": figures(0.8, 0.6, 0.9, True)}
    assert mark_of(sampled, "X", False) is None  # the intervals overlap
    sampled["Y"] = figures(0.95, 0.8, 0.99, True)
    assert mark_of(sampled, "X", False) == "worse-on-average"


def test_a_forced_card_is_a_decision_without_a_mark():
    result = review(PLAYED, "B", samples=4)
    first = result.decisions[0]
    assert (first.trick, first.card, first.played) == (1, 2, "MU")
    assert list(first.items["game"]) == ["MU"] and first.mark is None
    assert len(result.decisions) == 9
    assert result.to_json()["decisions"][0]["mark"] is None


def test_unknown_seat_and_no_play_are_errors():
    with pytest.raises(ValueError, match="unknown seat"):
        review(PLAYED, "Q")
    with pytest.raises(ValueError, match="no Play section"):
        review(DEALT, "A")




def played_out(text: str):
    """The deal with a Play section: each time the first legal card in pack order."""
    from alsos_solver.cards import cards_of

    deal = loads(text)[0]
    position, play = deal.position(), []
    while not position.is_over:
        chosen = next(iter(cards_of(position.legal_moves())))
        position.push(chosen)
        play.append(chosen)
    return replace(deal, play=play, play_leader=None)


def test_a_view_with_one_consistent_layout_gives_the_double_dummy_answers():
    result = review(played_out(ALSOS_4), "B", exact_limit=200, samples=2)
    single = [d for d in result.decisions if d.layouts == 1]
    assert single and all(d.exact for d in single)
    for decision in single:
        for cards in decision.items.values():
            for figures in cards.values():
                assert figures.rate == float(figures.dd) and figures.worst == figures.dd


@pytest.mark.parametrize("path", ["benchmarks/deals-alsos-2.txt", "puzzles/asszorti.txt"])
def test_every_game_with_hidden_cards_is_reviewed(path):
    text = (ROOT / path).read_text(encoding="utf-8").split("\n\n")[0] + "\n"
    deal = played_out(text) if "[Play" not in text else loads(text)[0]
    seat = deal.game.active[0]
    result = review(deal, seat, exact_limit=50, samples=2)
    assert len(result.decisions) == deal.game.hand_size
    assert all(d.layouts >= 1 for d in result.decisions)
    assert result.decisions[-1].exact


def test_an_undecided_card_of_the_last_tricks_is_searched_again_with_more_steps():
    """B's ZA at trick 7 is a sure win for the ultimó that 50 steps do not decide and 200
    do: a late decision's undecided card is searched again with LATE_PATIENCE times the
    steps, an earlier one's is left undecided."""
    after = 20
    question = side_items(PLAYED, "B")["B:ultimo"]
    layouts, _ = layouts_of(seat_view(PLAYED, "B", after), 20_000, 1, 0)
    za, z7 = PLAYED.pack.card_of("ZA"), PLAYED.pack.card_of("Z7")
    late = SureTask(0, "B:ultimo", layouts, after, "B", question, late=True)
    assert search_sure([replace(late, late=False)], node_limit=50) == [{za: None, z7: None}]
    assert search_sure([late], node_limit=50) == [{za: True, z7: False}]
