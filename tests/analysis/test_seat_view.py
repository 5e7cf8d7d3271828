"""What the rules make public, in a seat's view (alsos_solver/analysis/seat_view.py): the
melds declared at the first trick, the holdings announcements require, the seat's own
discards, and --fix / --where. Each is checked by counting the layouts before and after
it, the expected ones picked from the layouts before by a plain reading of the rule."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from alsos_solver.analysis.layouts import deal_of, view_layouts
from alsos_solver.analysis.seat_view import TALON, consistent, seat_view
from alsos_solver.dealer import FixError
from alsos_solver.io import loads
from alsos_solver.predicates import PredicateError

from conftest import ROOT

PLAYED = loads((ROOT / "puzzles" / "played.txt").read_text(encoding="utf-8"))[0]
"""Three-player Alsós in hearts, A leads, B declares with abszolút and ultimó; B holds a
heart terc from the King and béla, A and C hold no meld. B plays its P7 as card 23."""
DEALT = loads((ROOT / "puzzles" / "dealt.txt").read_text(encoding="utf-8"))[0]
"""As dealt: B swapped its P7 for the indicator PX."""
LATE = 18
"""Trick 7 to be led: about 1,800 layouts from B's view, 6,000 from A's."""


def cards(deal, names: str) -> int:
    return sum(1 << deal.pack.card_of(name) for name in names.split())


def layouts(view) -> list:
    """The layouts of the view that the play allows, before the view's other checks."""
    found = view_layouts(view)
    layouts = (deal_of(view, found.placed(chosen)) for chosen in found.assignments())
    return [layout for layout in layouts if consistent(layout, view.after)]


def admitted(view) -> list:
    return [layout for layout in layouts(view) if view.admits(layout)]


def meld_shapes(deal, seat: str, kinds=None) -> list:
    """The kind and size of each meld the seat's hand holds (of ``kinds``: all if None)."""
    held = deal.game.hand_melds(deal.hands[seat], deal.contract, deal.options)
    return sorted((m.kind, m.cards.bit_count()) for m in held if kinds is None or m.kind in kinds)


def key(layout) -> tuple:
    return tuple(sorted(layout.hands.items())), layout.talon


def test_each_seat_declares_just_before_its_card_to_the_first_trick():
    assert [seat_view(PLAYED, "B", after).declarers for after in range(5)] == [
        (), ("A",), ("A", "B"), ("A", "B", "C"), ("A", "B", "C")]


def test_a_layout_gives_each_seat_exactly_the_melds_it_declared():
    view = seat_view(PLAYED, "B", LATE)
    before = layouts(replace(view, declarers=()))
    expected = [d for d in before if meld_shapes(d, "A") == meld_shapes(d, "C") == []]
    found = admitted(view)
    assert len(before) == 1786 and len(found) == len(expected) == 692
    assert sorted(map(key, found)) == sorted(map(key, expected))


def test_with_a_melds_tag_undeclared_kinds_may_be_held():
    """C declares only béla: layouts may give it sequences and vannak, not béla."""
    deal = replace(PLAYED, declared={"C": ("bela",)})
    view = seat_view(deal, "B", LATE)
    before = layouts(replace(view, declarers=()))
    expected = [d for d in before if meld_shapes(d, "A") == [] and meld_shapes(d, "C", {"bela"}) == []]
    assert len(admitted(view)) == len(expected) > 692


def test_the_ultimo_announcer_holds_the_trump_seven_until_he_plays_it():
    seven = PLAYED.pack.card_of("P7")
    assert PLAYED.play.index(seven) == 22
    assert seat_view(PLAYED, "A", 22).fixed["B"] == 1 << seven
    assert "B" not in seat_view(PLAYED, "A", 23).fixed
    view = seat_view(PLAYED, "A", LATE)
    assert all(layout.hands["B"] >> seven & 1 for layout in layouts(view))


def test_a_declared_meld_that_only_its_cards_can_form_fixes_them():
    """B's béla: the trump King and Over, once B has declared (with the ultimó's P7)."""
    assert seat_view(PLAYED, "A", 1).fixed["B"] == cards(PLAYED, "P7")
    assert seat_view(PLAYED, "A", 2).fixed["B"] == cards(PLAYED, "PK PO P7")


