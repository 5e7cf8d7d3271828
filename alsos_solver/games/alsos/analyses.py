"""The Alsós games' own analyses (:meth:`~alsos_solver.games.base.Game.analyses`)."""

from ..base import GameAnalyses
from .announcements import best_announcements
from .cases import cases
from .exchange import exchange_options
from .odds import odds, solve_samples
from .scoring import actual_scores, double_dummy_scores

ANALYSES = GameAnalyses(
    best_announcements=best_announcements, double_dummy_scores=double_dummy_scores, actual_scores=actual_scores,
    exchange_options=exchange_options, announcement_odds=odds, solve_samples=solve_samples, cases=cases,
)
