"""The deal: hands, talon, contract, declarer, announced figures, rule options, the play.

A :class:`Deal` is plain data; :meth:`Deal.problems` lists every way it breaks the rules
at once (python-chess style), and :meth:`Deal.position` starts the play from it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import Card, CardSet, Pack
from .figures import FIGURES, allowed, not_allowed_reason
from .position import IllegalPlay, Position
from .rules import AlsosOptions, Contract, GameSpec, Kind, TrickRules, game_spec

MELD_KINDS = ("sequences", "vannak", "bela")
HELD_CARD_FIGURES = {"ultimo": 0, "nyolcas": 1}
"""Figures whose trump card is kept back: for the last trick, for the one before it."""
HELD_CARD_RANKS = {"ultimo": "7", "nyolcas": "8"}


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a deal: the tag it is in, and a sentence for a person."""

    tag: str
    message: str
    play_index: int | None = None  # for a Play problem: the index of the offending card


@dataclass
class Deal:
    """A deal of one of the games (``game`` names it, see :mod:`.rules.games`).

    ``hands`` maps every seat of the game to its hand when the first card is led (after
    any exchange); ``declared`` overrides which meld kinds a seat declares (a seat not in
    it declares everything that scores); ``tags`` keeps other tags (Event, ...) in order.
    """

    hands: dict[str, CardSet]
    game: str = "alsos"
    dealer: str | None = None
    talon: CardSet | None = None
    contract: Contract | None = None
    declarer: str | None = None
    figures: dict[str, tuple[str, ...]] = field(default_factory=dict)
    options: AlsosOptions = field(default_factory=AlsosOptions)
    declared: dict[str, tuple[str, ...]] = field(default_factory=dict)
    play: list[Card] = field(default_factory=list)
    play_leader: str | None = None
    tags: dict[str, str] = field(default_factory=dict)

    @property
    def spec(self) -> GameSpec:
        return game_spec(self.game)

    @property
    def pack(self) -> Pack:
        return self.spec.pack

    @property
    def rules(self) -> TrickRules:
        if self.contract is None:
            raise ValueError("the deal has no contract")
        return self.spec.trick_rules(self.contract, self.options)

    @property
    def first_leader(self) -> str:
        if self.contract is None:
            raise ValueError("the deal has no contract")
        return self.spec.first_leader(self.contract, self.declarer, self.options)

    @property
    def active_hands(self) -> list[CardSet]:
        """The hands of the seats that play, in playing order."""
        return [self.hands.get(seat, 0) for seat in self.spec.active]

    @property
    def in_play(self) -> CardSet:
        result = 0
        for hand in self.hands.values():
            result |= hand
        return result

    def holds(self) -> dict[Card, int]:
        """Cards kept back by announced figures: rules-notes 'Ultimó'.

        Ultimó: the announcer keeps the trump 7 for the last trick; nyolcas: the trump 8
        for the 8th (the penultimate) trick; each unless it is his only legal card.
        """
        result: dict[Card, int] = {}
        if self.contract is None or self.contract.kind is not Kind.TRUMP:
            return result
        for seat, names in self.figures.items():
            for name, tricks_before_last in HELD_CARD_FIGURES.items():
                card = self._held_card(name)
                if name in names and self.hands.get(seat, 0) >> card & 1:
                    result[card] = self.spec.hand_size - 1 - tricks_before_last
        return result

    def _held_card(self, name: str) -> Card:
        """The trump card an ultimó (7) or nyolcas (8) announcer keeps back."""
        assert self.contract is not None and self.contract.trump is not None
        return self.pack.card(self.contract.trump, self.pack.rank_index(HELD_CARD_RANKS[name]))

    def position(self) -> Position:
        """The position at the first lead (the Play section is not applied)."""
        active = self.spec.active
        return Position(self.rules, self.active_hands, active.index(self.first_leader), self.holds())

    def played_position(self) -> Position:
        """The position after the Play section; IllegalPlay if it breaks the rules."""
        position = self.position()
        for card in self.play:
            position.push(card)
        return position

    def problems(self) -> list[Problem]:
        """Everything wrong with the deal, all at once; empty when it is sound."""
        spec, pack = self.spec, self.pack
        found: list[Problem] = []
        for seat in self.hands:
            if seat not in spec.seats:
                found.append(Problem("Deal", f"unknown seat {seat!r} (expected one of {' '.join(spec.seats)})"))
        seen = 0
        for seat in spec.seats:
            hand = self.hands.get(seat, 0)
            size = spec.hand_size if seat in spec.active else 0
            if hand.bit_count() != size:
                found.append(Problem("Deal", f"seat {seat} holds {hand.bit_count()} cards, expected {size}"))
            if hand & seen:
                twice = " ".join(pack.card_name(c) for c in range(pack.size) if (hand & seen) >> c & 1)
                found.append(Problem("Deal", f"card {twice} dealt twice (again to seat {seat})"))
            seen |= hand
        if self.talon is not None:
            if self.talon & seen:
                twice = " ".join(pack.card_name(c) for c in range(pack.size) if (self.talon & seen) >> c & 1)
                found.append(Problem("Talon", f"talon card {twice} is also in a hand"))
            missing = pack.full & ~(seen | self.talon)
            if missing:
                names = " ".join(pack.card_name(c) for c in range(pack.size) if missing >> c & 1)
                found.append(Problem("Talon", f"hands and talon must make the pack; missing {names}"))
        if self.dealer is not None and self.dealer not in spec.seats:
            found.append(Problem("Dealer", f"unknown seat {self.dealer!r} (expected one of {' '.join(spec.seats)})"))
        found += self._contract_problems()
        if not found and self.play:
            found += self._play_problems()
        return found

    def _contract_problems(self) -> list[Problem]:
        spec, found = self.spec, []
        contract = self.contract
        if contract is not None and contract.has_declarer and self.declarer is None:
            found.append(Problem("Contract", f"contract {spec.contract_token(contract)} needs a Declarer tag"))
        if contract is not None and not contract.has_declarer and self.declarer is not None:
            found.append(Problem("Declarer", f"contract {spec.contract_token(contract)} has no declarer, found {self.declarer}"))
        if self.declarer is not None and self.declarer not in spec.active:
            found.append(Problem("Declarer", f"unknown seat {self.declarer!r} (expected one of {' '.join(spec.active)})"))
        for seat, names in self.figures.items():
            if seat not in spec.active:
                found.append(Problem("Figures", f"unknown seat {seat!r} (expected one of {' '.join(spec.active)})"))
            for name in names:
                if name not in FIGURES:
                    found.append(Problem("Figures", f"unknown figure {name!r} (expected one of {' '.join(FIGURES)})"))
                elif contract is None:
                    found.append(Problem("Figures", f"figure {name} needs a Contract"))
                elif self.game in ("asszorti", "altiansz"):
                    found.append(Problem("Figures", f"{self.game} has no figures (found {name})"))
                elif not allowed(name, contract, self.options):
                    found.append(Problem("Figures", not_allowed_reason(name, contract, self.options)))
                elif name in HELD_CARD_FIGURES and not self.hands.get(seat, 0) >> self._held_card(name) & 1:
                    card = self.pack.card_name(self._held_card(name))
                    found.append(Problem("Figures", f"{seat} announces {name} but does not hold {card}"))
        for seat, kinds in self.declared.items():
            if seat not in spec.active:
                found.append(Problem("Melds", f"unknown seat {seat!r} (expected one of {' '.join(spec.active)})"))
            for kind in kinds:
                if kind not in MELD_KINDS:
                    found.append(Problem("Melds", f"unknown meld kind {kind!r} (expected {', '.join(MELD_KINDS)} or none)"))
        if self.play and contract is None:
            found.append(Problem("Play", "a Play section needs a Contract"))
        return found

    def _play_problems(self) -> list[Problem]:
        if self.play_leader is not None and self.play_leader != self.first_leader:
            return [Problem("Play", f"the first trick is led by {self.first_leader}, found {self.play_leader}")]
        position = self.position()
        for index, card in enumerate(self.play):
            try:
                position.push(card)
            except IllegalPlay as error:
                return [Problem("Play", str(error), index)]
        return []
