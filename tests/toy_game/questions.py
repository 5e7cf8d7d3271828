"""The toy game's one question, :class:`Majority`, its result (:class:`MajorityResult`) and
what the game asks of a contract (:class:`MajorityQuestions`).

The question states its meaning twice, as every question does: :meth:`Majority.achieved`
reads it off a finished play (the reference solver), :meth:`Majority.build` gives the
engine's goal: one coordinate, the declarer's tricks, at least a majority of the hand."""

from __future__ import annotations

from dataclasses import dataclass

from alsos_solver.answers import GameQuestions
from alsos_solver.deal import Deal
from alsos_solver.errors import NotApplicable
from alsos_solver.position import Position
from alsos_solver.questions.base import Ask, Goal, Item, Question, Setting
from alsos_solver.solve import Answer, SolveResult


def majority(setting: Setting) -> int:
    """The fewest tricks that are more than half of the hand: 5 of 9."""
    return setting.deal.game.hand_size // 2 + 1


@dataclass(frozen=True)
class Majority(Question):
    """The declarer takes the majority of the tricks, playing for it alone."""

    key = "majority"

    def spec(self) -> str:
        return "majority"

    def check(self, setting: Setting) -> None:
        if setting.declarer is None:
            raise NotApplicable("majority needs a deal with a declarer")

    def team(self, setting: Setting) -> frozenset[int]:
        return frozenset([setting.declarer])

    def build(self, setting: Setting, goal: Goal) -> None:
        """One coordinate, no card points and one per trick the declarer wins, at least
        the majority."""
        seats = range(setting.seats)
        tricks = goal.dim(coef_points=tuple(0 for _ in seats), coef_tricks=tuple(int(seat == setting.declarer) for seat in seats))
        goal.require({tricks: majority(setting)})

    def achieved(self, setting: Setting, end: Position) -> bool:
        return end.tricks_won[setting.declarer] >= majority(setting)


class MajorityResult(SolveResult):
    """The toy game's result: whether the declarer takes the majority."""

    majority: Answer[bool] = Answer()


class MajorityQuestions(GameQuestions):
    """What the toy game asks of a contract: the majority, and nothing else."""

    result_type = MajorityResult
    expected = "majority"
    table_keys = ("majority",)

    def question_set(self, setting: Setting) -> list[Ask]:
        return [Ask(("majority",), "majority", Majority(), setting.deal.declarer)]

    def items(self, deal: Deal) -> list[Item]:
        """The declarer's game: the majority."""
        if deal.contract is None or deal.declarer is None:
            raise NotApplicable("a deal without a contract has no items")
        return [Item(f"{deal.declarer} game", deal.declarer, "game", Majority())]

    def parse(self, spec: str, deal: Deal) -> Question:
        question = Majority() if spec.strip().lower() == "majority" else None
        return self.checked(spec, question, deal)

    def default(self, deal: Deal, to_move: int) -> Question:
        return Majority()

    def points_need(self, deal: Deal) -> str | None:
        """The toy game counts tricks, never card points."""
        return f"card points, which {deal.game} does not count (ask majority)"


QUESTIONS = MajorityQuestions()
