"""The layouts of a seat's view (alsos_solver.analysis.seat_view) counted by hand: at each
position below, the layouts enumerated (after the replay check) are exactly as many as the
binomials say, the voids the play showed included (issue 30, §3).

The deal is puzzles/played.txt (three-player Alsós, hearts trump, B declares; the talon's
five cards are hidden). What the play showed, by the duties of play (docs/rules.md:
follow suit, trump when void, nobody has to beat):

* trick 2, C leads MO and B trumps with PU: B holds no acorn (M);
* trick 4, C leads M9 and A trumps with PX: A holds no acorn;
* trick 6, B leads TX and C trumps with P8: C holds no bell (T);
* trick 8, A leads T7, B trumps with P7: B holds no bell either; C throws Z9: C holds no
  bell and no heart (P).

The deal is given a ``Melds`` tag that declares nothing: declaring is optional, so the
view then asks nothing of the layouts' melds, and only the voids narrow the count
(tests/analysis/test_seat_view.py counts what the declared melds take away).
"""

from __future__ import annotations

from dataclasses import replace
from math import comb

import pytest

from alsos_solver.analysis.layouts import layouts_of, view_layouts
from alsos_solver.analysis.seat_view import seat_view
from alsos_solver.io import loads

from conftest import ROOT

PLAYED = replace(loads((ROOT / "puzzles" / "played.txt").read_text(encoding="utf-8"))[0],
                 declared={"A": (), "B": (), "C": ()})

COUNTS = [
    # C after trick 6 (three cards each): B announced the ultimó, so he holds the trump 7
    # (P7); unseen MK MX TU T8 T7 ZA ZK ZO ZX Z7; A takes three, B two more, the talon five.
    # Neither A nor B may hold MK or MX: both lie in the talon, and the other eight cards
    # are dealt 3, 2 and 3.
    ("C", 18, comb(8, 3) * comb(5, 2)),
    # B before his card to trick 7 (ZU ZK played): unseen MK MX TU T8 T7 ZO ZX Z9 Z8; A and
    # C take two each. A (no acorn) takes a of the three bells and 2 - a of the four leaves;
    # C (no bell) then takes two of the two acorns and the 2 + a leaves left.
    ("B", 20, sum(comb(3, a) * comb(4, 2 - a) * comb(4 + a, 2) for a in range(3))),
    # A to lead trick 8: B announced the ultimó, so he holds the trump 7 (P7) until he plays
    # it; unseen MK MX TU T8 ZA ZO Z9 Z8; B takes one more, C two. B (no acorn) takes one of
    # the two bells or of the four leaves; C (no bell) then takes two of the two acorns and
    # the leaves left (four after a bell, three after a leaf).
    ("A", 21, 2 * comb(6, 2) + 4 * comb(5, 2)),
    # B before his last card: unseen MK MX TU T8 ZO ZX Z8; A and C take one each. A (no
    # acorn) takes a bell (2 ways, then C, no bell, one of the two acorns and three leaves)
    # or a leaf (3 ways, then C one of the two acorns and two leaves).
    ("B", 24, 2 * 5 + 3 * 4),
]


@pytest.mark.parametrize(("seat", "after", "count"), COUNTS)
def test_the_layouts_are_as_many_as_the_binomials_say(seat, after, count):
    view = seat_view(PLAYED, seat, after)
    layouts, exact = layouts_of(view, 20_000, 1, 0)
    assert exact
    assert view_layouts(view).total == len(layouts) == count
    dealt = {(tuple(layout.hands.values()), layout.talon) for layout in layouts}
    assert len(dealt) == count  # no layout twice
