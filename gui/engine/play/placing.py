"""Combatants on the squares of a map whose grid holds the tokens (issue 18): where new ones
stand — free squares, none taken by another combatant's space, none solid or impassable,
inside the zone they are added to, else from the grid's first square on, row by row — and
what the grid says against a move."""

from __future__ import annotations

from collections.abc import Iterator

from gui.engine.contract.base import Ruleset
from gui.engine.core.words import Notice
from gui.engine.grid.board import Obstruction, Terrain
from gui.engine.grid.from_map import board_of
from gui.engine.grid.route import route
from gui.engine.grid.squares import Cell, Footprint
from gui.engine.state.model import Combatant, Encounter, Rect

ROWS = 60  # the rows looked through off the zones (a 60 × 60 room is large for a fight)


def on_cells(enc: Encounter) -> bool:
    """Whether tokens stand on squares on this map (its grid snaps them)."""
    return enc.map.grid is not None and enc.map.grid.snap


def free_spaces(
    enc: Encounter, ruleset: Ruleset, sides: list[int], zone: str | None
) -> list[Cell | None]:
    """A top-left square for each new combatant of `sides` squares wide, in order, or None
    for one that no free space takes (it then stands in its zone without a square)."""
    grid = enc.map.grid
    if grid is None or not grid.snap:
        return [None] * len(sides)
    board = board_of(enc.map)
    taken: set[Cell] = set()
    for c in enc.combatants:
        if c.position.cell is not None:
            taken.update(Footprint(tuple(c.position.cell), ruleset.space(enc, c)).cells())  # type: ignore[arg-type]
    rect = enc.map.zone(zone).rect if zone is not None else None
    out: list[Cell | None] = []
    for side in sides:
        found = None
        for cell in _candidates(enc, rect, side):
            space = set(Footprint(cell, side).cells())
            if space & taken or any(_closed(board, c) for c in space):
                continue
            found = cell
            taken |= space
            break
        out.append(found)
    return out


def _closed(board, cell: Cell) -> bool:
    return (
        board.obstacle(cell) == Obstruction.SOLID or board.terrain.get(cell) == Terrain.IMPASSABLE
    )


def _candidates(enc: Encounter, rect: Rect | None, side: int) -> Iterator[Cell]:
    grid = enc.map.grid
    assert grid is not None
    if rect is None:
        for row in range(ROWS):
            for col in range(ROWS):
                yield (col, row)
        return
    c = grid.cell_px
    first_col = -int(-(rect.x - grid.origin_x) // c)  # the first square wholly inside
    first_row = -int(-(rect.y - grid.origin_y) // c)
    last_col = int((rect.x + rect.width - grid.origin_x) // c) - side
    last_row = int((rect.y + rect.height - grid.origin_y) // c) - side
    for row in range(first_row, last_row + 1):
        for col in range(first_col, last_col + 1):
            yield (col, row)


def grid_move_notices(
    enc: Encounter, ruleset: Ruleset, c: Combatant, cell: Cell | None
) -> list[Notice]:
    """What the grid says against moving `c` from its square to `cell`: no allowed way
    there (walls, impassable squares: the reason of the first forbidden step), or a space
    that takes squares of another combatant still in the fight. Warnings: the GM may still
    make the move (G-3)."""
    if enc.map.grid is None or cell is None or c.position.cell is None:
        return []
    side = ruleset.space(enc, c)
    here = Footprint(tuple(c.position.cell), side)  # type: ignore[arg-type]
    if here.origin == cell:
        return []
    out = []
    way = route(board_of(enc.map), here, cell, ruleset.diagonal(enc))
    if not way.cost.allowed:
        out.append(
            Notice("G-3", f"pas de chemin libre : {way.cost.fr}", f"no clear way: {way.cost.en}")
        )
    there = set(Footprint(cell, side).cells())
    together = ruleset.together(enc, c)
    for other in enc.combatants:
        if other.id == c.id or other.position.cell is None or ruleset.is_out(enc, other):
            continue
        if other.id in together:  # a rider and its mount share their squares
            continue
        if there & set(Footprint(tuple(other.position.cell), ruleset.space(enc, other)).cells()):  # type: ignore[arg-type]
            out.append(
                Notice(
                    "G-3",
                    f"la case est occupée par {other.name}",
                    f"the square is taken by {other.name}",
                )
            )
    return out
