"""The toy game's rules: its contracts (a suit letter or ``NT``, with a declarer), its trick
rules (follow suit, else trump; no card points) and its first lead (the declarer's); its
questions and views are loaded on first use, as a real game's are."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from alsos_solver.games.base import Game
from alsos_solver.rules.contract import Contract, Kind
from alsos_solver.rules.options import AlsosOptions
from alsos_solver.rules.trick import TrickRules

if TYPE_CHECKING:
    from alsos_solver.answers import GameQuestions
    from alsos_solver.render.views import GameViews

ORDER = "AKOUX987"
"""The ranks strongest first, in every suit and in trumps."""


@dataclass(frozen=True, repr=False)
class MajorityGame(Game):
    """Majority: a plain trick game played for the majority of the tricks."""

    @property
    def questions(self) -> GameQuestions:
        from .questions import QUESTIONS

        return QUESTIONS

    @property
    def views(self) -> GameViews:
        from .views import VIEWS

        return VIEWS

    def parse_contract(self, text: str) -> Contract:
        """A suit letter (``P``: hearts trumps) or ``NT``."""
        strain = text.strip().upper()
        if strain == "NT":
            return Contract(Kind.NO_TRUMP)
        if len(strain) == 1 and strain in self.pack.suits:
            return Contract(Kind.TRUMP, self.pack.suits.index(strain))
        raise ValueError(f"unknown contract {text!r} for {self.name} (expected a suit letter, {' '.join(self.pack.suits)}, or NT)")

    def contract_token(self, contract: Contract) -> str:
        return "NT" if contract.trump is None else self.pack.suits[contract.trump]

    def table_contracts(self, options: AlsosOptions) -> tuple[str, ...]:
        """Each suit and no-trump."""
        return (*self.pack.suits, "NT")

    def trick_rules(self, contract: Contract, options: AlsosOptions) -> TrickRules:
        """Follow suit, else trump when able; no card is worth a point."""
        return TrickRules.build(self.pack, contract.trump, ORDER)

    def first_lead(self, contract: Contract, declarer: int | None, options: AlsosOptions) -> int:
        """The declarer leads to the first trick."""
        return 0 if declarer is None else declarer
