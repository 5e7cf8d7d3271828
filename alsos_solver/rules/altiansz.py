"""Altiansz: Hungarian cards, A and X 10, trump U 20, trump 9 10, last trick 10 (seed 004).

Betli has no trumps, order A K O U X 9 8 7, and a duty to beat the highest card of the
led suit when able. Klopitzky is a no-trump game for the fewest card points.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import HUNGARIAN
from .alsos import PLAIN_ORDER, SEQUENCE_ORDER, TRUMP_ORDER
from .contract import Contract, Kind
from .game import GameSpec
from .options import AlsosOptions
from .trick import TrickRules

CONTRACTS = (
    "solo", "ultimo", "golden-aces", "game", "game-trull", "game-ultimo", "game-sneak",
    "150", "absolute", "200", "betli", "volat", "klopitzky",
)
"""The contracts in ascending order (seed 004)."""
TRUMP_ONLY = ("ultimo", "golden-aces", "game-trull", "game-ultimo", "game-sneak")
"""Contracts in which the declarer must choose a trump suit (seed 004)."""
PLAIN_POINTS = {"A": 10, "X": 10}
TRUMP_POINTS = {"A": 10, "X": 10, "U": 20, "9": 10}


@dataclass(frozen=True)
class AltianszSpec(GameSpec):
    """Altiansz's named contracts (``game-ultimo P``, ``solo NT``, ``betli``), trick rules
    and first lead."""

    def parse_contract(self, text: str) -> Contract:
        words = text.split()
        name = words[0].lower() if words else ""
        if name not in CONTRACTS:
            raise ValueError(f"unknown altiansz contract {text!r} (expected one of {', '.join(CONTRACTS)})")
        if name in ("betli", "klopitzky"):
            if len(words) != 1:
                raise ValueError(f"altiansz {name} takes no suit, found {text!r}")
            return Contract(Kind[name.upper()], None, name)
        if len(words) != 2 or not (words[1].upper() == "NT" or words[1] in self.pack.suits):
            raise ValueError(f"altiansz contract {name} needs a suit letter or NT after it, found {text!r}")
        if words[1].upper() == "NT":
            if name in TRUMP_ONLY:
                raise ValueError(f"altiansz contract {name} needs a trump suit letter, found NT")
            return Contract(Kind.NO_TRUMP, None, name)
        return Contract(Kind.TRUMP, self.pack.suits.index(words[1]), name)

    def contract_token(self, contract: Contract) -> str:
        if contract.kind in (Kind.BETLI, Kind.KLOPITZKY):
            return contract.name or contract.kind.name.lower()
        suit = "NT" if contract.trump is None else self.pack.suits[contract.trump]
        return f"{contract.name} {suit}"

    def table_contracts(self) -> tuple[str, ...]:
        """The declarer's points in each trump suit and no-trump, as a game (the contracts
        he can make there are asked on each row); betli once."""
        return (*(f"game {suit}" for suit in self.pack.suits), "game NT", "betli")

    def trick_rules(self, contract: Contract, options: AlsosOptions) -> TrickRules:
        if contract.kind is Kind.BETLI:
            return TrickRules.build(HUNGARIAN, None, SEQUENCE_ORDER, must_beat=True)
        if contract.kind is Kind.KLOPITZKY:
            # a no-trump game for the fewest card points (seed 004)
            return TrickRules.build(HUNGARIAN, None, PLAIN_ORDER, plain_points=PLAIN_POINTS, last_trick_bonus=10)
        trump = contract.trump if contract.kind is Kind.TRUMP else None
        return TrickRules.build(HUNGARIAN, trump, PLAIN_ORDER, TRUMP_ORDER, PLAIN_POINTS, TRUMP_POINTS, 10)

    def first_lead(self, contract: Contract, declarer: int | None, options: AlsosOptions) -> int:
        """The declarer leads; in klopitzky seat A."""
        return 0 if declarer is None or contract.kind is Kind.KLOPITZKY else declarer
