"""What the toy game answers with beyond its rules: its question set and its views (it
has no analyses of its own)."""

from alsos_solver.games.base import GameParts

from .questions import QUESTIONS
from .views import VIEWS

PARTS = GameParts(questions=QUESTIONS, views=VIEWS)
