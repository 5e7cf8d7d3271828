"""``alsos-solve odds``: sampling what a seat did not see, checked against an exact count
on a case with few unseen cards, which the odds also enumerate; reproducible from the seed
whatever the jobs; the two-player back view without abszolút; errors."""

from __future__ import annotations

import collections
import itertools
import json
import random
from dataclasses import replace

import pytest

from alsos_solver.cards import cards_of
from alsos_solver.dealer import Dealer
from alsos_solver.games.alsos.odds import odds, solve_sample, summarise, unseen_layouts, view_of
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
CHI2_20_999 = 45.31
"""The 0.999 quantile of chi-square with 20 degrees of freedom."""


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


@pytest.fixture(scope="module")
def countable(example):
    """The pinned case's twelve layouts by hand (two of the four free cards to A, one of
    the other two to C: 6 x 2), each solved, by (A's hand, C's hand, talon)."""
    fixes, free = pinned(example)
    every = {(d.hands["A"], d.hands["C"], d.talon): d for d in layouts(example, free)}
    assert len(every) == 12
    return fixes, {key: solve_sample(replace(d, figures={}), "B", False) for key, d in every.items()}


def looked_up(outcomes, seen):
    """A ``solve`` that answers from the counted outcomes and records the layouts asked."""
    def solve(samples):
        keys = [(s.hands["A"], s.hands["C"], s.talon) for s in samples]
        seen.extend(keys)
        return [outcomes[key] for key in keys]  # every sample is one of the counted layouts
    return solve


def test_the_odds_of_a_countable_case_match_the_exact_count(example, countable):
    fixes, outcomes = countable
    every = outcomes
    exact = summarise(example, "B", "back", 0, list(outcomes.values()), False)
    seen = []
    found = odds(example, "B", samples=600, seed=5, fixes=fixes, exact_limit=0, solve=looked_up(outcomes, seen))
    assert set(seen) == set(every)
    mean = len(seen) / len(every)
    assert sum((seen.count(k) - mean) ** 2 / mean for k in every) < CHI2_11_999  # uniform over the layouts
    assert found.samples == 600 and not found.exact and set(found.items) == set(exact.items)
    assert 0 < exact.items["B:szaz"].rate < 1  # a case the layouts decide
    drawn = summarise(example, "B", "back", 5, [outcomes[key] for key in seen], False)
    assert found.items == drawn.items and found.best == drawn.best  # the odds are those of the layouts drawn
    for name, item in found.items.items():
        assert abs(item.rate - exact.items[name].rate) < 0.07, name  # 4 standard deviations at most
        assert item.low <= item.rate <= item.high


def test_few_layouts_are_enumerated_and_the_rates_are_exact(example, countable):
    fixes, outcomes = countable
    exact = summarise(example, "B", "back", 0, list(outcomes.values()), False, exact=True)
    seen = []
    found = odds(example, "B", samples=12, fixes=fixes, solve=looked_up(outcomes, seen))
    assert found.exact and found.samples == 12 and sorted(seen) == sorted(outcomes)  # each layout once
    assert found.items == exact.items and found.best == exact.best
    assert all(item.low == item.rate == item.high for item in found.items.values())
    assert 0 < found.items["B:szaz"].rate < 1
    again = []
    odds(example, "B", samples=5, fixes=fixes, exact_limit=11, solve=looked_up(outcomes, again))
    assert len(again) == 5  # one layout over the limit: sampled
    fewer = []
    odds(example, "B", samples=11, fixes=fixes, solve=looked_up(outcomes, fewer))
    assert len(fewer) == 11  # by default the limit is the samples: enumerating would be more work


def test_the_command_says_exact(runner, example):
    fixes, _ = pinned(example)
    args = [EXAMPLE, "--seat", "B", "-j", "1", "--exact-limit", "20000", *(arg for fix in fixes for arg in ("--fix", fix))]
    data = json.loads(runner.invoke(app, [*args, "--json"]).stdout)
    assert data["exact"] is True and data["samples"] == 12 and data["not_offered"] == []
    assert all(item["low"] == item["rate"] == item["high"] for item in data["items"].values())
    text = runner.invoke(app, args).stdout
    assert "Odds for B from the back · all 12 layouts (exact)" in text and "interval" not in text
    assert "Declarer's points: 94.5 on average (exact)" in text


