"""Issue 38, deliver 1: a wall's square-wide stretch becomes a door (the stroke split around
it), opened and closed in play as one undo entry with its log line; a closed door blocks moves
like the wall it is, an open one does not; doors save and come back."""

from __future__ import annotations

import pytest

from gui.engine.edits import doors
from gui.engine.edits import grid as grid_edits
from gui.engine.edits.grid import GridEditError
from gui.engine.files import storage
from gui.engine.grid.from_map import board_of
from gui.engine.grid.paths import path_cost
from gui.engine.state.changes import apply, revert
from gui.engine.state.model import Grid, MapWall
from tests.engine.builders import dump, fighter, libre_encounter


def walled():
    """A wall along x = 3 from y = 0 to y = 5, between the squares x = 2 and x = 3."""
    enc = libre_encounter(fighter("x", "a"))
    enc.map.grid = Grid(cell_m=1.5)
    apply(enc, grid_edits.add_wall(enc, (3, 0), (3, 5)))
    return enc


def through(enc, y: int) -> bool:
    return path_cost(board_of(enc.map), [(2, y), (3, y)]).allowed


def test_a_door_splits_the_stroke_around_the_stretch_clicked():
    enc = walled()
    at = doors.edge_under(enc.map.walls[0], 3.1, 2.6)
    assert at == (3, 2)
    cs = doors.make_door(enc, 0, at)
    assert (cs.label, cs.english) == ("Porte (3, 2)–(3, 3)", "Door (3, 2)–(3, 3)")
    apply(enc, cs)
    assert enc.map.walls == [
        MapWall(start=(3, 0), end=(3, 2)),
        MapWall(start=(3, 2), end=(3, 3), door="closed"),
        MapWall(start=(3, 3), end=(3, 5)),
    ]
    assert not through(enc, 2)  # closed: a wall


def test_a_door_at_either_end_leaves_one_wall_and_a_one_square_wall_is_the_door():
    enc = walled()
    apply(enc, doors.make_door(enc, 0, doors.edge_under(enc.map.walls[0], 3, 99)))
    assert [(w.start, w.end, w.door) for w in enc.map.walls] == [
        ((3, 0), (3, 4), None),
        ((3, 4), (3, 5), "closed"),
    ]
    apply(enc, grid_edits.add_wall(enc, (0, 0), (1, 0)))
    apply(enc, doors.make_door(enc, 2, (0, 0)))
    assert enc.map.walls[2] == MapWall(start=(0, 0), end=(1, 0), door="closed")


def test_opening_and_closing_a_door_is_one_undo_entry_with_its_log_line():
    enc = walled()
    apply(enc, doors.make_door(enc, 0, (3, 2)))
    before = dump(enc)
    opened = doors.toggle_door(enc, 1)
    assert (opened.label, opened.english) == (
        "Ouvrir la porte (3, 2)–(3, 3)",
        "Open the door (3, 2)–(3, 3)",
    )
    apply(enc, opened)
    assert enc.map.walls[1].door == "open" and through(enc, 2) and not through(enc, 1)
    assert (enc.log[-1].action, enc.log[-1].outcome_en) == ("Ouvrir la porte (3, 2)–(3, 3)", "open")
    closed = doors.toggle_door(enc, 1)
    assert closed.english == "Close the door (3, 2)–(3, 3)"
    apply(enc, closed)
    assert not through(enc, 2)
    revert(enc, closed)
    revert(enc, opened)
    assert dump(enc) == before


def test_doors_save_and_load_open_and_closed():
    enc = walled()
    apply(enc, doors.make_door(enc, 0, (3, 2)))
    apply(enc, doors.toggle_door(enc, 1))
    again = storage.loads(storage.dumps(enc))
    assert again.map.walls == enc.map.walls
    assert through(again, 2)


def test_a_door_made_a_wall_again_stays_closed_for_good():
    enc = walled()
    apply(enc, doors.make_door(enc, 0, (3, 2)))
    apply(enc, doors.toggle_door(enc, 1))
    apply(enc, doors.unmake_door(enc, 1))
    assert enc.map.walls[1].door is None and not through(enc, 2)


@pytest.mark.parametrize(
    ("act", "fr"),
    [
        (lambda e: doors.toggle_door(e, 0), "Ce n’est pas une porte"),
        (lambda e: doors.unmake_door(e, 0), "Ce n’est pas une porte"),
        (lambda e: doors.toggle_door(e, 7), "Ce mur n’est plus là"),
        (lambda e: doors.make_door(e, 0, (4, 2)), "Le point (4, 2) n’est pas sur ce mur"),
        (lambda e: doors.make_door(e, 0, (3, 5)), "Le point (3, 5) n’est pas sur ce mur"),
    ],
)
def test_what_is_no_door_is_refused_in_the_gms_words_and_changes_nothing(act, fr):
    enc = walled()
    before = dump(enc)
    with pytest.raises(GridEditError) as told:
        act(enc)
    assert told.value.fr == fr and told.value.en
    assert dump(enc) == before


def test_a_door_twice_is_refused():
    enc = walled()
    apply(enc, doors.make_door(enc, 0, (3, 2)))
    with pytest.raises(GridEditError, match="déjà une porte"):
        doors.make_door(enc, 1, (3, 2))


def test_the_keyboard_finds_the_door_beside_a_creatures_squares():
    enc = walled()
    apply(enc, doors.make_door(enc, 0, (3, 2)))
    assert doors.door_near_space(enc, [(2, 2)]) == 1
    assert doors.door_near_space(enc, [(3, 2)]) == 1
    assert doors.door_near_space(enc, [(2, 3), (4, 2)]) is None
