"""Areas of effect on the square grid (issue 37): the squares each shape covers, hand-drawn
from the SRD's « Aiming a Spell » (hors extrait: the rules excerpt gives cover, D35-01 to
D35-07, not areas), who is caught, the cover against the point of origin (D35-03) and the
refusals.

In the pictures, row by row from `top`, column by column from `left`, « X » is a covered
square and « . » one that is not; the origin is a grid intersection, the top-left corner of
the square (0, 0) unless said otherwise. 6 m = 4 squares, 9 m = 6, 18 m = 12 (1,50 m each)."""

import hashlib
import random

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gui.engine.grid.area_lines import count, far_corner, reach_level
from gui.engine.grid.areas import (
    Shape,
    Template,
    caught,
    corner_toward,
    covered,
    index_spaces,
    nearest_corner,
    origin_cover,
)
from gui.engine.grid.board import Board, Obstruction, Square, Wall
from gui.engine.grid.lines import Cover
from gui.engine.grid.squares import Footprint, GridError, cell_corners
from gui.engine.grid.tracing import Tracer

OPEN = Board()


def drawn(picture: str, left: int, top: int) -> frozenset[tuple[int, int]]:
    """The squares marked X in a picture whose first character is the square (left, top)."""
    rows = picture.strip().splitlines()
    return frozenset(
        (left + x, top + y)
        for y, row in enumerate(rows)
        for x, mark in enumerate(row.strip())
        if mark == "X"
    )


BURST_6M = drawn(
    """
    ...XX...
    .XXXXXX.
    .XXXXXX.
    XXXXXXXX
    XXXXXXXX
    .XXXXXX.
    .XXXXXX.
    ...XX...
    """,
    -4,
    -4,
)


def test_hors_extrait_a_6m_burst_in_the_open_is_the_srd_circle():
    """Counted intersection to intersection, every second diagonal double: a square is in
    when its far corner is within 4 (the SRD's 20-ft. radius template, 44 squares)."""
    area = covered(Template(Shape.BURST, (0, 0), 4), OPEN)
    assert area == BURST_6M and len(area) == 44


def test_hors_extrait_an_emanation_and_a_cylinder_cover_what_a_burst_does_in_the_open():
    for shape in (Shape.EMANATION, Shape.CYLINDER, Shape.SPREAD):
        assert covered(Template(shape, (0, 0), 4), OPEN) == BURST_6M


def test_hors_extrait_a_burst_moves_with_its_origin():
    moved = covered(Template(Shape.BURST, (10, -3), 4), OPEN)
    assert moved == {(x + 10, y - 3) for x, y in BURST_6M}


def test_douaratil_counting_each_diagonal_once_makes_the_burst_a_square():
    """Douaratil counts diagonals 1-1 (5e, Ruleset.diagonal): the far corner of (3, 3) is 4
    away, so the 6 m burst is 8 × 8 squares; counting them twice rounds it to a diamond."""
    square = covered(Template(Shape.BURST, (0, 0), 4), OPEN, "chebyshev")
    assert square == {(x, y) for x in range(-4, 4) for y in range(-4, 4)}
    diamond = covered(Template(Shape.BURST, (0, 0), 4), OPEN, "manhattan")
    assert (1, 1) in diamond and (2, 1) not in diamond and len(diamond) == 24
    assert covered(Template(Shape.BURST, (0, 0), 4), OPEN, "alternate") == BURST_6M


CONE_EAST = drawn(
    """
    ...X..
    ..XXX.
    .XXXX.
    XXXXXX
    XXXXXX
    .XXXX.
    ..XXX.
    ...X..
    """,
    0,
    -4,
)

CONE_SOUTH_EAST = drawn(
    """
    XXXXXX
    XXXXX.
    XXXXX.
    XXXX..
    XXX...
    X.....
    """,
    0,
    0,
)


def test_hors_extrait_a_9m_cone_along_an_axis_is_a_quarter_circle():
    """Within 45° of east: the squares the cone's edges cut through the middle count (their
    far edge is in), so it starts two squares wide beside the origin and is 8 wide at 4."""
    area = covered(Template(Shape.CONE, (0, 0), 6, (1, 0)), OPEN)
    assert area == CONE_EAST and len(area) == 28
    # Only the direction counts.
    assert covered(Template(Shape.CONE, (0, 0), 6, (9, 0)), OPEN) == CONE_EAST


