"""The score record every game writes: each item of a deal (the game, each announced
figure) with its value and who scores it, the slate and the net payments."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..deal import KONTRA_NAMES

DECLARER, DEFENDERS = "declarer", "defenders"
"""The sides an item is scored for."""


@dataclass(frozen=True)
class ItemScore:
    """One item: ``item`` is ``'game'`` or ``'SEAT:figure'``; ``side`` the announcer's side
    (``'declarer'``/``'defenders'``, None in klopitzky); ``made``; ``base`` its value before
    kontras (front doubling included); ``front``; ``kontra`` its levels (``'fb'``);
    ``value`` with the kontras; ``scorer`` the side that scores it: ``'declarer'`` or
    ``'defenders'``, in klopitzky ``'others'`` (every seat but the payers) or None (3-3-3,
    nobody); ``payers`` (klopitzky) the seats that pay."""

    item: str
    side: str | None
    made: bool | None
    base: int
    front: bool
    kontra: str
    value: int
    scorer: str | None
    payers: tuple[str, ...] = ()
    factors: tuple[int, ...] = ()
    """Each kontra level's factor, as the game scores it (Alsós: x4 from the front, x2 from the back)."""

    def to_json(self) -> dict:
        data = {
            "item": self.item, "side": self.side, "made": self.made, "value": self.value,
            "base": self.base, "front": self.front, "kontra": self.kontra, "scorer": self.scorer,
        }
        if self.item == "game" and self.side is None:
            data["payers"] = list(self.payers)
        return data

    def line(self) -> str:
        outcome = self.outcome()
        if outcome is not None:
            return f"{'klopitzky':<14} {'':<9} {outcome:<12} {self.value:>5}"
        made = "made" if self.made else "failed"
        how = [f"base {self.base}" + (" (front)" if self.front else "")]
        how += [f"{name} ({side}) x{factor}" for name, side, factor in self.levels()]
        return f"{self.item:<14} {self.side:<9} {made:<12} {self.value:>5}   for the {self.scorer}; {', '.join(how)}"

    def outcome(self) -> str | None:
        """An item that no side scores (klopitzky), in words: who pays (``B C pay``,
        ``nobody pays``); None for an item made or failed."""
        if self.side is not None:
            return None
        return f"{' '.join(self.payers)} pay{'s' if len(self.payers) == 1 else ''}" if self.payers else "nobody pays"

    def how(self) -> str:
        """How the value comes about, in short: ``2 front, kontra back x2``."""
        levels = [f"{name} {side} x{factor}" for name, side, factor in self.levels()]
        return ", ".join([f"{self.base}" + (" front" if self.front else ""), *levels])

    def levels(self) -> list[tuple[str, str, int]]:
        """Each kontra level said on the item: its name, the round it was said in, its factor."""
        return [(KONTRA_NAMES[i], "front" if c == "f" else "back", factor)
                for i, (c, factor) in enumerate(zip(self.kontra, self.factors))]


@dataclass
class Scores:
    """The scores of a deal: items in order (the game, then each seat's figures), the slate
    (each seat's written score), the net payment per seat (sums to 0).

    Double-dummy only (:func:`double_dummy_scores`): ``together`` says, per side, whether
    it can make in one line of play all the items it is credited with making (None where
    the core could not ask it); absent when no side is credited with two items."""

    contract: str
    declarer: str | None
    items: list[ItemScore]
    slate: dict[str, int]
    net: dict[str, int]
    together: dict[str, bool | None] = field(default_factory=dict)

    def to_json(self) -> dict:
        data = {
            "contract": self.contract,
            "declarer": self.declarer,
            "items": [item.to_json() for item in self.items],
            "slate": dict(self.slate),
            "net": dict(self.net),
        }
        if self.together:
            data["together"] = dict(self.together)
        return data

    def lines(self) -> list[str]:
        head = f"Contract {self.contract}" + (f", declarer {self.declarer}" if self.declarer else "")
        result = [head] + ["  " + item.line() for item in self.items]
        result.append("slate: " + "  ".join(f"{seat} {points}" for seat, points in self.slate.items()))
        result.append("net:   " + "  ".join(f"{seat} {points:+d}" for seat, points in self.net.items()))
        for side, can in self.together.items():
            verdict = "unknown (too large for the core)" if can is None else "yes" if can else "NO: the net is not guaranteed"
            result.append(f"{side}: all items credited to them made in one line of play: {verdict}")
        return result
