"""Issue 16, deliver 1 and 2: lookups by id stay right whatever happens to the lists, copies
share nothing, and a ChangeSet's notice says what it touched."""

from gui.engine.core.copies import deep_copy
from gui.engine.play.table import Table
from gui.engine.space.destination import Destination
from gui.engine.state.changes import ABSENT, Change, ChangeSet, apply, change, revert
from gui.engine.state.model import State, Window
from gui.engine.state.touched import Touched, touched
from tests.engine.builders import fighter, libre_encounter


def encounter():
    return libre_encounter(fighter("x", "a"), fighter("y", "b"), fighter("w", "b", zone_id="z2"))


def test_combatants_are_found_by_id_after_every_kind_of_list_change():
    enc = encounter()
    assert enc.combatant("y").id == "y"
    enc.combatants.insert(0, fighter("v", "a"))  # moved under the kept positions
    assert [enc.combatant(c).id for c in ("v", "x", "y", "w")] == ["v", "x", "y", "w"]
    del enc.combatants[1]
    assert enc.combatant("y").id == "y" and enc.combatant("w").id == "w"
    enc.combatants = [fighter("y", "b"), fighter("x", "a")]  # the list replaced
    assert enc.combatant("x") is enc.combatants[1]
    for gone in ("v", "w"):
        try:
            enc.combatant(gone)
        except KeyError:
            continue
        raise AssertionError(f"{gone} is not in the encounter any more")


def test_the_kept_positions_are_not_part_of_the_encounters_value():
    enc, other = encounter(), encounter()
    enc.combatant("w")  # positions kept on one side only
    assert enc == other
    enc.combatants[0].name = "Autre"
    assert enc != other


def test_a_change_path_finds_its_combatant_by_id_and_undo_puts_it_back_in_place():
    enc = encounter()
    cs = ChangeSet("Retirer", (change(enc, ("combatants", "y"), ABSENT),))
    apply(enc, cs)
    assert [c.id for c in enc.combatants] == ["x", "w"]
    revert(enc, cs)
    assert [c.id for c in enc.combatants] == ["x", "y", "w"]
    apply(enc, ChangeSet("PV", (change(enc, ("combatants", "w", "stats", "pv"), 3),)))
    assert enc.combatant("w").stats["pv"] == 3


def test_a_deep_copy_shares_nothing_that_can_change():
    enc = encounter()
    enc.combatant("x").states.append(State(key="a_terre", label="À terre"))
    copy = deep_copy(enc)
    assert copy == enc
    copy.combatant("x").states[0].label = "Debout"
    copy.combatant("x").stats["pv"] = 1
    copy.combatants.pop()
    assert enc.combatant("x").states[0].label == "À terre"
    assert enc.combatant("x").stats["pv"] == 10 and len(enc.combatants) == 3
    assert copy.combatant("y").id == "y"


def test_the_notice_of_a_stat_edit_names_the_combatant_and_its_field():
    t = Table(encounter())
    notice = touched(t.edit_stat("y", "pv", 4), t.enc)
    assert notice.combatants == {"y"} and notice.fields == {"stats"}
    assert not (notice.roster or notice.map or notice.turn or notice.everything)


def test_the_notice_of_a_move_and_of_the_turn():
    t = Table(encounter())
    _notices, cs = t.move("x", Destination(zone="z2"))
    notice = touched(cs, t.enc)
    assert "x" in notice.combatants and "position" in notice.fields
    t.apply(t.start_combat({"x": 10, "y": 5, "w": 1}))
    assert touched(t.next_turn(), t.enc).turn


def test_rows_coming_and_going_and_the_house_rules_are_said_as_such():
    enc = encounter()
    gone = touched(ChangeSet("", (change(enc, ("combatants", "y"), ABSENT),)), enc)
    assert gone.roster and gone.combatants == {"y"}
    zone = touched(ChangeSet("", (change(enc, ("map", "zones", "z1", "name"), "Gué"),)), enc)
    assert zone.zones == {"z1"} and not zone.map
    edges = touched(ChangeSet("", (change(enc, ("map", "edges"), []),)), enc)
    assert edges.map
    flags = touched(ChangeSet("", (change(enc, ("flags",), {"LIB-CFG-1": True}),)), enc)
    assert flags.everything
    side = touched(ChangeSet("", (change(enc, ("sides", "a", "colour"), "#000000"),)), enc)
    assert side.sides == {"a"} and side.side_fields == {"colour"} and not side.roster
    assert Touched.all().everything and Touched.all().roster


def test_a_window_that_opens_names_whom_it_concerns():
    enc = encounter()
    window = Window(id="w1", kind="hit", gesture="g", actor="x", target="y")
    notice = touched(ChangeSet("", (Change(("windows",), [], [window]),)), enc)
    assert notice.windows and notice.combatants == {"x", "y"}
