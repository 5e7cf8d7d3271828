"""``alsos-solve odds``: sampling what a seat did not see, checked against an exact count
on a case with few unseen cards; reproducible from the seed whatever the jobs; errors."""

from __future__ import annotations

import itertools
import json
from dataclasses import replace

import pytest

from alsos_solver.cards import cards_of
from alsos_solver.games.alsos.odds import odds, solve_sample, summarise, view_of
from alsos_solver.io import load, loads
from alsos_solver.launch import SUBCOMMANDS
from alsos_solver.odds_command import app

from cli_support import BETLI, EXAMPLE, assert_error, write

TWO_PLAYER = """\
[Game "alsos-2"]
[Deal "A:AKX.AOU8.A7.OU8 OU97.K.KU98.AK9"]
[Talon "M8 PX P9 P7 TO TX ZX Z7"]
[Contract "P"]
[Declarer "A"]
"""
"""A two-player deal: hearts by A."""
CHI2_11_999 = 31.26
"""The 0.999 quantile of chi-square with 11 degrees of freedom (12 layouts)."""


@pytest.fixture(scope="module")
def example():
    return load(EXAMPLE)[0]


def pinned(deal) -> tuple[list[str], list[int]]:
    """Fixes that leave FREE cards unseen by B: A's trump Ace and Ten, C's trump 9, the
    talon's MX; and those cards."""
    pack = deal.pack
    free = [pack.parse_card(name) for name in ("PA", "PX", "P9", "MX")]
    fixes = [
        f"{place}:" + " ".join(pack.card_name(card) for card in cards_of(cards) if card not in free)
        for place, cards in (("A", deal.hands["A"]), ("C", deal.hands["C"]), ("talon", deal.talon))
    ]
    return fixes, free


def layouts(deal, free):
    """Every deal that puts the free cards 2 to A, 1 to C, 1 to the talon."""
    base = {"A": deal.hands["A"], "C": deal.hands["C"], "talon": deal.talon}
    for card in free:
        for place in base:
            if base[place] >> card & 1:
                base[place] &= ~(1 << card)
    for order in itertools.permutations(free):
        a, c, t = order[:2], order[2], order[3]
        if a[0] > a[1]:
            continue
        yield replace(deal, hands=deal.hands | {"A": base["A"] | 1 << a[0] | 1 << a[1], "C": base["C"] | 1 << c},
                      talon=base["talon"] | 1 << t)


def test_odds_is_registered():
    assert SUBCOMMANDS["odds"] == "alsos_solver.odds_command:app"


def test_the_odds_of_a_countable_case_match_the_exact_count(example):
    fixes, free = pinned(example)
    every = {(d.hands["A"], d.hands["C"], d.talon): d for d in layouts(example, free)}
    assert len(every) == 12
    outcomes = {key: solve_sample(replace(d, figures={}), "B", False) for key, d in every.items()}
    exact = summarise(example, "B", "back", 0, list(outcomes.values()), False)
    seen = []

    def solve(samples):
        keys = [(s.hands["A"], s.hands["C"], s.talon) for s in samples]
        seen.extend(keys)
        return [outcomes[key] for key in keys]  # every sample is one of the counted layouts

    found = odds(example, "B", samples=600, seed=5, fixes=fixes, solve=solve)
    assert set(seen) == set(every)
    mean = len(seen) / len(every)
    assert sum((seen.count(k) - mean) ** 2 / mean for k in every) < CHI2_11_999  # uniform over the layouts
    assert found.samples == 600 and set(found.items) == set(exact.items)
    assert 0 < exact.items["B:szaz"].rate < 1  # a case the layouts decide
    drawn = summarise(example, "B", "back", 5, [outcomes[key] for key in seen], False)
    assert found.items == drawn.items and found.best == drawn.best  # the odds are those of the layouts drawn
    for name, item in found.items.items():
        assert abs(item.rate - exact.items[name].rate) < 0.07, name  # 4 standard deviations at most
        assert item.low <= item.rate <= item.high


def test_the_json_keys_and_reproducibility_whatever_the_jobs(runner, example):
    args = [EXAMPLE, "--seat", "B", "--samples", "8", "--seed", "3", "--json"]
    one = runner.invoke(app, args + ["--jobs", "1"])
    assert one.exit_code == 0, one.output
    two = runner.invoke(app, args + ["--jobs", "2"])
    assert one.stdout == two.stdout
    data = json.loads(one.stdout)
    assert {"seat", "view", "samples", "items", "best"} <= set(data)
    assert data["seat"] == "B" and data["view"] == "back" and data["samples"] == 8
    assert "game" in data["items"] and "B:ultimo" in data["items"] and "defeat" not in data["items"]
    assert set(data["items"]["game"]) == {"rate", "low", "high", "expected_score"}
    assert set(data["best"]) == {"announce", "expected_score"}
    other = json.loads(runner.invoke(app, [EXAMPLE, "--seat", "B", "--samples", "8", "--seed", "4", "--json", "-j", "1"]).stdout)
    assert other != data


