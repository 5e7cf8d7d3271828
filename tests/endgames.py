"""Random endgames for the engine tests.

An endgame is a full, sound 9-card Alsós deal whose Play section is a random LEGAL line of
play (drawn card by card from :meth:`Position.legal_moves`), so the engine and the
reference both start after it: ``Solver(deal, after=len(deal.play))`` and
``reference.can_make(deal, question, after=len(deal.play))``. The game keeps its 9-card
hands, so every rule that counts tricks (the last-trick bonus, ultimó's trick, nyolcas' and
uhu's 8th trick) is the real one, the melds are those of the full starting hands, and the
points and tricks already won before the endgame count, as in a real deal. The line may
stop in the middle of a trick.

Everything is drawn with hypothesis, so a failing endgame shrinks and replays.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator
from dataclasses import replace

from hypothesis import HealthCheck, assume, settings
from hypothesis import strategies as st

from alsos_solver.cards import HUNGARIAN, Card, CardSet, cards_of
from alsos_solver.deal import Deal
from alsos_solver.games.alsos import ALSOS
from alsos_solver.melds import MELD_KINDS
from alsos_solver.position import Position
from alsos_solver.rules import AlsosOptions, Contract, Kind

SCALE = float(os.environ.get("ALSOS_ENGINE_TEST_SCALE", "1"))
"""Multiplies every example count: ``ALSOS_ENGINE_TEST_SCALE=20`` for a long local run."""


def examples(count: int) -> settings:
    """Hypothesis settings for ``count`` examples (times :data:`SCALE`) of a test against
    the reference: no deadline, and no health check for slow or filtered draws."""
    return settings(
        max_examples=max(1, int(count * SCALE)), deadline=None, report_multiple_bugs=False,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
    )

SEATS = "ABC"
HAND_SIZE = 9
SUITS = range(len(HUNGARIAN.suits))

TRUMP_CONTRACTS = tuple(Contract(Kind.TRUMP, suit) for suit in SUITS)
NO_TRUMP = Contract(Kind.NO_TRUMP)
BETLI = Contract(Kind.BETLI)
KLOPITZKY = Contract(Kind.KLOPITZKY)
POINT_CONTRACTS = (*TRUMP_CONTRACTS, NO_TRUMP)
ALL_CONTRACTS = (*POINT_CONTRACTS, BETLI, KLOPITZKY)

NOBODY_DECLARES: dict[str, tuple[str, ...]] = {seat: () for seat in SEATS}
"""``Deal.declared`` for a deal played without melds."""

HELD_FIGURES = {"ultimo": "7", "nyolcas": "8"}
"""Announced figures that change the rules of play: the trump card their announcer keeps."""

ALL_VARIANT_FIGURES = AlsosOptions(szazegy=True, szazhusz=True, uhu=True, nyolcas=True)


def trump_card(contract: Contract, rank: str) -> Card:
    return HUNGARIAN.card(contract.trump, HUNGARIAN.rank_index(rank))


def holder(deal: Deal, c: Card) -> str | None:
    """The seat whose starting hand holds the card (None: the talon)."""
    return next((seat for seat in SEATS if deal.hands[seat] >> c & 1), None)


def deal_from_order(order: list[Card], contract: Contract, declarer: str | None, **fields) -> Deal:
    """The pack in ``order`` dealt 9 to A, 9 to B, 9 to C, the last 5 to the talon."""
    hands = {seat: sum(1 << c for c in order[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i, seat in enumerate(SEATS)}
    talon = sum(1 << c for c in order[len(SEATS) * HAND_SIZE :])
    return Deal(hands=hands, talon=talon, contract=contract, declarer=declarer, **{"game": ALSOS, **fields})


def deal_from_hands(
    hands: dict[str, str], contract: Contract, declarer: str | None, play: str = "", **fields
) -> Deal:
    """A sound deal from written hands (``'AKO.X9.U87.A'``) and play (``'MA M7 MK'``), as
    :func:`describe` writes them; the talon is the rest of the pack."""
    parsed = {seat: HUNGARIAN.parse_hand(text) for seat, text in hands.items()}
    talon = HUNGARIAN.full & ~(parsed["A"] | parsed["B"] | parsed["C"])
    deal = Deal(
        hands=parsed, talon=talon, contract=contract, declarer=declarer,
        play=HUNGARIAN.parse_cards(play) if play else [], **{"game": ALSOS, **fields},
    )
    assert not deal.problems(), deal.problems()
    return deal


def play_line(deal: Deal, choices: list[int], ducker: str | None = None) -> Deal:
    """Extend the deal's Play section: the i-th card is legal move ``choices[i]`` (modulo the
    number of legal moves, lowest card bit first); ``ducker`` chooses among his
    :func:`ducks` when he has any. Returns the deal."""
    position = deal.played_position()
    for choice in choices:
        legal = position.legal_moves()
        if ducker is not None and SEATS[position.to_move] == ducker:
            legal = ducks(position, legal) or legal
        cards = list(cards_of(legal))
        chosen = cards[choice % len(cards)]
        position.push(chosen)
        deal.play.append(chosen)
    return deal


def ducks(position: Position, legal: CardSet) -> CardSet:
    """The legal cards that do not take the trick for now: a follower's cards that lose to
    the trick so far, a leader's cards that another hand can beat in their suit."""
    rules, trick = position.rules, position.trick.cards
    others = sum(hand for seat, hand in enumerate(position.hands) if seat != position.to_move)
    result = 0
    for c in cards_of(legal):
        if trick:
            loses = rules.winner([*trick, c]) != len(trick)
        else:
            suit = HUNGARIAN.suit_mask(HUNGARIAN.suit_of(c))
            loses = any(rules.strength[o] > rules.strength[c] for o in cards_of(others & suit))
        if loses:
            result |= 1 << c
    return result


