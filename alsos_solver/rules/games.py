"""The games of the family, found by name: seats, pack, hand size, contracts, play rules."""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import FRENCH, HUNGARIAN, Pack
from . import alsos, altiansz, asszorti
from .contract import Contract, Kind
from .options import AlsosOptions
from .trick import TrickRules


@dataclass(frozen=True)
class GameSpec:
    """A game: its seats (in playing order), which of them play, hand and talon sizes."""

    name: str
    pack: Pack
    seats: str
    active: str
    hand_size: int
    talon_size: int
    default_dealer: str
    solvable: bool  # the solver's questions are written for it (the Alsós games, for now)

    def seat_index(self, seat: str) -> int:
        return self.seats.index(seat)

    def parse_contract(self, text: str) -> Contract:
        """A ``Contract`` tag value; ValueError says what this game expects."""
        if self.name == "altiansz":
            return _parse_altiansz(text, self.pack)
        upper = text.upper()
        if upper == "NT":
            return Contract(Kind.NO_TRUMP)
        if len(text) == 1 and text in self.pack.suits:
            return Contract(Kind.TRUMP, self.pack.suits.index(text))
        if self.name != "asszorti" and upper in ("BETLI", "KLOPITZKY"):
            return Contract(Kind[upper])
        expected = "a suit letter or NT" if self.name == "asszorti" else "a suit letter, NT, BETLI or KLOPITZKY"
        raise ValueError(f"unknown contract {text!r} for {self.name} (expected {expected})")

    def contract_token(self, contract: Contract) -> str:
        """The inverse of :meth:`parse_contract`."""
        suit = "NT" if contract.trump is None else self.pack.suits[contract.trump]
        if contract.name is not None:
            return contract.name if contract.kind in (Kind.BETLI, Kind.KLOPITZKY) else f"{contract.name} {suit}"
        if contract.kind in (Kind.BETLI, Kind.KLOPITZKY):
            return contract.kind.name
        return suit

    def trick_rules(self, contract: Contract, options: AlsosOptions) -> TrickRules:
        if self.name == "asszorti":
            return asszorti.trick_rules(contract)
        if self.name == "altiansz":
            return altiansz.trick_rules(contract)
        return alsos.trick_rules(contract, options)

    def first_leader(self, contract: Contract, declarer: str | None, options: AlsosOptions) -> str:
        """The seat that leads to the first trick (rules-notes, per game)."""
        index = None if declarer is None else self.active.index(declarer)
        if self.name == "asszorti":
            lead = asszorti.first_leader(index)
        elif self.name == "altiansz":
            lead = altiansz.first_leader(contract, index)
        else:
            lead = alsos.first_leader(contract, index, len(self.active), options)
        return self.active[lead]


def _parse_altiansz(text: str, pack: Pack) -> Contract:
    words = text.split()
    name = words[0].lower() if words else ""
    if name not in altiansz.CONTRACTS:
        raise ValueError(f"unknown altiansz contract {text!r} (expected one of {', '.join(altiansz.CONTRACTS)})")
    if name in ("betli", "klopitzky"):
        if len(words) != 1:
            raise ValueError(f"altiansz {name} takes no suit, found {text!r}")
        return Contract(Kind[name.upper()], None, name)
    if len(words) != 2 or not (words[1].upper() == "NT" or words[1] in pack.suits):
        raise ValueError(f"altiansz contract {name} needs a suit letter or NT after it, found {text!r}")
    if words[1].upper() == "NT":
        if name in altiansz.TRUMP_ONLY:
            raise ValueError(f"altiansz contract {name} needs a trump suit letter, found NT")
        return Contract(Kind.NO_TRUMP, None, name)
    return Contract(Kind.TRUMP, pack.suits.index(words[1]), name)


GAMES: dict[str, GameSpec] = {
    spec.name: spec
    for spec in (
        GameSpec("alsos", HUNGARIAN, "ABC", "ABC", 9, 5, "C", True),
        GameSpec("alsos-2", HUNGARIAN, "AB", "AB", 12, 8, "B", True),
        GameSpec("alsos-4", HUNGARIAN, "ABCD", "ABC", 9, 5, "D", True),
        GameSpec("asszorti", FRENCH, "ABC", "ABC", 11, 3, "C", False),
        GameSpec("altiansz", HUNGARIAN, "ABC", "ABC", 9, 5, "C", False),
    )
}


SOLVABLE = tuple(name for name, spec in GAMES.items() if spec.solvable)


def game_spec(name: str) -> GameSpec:
    """The game of that name; ValueError lists the known ones."""
    try:
        return GAMES[name]
    except KeyError:
        raise ValueError(f"unknown game {name!r} (expected one of {', '.join(GAMES)})") from None
