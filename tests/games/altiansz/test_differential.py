"""Altiansz: the Cython search core against the reference minimax, on random endgames.

Every contract of the deal's strain (:class:`ContractMade`: each one's ``goal`` for the
core, its ``achieved`` for the reference), the declarer's points, betli with its duty to
beat, and klopitzky won per seat, on endgames of 1 to 4 tricks (:mod:`altiansz_deals`).
The pooled game is also asked with the seats' melds set around its threshold, where one
meld point more or less decides it. The whole question set (:meth:`answers`, whose
answers one contract may give another, and the points value decide others) must give the
reference's answer for every contract.
"""

from __future__ import annotations

from unittest import mock

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from alsos_solver.deal import Deal
from alsos_solver.games import find_game
from alsos_solver.games.altiansz.game import AltianszGame
from alsos_solver.games.altiansz.questions import QUESTIONS, STRAIN_CONTRACTS, ContractMade, GameDefeated, KlopitzkyWin
from alsos_solver.games.altiansz.rules import GAME_CONTRACTS, TRUMP_ONLY, HeldMelds
from alsos_solver.io import load
from alsos_solver.melds import Meld
from alsos_solver.questions import DeclarerPoints, Setting, parse_question
from alsos_solver.reference import best_value, can_make
from alsos_solver.solve import solve
from alsos_solver.solver import Solver

from altiansz_deals import SPEC, TOKENS, TRUMP_TOKENS, endgames
from conftest import ROOT
from endgames import SEATS, deal_from_hands, describe, examples

TABLE_BYTES = 1 << 14


def engine(deal: Deal) -> Solver:
    return Solver(deal, after=len(deal.play), table_bytes=TABLE_BYTES)


def strain_contracts(deal: Deal, names=STRAIN_CONTRACTS) -> list[ContractMade]:
    """The contracts of ``names`` the declarer could play in the deal's strain."""
    trumps = deal.contract.trump is not None
    return [ContractMade(name) for name in names if trumps or name not in TRUMP_ONLY]


def assert_agree(deal: Deal, questions: list, points: bool = False) -> None:
    """Engine and reference agree on each question (and the declarer's points), all asked
    of one solver, the points first so that the contracts they decide are decided so."""
    solver, after, found = engine(deal), len(deal.play), []
    if points:
        mine, oracle = solver.value(DeclarerPoints()), best_value(deal, DeclarerPoints(), after)
        if mine != oracle:
            found.append(f"declarer_points: engine {mine}, reference {oracle}")
    for question in questions:
        mine, oracle = solver.ask(question), can_make(deal, question, after)
        if mine != oracle:
            found.append(f"{question}: engine {mine}, reference {oracle}")
    assert not found, f"{describe(deal)}\n" + "\n".join(found)


@pytest.mark.slow
@examples(150)
@given(endgames(tokens=TOKENS))
def test_every_contract_of_the_strain_agrees(deal):
    assert_agree(deal, strain_contracts(deal), points=True)


@pytest.mark.slow
@examples(60)
@given(endgames(tokens=TRUMP_TOKENS, tricks_left=st.integers(1, 3)))
def test_trump_contracts_in_short_endgames_agree(deal):
    """The last two tricks decide ultimo and game-sneak; the trump U, 9, 7 game-trull."""
    assert_agree(deal, strain_contracts(deal, (*TRUMP_ONLY, "game")), points=True)


@pytest.mark.slow
@examples(80)
@given(endgames(tokens=TOKENS))
def test_the_question_set_answers_every_contract_as_the_reference(deal):
    """What :func:`solve` reports: the points first, then every contract, some given by
    another's answer (:meth:`AltianszQuestions.implied`) or by the points (``decided``)."""
    answers = QUESTIONS.answers(engine(deal))
    after = len(deal.play)
    assert answers["declarer_points"] == best_value(deal, DeclarerPoints(), after), describe(deal)
    expected = {q.contract: can_make(deal, q, after) for q in strain_contracts(deal)}
    assert answers["contracts"] == expected, describe(deal)
    assert answers["made"] == expected[deal.contract.name]


def fixed_melds(points: dict[str, int]):
    """``AltianszGame.seat_melds`` patched: each seat holds one meld of the given points."""

    def seat_melds(self, deal: Deal, seat: str) -> HeldMelds:
        return HeldMelds((Meld("", "vannak", 0, points[seat], False, "test meld"),) if points[seat] else ())

    return mock.patch.object(AltianszGame, "seat_melds", seat_melds)