def test_hors_extrait_a_9m_cone_on_a_diagonal_is_a_quarter_of_the_burst():
    area = covered(Template(Shape.CONE, (0, 0), 6, (3, 3)), OPEN)
    assert area == CONE_SOUTH_EAST and len(area) == 24
    assert area == covered(Template(Shape.BURST, (0, 0), 6), OPEN) & {
        (x, y) for x in range(6) for y in range(6)
    }


def test_hors_extrait_a_cone_aimed_west_or_north_is_the_east_one_turned():
    west = covered(Template(Shape.CONE, (0, 0), 6, (-1, 0)), OPEN)
    assert west == {(-1 - x, -1 - y) for x, y in CONE_EAST}
    north = covered(Template(Shape.CONE, (0, 0), 6, (0, -2)), OPEN)
    assert north == {(y, -1 - x) for x, y in CONE_EAST}


@given(st.integers(-9, 9), st.integers(-9, 9), st.integers(1, 8))
def test_hors_extrait_any_cone_lies_in_its_burst_ahead_of_its_origin(dx, dy, reach):
    if (dx, dy) == (0, 0):
        return
    cone = covered(Template(Shape.CONE, (0, 0), reach, (dx, dy)), OPEN)
    assert cone and cone <= covered(Template(Shape.BURST, (0, 0), reach), OPEN)
    # Each square holds a point within 45° of the aim, so its centre is ahead of the origin.
    assert all(dx * (2 * x + 1) + dy * (2 * y + 1) > 0 for x, y in cone)
    back = covered(Template(Shape.CONE, (0, 0), reach, (-dx, -dy)), OPEN)
    assert back == {(-1 - x, -1 - y) for x, y in cone}


def test_hors_extrait_an_18m_line_along_an_axis_covers_the_squares_on_both_sides():
    """A line along a grid line passes between two rows: both count (the SRD is silent; a
    line touching no square would be of no use), 12 squares long each."""
    area = covered(Template(Shape.LINE, (0, 0), 12, (5, 0)), OPEN)
    assert area == {(x, y) for x in range(12) for y in (-1, 0)}
    up = covered(Template(Shape.LINE, (3, 3), 12, (3, -1)), OPEN)
    assert up == {(x, y) for x in (2, 3) for y in range(-9, 3)}


def test_hors_extrait_an_18m_diagonal_line_passes_through_8_squares():
    """12 squares counted 1-2-1 is 8 diagonals; the squares it touches only at a corner are
    not passed through."""
    area = covered(Template(Shape.LINE, (0, 0), 12, (1, 1)), OPEN)
    assert area == {(k, k) for k in range(8)}
    assert covered(Template(Shape.LINE, (0, 0), 12, (1, 1)), OPEN, "chebyshev") == {
        (k, k) for k in range(12)
    }


def test_hors_extrait_a_line_at_a_slant_passes_through_the_squares_it_crosses():
    """It passes the point (3, 1) from (2, 0) into (3, 1), only touching (3, 0) and (2, 1);
    (3, 1)'s far corner is 5 away, (4, 1)'s 6."""
    area = covered(Template(Shape.LINE, (0, 0), 5, (3, 1)), OPEN)
    assert area == drawn(
        """
        XXX.
        ...X
        """,
        0,
        0,
    )


# A solid wall along x = 1 from y = -6 down to y = 1, east of the origin (0, 0).
WALL = Board([Wall((1, -6), (1, 1))])

BEHIND_THE_WALL = drawn(
    """
    ...XX...
    .XXXX...
    .XXXX...
    XXXXX...
    XXXXXX..
    .XXXXXX.
    .XXXXXX.
    ...XX...
    """,
    -4,
    -4,
)


def test_d35_07_a_burst_does_not_reach_the_squares_behind_a_wall():
    """No line from the origin reaches a corner of (1, -1) … (3, 0): total cover. (1, 0) is
    reached: its corner (1, 1) is the wall's end, which a line touches without being
    blocked (D35-01, as for cover); (2, 0)'s lines all cross the wall."""
    area = covered(Template(Shape.BURST, (0, 0), 4), WALL)
    assert area == BEHIND_THE_WALL
    assert BURST_6M - area == {(1, -3), (1, -2), (1, -1), (2, -3), (2, -2), (2, -1)} | {
        (2, 0),
        (3, -1),
        (3, 0),
    }
    assert covered(Template(Shape.EMANATION, (0, 0), 4), WALL) == BEHIND_THE_WALL


