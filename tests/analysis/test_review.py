"""Reviewing the play (alsos_solver.analysis.review).

Random full deals with announced figures are played along a random legal line (complete
or partial) and reviewed. Everywhere: a mistake is exactly a change in the item's status
history, made by the side the change hurts, and the cards said to keep the status are the
legal alternatives. Late in the play (at most four tricks left) the statuses and every
mistake's alternatives are checked against the reference minimax.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from alsos_solver.analysis import announced_items, optimal_line, parse_question, review_play
from alsos_solver.cards import HUNGARIAN, cards_of
from alsos_solver.deal import Deal
from alsos_solver.games.alsos.figures import allowed_figures
from alsos_solver.games.alsos.questions import GameWon
from alsos_solver.io import load
from alsos_solver.questions import Setting
from alsos_solver.reference import can_make

from conftest import BENCHMARK_DEALS
from endgames import HAND_SIZE, SEATS, describe, examples, full_deals, options, play_line

REFERENCE_FROM = 3 * (HAND_SIZE - 4)
"""Cards played before the reference can follow: four tricks left."""


@st.composite
def played_deals(draw, complete: bool = True) -> Deal:
    """A random full deal with some figures announced (each one the deal accepts), played
    along a random legal line: all 27 cards, or (``complete`` False) some of them."""
    deal = draw(full_deals(option_strategy=options()))
    if deal.contract.is_point_game:
        names = allowed_figures(deal.contract, deal.options)
        for seat in draw(st.lists(st.sampled_from(SEATS), unique=True, max_size=2)):
            for name in draw(st.lists(st.sampled_from(names), unique=True, max_size=2)):
                figures = dict(deal.figures)
                figures[seat] = tuple(dict.fromkeys(figures.get(seat, ()) + (name,)))
                if not replace(deal, figures=figures).problems():
                    deal.figures = figures
    length = 27 if complete else draw(st.integers(0, 27))
    return play_line(deal, draw(st.lists(st.integers(0, HAND_SIZE - 1), min_size=length, max_size=length)))


def check_review(deal: Deal, review) -> None:
    """The review's internal consistency (see the module docstring)."""
    setting = Setting.of(deal)
    items = {item.name: item for item in review.items}
    assert [item.name for item in review.items] == [item.name for item in announced_items(deal)]
    changes = set()
    for name, statuses in review.history.items():
        assert len(statuses) == len(deal.play) + 1
        changes |= {(i, name) for i in range(len(deal.play)) if statuses[i] != statuses[i + 1]}
    assert {(m.index, m.item) for m in review.mistakes} == changes
    assert [m.index for m in review.mistakes] == sorted(m.index for m in review.mistakes)
    position = deal.position()
    for index, card in enumerate(deal.play):
        for mistake in (m for m in review.mistakes if m.index == index):
            item = items[mistake.item]
            team = item.question.team(setting)
            assert mistake.seat == SEATS[position.to_move]
            assert mistake.card == HUNGARIAN.card_name(card)
            assert (mistake.trick, mistake.position) == (index // 3 + 1, index % 3 + 1)
            assert mistake.before == review.history[item.name][index] != mistake.after
            # only the side playing for an item can spoil it; only the other side can let it in
            assert (position.to_move in team) == mistake.before
            legal = {HUNGARIAN.card_name(c) for c in cards_of(position.legal_moves())}
            assert mistake.keeping and set(mistake.keeping) <= legal - {mistake.card}
        position.push(card)


def check_with_reference(deal: Deal, review) -> None:
    """Statuses and alternatives from four tricks before the end, against the reference."""
    items = {item.name: item for item in review.items}
    for name, statuses in review.history.items():
        for after in range(REFERENCE_FROM, len(deal.play) + 1):
            assert statuses[after] == can_make(deal, items[name].question, after=after), (describe(deal), name, after)
    for mistake in review.mistakes:
        if mistake.index < REFERENCE_FROM:
            continue
        question = items[mistake.item].question
        prefix = deal.play[:mistake.index]
        position = deal.position()
        for card in prefix:
            position.push(card)
        for card in cards_of(position.legal_moves()):
            other = replace(deal, play=[*prefix, card])
            keeps = can_make(other, question, after=mistake.index + 1) == mistake.before
            assert keeps == (HUNGARIAN.card_name(card) in mistake.keeping), (describe(deal), mistake)


@pytest.mark.slow
@examples(80)
@given(played_deals())
def test_review_of_complete_plays(deal):
    review = review_play(deal)
    check_review(deal, review)
    check_with_reference(deal, review)
    data = review.to_json()
    json.dumps(data)
    assert set(data["items"]) == {item.name for item in review.items}
    assert all(set(m) >= {"trick", "seat", "card", "item", "before", "after", "keeping"} for m in data["review"])
    assert len(review.lines()) == len(review.items) + max(1, len(review.mistakes))


@examples(40)
@given(played_deals(complete=False))
def test_review_of_partial_plays(deal):
    review = review_play(deal)
    check_review(deal, review)


def test_items_are_the_game_and_the_announced_figures():
    deal = load("puzzles/example.txt")[0]
    assert [item.name for item in announced_items(deal)] == ["B game", "B abszolut", "B ultimo"]
    deals = load(BENCHMARK_DEALS)
    klopitzky, betli = deals[0], deals[14]
    assert [item.name for item in announced_items(klopitzky)] == ["A klopitzky", "B klopitzky", "C klopitzky"]
    assert [item.name for item in announced_items(betli)] == [f"{betli.declarer} betli"]


def test_a_line_of_best_play_for_an_item_makes_no_mistake_on_it():
    deal = load("puzzles/example.txt")[0]
    for spec, item in (("game", "B game"), ("B:abszolut", "B abszolut"), ("B:ultimo", "B ultimo")):
        line = optimal_line(deal, parse_question(spec, deal))
        played = replace(deal, play=[HUNGARIAN.parse_card(t) for trick in line.to_json()["line"] for t in trick["cards"]])
        review = review_play(played)
        check_review(played, review)
        assert not [m for m in review.mistakes if m.item == item]
        assert review.history[item] == [line.value] * 28


def test_mistake_sentences():
    """Along the best line for B's points, B gives up his ultimó (abszolút and ultimó cannot
    both be made with the game here, README); the sentence names the item, the statuses and
    the cards that kept it."""
    deal = load("puzzles/example.txt")[0]
    line = optimal_line(deal, parse_question("declarer_points", deal))
    played = replace(deal, play=[HUNGARIAN.parse_card(t) for trick in line.to_json()["line"] for t in trick["cards"]])
    review = review_play(played)
    check_review(played, review)
    assert review.mistakes, "the points line should give up an item"
    pattern = re.compile(r"trick \d, [ABC] played [MPTZ][AKOUX987]: [ABC]'s \w+ went from (made|lost) to (made|lost); "
                         r"[MPTZ][AKOUX987]( or [MPTZ][AKOUX987])* kept it (made|lost)")
    sentences = review.lines()[len(review.items):]
    assert len(sentences) == len(review.mistakes)
    assert all(pattern.fullmatch(sentence) for sentence in sentences), sentences
    first = review.mistakes[0]
    assert sentences[0].startswith(f"trick {first.trick}, {first.seat} played {first.card}: B's ")


def test_review_without_play_and_errors():
    deal = load("puzzles/example.txt")[0]
    review = review_play(deal)
    assert review.mistakes == [] and all(len(h) == 1 for h in review.history.values())
    assert review.to_json()["items"]["B game"] == "made"
    with pytest.raises(ValueError, match="contract"):
        review_play(replace(deal, contract=None, declarer=None, figures={}))
    with pytest.raises(ValueError, match="problems"):
        review_play(replace(deal, play=[HUNGARIAN.parse_card("PK")]))  # not A's card


def test_game_item_of_a_deal_is_game_won():
    deal = load(BENCHMARK_DEALS)[2]
    assert announced_items(deal)[0].question == GameWon()


def test_one_card_played_is_said_in_the_singular():
    deal = load("puzzles/played.txt")[0]
    one = replace(deal, play=deal.play[:1])
    assert all(line.endswith("after 1 card") for line in review_play(one).lines()[:len(announced_items(one))])
