"""Melds: sequences, vannak and béla, and their contests (rules-notes 'Melds').

The Alsós melds, from the hands held at the first lead, in trump and no-trump games only:

* sequence: a maximal run of 3+ cards of one suit in the order A K O U X 9 8 7, worth 20
  (terc), 50 (kvart) or 100 (kvint and longer); only the holder of the best single sequence
  scores, for all his runs;
* vannak: four of a rank, 80; only the holder of the best vannak scores, for all of his;
* béla: the trump King and Over, 20, no contest (trump games only).

A seat that does not declare a kind (``declared``) neither scores it nor takes part in its
contest. Betli and klopitzky have no melds: they get an empty result. (Altiansz has melds of
its own, :mod:`alsos_solver.games.altiansz.rules`; Asszorti has none.)
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ...cards import HUNGARIAN, Card, CardSet
from ...melds import MELD_KINDS, Meld, MeldChoice, MeldResult, empty_result
from ...rules import AlsosOptions, Contract, Kind
from .rules import PLAIN_ORDER, TRUMP_ORDER

if TYPE_CHECKING:
    from ...deal import Deal

SEQUENCE_NAMES = {3: "terc", 4: "kvart", 5: "kvint", 6: "szext", 7: "szept", 8: "okt"}
HOUSE_VANNAK = {Kind.TRUMP: "U9AXKO", Kind.NO_TRUMP: "AXKOU"}
"""Variant ``vannak=house`` (seed 000): the only ranks whose four count."""
VANNAK_POINTS = 80
BELA_POINTS = 20
DECLARED_AS = {"sequence": "sequences", "vannak": "vannak", "bela": "bela"}
"""Meld kind -> the kind's name in ``Deal.declared``."""
SUITS = len(HUNGARIAN.suits)

MeldKey = Callable[["Meld"], tuple[int, ...]]
"""How a meld ranks in its contest: a higher key is a better meld."""


def sequence_points(length: int) -> int:
    """Terc (3) 20, kvart (4) 50, kvint and longer 100: rules-notes 'Melds'."""
    return {3: 20, 4: 50}.get(length, 100)


def runs(suit_byte: int) -> Iterator[tuple[int, int]]:
    """The sequences in one suit's byte, as (top rank, length): each maximal run of 3 or
    more adjacent set bits is ONE sequence (all eight cards are an okt, not kvint + terc)."""
    rank = 0
    while suit_byte >> rank:
        length = 0
        while suit_byte >> (rank + length) & 1:
            length += 1
        if length >= 3:
            yield rank, length
        rank += max(length, 1)


def sequences(seat: str, hand: CardSet) -> Iterator[Meld]:
    """Every sequence in the hand, suit by suit (the same order in every suit, trump or not)."""
    for suit in range(SUITS):
        for top, length in runs((hand & HUNGARIAN.suit_mask(suit)) >> HUNGARIAN.card(suit, 0)):
            cards = ((1 << length) - 1) << HUNGARIAN.card(suit, top)
            name = f"{SEQUENCE_NAMES[length]} to the {HUNGARIAN.rank_names[top]} in {HUNGARIAN.suit_names[suit]}"
            yield Meld(seat, "sequence", cards, sequence_points(length), False, name)


def vannak_ranks(contract: Contract, options: AlsosOptions) -> str:
    """The rank letters whose four counts as a vannak, strongest first: trump games
    U 9 A X K O 8 7, no-trump A X K O U 9 8 7 (rules-notes 'Melds'). Variant ``house``:
    U 9 A X K O in trump games, A X K O U in no-trump; ``no78`` and the Tompa rules: not
    7s or 8s."""
    order = TRUMP_ORDER if contract.kind is Kind.TRUMP else PLAIN_ORDER
    if options.vannak == "house":
        return HOUSE_VANNAK[contract.kind]
    if options.vannak == "no78" or options.rules == "tompa":
        return order.replace("8", "").replace("7", "")
    return order


