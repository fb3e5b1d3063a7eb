"""Benchmark P13 (issue 37): an area of effect following the pointer, and resolved.

P13g: the geometry alone. At each of 200 pointer moves over a 100 × 100 grid with 2,000 wall
segments (built as P11's) and 1,000 one-square creatures, the squares a 6 m burst covers and
who it catches, then the same for a 9 m cone aimed from the same intersection: target ≤ 1 ms
for both together.
P13: the map's « Aire d'effet » tool on P3g's scene (the same grid, walls and 1,000 tokens), a
6 m burst then a 9 m cone following the mouse, each move painted: ≤ 2 ms and ≤ 2× a bare
scene's mouse move (the P3 method) moving a stock item of the same shape's squares.
P13r: resolving an area over 50 targets, each its save, into one ChangeSet applied:
≤ 100 ms."""

import random
import statistics
import time

from gui.engine.grid.areas import Shape, Template, caught, covered, index_spaces
from gui.engine.grid.board import Board
from gui.engine.grid.squares import Footprint
from tests.bench.bench_grid import SIDE, WALLS, _walls

CREATURES = 1000
MOVES = 200
P13G_TARGET_MS = 1.0
BURST_SQUARES = 4  # 6 m at 1,50 m a square
CONE_SQUARES = 6  # 9 m


def _setting() -> tuple[Board, dict[str, Footprint], list[tuple[Template, Template]]]:
    """The board, the creatures' spaces, and each move's burst and cone."""
    rng = random.Random(37)
    board = Board(_walls(rng))
    cells = rng.sample([(x, y) for y in range(SIDE) for x in range(SIDE)], CREATURES)
    spaces = {f"c{k}": Footprint(cell) for k, cell in enumerate(cells)}
    moves = []
    for _ in range(MOVES):
        origin = (rng.randrange(5, SIDE - 5), rng.randrange(5, SIDE - 5))
        toward = origin
        while toward == origin:
            toward = (origin[0] + rng.randrange(-9, 10), origin[1] + rng.randrange(-9, 10))
        moves.append(
            (
                Template(Shape.BURST, origin, BURST_SQUARES),
                Template(Shape.CONE, origin, CONE_SQUARES, toward),
            )
        )
    return board, spaces, moves


def bench_p13_geometry() -> str:
    """The median time of one pointer move: covered + caught for the burst and the cone."""
    board, spaces, moves = _setting()
    index = index_spaces(spaces)  # once per map state, as the caller does
    for burst, cone in moves[:10]:  # warm-up
        caught(covered(burst, board), index)
        caught(covered(cone, board), index)
    times, hit = [], 0
    for burst, cone in moves:
        start = time.perf_counter()
        hit += len(caught(covered(burst, board), index))
        hit += len(caught(covered(cone, board), index))
        times.append(time.perf_counter() - start)
    median, worst = statistics.median(times) * 1e3, max(times) * 1e3
    return (
        f"P13g {median:.2f} ms median ({worst:.2f} ms worst) per pointer move: a 6 m burst and"
        f" a 9 m cone covered and caught, {SIDE}x{SIDE} grid, {WALLS:,} walls,"
        f" {CREATURES:,} creatures, {MOVES} moves ({hit} caught in all)"
        f" (target <= {P13G_TARGET_MS:g} ms)"
    )


P13_TARGET_MS, P13_TARGET_RATIO, P13R_TARGET_MS = 2.0, 2.0, 100.0
RESOLVED = 50


def _sweeper(view, path, redrawn):
    """A sweep of mouse moves (no button) along `path`, checked once: `redrawn()` counts the
    areas drawn so far, and each new one must be painted (a move within the same snapped
    place draws nothing new)."""
    from PySide6.QtTest import QTest

    from tests.bench.bench_gui import _app, _PaintCounter

    app, viewport = _app(), view.viewport()
    points = [view.mapFromScene(p) for p in path]
    counter = _PaintCounter()
    viewport.installEventFilter(counter)

    def sweep() -> None:
        for point in points:
            QTest.mouseMove(viewport, point)
            app.processEvents()

    before = redrawn()
    sweep()
    viewport.removeEventFilter(counter)
    drawn = redrawn() - before
    if drawn < len(points) // 4 or counter.count < drawn:
        raise AssertionError(f"{drawn} areas drawn, {counter.count} paints, {len(points)} moves")
    return sweep


def _paired_ms(ours, bare, moves: int) -> tuple[float, float]:
    """Milliseconds per mouse move of two sweeps, each the best of SWEEPS, timed in turn
    (ours, bare, ours…) after a warm-up of each: both sampled over the same seconds, so a
    busy or slow spell of the machine weighs on both."""
    from tests.bench.bench_gui import SWEEPS

    ours()
    bare()
    best = [float("inf"), float("inf")]
    for _ in range(SWEEPS):
        for k, sweep in enumerate((ours, bare)):
            start = time.perf_counter()
            sweep()
            best[k] = min(best[k], time.perf_counter() - start)
    return best[0] / moves * 1e3, best[1] / moves * 1e3


