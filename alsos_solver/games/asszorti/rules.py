"""Asszorti: 36 French cards, A K Q J T 9 8 7 6 in every suit, tricks only (seed 002).

The contract is a bid and a strain: ``H`` (bid 3, hearts trumps), ``2 H``, ``1 NT``,
``hand S``. The seat just before the declarer leads to the first trick. The declarer may
announce arrivázs (the ``Figures`` tag, ``A:arrivazs``); the game and the arrivázs take
kontras up to mordkontra, each said from the back.

Scores (:func:`score`, seed 002 'Scoring'): what the declarer wins from each opponent.

* The game: the side with 6 or more of the 11 tricks wins the basic value of the bid (with
  trumps 2, 4, 6, 8 for bids 3, 2, 1, hand; without trumps 4, 8, 12, 16), and half of it
  more for each trick from its 7th on. Each kontra level doubles it.
* 6:5:0: when the declarer takes exactly 6 tricks and one opponent the other 5, the basic
  value is deducted from the declarer's game, not doubled by the kontras. (Seed 002's
  example 'hand with a trump suit ... wins nothing (4-4=0 points) ... with kontra and
  rekontra 12 points (4×4-4)' contradicts its own table, where hand with trumps is worth
  8, as its later example '(8×8)-8=56' uses: we take the table, so 8-8 = 0 and 8×4-8 = 24.)
* Arrivázs, when announced: 8 with trumps, 16 without; 16 as an idegen arrivázs (no trump
  card in the last three tricks of a trump contract); lost (the same base to each
  opponent) if the declarer loses any of the last three tricks. Each kontra level on it
  doubles it. Unannounced, it scores nothing.
"""

from __future__ import annotations

from typing import Literal

ORDER = "AKQJT9876"
BIDS = ("3", "2", "1", "hand")
"""The bids, lowest first: the declarer takes 3, 2, 1 or no talon cards (seed 002)."""
ARRIVAZS = "arrivazs"
ARRIVAZS_NAMES = {"arrivazs": ARRIVAZS, "arrivázs": ARRIVAZS, "arrival": ARRIVAZS}
"""The spellings of the one announcement (seed 002: 'arrival' in English)."""
GAME_TRICKS = 6
"""The tricks of 11 that win the basic game (seed 002)."""
LATE_TRICKS = 3
"""Arrivázs: the declarer wins each of the last three tricks."""
BASIC_VALUES = {"3": 2, "2": 4, "1": 6, "hand": 8}
"""The basic game with trumps by bid; without trumps twice as much (seed 002's table)."""
ARRIVAZS_VALUES = {True: 8, False: 16}
"""Arrivázs with trumps (True) and without; an idegen arrivázs is worth 16."""
IDEGEN_VALUE = 16
ArrivazsOutcome = Literal["failed", "made", "idegen"]
"""What became of an announced arrivázs: lost, made, made without a trump (trumps only)."""


KONTRA_FACTOR = 2
"""Each kontra level doubles what an item is worth (seed 002)."""


def basic_value(bid: str | int, trumps: bool) -> int:
    """The basic game of a bid (3, 2, 1 or hand), with or without trumps."""
    return BASIC_VALUES[str(bid)] * (1 if trumps else 2)


def game_score(*, bid: str | int, trumps: bool, tricks: tuple[int, int, int], kontra: int = 0) -> int:
    """The game's part of the score: won by the side with 6 or more tricks, the basic value
    and half of it per trick from the 7th on, x2 per kontra level; for the declarer
    (negative: the opponents win it), less the basic value on a 6:5:0 split.
    ``tricks`` = (declarer, opponent, opponent)."""
    basic = basic_value(bid, trumps)
    declarer = tricks[0]
    winners = max(declarer, sum(tricks) - declarer)
    value = (basic + (winners - GAME_TRICKS) * basic // 2) << kontra
    if declarer < GAME_TRICKS:
        return -value
    return value - basic if declarer == GAME_TRICKS and 0 in tricks[1:] else value


def arrivazs_score(*, trumps: bool, arrivazs: ArrivazsOutcome | None, kontra: int = 0) -> int:
    """The arrivázs' part: nothing unannounced (None), else its value (8 with trumps, 16
    without, 16 idegen) for the declarer when made, against him when failed, x2 per kontra
    level."""
    if arrivazs is None:
        return 0
    value = (IDEGEN_VALUE if arrivazs == "idegen" else ARRIVAZS_VALUES[trumps]) << kontra
    return -value if arrivazs == "failed" else value


def score(
    *, bid: str | int, trumps: bool, tricks: tuple[int, int, int], game_kontra: int = 0,
    arrivazs: ArrivazsOutcome | None = None, arrivazs_kontra: int = 0,
) -> int:
    """What the declarer wins from each opponent (negative: pays each): the game and the
    arrivázs, scored independently (see the module docstring)."""
    return game_score(bid=bid, trumps=trumps, tricks=tricks, kontra=game_kontra) + arrivazs_score(
        trumps=trumps, arrivazs=arrivazs, kontra=arrivazs_kontra)
