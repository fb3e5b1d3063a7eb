"""Benchmark P14, the engine's half (issue 38): the players' sight recomputed after one token
move on a 100 × 100 grid with 2,000 wall segments, 50 closed doors and 6 player characters
(≤ 16 ms, one frame, with the players' view repaint that follows it); and one creature's sight
in an open 100 × 100 hall, where it sees every square (the most a sweep finds)."""

import random
import statistics
import time

from gui.engine.grid.board import Board, Wall
from gui.engine.grid.squares import Footprint
from gui.engine.sight.grid import seen_squares
from gui.engine.sight.side import SideSight
from tests.bench.bench_grid import SIDE, WALLS, _walls
from tests.bench.timing import best_seconds

DOORS = 50
VIEWERS = 6
MOVES = 200
P14_TARGET_MS = 16.0


def _doors(rng: random.Random) -> list[Wall]:
    """Closed doors: one-square walls, as `board_of` makes them."""
    out = []
    for _ in range(DOORS):
        x, y = rng.randrange(SIDE), rng.randrange(SIDE)
        out.append(Wall((x, y), (x + 1, y) if rng.random() < 0.5 else (x, y + 1)))
    return out


def bench_p14_engine() -> str:
    """The median and worst of 200 moves of one of six viewers (one darkvision 18 m), the
    side's sight asked after each; the first question (every viewer) is timed apart. A
    second line: the open hall (`bench_p14_hall`)."""
    rng = random.Random(14)
    board = Board([*_walls(rng), *_doors(rng)])
    bounds = (0, 0, SIDE, SIDE)
    viewers = {
        f"pc{n}": (Footprint((rng.randrange(SIDE), rng.randrange(SIDE))), 18.0 if n else 0.0)
        for n in range(VIEWERS)
    }
    sight = SideSight()
    begin = time.perf_counter()
    sight.seen(board, viewers, bounds)
    first = (time.perf_counter() - begin) * 1e3
    times, seen = [], 0
    for _ in range(MOVES):
        x, y = viewers["pc0"][0].origin
        x = min(SIDE - 1, max(0, x + rng.randrange(-3, 4)))
        y = min(SIDE - 1, max(0, y + rng.randrange(-3, 4)))
        viewers["pc0"] = (Footprint((x, y)), 0.0)
        begin = time.perf_counter()
        seen += len(sight.seen(board, viewers, bounds))
        times.append((time.perf_counter() - begin) * 1e3)
    return (
        f"P14e {statistics.median(times):.2f} ms median, {max(times):.1f} ms worst: the players'"
        f" sight after one move, {SIDE}x{SIDE} grid, {WALLS} walls, {DOORS} doors,"
        f" {VIEWERS} viewers, {MOVES} moves ({seen // MOVES} squares seen; all six at first"
        f" {first:.1f} ms) (target <= {P14_TARGET_MS:g} ms)\n{bench_p14_hall()}"
    )


def bench_p14_hall() -> str:
    """One Medium creature's sight in an empty 100 × 100 hall: 10,000 squares seen (best of
    several, from a few squares)."""
    board, bounds = Board(), (0, 0, SIDE, SIDE)
    spaces = [Footprint((37, 61)), Footprint((0, 0)), Footprint((50, 50))]
    seen = {len(seen_squares(board, space, bounds=bounds)) for space in spaces}
    ms = max(
        best_seconds(lambda s=space: seen_squares(board, s, bounds=bounds), repeats=5) * 1e3
        for space in spaces
    )
    return (
        f"P14h {ms:.2f} ms: one Medium creature's sight in an open {SIDE}x{SIDE} hall"
        f" ({'/'.join(map(str, sorted(seen)))} squares seen; the slowest of 3 places, best of 5)"
        f" (target <= {P14_TARGET_MS:g} ms)"
    )


if __name__ == "__main__":
    print(bench_p14_engine())