def test_hors_extrait_a_spread_goes_round_the_end_of_the_wall_counted_along_the_way():
    """(2, 0) is reached round the wall's end: (0, 0) at 1, (1, 1) by a second diagonal at
    3, (2, 0) by a third at 4. (3, 0) would be 5 that way, and (1, -1) farther still."""
    area = covered(Template(Shape.SPREAD, (0, 0), 4), WALL)
    assert area == BEHIND_THE_WALL | {(2, 0)}


def test_hors_extrait_a_cylinder_ignores_the_wall():
    assert covered(Template(Shape.CYLINDER, (0, 0), 4), WALL) == BURST_6M


def test_hors_extrait_a_line_stops_at_the_wall():
    assert covered(Template(Shape.LINE, (0, 0), 12, (1, 0)), WALL) == {(0, -1), (0, 0)}
    assert covered(Template(Shape.LINE, (0, -3), 12, (3, -2)), WALL) == {(0, -3)}


def test_hors_extrait_a_line_stops_after_a_solid_square_and_where_a_wall_goes_through():
    pillar = Board(squares=[Square((2, 2), blocks="solid")])
    assert covered(Template(Shape.LINE, (0, 0), 12, (1, 1)), pillar) == {(0, 0), (1, 1), (2, 2)}
    through = Board([Wall((2, 0), (2, 5))])  # the diagonal passes (2, 2), closed on both sides
    assert covered(Template(Shape.LINE, (0, 0), 12, (1, 1)), through) == {(0, 0), (1, 1)}
    ending = Board([Wall((2, 0), (2, 2))])  # it only touches the wall's end
    assert len(covered(Template(Shape.LINE, (0, 0), 12, (1, 1)), ending)) == 8


def test_hors_extrait_a_line_along_a_wall_is_not_stopped_by_it():
    along = Board([Wall((0, 0), (12, 0))])
    assert len(covered(Template(Shape.LINE, (0, 0), 12, (1, 0)), along)) == 24


def test_d35_01_low_walls_and_creatures_do_not_stop_a_burst():
    """A low wall gives cover but keeps the line of effect; creatures are not on the board."""
    low = Board([Wall((1, -6), (1, 1), "cover")], [Square((-2, 0), blocks="cover")])
    assert covered(Template(Shape.BURST, (0, 0), 4), low) == BURST_6M


def test_hors_extrait_a_spread_does_not_leave_a_closed_room():
    """A 4 × 4 room round the origin: a 9 m spread fills it and goes no further."""
    corners = [(-2, -2), (2, -2), (2, 2), (-2, 2)]
    room = Board([Wall(a, b) for a, b in zip(corners, corners[1:] + corners[:1], strict=True)])
    inside = {(x, y) for x in range(-2, 2) for y in range(-2, 2)}
    assert covered(Template(Shape.SPREAD, (0, 0), 6), room) == inside
    assert covered(Template(Shape.BURST, (0, 0), 6), room) == inside


@pytest.mark.parametrize("diagonal", ["alternate", "chebyshev", "manhattan"])
@pytest.mark.parametrize("reach", [1, 2, 3, 5, 8])
def test_hors_extrait_in_the_open_a_spread_covers_what_a_burst_does(reach, diagonal):
    burst = covered(Template(Shape.BURST, (3, 4), reach), OPEN, diagonal)
    assert covered(Template(Shape.SPREAD, (3, 4), reach), OPEN, diagonal) == burst


def test_a_large_creature_touching_the_area_by_one_square_is_caught_once():
    spaces = {
        "ogre": Footprint((3, -2), 2),  # (3, -1) is the burst's; (3, -2), (4, …) are not
        "elf": Footprint((-1, -1)),
        "far": Footprint((9, 9)),
        "dragon": Footprint((-2, -2), 4),  # every square inside: caught once
    }
    index = index_spaces(spaces)
    assert index[(3, -1)] == ("ogre",) and index[(-1, -1)] == ("elf", "dragon")
    assert caught(BURST_6M, index) == ("dragon", "elf", "ogre")
    assert caught(frozenset({(4, -1)}), index) == ("ogre",)
    assert caught(frozenset(), index) == () and caught(BURST_6M, {}) == ()


