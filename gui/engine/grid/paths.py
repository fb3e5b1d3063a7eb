"""Movement cost along a path of squares: the diagonal rule (1-2-1 counted across the whole
turn, 1-1, or Manhattan), difficult terrain, and what forbids a step (a wall, a wall's
corner cut diagonally, an impassable square). A forbidden step is a warning with its
reason: the GM can still make the move (G-3)."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from typing import Literal

from msgspec import Struct
from msgspec.structs import replace

from gui.engine.grid.board import (
    HORIZONTAL,
    VERTICAL,
    Board,
    Edge,
    Obstruction,
    Terrain,
    edge_between,
    edge_text,
)
from gui.engine.grid.squares import Cell, Footprint, GridError, cell_text
from gui.engine.space.zones import Diagonal


class Blocked(Struct, frozen=True):
    """Why a step is not allowed: the wall it crosses, the corner it cuts diagonally (a wall
    `edge` touching the corner passed, or a solid square `cell` beside it), or the impassable
    square it enters."""

    kind: Literal["wall", "corner", "impassable"]
    cell: Cell | None = None
    edge: Edge | None = None

    @property
    def fr(self) -> str:
        if self.kind == "wall":
            return f"traverse le mur {edge_text(self.edge)}"
        if self.kind == "corner" and self.edge is not None:
            return f"coupe en diagonale le coin du mur {edge_text(self.edge)}"
        if self.kind == "corner":
            return f"coupe en diagonale le coin de la case pleine {cell_text(self.cell)}"
        return f"entre dans la case infranchissable {cell_text(self.cell)}"

    @property
    def en(self) -> str:
        if self.kind == "wall":
            return f"crosses the wall {edge_text(self.edge)}"
        if self.kind == "corner" and self.edge is not None:
            return f"cuts the corner of the wall {edge_text(self.edge)} diagonally"
        if self.kind == "corner":
            return f"cuts the corner of the solid square {cell_text(self.cell)} diagonally"
        return f"enters the impassable square {cell_text(self.cell)}"


class Step(Struct, frozen=True):
    """One step to a neighbouring square (`cell` is where the space's top-left square ends
    up) and what it costs, in squares."""

    cell: Cell
    squares: int
    diagonal: bool
    difficult: bool
    blocked: Blocked | None = None


class PathCost(Struct, frozen=True):
    """The cost of a path, its steps, and the diagonal parity to carry to the next move of
    the same turn (1-2-1: the next diagonal costs 2 when `parity` is 1)."""

    steps: tuple[Step, ...]
    squares: int
    metres: float
    parity: int

    @property
    def allowed(self) -> bool:
        return all(step.blocked is None for step in self.steps)

    def times(self, factor: int) -> PathCost:
        """The same path with every square counting `factor` times (a squeezing creature's
        2, D35-78); itself for 1."""
        if factor == 1:
            return self
        steps = tuple(replace(step, squares=step.squares * factor) for step in self.steps)
        squares = self.squares * factor
        return PathCost(steps, squares, self.metres * factor, self.parity)

    @property
    def fr(self) -> str:
        text = f"{self.squares} case{'s' * (self.squares > 1)} ({_metres_fr(self.metres)} m)"
        return text + "".join(
            f" ; pas vers {cell_text(s.cell)} : {s.blocked.fr}" for s in self.steps if s.blocked
        )

    @property
    def en(self) -> str:
        text = f"{self.squares} square{'s' * (self.squares != 1)} ({self.metres:g} m)"
        return text + "".join(
            f"; step to {cell_text(s.cell)}: {s.blocked.en}" for s in self.steps if s.blocked
        )


def _metres_fr(value: float) -> str:
    return f"{value:g}".replace(".", ",")


def path_cost(
    board: Board,
    path: Sequence[Cell],
    diagonal: Diagonal = "alternate",
    *,
    parity: int = 0,
    side: int = 1,
) -> PathCost:
    """The cost of moving a space of `side` squares along `path` (its top-left square at
    each stop, the start first). Diagonals: "alternate" counts 1, 2, 1, 2… across the
    turn from `parity`, "chebyshev" counts 1, "manhattan" counts 2. A step into difficult
    terrain (any newly entered square) counts twice."""
    steps = []
    for here, there in itertools.pairwise(path):
        dx, dy = there[0] - here[0], there[1] - here[1]
        if max(abs(dx), abs(dy)) != 1:
            raise GridError(
                f"Un chemin va de case voisine en case voisine : {cell_text(here)} puis "
                f"{cell_text(there)}.",
                f"A path goes from square to neighbouring square: {cell_text(here)} then "
                f"{cell_text(there)}.",
            )
        is_diagonal = dx != 0 and dy != 0
        cost = 1
        if is_diagonal and diagonal == "manhattan":
            cost = 2
        elif is_diagonal and diagonal == "alternate":
            cost = 1 + parity
            parity = 1 - parity
        difficult, blocked = step_check(board, Footprint(here, side), dx, dy)
        steps.append(Step(there, cost * (1 + difficult), is_diagonal, difficult, blocked))
    squares = sum(step.squares for step in steps)
    return PathCost(tuple(steps), squares, squares * board.cell_m, parity)


def step_check(board: Board, space: Footprint, dx: int, dy: int) -> tuple[bool, Blocked | None]:
    """One step of `space` by (dx, dy): whether it enters difficult terrain (any newly
    entered square), and what forbids it, if anything: the first impassable square entered,
    else a wall crossed or a corner cut."""
    x, y = space.origin
    leading = [(x + ox, y + oy) for ox, oy in _leading(space.side, dx, dy)]
    difficult, blocked = False, None
    for cx, cy in leading:  # each leading square enters the square beyond it
        terrain = board.terrain.get((cx + dx, cy + dy))
        if terrain is not None:
            difficult = True
            if blocked is None and terrain == Terrain.IMPASSABLE:
                blocked = Blocked("impassable", cell=(cx + dx, cy + dy))
    return difficult, blocked or _crossing(board, leading, dx, dy)


@functools.cache
def _leading(side: int, dx: int, dy: int) -> tuple[Cell, ...]:
    """The squares of a space (offsets from its origin, row by row) that leave it on a step
    by (dx, dy): those on its leading side."""
    return tuple(
        (ox, oy)
        for oy in range(side)
        for ox in range(side)
        if not (0 <= ox + dx < side and 0 <= oy + dy < side)
    )


def _crossing(board: Board, leading: list[Cell], dx: int, dy: int) -> Blocked | None:
    """The wall a step crosses, or the wall corner a diagonal step cuts, from each square on
    the leading side of the space."""
    edges = board.edges
    for cx, cy in leading:
        if dx == 0 or dy == 0:
            edge = edge_between((cx, cy), (cx + dx, cy + dy))
            if edge in edges:
                return Blocked("wall", edge=edge)
            continue
        # The corner between the four squares: no wall may touch it, and neither square
        # beside the diagonal may be solid (no cutting a corner, even past a pillar).
        kx, ky = cx + (dx > 0), cy + (dy > 0)
        around = (
            (kx - 1, ky, HORIZONTAL),
            (kx, ky, HORIZONTAL),
            (kx, ky - 1, VERTICAL),
            (kx, ky, VERTICAL),
        )
        for edge in around:
            if edge in edges:
                return Blocked("corner", edge=edge)
        for beside in ((cx + dx, cy), (cx, cy + dy)):
            if board.obstacle(beside) == Obstruction.SOLID:
                return Blocked("corner", cell=beside)
    return None
