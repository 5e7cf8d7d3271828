"""Random Altiansz deals and endgames for the tests (hypothesis strategies).

A deal is the Hungarian pack shuffled, 9 cards to each of A, B and C and 5 to the talon,
with a contract of any kind: a contract name in a trump suit or no-trump (the name decides
whose melds score in the deal itself; the questions ask every contract of the strain),
betli or klopitzky. Meld declarations vary: everybody declares everything, or a ``Melds``
tag fixes some seats' kinds. An endgame is such a deal played along a random legal line
until 1 to 4 tricks are left, sometimes stopping in the middle of a trick.
"""

from __future__ import annotations

from hypothesis import assume
from hypothesis import strategies as st

from alsos_solver.cards import HUNGARIAN
from alsos_solver.deal import Deal
from alsos_solver.games import find_game
from alsos_solver.games.altiansz.rules import CONTRACTS, TRUMP_ONLY
from alsos_solver.melds import MELD_KINDS

from endgames import HAND_SIZE, SEATS, play_line

SPEC = find_game("altiansz")
STRAINS = (*HUNGARIAN.suits, "NT")
TOKENS = tuple(
    f"{name} {strain}" for name in CONTRACTS if name not in ("betli", "klopitzky") for strain in STRAINS
    if not (strain == "NT" and name in TRUMP_ONLY)
)
"""Every contract tag value played in a strain."""
TRUMP_TOKENS = tuple(token for token in TOKENS if not token.endswith("NT"))


def declarations() -> st.SearchStrategy[dict[str, tuple[str, ...]]]:
    """Everybody declares everything (most often), or some seats only some kinds."""
    kinds = st.lists(st.sampled_from(MELD_KINDS), unique=True).map(tuple)
    return st.one_of(st.just({}), st.just({}), st.dictionaries(st.sampled_from(SEATS), kinds))


@st.composite
def deals(draw, tokens: tuple[str, ...] = (*TOKENS, "betli", "klopitzky")) -> Deal:
    """A sound random Altiansz deal with one of the contracts ``tokens``."""
    order = draw(st.permutations(range(HUNGARIAN.size)))
    hands = {seat: sum(1 << c for c in order[i * HAND_SIZE:(i + 1) * HAND_SIZE]) for i, seat in enumerate(SEATS)}
    contract = SPEC.parse_contract(draw(st.sampled_from(tokens)))
    deal = Deal(
        hands=hands, game=find_game("altiansz"), talon=sum(1 << c for c in order[len(SEATS) * HAND_SIZE:]), contract=contract,
        declarer=draw(st.sampled_from(SEATS)) if contract.has_declarer else None, declared=draw(declarations()),
    )
    assert not deal.problems(), deal.problems()
    return deal


@st.composite
def endgames(draw, tokens: tuple[str, ...] = (*TOKENS, "betli", "klopitzky"),
             tricks_left: st.SearchStrategy[int] = st.integers(1, 4)) -> Deal:
    """A random deal of ``tokens`` played along a random legal line until ``tricks_left``
    tricks remain, the last of them perhaps begun. In betli the declarer ducks where he
    can and the line is one on which he has won no trick yet."""
    deal = draw(deals(tokens))
    left = draw(tricks_left)
    length = len(SEATS) * (HAND_SIZE - left) + draw(st.integers(0, len(SEATS) - 1))
    choices = draw(st.lists(st.integers(0, HAND_SIZE - 1), min_size=length, max_size=length))
    betli = deal.contract.name == "betli"
    deal = play_line(deal, choices, ducker=deal.declarer if betli else None)
    if betli:
        assume(deal.played_position().tricks_won[SEATS.index(deal.declarer)] == 0)
    return deal
