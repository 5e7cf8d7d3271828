"""Altiansz: Hungarian cards, A and X 10, trump U 20, trump 9 10, last trick 10 (seed 004).

Betli has no trumps, order A K O U X 9 8 7, and a duty to beat the highest card of the
led suit when able. Klopitzky is a no-trump game for the fewest card points.

Melds (seed 004 'Melds'), held at the first lead, in the strain of the contract: 20 (King
and Over of a plain suit) 20, béla (King and Over of trumps) 40, vannak (four Aces, Tens,
Kings, Overs, Unders or Nines; '7s or 8s are not valid') 40, and sequences of 3 or more
cards of one suit in that suit's TRICK order ('9-A-10 of trumps is a terc, but would not
be a terc in a non-trump suit'): terc 30, kvart 50, kvint and longer 100, a maximal run
being one sequence ('it is not allowed to declare it as a kvint plus a terc'). A card may
serve in several melds. There is no contest ('all players can score for all their
combinations'): in the game contracts every player scores all his melds, in 150 and 200
only the declarer, in the others nobody.

The ultimo and game-ultimo declarer need not keep the trump 7 back, nor the game-sneak
declarer the 8 (Alsós's ultimó does, :meth:`Game.holds`): seed 004 only asks him to
'win the last trick with the trump 7' ('the penultimate trick with the trump 8'), and a 7
or 8 played earlier cannot do that, so the contract is lost with it whether or not a rule
forbade the play. A hold would change nothing in the contract's own answer, only the play
of the other questions (the declarer's points), which the seed does not restrict.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ...cards import HUNGARIAN, CardSet
from ...melds import Meld
from ...rules.contract import Contract, Kind
from ...spelling import plain
from ..alsos.melds import SEQUENCE_NAMES, runs
from ..alsos.rules import PLAIN_ORDER, TRUMP_ORDER

CONTRACTS = (
    "solo", "ultimo", "golden-aces", "game", "game-trull", "game-ultimo", "game-sneak",
    "150", "absolute", "200", "betli", "volat", "klopitzky",
)
"""The contracts in ascending order (seed 004)."""
HUNGARIAN_NAMES = {
    "arany-aszok": "golden-aces", "gem": "game", "gem-trull": "game-trull", "gem-ultimo": "game-ultimo",
    "gem-surrano": "game-sneak",
}
"""The contracts' Hungarian names, plain, read as the file names: seed 004 gives Arany
Ászok (golden aces) and Gém Surranó (game sneak), so gém is the game."""
TRUMP_ONLY = ("ultimo", "golden-aces", "game-trull", "game-ultimo", "game-sneak")
"""Contracts in which the declarer must choose a trump suit (seed 004)."""
GAME_CONTRACTS = ("game", "game-trull", "game-ultimo", "game-sneak")
"""The contracts 'with "game" in their name': every player scores his melds (seed 004)."""
DECLARER_MELDS = ("150", "200")
"""The contracts in which 'only the declarer may declare and score for melds' (seed 004)."""
PLAIN_POINTS = {"A": 10, "X": 10}
TRUMP_POINTS = {"A": 10, "X": 10, "U": 20, "9": 10}

MARRIAGE_POINTS = {True: 40, False: 20}
"""King and Over: béla in trumps 40, a 20 in a plain suit."""
VANNAK_RANKS = "AXKOU9"
VANNAK_POINTS = 40
KINDS = {"sequence": "sequences", "vannak": "vannak", "marriage": "bela"}
"""A meld's kind -> the kind a ``Melds`` tag names for it (``bela`` covers béla and the 20s)."""


def contract_name(text: str) -> str | None:
    """The file name of the contract that ``text`` names (None: none), read as names are
    (:mod:`~alsos_solver.spelling`: any case, with or without accents), its words joined
    by spaces or hyphens, in English or Hungarian: ``Golden Aces``, ``Arany Ászok`` and
    ``golden-aces`` are one contract."""
    name = "-".join(plain(text).replace("-", " ").split())
    return name if name in CONTRACTS else HUNGARIAN_NAMES.get(name)


def leading_contract(words: list[str]) -> tuple[str, list[str]] | None:
    """The contract that the longest run of leading words names, and the words after it."""
    for length in range(len(words), 0, -1):
        name = contract_name(" ".join(words[:length]))
        if name is not None:
            return name, words[length:]
    return None


def sequence_points(length: int) -> int:
    """Terc 30, kvart 50, kvint and longer 100 (seed 004)."""
    return {3: 30, 4: 50}.get(length, 100)


def strain_of(contract: Contract) -> int | None:
    """The trump suit of a trump contract, None in no-trump."""
    return contract.trump if contract.kind is Kind.TRUMP else None


@dataclass(frozen=True)
class HeldMelds:
    """The melds of one hand in one strain (``seat`` of each is empty), and their points."""

    melds: tuple[Meld, ...]

    @property
    def points(self) -> int:
        return sum(meld.points for meld in self.melds)


def held_melds(hand: CardSet, contract: Contract) -> HeldMelds:
    """Every Altiansz meld of a hand under the contract's strain (see the module
    docstring); none in betli and klopitzky."""
    if not contract.is_point_game:
        return HeldMelds(())
    return HeldMelds(_melds(hand, strain_of(contract)))


@lru_cache(maxsize=4096)
def _melds(hand: CardSet, trump: int | None) -> tuple[Meld, ...]:
    """The melds of a hand in a strain (cached, bounded: a batch reads many hands)."""
    pack, found = HUNGARIAN, []
    for suit in range(len(pack.suits)):
        order = TRUMP_ORDER if suit == trump else PLAIN_ORDER
        cards = [pack.card(suit, pack.rank_index(letter)) for letter in order]
        byte = sum(1 << i for i, card in enumerate(cards) if hand >> card & 1)
        for top, length in runs(byte):
            run = sum(1 << card for card in cards[top:top + length])
            name = f"{SEQUENCE_NAMES[length]} to the {pack.rank_names[pack.rank_index(order[top])]} in {pack.suit_names[suit]}"
            found.append(Meld("", "sequence", run, sequence_points(length), False, name))
    for letter in VANNAK_RANKS:
        rank = pack.rank_index(letter)
        four = sum(1 << pack.card(suit, rank) for suit in range(len(pack.suits)))
        if hand & four == four:
            found.append(Meld("", "vannak", four, VANNAK_POINTS, False, f"vannak of {pack.rank_names[rank]}s"))
    for suit in range(len(pack.suits)):
        pair = sum(1 << pack.card(suit, pack.rank_index(letter)) for letter in "KO")
        if hand & pair == pair:
            name = "béla" if suit == trump else f"20 in {pack.suit_names[suit]}"
            found.append(Meld("", "marriage", pair, MARRIAGE_POINTS[suit == trump], False, name))
    return tuple(found)


def scores_melds(contract: str, declarer: bool) -> bool:
    """Whether a seat scores its melds in the named contract: every seat in the game
    contracts, the declarer in 150 and 200 (seed 004)."""
    return contract in GAME_CONTRACTS or (declarer and contract in DECLARER_MELDS)


def why_not_scored(contract: str) -> str:
    """Why a seat's melds do not count in the named contract (see :func:`scores_melds`)."""
    if contract in DECLARER_MELDS:
        return f"only the declarer scores melds in {contract}"
    return f"melds do not count in {contract}"
