"""Asszorti's questions: the Cython core against the reference minimax on random endgames.

An endgame is a full random Asszorti deal (any bid, trumps or no-trump, any declarer,
arrivázs announced or not, kontras on the game and the arrivázs) played along a random legal
line until three or four tricks remain; both solvers start after it. On that line some
defenders may *duck* (play a card that does not take the trick whenever they have one) and
the declarer may *take* (one that does), so that the 6:5:0 split (one defender without a
trick) and a declarer near six tricks and winning the last three are common. Every question of the question set must get
the reference's answer: the declarer's tricks, the game, arrivázs, idegen arrivázs, and the
score, which depends on how the defenders split their tricks and on the last three tricks.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from alsos_solver.cards import FRENCH, CardSet, cards_of
from alsos_solver.deal import Deal
from alsos_solver.games import find_game
from alsos_solver.games.asszorti.questions import ArrivazsMade, GameDefeated, GameMade, Score, TricksAtLeast
from alsos_solver.position import Position
from alsos_solver.questions import Setting, Together
from alsos_solver.questions.base import ValueQuestion
from alsos_solver.reference import best_value, can_make
from alsos_solver.solver import Solver

from endgames import examples

pytestmark = pytest.mark.slow

SPEC = find_game("asszorti")
SEATS = SPEC.active
BIDS = ("3", "2", "1", "hand")
STRAINS = (*FRENCH.suits, "NT")


def steered(position: Position, legal: CardSet, take: bool) -> CardSet:
    """The legal cards that take the trick as it stands (``take``) or do not; a leader's
    are all of them. Empty when there are none."""
    trick = position.trick.cards
    if not trick:
        return legal
    return sum(1 << c for c in cards_of(legal) if (position.rules.winner([*trick, c]) == len(trick)) == take)


@st.composite
def endgames(draw: st.DrawFn, tricks_left: int = 3) -> Deal:
    order = draw(st.permutations(range(FRENCH.size)))
    size = SPEC.hand_size
    hands = {seat: sum(1 << c for c in order[i * size:(i + 1) * size]) for i, seat in enumerate(SEATS)}
    declarer = draw(st.sampled_from(SEATS))
    announced = draw(st.booleans())
    kontra = {"game": "b" * draw(st.integers(0, 5))}
    if announced:
        kontra[f"{declarer}:arrivazs"] = "b" * draw(st.integers(0, 5))
    deal = Deal(
        hands=hands, game=find_game("asszorti"), talon=sum(1 << c for c in order[3 * size:]),
        contract=SPEC.parse_contract(f"{draw(st.sampled_from(BIDS))} {draw(st.sampled_from(STRAINS))}"),
        declarer=declarer,
        figures={declarer: ("arrivazs",)} if announced else {},
        kontra={item: levels for item, levels in kontra.items() if levels},
    )
    takes = {seat: draw(st.sampled_from([None, seat == declarer])) for seat in SEATS}  # None: plays at random
    position = deal.position()
    choices = st.integers(0, 10)
    length = len(SEATS) * (size - tricks_left) + draw(st.integers(0, 2))
    while len(deal.play) < length:
        legal = position.legal_moves()
        take = takes[SEATS[position.to_move]]
        if take is not None:
            legal = steered(position, legal, take) or legal
        cards = list(cards_of(legal))
        card = cards[draw(choices) % len(cards)]
        position.push(card)
        deal.play.append(card)
    assert not deal.problems(), deal.problems()
    return deal


def disagreements(deal: Deal, questions) -> list[str]:
    after = len(deal.play)
    solver = Solver(deal, after=after, table_bytes=1 << 14)
    found = []
    for question in questions:
        if isinstance(question, ValueQuestion):
            mine, theirs = solver.value(question), best_value(deal, question, after)
        else:
            mine, theirs = solver.ask(question), can_make(deal, question, after)
        if mine != theirs:
            found.append(f"{question.spec()}: engine {mine}, reference {theirs}")
    return found


def describe(deal: Deal) -> str:
    hands = " ".join(f"{seat}={FRENCH.hand_name(deal.hands[seat])}" for seat in SEATS)
    play = " ".join(FRENCH.card_name(c) for c in deal.play)
    return f"{SPEC.contract_token(deal.contract)} by {deal.declarer} {hands} {deal.figures} {deal.kontra} play=[{play}]"


@given(endgames())
@examples(60)
def test_every_question_of_the_set_agrees(deal):
    questions = [ask.question for ask in SPEC.questions.question_set(Setting.of(deal))]
    assert disagreements(deal, questions) == [], describe(deal)


@given(endgames(tricks_left=4))
@examples(15)
def test_four_trick_endgames_agree(deal):
    questions = [ask.question for ask in SPEC.questions.question_set(Setting.of(deal))]
    assert disagreements(deal, questions) == [], describe(deal)


@given(endgames(), st.integers(-80, 80), st.integers(0, 11))
@examples(40)
def test_score_and_trick_thresholds_agree(deal, score, tricks):
    """Every threshold, reached or not, in any order on one solver (the table is reused),
    the tricks and the arrivázs together in one line, and the defenders' defeat."""
    questions = [
        Score().yes_no(Setting.of(deal), score), TricksAtLeast(tricks), GameMade(), ArrivazsMade(),
        Together((TricksAtLeast(tricks), ArrivazsMade())), GameDefeated(),
    ]
    assert disagreements(deal, questions) == [], describe(deal)


@given(endgames(), st.sampled_from(BIDS), st.booleans())
@examples(25)
def test_the_score_under_another_bid_and_announcement_agrees(deal, bid, arrivazs):
    """The best announcements ask the score of one play under every bid and announcement."""
    assert disagreements(deal, [Score(bid, arrivazs)]) == [], describe(deal)
