"""What Altiansz answers with beyond its rules (:meth:`~alsos_solver.games.base.Game.parts`)."""

from ..base import GameParts
from .analyses import actual_scores, best_announcements, double_dummy_scores
from .cases import cases
from .questions import QUESTIONS
from .views import VIEWS

PARTS = GameParts(
    questions=QUESTIONS, views=VIEWS, best_announcements=best_announcements, double_dummy_scores=double_dummy_scores,
    actual_scores=actual_scores, cases=cases,
)
