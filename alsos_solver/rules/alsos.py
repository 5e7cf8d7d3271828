"""Alsós (three-, two- and four-player): trick order, points and first lead per contract.

Source: rules-notes 'Alsós, three players'; seeds 001/003 (Potter), 000 for the variants.
"""

from __future__ import annotations

from ..cards import HUNGARIAN
from .contract import Contract, Kind
from .options import AlsosOptions
from .trick import TrickRules

TRUMP_ORDER = "U9AXKO87"
PLAIN_ORDER = "AXKOU987"
SEQUENCE_ORDER = "AKOUX987"
TRUMP_POINTS = {"U": 20, "9": 14, "A": 11, "X": 10, "K": 4, "O": 3}
PLAIN_POINTS = {"A": 11, "X": 10, "K": 4, "O": 3, "U": 2}
LAST_TRICK = 10


def trick_rules(contract: Contract, options: AlsosOptions) -> TrickRules:
    """Trump game: trumps U 9 A X K O 8 7, others A X K O U 9 8 7. No-trump: every suit
    plain. Betli and klopitzky: no trumps, order by ``options.betli_order`` and
    ``options.klopitzky_order``, each independent of the other."""
    if contract.kind in (Kind.BETLI, Kind.KLOPITZKY):
        chosen = options.betli_order if contract.kind is Kind.BETLI else options.klopitzky_order
        order = SEQUENCE_ORDER if chosen == "sequence" else PLAIN_ORDER
        return TrickRules.build(HUNGARIAN, None, order)
    trump = contract.trump if contract.kind is Kind.TRUMP else None
    return TrickRules.build(
        HUNGARIAN, trump, PLAIN_ORDER, TRUMP_ORDER, PLAIN_POINTS, TRUMP_POINTS, LAST_TRICK
    )


def first_leader(contract: Contract, declarer: int | None, seats: int, options: AlsosOptions) -> int:
    """The seat index that leads to the first trick.

    Three players: seat A in trump games, betli and klopitzky; in no-trump the seat before
    the declarer, so the declarer plays second. Two players: A (the non-dealer) in trump
    games, the declarer's opponent in no-trump; Tompa rules: the declarer.
    """
    if seats == 2 and options.rules == "tompa" and declarer is not None:
        return declarer
    if contract.kind is Kind.NO_TRUMP and declarer is not None:
        return (declarer - 1) % seats
    return 0
