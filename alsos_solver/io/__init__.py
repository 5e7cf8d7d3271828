"""The deal format: read and write deal files (docs/format.md)."""

from .errors import DealFormatError, DealFormatWarning
from .reader import iter_deals, load, loads
from .writer import dump, dumps

__all__ = ["DealFormatError", "DealFormatWarning", "dump", "dumps", "iter_deals", "load", "loads"]