@pytest.mark.slow
@examples(120)
@given(endgames(tokens=TOKENS), st.integers(-2, 2), st.data())
def test_pooled_game_with_melds_at_the_threshold_agrees(deal, step, data):
    """The declarer's total against the two defenders' together: melds are chosen so that
    the declarer's best points V fall just short of, tie, or just pass the game (a tie
    loses), the defenders' melds split between them in any way."""
    declarer = SEATS.index(deal.declarer)
    value = best_value(deal, DeclarerPoints(), len(deal.play))
    total = Setting.of(deal).rules.total_points(sum(deal.active_hands))
    # the game needs V + m_D > (total - V) + m_E: make m_E - m_D = 2V - total + 10 * step
    difference = 2 * value - total + 10 * step
    own, theirs = max(0, -difference), max(0, difference)
    first = data.draw(st.integers(0, theirs // 10)) * 10
    points = dict(zip((s for s in SEATS if s != deal.declarer), (first, theirs - first)))
    points[deal.declarer] = own
    with fixed_melds(points):
        assert_agree(deal, strain_contracts(deal, (*GAME_CONTRACTS, "150", "200")))
        made = can_make(deal, ContractMade("game"), len(deal.play))
    assert made == (step < 0), (describe(deal), points, value, SEATS[declarer])


@pytest.mark.slow
@examples(60)
@given(endgames(tokens=(*TOKENS, "betli")))
def test_the_defeat_of_the_deals_contract_agrees(deal):
    """``defeat``: the engine answers it as the contract's answer negated, the reference
    plays it for the defenders by its own meaning (the contract not made)."""
    assert_agree(deal, [GameDefeated()])


@pytest.mark.slow
@examples(80)
@given(endgames(tokens=("betli",)))
def test_betli_agrees(deal):
    """On lines where the declarer has won no trick yet, with the duty to beat."""
    assert_agree(deal, [ContractMade("betli")])


THREE_WAY_TIE = deal_from_hands(
    {"A": "AUX.K.X.OX97", "B": "K.A9.KO987.A", "C": "O987.UX.AU.K"}, SPEC.parse_contract("klopitzky"), None,
    play="Z9 ZA ZK P9 PX PK PU ZX PA T7 TA TX M8 MU MK T9 TU ZO MO MX TK", game=find_game("altiansz"),
)
"""Klopitzky, two tricks left, A to play to the eighth: B and C can make the three seats'
card points equal, and then nobody wins."""


def test_a_three_way_tie_wins_for_nobody():
    """A can make sure to take no more card points than either other seat, not to win: the
    other two bring about the three-way tie."""
    assert not engine(THREE_WAY_TIE).ask(KlopitzkyWin(0))
    assert not can_make(THREE_WAY_TIE, KlopitzkyWin(0), len(THREE_WAY_TIE.play))


@pytest.mark.slow
@example(THREE_WAY_TIE)
@examples(120)
@given(endgames(tokens=("klopitzky",)))
def test_klopitzky_won_by_each_seat_agrees(deal):
    assert_agree(deal, [KlopitzkyWin(seat) for seat in range(len(SEATS))])


# --- golden deals: full deals of the benchmark set, pinned ------------------------------------

BENCHMARK_DEALS = ROOT / "benchmarks" / "deals-altiansz.txt"
NOTHING = dict.fromkeys(STRAIN_CONTRACTS, False)


@pytest.mark.parametrize(("board", "expected"), [
    # volat NT: no-trump asks no trump-only contract
    (3, {"declarer_points": 10, "made": False, "contracts": {name: False for name in
                                                             ("solo", "game", "150", "absolute", "200", "volat")}}),
    # game P: 40 card points and C's terc O-8-7 of trumps (30) beat the defenders' 60 (20 in the talon)
    (15, {"declarer_points": 40, "made": True, "contracts": NOTHING | {"game": True}}),
    (17, {"klopitzky_win": {"A": False, "B": False, "C": False}}),
])
def test_golden_benchmark_deals(board, expected):
    deal = load(str(BENCHMARK_DEALS))[board - 1]
    assert deal.tags["Board"] == str(board)
    assert solve(deal).answers == expected


@pytest.mark.parametrize(("board", "defeated"), [(1, True), (15, False)])
def test_defeat_of_a_benchmark_deal(board, defeated):
    """``defeat`` (or ``game_defeated``) of board 1's ultimo T and board 15's game P."""
    deal = load(str(BENCHMARK_DEALS))[board - 1]
    question = parse_question("defeat", deal)
    assert question == parse_question("game_defeated", deal) == GameDefeated() and question.spec() == "defeat"
    assert engine(deal).ask(question) is defeated is (not engine(deal).ask(ContractMade(deal.contract.name)))
