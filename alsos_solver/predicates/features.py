"""The predicate language's vocabulary: features of the cards of a place, bound to a game.

A *place* is a seat that plays (its letter), ``declarer``, ``defenders`` (the seats that
play against the declarer, their cards together) or ``talon`` (the cards in no hand). A
feature's value depends on the cards and on the :class:`Context`: the game (pack, seats),
the contract (point tables, trump suit, melds), the declarer and the rule options.

Most features are sums (or maxima) of one value per suit; the dealer's smart path relies
on that (:attr:`Feature.combine`), so a feature says so when it is one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from ..cards import Card, CardSet
from ..deal import Deal
from ..games.base import Game
from ..melds import Meld
from ..rules import AlsosOptions, Contract, Kind
from .errors import NotApplicable, PredicateError

Type = Literal["int", "bool"]
"""The two types of the language: numbers and conditions (true/false)."""

TALON = "talon"
DECLARER = "declarer"
DEFENDERS = "defenders"


@dataclass(frozen=True)
class Context:
    """What a feature's value depends on besides the cards. Places are numbered: the
    game's seats in playing order, then the talon (:attr:`places`)."""

    spec: Game
    contract: Contract | None = None
    declarer: str | None = None
    options: AlsosOptions = field(default_factory=AlsosOptions)

    @classmethod
    def of_deal(cls, deal: Deal) -> Context:
        return cls(deal.game, deal.contract, deal.declarer, deal.options)

    @property
    def places(self) -> tuple[str, ...]:
        return (*self.spec.seats, TALON)

    def cards(self, deal: Deal) -> tuple[CardSet, ...]:
        """The cards of each place of a deal; the talon is the cards in no hand."""
        hands = tuple(deal.hands.get(seat, 0) for seat in self.spec.seats)
        in_hands = 0
        for hand in hands:
            in_hands |= hand
        return (*hands, self.spec.pack.full & ~in_hands)

    def place(self, name: str, one_hand: bool) -> tuple[int, ...]:
        """The place indices a place name stands for (several for ``defenders``).

        ``one_hand``: the feature reads one hand (melds), so ``talon`` and ``defenders``
        are refused. PredicateError for a name that is no place of the game; NotApplicable
        for ``declarer`` or ``defenders`` without a declarer.
        """
        spec = self.spec
        seats = f"a seat {_either(spec.active)}"
        expected = f"{seats} or {DECLARER}" if one_hand else f"{seats}, {DECLARER}, {DEFENDERS} or {TALON}"
        if one_hand and name in (TALON, DEFENDERS):
            raise PredicateError("", None, f"melds are held in one hand, found {name} (expected {expected})")
        if name == TALON:
            return (len(spec.seats),)
        if name in (DECLARER, DEFENDERS):
            if self.declarer is None:
                raise NotApplicable("", None, f"{name} needs a declarer, and there is none")
            seats = self.declarer if name == DECLARER else spec.active.replace(self.declarer, "")
            return tuple(spec.seat_index(seat) for seat in seats)
        if len(name) == 1 and name in spec.active:
            return (spec.seat_index(name),)
        if len(name) == 1 and name in spec.seats:
            raise PredicateError("", None, f"seat {name} sits out in {spec.name} and holds no cards (expected {expected})")
        raise PredicateError("", None, f"unknown place {name!r} (expected {expected})")

    def suit(self, name: str) -> int:
        suits = self.spec.pack.suits
        if len(name) == 1 and name in suits:
            return suits.index(name)
        raise PredicateError("", None, f"unknown suit {name!r} (expected {_either(suits)})")

    def card(self, name: str) -> Card:
        try:
            return self.spec.pack.parse_card(name)
        except ValueError as error:
            raise PredicateError("", None, str(error)) from None

    def trump(self) -> int:
        """The trump suit; NotApplicable without a trump contract."""
        if self.contract is None or self.contract.kind is not Kind.TRUMP:
            found = "no contract" if self.contract is None else f"contract {self.spec.contract_token(self.contract)}"
            raise NotApplicable("", None, f"needs a trump contract, found {found}")
        assert self.contract.trump is not None
        return self.contract.trump

    def point_table(self) -> tuple[int, ...]:
        """Each card's points under the contract; NotApplicable when it has none."""
        if self.contract is None:
            raise NotApplicable("", None, "needs a contract: card points depend on it")
        table = self.spec.trick_rules(self.contract, self.options).points
        if not any(table):
            token = self.spec.contract_token(self.contract)
            raise NotApplicable("", None, f"{self.spec.name} {token} is not played for card points")
        return table

    def held_melds(self) -> Callable[[CardSet], tuple[Meld, ...]]:
        """The melds a hand holds under the contract, as the game counts them
        (:meth:`~alsos_solver.games.base.Game.hand_melds`: Alsós's or Altiansz's own).

        PredicateError in a game without melds; NotApplicable without a contract that has them.
        """
        spec, contract, options = self.spec, self.contract, self.options
        if not spec.meld_kinds:
            raise PredicateError("", None, f"{spec.name} has no melds")
        if contract is None or not contract.is_point_game:
            found = "no contract" if contract is None else f"contract {spec.contract_token(contract)}"
            raise NotApplicable("", None, f"melds are declared in trump and no-trump games, found {found}")
        return lambda cards: spec.hand_melds(cards, contract, options)


