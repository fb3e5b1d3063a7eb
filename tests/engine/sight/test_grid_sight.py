"""Sight on the grid, hand-drawn (issue 38): walls and closed doors hide what lies beyond, an
open door shows it, a solid pillar casts a shadow, a wall giving cover does not hide, dark
squares are seen within darkvision only, and a Large creature sees from all its squares.

The map is 10 × 10 squares of 1,50 m: 3 m = 2 squares, 9 m = 6."""

from gui.engine.grid.board import Board, Square, Wall
from gui.engine.grid.squares import Footprint
from gui.engine.sight.grid import seen_squares
from gui.engine.sight.sees import sees

BOUNDS = (0, 0, 10, 10)
EVERY = {(x, y) for x in range(10) for y in range(10)}
LEFT = {c for c in EVERY if c[0] < 5}
ME = Footprint((2, 5))


def _picture(seen: frozenset) -> list[str]:
    """Row by row, « . » a square seen and « # » one not seen."""
    return ["".join("." if (x, y) in seen else "#" for x in range(10)) for y in range(10)]


def _room(door: str | None) -> Board:
    """A wall down the column line x = 5, on past the map's edges (a line touching a wall's
    end slips past it), with a door from (5, 4) to (5, 5): a closed door is a wall, an open
    one none (`board_of`)."""
    walls = [Wall((5, -1), (5, 4)), Wall((5, 5), (5, 11))]
    if door == "closed":
        walls.append(Wall((5, 4), (5, 5)))
    return Board(walls)


def test_a_wall_and_a_closed_door_hide_everything_beyond() -> None:
    assert seen_squares(_room("closed"), ME, bounds=BOUNDS) == LEFT


def test_an_open_door_shows_the_room_beyond_through_it() -> None:
    seen = seen_squares(_room("open"), ME, bounds=BOUNDS)
    assert seen > LEFT
    assert {(5, 4), (9, 4), (9, 3), (7, 5)} <= seen
    # Far off to the side behind the wall, no line passes the doorway.
    assert not {(5, 0), (9, 9), (6, 9)} & seen


def test_a_solid_pillar_casts_a_shadow_and_shows_its_face() -> None:
    pillar = {(4, 4), (4, 5), (4, 6)}
    board = Board(squares=[Square(c, blocks="solid") for c in pillar])
    seen = seen_squares(board, ME, bounds=BOUNDS)
    assert _picture(seen) == [
        "..........",
        "..........",
        ".........#",
        ".......###",
        ".....#####",
        ".....#####",
        ".....#####",
        ".......###",
        ".........#",
        "..........",
    ]
    # One square is no shadow for a square: some line from its corners runs along it.
    assert seen_squares(Board(squares=[Square((4, 5), blocks="solid")]), ME, bounds=BOUNDS) == (
        EVERY
    )


def test_walls_and_squares_giving_cover_do_not_hide() -> None:
    board = Board([Wall((5, 0), (5, 10), "cover")], [Square((3, 5), blocks="cover")])
    assert seen_squares(board, ME, bounds=BOUNDS) == EVERY


def test_dark_squares_are_seen_within_darkvision_only() -> None:
    dark = {(6, 5), (9, 5)}
    board = Board(squares=[Square(c, dark=True) for c in dark])
    assert seen_squares(board, ME, bounds=BOUNDS) == EVERY - dark
    # 9 m: 6 squares; (6, 5) is 4 away, (9, 5) is 7.
    assert seen_squares(board, ME, 9.0, bounds=BOUNDS) == EVERY - {(9, 5)}
    assert seen_squares(board, ME, 3.0, bounds=BOUNDS) == EVERY - dark
    call = sees(board, ME, Footprint((9, 5)), 9.0)
    assert not call.seen
    assert call.words() == (
        "dans le noir, hors de sa vision dans le noir (9 m)",
        "in the dark, beyond its darkvision (9 m)",
    )
    assert sees(board, ME, Footprint((6, 5))).en == "in the dark, without darkvision"


def test_a_creature_in_the_dark_sees_the_lit_squares_and_its_own() -> None:
    dark = {(x, y) for x in range(4) for y in range(4, 7)}
    board = Board(squares=[Square(c, dark=True) for c in dark])
    assert seen_squares(board, ME, bounds=BOUNDS) == (EVERY - dark) | {ME.origin}


def test_a_large_creature_sees_from_every_square_of_its_space() -> None:
    # A wall with a slit: the top square of the Large creature sees through it, the other
    # squares do not see that far.
    board = Board([Wall((5, 0), (5, 3)), Wall((5, 4), (5, 10))])
    large = Footprint((3, 3), 2)
    seen = seen_squares(board, large, bounds=BOUNDS)
    assert seen == frozenset().union(
        *(seen_squares(board, Footprint(c), bounds=BOUNDS) for c in large.cells())
    )
    assert seen > seen_squares(board, Footprint((3, 4)), bounds=BOUNDS)


def test_sees_tells_the_wall_that_decides() -> None:
    call = sees(_room("closed"), ME, Footprint((8, 1)))
    assert not call.seen
    assert call.words() == (
        "ne voit pas : la ligne (3, 5) → (8, 2) traverse le mur (5, 3)–(5, 4) (bloque la"
        " ligne d'effet)",
        "does not see: the line (3, 5) → (8, 2) crosses the wall (5, 3)–(5, 4) (blocks line"
        " of effect)",
    )
    seen = sees(_room("open"), ME, Footprint((8, 4)))
    assert seen.seen
    assert seen.en.startswith("sees: the line") and seen.en.endswith("is clear")
