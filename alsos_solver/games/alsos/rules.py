"""Alsós (three-, two- and four-player): the order of the cards and their points.

Source: rules-notes 'Alsós, three players'; seeds 001/003 (Potter), 000 for the variants.
"""

from __future__ import annotations

TRUMP_ORDER = "U9AXKO87"
PLAIN_ORDER = "AXKOU987"
SEQUENCE_ORDER = "AKOUX987"
TRUMP_POINTS = {"U": 20, "9": 14, "A": 11, "X": 10, "K": 4, "O": 3}
PLAIN_POINTS = {"A": 11, "X": 10, "K": 4, "O": 3, "U": 2}
LAST_TRICK = 10
