"""How sure a rate measured on samples is: the Wilson score interval."""

from __future__ import annotations

import math

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


def wilson(hits: int, count: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a rate ``hits / count`` (``count`` > 0): it stays in
    [0, 1] and is sound for small counts and for rates near 0 or 1."""
    rate = hits / count
    denominator = 1 + z * z / count
    centre = (rate + z * z / (2 * count)) / denominator
    half = z * math.sqrt(rate * (1 - rate) / count + z * z / (4 * count * count)) / denominator
    low = 0.0 if hits == 0 else max(0.0, centre - half)
    high = 1.0 if hits == count else min(1.0, centre + half)
    return low, high
