"""Grid geometry: footprints by size, walls, and movement cost along a path (1-2-1 diagonals
across the turn, difficult terrain, walls and their corners)."""

import pytest

from gui.engine.grid.board import Board, Square, Terrain, Wall
from gui.engine.grid.paths import path_cost
from gui.engine.grid.squares import DEFAULT_CELL_M, Footprint, GridError, Size
from gui.engine.grid.straight import straight_path


@pytest.mark.parametrize(
    ("size", "side", "shares"),
    [
        (Size.FINE, 1, True),
        (Size.TINY, 1, True),
        (Size.MEDIUM, 1, False),
        (Size.LARGE, 2, False),
        (Size.HUGE, 3, False),
        (Size.GARGANTUAN, 4, False),
        (Size.COLOSSAL, 6, False),
    ],
)
def test_a_space_by_size(size, side, shares):
    space = Footprint.of((3, 4), size)
    assert space.side == side and size.shares_squares == shares
    assert len(list(space.cells())) == side * side
    assert space.corners()[2] == (3 + side, 4 + side)


def test_sizes_have_french_and_english_labels_a_d35_24():
    assert (Size.HUGE.fr, Size.HUGE.en) == ("Très grande", "Huge")


def test_squares_default_to_1_50_m_and_the_map_can_change_it():
    assert DEFAULT_CELL_M == 1.5
    assert path_cost(Board(cell_m=2.0), [(0, 0), (1, 0)]).metres == 2.0


def test_a_wall_runs_along_a_grid_line_and_covers_its_unit_edges():
    assert list(Wall((2, 5), (2, 2)).edges()) == [(2, 2, 1), (2, 3, 1), (2, 4, 1)]
    assert Wall.between((1, 1), (1, 2)) == Wall((1, 2), (2, 2))
    with pytest.raises(GridError):
        Wall((0, 0), (2, 1))
    with pytest.raises(GridError):
        Wall.between((0, 0), (1, 1))


def test_1_2_1_diagonals_count_across_the_whole_turn():
    """Two diagonals cost 1 then 2; a second move of the turn carries on from the parity."""
    first = path_cost(Board(), [(0, 0), (1, 1), (2, 1)])
    assert (first.squares, first.parity) == (2, 1)
    second = path_cost(Board(), [(2, 1), (3, 2), (4, 3)], parity=first.parity)
    assert [s.squares for s in second.steps] == [2, 1]
    assert (second.squares, second.parity, second.metres) == (3, 1, 4.5)


def test_other_diagonal_rules():
    path = [(0, 0), (1, 1), (2, 2), (3, 3)]
    assert path_cost(Board(), path, "chebyshev").squares == 3
    assert path_cost(Board(), path, "manhattan").squares == 6
    assert path_cost(Board(), path, "alternate").squares == 4


def test_difficult_terrain_counts_twice_even_on_a_long_diagonal():
    board = Board(squares=[Square((1, 0), Terrain.DIFFICULT), Square((2, 1), Terrain.DIFFICULT)])
    cost = path_cost(board, [(0, 0), (1, 0), (2, 1)], parity=1)
    assert [s.squares for s in cost.steps] == [2, 4]
    assert cost.allowed and cost.fr == "6 cases (9 m)"


def test_a_step_through_a_wall_is_a_warning_with_its_reason():
    cost = path_cost(Board([Wall.between((0, 0), (1, 0))]), [(0, 0), (1, 0)])
    assert not cost.allowed and cost.squares == 1
    assert cost.en == "1 square (1.5 m); step to (1, 0): crosses the wall (1, 0)–(1, 1)"
    assert cost.fr == "1 case (1,5 m) ; pas vers (1, 0) : traverse le mur (1, 0)–(1, 1)"


def test_a_diagonal_cannot_cut_the_corner_of_a_wall():
    """The wall ends on the corner (1, 1) that the step (0, 1) → (1, 0) goes through."""
    board = Board([Wall((1, 0), (1, 1))])
    cost = path_cost(board, [(0, 1), (1, 0)])
    assert cost.steps[0].blocked.kind == "corner"
    assert "coupe en diagonale le coin du mur (1, 0)–(1, 1)" in cost.fr
    # The other diagonal past the same square does not touch the wall.
    assert path_cost(board, [(0, 2), (1, 1)]).allowed


def test_a_diagonal_cannot_cut_the_corner_of_a_pillar_nor_enter_an_impassable_square():
    board = Board(squares=[Square((1, 0), blocks="solid"), Square((5, 5), Terrain.IMPASSABLE)])
    assert "solid square (1, 0)" in path_cost(board, [(0, 0), (1, 1)]).en
    assert path_cost(board, [(4, 4), (5, 5)]).steps[0].blocked.kind == "impassable"


def test_a_large_creature_is_stopped_by_a_wall_across_any_of_its_squares():
    board = Board([Wall((2, 1), (2, 2))])
    assert not path_cost(board, [(0, 0), (1, 0)], side=2).allowed
    assert path_cost(board, [(0, 0), (0, 1)], side=2).allowed


def test_a_path_goes_from_neighbour_to_neighbour():
    with pytest.raises(GridError):
        path_cost(Board(), [(0, 0), (2, 0)])


def test_a_straight_line_from_centre_to_centre_d35_20():
    """Crossing columns at t = 1/4, 3/4 and the row at t = 1/2."""
    path = straight_path(Board(), Footprint((0, 0)), (2, 1))
    assert path.cells == ((0, 0), (1, 0), (1, 1), (2, 1)) and path.clear
    assert straight_path(Board(), Footprint((0, 0)), (3, 3)).cells[1] == (1, 1)
    hindered = Board(squares=[Square((1, 0), Terrain.DIFFICULT)])
    assert not straight_path(hindered, Footprint((0, 0)), (2, 1)).clear
    walled = Board([Wall((2, 0), (2, 2))])
    assert not straight_path(walled, Footprint((0, 0), 2), (2, 0)).clear
