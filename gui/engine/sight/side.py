"""What a side sees on the grid (issue 38): the union of its creatures' sight, each kept until
its creature moves, its darkvision changes or the map changes (P14: one move, one creature
recomputed)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from gui.engine.grid.board import Board
from gui.engine.grid.squares import Cell, Footprint, Point
from gui.engine.sight.grid import seen_squares
from gui.engine.sight.sweep import Bounds, Reached
from gui.engine.space.zones import Diagonal

# A viewer: its space and its darkvision in metres.
Viewer = tuple[Footprint, float]


def side_sight(
    board: Board,
    spaces: Iterable[Viewer],
    bounds: Bounds,
    diagonal: Diagonal = "alternate",
) -> frozenset[Cell]:
    """Every square some creature of the side sees (`seen_squares` of each, joined)."""
    out: set[Cell] = set()
    for space, darkvision_m in spaces:
        out |= seen_squares(board, space, darkvision_m, bounds=bounds, diagonal=diagonal)
    return frozenset(out)


class SideSight:
    """A side's sight kept between questions: each viewer's squares by its id, recomputed only
    when its space or darkvision changed, all of them when the board or the bounds did (a
    changed map is a new Board); the sweeps from its viewers' corners are kept too, so a
    creature moved one square sweeps only from its new corners."""

    def __init__(self, diagonal: Diagonal = "alternate") -> None:
        self.diagonal = diagonal
        self._board: Board | None = None
        self._bounds: Bounds | None = None
        self._kept: dict[str, tuple[Viewer, frozenset[Cell]]] = {}
        self._union: frozenset[Cell] | None = None
        self._swept: dict[Point, Reached] = {}

    def seen(self, board: Board, viewers: Mapping[str, Viewer], bounds: Bounds) -> frozenset[Cell]:
        """The squares the viewers (by id) see together."""
        if board is not self._board or bounds != self._bounds:
            self._board, self._bounds = board, bounds
            self._kept.clear()
            self._swept.clear()
            self._union = None
        changed = self._kept.keys() - viewers.keys()
        for gone in changed:
            del self._kept[gone]
        for vid, viewer in viewers.items():
            kept = self._kept.get(vid)
            if kept is None or kept[0] != viewer:
                space, darkvision_m = viewer
                squares = seen_squares(
                    board,
                    space,
                    darkvision_m,
                    bounds=bounds,
                    diagonal=self.diagonal,
                    swept=self._swept,
                )
                self._kept[vid] = (viewer, squares)
                changed.add(vid)
        if changed:  # the sweeps kept: from the corners of the viewers' squares now
            corners = {p for (space, _), _ in self._kept.values() for p in space.points()}
            for p in self._swept.keys() - corners:
                del self._swept[p]
        if changed or self._union is None:
            self._union = frozenset().union(*(squares for _, squares in self._kept.values()))
        return self._union
