"""Expressions bound to a game: trees become functions of the cards of the places.

Binding resolves the names (seats, suits, cards) against a :class:`Context`, builds each
feature once as an :class:`Atom` (a table per suit where the feature is a sum or maximum
over suits), and compiles the tree into a function of the atoms' values. The dealer reads
the atoms to count hands suit by suit (:mod:`alsos_solver.dealer`).
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from ..cards import CardSet
from ..deal import Deal
from .errors import PredicateError
from .features import FEATURES, Context, Feature, HandValue, Type
from .syntax import Call, Compare, Const, Junction, Negate, Node, Not, Sum, describe, parse_tree

Value = int | bool
Formula = Callable[[Sequence[int]], Value]
"""A function of the atoms' values, in the order of :attr:`Bound.atoms`."""

T = TypeVar("T")

_COMPARE = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge, "==": operator.eq, "!=": operator.ne}


@dataclass(frozen=True)
class Atom:
    """One feature of one place (of several: their cards together), bound to a context.

    ``suit_tables[s][bits]`` is the feature's value for the cards of suit ``s`` given as
    the suit's rank bits; the hand's value is ``feature.combine`` of them. A feature that
    is no sum or maximum over suits has ``whole`` instead.
    """

    feature: Feature
    places: tuple[int, ...]
    suit_tables: tuple[tuple[int, ...], ...] | None
    whole: HandValue | None
    suit_size: int

    def value(self, cards: Sequence[CardSet]) -> int:
        """The value for the cards of every place (indexed as :attr:`Context.places`)."""
        hand = 0
        for place in self.places:
            hand |= cards[place]
        return self.of_hand(hand)

    def of_hand(self, hand: CardSet) -> int:
        if self.suit_tables is None:
            assert self.whole is not None
            return self.whole(hand)
        return self.combine(self.suit_values(hand))

    def suit_values(self, hand: CardSet) -> list[int]:
        assert self.suit_tables is not None
        size, mask = self.suit_size, (1 << self.suit_size) - 1
        return [table[hand >> (suit * size) & mask] for suit, table in enumerate(self.suit_tables)]

    def combine(self, values: Sequence[int]) -> int:
        return sum(values) if self.feature.combine == "sum" else max(values)


@dataclass(frozen=True)
class Bound:
    """An expression bound to a context: ``bound(cards)`` is its value for the cards of
    the places, ``bound.formula(values)`` for the values of its atoms."""

    text: str
    type: Type
    atoms: tuple[Atom, ...]
    formula: Formula

    @property
    def places(self) -> frozenset[int]:
        """The places whose cards the value depends on."""
        return frozenset(place for atom in self.atoms for place in atom.places)

    def __call__(self, cards: Sequence[CardSet]) -> Value:
        return self.formula([atom.value(cards) for atom in self.atoms])

    def of_deal(self, deal: Deal, context: Context) -> Value:
        """The value for a deal (``context`` is the one bound to, normally ``Context.of_deal(deal)``)."""
        return self(context.cards(deal))


@dataclass(frozen=True)
class Expression:
    """A parsed, type-checked expression: the whole ``text`` and the ``node`` of it this
    expression is (a part of a larger one after :meth:`conjuncts`)."""

    text: str
    node: Node

    @classmethod
    def parse(cls, text: str, want: Type | None = None) -> Expression:
        """Parse ``text``; with ``want``, it must be of that type. PredicateError if not."""
        node = parse_tree(text)
        if want is not None and node.type != want:
            hint = " (compare it, e.g. points(A) >= 40)" if want == "bool" else ""
            raise PredicateError(text, node.start + 1, f"expected {describe(want)}, found {describe(node.type)}{hint}")
        return cls(text, node)

    @property
    def type(self) -> Type:
        return self.node.type

    @property
    def source(self) -> str:
        return self.text[self.node.start:self.node.end]

    def conjuncts(self) -> list[Expression]:
        """The parts joined by a top-level ``and``, nested ``and`` and chained comparisons
        opened up (the expression alone if none)."""
        if isinstance(self.node, Junction) and self.node.op == "and":
            return [part for item in self.node.items for part in Expression(self.text, item).conjuncts()]
        return [self]

    def bind(self, context: Context) -> Bound:
        """The expression as a function of the cards; PredicateError (NotApplicable)
        where a name is no place, suit or card of the game, or the context lacks what a
        feature needs."""
        return bind_all([self], context)


