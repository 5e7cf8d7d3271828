"""The deal format: read and write deal files (docs/format.md)."""

from .errors import DealFormatError, DealFormatWarning
from .reader import TagValue, iter_deals, iter_tag_blocks, load, loads
from .writer import dump, dumps

__all__ = ["DealFormatError", "DealFormatWarning", "TagValue", "dump", "dumps", "iter_deals", "iter_tag_blocks", "load", "loads"]
