"""How the terminal shows the toy game's result: whether the declarer takes the majority."""

from __future__ import annotations

from rich.text import Text

from alsos_solver.deal import Deal
from alsos_solver.render.views import GameViews
from alsos_solver.render.widgets import mark
from alsos_solver.solve import SolveResult


class MajorityViews(GameViews):
    table_columns = (("majority", "majority", "center", lambda entry: mark(entry.majority)),)

    def headline(self, deal: Deal, result: SolveResult) -> Text:
        """``Declarer B: the majority of 9 tricks ✓``."""
        return Text(f"Declarer {result.declarer}: the majority of {deal.game.hand_size} tricks ") + mark(bool(result.majority))

    def brief_result(self, deal: Deal, result: SolveResult) -> list[Text]:
        return [Text("majority ") + mark(bool(result.majority))]


VIEWS = MajorityViews()