def test_a_defender_and_the_terminal_view(runner):
    result = runner.invoke(app, [EXAMPLE, "--seat", "a", "--samples", "4", "-j", "1"])
    assert result.exit_code == 0, result.output
    assert "Odds for A from the back" in result.stdout and "defeat" in result.stdout and "kontras left out" in result.stdout


def test_the_front_view_needs_the_six_first_cards(example):
    pack = example.pack
    six = sum(1 << card for card in list(cards_of(example.hands["B"]))[:6])
    view = view_of(example, "B", "front", six)
    assert view.known == {"B": six}
    with pytest.raises(ValueError, match="needs the 6 cards B held from the front"):
        view_of(example, "B", "front")
    with pytest.raises(ValueError, match="needs 6 cards of B's hand, found 5"):
        view_of(example, "B", "front", six & (six - 1))
    with pytest.raises(ValueError, match="needs 6 cards of B's hand: MK not in it"):
        view_of(example, "B", "front", six | 1 << pack.parse_card("MK"))
    found = odds(example, "B", view="front", first=six, samples=3, seed=1)
    assert found.view == "front" and found.samples == 3


def test_a_two_player_front_hand_has_eight_cards():
    """Seed 003, two-player game: abszolút 'from the front, when the players have just 8
    cards in their hands'."""
    (deal,) = loads(TWO_PLAYER)
    eight = sum(1 << card for card in list(cards_of(deal.hands["A"]))[:8])
    assert view_of(deal, "A", "front", eight).known == {"A": eight}
    with pytest.raises(ValueError, match="needs 8 cards of A's hand, found 6"):
        view_of(deal, "A", "front", sum(1 << card for card in list(cards_of(deal.hands["A"]))[:6]))


def test_one_layout_says_layout_and_gives_no_interval(runner):
    result = runner.invoke(app, [EXAMPLE, "--seat", "B", "--samples", "1", "-j", "1"])
    assert result.exit_code == 0, result.output
    assert "· 1 layout (seed 0)" in result.stdout and "layouts" not in result.stdout
    assert "interval" not in result.stdout.replace("one layout gives no interval", "")
    assert "Declarer's points: 88.0 on average (one layout gives no interval)" in result.stdout
    data = json.loads(runner.invoke(app, [EXAMPLE, "--seat", "B", "--samples", "1", "-j", "1", "--json"]).stdout)
    assert data["samples"] == 1 and data["declarer_points"] == {"mean": 88.0, "low": None, "high": None}
    assert all(item["low"] is None and item["high"] is None for item in data["items"].values())
    two = json.loads(runner.invoke(app, [EXAMPLE, "--seat", "B", "--samples", "2", "-j", "1", "--json"]).stdout)
    assert all(0 <= item["low"] <= item["rate"] <= item["high"] <= 1 for item in two["items"].values())


def test_the_back_view_takes_no_first_cards(example):
    six = sum(1 << card for card in list(cards_of(example.hands["B"]))[:6])
    with pytest.raises(ValueError, match="the 6 first cards are for the front view"):
        view_of(example, "B", "back", six)


def test_a_betli_has_no_odds(runner, tmp_path):
    assert_error(runner.invoke(app, [write(tmp_path, "b.txt", BETLI), "--seat", "C", "--samples", "2", "-j", "1"]),
                 "odds need a trump or no-trump game, not betli")


LONG_WHERE = "has(A, PU) and has(A, PX) and has(A, P9) and has(A, PA) and has(A,"


@pytest.mark.parametrize("args, pieces", [
    (["--seat", "D"], ["unknown seat 'D'"]),
    (["--seat", "B", "--view", "side"], ["unknown view 'side'"]),
    (["--seat", "B", "--view", "front"], ["needs the 6 cards B held from the front"]),
    (["--seat", "B", "--first", "PU P9 PA PX PK PO"], ["--first needs --view front"]),
    (["--seat", "B", "--where", "has(A,"], ["--where 'has(A,': column"]),
    (["--seat", "B", "--where", LONG_WHERE], [f"--where '{LONG_WHERE[:59]}…': column 67: expected a card name"]),
    (["--seat", "B", "--index", "9"], ["no deal 9"]),
])
def test_errors(runner, args, pieces):
    assert_error(runner.invoke(app, [EXAMPLE, *args, "--samples", "2", "-j", "1"]), *pieces)
