"""Issue 38: the GM's light and fog edits (dark squares and zones, links that block sight, the
fog on the players' view, what the players' side has seen, revealed or fogged again), each one
undo entry that saves; the seen squares are kept by row as runs."""

from __future__ import annotations

import json

import pytest

from gui.engine.edits import grid as grid_edits
from gui.engine.edits import sight
from gui.engine.files import storage
from gui.engine.files.storage import LoadError
from gui.engine.grid.from_map import board_of
from gui.engine.state.changes import apply, revert
from gui.engine.state.explored import explored_cells, runs_of, with_cells, without_cells
from gui.engine.state.model import Edge, Grid
from tests.engine.builders import dump, fighter, libre_encounter


def gridded():
    enc = libre_encounter(fighter("x", "a"))
    enc.map.grid = Grid(cell_m=1.5)
    return enc


def test_runs_hold_a_rows_columns_and_only_changed_rows_are_said():
    assert runs_of([5, 1, 2, 3, 7, 6]) == [1, 3, 5, 7]
    rows = {"2": [1, 3]}
    assert with_cells(rows, [(1, 2), (3, 2)]) == {}  # already seen
    assert with_cells(rows, [(4, 2), (0, 9)]) == {"2": [1, 4], "9": [0, 0]}
    assert without_cells(rows, [(2, 2)]) == {"2": [1, 1, 3, 3]}
    assert without_cells({"2": [1, 1]}, [(1, 2)]) == {"2": None}
    assert explored_cells({"2": [1, 2, 5, 5], "-1": [0, 0]}) == {(1, 2), (2, 2), (5, 2), (0, -1)}


def test_dark_squares_keep_their_terrain_and_light_removes_only_the_dark():
    enc = gridded()
    apply(enc, grid_edits.set_square(enc, (1, 1), "difficult"))
    cs = sight.set_dark(enc, [(1, 1), (2, 1)], True)
    assert (cs.label, cs.english) == ("Obscurité sur 2 cases", "Darkness on 2 squares")
    apply(enc, cs)
    assert board_of(enc.map).dark == {(1, 1), (2, 1)}
    apply(enc, grid_edits.set_square(enc, (1, 1), "impassable"))  # the terrain keeps the dark
    assert board_of(enc.map).dark == {(1, 1), (2, 1)}
    apply(enc, sight.set_dark(enc, [(1, 1), (2, 1)], False))
    assert [(tuple(s.cell), s.terrain, s.dark) for s in enc.map.squares] == [
        ((1, 1), "impassable", False)
    ]


def test_seen_squares_are_remembered_revealed_and_fogged_again_one_undo_entry_each():
    enc = gridded()
    before = dump(enc)
    apply(enc, sight.set_fog(enc, True))
    shown = sight.reveal(enc, [(0, 0), (1, 0), (1, 1)])
    apply(enc, shown)
    assert enc.map.explored == {"0": [0, 1], "1": [1, 1]}
    fogged = sight.refog(enc, [(1, 1), (0, 0)])
    apply(enc, fogged)
    assert enc.map.explored == {"0": [1, 1]}
    again = storage.loads(storage.dumps(enc))
    assert again.map.explored == enc.map.explored and again.map.fog
    revert(enc, fogged)
    revert(enc, shown)
    assert enc.map.explored == {} and enc.map.fog
    apply(enc, sight.set_fog(enc, False))
    assert dump(enc) == before
    assert not sight.explore(enc, [])


def test_zones_dark_explored_and_links_that_block_sight():
    enc = libre_encounter(fighter("x", "a"))
    assert {"z1", "z2"} <= {z.id for z in enc.map.zones}
    enc.map.edges = [Edge(a="z1", b="z2")]
    apply(enc, sight.set_zone_dark(enc, "z2", True))
    cs = sight.set_link_blocks_sight(enc, "z2", "z1", True)
    assert cs.english.endswith(": blocks sight")
    apply(enc, cs)
    apply(enc, sight.reveal(enc, [], ["z2"]))
    z2 = enc.map.zone("z2")
    assert z2.dark and z2.explored and enc.map.edges[0].blocks_sight
    apply(enc, sight.refog(enc, [], ["z2"]))
    assert not enc.map.zone("z2").explored
    with pytest.raises(grid_edits.GridEditError):
        sight.set_link_blocks_sight(enc, "z1", "z1", True)


@pytest.mark.parametrize("runs", [[1], [3, 1], [1, 2, 3, 4], [1, 5, 2, 8]])
def test_a_seen_row_that_does_not_read_right_is_refused_at_its_path(runs):
    enc = gridded()
    body = json.loads(storage.dumps(enc))
    body["encounter"]["map"]["explored"] = {"4": runs}
    with pytest.raises(LoadError) as told:
        storage.loads(json.dumps(body).encode())
    assert "$.encounter.map.explored" in str(told.value)
    body["encounter"]["map"]["explored"] = {"x4": [1, 2]}
    with pytest.raises(LoadError):
        storage.loads(json.dumps(body).encode())
