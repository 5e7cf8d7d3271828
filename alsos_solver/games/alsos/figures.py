"""The figures: names in files, English aliases, where each is allowed, thresholds, values.

Source: rules-notes 'Figures' and seed 003 'Figures'; the variant figures from 000/003.
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from ...cards import HUNGARIAN, Card
from ...rules.contract import Contract, Kind
from ...rules.options import AlsosOptions
from ...spelling import plain


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
        Figure("szazegy", "111", 3, True, "szazegy"),
        Figure("szazhusz", "120", 4, True, "szazhusz"),
        Figure("uhu", "uhu", 2, False, "uhu"),
        Figure("nyolcas", "eight", 1, False, "nyolcas"),
    )
}
"""Back values: seed 003 (111 worth 3, 120 worth 4, uhu valued as ultimó, 'Variations');
the Eight 2 from the front, 1 from the back (seed 000)."""
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
    if name in FIGURES:
        return name
    try:
        return ALIASES[plain(name)]
    except KeyError:
        raise ValueError(f"unknown figure {name!r} (expected one of {' '.join(FIGURES)})") from None


def allowed(name: str, contract: Contract, options: AlsosOptions) -> bool:
    """Whether the figure can be announced in this contract under these options (the
    Tompa rules have no volát: seed 003)."""
    figure = FIGURES[name]
    if figure.variant is not None and not getattr(options, figure.variant):
        return False
    if name == "volat" and options.rules == "tompa":
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
    if name == "volat" and options.rules == "tompa":
        return "figure volat is not played under the Tompa rules (docs/rules.md)"
    kind = "no-trump" if contract.kind is Kind.NO_TRUMP else contract.kind.value
    return f"figure {name} is not allowed in a {kind} contract (the figures of each contract: docs/rules.md)"


POINT_LADDER = ("abszolut", "szaz", "szazegy", "szazhusz")
"""The point figures counted in tricks alone, in the only order a player may announce them
(seed 003 'Variations': 'a smaller figure in this group could not be announced after a
larger one')."""
FRONT = "front"
BACK = "back"


def rounds(name: str, two_players: bool) -> tuple[str, ...]:
    """The rounds in which a figure may be announced: volát from the back only (seed 003);
    in the two-player game abszolút from the front only (seed 003, 'Two-Player Game')."""
    if name == "volat":
        return (BACK,)
    if two_players and name == "abszolut":
        return (FRONT,)
    return (FRONT, BACK)


def announced_value(name: str, front: bool, two_players: bool = False, options: AlsosOptions | None = None) -> int:
    """A figure's base value: its back value, twice that from the front; in the
    two-player game abszolút, announced from the front only, is worth 1 (seed 003, Tompa
    rules F5: 'when announced then Abszolút scores only 1 point, not 2'); under the Tompa
    rules 44 is worth 2 (F5)."""
    value = FIGURES[name].value
    if name == "negyvennegy" and options is not None and options.rules == "tompa":
        value = 2
    if two_players and name == "abszolut":
        return value
    return value * 2 if front else value


def threshold(name: str, contract: Contract, options: AlsosOptions) -> int:
    """The points a figure of :data:`POINT_THRESHOLDS` needs; under the Tompa rules 100
    and 200 need MORE than 100 and 200 (seed 003, Tompa rules F5)."""
    trump_game, no_trump = POINT_THRESHOLDS[name]
    needed = trump_game if contract.kind is Kind.TRUMP else no_trump
    return needed + 1 if options.rules == "tompa" and name in ("szaz", "ketszaz") else needed


def announcement_problems(names: Collection[str], front: Collection[str], *, declarer: bool, holds_bela: bool) -> list[str]:
    """Why one player's announcements break the rules (empty if they do not): ``names``
    his figures, ``front`` those said from the front (rules-notes 'Figures'; seeds 000
    and 003):

    * abszolút and 100 (80) are never announced in the same round;
    * abszolút, 100, 111 and 120 only in ascending order: none from the back after a
      higher one from the front;
    * the declarer announces kassza only holding béla;
    * nobody announces both ultimó and the Eight."""
    found = []
    said = [name for name in POINT_LADDER if name in names]
    if "abszolut" in said and "szaz" in said and (("abszolut" in front) == ("szaz" in front)):
        how = "from the front" if "abszolut" in front else "from the back"
        found.append(f"abszolut and szaz are both announced {how}: abszolút and 100 may not be announced in the same round")
    for low, high in itertools.combinations(said, 2):
        if high in front and low not in front:
            found.append(f"{low} is announced from the back after {high} from the front: abszolút, 100, 111 and 120 are announced in ascending order only")
    if declarer and "kassza" in names and not holds_bela:
        found.append("the declarer announces kassza without béla (the trump King and Over in his hand)")
    if "ultimo" in names and "nyolcas" in names:
        found.append("ultimo and nyolcas are both announced: one player may not announce both ultimó and the Eight")
    return found


def best_rounds(
    names: Sequence[str], front_open: bool, two_players: bool = False, options: AlsosOptions | None = None
) -> tuple[int, tuple[str, ...]] | None:
    """The most one player's figures are worth together, announced in rounds the rules
    allow, and which of them are then said from the front; None when no allowed plan
    announces them all. Without ``front_open`` (the front round is over) every figure is
    said from the back. Kassza and béla are not judged here (see
    :func:`announcement_problems`)."""
    best: tuple[int, tuple[str, ...]] | None = None
    choices = [[r for r in rounds(name, two_players) if front_open or r == BACK] for name in names]
    for plan in itertools.product(*choices):
        front = tuple(name for name, r in zip(names, plan) if r == FRONT)
        if announcement_problems(names, front, declarer=False, holds_bela=True):
            continue
        value = sum(announced_value(name, r == FRONT, two_players, options) for name, r in zip(names, plan))
        if best is None or value > best[0]:
            best = value, front
    return best