def vannaks(seat: str, hand: CardSet, ranks: str) -> Iterator[Meld]:
    """Every four of a rank in the hand among ``ranks``, strongest first."""
    for letter in ranks:
        rank = HUNGARIAN.rank_index(letter)
        cards = sum(1 << HUNGARIAN.card(suit, rank) for suit in range(SUITS))
        if hand & cards == cards:
            yield Meld(seat, "vannak", cards, VANNAK_POINTS, False, f"vannak of {HUNGARIAN.rank_names[rank]}s")


def bela(seat: str, hand: CardSet, trump: int | None) -> Iterator[Meld]:
    """The trump King and Over in one hand (trump games only)."""
    if trump is None:
        return
    cards = sum(1 << HUNGARIAN.card(trump, HUNGARIAN.rank_index(letter)) for letter in "KO")
    if hand & cards == cards:
        yield Meld(seat, "bela", cards, BELA_POINTS, False, "béla")


@functools.lru_cache(maxsize=1024)
def held_melds(seat: str, hand: CardSet, trump: int | None, ranks: str) -> tuple[Meld, ...]:
    """Every meld in one hand, before the contests: sequences, vannaks, béla. Kept for
    the last hands asked: a deal's analysis scores the same hands under each meld choice."""
    return (*sequences(seat, hand), *vannaks(seat, hand, ranks), *bela(seat, hand, trump))


def lowest_card(cards: CardSet) -> Card:
    """The card of the lowest bit: a sequence's top card, any card of a vannak's rank."""
    return (cards & -cards).bit_length() - 1


def sequence_key(trump: int | None, by_suit: bool = False) -> MeldKey:
    """Longer beats shorter, then the higher top card (A highest), then trump beats
    non-trump; equal non-trump sequences have equal keys. ``by_suit`` (the Tompa rules,
    seed 003 'Rules of Alsós' E2): equal sequences are decided by suit, acorns highest,
    then hearts, bells, leaves, so no two keys are equal."""

    def key(meld: Meld) -> tuple[int, int, int]:
        top = lowest_card(meld.cards)
        last = -HUNGARIAN.suit_of(top) if by_suit else int(HUNGARIAN.suit_of(top) == trump)
        return meld.cards.bit_count(), -HUNGARIAN.rank_of(top), last

    return key


def vannak_key(ranks: str) -> MeldKey:
    """The stronger rank in ``ranks`` (strongest first) wins; no tie is possible."""

    def key(meld: Meld) -> tuple[int]:
        rank = HUNGARIAN.rank_of(lowest_card(meld.cards))
        return (-ranks.index(HUNGARIAN.ranks[rank]),)

    return key


def best_holders(contenders: list[Meld], key: MeldKey) -> set[str]:
    """The seats holding a meld equal to the best single one among ``contenders``.

    One seat: it wins the contest. Two: equal non-trump best sequences, nobody scores.
    """
    if not contenders:
        return set()
    best = max(map(key, contenders))
    return {meld.seat for meld in contenders if key(meld) == best}


def verdict(meld: Meld, declares: bool, winners: set[str] | None) -> Meld:
    """The meld with ``scores`` and ``reason`` set. ``winners``: the best holders of its
    kind's contest (None for béla, which has no contest)."""
    if not declares:
        return replace(meld, reason="not declared")
    if winners is None or winners == {meld.seat}:
        return replace(meld, scores=True)
    if len(winners) == 1:
        (winner,) = winners
        return replace(meld, reason=f"{winner} has the better {meld.kind}")
    tied = " and ".join(sorted(winners))
    return replace(meld, reason=f"{tied} hold equal best non-trump sequences, so nobody scores sequences")


