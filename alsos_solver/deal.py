"""The deal: hands, talon, contract, declarer, announced figures, rule options, the play.

A :class:`Deal` is plain data; :meth:`Deal.problems` lists every way it breaks the rules
at once (python-chess style), and :meth:`Deal.position` starts the play from it.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Protocol

from .cards import Card, CardSet, Pack
from .errors import UnsoundDeal
from .position import IllegalPlay, Position
from .rules import AlsosOptions, Contract, Kind, TrickRules

KONTRA_NAMES = ("kontra", "rekontra", "szubkontra", "hirskontra", "mordkontra")
"""The kontra levels in order; each is said from the front (``f``) or the back (``b``)."""


class GameRules(Protocol):
    """What a deal asks of its game (:class:`alsos_solver.games.base.Game` is one): the
    sizes and seats of its deal, its rules of play, and its judgement of the rest."""

    name: str
    pack: Pack
    seats: str
    active: str
    hand_size: int
    default_dealer: str

    def trick_rules(self, contract: Contract, options: AlsosOptions) -> TrickRules: ...

    def first_leader(self, contract: Contract, declarer: str | None, options: AlsosOptions) -> str: ...

    def contract_token(self, contract: Contract) -> str: ...

    def holds(self, deal: Deal) -> dict[Card, int]: ...

    def problems(self, deal: Deal) -> list[Problem]: ...

    def is_front(self, deal: Deal, seat: str, name: str) -> bool: ...

    def max_kontra(self, options: AlsosOptions) -> int: ...

    def deal_text(self, deal: Deal) -> str: ...


@functools.cache
def trick_rules(game: GameRules, contract: Contract, options: AlsosOptions) -> TrickRules:
    """A game's rules of trick play for a contract (immutable, so built once)."""
    return game.trick_rules(contract, options)


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a deal: the tag it is in, and a sentence for a person."""

    tag: str
    message: str
    play_index: int | None = None  # for a Play problem: the index of the offending card


@dataclass
class Deal:
    """A deal of one of the games (``game``: one of :mod:`alsos_solver.games`, found by
    name with :func:`~alsos_solver.games.find_game`).

    ``hands`` maps every seat of the game to its hand when the first card is led (after
    any exchange); ``declared`` overrides which meld kinds a seat declares (a seat not in
    it declares everything that scores); ``tags`` keeps other tags (Event, ...) in order.

    ``front`` lists, per seat, the announced figures (of ``figures``) said from the front
    (a figure not in it is from the back); ``kontra`` maps an item, ``'game'`` or
    ``'SEAT:figure'``, to its kontra levels in order, one letter each, ``f`` said from the
    front and ``b`` from the back (``'fb'``: kontra from the front, rekontra from the back).
    ``dealt``, ``indicator`` and ``talon_top`` (all three or none) are the deal as dealt,
    before any trump exchange: the hands, the face-up trump indicator and the face-up top
    card of the talon; the three hidden talon cards are the rest of the pack.
    ``main_line`` is a puzzle's main line (the trick lines after its ``Solution`` tag): the
    cards played after the Play section, legal in turn.
    """

    hands: dict[str, CardSet]
    game: GameRules
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
    front: dict[str, tuple[str, ...]] = field(default_factory=dict)
    kontra: dict[str, str] = field(default_factory=dict)
    dealt: dict[str, CardSet] | None = None
    indicator: Card | None = None
    talon_top: Card | None = None
    main_line: list[Card] = field(default_factory=list)

    def __str__(self) -> str:
        """The deal as the writer writes it (docs/format.md, 'What the writer writes'): its
        tag pairs and trick lines, cards in the format's notation. ValueError for a deal the
        writer cannot write (a tag name it could not read back)."""
        return self.game.deal_text(self)

    @property
    def pack(self) -> Pack:
        return self.game.pack

    @property
    def rules(self) -> TrickRules:
        if self.contract is None:
            raise ValueError("the deal has no contract")
        return trick_rules(self.game, self.contract, self.options)

    @property
    def first_leader(self) -> str:
        if self.contract is None:
            raise ValueError("the deal has no contract")
        return self.game.first_leader(self.contract, self.declarer, self.options)

    @property
    def active_hands(self) -> list[CardSet]:
        """The hands of the seats that play, in playing order."""
        return [self.hands.get(seat, 0) for seat in self.game.active]

    @property
    def in_play(self) -> CardSet:
        result = 0
        for hand in self.hands.values():
            result |= hand
        return result

    def holds(self) -> dict[Card, int]:
        """Cards kept back by what was announced, each mapped to the trick (0-based) it is
        kept for: before it the holder may play it only when it is his only legal card,
        to it he must play it when the duties to follow and to trump allow (the game's
        :meth:`~alsos_solver.games.base.Game.holds`: ultimó, the Eight)."""
        return self.game.holds(self)

    def position(self) -> Position:
        """The position at the first lead (the Play section is not applied)."""
        active = self.game.active
        return Position(self.rules, self.active_hands, active.index(self.first_leader), self.holds())

    def played_position(self) -> Position:
        """The position after the Play section; IllegalPlay if it breaks the rules."""
        position = self.position()
        for card in self.play:
            position.push(card)
        return position

    def problems(self) -> list[Problem]:
        """Everything wrong with the deal, all at once; empty when it is sound."""
        spec, pack = self.game, self.pack
        found, seen = self.hand_problems(self.hands, "Deal", "holds")
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
        elif self.dealer is not None and self.dealer != spec.default_dealer:
            found.append(Problem("Dealer", f"dealer {self.dealer} contradicts the seat convention: in {self.game} "
                                           f"{spec.default_dealer} deals, seats are named from the dealer "
                                           "(docs/format.md, 'Seats')"))
        found += self._contract_problems()
        found += self.game.problems(self)
        if not found and self.play:
            found += self._play_problems()
        return found

    def check(self) -> None:
        """UnsoundDeal naming the deal's first problem, if it has one."""
        problems = self.problems()
        if problems:
            raise UnsoundDeal(f"the deal has problems: {problems[0].tag}: {problems[0].message}")

    def hand_problems(self, hands: dict[str, CardSet], tag: str, verb: str) -> tuple[list[Problem], CardSet]:
        """Unknown seats, hands of the wrong size, cards twice; and every card in them
        (``tag``: where the hands are, ``verb``: how a seat came by them)."""
        spec, pack = self.game, self.pack
        found = [
            Problem(tag, f"unknown seat {seat!r} (expected one of {' '.join(spec.seats)})")
            for seat in hands if seat not in spec.seats
        ]
        seen = 0
        for seat in spec.seats:
            hand = hands.get(seat, 0)
            size = spec.hand_size if seat in spec.active else 0
            if hand.bit_count() != size:
                found.append(Problem(tag, f"seat {seat} {verb} {hand.bit_count()} cards, expected {size}"))
            if hand & seen:
                twice = " ".join(pack.card_name(c) for c in range(pack.size) if (hand & seen) >> c & 1)
                found.append(Problem(tag, f"card {twice} dealt twice (again to seat {seat})"))
            seen |= hand
        return found, seen

    def _contract_problems(self) -> list[Problem]:
        spec, found = self.game, []
        contract = self.contract
        if contract is not None and contract.has_declarer and self.declarer is None:
            found.append(Problem("Contract", f"contract {spec.contract_token(contract)} needs a Declarer tag"))
        if contract is None and self.declarer is not None:
            found.append(Problem("Declarer", f"Declarer {self.declarer} without a Contract (a declarer plays a contract)"))
        if contract is not None and not contract.has_declarer and self.declarer is not None:
            found.append(Problem("Declarer", f"contract {spec.contract_token(contract)} has no declarer, found {self.declarer}"))
        if self.declarer is not None and self.declarer not in spec.active:
            found.append(Problem("Declarer", f"unknown seat {self.declarer!r} (expected one of {' '.join(spec.active)})"))
        if self.play and contract is None:
            found.append(Problem("Play", "a Play section needs a Contract"))
        return found

    def holds_bela(self, seat: str) -> bool:
        """The seat holds the trump King and Over at the first lead (trump games)."""
        if self.contract is None or self.contract.kind is not Kind.TRUMP:
            return False
        pack, trump = self.pack, self.contract.trump
        bela = sum(1 << pack.card(trump, pack.rank_index(rank)) for rank in "KO")
        return self.hands.get(seat, 0) & bela == bela

    def is_front(self, seat: str, name: str) -> bool:
        """Whether ``seat``'s figure ``name`` was announced from the front (the game may
        say so without the ``Front`` tag: :meth:`~alsos_solver.games.base.Game.is_front`)."""
        return self.game.is_front(self, seat, name)

    def max_kontra(self) -> int:
        """The most kontra levels the game allows on one item (0: no kontras)."""
        return self.game.max_kontra(self.options)

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

