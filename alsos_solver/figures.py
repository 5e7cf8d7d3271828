"""The figures: names in files, English aliases, where each is allowed, thresholds, values.

Source: rules-notes 'Figures' and seed 003 'Figures'; the variant figures from 000/003.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import HUNGARIAN, Card
from .rules.contract import Contract, Kind
from .rules.options import AlsosOptions
from .spelling import plain


@dataclass(frozen=True)
class Figure:
    """A figure: file name, English alias, back value (front is twice), and whether it is
    allowed in no-trump games and which variant option (if any) enables it."""

    name: str
    english: str
    value: int
    in_no_trump: bool
    variant: str | None = None


FIGURES: dict[str, Figure] = {
    f.name: f
    for f in (
        Figure("kassza", "marriage", 1, False),
        Figure("abszolut", "absolute", 1, True),
        Figure("szaz", "100", 2, True),
        Figure("ketszaz", "200", 1, True),
        Figure("negyvennegy", "four-aces", 1, True),
        Figure("tuletroa", "all-three", 1, False),
        Figure("ultimo", "ulti", 2, False),
        Figure("csalad", "family", 1, False),
        Figure("osszes_adu", "the-six", 2, False),
        Figure("volat", "all-tricks", 5, True),
        Figure("szazegy", "111", 2, True, "szazegy"),
        Figure("szazhusz", "120", 2, True, "szazhusz"),
        Figure("uhu", "uhu", 2, False, "uhu"),
        Figure("nyolcas", "eight", 2, False, "nyolcas"),
    )
}
ALIASES: dict[str, str] = {f.english: f.name for f in FIGURES.values()} | {n: n for n in FIGURES}

POINT_THRESHOLDS: dict[str, tuple[int, int]] = {
    "abszolut": (82, 66),
    "szaz": (100, 80),
    "szazegy": (111, 91),
    "szazhusz": (120, 100),
    "ketszaz": (200, 180),
}
"""Points needed (trump game, no-trump). All but ketszaz count tricks only; ketszaz adds
the announcer's scoring melds."""


TRICKS_BEFORE_LAST = {"ultimo": 0, "uhu": 1, "nyolcas": 1}
"""The figures won with one card in one trick: that trick, counted back from the last."""
HELD = ("ultimo", "nyolcas")
"""Of those, the ones whose card the announcer must keep for that trick unless it is his
only legal card (rules-notes 'Ultimó'; nyolcas: seed 000)."""


def trick_card(name: str, trump: int) -> Card:
    """The card of a figure of :data:`TRICKS_BEFORE_LAST`: ultimó the trump 7, nyolcas the
    trump 8, uhu the ace of bells, of hearts when bells are trumps (seed 003)."""
    pack = HUNGARIAN
    if name in HELD:
        return pack.card(trump, pack.rank_index("7" if name == "ultimo" else "8"))
    bells = pack.suits.index("T")
    return pack.card(pack.suits.index("P") if trump == bells else bells, 0)


def canonical(name: str) -> str:
    """The file name of a figure given either name, in any case, accents or not
    (``Abszolút`` is ``abszolut``: :func:`~alsos_solver.spelling.plain`); ValueError if unknown."""
    try:
        return ALIASES[plain(name)]
    except KeyError:
        raise ValueError(f"unknown figure {name!r} (expected one of {' '.join(FIGURES)})") from None


def allowed(name: str, contract: Contract, options: AlsosOptions) -> bool:
    """Whether the figure can be announced in this contract under these options."""
    figure = FIGURES[name]
    if figure.variant is not None and not getattr(options, figure.variant):
        return False
    if contract.kind is Kind.TRUMP:
        return True
    return contract.kind is Kind.NO_TRUMP and figure.in_no_trump


def allowed_figures(contract: Contract, options: AlsosOptions) -> list[str]:
    return [name for name in FIGURES if allowed(name, contract, options)]


def not_allowed_reason(name: str, contract: Contract, options: AlsosOptions) -> str:
    """Why :func:`allowed` said no, for an error message."""
    figure = FIGURES[name]
    if figure.variant is not None and not getattr(options, figure.variant):
        return f"figure {name} is a variant: it needs [Variant \"{figure.variant}=on\"] (docs/rules.md, 'Variants')"
    kind = "no-trump" if contract.kind is Kind.NO_TRUMP else contract.kind.value
    return f"figure {name} is not allowed in a {kind} contract (the figures of each contract: docs/rules.md)"
