"""What stands on the grid: walls on square edges, terrain and obstacles on squares, and the
index of both that movement, reach and lines of effect query."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import IntEnum, StrEnum
from typing import Literal

from msgspec import Struct

from gui.engine.grid.squares import DEFAULT_CELL_M, Cell, GridError, Point, cell_text

# A unit edge: (x, y, HORIZONTAL) joins the points (x, y) and (x + 1, y); (x, y, VERTICAL)
# joins (x, y) and (x, y + 1).
Edge = tuple[int, int, int]
HORIZONTAL = 0
VERTICAL = 1

# What a wall or a square does to a line of effect: "cover" gives cover (a low wall, an arrow
# slit, rubble), "solid" blocks the line (D35-01, D35-07).
Blocks = Literal["cover", "solid"]


class Obstruction(IntEnum):
    """What a line meets, weakest first; a creature is soft cover (D35-05)."""

    CLEAR = 0
    SOFT = 1
    COVER = 2
    SOLID = 3


RANK: dict[Blocks, Obstruction] = {"cover": Obstruction.COVER, "solid": Obstruction.SOLID}


class Terrain(StrEnum):
    """How hard a square is to enter: difficult costs twice, impassable cannot be entered."""

    DIFFICULT = "difficult"
    IMPASSABLE = "impassable"


class Wall(Struct, frozen=True):
    """A wall along grid lines from the point `start` to the point `end` (same row or column
    of points), covering every unit edge between them (a closed door is one; an open one is
    none)."""

    start: Point
    end: Point
    blocks: Blocks = "solid"

    def __post_init__(self) -> None:
        (x0, y0), (x1, y1) = self.start, self.end
        if (x0 != x1 and y0 != y1) or self.start == self.end:
            raise GridError(
                f"Un mur suit une ligne de la grille : {cell_text(self.start)}–"
                f"{cell_text(self.end)} n'en suit pas.",
                f"A wall runs along a grid line: {cell_text(self.start)}–"
                f"{cell_text(self.end)} does not.",
            )

    @classmethod
    def between(cls, a: Cell, b: Cell, blocks: Blocks = "solid") -> Wall:
        """The wall on the edge shared by two side-by-side cells."""
        edge = edge_between(a, b)
        return cls((edge[0], edge[1]), edge_end(edge), blocks)

    def edges(self) -> Iterator[Edge]:
        (x0, y0), (x1, y1) = self.start, self.end
        if y0 == y1:
            for x in range(min(x0, x1), max(x0, x1)):
                yield (x, y0, HORIZONTAL)
        else:
            for y in range(min(y0, y1), max(y0, y1)):
                yield (x0, y, VERTICAL)


class Square(Struct, frozen=True):
    """What a square holds: its terrain, and an obstacle that gives cover or blocks lines.
    A solid obstacle (a pillar) cannot be entered either."""

    cell: Cell
    terrain: Terrain | None = None
    blocks: Blocks | None = None
    dark: bool = False


def beside_wall(start: Point, end: Point) -> list[Cell]:
    """The squares on either side of a wall from `start` to `end` (a door's, to open it from
    beside it; those the players must have seen to know of it)."""
    (x0, y0), (x1, y1) = start, end
    if y0 == y1:
        return [(x, y) for x in range(min(x0, x1), max(x0, x1)) for y in (y0 - 1, y0)]
    return [(x, y) for y in range(min(y0, y1), max(y0, y1)) for x in (x0 - 1, x0)]


def edge_between(a: Cell, b: Cell) -> Edge:
    """The unit edge shared by two side-by-side cells."""
    (ax, ay), (bx, by) = a, b
    if abs(ax - bx) + abs(ay - by) != 1:
        raise GridError(
            f"Les cases {cell_text(a)} et {cell_text(b)} n'ont pas de bord commun.",
            f"The squares {cell_text(a)} and {cell_text(b)} share no edge.",
        )
    if ax != bx:
        return (max(ax, bx), ay, VERTICAL)
    return (ax, max(ay, by), HORIZONTAL)


def edge_end(edge: Edge) -> Point:
    """The second end point of a unit edge (the first is its (x, y))."""
    x, y, axis = edge
    return (x + 1, y) if axis == HORIZONTAL else (x, y + 1)


def edge_text(edge: Edge) -> str:
    """An edge written by its two end points: `(3, 4)–(3, 5)`."""
    return f"{cell_text((edge[0], edge[1]))}–{cell_text(edge_end(edge))}"


class Board:
    """The walls and squares of a map, indexed by edge and by cell. Where several walls or
    squares say different things about one place the strongest wins, so the order in which
    they are listed never matters. The indexes are built once: a changed map is a new Board."""

    def __init__(
        self,
        walls: Iterable[Wall] = (),
        squares: Iterable[Square] = (),
        cell_m: float = DEFAULT_CELL_M,
    ) -> None:
        self.cell_m = cell_m
        self.edges: dict[Edge, Obstruction] = {}
        for wall in walls:
            rank = RANK[wall.blocks]
            for edge in wall.edges():
                if rank > self.edges.get(edge, Obstruction.CLEAR):
                    self.edges[edge] = rank
        self.cells: dict[Cell, Obstruction] = {}
        self.terrain: dict[Cell, Terrain] = {}
        dark: set[Cell] = set()
        for square in squares:
            if square.dark:
                dark.add(square.cell)
            terrain = square.terrain
            if square.blocks is not None:
                rank = RANK[square.blocks]
                if rank > self.cells.get(square.cell, Obstruction.CLEAR):
                    self.cells[square.cell] = rank
                if rank == Obstruction.SOLID:
                    terrain = Terrain.IMPASSABLE
            if terrain is not None and self.terrain.get(square.cell) != Terrain.IMPASSABLE:
                self.terrain[square.cell] = terrain
        self.dark = frozenset(dark)  # unlit squares: seen only within darkvision (sight/)
        self.crossings = _crossings(self.edges)
        self.squares_on = squares_index(self.cells)

    def obstacle(self, cell: Cell) -> Obstruction:
        return self.cells.get(cell, Obstruction.CLEAR)


# A line running along a grid line is closed only where a wall goes on through a point across
# it, or beside an obstacle square: both indexed once per map, so that it need not be walked.
Run = tuple[int, int]  # (axis, k): the horizontal grid line y = k, or the vertical one x = k


def _crossings(edges: dict[Edge, Obstruction]) -> dict[Run, list[int]]:
    """For each grid line, where a wall goes on through it (edges on both sides of a point),
    in order."""
    out: dict[Run, set[int]] = {}
    for x, y, axis in edges:
        if axis == VERTICAL and (x, y + 1, VERTICAL) in edges:
            out.setdefault((HORIZONTAL, y + 1), set()).add(x)
        elif axis == HORIZONTAL and (x + 1, y, HORIZONTAL) in edges:
            out.setdefault((VERTICAL, x + 1), set()).add(y)
    return {run: sorted(points) for run, points in out.items()}


def squares_index(cells: Iterable[Cell]) -> dict[Run, list[int]]:
    """For each row (HORIZONTAL, y) and column (VERTICAL, x), where obstacle squares stand."""
    out: dict[Run, list[int]] = {}
    for x, y in cells:
        out.setdefault((HORIZONTAL, y), []).append(x)
        out.setdefault((VERTICAL, x), []).append(y)
    return out
