"""The predicate language's syntax: tokens, the tree, and a recursive-descent parser that
checks types as it builds (docs/predicates.md has the grammar).

Every node keeps its span in the text (``start``, ``end``: 0-based, end exclusive), so an
error can point at it and a part of an expression can be shown as its own text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import ClassVar, NamedTuple

from .errors import PredicateError
from .features import FEATURES, Type

KEYWORDS = ("and", "or", "not", "true", "false")
COMPARISONS = ("<", "<=", ">", ">=", "==", "!=")
MAX_LENGTH = 10_000
"""The longest expression read, in characters."""
MAX_DEPTH = 50
"""The deepest nesting of parentheses, ``not`` and unary ``-`` read: no text makes the
parser (or the evaluation of its tree) recurse without bound."""

_TOKEN = re.compile(
    r"(?P<int>\d+)|(?P<name>[A-Za-z_][A-Za-z0-9_]*)|(?P<op><=|>=|==|!=|[<>()+\-,])|(?P<bad>\S)"
)
_SPACES = re.compile(r"\s*")
_HINTS = {"=": "write == to compare", "&": "write and", "|": "write or", "!": "write not, or != to compare"}


class Token(NamedTuple):
    kind: str  # 'int' | 'name' | 'op' | 'end'
    text: str
    start: int


@dataclass(frozen=True)
class Node:
    """A node of the tree; ``TYPE`` is its type where the kind of node fixes it."""

    TYPE: ClassVar[Type] = "bool"
    start: int
    end: int

    @property
    def type(self) -> Type:
        return self.TYPE


@dataclass(frozen=True)
class Const(Node):
    value: int | bool

    @property
    def type(self) -> Type:
        return "bool" if isinstance(self.value, bool) else "int"


@dataclass(frozen=True)
class Arg:
    """An argument of a call: a place, suit or card name, bound against a game later."""

    text: str
    start: int


@dataclass(frozen=True)
class Call(Node):
    name: str
    args: tuple[Arg, ...]

    @property
    def type(self) -> Type:
        return FEATURES[self.name].type


@dataclass(frozen=True)
class Negate(Node):
    TYPE = "int"
    operand: Node


@dataclass(frozen=True)
class Sum(Node):
    """Numbers added and subtracted: ``terms`` are (sign, node), the first sign ``+``."""

    TYPE = "int"
    terms: tuple[tuple[str, Node], ...]


@dataclass(frozen=True)
class Compare(Node):
    """One comparison of two numbers (or ``==``/``!=`` of two conditions)."""

    op: str
    left: Node
    right: Node


@dataclass(frozen=True)
class Not(Node):
    operand: Node


@dataclass(frozen=True)
class Junction(Node):
    """``and`` or ``or`` over two or more conditions."""

    op: str
    items: tuple[Node, ...]


def tokenize(text: str) -> list[Token]:
    """The tokens of the text, ending with an ``end`` token; PredicateError on a stray character."""
    tokens, pos = [], _SPACES.match(text).end()
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        assert match is not None and match.lastgroup is not None
        if match.lastgroup == "bad":
            char = match.group()
            hint = f"; {_HINTS[char]}" if char in _HINTS else ""
            raise PredicateError(text, pos + 1, f"expected a number, a name, an operator or a parenthesis, found {char!r}{hint}")
        tokens.append(Token(match.lastgroup, match.group(), pos))
        pos = _SPACES.match(text, match.end()).end()
    tokens.append(Token("end", "", len(text)))
    return tokens


def parse_tree(text: str) -> Node:
    """The checked tree of an expression; PredicateError at the first mistake."""
    if len(text) > MAX_LENGTH:
        raise PredicateError(text, None, f"expression longer than {MAX_LENGTH} characters")
    return _Parser(text).parse()


def describe(type_: Type) -> str:
    return "a number" if type_ == "int" else "a condition (true/false)"


class _Parser:
    """Precedence, loosest first: ``or``, ``and``, ``not``, comparisons (chained as in
    ``2 <= trumps(B) <= 4``), ``+ -``, unary ``-``, then numbers, ``true``/``false``,
    calls and parentheses."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = tokenize(text)
        self.index = 0
        self.depth = 0

    @property
    def token(self) -> Token:
        return self.tokens[self.index]

    def advance(self) -> Token:
        token = self.token
        self.index += 1
        return token

    def at(self, *texts: str) -> bool:
        return self.token.kind in ("op", "name") and self.token.text in texts

    def error(self, token: Token, expected: str) -> PredicateError:
        found = "the end" if token.kind == "end" else repr(token.text)
        return PredicateError(self.text, token.start + 1, f"expected {expected}, found {found}")

    def require(self, node: Node, type_: Type, what: str, at: int) -> None:
        """A type error at ``at`` unless ``node`` is of ``type_``."""
        if node.type != type_:
            shown = self.text[node.start:node.end]
            raise PredicateError(self.text, at + 1, f"{what} takes {describe(type_)}, found {describe(node.type)}: {shown}")

    @contextmanager
    def nested(self, token: Token) -> Iterator[None]:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise PredicateError(self.text, token.start + 1, f"expected at most {MAX_DEPTH} levels of parentheses, not and unary -, found more")
        yield
        self.depth -= 1

    def parse(self) -> Node:
        node = self.disjunction()
        if self.token.kind != "end":
            expected = "an operator (+ -), a comparison, and, or" if node.type == "int" else "and, or"
            raise self.error(self.token, f"{expected} or the end")
        return node

    def junction(self, op: str, operand: Callable[[], Node]) -> Node:
        first = operand()
        items = [first]
        while self.at(op):
            token = self.advance()
            self.require(items[-1], "bool", f"'{op}'", token.start)
            right = operand()
            self.require(right, "bool", f"'{op}'", token.start)
            items.append(right)
        if len(items) == 1:
            return first
        return Junction(first.start, items[-1].end, op, tuple(items))

    def disjunction(self) -> Node:
        return self.junction("or", self.conjunction)

    def conjunction(self) -> Node:
        return self.junction("and", self.negation)

    def prefixed(self, op: str, operand: Callable[[], Node], otherwise: Callable[[], Node], type_: Type, make: type[Not] | type[Negate]) -> Node:
        """``op operand`` (``not``, unary ``-``) when the next token is ``op``, else ``otherwise()``."""
        if not self.at(op):
            return otherwise()
        token = self.advance()
        with self.nested(token):
            inner = operand()
        self.require(inner, type_, f"'{op}'", token.start)
        return make(token.start, inner.end, inner)

    def negation(self) -> Node:
        return self.prefixed("not", self.negation, self.comparison, "bool", Not)

    def comparison(self) -> Node:
        """``a < b < c`` is ``a < b and b < c``; ``==`` and ``!=`` also compare conditions."""
        left = self.sum()
        parts = []
        while self.token.kind == "op" and self.token.text in COMPARISONS:
            token = self.advance()
            right = self.sum()
            if token.text in ("==", "!="):
                if left.type != right.type:
                    shown = self.text[left.start:right.end]
                    raise PredicateError(self.text, token.start + 1, f"'{token.text}' compares two numbers or two conditions, found {describe(left.type)} and {describe(right.type)}: {shown}")
            else:
                self.require(left, "int", f"'{token.text}'", token.start)
                self.require(right, "int", f"'{token.text}'", token.start)
            parts.append(Compare(left.start, right.end, token.text, left, right))
            left = right
        if not parts:
            return left
        if len(parts) == 1:
            return parts[0]
        return Junction(parts[0].start, parts[-1].end, "and", tuple(parts))

    def sum(self) -> Node:
        first = self.unary()
        terms = [("+", first)]
        while self.at("+", "-"):
            token = self.advance()
            right = self.unary()
            self.require(terms[-1][1], "int", f"'{token.text}'", token.start)
            self.require(right, "int", f"'{token.text}'", token.start)
            terms.append((token.text, right))
        if len(terms) == 1:
            return first
        return Sum(first.start, terms[-1][1].end, tuple(terms))

    def unary(self) -> Node:
        return self.prefixed("-", self.unary, self.primary, "int", Negate)

    def primary(self) -> Node:
        token = self.token
        if token.kind == "int":
            self.advance()
            return Const(token.start, token.start + len(token.text), int(token.text))
        if self.at("true", "false"):
            self.advance()
            return Const(token.start, token.start + len(token.text), token.text == "true")
        if self.at("("):
            return self.parenthesised()
        if token.kind == "name" and token.text not in KEYWORDS:
            return self.call()
        raise self.error(token, "a number, true, false, a feature such as points(A), 'not' or '('")

    def parenthesised(self) -> Node:
        opening = self.advance()
        with self.nested(opening):
            inner = self.disjunction()
        if not self.at(")"):
            raise self.error(self.token, f"')' to close the '(' of column {opening.start + 1}")
        closing = self.advance()
        return replace(inner, start=opening.start, end=closing.start + 1)

    def call(self) -> Node:
        name = self.advance()
        feature = FEATURES.get(name.text)
        if feature is None:
            raise PredicateError(self.text, name.start + 1, f"unknown feature {name.text!r} (expected one of {', '.join(FEATURES)})")
        if not self.at("("):
            raise self.error(self.token, f"'(' after {name.text}: {feature.signature}")
        self.advance()
        kinds = ["place"] + ([] if feature.argument is None else [feature.argument])
        args = []
        for position, kind in enumerate(kinds):
            if position:
                if not self.at(","):
                    raise self.error(self.token, f"',' and a {kind}: {feature.signature}")
                self.advance()
            token = self.token
            if token.kind != "name":
                raise self.error(token, f"a {kind} name: {feature.signature}")
            args.append(Arg(self.advance().text, token.start))
        if not self.at(")"):
            raise self.error(self.token, f"')' after {len(kinds)} argument{'s' if len(kinds) > 1 else ''}: {feature.signature}")
        closing = self.advance()
        return Call(name.start, closing.start + 1, name.text, tuple(args))

