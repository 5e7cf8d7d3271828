"""Rule options: the variants of rules-notes, one typed object, parsed from ``[Variant "..."]``."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Literal

BetliOrder = Literal["potter", "sequence"]
VannakRule = Literal["any", "house", "no78"]
RuleSet = Literal["standard", "tompa"]

_TRUE = {"on", "true", "yes", "1"}
_FALSE = {"off", "false", "no", "0"}
_CHOICES: dict[str, tuple[str, ...]] = {
    "betli_order": ("potter", "sequence"),
    "klopitzky_order": ("potter", "sequence"),
    "vannak": ("any", "house", "no78"),
    "rules": ("standard", "tompa"),
}


@dataclass(frozen=True)
class AlsosOptions:
    """The Alsós rule options, defaults as in rules-notes.

    * ``betli_order``: card order in betli: ``potter`` A X K O U 9 8 7 (Potter;
      'Alsósjátékos' 1942), ``sequence`` A K O U X 9 8 7 (Miklós 1957; seed 000).
    * ``klopitzky_order``: card order in klopitzky, independent of betli's: ``potter``
      (seed 000 keeps klopitzky in the plain order), ``sequence`` (Miklós, 'presumably',
      seed 003).
    * ``vannak``: which fours of a kind count: ``any`` (Potter), ``house`` (seed 000: only
      U 9 A X K O in trump games, A X K O U in no-trump), ``no78`` (Tompa: not 7s or 8s).
    * ``szazegy`` (111 / no-trump 91), ``szazhusz`` (120 / 100), ``uhu`` (the penultimate
      trick, the 8th or in alsos-2 the 11th, with the ace of bells, of hearts if bells are
      trumps), ``nyolcas`` (the penultimate trick with the trump 8): the variant figures,
      off by default.
    * ``rules``: ``tompa`` for the Tompa two-player rules (alsos-2 only).
    * ``mordkontra``: a fifth kontra level.
    """

    betli_order: BetliOrder = "potter"
    klopitzky_order: BetliOrder = "potter"
    vannak: VannakRule = "any"
    szazegy: bool = False
    szazhusz: bool = False
    uhu: bool = False
    nyolcas: bool = False
    rules: RuleSet = "standard"
    mordkontra: bool = False

    @classmethod
    def from_variant(cls, text: str) -> AlsosOptions:
        """Parse ``name=value name=value``; ValueError names the bad item and what was expected."""
        options = cls()
        for item in text.split():
            name, sep, value = item.partition("=")
            options = options.with_option(name, value if sep else "")
        return options

    def with_option(self, name: str, value: str) -> AlsosOptions:
        """A copy with one option set from its text value; ValueError if unknown or bad."""
        kinds = {f.name: f.type for f in fields(self)}
        if name not in kinds:
            raise ValueError(f"unknown variant {name!r} (expected one of {', '.join(kinds)})")
        if name in _CHOICES:
            if value not in _CHOICES[name]:
                raise ValueError(f"variant {name} takes {' or '.join(_CHOICES[name])}, found {value!r}")
            return replace(self, **{name: value})
        if value.lower() in _TRUE:
            return replace(self, **{name: True})
        if value.lower() in _FALSE:
            return replace(self, **{name: False})
        raise ValueError(f"variant {name} takes on or off, found {value!r}")

    def to_variant(self) -> str:
        """The options that differ from the defaults, as a ``Variant`` tag value."""
        default = AlsosOptions()
        items = []
        for f in fields(self):
            value = getattr(self, f.name)
            if value != getattr(default, f.name):
                items.append(f"{f.name}={'on' if value is True else 'off' if value is False else value}")
        return " ".join(items)
