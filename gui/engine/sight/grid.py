"""What a creature sees on the grid (issue 38): every square `sees` would say it sees, found at
once by sweeping from each corner of its squares (`sweep`) rather than line by line."""

from __future__ import annotations

from gui.engine.grid.area_lines import PLACE, SQUARE_PLACE
from gui.engine.grid.board import Board, Obstruction
from gui.engine.grid.squares import Cell, Footprint, Point
from gui.engine.grid.tracing import Tracer
from gui.engine.sight.darkness import dark_reach, too_dark
from gui.engine.sight.runs import Bits, Bounds, add_squares, ones
from gui.engine.sight.sees import clear_line
from gui.engine.sight.slopes import slopes
from gui.engine.sight.solids import CLOSED, SQUARE_PLACES, closes, solids
from gui.engine.sight.sweep import Reached, sweep
from gui.engine.space.zones import Diagonal

SOLID = Obstruction.SOLID

# The squares round a grid point, as offsets from it, and the axes' unit steps by way.
_AROUND = ((0, 0), (-1, 0), (-1, -1), (0, -1))
_AXES = {0: (1, 0), 2: (0, 1), 4: (-1, 0), 6: (0, -1)}


def seen_squares(
    board: Board,
    space: Footprint,
    darkvision_m: float = 0.0,
    *,
    bounds: Bounds,
    diagonal: Diagonal = "alternate",
    swept: dict[Point, Reached] | None = None,
) -> frozenset[Cell]:
    """The squares within `bounds` (x0, y0, x1, y1: columns x0 to x1 - 1, rows y0 to y1 - 1)
    that a creature standing on `space` sees, as `sees` rules square by square (issue 38):
    some line from a corner of one of its squares reaches a corner of the square with
    nothing solid between, and the square is lit, or within `darkvision_m` metres (counted
    with `diagonal`), or its own. `swept`, kept by the caller for this board and these
    bounds: the sweeps from grid points made before, reused (a creature moved one square
    keeps two of its corners), and those made here added."""
    own = frozenset(space.cells())
    x0, y0, x1, y1 = bounds
    sx, sy = space.origin
    n = space.side
    order = max(x1 - x0, y1 - y0, x1 - sx, sx + n - x0, y1 - sy, sy + n - y0, 1)
    solid = solids(board)
    mine = frozenset(c for c in own if board.cells.get(c) == SOLID)
    masks = _masks_without(solid.masks, mine)
    if mine:  # the sweeps of a creature on a solid square are its own
        swept = None
    table = slopes(order)
    seen = set(own)
    # The points reached off the axes from every corner, as `Reached.lines`.
    lines: list[tuple[Bits, Bits]] = [({}, {}) for _ in range(8)]
    rare: set[Cell] = set()  # solid squares whose own inside may open a line to them
    for p in space.points():
        leaves = [SQUARE_PLACE[d] for d in _AROUND if (p[0] + d[0], p[1] + d[1]) in own]
        mask = masks.get(p)
        if mask:
            starts = [[lv for lv in leaves if not closes(mask, lv, way)] for way in range(8)]
        else:
            starts = [leaves] * 8
        for d in _AROUND:  # a square sharing the corner: straight from one into the other
            cell = (p[0] + d[0], p[1] + d[1])
            if cell not in own:
                rare.add(cell)
                if any(not closes(mask or 0, lv, SQUARE_PLACE[d]) for lv in leaves):
                    seen.add(cell)
        found = swept.get(p) if swept is not None else None
        if found is None:
            found = sweep(masks, solid.along, table, p, mine, bounds)
            if swept is not None:
                swept[p] = found
        for way in (1, 3, 5, 7):  # a way no line leaves by from this corner adds nothing
            if starts[way]:
                _join(lines[way], found.lines[way])
        for way, (ux, uy) in _AXES.items():
            points = [(p[0] + ux * k, p[1] + uy * k) for k in range(1, found.axes[way] + 1)]
            if starts[way]:
                _add_along(seen, masks, points, starts[way], way, _wall_run(board, p, ux, uy), p)
            rare.update(_beside_axis(board, points, ux, uy))
        for q, cell in found.through:
            dx, dy = q[0] - p[0], q[1] - p[1]
            if starts[PLACE[(dx > 0) - (dx < 0), (dy > 0) - (dy < 0)]]:
                seen.add(cell)
    free = _split_off_axes(seen, masks, lines, solid.marked((x0, y0)), bounds)
    seen = {c for c in seen if x0 <= c[0] < x1 and y0 <= c[1] < y1}
    seen.update(
        c
        for c in rare - seen
        if x0 <= c[0] < x1 and y0 <= c[1] < y1 and _seen_through_itself(board, own, c)
    )
    for axis in (0, 1):
        add_squares(seen, free[axis], axis, bounds)
    if board.dark:
        reach = dark_reach(board, darkvision_m)
        seen.difference_update(
            [c for c in board.dark.intersection(seen) if too_dark(board, space, c, reach, diagonal)]
        )
    return frozenset(seen)


