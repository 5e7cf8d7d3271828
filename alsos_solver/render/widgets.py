"""The small pieces every terminal view is made of: a card and a suit in their colours,
the marks for yes and no, a game won or lost."""

from __future__ import annotations

from rich.text import Text

from ..cards import SUIT_SYMBOLS, Card, CardSet, Pack, cards_of
from ..deal import Deal
from ..rules import Kind
from ..words import counted
from .layout import contract_prefix

_suit_letters = False


def use_suit_letters(letters: bool) -> None:
    """Show suits by their letters from now on (an output that cannot encode the symbols)."""
    global _suit_letters
    _suit_letters = letters

SUIT_STYLES = ("bold", "bold red", "bold yellow", "bold green")
"""Suit colours by suit index: acorns plain, hearts red, bells yellow, leaves green (the
French pack gets the same four-colour scheme: spades, hearts, diamonds, clubs)."""

YES = Text("✓", style="bold green")
NO = Text("✗", style="red")


def suit_symbol(pack: Pack, suit: int) -> Text:
    """The suit's symbol in its colour (a styled span, so text added after it is plain),
    or its letter where the output cannot show the symbol."""
    symbols = pack.suits if _suit_letters else SUIT_SYMBOLS[pack.name]
    return Text.assemble((symbols[suit], SUIT_STYLES[suit]))


def card_text(pack: Pack, card: Card) -> Text:
    """``♥X``: the suit symbol in colour, then the rank letter."""
    return suit_symbol(pack, pack.suit_of(card)) + Text(pack.ranks[pack.rank_of(card)])


def cards_text(pack: Pack, cards: CardSet) -> Text:
    """Cards in pack order, separated by spaces."""
    return Text(" ").join(card_text(pack, card) for card in cards_of(cards))


def mark(value: bool) -> Text:
    return YES.copy() if value else NO.copy()


def marks(answers: dict[str, bool], between: str = " ") -> Text:
    """``A ✓ B ✗ C ✗``: each name (a seat, a contract) with its answer."""
    return Text(between).join(Text(f"{name} ") + mark(ok) for name, ok in answers.items())


def won_text(won: bool) -> Text:
    """``won ✓`` or ``lost ✗``, the game for the declarer."""
    return Text("won ", style="bold green") + mark(True) if won else Text("lost ", style="bold red") + mark(False)


def contract_text(deal: Deal) -> Text:
    """``♥ hearts`` for a trump game (Altiansz: ``game-ultimo ♥ hearts``; Asszorti's bids
    but 3: ``2 ♥ hearts``), else the token (``NT``, ``1 NT``, ``BETLI``, ``KLOPITZKY``);
    ``none`` without a contract."""
    contract = deal.contract
    if contract is None:
        return Text("none", style="dim")
    if contract.kind is not Kind.TRUMP:
        return Text(deal.game.contract_token(contract), style="bold")
    suit = suit_symbol(deal.pack, contract.trump) + " " + Text(deal.pack.suit_names[contract.trump], style="bold")
    prefix = contract_prefix(contract)
    return Text.assemble((f"{prefix} ", "bold"), suit) if prefix else suit


def token_text(pack: Pack, token: str) -> Text:
    """A card token (``'PX'``) as ``♥X`` in colour."""
    return card_text(pack, pack.parse_card(token))


def tokens_text(pack: Pack, tokens: list[str]) -> Text:
    return Text(" ").join(token_text(pack, token) for token in tokens)


def contract_label(deal: Deal, token: str) -> Text:
    """A contract token of the deal's game: ``♥ hearts`` for a suit, else the token
    without a contract name (Altiansz's ``game NT`` is ``NT``)."""
    contract = deal.game.parse_contract(token)
    if contract.kind is not Kind.TRUMP:
        return Text(token.removeprefix(f"{contract.name} ") if contract.name else token)
    return suit_symbol(deal.pack, contract.trump) + Text(f" {deal.pack.suit_names[contract.trump]}")


TITLES = {
    "solve": "Double-dummy result",
    "cards": "Card values",
    "line": "Optimal line",
    "table": "Contract table",
    "announcements": "Best announcements",
    "review": "Play review",
    "scores": "Scores",
    "exchange": "Exchange",
}
"""Each analysis's heading, by its JSON key."""


def heading(key: str, detail: str = "") -> Text:
    text = Text(TITLES[key], style="bold underline")
    return text + Text(f" · {detail}" if detail else "", style="bold")


def footer(*parts: str) -> Text:
    return Text(", ".join(parts), style="dim")


def stats(nodes: int, seconds: float) -> str:
    return f"{counted(nodes, 'node')}, {seconds:.3f} s"


def percent(value: float) -> str:
    return f"{100 * value:.1f}%"
