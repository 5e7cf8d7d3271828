"""Altiansz as the library sees it: its rules (:mod:`.rules`), and what it answers with
beyond them: its questions, views and analyses, loaded on first use."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..base import GameAnalyses
from .rules import AltianszRules

if TYPE_CHECKING:
    from ...answers import GameQuestions
    from ...render.views import GameViews


@dataclass(frozen=True, repr=False)
class AltianszGame(AltianszRules):
    """Altiansz: its rules, and its questions, views and analyses."""

    @property
    def questions(self) -> GameQuestions:
        from .questions import QUESTIONS

        return QUESTIONS

    @property
    def views(self) -> GameViews:
        from .views import VIEWS

        return VIEWS

    def analyses(self) -> GameAnalyses:
        from .analyses import ANALYSES

        return ANALYSES
