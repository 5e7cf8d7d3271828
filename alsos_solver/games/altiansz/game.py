"""Altiansz as the library sees it: its rules (:mod:`.rules`), and what it answers with
beyond them (:mod:`.parts`: its questions, views and analyses, loaded on first use)."""

from __future__ import annotations

from dataclasses import dataclass

from ..base import GameParts
from .rules import AltianszRules


@dataclass(frozen=True, repr=False)
class AltianszGame(AltianszRules):
    """Altiansz: its rules and its parts."""

    def parts(self) -> GameParts:
        from .parts import PARTS

        return PARTS
