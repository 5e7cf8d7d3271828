"""The net score of an Alsós deal as a value question: what the declarer wins from each
opponent (negative: pays each), with the kontras, every item of the deal played for at
once, the declarer maximising it and the defenders together minimising it.

The items and their values are the scores' (:mod:`.values`, :mod:`.scoring`; seed 003 'Kontras',
'Scoring'): the game (or the betli) and every announced figure, each worth its value with
its kontras to the declarer when his side gets it (his item made, a defender's failed) and
minus that otherwise. "The score is at least x" is then an OR, over the sets of items that
reach x when they all go the declarer's way, of those items' outcomes (:meth:`outcome` of
each item's question). A figure that is a hard constraint for the core (cards to capture,
a trick to win with a card) is counted card by card there, so that a term may ask for its
failure as well as for its success.

The defenders' meld concessions are part of their resistance, chosen after the first trick
(:class:`~alsos_solver.questions.base.Goal`), and the cards an announcement keeps back
(the ultimó's trump 7) stay kept back. Klopitzky has no score question: every seat plays
for itself.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass

from ...cards import Card
from ..._search import LIMITS
from ...errors import GoalTooLarge, NotApplicable
from ...position import Position
from ...questions.base import Goal, Question, Setting, ValueQuestion, both
from ...rules import Kind
from .questions import BetliMade, FigureMade, GameWon, check_alsos
from .values import item_value


@dataclass(frozen=True)
class ScoreItem:
    """An item of the score: its question (made by its announcer's side), its value with
    the kontras, and whether it is the declarer's."""

    question: GameWon | BetliMade | FigureMade
    value: int
    declarers: bool

    def net(self, made: bool) -> int:
        """What the item adds to the declarer's score when it is made or not."""
        return self.value if made == self.declarers else -self.value


def score_items(setting: Setting) -> list[ScoreItem]:
    """The deal's items: the game or the betli, then each announced figure in seat order."""
    deal = setting.deal
    check_alsos(Score(), setting)
    if setting.declarer is None or setting.contract.kind is Kind.KLOPITZKY:
        raise NotApplicable("score needs a trump, no-trump or betli game with a declarer (in klopitzky every seat plays for itself)")
    game = BetliMade() if setting.contract.kind is Kind.BETLI else GameWon()
    items = [ScoreItem(game, item_value(deal, "game"), True)]
    active = deal.game.active
    for seat in active:
        for name in deal.figures.get(seat, ()):
            s = active.index(seat)
            items.append(ScoreItem(FigureMade(s, name), item_value(deal, f"{seat}:{name}"), s == setting.declarer))
    return items


@dataclass(frozen=True)
class ScoreAtLeast(Question):
    """The declarer's net score (what he wins from each opponent) is at least ``value``."""

    value: int
    key = "score"

    def spec(self) -> str:
        return f"score>={self.value}"

    def check(self, setting: Setting) -> None:
        """Every item fits the deal, and the goal fits the core (GoalTooLarge: too many
        figures to play for at once)."""
        items = score_items(setting)
        for item in items:
            item.question.check(setting)
        goal = self.goal(setting)
        if len(goal.coef_points) > LIMITS["coordinates"] or len(goal.terms) > LIMITS["terms"]:
            raise GoalTooLarge(
                f"score: the game and {len(items) - 1} figures played for at once need {len(goal.coef_points)} "
                f"coordinates and {len(goal.terms)} terms, the search core tracks {LIMITS['coordinates']} and {LIMITS['terms']}"
            )

    def team(self, setting: Setting) -> frozenset[int]:
        return frozenset([setting.declarer])

    def holds(self, setting: Setting) -> dict[Card, int]:
        held: dict[Card, int] = {}
        for item in score_items(setting):
            held.update(item.question.holds(setting))
        return held

    def build(self, setting: Setting, goal: Goal) -> None:
        """The OR, over every least set of items whose going the declarer's way alone
        reaches the value (the others going against him), of those items' outcomes."""
        items = score_items(setting)
        floor = sum(item.net(not item.declarers) for item in items)
        terms: list[dict[int, int]] = []
        for chosen in itertools.product((False, True), repeat=len(items)):
            gains = [2 * item.value for item, his in zip(items, chosen) if his]
            if floor + sum(gains) < self.value or any(floor + sum(gains) - gain >= self.value for gain in gains):
                continue
            outcomes = [item.question.outcome(setting, goal, item.declarers) for item, his in zip(items, chosen) if his]
            terms += [both(*parts) for parts in itertools.product(*outcomes)]
        goal.require_any(terms)

    def achieved(self, setting: Setting, end: Position) -> bool:
        return Score().final_value(setting, end) >= self.value


@dataclass(frozen=True)
class Score(ValueQuestion):
    """The declarer's net score with the kontras, every item played for at once (the
    module docstring)."""

    key = "score"
    unit = "score"

    def spec(self) -> str:
        return "score"

    def yes_no(self, setting: Setting, value: int) -> Question:
        return ScoreAtLeast(value)

    def check(self, setting: Setting) -> None:
        """Every level's yes/no form fits the core (:meth:`ScoreAtLeast.check`)."""
        for level in self.levels(setting):
            ScoreAtLeast(level).check(setting)

    def final_value(self, setting: Setting, end: Position) -> int:
        return sum(item.net(item.question.achieved(setting, end)) for item in score_items(setting))

    def bounds(self, setting: Setting, answer: Callable[[Question], int | bool]) -> tuple[int, int]:
        """From each item asked alone (``answer``: can its side make it?), one side or the
        other can force its way in it: the declarer his item made or a defender's failed,
        else the defenders the opposite. Playing for his largest such item, the declarer
        gets it and at worst loses every other one; playing for their largest, the
        defenders get theirs. So the score lies between those two. With the game alone, or
        one item for each side, the two meet."""
        his, theirs = [0], [0]
        for item in score_items(setting):
            (his if item.net(bool(answer(item.question))) > 0 else theirs).append(item.value)
        total = sum(his) + sum(theirs)
        return 2 * max(his) - total, total - 2 * max(theirs)

    def levels(self, setting: Setting) -> list[int]:
        items = score_items(setting)
        return sorted({sum(item.net(made) for item, made in zip(items, outcome))
                       for outcome in itertools.product((False, True), repeat=len(items))})
