"""Edits of the grid's walls and squares (issue 18): each one undo entry, refused in the GM's
words when it does not fit."""

from __future__ import annotations

from gui.engine.core.problems import BilingualError
from gui.engine.state.changes import ChangeSet, change
from gui.engine.state.model import Blocking, Encounter, MapSquare, MapWall

Point = tuple[int, int]
_TERRAIN = {
    "difficult": ("terrain difficile", "difficult terrain"),
    "impassable": ("infranchissable", "impassable"),
}
_BLOCKS = {"cover": ("abri", "cover"), "solid": ("obstacle plein", "solid obstacle")}


class GridEditError(BilingualError, ValueError):
    """A wall or a square edit that does not fit; nothing was changed."""


def point_text(p: Point) -> str:
    return f"({p[0]}, {p[1]})"


NO_GRID = (
    "La carte n’a pas de grille : Édition › Grille d’abord",
    "The map has no grid: Edit › Grid first",
)


def needs_grid(enc: Encounter) -> None:
    if enc.map.grid is None:
        raise GridEditError(*NO_GRID)


def add_wall(enc: Encounter, start: Point, end: Point, blocks: Blocking = "solid") -> ChangeSet:
    """A wall on the grid's lines from `start` to `end` (a row or a column of points)."""
    needs_grid(enc)
    (x0, y0), (x1, y1) = start, end
    if (x0 != x1 and y0 != y1) or start == end:
        raise GridEditError(
            "Un mur suit une ligne de la grille, d’un point à un autre",
            "A wall runs along a grid line, from one point to another",
        )
    wall = MapWall(start=start, end=end, blocks=blocks)
    where = f"{point_text(start)}–{point_text(end)}"
    walls = [*enc.map.walls, wall]
    return ChangeSet(f"Mur {where}", (change(enc, ("map", "walls"), walls),), f"Wall {where}")


def remove_wall(enc: Encounter, index: int) -> ChangeSet:
    if not 0 <= index < len(enc.map.walls):
        raise GridEditError("Ce mur n’est plus là", "That wall is no longer there")
    gone = enc.map.walls[index]
    where = f"{point_text(gone.start)}–{point_text(gone.end)}"
    walls = [w for i, w in enumerate(enc.map.walls) if i != index]
    changes = (change(enc, ("map", "walls"), walls),)
    return ChangeSet(f"Retirer le mur {where}", changes, f"Remove the wall {where}")


def set_square(
    enc: Encounter,
    cell: Point,
    terrain: str | None = None,
    blocks: Blocking | None = None,
) -> ChangeSet:
    """What the square `cell` holds (terrain, obstacle); both None clears it."""
    needs_grid(enc)
    if terrain is not None and terrain not in _TERRAIN:
        raise GridEditError(f"Terrain inconnu : {terrain}", f"Unknown terrain: {terrain}")
    old = next((s for s in enc.map.squares if tuple(s.cell) == tuple(cell)), None)
    dark = old is not None and old.dark  # the light is not what this edit changes
    kept = [s for s in enc.map.squares if s is not old]
    what_fr, what_en = [], []
    for words in (_TERRAIN.get(terrain or ""), _BLOCKS.get(blocks or "")):
        if words:
            what_fr.append(words[0])
            what_en.append(words[1])
    if terrain is not None or blocks is not None or dark:
        kept.append(MapSquare(cell=cell, terrain=terrain, blocks=blocks, dark=dark))
    fr = ", ".join(what_fr) or "dégagée"
    en = ", ".join(what_en) or "clear"
    changes = (change(enc, ("map", "squares"), kept),)
    return ChangeSet(f"Case {point_text(cell)} : {fr}", changes, f"Square {point_text(cell)}: {en}")
