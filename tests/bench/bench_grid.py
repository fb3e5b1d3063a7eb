"""Benchmark P11: the cover between two Huge creatures across a 100 × 100 grid with 2,000 wall
segments (issue 18: ≤ 1 ms), in three layouts: an open hall, a map strewn with walls, and a
wall right across the middle (every line walked to it)."""

import random

from gui.engine.grid.board import Board, Wall
from gui.engine.grid.lines import Cover, cover
from gui.engine.grid.squares import Footprint, Size
from tests.bench.timing import best_seconds

SIDE = 100
WALLS = 2000
P11_TARGET_MS = 1.0


def _walls(rng: random.Random, keep_clear: int = 0) -> list[Wall]:
    """Wall segments of 1 to 3 squares; with `keep_clear`, none that near the diagonal."""
    out: list[Wall] = []
    while len(out) < WALLS:
        x, y, length = rng.randrange(SIDE), rng.randrange(SIDE), rng.randrange(1, 4)
        if abs(x - y) < keep_clear:
            continue
        end = (x + length, y) if rng.random() < 0.5 else (x, y + length)
        out.append(Wall((x, y), end))
    return out


def _cases() -> list[tuple[str, Board, Footprint, Footprint, Cover]]:
    rng = random.Random(18)
    a, b = Footprint.of((2, 2), Size.HUGE), Footprint.of((95, 95), Size.HUGE)
    across = [*_walls(rng)[: WALLS - 1], Wall((50, 0), (50, SIDE))]
    west, east = Footprint.of((2, 48), Size.HUGE), Footprint.of((95, 48), Size.HUGE)
    return [
        ("open hall", Board(_walls(rng, keep_clear=8)), a, b, Cover.NONE),
        ("strewn walls", Board(_walls(rng)), a, b, Cover.TOTAL),
        ("wall across", Board(across), west, east, Cover.TOTAL),
    ]


def bench_p11() -> str:
    """The ranged cover call in each layout; the target is met by the slowest."""
    parts, worst = [], 0.0
    for name, board, attacker, target, expected in _cases():
        found = cover(board, attacker, target).cover
        if found != expected:
            raise AssertionError(f"{name}: {found} != {expected}")
        ms = best_seconds(lambda b=board, a=attacker, t=target: cover(b, a, t)) * 1e3
        worst = max(worst, ms)
        parts.append(f"{name} {ms:.2f} ms")
    return (
        f"P11 {worst:.2f} ms cover between two Huge creatures, {SIDE}x{SIDE} grid,"
        f" {WALLS} walls ({' ; '.join(parts)}) (target <= {P11_TARGET_MS:g} ms)"
    )


def bench_route() -> str:
    """The way a dragged token shows (grid/route.py) on the strewn map of P11: 300 drags of
    1 to 30 squares from random squares; the mean and the worst (a square walled in: the
    search gives up at its limit). The preview computes it at most every 50 ms (P3g)."""
    import time

    from gui.engine.grid.route import route

    board = Board(_walls(random.Random(3)))
    rng = random.Random(1)
    times, blocked = [], 0
    for _ in range(300):
        x, y, far = rng.randrange(SIDE), rng.randrange(SIDE), rng.randrange(1, 30)
        end = (min(SIDE - 1, x + rng.randrange(-far, far + 1)), min(SIDE - 1, y + far))
        begin = time.perf_counter()
        way = route(board, Footprint((x, y)), end, "chebyshev")
        times.append(time.perf_counter() - begin)
        blocked += not way.cost.allowed
    mean, worst = sum(times) / len(times) * 1e3, max(times) * 1e3
    return (
        f"P11r {mean:.2f} ms mean, {worst:.1f} ms worst: the way around walls for a drag,"
        f" {SIDE}x{SIDE} grid, {WALLS} walls, 300 drags ({blocked} with no way)"
    )


if __name__ == "__main__":
    print(bench_p11())
    print(bench_route())


def grid_encounter():
    """The big encounter on a 100 × 100 grid: its 1,000 tokens on squares, 2,000 walls."""
    from gui.engine.state.model import Grid, MapWall
    from tests.bench.bench_gui import COMBATANTS, ZONES
    from tests.bench.big_encounter import make_big_encounter

    rng = random.Random(3)
    enc = make_big_encounter(COMBATANTS, ZONES)
    enc.map.grid = Grid(cell_px=40, snap=True)
    for i, c in enumerate(enc.combatants):
        c.position = c.position.replace(cell=(i % SIDE, i // SIDE * 10 + 5))
    enc.map.walls = [MapWall(start=w.start, end=w.end) for w in _walls(rng)]
    return enc


def bench_p3_grid() -> str:
    """P3 on the grid (issue 18): a mouse move dragging a token over a 100 × 100 grid with
    1,000 tokens on squares and 2,000 wall segments, the path and its cost restated at every
    new square, against a bare scene of stock items."""
    from PySide6.QtCore import QPointF, Qt
    from PySide6.QtWidgets import QGraphicsView

    from gui.engine.rulesets import registry
    from gui.map.scene import EncounterScene
    from gui.map.view import MapView
    from tests.bench.bench_gui import (
        COMBATANTS,
        P3_TARGET_MS,
        P3_TARGET_RATIO,
        _app,
        _bare_scene,
        _drag_ms,
        _show,
    )

    _app()
    enc = grid_encounter()
    scene = EncounterScene(enc, registry.get(enc.ruleset))
    view = MapView(scene)
    window = _show(view)
    view.fit()
    _app().processEvents()
    token = scene.token_items[enc.combatants[0].id]
    start = token.scenePos()
    path = [start + QPointF(k * 13.0, k * 7.0) for k in range(1, 121)]
    ours = _drag_ms(view, token, path)
    if not scene.path_item.text:
        raise AssertionError("no path was shown while dragging on the grid")
    window.close()
    bare, disc = _bare_scene(scene)
    bare_view = QGraphicsView(bare)
    bare_window = _show(bare_view)
    bare_view.fitInView(scene.content_rect(), Qt.AspectRatioMode.KeepAspectRatio)
    _app().processEvents()
    theirs = _drag_ms(bare_view, disc, [disc.scenePos() + (p - start) for p in path])
    bare_window.close()
    return (
        f"P3g {ours:.2f} ms per mouse-move dragging a token on a {SIDE}x{SIDE} grid, "
        f"{COMBATANTS:,} tokens, {WALLS:,} walls, path cost shown ; bare scene {theirs:.2f} ms ;"
        f" {ours / theirs:.1f}x (target <= {P3_TARGET_MS} ms, <= {P3_TARGET_RATIO}x)"
    )
