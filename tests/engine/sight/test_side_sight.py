"""A side's sight (issue 38, P14): the union of its creatures' sight, each recomputed only
when it moved, its darkvision changed or the map changed."""

import random

import pytest

from gui.engine.grid.board import Board, Obstruction, Square, Wall
from gui.engine.grid.squares import Footprint
from gui.engine.sight import grid, side
from gui.engine.sight.grid import seen_squares
from gui.engine.sight.side import SideSight, side_sight

BOUNDS = (0, 0, 10, 10)
BOARD = Board([Wall((5, -1), (5, 11))], [Square((8, 8), dark=True)])


@pytest.fixture
def computed(monkeypatch: pytest.MonkeyPatch) -> list[Footprint]:
    """The spaces whose sight was computed, in turn."""
    found: list[Footprint] = []

    def counting(board, space, *args, **kwargs):
        found.append(space)
        return seen_squares(board, space, *args, **kwargs)

    monkeypatch.setattr(side, "seen_squares", counting)
    return found


def test_only_the_moved_viewer_is_seen_again(computed: list[Footprint]) -> None:
    sight = SideSight()
    viewers = {"a": (Footprint((1, 1)), 0.0), "b": (Footprint((7, 7)), 0.0)}
    both = sight.seen(BOARD, viewers, BOUNDS)
    assert len(computed) == 2
    assert sight.seen(BOARD, viewers, BOUNDS) is both
    assert (8, 8) not in both
    viewers["b"] = (Footprint((7, 7)), 3.0)  # darkvision: the dark square two squares off
    assert (8, 8) in sight.seen(BOARD, viewers, BOUNDS)
    viewers["a"] = (Footprint((2, 1)), 0.0)
    sight.seen(BOARD, viewers, BOUNDS)
    assert computed[2:] == [Footprint((7, 7)), Footprint((2, 1))]
    assert sight.seen(BOARD, viewers, BOUNDS) == side_sight(BOARD, viewers.values(), BOUNDS)


def test_a_new_map_sees_all_again_and_a_viewer_gone_sees_nothing(
    computed: list[Footprint],
) -> None:
    sight = SideSight()
    viewers = {"a": (Footprint((1, 1)), 0.0), "b": (Footprint((7, 7)), 0.0)}
    sight.seen(BOARD, viewers, BOUNDS)
    opened = Board([Wall((5, -1), (5, 4)), Wall((5, 5), (5, 11))])
    sight.seen(opened, viewers, BOUNDS)
    assert len(computed) == 4
    del viewers["b"]
    assert sight.seen(opened, viewers, BOUNDS) == seen_squares(
        opened, Footprint((1, 1)), bounds=BOUNDS
    )
    assert sight.seen(opened, {}, BOUNDS) == frozenset()


def test_the_sweeps_kept_from_corners_give_what_fresh_sweeps_give(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # P14: a creature moved one square sweeps only from its new corners; on random boards,
    # creatures of one to three squares a side walking about (and one standing on a solid
    # square, whose sweeps are its own) see at each step what they see from scratch.
    from tests.engine.sight.test_sight_rule import _board

    swept_from: list[tuple[int, int]] = []

    def counting(masks, along, table, origin, *args):
        swept_from.append(origin)
        return sweep(masks, along, table, origin, *args)

    def on_solid(space: Footprint) -> bool:
        return any(board.cells.get(c) == Obstruction.SOLID for c in space.cells())

    sweep = grid.sweep
    monkeypatch.setattr(grid, "sweep", counting)
    for seed in range(40):
        rng = random.Random(seed)
        size = rng.randrange(6, 14)
        bounds = (0, 0, size, size)
        board = _board(rng, size, dark=seed % 4 == 0)
        sight = SideSight()
        viewers = {
            vid: (Footprint((rng.randrange(size), rng.randrange(size)), rng.choice([1, 2, 3])), 3.0)
            for vid in "abc"
        }
        sight.seen(board, viewers, bounds)
        for _ in range(6):
            vid = rng.choice("abc")
            space = viewers[vid][0]
            dx, dy = rng.choice([(1, 0), (-1, 0), (0, 1), (0, -1)])
            moved = Footprint((space.origin[0] + dx, space.origin[1] + dy), space.side)
            viewers[vid] = (moved, 3.0)
            swept_from.clear()
            together = sight.seen(board, viewers, bounds)
            made = list(swept_from)
            fresh = [seen_squares(board, s, d, bounds=bounds) for s, d in viewers.values()]
            assert together == frozenset().union(*fresh), seed
            if not on_solid(moved) and not on_solid(space):  # its old corners not swept again
                assert set(made) <= set(moved.points()) - set(space.points()), seed
                assert len(made) == len(set(made)), seed
