"""Points as bitsets (issue 38): the sweep keeps the points it reaches as one int per grid line,
a bit for each point across it, and they come back out as squares run by run."""

from __future__ import annotations

from itertools import repeat

from gui.engine.grid.squares import Cell

# The cells of the map looked at: columns x0 to x1 - 1 and rows y0 to y1 - 1.
Bounds = tuple[int, int, int, int]

# Points by grid line: keyed by their coordinate on one axis, a bitset of their coordinate
# across less the bounds' low end across (x0 or y0).
Bits = dict[int, int]


def ones(bits: int, low: int) -> list[int]:
    """The coordinates of a bitset's bits (bit 0 at `low`)."""
    out = []
    while bits:
        bit = bits & -bits
        bits ^= bit
        out.append(low + bit.bit_length() - 1)
    return out


def add_squares(seen: set[Cell], lines: Bits, axis: int, bounds: Bounds) -> None:
    """Add the four squares round each point of `lines` (keyed by their coordinate on `axis`)
    within `bounds`: a strip of squares between two grid lines takes the points of both, and
    each square across the points on either side of it."""
    low, high = bounds[axis], bounds[axis + 2]
    across, keep = bounds[1 - axis], (1 << (bounds[3 - axis] - bounds[1 - axis])) - 1
    for strip in range(low, high):
        points = lines.get(strip, 0) | lines.get(strip + 1, 0)
        squares = (points | points >> 1) & keep
        while squares:
            bit = squares & -squares
            past = squares + bit  # the run's bits cleared, the one after it set
            squares &= past
            rows = range(across + bit.bit_length() - 1, across + (past & -past).bit_length() - 1)
            seen.update(zip(repeat(strip), rows) if axis == 0 else zip(rows, repeat(strip)))