def test_d35_03_origin_cover_behind_a_low_wall_and_total_behind_a_wall():
    """Against the origin (0, 0) a creature in (3, 0): every line to its corners crosses
    x = 2 between y = -3 and 3."""
    target = Footprint((3, 0))
    burst = Template(Shape.BURST, (0, 0), 6)
    assert origin_cover(burst, OPEN, target) == Cover.NONE
    low = Board([Wall((2, -3), (2, 3), "cover")])
    assert origin_cover(burst, low, target) == Cover.NORMAL
    solid = Board([Wall((2, -3), (2, 3))])
    assert origin_cover(burst, solid, target) == Cover.TOTAL
    short = Board([Wall((2, 0), (2, 1))])  # some lines blocked, not all: cover
    assert origin_cover(burst, short, target) == Cover.NORMAL


def test_d35_05_origin_cover_from_a_creature_between_is_soft():
    """The line to (4, 1) goes through (1, 0); the one to (3, 0) runs along its side."""
    burst = Template(Shape.BURST, (0, 0), 6)
    cover = origin_cover(burst, OPEN, Footprint((3, 0)), [Footprint((1, 0))])
    assert cover == Cover.SOFT


def test_d35_06_the_origin_picks_the_square_of_a_large_creature_with_least_cover():
    """The ogre over (3, -1)–(4, 0): its row -1 is behind the wall, its row 0 beside it."""
    burst = Template(Shape.BURST, (0, 0), 6)
    wall = Board([Wall((2, -4), (2, 0))])
    assert origin_cover(burst, wall, Footprint((3, -1), 2)) == Cover.NONE
    assert origin_cover(burst, wall, Footprint((3, -3), 2)) == Cover.TOTAL


def test_refusals_are_bilingual():
    with pytest.raises(GridError) as error:
        Template(Shape.BURST, (0, 0), 0)
    assert "au moins une case" in error.value.fr and "at least one square" in error.value.en
    with pytest.raises(GridError) as error:
        Template(Shape.CONE, (0, 0), 6)
    assert error.value.fr.startswith("Un cône") and error.value.en.startswith("A cone")
    with pytest.raises(GridError) as error:
        Template(Shape.LINE, (2, 2), 12, (2, 2))
    assert error.value.fr.startswith("Une ligne") and "(2, 2)" in error.value.en


def test_a_template_goes_through_json():
    cone = Template(Shape.CONE, (1, 2), 6, (4, 2))
    assert msgspec.json.decode(msgspec.json.encode(cone), type=Template) == cone


def test_hors_extrait_a_cone_or_a_line_starts_at_the_corner_nearest_the_pointer():
    medium = Footprint((0, 0))
    assert corner_toward(medium, 5.0, 0.2) == (1, 0)
    assert corner_toward(medium, -3.0, 4.0) == (0, 1)
    large = Footprint((0, 0), 2)  # any corner of its squares on its edge
    assert corner_toward(large, 5.0, 1.1) == (2, 1)
    assert corner_toward(large, 0.9, -4.0) == (1, 0)


def test_a_burst_origin_snaps_to_the_nearest_intersection():
    assert nearest_corner(2.5, -0.5) == (3, 0)
    assert nearest_corner(2.49, 1.51) == (2, 2)
    assert nearest_corner(-0.2, 0.2) == (0, 0)


# The fast path of `covered` (issue 37, P13g) against a slow reference: the rule as written,
# every corner of every square of the shape traced with a fresh Tracer, on random boards.

SHAPES = tuple(Shape)
DIAGONALS = ("alternate", "chebyshev", "manhattan")


def _random_board(rng: random.Random, side: int = 10) -> Board:
    """Walls of 1 to 3 squares and obstacle squares strewn round the origin, solid or low:
    dense enough that most lines meet something, sparse enough that some get through."""
    walls = []
    for _ in range(rng.randrange(0, 45)):
        x, y, length = rng.randrange(-side, side), rng.randrange(-side, side), rng.randrange(1, 4)
        end = (x + length, y) if rng.random() < 0.5 else (x, y + length)
        walls.append(Wall((x, y), end, rng.choice(("solid", "solid", "cover"))))
    squares = [
        Square(
            (rng.randrange(-side, side), rng.randrange(-side, side)),
            blocks=rng.choice(("solid", "solid", "cover")),
        )
        for _ in range(rng.randrange(0, 20))
    ]
    return Board(walls, squares)


def _random_template(rng: random.Random, shape: Shape, reach: int) -> Template:
    origin = (rng.randrange(-4, 5), rng.randrange(-4, 5))
    toward = None
    if shape in (Shape.CONE, Shape.LINE):
        toward = origin
        while toward == origin:
            toward = (origin[0] + rng.randrange(-9, 10), origin[1] + rng.randrange(-9, 10))
    return Template(shape, origin, reach, toward)


