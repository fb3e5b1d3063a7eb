"""What blocks sight on a board (issue 38): the solid walls, solid squares and the grid points
they touch, by row and by column, sorted, so that a sweep away from a point reads only what
stands in the directions it still sees; and round each such point, which of its places are
solid, to tell at once whether a line going through it is closed. Built once per board."""

from __future__ import annotations

import weakref

from gui.engine.grid.board import HORIZONTAL, VERTICAL, Board, Obstruction
from gui.engine.grid.squares import Point
from gui.engine.sight.runs import Bits

SOLID = Obstruction.SOLID

Index = dict[int, list[int]]


class Along:
    """The solid things met going along one axis (0: x, 1: y), each keyed by its coordinate on
    that axis and listed by its coordinate on the other: `across` the edges lying across the
    axis on the grid line at that coordinate, `along` the edges lying along it in the strip of
    squares starting there, `squares` the solid squares of that strip, `points` the grid
    points on that grid line that something solid touches."""

    def __init__(self, across: Index, along: Index, squares: Index, points: Index) -> None:
        self.across = across
        self.along = along
        self.squares = squares
        self.points = points
        # What a sweep going up the axis (going down) meets at each grid line: the edges across
        # it, its points, then the squares and edges along of the strip after it.
        self.columns = (self._columns(0), self._columns(1))

    def _columns(self, back: int) -> dict[int, tuple[list[int], list[int], list[int], list[int]]]:
        parts = (self.across, self.points)
        strips = (self.squares, self.along)
        keys = {
            *parts[0],
            *parts[1],
            *(k + back for k in strips[0]),
            *(k + back for k in strips[1]),
        }
        return {
            k: (*(p.get(k, []) for p in parts), *(p.get(k - back, []) for p in strips))
            for k in keys
        }

    def mirrored(self) -> Along:
        """The same with each list's coordinates negated, in increasing order again: read
        going down the other axis as going up."""
        parts = (self.across, self.along, self.squares, self.points)
        return Along(*({k: [-c for c in reversed(found)] for k, found in p.items()} for p in parts))


class Solids:
    """A board's solid things going along x and going along y (each as is and `mirrored`:
    `along[axis][0]` and `along[axis][1]`), and the mask of each grid point they touch: a bit
    for each place round it (numbered as `Tracer` numbers them: the unit edges leaving it
    even, the squares round it odd) where something solid stands."""

    def __init__(self, along: tuple[Along, Along], masks: dict[Point, int]) -> None:
        self.along: tuple[tuple[Along, Along], tuple[Along, Along]] = (
            (along[0], along[0].mirrored()),
            (along[1], along[1].mirrored()),
        )
        self.masks = masks
        self._marked: dict[tuple[int, int], tuple[Bits, Bits]] = {}

    def marked(self, low: tuple[int, int]) -> tuple[Bits, Bits]:
        """The points something solid touches as bitsets, by axis: keyed by their coordinate
        on it, a bit for each at its coordinate across less `low`'s (the bounds' x0, y0)
        across; points before `low` left out. Built once per board and bounds."""
        found = self._marked.get(low)
        if found is None:
            x, y = (
                {
                    main: sum(1 << (c - low[1 - axis]) for c in cross if c >= low[1 - axis])
                    for main, cross in self.along[axis][0].points.items()
                }
                for axis in (0, 1)
            )
            found = self._marked[low] = (x, y)
        return found


# The places a solid thing takes round the points it touches, as (dx, dy, place) from the
# edge's or the square's (x, y): an edge leaves one end and comes into the other.
_EDGE_PLACES = {HORIZONTAL: ((0, 0, 0), (1, 0, 4)), VERTICAL: ((0, 0, 2), (0, 1, 6))}
SQUARE_PLACES = ((0, 0, 1), (1, 0, 3), (1, 1, 5), (0, 1, 7))


def _sides(come: int, go: int) -> tuple[int, int]:
    """The places strictly between `come` and `go`, turning each way, as bits (none when a
    line leaves into the square it came from)."""
    if come == go:
        return 0, 0
    one = sum(1 << (p % 8) for p in range(come + 1, go if go > come else go + 8))
    two = sum(1 << (p % 8) for p in range(go + 1, come if come > go else come + 8))
    return one, two


SIDES = [_sides(come, go) for come in range(8) for go in range(8)]


def closes(mask: int, come: int, go: int) -> bool:
    """Whether solid things on both sides close the way through a point from the place
    `come` to the place `go` (`Tracer.point` at the solid level)."""
    one, two = SIDES[come * 8 + go]
    return bool(mask & one and mask & two)


# `closes` of every mask, by way through: CLOSED[come * 8 + go][mask].
CLOSED = [bytes(bool(m & one and m & two) for m in range(256)) for one, two in SIDES]


def _sorted(index: dict[int, set[int]]) -> Index:
    return {k: sorted(found) for k, found in index.items()}


def _add(index: dict[int, set[int]], key: int, value: int) -> None:
    found = index.get(key)
    if found is None:
        index[key] = {value}
    else:
        found.add(value)


def _build(board: Board) -> Solids:
    parts: list[list[dict[int, set[int]]]] = [[{}, {}, {}, {}], [{}, {}, {}, {}]]
    masks: dict[Point, int] = {}
    for (x, y, axis), level in board.edges.items():
        if level == SOLID:
            # A vertical edge lies across the x axis and along the y axis; a horizontal one
            # the other way round.
            if axis == VERTICAL:
                _add(parts[0][0], x, y)
                _add(parts[1][1], y, x)
            else:
                _add(parts[1][0], y, x)
                _add(parts[0][1], x, y)
            for dx, dy, place in _EDGE_PLACES[axis]:
                masks[x + dx, y + dy] = masks.get((x + dx, y + dy), 0) | 1 << place
    for (x, y), level in board.cells.items():
        if level == SOLID:
            _add(parts[0][2], x, y)
            _add(parts[1][2], y, x)
            for dx, dy, place in SQUARE_PLACES:
                masks[x + dx, y + dy] = masks.get((x + dx, y + dy), 0) | 1 << place
    for x, y in masks:
        _add(parts[0][3], x, y)
        _add(parts[1][3], y, x)
    along = (
        Along(*(_sorted(part) for part in parts[0])),
        Along(*(_sorted(part) for part in parts[1])),
    )
    return Solids(along, masks)


_BUILT: weakref.WeakKeyDictionary[Board, Solids] = weakref.WeakKeyDictionary()


def solids(board: Board) -> Solids:
    """The board's solid things (a changed map is a new Board: built at the first sight
    after a change)."""
    found = _BUILT.get(board)
    if found is None:
        found = _BUILT[board] = _build(board)
    return found