def test_every_layout_the_declarations_admit_holds_the_forced_cards(monkeypatch):
    """From C's view in trick 4 B's PO is forced (its béla); without the forcing, every
    sampled layout the view admits still has it with B."""
    assert seat_view(PLAYED, "C", 9).fixed["B"] == cards(PLAYED, "PO P7")
    monkeypatch.setattr("alsos_solver.analysis.seat_view.forced_meld_cards", lambda *args: 0)
    view = seat_view(PLAYED, "C", 9)
    found = view_layouts(view)
    rng = random.Random(1)
    sampled = [deal_of(view, found.placed(found.sample(rng))) for _ in range(600)]
    kept = [d for d in sampled if consistent(d, 9) and view.admits(d)]
    assert kept and all(d.hands["B"] & cards(PLAYED, "PO") for d in kept)


def test_kassza_tells_that_the_declarer_holds_bela():
    """B declares no meld (a Melds tag), so only the announcement tells of his béla."""
    deal = replace(PLAYED, figures={"B": ("kassza",)}, front={}, kontra={}, declared={"B": ()})
    view = seat_view(deal, "A", LATE)
    before = layouts(view)
    bela = cards(deal, "PK PO")
    expected = [d for d in before if d.hands["B"] & bela == bela and meld_shapes(d, "C") == []]
    assert len(admitted(view)) == len(expected) < len(before)


def test_the_seat_knows_the_seven_it_swapped_under_the_talon():
    assert seat_view(DEALT, "B", 0).fixed[TALON] == cards(DEALT, "MA P7")
    assert seat_view(DEALT, "A", 0).fixed[TALON] == cards(DEALT, "MA")


def test_after_siber_the_seat_knows_the_whole_talon():
    """B takes the five talon cards, keeps TU and ZO of the hidden three, and discards MU TX T8 Z7."""
    text = (ROOT / "puzzles" / "dealt.txt").read_text(encoding="utf-8").replace(
        "B:U.KOUX.AX.A7", "B:A.KOUX.AU.AO")
    deal = loads(text)[0]
    assert not deal.problems()
    view = seat_view(deal, "B", 0)
    assert view.fixed[TALON] == cards(deal, "MU TX T8 Z7 P7") and TALON not in view.places


def test_a_fix_keeps_the_layouts_with_its_cards_there():
    view = seat_view(PLAYED, "B", LATE)
    hidden_of_a = next(c for c in range(32) if view.unseen >> c & 1 and PLAYED.hands["A"] >> c & 1)
    name = PLAYED.pack.card_name(hidden_of_a)
    fixed = seat_view(PLAYED, "B", LATE, fixes=[f"A:{name}"])
    expected = [d for d in admitted(view) if d.hands["A"] >> hidden_of_a & 1]
    assert len(admitted(fixed)) == len(expected) < len(admitted(view))
    assert fixed.fixed["A"] == 1 << hidden_of_a and not fixed.unseen >> hidden_of_a & 1


@pytest.mark.parametrize("fix, message", [
    ("A:PK", "contradicts what B sees: PK cannot lie with A"),      # B's own card
    ("C:M8", "contradicts what B sees: M8 cannot lie with C"),      # A played it
    ("C:MK", "is false in the deal: MK cannot lie with C"),         # in the talon
    ("Q:MK", "unknown place 'Q'"),
])
def test_a_fix_that_contradicts_the_view_or_the_deal_is_an_error(fix, message):
    with pytest.raises(FixError, match=message):
        seat_view(PLAYED, "B", 3, fixes=[fix])


def test_where_keeps_the_layouts_meeting_it():
    where = "points(A) >= 40"
    view = seat_view(PLAYED, "B", LATE, where=where)
    plain = seat_view(PLAYED, "B", LATE)
    expected = [d for d in admitted(plain) if d.rules.card_points(d.hands["A"]) >= 40]
    assert 0 < len(admitted(view)) == len(expected) < len(admitted(plain))
    with pytest.raises(PredicateError):
        seat_view(PLAYED, "B", LATE, where="points(A >=").condition
