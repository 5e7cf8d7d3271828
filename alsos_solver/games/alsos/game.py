"""The Alsós games (three, two and four players) as the library sees them: contracts, trick
rules, first lead, melds, figures, kontras and the deal as dealt, and the questions,
analyses and views of :mod:`alsos_solver.games.alsos`.

Source: rules-notes 'Alsós, three players'; seeds 001/003 (Potter), 000 for the variants.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import TYPE_CHECKING

from ...cards import HUNGARIAN, Card, CardSet
from ...deal import Deal, Problem
from ...melds import MELD_KINDS, Meld, MeldChoice, MeldResult
from ...rules.contract import Contract, Kind
from ...rules.options import AlsosOptions
from ...rules.trick import TrickRules
from ..base import Game, GameAnalyses
from .dealt import dealt_problems
from .figures import (
    FIGURES, FRONT, HELD, TRICKS_BEFORE_LAST, allowed, announcement_problems, canonical, not_allowed_reason, rounds,
    trick_card,
)
from .melds import held_melds, meld_choices, score_melds, vannak_ranks
from .rules import LAST_TRICK, PLAIN_ORDER, PLAIN_POINTS, SEQUENCE_ORDER, TRUMP_ORDER, TRUMP_POINTS

if TYPE_CHECKING:
    from ...answers import GameQuestions
    from ...render.views import GameViews


@dataclass(frozen=True, repr=False)
class AlsosGame(Game):
    """The Alsós games: a suit letter, ``NT``, ``BETLI`` or ``KLOPITZKY``; figures
    announced from the front or the back, kontras, melds with their contests."""

    meld_kinds: tuple[str, ...] = MELD_KINDS
    meld_contests: tuple[str, ...] = ("sequences", "vannak")
    front_hand: int = 6
    """Six of nine cards; eight of twelve in two-player Alsós (seed 003)."""
    contract_names: tuple[str, ...] = ("BETLI", "KLOPITZKY")

    @property
    def variants(self) -> tuple[str, ...]:
        """Every rule option; ``rules`` (the Tompa rules) in two-player Alsós only."""
        return tuple(option.name for option in fields(AlsosOptions) if option.name != "rules" or self.two_players)

    def parse_contract(self, text: str) -> Contract:
        upper = text.upper()
        if upper == "NT":
            return Contract(Kind.NO_TRUMP)
        if len(text) == 1 and text in self.pack.suits:
            return Contract(Kind.TRUMP, self.pack.suits.index(text))
        if upper in self.contract_names:
            return Contract(Kind[upper])
        raise ValueError(f"unknown contract {text!r} for {self.name} (expected a suit letter, NT, BETLI or KLOPITZKY)")

    def contract_token(self, contract: Contract) -> str:
        if contract.kind in (Kind.BETLI, Kind.KLOPITZKY):
            return contract.kind.name
        return "NT" if contract.trump is None else self.pack.suits[contract.trump]

    def table_contracts(self, options: AlsosOptions) -> tuple[str, ...]:
        """Each suit, ``NT`` and ``BETLI`` (klopitzky is asked once, per seat); each suit
        alone under the Tompa rules, which play trump games only (:meth:`rule_problems`)."""
        suits = tuple(self.pack.suits)
        return suits if options.rules == "tompa" else (*suits, "NT", "BETLI")

    def table_contracts_once(self, options: AlsosOptions) -> tuple[str, ...]:
        """Klopitzky; none under the Tompa rules (trump games only)."""
        return () if options.rules == "tompa" else ("KLOPITZKY",)

    def trick_rules(self, contract: Contract, options: AlsosOptions) -> TrickRules:
        """Trump game: trumps U 9 A X K O 8 7, others A X K O U 9 8 7. No-trump: every suit
        plain. Betli and klopitzky: no trumps, order by ``options.betli_order`` and
        ``options.klopitzky_order``, each independent of the other."""
        if contract.kind in (Kind.BETLI, Kind.KLOPITZKY):
            chosen = options.betli_order if contract.kind is Kind.BETLI else options.klopitzky_order
            order = SEQUENCE_ORDER if chosen == "sequence" else PLAIN_ORDER
            return TrickRules.build(HUNGARIAN, None, order)
        trump = contract.trump if contract.kind is Kind.TRUMP else None
        return TrickRules.build(
            HUNGARIAN, trump, PLAIN_ORDER, TRUMP_ORDER, PLAIN_POINTS, TRUMP_POINTS, LAST_TRICK
        )

    def first_lead(self, contract: Contract, declarer: int | None, options: AlsosOptions) -> int:
        """Three players: seat A in trump games, betli and klopitzky; in no-trump the seat
        before the declarer, so the declarer plays second. Two players: A (the non-dealer)
        in trump games, the declarer's opponent in no-trump; Tompa rules: the declarer."""
        seats = len(self.active)
        if self.two_players and options.rules == "tompa" and declarer is not None:
            return declarer
        if contract.kind is Kind.NO_TRUMP and declarer is not None:
            return (declarer - 1) % seats
        return 0

    def melds(self, deal: Deal) -> MeldResult:
        """Sequences, vannak and béla with their contests (:mod:`alsos_solver.games.alsos.melds`)."""
        return score_melds(deal.hands, deal.contract, deal.options, self.active, deal.declared)

    def hand_melds(self, hand: CardSet, contract: Contract, options: AlsosOptions) -> tuple[Meld, ...]:
        """Sequences, vannak (of the ranks the contract and options allow) and béla, in
        trump and no-trump games (:func:`.melds.held_melds`)."""
        if not contract.is_point_game:
            return ()
        trump = contract.trump if contract.kind is Kind.TRUMP else None
        return held_melds("", hand, trump, vannak_ranks(contract, options))

    def meld_choices(self, deal: Deal) -> tuple[MeldChoice, ...]:
        """The defenders' concessions (:func:`alsos_solver.games.alsos.melds.meld_choices`)."""
        return meld_choices(deal)

    def figure_names(self) -> tuple[str, ...]:

        return tuple(FIGURES)

    def canonical_figure(self, name: str) -> str:

        return canonical(name)

    def allows_figure(self, name: str, contract: Contract, options: AlsosOptions) -> str | None:

        return None if allowed(name, contract, options) else not_allowed_reason(name, contract, options)

    def figure_problems(self, deal: Deal, seat: str, names: tuple[str, ...]) -> list[str]:
        """The announcer of ultimó (the Eight) holds the trump 7 (8); and the rules of
        announcing (:func:`~alsos_solver.games.alsos.figures.announcement_problems`)."""
        assert deal.contract is not None
        found = []
        for name in names:
            if name in HELD and deal.contract.trump is not None:
                card = trick_card(name, deal.contract.trump)
                if not deal.hands.get(seat, 0) >> card & 1:
                    found.append(f"{seat} announces {name} but does not hold {self.pack.card_name(card)}")
        front = [name for name in names if self.is_front(deal, seat, name)]
        rules = announcement_problems(names, front, declarer=seat == deal.declarer, holds_bela=deal.holds_bela(seat))
        return found + [f"{seat}: {message}" for message in rules]

    def front_problem(self, name: str) -> str | None:
        """Volát is announced from the back only (seed 003)."""
        return None if FRONT in rounds(name, self.two_players) else f"{name} is announced from the back only"

    def holds(self, deal: Deal) -> dict[Card, int]:
        """Ultimó: the announcer keeps the trump 7 for the last trick; the Eight: the trump
        8 for the penultimate trick, the 8th (the 11th in alsos-2) (rules-notes 'Ultimó';
        seed 000)."""
        result: dict[Card, int] = {}
        if deal.contract is None or deal.contract.kind is not Kind.TRUMP:
            return result
        for seat, names in deal.figures.items():
            for name in HELD:
                card = trick_card(name, deal.contract.trump)
                if name in names and deal.hands.get(seat, 0) >> card & 1:
                    result[card] = self.hand_size - 1 - TRICKS_BEFORE_LAST[name]
        return result

    def is_front(self, deal: Deal, seat: str, name: str) -> bool:
        """In two-player Alsós abszolút is always from the front (seed 003, two-player
        game: 'abszolút can only be announced from the front')."""
        return name in deal.front.get(seat, ()) or (self.two_players and name == "abszolut")

    def max_kontra(self, options: AlsosOptions) -> int:
        """Hirskontra (4), mordkontra (5) with its variant, rekontra (2) under the Tompa
        two-player rules (seed 003: 'Doubles can only go as high as rekontra')."""
        if self.two_players and options.rules == "tompa":
            return 2
        return 5 if options.mordkontra else 4

    def problems(self, deal: Deal) -> list[Problem]:
        """The game's checks (:meth:`Game.problems`) and the deal as dealt
        (:func:`~.dealt.dealt_problems`)."""
        return super().problems(deal) + (dealt_problems(deal) if self.takes("Dealt") else [])

    def rule_problems(self, deal: Deal) -> list[Problem]:
        """The rule options of the game, the Tompa rules for two players and trump games only."""
        if deal.options.rules == "tompa" and not self.two_players:
            return [Problem("Variant", f"rules=tompa are the Tompa two-player rules (alsos-2), not for {self.name}")]
        found = super().rule_problems(deal)
        if deal.options.rules == "tompa" and deal.contract is not None and deal.contract.kind is not Kind.TRUMP:
            return [*found, Problem("Contract", f"the Tompa rules play trump games only, found {self.contract_token(deal.contract)}")]
        return found

    # ---- The game's own parts ----

    @property
    def questions(self) -> GameQuestions:
        from .question_set import QUESTIONS

        return QUESTIONS

    @property
    def views(self) -> GameViews:
        from .views import VIEWS

        return VIEWS

    def analyses(self) -> GameAnalyses:
        from .analyses import ANALYSES

        return ANALYSES
