"""Issue 38, deliver 3 and 5 (engine side): with the fog of war on, the players' side sees what
its characters see — the room they stand in, the room beyond an open door — and the one
filter (players_copy) leaves out every creature, zone, wall and name outside it; what they saw
is remembered as the move that showed it."""

from __future__ import annotations

from gui.engine.edits import doors, sight
from gui.engine.files.storage import load
from gui.engine.play.players_copy import players_copy, secrets
from gui.engine.play.players_sight import PlayersEyes
from gui.engine.play.table import Table
from gui.engine.rulesets import registry
from gui.engine.state.changes import ChangeSet, apply
from gui.engine.state.explored import explored_cells

CAVEAU = {"squelette_3", "zombie_2", "chien_infernal"}  # behind the crypt's doors
HEROES = {"aldric", "isaure", "anselme", "ysolde", "tonnerre"}


def crypt(doors_open: bool) -> Table:
    t = Table(load(registry.get("d20_35").demo_path))
    if not doors_open:
        for index in (1, 2):
            apply(t.enc, doors.toggle_door(t.enc, index))
    apply(t.enc, sight.set_fog(t.enc, True))
    return t


def test_without_the_fog_the_players_see_all_but_what_the_gm_hides():
    t = Table(load(registry.get("d20_35").demo_path))
    assert PlayersEyes().sight(t.enc, t.ruleset) is None
    assert {c.id for c in players_copy(t.enc).combatants} == {c.id for c in t.enc.combatants}


def test_behind_closed_doors_the_caveau_and_those_in_it_are_unknown():
    t = crypt(doors_open=False)
    seen = PlayersEyes().sight(t.enc, t.ruleset)
    assert seen is not None and seen.cells is not None
    assert seen.creatures >= HEROES and not seen.creatures & CAVEAU
    assert all(x < 16 for x, _ in seen.cells)  # nothing past the wall at x = 16
    copy = players_copy(t.enc, sight=seen)
    assert not {c.id for c in copy.combatants} & CAVEAU
    assert [z.id for z in copy.map.zones] == ["nef"]
    assert all(min(w.start[0], w.end[0]) <= 16 for w in copy.map.walls)
    known = secrets(t.enc, seen)
    assert known.ids >= CAVEAU and "caveau" in known.ids
    assert "Chien infernal" in known.names  # its name is kept out of every text too


def test_an_open_door_shows_the_room_beyond_and_who_stands_in_its_line():
    t = crypt(doors_open=True)
    seen = PlayersEyes().sight(t.enc, t.ruleset)
    assert seen is not None and seen.cells is not None
    assert any(x >= 16 for x, _ in seen.cells) and "caveau" in seen.zones
    assert (18, 7) in seen.cells  # squelette_3, in front of the doors
    assert "squelette_3" in seen.creatures


def test_what_the_players_saw_stays_known_dimmed_without_those_standing_there():
    t = crypt(doors_open=True)
    eyes = PlayersEyes()
    shown = sight.explore(t.enc, eyes.sight(t.enc, t.ruleset).cells)
    assert shown and all(c.path[:2] == ("map", "explored") for c in shown)
    apply(t.enc, ChangeSet("", tuple(shown)))
    assert not sight.explore(t.enc, eyes.sight(t.enc, t.ruleset).cells)  # nothing new
    for index in (1, 2):
        apply(t.enc, doors.toggle_door(t.enc, index))
    later = eyes.sight(t.enc, t.ruleset)
    assert not any(x >= 17 for x, _ in later.cells)
    assert {(18, 7)} <= later.known_cells - later.cells  # seen before, not now: dimmed
    assert "caveau" in later.known_zones and "caveau" not in later.zones
    assert not later.creatures & CAVEAU  # and who stands there is not shown
    copy = players_copy(t.enc, sight=later)
    assert "caveau" in {z.id for z in copy.map.zones}
    assert not {c.id for c in copy.combatants} & CAVEAU
    assert explored_cells(t.enc.map.explored) >= later.known_cells - later.cells


def test_a_long_wall_is_cut_where_it_leaves_what_they_know():
    t = crypt(doors_open=False)
    seen = PlayersEyes().sight(t.enc, t.ruleset)
    copy = players_copy(t.enc, sight=seen)
    top = [w for w in copy.map.walls if w.start[1] == w.end[1] == 0]  # the crypt's north wall
    assert top == [t.enc.map.walls[4].replace(start=(0, 0), end=(16, 0))]  # the nave's part
    assert all(max(w.start[0], w.end[0]) <= 16 for w in copy.map.walls)