def _join(into: tuple[Bits, Bits], more: tuple[Bits, Bits]) -> None:
    """Add the points of `more` to `into`, axis by axis."""
    for target, source in zip(into, more, strict=True):
        if not target:
            target.update(source)
            continue
        get = target.get
        for main, bits in source.items():
            target[main] = get(main, 0) | bits


def _split_off_axes(
    seen: set[Cell],
    masks: dict[Point, int],
    lines: list[tuple[Bits, Bits]],
    marked: tuple[Bits, Bits],
    bounds: Bounds,
) -> tuple[Bits, Bits]:
    """The points reached off the axes whose four squares are all seen, by axis; the squares
    entered at the others (`marked`: something solid touches them) added to `seen`. Off the
    axes, the squares round a point depend only on what is solid round it."""
    out: tuple[Bits, Bits] = ({}, {})
    for axis in (0, 1):
        low, marks, free = bounds[1 - axis], marked[axis], out[axis]
        for way in (1, 3, 5, 7):
            for main, bits in lines[way][axis].items():
                odd = bits & marks.get(main, 0)
                if odd:
                    points = [(main, c) if axis == 0 else (c, main) for c in ones(odd, low)]
                    _add_entered(seen, masks, points, way)
                free[main] = free.get(main, 0) | bits ^ odd
    return out


def _add_entered(seen: set[Cell], masks: dict[Point, int], points: list[Point], way: int) -> None:
    """Add the squares entered at the points reached going `way`: those whose way in from
    the line is not closed by solid things round the point."""
    back = (way + 4) % 8 * 8
    for x, y in points:
        end = masks.get((x, y), 0)
        seen.update(
            (x + dx, y + dy) for dx, dy in _AROUND if not CLOSED[back + SQUARE_PLACE[dx, dy]][end]
        )


def _add_along(
    seen: set[Cell],
    masks: dict[Point, int],
    points: list[Point],
    opened: list[int],
    way: int,
    walls: int,
    p: Point,
) -> None:
    """Add the squares entered at the points reached going `way` along an axis from `p`,
    whose way in is open (`opened`: the places of the viewer's squares a line leaves that
    way; `walls`: how many solid walls follow each other along the line from `p`)."""
    back = (way + 4) % 8
    for q in points:
        x, y = q
        end = masks.get(q)
        if not end and abs(x - p[0] + y - p[1]) > walls:
            seen.update(((x, y), (x - 1, y), (x - 1, y - 1), (x, y - 1)))
            continue
        walled = abs(x - p[0] + y - p[1]) <= walls
        for d in _AROUND:
            inside = SQUARE_PLACE[d]
            if end and closes(end, back, inside):
                continue
            if walled:  # along walls, from a square on one side to one on the other
                side = (inside - way) % 8 < 4
                if all(((lv - way) % 8 < 4) != side for lv in opened):
                    continue
            seen.add((x + d[0], y + d[1]))


def _masks_without(masks: dict[Point, int], mine: frozenset[Cell]) -> dict[Point, int]:
    """The points' solid places, the viewer's own solid squares `mine` left out (a creature
    standing on a solid square, put there by the GM, does not block its own sight)."""
    if not mine:
        return masks
    out = dict(masks)
    for x, y in mine:
        for dx, dy, place in SQUARE_PLACES:
            out[x + dx, y + dy] &= ~(1 << place)
    return out


def _seen_through_itself(board: Board, own: frozenset[Cell], cell: Cell) -> bool:
    """Whether a solid square is seen by a line that only its own inside would block: beside
    the viewer, or along it on an axis (few squares, traced line by line)."""
    return board.cells.get(cell) == SOLID and (
        clear_line(Tracer(board, (), (*own, cell)), own, (cell,)) is not None
    )


def _wall_run(board: Board, p: Point, ux: int, uy: int) -> int:
    """How many solid unit walls follow each other along the grid line from `p` going
    (ux, uy): a line along them from a square on one side to one on the other is closed
    (Tracer._along)."""
    axis = 0 if uy == 0 else 1  # HORIZONTAL edges go east-west
    # The unit edge leaving a point: (x, y) going east or south, (x - 1, y) west, (x, y - 1) north.
    x, y = p[0] + min(ux, 0), p[1] + min(uy, 0)
    run = 0
    while board.edges.get((x + ux * run, y + uy * run, axis)) == SOLID:
        run += 1
    return run


def _beside_axis(board: Board, points: list[Point], ux: int, uy: int) -> list[Cell]:
    """The solid squares beside the steps along an axis on from the `points` a line reaches
    from a corner: a line on to their far corner runs along them, which their own inside
    does not close."""
    cells = board.cells
    return [c for x, y in points for c in _step_cells(x, y, ux, uy) if cells.get(c) == SOLID]


def _step_cells(x: int, y: int, ux: int, uy: int) -> tuple[Cell, Cell]:
    """The two squares beside the unit step from the point (x, y) going (ux, uy)."""
    if uy == 0:
        cx = x if ux > 0 else x - 1
        return (cx, y - 1), (cx, y)
    cy = y if uy > 0 else y - 1
    return (x - 1, cy), (x, cy)
