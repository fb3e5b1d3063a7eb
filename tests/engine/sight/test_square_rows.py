"""SquareRows (issue 38, P14): which zones hold a square the players see, and which tokens
may stand on one, asked row by row; checked against the square-by-square answer."""

import random

from gui.engine.sight.runs import SquareRows


def _cases(seed: int):
    rng = random.Random(seed)
    for _ in range(200):
        cells = {
            (rng.randrange(-10, 30), rng.randrange(-10, 30)) for _ in range(rng.randrange(1, 40))
        }
        yield rng, cells


def test_a_box_meets_the_squares_exactly_when_one_lies_in_it():
    for rng, cells in _cases(1):
        rows = SquareRows(cells)
        for _ in range(40):
            x0, y0 = rng.randrange(-14, 32), rng.randrange(-14, 32)
            x1, y1 = x0 + rng.randrange(0, 8), y0 + rng.randrange(0, 8)
            inside = any(x0 <= x < x1 and y0 <= y < y1 for x, y in cells)
            assert rows.meets(x0, y0, x1, y1) == inside, (cells, (x0, y0, x1, y1))


def test_near_tells_whether_a_creature_up_to_four_squares_wide_there_could_be_seen():
    for rng, cells in _cases(2):
        places = [(n, (rng.randrange(-16, 34), rng.randrange(-16, 34))) for n in range(40)]
        near = SquareRows(cells).near(4, places)
        could = [
            (n, (x, y))
            for n, (x, y) in places
            if any((x + i, y + j) in cells for i in range(4) for j in range(4))
        ]
        assert near == could, cells


def test_the_players_memory_read_by_row_holds_the_squares_its_runs_hold():
    from gui.engine.state.explored import explored_cells, with_cells

    for rng, cells in _cases(3):
        memory = with_cells({}, cells)
        rows = SquareRows.of_runs(memory)
        assert explored_cells(memory) == cells
        for _ in range(40):
            x0, y0 = rng.randrange(-14, 32), rng.randrange(-14, 32)
            x1, y1 = x0 + rng.randrange(0, 8), y0 + rng.randrange(0, 8)
            inside = any(x0 <= x < x1 and y0 <= y < y1 for x, y in cells)
            assert rows.meets(x0, y0, x1, y1) == inside
