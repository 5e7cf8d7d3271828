"""Hypothesis strategies for random sound deals, reusable by any test.

``deals()`` draws a deal of any game (or of the games given): a shuffled pack, an optional
dealer, talon, contract with its declarer, rule options, figures the deal accepts, declared
melds, other tags, and a random legal play prefix made with :meth:`Position.legal_moves`.
Every deal drawn has no :meth:`Deal.problems`.

Strategies are built once (``cache``) and choices drawn as indices into one integer
strategy: building strategies inside a draw is what makes hypothesis slow.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import get_args

from hypothesis import strategies as st

from alsos_solver.cards import CardSet, cards_of
from alsos_solver.deal import Deal
from alsos_solver.games import GAMES, Game
from alsos_solver.games.alsos.figures import FIGURES
from alsos_solver.io.reader import CORE_TAGS
from alsos_solver.melds import MELD_KINDS
from alsos_solver.rules import AlsosOptions, Contract
from alsos_solver.rules.options import BetliOrder, RuleSet, VannakRule

_CHOICES = st.integers(0, 35)
"""An index into a list of at most 36 choices (the largest pack), taken modulo its length."""


def contract_tokens(spec: Game) -> list[str]:
    """Every ``Contract`` tag value that the game's :meth:`Game.parse_contract` accepts, as
    the writer spells it: each strain (a suit letter, ``NT``), then each of the game's named
    contracts (:attr:`Game.contract_names`) alone or before each strain."""
    strains = [*spec.pack.suits, "NT"]
    named = [token for name in spec.contract_names for token in (name, *(f"{name} {strain}" for strain in strains))]
    return [token for token in strains + named if _parses(spec, token)]


def _parses(spec: Game, token: str) -> bool:
    try:
        spec.parse_contract(token)
    except ValueError:
        return False
    return True


@cache
def contracts(spec: Game) -> st.SearchStrategy[Contract]:
    return st.sampled_from(contract_tokens(spec)).map(spec.parse_contract)


@cache
def options() -> st.SearchStrategy[AlsosOptions]:
    return st.builds(
        AlsosOptions,
        betli_order=st.sampled_from(get_args(BetliOrder)),
        klopitzky_order=st.sampled_from(get_args(BetliOrder)),
        vannak=st.sampled_from(get_args(VannakRule)),
        szazegy=st.booleans(),
        szazhusz=st.booleans(),
        uhu=st.booleans(),
        nyolcas=st.booleans(),
        rules=st.sampled_from(get_args(RuleSet)),
        mordkontra=st.booleans(),
    )


@cache
def tag_values() -> st.SearchStrategy[str]:
    """One-line text: quotes, backslashes, braces and non-ASCII included."""
    return st.text(st.characters(blacklist_characters="\n\r\0", blacklist_categories=("Cs",)), max_size=12)


@cache
def other_tags() -> st.SearchStrategy[dict[str, str]]:
    names = st.from_regex(r"[A-Za-z0-9_]{1,8}", fullmatch=True).filter(lambda name: name not in CORE_TAGS)
    return st.dictionaries(names, tag_values(), max_size=3)


@cache
def _shuffles(size: int) -> st.SearchStrategy[list[int]]:
    return st.permutations(range(size))


@st.composite
def hands(draw: st.DrawFn, spec: Game) -> tuple[dict[str, CardSet], CardSet]:
    """A shuffled pack dealt to the seats that play (a seat that sits out holds 0); the
    rest is the talon."""
    order = draw(_shuffles(spec.pack.size))
    dealt: dict[str, CardSet] = {}
    for seat in spec.seats:
        dealt[seat] = 0
        if seat in spec.active:
            for card in order[:spec.hand_size]:
                dealt[seat] |= 1 << card
            order = order[spec.hand_size:]
    return dealt, sum(1 << card for card in order)


@st.composite
def some(draw: st.DrawFn, items: tuple[str, ...] | list[str] | str, min_size: int = 0) -> tuple[str, ...]:
    """Distinct items in a random order: ``min_size`` to three of them."""
    pool = list(items)
    size = min_size + draw(_CHOICES) % (min(3, len(pool)) - min_size + 1)
    return tuple(pool.pop(draw(_CHOICES) % len(pool)) for _ in range(size))


@st.composite
def figures(draw: st.DrawFn, deal: Deal) -> dict[str, tuple[str, ...]]:
    """Figures for some seats: each one a figure the deal accepts on its own."""
    result = {}
    for seat in draw(some(deal.game.active)):
        names = [name for name in FIGURES if not replace(deal, figures={seat: (name,)}).problems()]
        if names:
            chosen = draw(some(names, min_size=1))
            result[seat] = _allowed_together(deal, seat, chosen)
    return result


def _allowed_together(deal: Deal, seat: str, names: tuple[str, ...]) -> tuple[str, ...]:
    """Of ``names``, in order, each one that the rules allow beside those kept before it."""
    kept: tuple[str, ...] = ()
    for name in names:
        if not replace(deal, figures={seat: (*kept, name)}).problems():
            kept += (name,)
    return kept


@st.composite
def legal_play(draw: st.DrawFn, deal: Deal) -> list[int]:
    """A legal play prefix of any length from the deal's first lead."""
    position = deal.position()
    length = draw(_CHOICES) % (len(deal.game.active) * deal.game.hand_size + 1)
    play = []
    for _ in range(length):
        legal = list(cards_of(position.legal_moves()))
        card = legal[draw(_CHOICES) % len(legal)]
        position.push(card)
        play.append(card)
    return play


@st.composite
def deals(draw: st.DrawFn, games: tuple[str, ...] = tuple(GAMES)) -> Deal:
    """A random sound deal of one of ``games`` (see the module docstring)."""
    spec = GAMES[draw(st.sampled_from(games))]
    dealt, talon = draw(hands(spec))
    contract = draw(st.none() | contracts(spec))
    has_declarer = contract is not None and contract.has_declarer
    deal = Deal(
        hands=dealt,
        game=spec,
        dealer=draw(st.none() | st.just(spec.default_dealer)),
        talon=draw(st.sampled_from([None, talon])),
        contract=contract,
        declarer=draw(st.sampled_from(spec.active)) if has_declarer else None,
        options=allowed_options(draw(options()), spec, contract),
        declared={seat: draw(some(MELD_KINDS)) for seat in draw(some(spec.active))} if spec.meld_kinds else {},
        tags=draw(other_tags()),
    )
    if contract is not None:
        deal.figures = draw(figures(deal))
        deal.play = draw(legal_play(deal))
        deal.play_leader = deal.first_leader if deal.play else None
    return deal


def allowed_options(options: AlsosOptions, spec: Game, contract: Contract | None) -> AlsosOptions:
    """The options the game has (:attr:`Game.variants`; the others at their defaults),
    and the Tompa rules only in trump games (else the standard rules)."""
    options = AlsosOptions(**{name: getattr(options, name) for name in spec.variants})
    if options.rules == "tompa" and contract is not None and contract.trump is None:
        return replace(options, rules="standard")
    return options
