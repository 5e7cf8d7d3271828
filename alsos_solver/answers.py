"""The question-set driver, above the solver: each game's questions
(:class:`GameQuestions`), asked of one deal's :class:`~alsos_solver.solver.Solver`, make its
answers (:func:`~alsos_solver.solve.solve`)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from .deal import Deal
from .errors import NotApplicable
from .questions.base import Ask, Item, Question, Setting
from .solve import SolveResult
from .solver import Solver


class GameQuestions(ABC):
    """One game's questions: what :func:`~alsos_solver.solve.solve` asks of a contract,
    the items of a deal, and the question specs that ``--question`` reads. One object per
    game (or family of games), found as its game's ``questions`` (:attr:`alsos_solver.games.base.Game.questions`)."""

    result_type: type[SolveResult] = SolveResult
    """The game's result: its :class:`~alsos_solver.solve.Answer` fields are the keys of a
    result, in the order they are shown (a key a contract lacks is left out)."""
    expected: str = ""
    """The question specs the game reads, for messages."""
    table_keys: tuple[str, ...] = ()
    """The result keys the contract table shows for each seat as declarer in each contract."""
    table_once_keys: tuple[str, ...] = ()
    """The result keys of the contracts the table asks once, without a declarer."""

    @abstractmethod
    def question_set(self, setting: Setting) -> list[Ask]:
        """Every question :func:`solve` asks of the deal's contract, in the order it asks
        them: the one list of questions for solve, the analyses and the benchmarks."""

    def derived(self, solver: Solver, answers: dict[str, Any]) -> dict[str, Any]:
        """Result keys that follow from the answers (and perhaps more questions)."""
        return {}

    def implied(self, ask: Ask, solver: Solver, found: dict[str, Any]) -> Any:
        """The answer of ``ask`` when the answers found before it imply it (one contract
        implies another; the game gives some figures), else None: then :meth:`answers`
        asks it of ``solver``."""
        return None

    @abstractmethod
    def items(self, deal: Deal) -> list[Item]:
        """The deal's items in review order: its game, then what was announced."""

    @abstractmethod
    def parse(self, spec: str, deal: Deal) -> Question:
        """The question a spec names, checked against the deal; ValueError naming what was
        expected."""

    def name(self, question: Question) -> str:
        """The spec of a question (the inverse of :meth:`parse`)."""
        return question.spec()

    def checked(self, spec: str, question: Question | None, deal: Deal) -> Question:
        """The end of a :meth:`parse`: the question read from ``spec`` (None: nothing
        matched, a ValueError naming what was expected), checked against the deal
        (NotApplicable naming the spec and why it does not fit)."""
        if question is None:
            raise ValueError(f"unknown question {spec!r} (expected {self.expected})")
        try:
            question.check(Setting.of(deal))
        except NotApplicable as problem:
            raise NotApplicable(f"question {spec!r}: {problem}") from None
        return question

    @abstractmethod
    def default(self, deal: Deal, to_move: int) -> Question:
        """The question an analysis asks when none is given, ``to_move`` the seat to play."""

    @abstractmethod
    def points_need(self, deal: Deal) -> str | None:
        """What the points questions (``declarer_points``, ``points:SEAT>=N``) need that the
        deal's contract lacks (``'a trump or no-trump game'``); None when they fit."""

    def answers(self, solver: Solver) -> dict[str, Any]:
        """Every answer of the question set and the derived keys, in :attr:`result_type`'s
        order."""
        found: dict[str, Any] = {}
        for ask in self.question_set(solver.setting):
            place = found
            for key in ask.path[:-1]:
                place = place.setdefault(key, {})
            known = self.implied(ask, solver, found)
            place[ask.path[-1]] = solver.answer(ask.question) if known is None else known
        found |= self.derived(solver, found)
        return {key: found[key] for key in self.result_type.keys() if key in found}

