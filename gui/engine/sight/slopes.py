"""The directions from a grid point to the points of one octant around it, numbered by slope
(issue 38): every slope v / u with 0 <= v <= u <= order, in order, is a bit, so what a wall or
a square hides from the point is a run of bits."""

from __future__ import annotations

import functools


class Slopes:
    """The slopes v / u in [0, 1] with u at most `order`, each a bit numbered in increasing
    order (equal fractions are one bit). `at[u][v]` is the bit of v / u for v <= u, and
    `count` (one past the last bit) for any v > u: a slope beyond the octant."""

    def __init__(self, order: int) -> None:
        # Floats of fractions with denominators this small are distinct for distinct
        # fractions and equal for equal ones (each is the rounding of the same real).
        values = sorted({v / u for u in range(1, order + 1) for v in range(u + 1)})
        self.count = count = len(values)
        rank = {value: bit for bit, value in enumerate(values)}
        self.at = [[count]] + [
            [rank[v / u] for v in range(u + 1)] + [count] * (order + 2 - u)
            for u in range(1, order + 1)
        ]
        # Each bit's fraction in lowest terms, to find a point back from its bit.
        self.fraction = [(0, 1)] * count
        for u in range(order, 0, -1):
            for v in range(u + 1):
                self.fraction[self.at[u][v]] = (v, u)


@functools.lru_cache(maxsize=4)
def slopes(order: int) -> Slopes:
    """The table of one order, built at its first use (a few milliseconds for 100)."""
    return Slopes(order)
