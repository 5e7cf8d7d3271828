"""Altiansz as the library sees it: its rules (:mod:`.rules`), and the questions, analyses
and views of :mod:`alsos_solver.games.altiansz`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..base import Progress
from .rules import AltianszRules

if TYPE_CHECKING:
    from ...answers import GameQuestions
    from ...deal import Deal
    from ...render.views import GameViews
    from ...analysis.scores import Scores


@dataclass(frozen=True, repr=False)
class AltianszGame(AltianszRules):
    """Altiansz: its rules, and its own questions, analyses and views, loaded on first use."""

    @property
    def questions(self) -> GameQuestions:
        from .questions import QUESTIONS

        return QUESTIONS

    @property
    def views(self) -> GameViews:
        from .views import VIEWS

        return VIEWS

    def best_announcements(self, deal: Deal, *, front: bool = False, progress: Progress | None = None) -> Any:
        from .analyses import best_announcements

        return best_announcements(deal, front=front, progress=progress)

    def double_dummy_scores(self, deal: Deal) -> Scores:
        from .analyses import double_dummy_scores

        return double_dummy_scores(deal)

    def actual_scores(self, deal: Deal) -> Scores:
        from .analyses import actual_scores

        return actual_scores(deal)

    def literature_cases(self) -> dict[str, Callable[[list[str]], int]]:
        from .cases import cases

        return cases(self)
