"""The Alsós games' own analyses, as :func:`alsos_solver.analysis.of_game` finds them:
the best announcements and the scores."""

from .announcements import best_announcements
from .scoring import actual_scores, double_dummy_scores

__all__ = ["actual_scores", "best_announcements", "double_dummy_scores"]
