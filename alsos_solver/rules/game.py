"""A game of the family, as the rules see it: its pack, seats, contracts, trick rules, first
lead, melds, announcements and kontras. One subclass per game (:mod:`.alsos`,
:mod:`.asszorti`, :mod:`.altiansz`), found by name in :mod:`.games`; nothing outside a
game's own modules asks which game a deal is."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING

from ..cards import Card, Pack
from .contract import Contract
from .options import AlsosOptions
from .trick import TrickRules

if TYPE_CHECKING:
    from ..deal import Deal, Problem
    from ..melds import MeldChoice, MeldResult


@dataclass(frozen=True)
class GameSpec(ABC):
    """A game: its name, pack, seats (in playing order) and those that play, hand and talon
    sizes, the dealer by convention, and ``family``, the name of the modules that hold its
    questions (``alsos_solver.questions.<family>``) and its own analyses
    (``alsos_solver.analysis.<family>``)."""

    name: str
    pack: Pack
    seats: str
    active: str
    hand_size: int
    talon_size: int
    default_dealer: str
    family: str

    has_melds: bool = False
    """Seats declare melds (:meth:`melds`), and the ``Melds`` tag limits what each declares."""
    alsos_melds: bool = False
    """The melds of :mod:`alsos_solver.melds` (sequences, vannak, béla, their contests)."""
    front_round: bool = False
    """Figures are announced from the front or the back (the ``Front`` tag)."""
    exchange: bool = False
    """The deal as dealt (``Dealt``, ``Indicator``, ``TalonTop``) and its trump exchange."""

    def seat_index(self, seat: str) -> int:
        return self.seats.index(seat)

    @property
    def two_players(self) -> bool:
        return len(self.active) == 2

    @property
    def variants(self) -> tuple[str, ...]:
        """The rule options (fields of :class:`AlsosOptions`) that change this game: none
        by default (Asszorti and Altiansz read none of them)."""
        return ()

    def no_variant(self, name: str) -> str:
        """Why a rule option ``name`` not among :attr:`variants` cannot be set for this game."""
        known = ", ".join(self.variants)
        return f"{self.name} has no variant {name} ({f'its variants: {known}' if known else 'it has none'})"

    @abstractmethod
    def parse_contract(self, text: str) -> Contract:
        """A ``Contract`` tag value; ValueError says what this game expects."""

    @abstractmethod
    def contract_token(self, contract: Contract) -> str:
        """The inverse of :meth:`parse_contract`."""

    @abstractmethod
    def table_contracts(self) -> tuple[str, ...]:
        """The contracts of the contract table (every seat as declarer in each), as tokens."""

    def table_contracts_once(self) -> tuple[str, ...]:
        """The contracts without a declarer, asked once in the contract table (none by default)."""
        return ()

    @abstractmethod
    def trick_rules(self, contract: Contract, options: AlsosOptions) -> TrickRules:
        """The rules of trick play of a contract."""

    @abstractmethod
    def first_lead(self, contract: Contract, declarer: int | None, options: AlsosOptions) -> int:
        """The index (among the seats that play) of the seat that leads to the first trick."""

    def first_leader(self, contract: Contract, declarer: str | None, options: AlsosOptions) -> str:
        """The seat that leads to the first trick (rules-notes, per game)."""
        index = None if declarer is None else self.active.index(declarer)
        return self.active[self.first_lead(contract, index, options)]

    def melds(self, deal: Deal) -> MeldResult:
        """The melds of the deal's hands and what each seat scores (none by default)."""
        from ..melds import empty_result

        return empty_result(self.active)

    def meld_choices(self, deal: Deal) -> tuple[MeldChoice, ...]:
        """The meld outcomes the defenders may choose between (one by default: the melds)."""
        from ..melds import MeldChoice

        points = self.melds(deal).points
        return (MeldChoice((), tuple(points[seat] for seat in self.active)),)

    def figure_names(self) -> tuple[str, ...]:
        """The figures a seat may announce in the game (the ``Figures`` tag); none by default."""
        return ()

    def canonical_figure(self, name: str) -> str:
        """A figure's file name from any of its spellings; ValueError if the game has none such."""
        raise ValueError(f"{self.name} has no figures (found {name})")

    def allows_figure(self, name: str, contract: Contract, options: AlsosOptions) -> str | None:
        """None when the figure may be announced in the contract, else why not."""
        return f"{self.name} has no figures (found {name})"

    def figure_problems(self, deal: Deal, seat: str, names: tuple[str, ...]) -> list[str]:
        """Why a seat's announced figures break the game's rules (empty if they do not)."""
        return []

    def front_problem(self, name: str) -> str | None:
        """Why a figure may not be announced from the front (the ``Front`` tag); None if it may."""
        return f"{self.name} has no announcements from the front"

    def holds(self, deal: Deal) -> dict[Card, int]:
        """Cards kept back by what was announced, each mapped to the trick it is kept for
        (none by default; see :meth:`alsos_solver.deal.Deal.holds`)."""
        return {}

    def is_front(self, deal: Deal, seat: str, name: str) -> bool:
        """Whether a seat's announced figure was said from the front."""
        return name in deal.front.get(seat, ())

    def max_kontra(self, options: AlsosOptions) -> int:
        """The most kontra levels said to one item (0: the game has no kontras)."""
        return 0

    def rule_problems(self, deal: Deal) -> list[Problem]:
        """What in the deal breaks the game's own rules beyond hands, contract and figures:
        by default a rule option set (the ``Variant`` tag) that the game does not have, which
        would do nothing."""
        from ..deal import Problem

        default = AlsosOptions()
        return [Problem("Variant", self.no_variant(option.name)) for option in fields(AlsosOptions)
                if option.name not in self.variants and getattr(deal.options, option.name) != getattr(default, option.name)]
