"""The dealer: random deals with fixed cards and a condition, reproducible from a seed and
uniform among the deals that meet them (the ``deal`` command)."""

from .dealing import DEFAULT_MAX_TRIES, Dealer, Strategy, deal, write_deals
from .errors import DealerError, FixError, ImpossibleError, TriesExhausted
from .fixes import Fix, Layout, layout, parse_fix

__all__ = [
    "DEFAULT_MAX_TRIES", "Dealer", "DealerError", "Fix", "FixError", "ImpossibleError", "Layout",
    "Strategy", "TriesExhausted", "deal", "layout", "parse_fix", "write_deals",
]
