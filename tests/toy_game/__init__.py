"""Majority, a toy game that proves the seam between the library and its games (issue 28):
three players, the Hungarian pack, nine cards each and five in the talon, a trump suit or
no trumps, no card points, no melds, no announcements, and one question: does the declarer
take the majority of the tricks (five of nine)?

It is a game package as the library's own are (``alsos_solver/games/<family>/``): its rules
and game (:mod:`.game`), its question and result (:mod:`.questions`), its views
(:mod:`.views`). Registered by name (:func:`alsos_solver.games.base.register`), it is read,
written, solved and analysed by the generic code without a line changed outside it."""

from alsos_solver.cards import HUNGARIAN

from .game import MajorityGame

TOY = MajorityGame(name="toy", pack=HUNGARIAN, seats="ABC", active="ABC", hand_size=9, talon_size=5,
                   default_dealer="C")
"""The toy game, under the name ``toy`` (``[Game "toy"]``)."""

__all__ = ["TOY", "MajorityGame"]
