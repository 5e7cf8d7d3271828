"""Altiansz as the library sees it: its contracts, trick rules, first lead and what it checks
in a deal (the tables of :mod:`.rules`), and its questions, views and analyses, loaded on
first use."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ...cards import HUNGARIAN, CardSet
from ...melds import Meld, MeldResult, empty_result
from ...rules.contract import Contract, Kind
from ...rules.options import AlsosOptions
from ...rules.trick import TrickRules
from ..alsos.rules import PLAIN_ORDER, SEQUENCE_ORDER, TRUMP_ORDER
from ..base import Game, GameAnalyses
from .rules import (
    CONTRACTS, KINDS, PLAIN_POINTS, TRUMP_ONLY, TRUMP_POINTS, HeldMelds, held_melds, leading_contract, scores_melds,
    why_not_scored,
)


if TYPE_CHECKING:
    from ...answers import GameQuestions
    from ...deal import Deal
    from ...render.views import GameViews


@dataclass(frozen=True, repr=False)
class AltianszGame(Game):
    """Altiansz's named contracts (``game-ultimo P``, ``solo NT``, ``betli``), trick rules,
    first lead and melds."""

    contract_names: tuple[str, ...] = CONTRACTS

    def parse_contract(self, text: str) -> Contract:
        """A contract's name (:func:`contract_name`), then a suit letter or ``NT``, but
        betli and klopitzky alone."""
        named = leading_contract(text.split())
        if named is None:
            raise ValueError(f"unknown altiansz contract {text!r} (expected one of {', '.join(CONTRACTS)})")
        name, rest = named
        if name in ("betli", "klopitzky"):
            if rest:
                raise ValueError(f"altiansz {name} takes no suit, found {text!r}")
            return Contract(Kind[name.upper()], None, name)
        strain = rest[0] if len(rest) == 1 else ""
        if not (strain.upper() == "NT" or (len(strain) == 1 and strain in self.pack.suits)):
            raise ValueError(f"altiansz contract {name} needs a suit letter or NT after it, found {text!r}")
        if strain.upper() == "NT":
            if name in TRUMP_ONLY:
                raise ValueError(f"altiansz contract {name} needs a trump suit letter, found NT")
            return Contract(Kind.NO_TRUMP, None, name)
        return Contract(Kind.TRUMP, self.pack.suits.index(strain), name)

    def contract_token(self, contract: Contract) -> str:
        if contract.kind in (Kind.BETLI, Kind.KLOPITZKY):
            return contract.name or contract.kind.name.lower()
        suit = "NT" if contract.trump is None else self.pack.suits[contract.trump]
        return f"{contract.name} {suit}"

    def table_contracts(self, options: AlsosOptions) -> tuple[str, ...]:
        """The declarer's points in each trump suit and no-trump, as a game (the contracts
        he can make there are asked on each row); betli."""
        return (*(f"game {suit}" for suit in self.pack.suits), "game NT", "betli")

    def table_contracts_once(self, options: AlsosOptions) -> tuple[str, ...]:
        return ("klopitzky",)

    def trick_rules(self, contract: Contract, options: AlsosOptions) -> TrickRules:
        if contract.kind is Kind.BETLI:
            return TrickRules.build(HUNGARIAN, None, SEQUENCE_ORDER, must_beat=True)
        if contract.kind is Kind.KLOPITZKY:
            # a no-trump game for the fewest card points (seed 004)
            return TrickRules.build(HUNGARIAN, None, PLAIN_ORDER, plain_points=PLAIN_POINTS, last_trick_bonus=10)
        trump = contract.trump if contract.kind is Kind.TRUMP else None
        return TrickRules.build(HUNGARIAN, trump, PLAIN_ORDER, TRUMP_ORDER, PLAIN_POINTS, TRUMP_POINTS, 10)

    def first_lead(self, contract: Contract, declarer: int | None, options: AlsosOptions) -> int:
        """The declarer leads; in klopitzky seat A."""
        return 0 if declarer is None or contract.kind is Kind.KLOPITZKY else declarer

    def seat_melds(self, deal: Deal, seat: str) -> HeldMelds:
        """The melds a seat declares in the deal's strain: all it holds, or the kinds its
        ``Melds`` entry names (``bela`` for béla and the 20s)."""
        assert deal.contract is not None
        held = held_melds(deal.hands.get(seat, 0), deal.contract)
        if seat not in deal.declared:
            return held
        return HeldMelds(tuple(meld for meld in held.melds if KINDS[meld.kind] in deal.declared[seat]))

    def hand_melds(self, hand: CardSet, contract: Contract, options: AlsosOptions) -> tuple[Meld, ...]:
        """20s, béla, vannak and sequences in the contract's strain (:func:`held_melds`)."""
        return held_melds(hand, contract).melds

    def melds(self, deal: Deal) -> MeldResult:
        """Each seat's melds in the deal's strain, scoring as the contract says (every seat
        in the game contracts, the declarer in 150 and 200); none in betli and klopitzky."""
        contract = deal.contract
        if contract is None or not contract.is_point_game:
            return empty_result(self.active)
        assert contract.name is not None
        found = []
        for seat in self.active:
            scores = scores_melds(contract.name, seat == deal.declarer)
            reason = "" if scores else why_not_scored(contract.name)
            found += [replace(meld, seat=seat, scores=scores, reason=reason) for meld in self.seat_melds(deal, seat).melds]
        points = {seat: sum(m.points for m in found if m.seat == seat and m.scores) for seat in self.active}
        return MeldResult(tuple(found), points)

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