def bind_all(parts: Sequence[Expression], context: Context) -> Bound:
    """The conjunction of ``parts`` (parts of one text) bound as one: atoms shared."""
    assert parts
    binder = _Binder(parts[0].text, context)
    formulas = [binder.compile(part.node) for part in parts]
    if len(formulas) == 1:
        formula, type_ = formulas[0], parts[0].type
    else:
        formula, type_ = (lambda values: all(f(values) for f in formulas)), "bool"
    text = " and ".join(part.source for part in parts)
    return Bound(text, type_, tuple(binder.atoms), formula)


class _Binder:
    def __init__(self, text: str, context: Context) -> None:
        self.text = text
        self.context = context
        self.atoms: list[Atom] = []
        self.index: dict[tuple, int] = {}

    def compile(self, node: Node) -> Formula:
        if isinstance(node, Const):
            value = node.value
            return lambda values: value
        if isinstance(node, Call):
            index = self.atom(node)
            get = operator.itemgetter(index)
            return (lambda values: get(values) != 0) if node.type == "bool" else get
        if isinstance(node, Negate):
            inner = self.compile(node.operand)
            return lambda values: -inner(values)
        if isinstance(node, Sum):
            terms = [(1 if sign == "+" else -1, self.compile(term)) for sign, term in node.terms]
            return lambda values: sum(sign * term(values) for sign, term in terms)
        if isinstance(node, Compare):
            compare, left, right = _COMPARE[node.op], self.compile(node.left), self.compile(node.right)
            return lambda values: compare(left(values), right(values))
        if isinstance(node, Not):
            inner = self.compile(node.operand)
            return lambda values: not inner(values)
        assert isinstance(node, Junction)
        items = [self.compile(item) for item in node.items]
        if node.op == "and":
            return lambda values: all(item(values) for item in items)
        return lambda values: any(item(values) for item in items)

    def atom(self, call: Call) -> int:
        """The index of the call's atom, built on first use."""
        feature = FEATURES[call.name]
        place, *rest = call.args
        context = self.context
        places = self.located(place.start, lambda: context.place(place.text, feature.one_hand))
        argument = None
        if rest:
            (arg,) = rest
            parse = context.suit if feature.argument == "suit" else context.card
            argument = self.located(arg.start, lambda: parse(arg.text))
        key = (call.name, places, argument)
        if key not in self.index:
            self.index[key] = len(self.atoms)
            self.atoms.append(self.located(call.start, lambda: self.build(feature, places, argument), call))
        return self.index[key]

    def build(self, feature: Feature, places: tuple[int, ...], argument: int | None) -> Atom:
        pack = self.context.spec.pack
        size = pack.suit_size
        if feature.per_suit is None:
            assert feature.whole is not None
            return Atom(feature, places, None, feature.whole(self.context, argument), size)
        value = feature.per_suit(self.context, argument)
        tables = tuple(
            tuple(value(suit, bits << pack.card(suit, 0)) for bits in range(1 << size))
            for suit in range(len(pack.suits))
        )
        return Atom(feature, places, tables, None, size)

    def located(self, start: int, build: Callable[[], T], call: Call | None = None) -> T:
        """``build()``, its errors placed at ``start`` (and named by the call's text)."""
        try:
            return build()
        except PredicateError as error:
            prefix = "" if call is None else f"{self.text[call.start:call.end]}: "
            raise type(error)(self.text, start + 1, prefix + error.message) from None
