"""The shared sampler (alsos_solver.analysis.layouts): counts against a brute-force count
with exclusions, the enumeration order, every layout reachable by sampling, the seed, the
swap only where it is a symmetry, and draw's enumeration, filter and give-up."""

from __future__ import annotations

import itertools
import random
from math import comb

import pytest

from alsos_solver.analysis.layouts import Layouts, TooFewLayouts, draw

UNSEEN = 0b1111111  # cards 0..6
CAPACITY = {"A": 3, "C": 3, "talon": 1}


def brute_force(cards: list[int], capacity: dict[str, int], excluded: dict[str, int]) -> list[dict[str, int]]:
    """Every way to give each place its number of the cards, none an excluded card."""
    places = list(capacity)
    found = []
    for choice in itertools.product(places, repeat=len(cards)):
        if any(choice.count(place) != size for place, size in capacity.items()):
            continue
        if any(excluded.get(place, 0) >> card & 1 for card, place in zip(cards, choice)):
            continue
        found.append({place: sum(1 << c for c, p in zip(cards, choice) if p == place) for place in places})
    return found


@pytest.mark.parametrize("excluded", [{}, {"A": 0b11}, {"A": 0b1, "C": 0b110, "talon": 0b1000}, {"C": 0b1111}])
def test_the_count_is_the_brute_force_one(excluded):
    layouts = Layouts(UNSEEN, CAPACITY, excluded)
    every = brute_force(list(range(7)), CAPACITY, excluded)
    assert layouts.total == len(every)
    assert sorted(map(sorted_items, every)) == sorted(sorted_items(layouts.placed(c)) for c in layouts.assignments())


def sorted_items(placed: dict[str, int]) -> tuple:
    return tuple(sorted(placed.items()))


def test_without_exclusions_the_count_is_the_multinomial():
    assert Layouts(UNSEEN, CAPACITY).total == comb(7, 3) * comb(4, 3)


def test_enumeration_is_in_a_fixed_order_that_unrank_follows():
    layouts = Layouts(UNSEEN, CAPACITY, {"A": 0b100})
    every = list(layouts.assignments())
    assert every == sorted(every) and len(set(every)) == len(every) == layouts.total
    assert [layouts.unrank(rank) for rank in range(layouts.total)] == every
    assert every == list(Layouts(UNSEEN, CAPACITY, {"A": 0b100}).assignments())


def test_every_layout_is_reachable_and_the_seed_repeats():
    layouts = Layouts(0b11111, {"A": 2, "C": 2, "talon": 1}, {"A": 0b1})  # 18 layouts
    rng = random.Random(3)
    drawn = [layouts.sample(rng) for _ in range(600)]
    assert set(drawn) == set(layouts.assignments())
    again = random.Random(3)
    assert [layouts.sample(again) for _ in range(600)] == drawn


def test_the_swap_only_where_it_maps_the_layouts_onto_themselves():
    layouts = Layouts(UNSEEN, CAPACITY, {"A": 0b1, "C": 0b1}, viewer="B")
    for chosen in layouts.assignments():
        swap = layouts.swapped(chosen)
        assert swap in set(layouts.assignments()) and layouts.swapped(swap) == chosen
    assert Layouts(UNSEEN, CAPACITY, {"A": 0b1}, viewer="B").swapped((0,) * 7) is None  # A is void where C is not
    assert Layouts(UNSEEN, {"A": 4, "C": 2, "talon": 1}, viewer="B").pair is None  # not as many cards
    assert Layouts(UNSEEN, {"B": 2, "A": 2, "C": 2, "talon": 1}, viewer="B").pair == (1, 2)  # the viewer's own cards stay
    assert Layouts(UNSEEN, {"A": 6, "talon": 1}, viewer="B").pair is None  # two players: one other hand


def test_draw_enumerates_up_to_the_limit_and_filters():
    layouts = Layouts(UNSEEN, CAPACITY, viewer="B")
    keep = lambda placed: not placed["talon"] & 1  # noqa: E731  card 0 not in the talon
    every, exact = draw(layouts, dict, keep, exact_limit=layouts.total, samples=5, seed=0)
    assert exact and len(every) == layouts.total - comb(6, 3)
    assert all(keep(placed) for placed in every)
    sampled, exact = draw(layouts, dict, keep, exact_limit=layouts.total - 1, samples=50, seed=1)
    assert not exact and len(sampled) == 50 and all(keep(placed) for placed in sampled)
    assert draw(layouts, dict, keep, exact_limit=0, samples=50, seed=1)[0] == sampled
    assert sampled[1] == {"A": sampled[0]["C"], "C": sampled[0]["A"], "talon": sampled[0]["talon"]}  # a draw, then its swap


def test_draw_gives_up_when_the_filter_rejects_every_layout():
    layouts = Layouts(UNSEEN, CAPACITY)
    with pytest.raises(TooFewLayouts, match="no layout in 20 tries in a row .0 of 3 found.: none that met 'never'"):
        draw(layouts, dict, lambda placed: False, exact_limit=0, samples=3, seed=0, max_tries=20, kept="met 'never'")