def cards_played_by(deal: Deal) -> dict[str, CardSet]:
    """Each seat's cards in the deal's Play section."""
    position = deal.position()
    played = {seat: 0 for seat in SEATS}
    for c in deal.play:
        played[SEATS[position.to_move]] |= 1 << c
        position.push(c)
    return played


def describe(deal: Deal) -> str:
    """The deal in one line, for assertion messages."""
    hands = " ".join(f"{seat}={HUNGARIAN.hand_name(deal.hands[seat])}" for seat in SEATS)
    play = " ".join(HUNGARIAN.card_name(c) for c in deal.play)
    return (
        f"contract={deal.game.contract_token(deal.contract)} declarer={deal.declarer} {hands} "
        f"figures={deal.figures} declared={deal.declared} options=[{deal.options.to_variant()}] "
        f"play({len(deal.play)})=[{play}]"
    )


# --- strategies ---------------------------------------------------------------------------


def options(variant_figures: bool | None = None) -> st.SearchStrategy[AlsosOptions]:
    """Alsós options of the three-player game; ``variant_figures`` True / False forces the
    four variant figures on / off, None draws each."""
    flag = st.booleans() if variant_figures is None else st.just(variant_figures)
    return st.builds(
        AlsosOptions,
        betli_order=st.sampled_from(["potter", "sequence"]),
        klopitzky_order=st.sampled_from(["potter", "sequence"]),
        vannak=st.sampled_from(["any", "house", "no78"]),
        szazegy=flag,
        szazhusz=flag,
        uhu=flag,
        nyolcas=flag,
    )


def declarations() -> st.SearchStrategy[dict[str, tuple[str, ...]]]:
    """Who declares which melds: everybody everything ({}), nobody anything, or a random mix."""
    kinds = st.lists(st.sampled_from(MELD_KINDS), unique=True).map(tuple)
    mixed = st.dictionaries(st.sampled_from(SEATS), kinds)
    return st.one_of(st.just({}), st.just(NOBODY_DECLARES), mixed)


@st.composite
def announcements(draw, deal: Deal, always: bool = False) -> dict[str, tuple[str, ...]]:
    """The figures that change the play, announced (or not, unless ``always``) by the holder
    of their trump card: ultimó, and nyolcas where the variant is on (not by the player who
    announced ultimó)."""
    figures: dict[str, tuple[str, ...]] = {}
    if deal.contract.kind is not Kind.TRUMP:
        return figures
    for name, rank in HELD_FIGURES.items():
        if name == "nyolcas" and not deal.options.nyolcas:
            continue
        seat = holder(deal, trump_card(deal.contract, rank))
        if seat is not None and not figures.get(seat) and (always or draw(st.booleans())):
            figures[seat] = (name,)  # one player may not announce both (seed 000)
    return figures


@st.composite
def full_deals(
    draw,
    contracts: tuple[Contract, ...] = ALL_CONTRACTS,
    option_strategy: st.SearchStrategy[AlsosOptions] | None = None,
    announce: bool | None = None,
) -> Deal:
    """A sound random deal with a contract, a declarer (none in klopitzky), options, meld
    declarations, and (trump games) possibly an announced ultimó / nyolcas. ``announce``:
    True always announces them where held, False never, None draws."""
    contract = draw(st.sampled_from(contracts))
    declarer = draw(st.sampled_from(SEATS)) if contract.has_declarer else None
    deal = deal_from_order(
        draw(st.permutations(range(HUNGARIAN.size))),
        contract,
        declarer,
        options=draw(option_strategy if option_strategy is not None else options()),
        declared=draw(declarations()),
    )
    if announce is not False:
        deal.figures = draw(announcements(deal, always=bool(announce)))
    assert not deal.problems(), deal.problems()
    return deal


