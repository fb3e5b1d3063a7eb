"""Points as bitsets (issue 38): the sweep keeps the points it reaches as one int per grid line,
a bit for each point across it, and they come back out as squares run by run."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import repeat
from typing import TypeVar

from gui.engine.grid.squares import Cell

# The cells of the map looked at: columns x0 to x1 - 1 and rows y0 to y1 - 1.
Bounds = tuple[int, int, int, int]

# Points by grid line: keyed by their coordinate on one axis, a bitset of their coordinate
# across less the bounds' low end across (x0 or y0).
Bits = dict[int, int]

T = TypeVar("T")


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


class SquareRows:
    """Squares by row, each row a bitset of its columns (bit 0: the least column): whether a
    box holds one of them is asked row by row, not square by square (P14: a thousand tokens
    and the map's zones against what the players see, at every move)."""

    def __init__(self, cells: Iterable[Cell]) -> None:
        rows: dict[int, int] = {}
        cells = list(cells)
        self.base = base = min(x for x, _ in cells) if cells else 0
        for x, y in cells:
            rows[y] = rows.get(y, 0) | 1 << (x - base)
        self.rows = rows

    @classmethod
    def of_runs(cls, runs: Mapping[str, list[int]]) -> SquareRows:
        """The squares kept as runs by row (`Map.explored`), without a square made."""
        out = cls(())
        found = [(int(row), columns) for row, columns in runs.items() if columns]
        if found:
            out.base = base = min(columns[0] for _, columns in found)
            for y, columns in found:
                bits = 0
                for k in range(0, len(columns), 2):
                    first, last = columns[k] - base, columns[k + 1] - base
                    bits |= ((1 << (last - first + 1)) - 1) << first
                out.rows[y] = bits
        return out

    def meets(self, x0: int, y0: int, x1: int, y1: int) -> bool:
        """Whether one of the squares is in columns x0 to x1 - 1, rows y0 to y1 - 1."""
        low, high = max(x0 - self.base, 0), x1 - self.base
        if high <= low:
            return False
        mask = ((1 << (high - low)) - 1) << low
        get = self.rows.get
        return any(get(y, 0) & mask for y in range(y0, y1))

    def near(self, wide: int, placed: Iterable[tuple[T, Cell]]) -> list[tuple[T, Cell]]:
        """The items of `placed` (an item and a square) such that a box `wide` squares on a
        side with its top left corner at that square holds one of the squares: a quick
        test of a thousand tokens' places."""
        rows, base = self.rows, self.base
        spread: dict[int, int] = {}
        for y, bits in rows.items():
            for step in range(wide):
                spread[y - step] = spread.get(y - step, 0) | bits
        for y, bits in spread.items():
            bits <<= wide - 1  # bit 0: the column base - (wide - 1)
            out = bits
            for step in range(1, wide):
                out |= bits >> step
            spread[y] = out
        low = base - (wide - 1)
        get = spread.get
        return [
            (item, at) for item, at in placed if at[0] >= low and get(at[1], 0) >> (at[0] - low) & 1
        ]
