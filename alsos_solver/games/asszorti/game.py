"""Asszorti as the library sees it: its contracts, trick rules, first lead and what it checks
in a deal (the tables of :mod:`.rules`), and its questions, views and analyses, loaded on
first use."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...cards import FRENCH
from ...rules.contract import Contract, Kind
from ...rules.options import AlsosOptions
from ...rules.trick import TrickRules
from ..base import Game, GameAnalyses
from .rules import ARRIVAZS, ARRIVAZS_NAMES, BIDS, ORDER


if TYPE_CHECKING:
    from ...answers import GameQuestions
    from ...deal import Deal
    from ...render.views import GameViews


@dataclass(frozen=True, repr=False)
class AsszortiGame(Game):
    """Asszorti's contracts, trick rules and first lead, and its one announcement."""

    def parse_contract(self, text: str) -> Contract:
        words = text.split()
        bid = "3"
        if len(words) == 2:
            bid = words[0].lower()
            if bid not in BIDS:
                raise ValueError(f"unknown bid {words[0]!r} in contract {text!r} (expected 3, 2, 1 or hand before the suit)")
        elif len(words) != 1:
            raise ValueError(f"unknown contract {text!r} for asszorti (expected a bid and a suit letter or NT, e.g. H, 2 H, 1 NT, hand S)")
        strain = words[-1]
        if strain.upper() == "NT":
            return Contract(Kind.NO_TRUMP, bid=bid)
        if len(strain) == 1 and strain in self.pack.suits:
            return Contract(Kind.TRUMP, self.pack.suits.index(strain), bid=bid)
        raise ValueError(f"unknown contract {text!r} for asszorti (expected a bid and a suit letter or NT, e.g. H, 2 H, 1 NT, hand S)")

    def contract_token(self, contract: Contract) -> str:
        """Bid 3 is written as the strain alone (``H``), the others before it (``2 H``)."""
        strain = "NT" if contract.trump is None else self.pack.suits[contract.trump]
        return strain if contract.bid in (None, "3") else f"{contract.bid} {strain}"

    def table_contracts(self, options: AlsosOptions) -> tuple[str, ...]:
        """Each suit and no-trump, at bid 3."""
        return (*self.pack.suits, "NT")

    def trick_rules(self, contract: Contract, options: AlsosOptions) -> TrickRules:
        trump = contract.trump if contract.kind is Kind.TRUMP else None
        return TrickRules.build(FRENCH, trump, ORDER)

    def first_lead(self, contract: Contract, declarer: int | None, options: AlsosOptions) -> int:
        """The seat just before the declarer leads, so the declarer plays second."""
        return 0 if declarer is None else (declarer - 1) % len(self.active)

    def figure_names(self) -> tuple[str, ...]:
        return (ARRIVAZS,)

    def canonical_figure(self, name: str) -> str:
        try:
            return ARRIVAZS_NAMES[name.lower()]
        except KeyError:
            raise ValueError(f"unknown announcement {name!r} for asszorti (expected arrivazs)") from None

    def allows_figure(self, name: str, contract: Contract, options: AlsosOptions) -> str | None:
        return None if name == ARRIVAZS else f"{name} is not an asszorti announcement (expected arrivazs)"

    def figure_problems(self, deal: Deal, seat: str, names: tuple[str, ...]) -> list[str]:
        """Only the declarer announces arrivázs (seed 002: 'Opponents of the declarer are
        not allowed to announce arrivázs')."""
        return [] if seat == deal.declarer else [f"only the declarer announces arrivázs, found it for {seat}"]

    def max_kontra(self, options: AlsosOptions) -> int:
        """Kontra, rekontra, szubkontra, hirskontra, mordkontra (seed 002)."""
        return 5

    # ---- The game's own parts ----

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
