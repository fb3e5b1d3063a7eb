"""What the players' side has seen, read from the fog's memory (Map.explored) as squares and as
the zones holding one (issue 38), brought up to date row by row: a move that shows a corridor
changes a few rows of a memory of thousands of squares (P14)."""

from __future__ import annotations

from collections.abc import Mapping

from gui.engine.grid.squares import Cell
from gui.engine.sight.runs import SquareRows
from gui.engine.state.explored import explored_cells

# A zone of a gridded map as the squares it covers: its id, columns x0 to x1 - 1, rows y0 to
# y1 - 1.
ZoneBox = tuple[str, int, int, int, int]


def zones_over(boxes: list[ZoneBox], rows: SquareRows) -> set[str]:
    """The zones (by their boxes) that hold one of the squares of `rows` (seen or known
    there): each zone's rows of squares looked up, not each square against every zone."""
    if not rows.rows:
        return set()
    meets = rows.meets
    return {zid for zid, x0, y0, x1, y1 in boxes if meets(x0, y0, x1, y1)}


class Remembered:
    """The memory's squares and the zones holding one, for one map's zones (`boxes`): each
    row of runs read again only when it changed, the zones looked for again only in the
    rows that grew (all of them when a row lost squares: the GM re-fogged)."""

    def __init__(self, boxes: list[ZoneBox]) -> None:
        self._boxes = boxes
        self._rows: dict[str, list[int]] = {}  # the runs read, copied
        self.cells: set[Cell] = set()
        self.zones: set[str] = set()

    def read(self, explored: Mapping[str, list[int]]) -> Remembered:
        """Brought up to date with `explored`."""
        rows = self._rows
        changed = {row: runs for row, runs in explored.items() if rows.get(row) != runs}
        gone = [row for row in rows if row not in explored]
        if not changed and not gone:
            return self
        lost = False
        for row in gone:
            self.cells.difference_update(explored_cells({row: rows.pop(row)}))
            lost = True
        for row, runs in changed.items():
            old = explored_cells({row: rows[row]}) if row in rows else set()
            new = explored_cells({row: runs})
            lost = lost or not old <= new
            self.cells.difference_update(old - new)
            self.cells.update(new)
            rows[row] = list(runs)
        if lost:
            self.zones = zones_over(self._boxes, SquareRows.of_runs(rows))
        else:
            others = [box for box in self._boxes if box[0] not in self.zones]
            self.zones |= zones_over(others, SquareRows.of_runs(changed))
        return self
