"""The core is generic in the number of seats: two-player Alsós (12 tricks) against the
reference solver, on seeded random endgames of four cards a hand."""

import random

import pytest

from alsos_solver import reference
from alsos_solver.cards import cards_of
from alsos_solver.deal import Deal
from alsos_solver.games import find_game
from alsos_solver.games.alsos.figures import allowed
from alsos_solver.games.alsos.questions import FigureMade, GameWon
from alsos_solver.rules import Contract, Kind
from alsos_solver.solver import Solver


def two_seat_endgame(seed: int) -> Deal:
    """A random alsos-2 deal played (legally, at random) down to four cards a hand."""
    rng = random.Random(seed)
    cards = list(range(32))
    rng.shuffle(cards)
    hands = {seat: sum(1 << c for c in cards[i * 12:(i + 1) * 12]) for i, seat in enumerate("AB")}
    contract = rng.choice([Contract(Kind.TRUMP, rng.randrange(4)), Contract(Kind.NO_TRUMP)])
    deal = Deal(hands=hands, game=find_game("alsos-2"), contract=contract, declarer=rng.choice("AB"))
    position = deal.position()
    while sum(h.bit_count() for h in position.hands) > 8:
        card = rng.choice(list(cards_of(position.legal_moves())))
        position.push(card)
        deal.play.append(card)
    return deal


@pytest.mark.parametrize("seed", range(40))
def test_two_seat_core_agrees_with_the_reference(seed):
    deal = two_seat_endgame(seed)
    after = len(deal.play)
    solver = Solver(deal, after=after)
    for seat in range(2):
        assert solver.value(seat) == reference.best_points(deal, seat, after)
    figures = [f for f in ("abszolut", "tuletroa", "ultimo", "volat") if allowed(f, deal.contract, deal.options)]
    questions = [GameWon()] + [FigureMade(s, f) for s in range(2) for f in figures]
    for question in questions:
        assert solver.ask(question) == reference.can_make(deal, question, after), question