def score_melds(
    hands: dict[str, CardSet],
    contract: Contract | None,
    options: AlsosOptions,
    seats: str = "ABC",
    declared: dict[str, tuple[str, ...]] | None = None,
) -> MeldResult:
    """The Alsós melds of the active ``seats`` and what each scores (rules-notes 'Melds').

    ``declared`` overrides the kinds (``sequences``, ``vannak``, ``bela``) a seat declares;
    a seat absent from it declares everything. No contract, betli and klopitzky: no melds.
    """
    if contract is None or not contract.is_point_game:
        return empty_result(seats)
    trump = contract.trump if contract.kind is Kind.TRUMP else None
    ranks = vannak_ranks(contract, options)
    held = [meld for seat in seats for meld in held_melds(seat, hands.get(seat, 0), trump, ranks)]

    def declares(meld: Meld) -> bool:
        return declared is None or meld.seat not in declared or DECLARED_AS[meld.kind] in declared[meld.seat]

    tompa = options.rules == "tompa"
    contests = {"sequence": sequence_key(trump, by_suit=tompa), "vannak": vannak_key(ranks)}
    winners = {
        kind: best_holders([m for m in held if m.kind == kind and declares(m)], key)
        for kind, key in contests.items()
    }
    melds = tuple(verdict(meld, declares(meld), winners.get(meld.kind)) for meld in held)
    if tompa:
        melds = one_sequence_per_length(melds)
    points = {seat: sum(m.points for m in melds if m.seat == seat and m.scores) for seat in seats}
    return MeldResult(melds, points)


def one_sequence_per_length(melds: tuple[Meld, ...]) -> tuple[Meld, ...]:
    """The Tompa rules (seed 003 'Rules of Alsós' E2: 'Only one run of each length can be
    announced'): of the scoring sequences of one length, the first (the highest suit)
    scores, the others do not."""
    seen: set[tuple[str, int]] = set()
    result = []
    for meld in melds:
        length = meld.cards.bit_count()
        if meld.kind == "sequence" and meld.scores:
            if (meld.seat, length) in seen:
                meld = replace(meld, scores=False, reason="only one sequence of each length scores (Tompa rules)")
            seen.add((meld.seat, length))
        result.append(meld)
    return tuple(result)


CONTESTS = ("sequences", "vannak")
"""The meld kinds that are contested, by their names in ``Deal.declared``."""


def meld_choices(deal: Deal) -> tuple[MeldChoice, ...]:
    """The meld outcomes the defenders can bring about by conceding contests (rules-notes
    'Melds'; seed 003 'Validation of Meld': 'A player is allowed to concede even if they
    know that their meld ranks higher ... so that the opponent with the stronger hand [may
    defeat] the game with the help of the meld points').

    After the first trick each defender may stay in or concede ('kicsi') each contest he
    declared (sequences, vannak): a concession takes his melds of that kind out of the
    contest, as if not declared. The declarer never gains by conceding, and béla is never
    contested, so neither is a choice. A seat named in the deal's ``Melds`` tag has its
    declarations fixed and no choice. The first outcome is the one where nobody concedes
    (:meth:`~alsos_solver.games.base.Game.melds`); the others follow, one per distinct points vector. Without a
    contract with melds, or without a declarer: that one outcome."""
    seats = deal.game.active
    base = score_melds(deal.hands, deal.contract, deal.options, seats, deal.declared)
    first = MeldChoice((), tuple(base.points[seat] for seat in seats))
    if deal.declarer is None or deal.contract is None or not deal.contract.is_point_game:
        return (first,)
    options: list[list[tuple[str, ...]]] = []
    free = [seat for seat in seats if seat != deal.declarer and seat not in deal.declared]
    for seat in free:
        held = {DECLARED_AS[meld.kind] for meld in base.held_by(seat)} & set(CONTESTS)
        kinds = [kind for kind in CONTESTS if kind in held]
        options.append([combo for r in range(len(kinds) + 1) for combo in itertools.combinations(kinds, r)])
    found = {first.points: first}
    for combos in itertools.product(*options):
        conceded = tuple((seat, kinds) for seat, kinds in zip(free, combos) if kinds)
        if not conceded:
            continue
        choice = MeldChoice(conceded, ())
        result = score_melds(deal.hands, deal.contract, deal.options, seats, choice.declared(deal))
        points = tuple(result.points[seat] for seat in seats)
        found.setdefault(points, replace(choice, points=points))
    return tuple(found.values())