def test_the_sampler_deals_as_the_dealer_did(example):
    """The shared sampler, its filter a --where, gives the distribution of the dealer that
    dealt the odds' layouts before (uniform among the layouts that meet the condition):
    A's trumps and the talon's, over 3000 layouts of each, agree by a two-sample chi-square."""
    where = "points(A) >= 30"
    fixes = view_of(example, "B", "back").fixes(example)
    pack = example.pack
    trumps = pack.suit_mask(pack.suits.index("P"))

    def shape(deal):
        assert deal.hands["B"] == example.hands["B"] and example.rules.card_points(deal.hands["A"]) >= 30
        return (deal.hands["A"] & trumps).bit_count(), (deal.talon & trumps).bit_count()

    dealer = Dealer(example.game, example.contract, example.declarer, where, fixes, example.options)
    old = collections.Counter(map(shape, dealer.deals(3000, random.Random(1))))
    rejecting = Dealer(example.game, example.contract, example.declarer, where, fixes, example.options, strategy="reject")
    dealt, exact = unseen_layouts(example, "B", rejecting, where, exact_limit=0, samples=3000, seed=2, max_tries=1000)
    new = collections.Counter(map(shape, dealt))
    assert not exact and len(dealt) == 3000
    shared = [key for key in set(old) | set(new) if old[key] + new[key] >= 10]
    assert 8 < len(shared) <= 21  # at most 20 degrees of freedom
    assert sum((old[k] - new[k]) ** 2 / (old[k] + new[k]) for k in shared) < CHI2_20_999


def test_the_json_keys_and_reproducibility_whatever_the_jobs(runner, example):
    args = [EXAMPLE, "--seat", "B", "--samples", "8", "--seed", "3", "--json"]
    one = runner.invoke(app, args + ["--jobs", "1"])
    assert one.exit_code == 0, one.output
    two = runner.invoke(app, args + ["--jobs", "2"])
    assert one.stdout == two.stdout
    data = json.loads(one.stdout)
    assert {"seat", "view", "samples", "items", "best"} <= set(data)
    assert data["seat"] == "B" and data["view"] == "back" and data["samples"] == 8 and data["exact"] is False
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


def test_a_two_player_back_view_does_not_offer_abszolut():
    """Seed 003, 'Two-Player Game': abszolút 'can only be announced from the front'. The
    back view leaves it out (not 0% makeable) and says so; the front view offers it."""
    (deal,) = loads(TWO_PLAYER)
    back = odds(deal, "A", samples=2, seed=1)
    assert "A:abszolut" not in back.items and back.not_offered == ["A:abszolut"]
    assert "A:szaz" in back.items and "A:volat" in back.items
    assert "A:abszolut" not in back.to_json()["items"] and back.to_json()["not_offered"] == ["A:abszolut"]
    eight = sum(1 << card for card in list(cards_of(deal.hands["A"]))[:8])
    front = odds(deal, "A", view="front", first=eight, samples=2, seed=1)
    assert "A:abszolut" in front.items and front.not_offered == []


def test_a_two_player_view_in_the_terminal(runner, tmp_path):
    result = runner.invoke(app, [write(tmp_path, "two.txt", TWO_PLAYER), "--seat", "B", "--samples", "2", "-j", "1"])
    assert result.exit_code == 0, result.output
    assert "B:abszolut" not in result.stdout.split("Not offered")[0]
    assert "Not offered from the back: B:abszolut (announced from the front only)" in result.stdout


def test_one_layout_says_layout_and_gives_no_interval(runner):
    result = runner.invoke(app, [EXAMPLE, "--seat", "B", "--samples", "1", "-j", "1"])
    assert result.exit_code == 0, result.output
    assert "· 1 layout (seed 0)" in result.stdout and "layouts" not in result.stdout
    assert "interval" not in result.stdout.replace("one layout gives no interval", "")
    assert "Declarer's points: 77.0 on average (one layout gives no interval)" in result.stdout
    data = json.loads(runner.invoke(app, [EXAMPLE, "--seat", "B", "--samples", "1", "-j", "1", "--json"]).stdout)
    assert data["samples"] == 1 and data["declarer_points"] == {"mean": 77.0, "low": None, "high": None}
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
