"""Issue 18, deliver 4 (first part): walls and squares are in the map and the file (schema 4),
edited one undo entry at a time, refused in the GM's words, and read by the geometry as its
Board (grid/from_map.py)."""

from __future__ import annotations

import json

import pytest

from gui.engine.edits import grid as grid_edits
from gui.engine.files import storage
from gui.engine.files.storage import LoadError
from gui.engine.grid.board import Obstruction, Terrain
from gui.engine.grid.from_map import board_of
from gui.engine.grid.paths import path_cost
from gui.engine.state.changes import apply, revert
from gui.engine.state.model import Grid
from tests.engine.builders import dump, fighter, libre_encounter


def gridded():
    enc = libre_encounter(fighter("x", "a"))
    enc.map.grid = Grid(cell_m=1.5)
    return enc


def test_a_wall_and_a_square_are_one_undo_entry_each_and_save():
    enc = gridded()
    before = dump(enc)
    wall = grid_edits.add_wall(enc, (2, 0), (2, 3))
    assert (wall.label, wall.english) == ("Mur (2, 0)–(2, 3)", "Wall (2, 0)–(2, 3)")
    apply(enc, wall)
    square = grid_edits.set_square(enc, (4, 4), "difficult", "cover")
    assert square.english == "Square (4, 4): difficult terrain, cover"
    apply(enc, square)
    again = storage.loads(storage.dumps(enc))
    assert again.map.walls == enc.map.walls and again.map.squares == enc.map.squares
    revert(enc, square)
    revert(enc, wall)
    assert dump(enc) == before


def test_the_board_of_the_map_blocks_moves_through_its_walls_and_slows_on_its_terrain():
    enc = gridded()
    apply(enc, grid_edits.add_wall(enc, (2, 0), (2, 3)))
    apply(enc, grid_edits.set_square(enc, (0, 1), "difficult"))
    board = board_of(enc.map)
    assert not path_cost(board, [(1, 0), (2, 0)]).allowed  # through the wall
    assert path_cost(board, [(0, 0), (0, 1)]).squares == 2  # difficult: ×2
    assert board.terrain[(0, 1)] is Terrain.DIFFICULT
    apply(enc, grid_edits.set_square(enc, (5, 5), blocks="solid"))
    assert board_of(enc.map).obstacle((5, 5)) is Obstruction.SOLID


def test_clearing_a_square_removes_it():
    enc = gridded()
    apply(enc, grid_edits.set_square(enc, (1, 1), "impassable"))
    cs = grid_edits.set_square(enc, (1, 1))
    assert cs.label == "Case (1, 1) : dégagée"
    apply(enc, cs)
    assert enc.map.squares == []


@pytest.mark.parametrize(
    ("call", "fr"),
    [
        (lambda e: grid_edits.add_wall(e, (0, 0), (2, 2)), "Un mur suit une ligne de la grille"),
        (lambda e: grid_edits.add_wall(e, (1, 1), (1, 1)), "Un mur suit une ligne de la grille"),
        (lambda e: grid_edits.remove_wall(e, 3), "Ce mur n’est plus là"),
        (lambda e: grid_edits.set_square(e, (0, 0), "lava"), "Terrain inconnu"),
    ],
)
def test_a_bad_edit_is_refused_in_the_gms_words_and_changes_nothing(call, fr):
    enc = gridded()
    before = dump(enc)
    with pytest.raises(grid_edits.GridEditError) as err:
        call(enc)
    assert err.value.fr.startswith(fr) and "$" not in err.value.fr + err.value.en
    assert dump(enc) == before


def test_walls_need_a_grid():
    enc = libre_encounter(fighter("x", "a"))
    with pytest.raises(grid_edits.GridEditError, match="pas de grille"):
        grid_edits.add_wall(enc, (0, 0), (0, 2))


def test_a_file_with_a_wall_off_the_grid_lines_is_refused_with_its_json_path():
    enc = gridded()
    apply(enc, grid_edits.add_wall(enc, (0, 0), (0, 2)))
    doc = json.loads(storage.dumps(enc))
    doc["encounter"]["map"]["walls"][0]["end"] = [3, 2]
    with pytest.raises(LoadError) as err:
        storage.loads(json.dumps(doc).encode())
    assert err.value.path.startswith("$.encounter.map.walls[0]")
