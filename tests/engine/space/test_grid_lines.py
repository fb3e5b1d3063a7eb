"""Lines of effect and cover on the grid: the corner rules (D35-01), soft cover (D35-05), a
large creature's square (D35-06) and total cover (D35-07), each call with its explanation."""

from hypothesis import given, settings
from hypothesis import strategies as st

from gui.engine.grid.board import Board, Square, Wall
from gui.engine.grid.lines import Cover, cover
from gui.engine.grid.squares import Footprint


def test_d35_01_no_cover_in_the_open():
    call = cover(Board(), Footprint((0, 0)), Footprint((5, 2)))
    assert call.cover == Cover.NONE and call.line_of_effect
    assert call.fr.startswith("Pas d'abri : case")  # plain words, a ruleset adds its ids


def test_d35_07_total_cover_behind_a_long_wall_tv_d35_01():
    """TV-D35-01: total cover → the attack is illegal (no line of effect)."""
    call = cover(Board([Wall((3, -5), (3, 5))]), Footprint((0, 0)), Footprint((5, 0)))
    assert call.cover == Cover.TOTAL and not call.line_of_effect
    assert len(call.lines) == 16 and all(line.hit for line in call.lines)
    assert call.en.startswith("Total cover: square")


def test_d35_01_a_short_wall_gives_cover_and_names_the_wall():
    """From every corner of (0, 0) some line to (5, 0) crosses x = 3 between y = 0 and 1."""
    call = cover(Board([Wall((3, 0), (3, 1))]), Footprint((0, 0)), Footprint((5, 0)))
    assert call.cover == Cover.NORMAL and call.corner is not None
    assert call.deciding.hit.kind == "wall" and call.deciding.hit.edge == (3, 0, 1)
    assert "(3, 0)–(3, 1)" in call.fr and "(bloque la ligne d'effet)" in call.fr


def test_d35_01_ranged_picks_a_clear_corner_but_melee_counts_any_line():
    """Wall x = 2 from y = 1 to 3. Ranged: the corner (0, 1) sees every corner of (4, 0)
    (the line along y = 1 only touches the wall's end). Melee: (1, 2) → (4, 0) crosses it."""
    board = Board([Wall((2, 1), (2, 3))])
    ranged = cover(board, Footprint((0, 1)), Footprint((4, 0)))
    assert ranged.cover == Cover.NONE and ranged.corner == (0, 1) and len(ranged.lines) == 4
    melee = cover(board, Footprint((0, 1)), Footprint((4, 0)), melee=True)
    assert melee.cover == Cover.NORMAL and melee.corner is None
    assert melee.deciding.start == (1, 2) and melee.deciding.end == (4, 0)


def test_d35_05_a_creature_between_is_soft_cover():
    call = cover(Board(), Footprint((0, 0)), Footprint((5, 0)), creatures=[Footprint((2, 0))])
    assert call.cover == Cover.SOFT
    assert call.deciding.hit.kind == "creature" and call.deciding.hit.cell == (2, 0)
    assert call.en.startswith("Soft cover: square")


def test_a_wall_beats_a_creature_on_the_same_line():
    board = Board([Wall((3, -5), (3, 5), "cover")])
    call = cover(board, Footprint((0, 0)), Footprint((5, 0)), creatures=[Footprint((1, 0))])
    assert call.cover == Cover.NORMAL and "(donne un abri)" in call.fr


def test_d35_06_a_large_attacker_picks_the_square_that_sees():
    """Wall x = 3 from y = 1 down: a Medium attacker at (0, 2) has lines crossing it from
    every corner; the Large one over (0, 1)–(1, 2) attacks from a square on row 1."""
    board = Board([Wall((3, 1), (3, 10))])
    assert cover(board, Footprint((0, 2)), Footprint((5, 0))).cover == Cover.NORMAL
    call = cover(board, Footprint((0, 1), 2), Footprint((5, 0)))
    assert call.cover == Cover.NONE and call.attacker_square[1] == 1


def test_d35_06_the_attacker_picks_the_square_of_a_large_target():
    board = Board([Wall((3, 1), (3, 10))])
    assert cover(board, Footprint((5, 0)), Footprint((0, 2))).cover == Cover.NORMAL
    call = cover(board, Footprint((5, 0)), Footprint((0, 1), 2))
    assert call.cover == Cover.NONE and call.target_square[1] == 1


def test_a_line_between_two_pillars_touching_at_a_corner_is_blocked():
    """Solid squares (0, 1) and (1, 2) touch at (1, 2), the corner of the attacker's square."""
    board = Board(squares=[Square((0, 1), blocks="solid"), Square((1, 2), blocks="solid")])
    call = cover(board, Footprint((0, 2)), Footprint((3, 0)))
    assert call.cover == Cover.TOTAL
    through = [line for line in call.lines if line.start == (1, 2)]
    assert all(line.hit.kind == "point" and line.hit.point == (1, 2) for line in through)


def test_a_line_along_a_wall_is_not_blocked_by_it():
    """A corridor: in melee, lines running along the wall on y = 0 do not cross it."""
    call = cover(Board([Wall((0, 0), (10, 0))]), Footprint((0, 0)), Footprint((3, 0)), melee=True)
    assert call.cover == Cover.NONE


def test_two_creatures_side_by_side_close_the_edge_between_them():
    creatures = [Footprint((2, 0)), Footprint((2, 1))]
    call = cover(Board(), Footprint((0, 0)), Footprint((4, 0)), creatures=creatures)
    assert call.cover == Cover.SOFT


_walls = st.lists(
    st.builds(
        lambda x, y, length, vertical, kind: Wall(
            (x, y), (x, y + length) if vertical else (x + length, y), kind
        ),
        st.integers(0, 8),
        st.integers(0, 8),
        st.integers(1, 3),
        st.booleans(),
        st.sampled_from(["cover", "solid"]),
    ),
    max_size=12,
)


@settings(max_examples=150, deadline=None)
@given(walls=_walls, order=st.randoms(use_true_random=False), melee=st.booleans())
def test_cover_never_depends_on_the_order_of_the_walls(walls, order, melee):
    shuffled = list(walls)
    order.shuffle(shuffled)
    attacker, target = Footprint((0, 0), 2), Footprint((7, 6))
    creatures = [Footprint((4, 4))]
    first = cover(Board(walls), attacker, target, melee=melee, creatures=creatures)
    again = cover(Board(shuffled), attacker, target, melee=melee, creatures=creatures)
    assert first == again
    assert (first.fr, first.en) == (again.fr, again.en)
