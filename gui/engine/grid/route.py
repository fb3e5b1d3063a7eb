"""The cheapest way for a space from its square to another, around walls, solid and
impassable squares, and paying for difficult terrain: what a token dragged across a room
shows, as a GM counts it on the table (D35-12: moving around obstacles)."""

from __future__ import annotations

import heapq
import itertools

from gui.engine.grid.board import Board, Terrain
from gui.engine.grid.paths import path_cost, step_check
from gui.engine.grid.squares import Cell, Footprint
from gui.engine.grid.straight import GridPath, straight_path
from gui.engine.space.zones import Diagonal

# A search gives up past this many squares looked at (a drag preview must stay quick): the
# straight way is shown then, with what blocks it.
SEARCH_LIMIT = 2000
_STEPS = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)


def _estimate(a: Cell, b: Cell, diagonal: Diagonal, parity: int = 0) -> int:
    """The cost of the cheapest way with no obstacle and no difficult terrain: never more
    than the cheapest allowed one. 1-2-1 from `parity` 1: the first diagonal costs 2."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    if diagonal == "manhattan":
        return dx + dy
    if diagonal == "alternate":
        return max(dx, dy) + (min(dx, dy) + parity) // 2
    return max(dx, dy)


def _cost(diagonal: Diagonal, is_diagonal: bool, parity: int) -> tuple[int, int]:
    """A step's squares before terrain and the parity after it."""
    if not is_diagonal:
        return 1, parity
    if diagonal == "manhattan":
        return 2, parity
    if diagonal == "alternate":
        return 1 + parity, 1 - parity
    return 1, parity


def route(
    board: Board,
    start: Footprint,
    end: Cell,
    diagonal: Diagonal = "alternate",
    *,
    parity: int = 0,
    limit: int = SEARCH_LIMIT,
    avoid: frozenset[Cell] = frozenset(),
) -> GridPath:
    """The cheapest allowed path of `start` to where its top-left square is `end` (A*), not
    through the squares to `avoid` (a foe's space: DOU-13, D35-11); the straight path,
    blocked steps and all, when none is found within `limit` squares or the straight one
    costs no more and avoids them."""
    straight = straight_path(board, start, end, diagonal, parity=parity)
    cheapest = _estimate(start.origin, end, diagonal, parity)
    clear = not avoid or not any(_enters(start.side, cell, avoid) for cell in straight.cells[1:])
    if straight.cost.allowed and straight.cost.squares == cheapest and clear:
        return straight
    if any(board.terrain.get(c) == Terrain.IMPASSABLE for c in Footprint(end, start.side).cells()):
        return straight  # no way in: the straight way says why, with no search
    found = _search(board, start, end, diagonal, parity, limit, avoid)
    if found is None:
        return straight
    cost = path_cost(board, found, diagonal, parity=parity, side=start.side)
    return GridPath(tuple(found), cost)


def _enters(side: int, origin: Cell, avoid: frozenset[Cell]) -> bool:
    return any(cell in avoid for cell in Footprint(origin, side).cells())


def _search(
    board: Board,
    start: Footprint,
    end: Cell,
    diagonal: Diagonal,
    parity: int,
    limit: int,
    avoid: frozenset[Cell],
) -> list[Cell] | None:
    side = start.side
    tie = itertools.count()
    first = (start.origin, parity if diagonal == "alternate" else 0)
    spent = {first: 0}
    came: dict[tuple[Cell, int], tuple[Cell, int]] = {}
    h0 = _estimate(start.origin, end, diagonal, first[1])
    frontier = [(h0, h0, next(tie), first)]
    looked = 0
    while frontier:
        _, _, _, state = heapq.heappop(frontier)
        cell, par = state
        if cell == end:
            return _back(came, state)
        looked += 1
        if looked > limit:
            return None
        here = Footprint(cell, side)
        for dx, dy in _STEPS:
            difficult, blocked = step_check(board, here, dx, dy)
            there = (cell[0] + dx, cell[1] + dy)
            if blocked is not None or (avoid and _enters(side, there, avoid)):
                continue
            base, after = _cost(diagonal, dx != 0 and dy != 0, par)
            nxt = (there, after)
            total = spent[state] + base * (1 + difficult)
            if total < spent.get(nxt, total + 1):
                spent[nxt], came[nxt] = total, state
                h = _estimate(nxt[0], end, diagonal, after)
                heapq.heappush(frontier, (total + h, h, next(tie), nxt))
    return None


def _back(came: dict, state: tuple[Cell, int]) -> list[Cell]:
    cells = [state[0]]
    while state in came:
        state = came[state]
        cells.append(state[0])
    return cells[::-1]
