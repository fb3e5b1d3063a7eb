"""Cells, creature sizes and the squares a creature occupies (its footprint)."""

from __future__ import annotations

from collections.abc import Iterator
from enum import StrEnum

from msgspec import Struct

from gui.engine.core.problems import BilingualError

Cell = tuple[int, int]
Point = tuple[int, int]

# A square is 1,50 m unless the map says otherwise.
DEFAULT_CELL_M = 1.5


class GridError(BilingualError, ValueError):
    """Geometry asked of something that is not on the grid (a bent wall, cells far apart)."""


class Size(StrEnum):
    """Creature size categories, smallest first (A-D35-24: French and English labels)."""

    FINE = "fine"
    DIMINUTIVE = "diminutive"
    TINY = "tiny"
    SMALL = "small"
    MEDIUM = "medium"
    LARGE = "large"
    HUGE = "huge"
    GARGANTUAN = "gargantuan"
    COLOSSAL = "colossal"

    @property
    def side(self) -> int:
        """Squares on a side of the space: the smallest three still take one for geometry."""
        return _SIDE.get(self, 1)

    @property
    def shares_squares(self) -> bool:
        """Fine, Diminutive and Tiny creatures may stand several to a square."""
        return self in (Size.FINE, Size.DIMINUTIVE, Size.TINY)

    @property
    def fr(self) -> str:
        return _FRENCH[self]

    @property
    def en(self) -> str:
        return self.value.capitalize()


_SIDE = {Size.LARGE: 2, Size.HUGE: 3, Size.GARGANTUAN: 4, Size.COLOSSAL: 6}
_FRENCH = {
    Size.FINE: "Infime",
    Size.DIMINUTIVE: "Minuscule",
    Size.TINY: "Très petite",
    Size.SMALL: "Petite",
    Size.MEDIUM: "Moyenne",
    Size.LARGE: "Grande",
    Size.HUGE: "Très grande",
    Size.GARGANTUAN: "Gigantesque",
    Size.COLOSSAL: "Colossale",
}


class Footprint(Struct, frozen=True):
    """The square space a creature occupies: `side` × `side` cells from `origin`, its
    top-left cell (smallest column and row)."""

    origin: Cell
    side: int = 1

    def __post_init__(self) -> None:
        if self.side < 1:
            raise GridError(
                f"Un espace a au moins une case de côté, pas {self.side}.",
                f"A space is at least one square wide, not {self.side}.",
            )

    @classmethod
    def of(cls, cell: Cell, size: Size) -> Footprint:
        """The space of a creature of `size` whose top-left cell is `cell`."""
        return cls(cell, size.side)

    def cells(self) -> Iterator[Cell]:
        """Row by row, from the origin."""
        x, y = self.origin
        for r in range(y, y + self.side):
            for c in range(x, x + self.side):
                yield (c, r)

    def corners(self) -> tuple[Point, Point, Point, Point]:
        """The four corners of the whole space: top-left, top-right, bottom-right, bottom-left."""
        x, y = self.origin
        n = self.side
        return ((x, y), (x + n, y), (x + n, y + n), (x, y + n))

    def points(self) -> list[Point]:
        """Every grid point of the space, its squares' corners, column by column."""
        x, y = self.origin
        n = self.side
        return [(x + i, y + j) for i in range(n + 1) for j in range(n + 1)]

    def contains(self, cell: Cell) -> bool:
        x, y = self.origin
        return x <= cell[0] < x + self.side and y <= cell[1] < y + self.side


def cell_corners(cell: Cell) -> tuple[Point, Point, Point, Point]:
    """The four corners of one square: top-left, top-right, bottom-right, bottom-left."""
    return Footprint(cell).corners()


def cell_text(cell: Cell) -> str:
    """How a cell or a point is written in an explanation: `(3, 4)`."""
    return f"({cell[0]}, {cell[1]})"