def bench_p13() -> str:
    """The area tool following the mouse on P3g's grid, against a bare scene's drag: each
    shape and its bare twin swept in turn."""
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QPainterPath

    from gui.control.controller import Controller
    from gui.engine.play.table import Table
    from gui.map.area_tool import AreaTool
    from gui.map.scene import EncounterScene
    from gui.map.tools import AREA
    from gui.map.view import MapView
    from tests.bench.bench_grid import grid_encounter
    from tests.bench.bench_gui import _app, _show

    _app()
    ctl = Controller(Table(grid_encounter()))
    scene = EncounterScene(ctl.enc, ctl.ruleset)
    tool = AreaTool(ctl, scene)
    scene.area_hovered.connect(tool.hover)
    view = MapView(scene)
    window = _show(view)
    view.fit()
    _app().processEvents()
    actor = ctl.enc.combatants[0].id
    start = scene.token_items[actor].scenePos()
    path = [start + QPointF(40 + k * 13.0, 40 + k * 7.0) for k in range(1, 121)]
    drawn = [0]
    ctl.area_shown.connect(lambda _area: drawn.__setitem__(0, drawn[0] + 1))
    times, bare = {}, {}
    for shape, metres in (("burst", 6.0), ("cone", 9.0)):
        scene.set_tool(AREA)
        tool.start(actor)
        tool.set_shape(shape)
        tool.set_metres(metres)
        ours = _sweeper(view, path, lambda: drawn[0])
        if tool.area is None or not tool.item.isVisible():
            raise AssertionError(f"the {shape} did not follow the mouse")
        # Its bare twin moves this shape's own squares: a burst fills more than a cone.
        twin, moved, closing = _bare_twin(scene, QPainterPath(tool.item.region))
        times[shape], bare[shape] = _paired_ms(ours, _sweeper(twin, path, moved), len(path))
        closing.close()
    window.close()
    ratio = max(times[shape] / bare[shape] for shape in times)
    return (
        f"P13 {times['burst']:.2f} ms (6 m burst), {times['cone']:.2f} ms (9 m cone) per mouse"
        f" move with the area tool on a 100x100 grid, 1,000 tokens, 2,000 walls ; bare scene"
        f" {bare['burst']:.2f} ms, {bare['cone']:.2f} ms ; {ratio:.1f}x"
        f" (target <= {P13_TARGET_MS:g} ms, <= {P13_TARGET_RATIO:g}x)"
    )


def _bare_twin(scene, region):
    """The bare side of P13 (the P3 method): P3g's stock items, and a stock path item of the
    area's squares following the mouse snapped to the grid's intersections as the tool's
    area does — what Qt alone costs to show the same change. Its view, the count of its
    moves and its window."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QBrush, QPen
    from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsView

    from gui.map.area_item import EDGE, FILL
    from tests.bench.bench_gui import _app, _bare_scene, _show

    bare, _disc = _bare_scene(scene)
    cell = scene.enc.map.grid.cell_px
    shape = QGraphicsPathItem(region.translated(-region.boundingRect().center()))
    shape.setBrush(QBrush(FILL))
    pen = QPen(EDGE, 2)
    pen.setCosmetic(True)
    shape.setPen(pen)
    shape.setZValue(9)
    bare.addItem(shape)
    moved = [0]

    def follow(event) -> None:  # the scene's mouse move, snapped as the tool snaps
        at = event.scenePos()
        snapped = type(at)(round(at.x() / cell) * cell, round(at.y() / cell) * cell)
        if snapped != shape.pos():
            shape.setPos(snapped)
            moved[0] += 1

    bare.mouseMoveEvent = follow
    view = QGraphicsView(bare)
    view.setMouseTracking(True)
    window = _show(view)
    window.move(window.width() + 40, 0)  # beside the tool's window: each takes its own moves
    view.fitInView(scene.content_rect(), Qt.AspectRatioMode.KeepAspectRatio)
    _app().processEvents()
    view._bare_scene = bare  # kept alive with its view
    return view, lambda: moved[0], window


def bench_p13_resolve() -> str:
    """Resolving a libre area over 50 creatures, each its save, the ChangeSet applied."""
    from gui.engine.checks.request import DiceResult
    from gui.engine.contract.values import Action, AreaOf
    from gui.engine.play.table import Table
    from tests.bench.timing import best_seconds
    from tests.engine.builders import fighter, libre_encounter

    foes = [fighter(f"g{k}", "b", pv=50, pv_max=50) for k in range(RESOLVED)]
    table = Table(libre_encounter(fighter("mage", "a"), *foes))
    area = AreaOf("zone", zone="z1", caught=tuple(f.id for f in foes))
    action = Action("area", "mage", None, {"des": "8d6", "sauvegarde": 12}, area=area)
    saves = tuple(DiceResult("faces", (1 + k % 20,)) for k in range(RESOLVED))
    dice = DiceResult("faces", (3,) * 8, then=saves)

    def once() -> None:
        _resolution, cs = table.resolve(action, dice)
        table.apply(cs)
        table.revert(cs)

    ms = best_seconds(once) * 1e3
    return (
        f"P13r {ms:.1f} ms resolving an area over {RESOLVED} targets, each its save, applied"
        f" and reverted (target <= {P13R_TARGET_MS:g} ms)"
    )


if __name__ == "__main__":
    print(bench_p13_geometry())
    print(bench_p13_resolve())
    print(bench_p13())
