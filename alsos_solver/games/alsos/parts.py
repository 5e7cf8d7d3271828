"""What the Alsós games answer with beyond their rules (:meth:`~alsos_solver.games.base.Game.parts`)."""

from ..base import GameParts
from .announcements import best_announcements
from .cases import cases
from .exchange import exchange_options
from .odds import odds, solve_samples
from .questions import QUESTIONS
from .scoring import actual_scores, double_dummy_scores
from .views import VIEWS

PARTS = GameParts(
    questions=QUESTIONS, views=VIEWS, best_announcements=best_announcements, double_dummy_scores=double_dummy_scores,
    actual_scores=actual_scores, exchange_options=exchange_options, announcement_odds=odds, solve_samples=solve_samples,
    cases=cases,
)
