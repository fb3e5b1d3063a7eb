"""The cheapest way around obstacles (what a dragged token shows): against hand-worked rooms
and, on random boards, against a plain Dijkstra over every allowed step (path_cost's own
rules: walls, corners cut, impassable and difficult squares, 1-2-1 diagonals)."""

import heapq
import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from gui.engine.grid.board import Board, Square, Terrain, Wall
from gui.engine.grid.paths import path_cost
from gui.engine.grid.route import route
from gui.engine.grid.squares import Footprint


def test_in_the_open_the_cheapest_way_is_the_1_2_1_count():
    way = route(Board(), Footprint((0, 0)), (5, 2), "alternate")
    assert way.cost.squares == 5 + 2 // 2 and way.cost.allowed
    assert way.cells[0] == (0, 0) and way.cells[-1] == (5, 2)


def test_from_parity_1_the_first_diagonal_costs_two():
    assert route(Board(), Footprint((0, 0)), (1, 1), "alternate", parity=1).cost.squares == 2


def test_chebyshev_takes_diagonals_where_the_straight_line_would_zigzag():
    # The straight line from (0,0) to (3,1) crosses 3 column lines and a row line: 4 steps.
    way = route(Board(), Footprint((0, 0)), (3, 1), "chebyshev")
    assert way.cost.squares == 3


def test_a_wall_across_the_way_is_walked_around():
    # A wall on the line x = 2 from y = -3 to y = 3: going from (0,0) to (4,0) goes round it.
    board = Board([Wall((2, -3), (2, 3))])
    way = route(board, Footprint((0, 0)), (4, 0), "chebyshev")
    assert way.cost.allowed
    assert any(y <= -4 or y >= 3 for _, y in way.cells)
    assert way.cost.squares == path_cost(board, way.cells, "chebyshev").squares


def test_a_large_creature_does_not_squeeze_through_a_one_square_gap():
    # A wall on x = 2 with a one-square gap at y = 0: a Medium one goes through, a Large
    # one (2 × 2) must go round the end of the wall.
    board = Board([Wall((2, -5), (2, 0)), Wall((2, 1), (2, 6))])
    medium = route(board, Footprint((0, 0)), (4, 0), "chebyshev")
    large = route(board, Footprint((0, 0), 2), (4, 0), "chebyshev")
    assert medium.cost.squares == 4
    assert large.cost.allowed and large.cost.squares > 6


def test_difficult_terrain_is_skirted_when_that_is_cheaper():
    board = Board(squares=[Square((x, 0), Terrain.DIFFICULT) for x in range(1, 4)])
    way = route(board, Footprint((0, 0)), (4, 0), "chebyshev")
    assert way.cost.squares == 4 and not any(s.difficult for s in way.cost.steps)


def test_a_closed_room_shows_the_straight_way_and_why_it_is_blocked():
    board = Board(_box(3, 3, 6, 6))
    way = route(board, Footprint((0, 4)), (4, 4), "chebyshev", limit=200)
    assert not way.cost.allowed
    assert "mur" in way.cost.fr and "wall" in way.cost.en


def _wall(cell, across, n, blocks):
    x, y = cell
    return Wall((x, y), (x + n, y) if across else (x, y + n), blocks)


def _box(x0, y0, x1, y1):
    corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)]
    return [Wall(a, b) for a, b in itertools.pairwise(corners)]


def _dijkstra(board, start, end, diagonal, side, low=-3, high=12):
    """Every allowed step within a box around the walls, costs by path_cost itself."""
    best = {(start, 0): 0}
    queue = [(0, start, 0)]
    while queue:
        spent, cell, parity = heapq.heappop(queue)
        if cell == end:
            return spent
        if spent > best[(cell, parity)]:
            continue
        for dx, dy in itertools.product((-1, 0, 1), repeat=2):
            nxt = (cell[0] + dx, cell[1] + dy)
            if (dx, dy) == (0, 0) or not all(low <= v <= high for v in nxt):
                continue
            step = path_cost(board, [cell, nxt], diagonal, parity=parity, side=side)
            if not step.allowed:
                continue
            key = (nxt, step.parity)
            if spent + step.squares < best.get(key, 10**9):
                best[key] = spent + step.squares
                heapq.heappush(queue, (spent + step.squares, nxt, step.parity))
    return None


cells = st.tuples(st.integers(0, 6), st.integers(0, 6))
walls = st.lists(
    st.tuples(cells, st.booleans(), st.integers(1, 3), st.sampled_from(["solid", "cover"])),
    max_size=8,
)
squares = st.lists(
    st.tuples(cells, st.sampled_from([Terrain.DIFFICULT, Terrain.IMPASSABLE])), max_size=10
)


@settings(max_examples=150, deadline=None)
@given(walls, squares, cells, cells, st.sampled_from(["alternate", "chebyshev", "manhattan"]))
def test_the_way_found_costs_what_the_cheapest_allowed_way_costs(
    wall_list, square_list, start, end, diagonal
):
    board = Board(
        [_wall(cell, across, n, blocks) for cell, across, n, blocks in wall_list],
        [Square(cell, terrain) for cell, terrain in square_list if cell not in (start, end)],
    )
    way = route(board, Footprint(start), end, diagonal)
    cheapest = _dijkstra(board, start, end, diagonal, 1)
    if cheapest is None:
        return  # nothing allowed: the straight way is shown, blocked (the case above)
    assert way.cost.allowed and way.cells[0] == start and way.cells[-1] == end
    # Never dearer than the cheapest way in the box (a way round outside it may be cheaper).
    assert way.cost.squares <= cheapest


def test_a_way_goes_round_the_squares_to_avoid():
    """A foe's space is walked round (the newcomer's path ran through the bear)."""
    foe = frozenset(Footprint((2, -1), 2).cells()) | {(2, 1)}
    way = route(Board(), Footprint((0, 0)), (4, 0), "manhattan", avoid=foe)
    assert way.cost.allowed and not foe & set(way.cells)
    assert (
        way.cost.squares > 4 == route(Board(), Footprint((0, 0)), (4, 0), "manhattan").cost.squares
    )
