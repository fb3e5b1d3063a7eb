"""A side's sight (issue 38, P14): the union of its creatures' sight, each recomputed only
when it moved, its darkvision changed or the map changed."""

import pytest

from gui.engine.grid.board import Board, Square, Wall
from gui.engine.grid.squares import Footprint
from gui.engine.sight import side
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
