"""Doors (issue 38): a wall's square-wide stretch made a door, opened and closed in play (one
undo entry and one log line), made a wall again. A closed door blocks moves and sight as the
wall it is; an open one blocks neither (grid/from_map.py leaves it out of the board)."""

from __future__ import annotations

from gui.engine.edits.grid import GridEditError, Point, point_text
from gui.engine.grid.board import beside_wall
from gui.engine.state.changes import ChangeSet, change, log_change
from gui.engine.state.model import Encounter, LogEntry, MapWall

GONE = ("Ce mur n’est plus là", "That wall is no longer there")


def edge_under(wall: MapWall, gx: float, gy: float) -> Point:
    """The first point of the wall's square-wide stretch nearest the grid position (gx, gy)
    (grid units, fractional): where a door made there begins."""
    (x0, y0), (x1, y1) = wall.start, wall.end
    if y0 == y1:
        lo, hi = min(x0, x1), max(x0, x1)
        return (min(max(int(gx // 1), lo), hi - 1), y0)
    lo, hi = min(y0, y1), max(y0, y1)
    return (x0, min(max(int(gy // 1), lo), hi - 1))


def _wall(enc: Encounter, index: int) -> MapWall:
    if not 0 <= index < len(enc.map.walls):
        raise GridEditError(*GONE)
    return enc.map.walls[index]


def _where(wall: MapWall) -> str:
    return f"{point_text(wall.start)}–{point_text(wall.end)}"


def make_door(enc: Encounter, index: int, at: Point) -> ChangeSet:
    """The square-wide stretch of wall `index` beginning at `at` made a closed door: the wall
    is split around it (the stretches either side stay walls, in its place in the list)."""
    wall = _wall(enc, index)
    if wall.door is not None:
        raise GridEditError("C’est déjà une porte", "That is already a door")
    horizontal = wall.start[1] == wall.end[1]
    axis = 0 if horizontal else 1
    lo = min(wall.start[axis], wall.end[axis])
    hi = max(wall.start[axis], wall.end[axis])
    k = at[axis]
    if at[1 - axis] != wall.start[1 - axis] or not lo <= k < hi:
        raise GridEditError(
            f"Le point {point_text(at)} n’est pas sur ce mur",
            f"The point {point_text(at)} is not on it",
        )

    def point(v: int) -> Point:
        return (v, wall.start[1]) if horizontal else (wall.start[0], v)

    door = MapWall(start=point(k), end=point(k + 1), blocks=wall.blocks, door="closed")
    pieces = [
        *([MapWall(start=point(lo), end=point(k), blocks=wall.blocks)] if k > lo else []),
        door,
        *([MapWall(start=point(k + 1), end=point(hi), blocks=wall.blocks)] if k + 1 < hi else []),
    ]
    walls = [*enc.map.walls[:index], *pieces, *enc.map.walls[index + 1 :]]
    where = _where(door)
    return ChangeSet(f"Porte {where}", (change(enc, ("map", "walls"), walls),), f"Door {where}")


def unmake_door(enc: Encounter, index: int) -> ChangeSet:
    """Door `index` made a plain wall again."""
    wall = _wall(enc, index)
    if wall.door is None:
        raise GridEditError("Ce n’est pas une porte", "That is not a door")
    where = _where(wall)
    walls = list(enc.map.walls)
    walls[index] = wall.replace(door=None)
    return ChangeSet(
        f"La porte {where} redevient un mur",
        (change(enc, ("map", "walls"), walls),),
        f"The door {where} is a wall again",
    )


def toggle_door(enc: Encounter, index: int) -> ChangeSet:
    """Open a closed door or close an open one: one undo entry, said in the log."""
    wall = _wall(enc, index)
    if wall.door is None:
        raise GridEditError("Ce n’est pas une porte", "That is not a door")
    opening = wall.door == "closed"
    where = _where(wall)
    words = (
        (f"Ouvrir la porte {where}", f"Open the door {where}")
        if opening
        else (f"Fermer la porte {where}", f"Close the door {where}")
    )
    outcome = ("ouverte", "open") if opening else ("fermée", "closed")
    line = LogEntry.of(words, outcome, round=enc.turn.round)
    changes = (
        change(enc, ("map", "walls", index, "door"), "open" if opening else "closed"),
        log_change(enc, line),
    )
    return ChangeSet(words[0], changes, words[1])


def door_near_space(enc: Encounter, cells: list[Point]) -> int | None:
    """The door on an edge of one of `cells` (a creature's squares), the first listed: the
    one the keyboard opens or closes for the selected creature."""
    taken = set(cells)
    for i, wall in enumerate(enc.map.walls):
        if wall.door is None:
            continue
        beside = set(beside_wall(wall.start, wall.end))
        if beside & taken:
            return i
    return None
