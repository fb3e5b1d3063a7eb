"""The sweep is the tracer's rule (issue 38): on random boards strewn with walls, closed
doors, solid and cover squares and dark squares, `seen_squares` finds exactly the squares
`sees` finds line by line, for creatures of one to three squares a side anywhere (even
standing on a solid square or off the map); and lit squares see each other both ways."""

import random

from gui.engine.grid.board import Board, Square, Wall
from gui.engine.grid.squares import Footprint
from gui.engine.sight.grid import seen_squares
from gui.engine.sight.sees import sees


def _board(rng: random.Random, side: int, dark: bool) -> Board:
    walls = []
    for _ in range(rng.randrange(side * 3)):
        x, y, length = rng.randrange(side), rng.randrange(side), rng.randrange(1, 4)
        end = (x + length, y) if rng.random() < 0.5 else (x, y + length)
        walls.append(Wall((x, y), end, "solid" if rng.random() < 0.8 else "cover"))
    squares = [
        Square(
            (rng.randrange(side), rng.randrange(side)),
            blocks=rng.choice(["solid", "solid", "cover", None]),
            dark=dark and rng.random() < 0.5,
        )
        for _ in range(rng.randrange(side * 2))
    ]
    return Board(walls, squares)


def test_the_sweep_finds_what_the_tracer_finds() -> None:
    for seed in range(150):
        rng = random.Random(seed)
        side = rng.randrange(4, 13)
        board = _board(rng, side, dark=seed % 3 == 0)
        space = Footprint(
            (rng.randrange(-1, side), rng.randrange(-1, side)), rng.choice([1, 1, 2, 3])
        )
        darkvision = rng.choice([0.0, 3.0, 6.0])
        diagonal = rng.choice(["alternate", "chebyshev", "manhattan"])
        fast = seen_squares(board, space, darkvision, bounds=(0, 0, side, side), diagonal=diagonal)
        slow = {
            (x, y)
            for x in range(side)
            for y in range(side)
            if sees(board, space, Footprint((x, y)), darkvision, diagonal).seen
        }
        assert fast == slow, seed


def _slow(board: Board, space: Footprint, side: int) -> set[tuple[int, int]]:
    return {
        (x, y)
        for x in range(side)
        for y in range(side)
        if sees(board, space, Footprint((x, y))).seen
    }


def test_the_sweep_finds_what_the_tracer_finds_on_big_boards() -> None:
    # Long lines, past the sweep's first, short table of slopes, with open columns found
    # whole or by runs (issue 38, P14): an open hall, a few walls and pillars, strewn boards.
    side = 36
    few = Board(
        [Wall((18, 5), (18, 7)), Wall((9, 30), (12, 30)), Wall((30, 2), (33, 2), "cover")],
        [Square((25, 25), blocks="solid"), Square((6, 12), blocks="solid")],
    )
    boards = [Board(), few, *(_board(random.Random(seed), side, dark=False) for seed in (1, 2))]
    rng = random.Random(38)
    for n, board in enumerate(boards):
        for _ in range(2):
            space = Footprint((rng.randrange(side), rng.randrange(side)), rng.choice([1, 2]))
            fast = seen_squares(board, space, bounds=(0, 0, side, side))
            assert fast == _slow(board, space, side), (n, space)


def test_an_open_hall_is_seen_whole() -> None:
    every = {(x, y) for x in range(100) for y in range(100)}
    for origin, side in (((37, 61), 2), ((0, 99), 1), ((50, 50), 1)):
        assert seen_squares(Board(), Footprint(origin, side), bounds=(0, 0, 100, 100)) == every


def test_lit_squares_see_each_other_both_ways() -> None:
    for seed in range(400):
        rng = random.Random(seed)
        side = rng.randrange(4, 14)
        board = _board(rng, side, dark=False)
        a = Footprint((rng.randrange(side), rng.randrange(side)), rng.choice([1, 1, 2, 3]))
        b = Footprint((rng.randrange(side), rng.randrange(side)), rng.choice([1, 1, 2]))
        assert sees(board, a, b).seen == sees(board, b, a).seen, seed