def _either(letters: str) -> str:
    return ", ".join(letters[:-1]) + " or " + letters[-1]


SuitValue = Callable[[int, CardSet], int]
"""A feature's value for the cards of one suit: (suit index, those cards) -> value."""
HandValue = Callable[[CardSet], int]
"""A feature's value for any cards."""


@dataclass(frozen=True)
class Feature:
    """One function of the language: ``name(place)`` or ``name(place, argument)``.

    ``argument`` is ``'suit'`` (a suit letter), ``'card'`` (a card) or None. A feature
    whose value is ``combine`` ('sum' or 'max') of its values per suit gives ``per_suit``,
    a factory of a :data:`SuitValue`; any other gives ``whole``, a factory of a
    :data:`HandValue`. Factories run once per binding; they raise the errors of what the
    context lacks. ``one_hand``: the feature reads a single hand (the melds).
    """

    name: str
    argument: Literal["suit", "card"] | None
    type: Type
    doc: str
    combine: Literal["sum", "max"] | None = None
    per_suit: Callable[[Context, int | None], SuitValue] | None = None
    whole: Callable[[Context, int | None], HandValue] | None = None
    one_hand: bool = False

    @property
    def signature(self) -> str:
        return f"{self.name}(P{'' if self.argument is None else ', ' + self.argument[0].upper()})"


def _points(context: Context, _: int | None) -> SuitValue:
    table = context.point_table()
    return lambda suit, cards: sum(table[card] for card in _cards(cards))


def _trumps(context: Context, _: int | None) -> SuitValue:
    trump = context.trump()
    return lambda suit, cards: cards.bit_count() if suit == trump else 0


def _length(context: Context, wanted: int | None) -> SuitValue:
    return lambda suit, cards: cards.bit_count() if suit == wanted else 0


def _has(context: Context, card: int | None) -> SuitValue:
    assert card is not None
    return lambda suit, cards: cards >> card & 1


def _bela(context: Context, _: int | None) -> SuitValue:
    """The trump King and Over, where the game counts them as a meld (béla)."""
    held = context.held_melds()
    trump = context.trump()
    pack = context.spec.pack
    pair = sum(1 << pack.card(trump, pack.rank_index(letter)) for letter in "KO")
    if not any(meld.cards == pair for meld in held(pair)):
        raise PredicateError("", None, f"{context.spec.name} has no béla (the trump King and Over are no meld of it)")
    return lambda suit, cards: int(cards & pair == pair)


def _sequences(context: Context) -> Callable[[CardSet], list[Meld]]:
    """The sequences a hand holds, in the game's order for each suit."""
    held = context.held_melds()
    return lambda cards: [meld for meld in held(cards) if meld.kind == "sequence"]


def _sequence(context: Context, _: int | None) -> SuitValue:
    sequences = _sequences(context)
    return lambda suit, cards: max((meld.cards.bit_count() for meld in sequences(cards)), default=0)


def _sequence_points(context: Context, _: int | None) -> SuitValue:
    sequences = _sequences(context)
    return lambda suit, cards: sum(meld.points for meld in sequences(cards))


def _vannak(context: Context, _: int | None) -> HandValue:
    held = context.held_melds()
    return lambda cards: sum(meld.kind == "vannak" for meld in held(cards))


def _meld_points(context: Context, _: int | None) -> HandValue:
    held = context.held_melds()
    return lambda cards: sum(meld.points for meld in held(cards))


def _cards(mask: CardSet) -> list[Card]:
    return [card for card in range(mask.bit_length()) if mask >> card & 1]


FEATURES: dict[str, Feature] = {
    feature.name: feature
    for feature in (
        Feature("points", None, "int", "card points held, by the contract's point table (trump or no-trump); "
                "the last trick's bonus is not a card's. Needs a contract played for card points",
                "sum", per_suit=_points),
        Feature("trumps", None, "int", "trumps held. Needs a trump contract", "sum", per_suit=_trumps),
        Feature("len", "suit", "int", "cards held of suit S", "sum", per_suit=_length),
        Feature("has", "card", "bool", "whether card C is held", "sum", per_suit=_has),
        Feature("bela", None, "bool", "whether the trump King and Over (béla) are held. Needs a trump contract",
                "sum", per_suit=_bela, one_hand=True),
        Feature("sequence", None, "int", "cards in the longest sequence held (3 or more in a row in one suit, "
                "in the game's order), 0 if none", "max", per_suit=_sequence, one_hand=True),
        Feature("sequence_points", None, "int", "points of every sequence held (Alsós: terc 20, kvart 50, kvint "
                "or longer 100; Altiansz: 30, 50, 100), before the contest", "sum", per_suit=_sequence_points,
                one_hand=True),
        Feature("vannak", None, "int", "fours of a kind held that are vannak under the game, contract and variant",
                whole=_vannak, one_hand=True),
        Feature("meld_points", None, "int", "points of every meld held, as the game counts them (Alsós: "
                "sequences, vannak 80, béla 20, before the contests; Altiansz: its own melds, 20s and béla 40 "
                "included, whether or not the contract scores them)", whole=_meld_points, one_hand=True),
    )
}
"""The language's functions by name; docs/predicates.md describes them for users."""