def _reference(template: Template, board: Board, diagonal: str) -> frozenset[tuple[int, int]]:
    """Burst, emanation, cone and cylinder as the module's docstrings state them, slowly:
    the squares whose far corner is within reach (a cone's: with a corner strictly within 45°
    of the aim), and but for a cylinder only those that some line from the origin reaches
    at one of their corners (`reach_level`, each corner on its own)."""
    ox, oy = template.origin
    reach = template.reach
    cells = [
        (ox + i, oy + j)
        for j in range(-reach, reach)
        for i in range(-reach, reach)
        if count(*far_corner((0, 0), (i, j)), diagonal) <= reach
    ]
    if template.shape == Shape.CONE:
        dx, dy = template.toward[0] - ox, template.toward[1] - oy

        def ahead(x: int, y: int) -> bool:
            dot, cross = dx * (x - ox) + dy * (y - oy), dx * (y - oy) - dy * (x - ox)
            return dot > abs(cross)

        cells = [c for c in cells if any(ahead(*p) for p in cell_corners(c))]
    if template.shape == Shape.CYLINDER:
        return frozenset(cells)
    tracer = Tracer(board, (), ())
    return frozenset(
        cell
        for cell in cells
        if any(
            reach_level(tracer, template.origin, corner, cell) < Obstruction.SOLID
            for corner in cell_corners(cell)
        )
    )


@pytest.mark.parametrize("seed", range(6))
def test_hors_extrait_the_fast_line_of_effect_covers_what_every_line_traced_does(seed):
    """Bursts, emanations, cones and cylinders on random boards, every diagonal rule, the
    reaches the tool uses and some beyond (traced square by square, not from the tables)."""
    rng = random.Random(seed)
    for _ in range(60):
        board = _random_board(rng)
        shape = rng.choice((Shape.BURST, Shape.EMANATION, Shape.CONE, Shape.CYLINDER))
        reach = rng.choice((1, 2, 3, 4, 5, 6, 6, 8, 10, 12, 13, 15))
        template = _random_template(rng, shape, reach)
        diagonal = rng.choice(DIAGONALS)
        assert covered(template, board, diagonal) == _reference(template, board, diagonal), (
            template,
            diagonal,
        )


def test_hors_extrait_a_burst_is_stopped_by_what_closes_a_point_or_a_run_between_squares():
    """The ways a line is blocked besides crossing a wall, each alone on a board: two solid
    squares touching at a corner the diagonal passes; two side by side along the grid line a
    line runs on; a wall going on through a point the line passes; a corner of a square whose
    way in a wall and a square close."""
    boards = [
        Board(squares=[Square((1, 2), blocks="solid"), Square((2, 1), blocks="solid")]),
        Board(squares=[Square((2, -1), blocks="solid"), Square((2, 0), blocks="solid")]),
        Board([Wall((2, 0), (2, 4))]),
        Board([Wall((0, 2), (2, 2))], [Square((3, 1), blocks="solid")]),
    ]
    for board in boards:
        for diagonal in DIAGONALS:
            for shape in SHAPES[:5]:
                if shape in (Shape.SPREAD, Shape.LINE):
                    continue
                template = Template(shape, (0, 0), 5, (1, 1) if shape == Shape.CONE else None)
                assert covered(template, board, diagonal) == _reference(template, board, diagonal)
    # On the first board the two squares close the way into (2, 2) at its near corner and
    # through it to its far one; its two other corners are behind one of them.
    shadowed = BURST_6M - covered(Template(Shape.BURST, (0, 0), 4), boards[0])
    assert shadowed == {(2, 2)}


# The squares of 300 random templates of every shape on random boards, every diagonal rule,
# as `covered` gave them before it was made fast (sha-256 of their sorted list).
RECORDED = "2ef6ebb9ae25cf04e2891eb98fd063f2c7bbdbdb347c200645e1f075115232e5"


def test_hors_extrait_300_random_areas_cover_the_squares_recorded_before_the_fast_path():
    rng = random.Random(37)
    found = []
    for k in range(300):
        board = _random_board(rng)
        shape = SHAPES[k % len(SHAPES)]
        template = _random_template(rng, shape, rng.randrange(1, 9))
        diagonal = DIAGONALS[k // len(SHAPES) % 3]
        found.append(sorted(covered(template, board, diagonal)))
    assert hashlib.sha256(repr(found).encode()).hexdigest() == RECORDED
