"""Benchmark P13g (issue 37): the geometry of an area of effect following the pointer. At each
of 200 pointer moves over a 100 × 100 grid with 2,000 wall segments (built as P11's) and
1,000 one-square creatures, the squares a 6 m burst covers and who it catches, then the same
for a 9 m cone aimed from the same intersection: target ≤ 1 ms for both together."""

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


if __name__ == "__main__":
    print(bench_p13_geometry())