@st.composite
def contested_deals(draw, contracts: tuple[Contract, ...] = POINT_CONTRACTS) -> Deal:
    """A sound random deal in which both defenders hold a sequence (3 to 5 cards), and
    often a vannak each, so that the meld contests give the defenders a choice of
    concessions (:func:`alsos_solver.games.alsos.melds.meld_choices`). The declarer may hold melds too;
    the Melds tag is absent (everyone free) or fixes one defender."""
    contract = draw(st.sampled_from(contracts))
    declarer = draw(st.sampled_from(SEATS))
    defenders = [seat for seat in SEATS if seat != declarer]
    planted: dict[str, list[Card]] = {seat: [] for seat in SEATS}
    used: set[Card] = set()
    for seat in defenders:
        length = draw(st.integers(3, 5))
        suit, top = draw(st.sampled_from(SUITS)), draw(st.integers(0, 8 - length))
        run = [HUNGARIAN.card(suit, top + i) for i in range(length)]
        if draw(st.booleans()):
            rank = draw(st.integers(0, 7))
            run += [HUNGARIAN.card(s, rank) for s in SUITS if HUNGARIAN.card(s, rank) not in run]
        assume(not used & set(run) and len(run) <= HAND_SIZE)
        planted[seat] = run
        used |= set(run)
    rest = draw(st.permutations(sorted(set(range(HUNGARIAN.size)) - used)))
    order: list[Card] = []
    for seat in SEATS:
        need = HAND_SIZE - len(planted[seat])
        order += planted[seat] + rest[:need]
        rest = rest[need:]
    fixed = draw(st.sampled_from([{}, {defenders[0]: MELD_KINDS}, {defenders[1]: ("bela",)}]))
    deal = deal_from_order(order + rest, contract, declarer, options=draw(options(variant_figures=False)), declared=fixed)
    assert not deal.problems(), deal.problems()
    return deal


@st.composite
def endgames(
    draw,
    tricks_left: st.SearchStrategy[int] = st.integers(1, 4),
    mid_trick: bool = True,
    ducking_declarer: bool = False,
    deals: st.SearchStrategy[Deal] | None = None,
    **deal_options,
) -> Deal:
    """A random full deal (``deals``, by default :func:`full_deals` with ``deal_options``)
    played along a random legal line until ``tricks_left`` tricks remain (the last of them
    possibly begun, when ``mid_trick``). With ``ducking_declarer`` the declarer plays
    :func:`ducks` where he can, and the line is one on which he has won no trick yet, so
    that a betli is still alive. The endgame starts after ``len(deal.play)`` cards."""
    deal = draw(deals if deals is not None else full_deals(**deal_options))
    left = draw(tricks_left)
    begun = draw(st.integers(0, len(SEATS) - 1)) if mid_trick else 0
    length = len(SEATS) * (HAND_SIZE - left) + begun
    choices = draw(st.lists(st.integers(0, HAND_SIZE - 1), min_size=length, max_size=length))
    deal = play_line(deal, choices, ducker=deal.declarer if ducking_declarer else None)
    if ducking_declarer:
        assume(deal.played_position().tricks_won[SEATS.index(deal.declarer)] == 0)
    return deal


# --- exhaustive redistributions -----------------------------------------------------------


def redistributions(deal: Deal) -> Iterator[Deal]:
    """Every deal with the same Play section in which the cards not yet played are dealt
    among the seats in every other way (each seat keeping its number of them) and the Play
    section stays legal: all endgames on those cards after that line of play. An announced
    ultimó or nyolcas stays announced where its announcer still holds its card."""
    played = cards_played_by(deal)
    remaining = {seat: deal.hands[seat] & ~played[seat] for seat in SEATS}
    pool = list(cards_of(sum(remaining.values())))
    sizes = [remaining[seat].bit_count() for seat in SEATS]
    for first in itertools.combinations(pool, sizes[0]):
        rest = [c for c in pool if c not in first]
        for second in itertools.combinations(rest, sizes[1]):
            third = [c for c in rest if c not in second]
            hands = {
                seat: played[seat] | sum(1 << c for c in part)
                for seat, part in zip(SEATS, (first, second, third))
            }
            candidate = replace(deal, hands=hands, figures=still_held(deal, hands), play=list(deal.play))
            if not candidate.problems():
                yield candidate


def still_held(deal: Deal, hands: dict[str, CardSet]) -> dict[str, tuple[str, ...]]:
    """The deal's announced figures, less an ultimó / nyolcas whose card is not in ``hands``."""
    kept = {}
    for seat, names in deal.figures.items():
        names = tuple(
            name for name in names
            if name not in HELD_FIGURES or hands[seat] >> trump_card(deal.contract, HELD_FIGURES[name]) & 1
        )
        if names:
            kept[seat] = names
    return kept
