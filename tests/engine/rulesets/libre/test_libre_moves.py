"""Ruleset `libre`, LIB-07: a move goes to a linked zone; LIB-CFG-2 frees every move.

An illegal move is a notice, never a block (G-3): Table.move always hands back the ChangeSet.
"""

import json

import msgspec
import pytest

from gui.engine.edits import map as map_edits
from gui.engine.files import storage
from gui.engine.play.table import Table
from gui.engine.rulesets import registry
from gui.engine.space.destination import Destination
from gui.engine.state.model import Position
from tests.engine.builders import fighter, libre_encounter

LIBRE = registry.get("libre")


def dump(enc):
    return msgspec.to_builtins(enc), json.dumps(msgspec.to_builtins(enc), sort_keys=True)


def table(*combatants, flags=None):
    return Table(libre_encounter(*combatants, flags=flags))


def off_map(cid, side):
    return fighter(cid, side).replace(position=Position(zone=None))


@pytest.mark.parametrize(("start", "to"), [("z1", "z2"), ("z2", "z1"), ("z2", "z3"), ("z3", "z2")])
def test_lib07_move_to_a_linked_zone_has_no_notice(start, to):
    t = table(fighter("x", "a", start))
    notices, cs = t.move("x", Destination(zone=to))
    assert notices == []
    t.apply(cs)
    assert t.enc.combatant("x").position.zone == to


@pytest.mark.parametrize(("start", "to"), [("z1", "z3"), ("z3", "z1")])
def test_lib07_move_to_an_unlinked_zone_gives_one_notice(start, to):
    t = table(fighter("x", "a", start))
    notices, _ = t.move("x", Destination(zone=to))
    assert len(notices) == 1
    (notice,) = notices
    assert notice.rule == "LIB-07"
    assert to.upper() in notice.fr and start.upper() in notice.fr
    assert to.upper() in notice.en and start.upper() in notice.en
    assert str(notice).startswith("LIB-07 ")


def test_lib07_gm_override_applies_the_unlinked_move_and_it_reverts():
    t = table(fighter("x", "a", "z1"), fighter("y", "b", "z2"))
    before = dump(t.enc)
    notices, cs = t.move("x", Destination(zone="z3"))
    assert [n.rule for n in notices] == ["LIB-07"]
    assert cs and cs.label == "Déplacer X"
    t.apply(cs)  # the GM imposes the move anyway
    assert t.enc.combatant("x").position.zone == "z3"
    t.revert(cs)
    assert dump(t.enc) == before


def test_lib07_unlinked_move_still_breaks_a_contact_that_cannot_hold():
    x = fighter("x", "a", "z1").replace(contacts=["y"])
    y = fighter("y", "b", "z1").replace(contacts=["x"])
    t = table(x, y)
    before = dump(t.enc)
    notices, cs = t.move(
        "x", Destination(zone="z3")
    )  # z3 is two zones away from y: the contact ends
    assert [n.rule for n in notices] == ["LIB-07"]
    t.apply(cs)
    assert t.enc.combatant("x").position.zone == "z3"
    assert t.enc.combatant("x").contacts == [] and t.enc.combatant("y").contacts == []
    t.revert(cs)
    assert dump(t.enc) == before


def test_lib07_move_within_the_same_zone_has_no_notice():
    t = table(fighter("x", "a", "z1"))
    notices, _ = t.move("x", Destination(zone="z1"))
    assert notices == []


@pytest.mark.parametrize("to", ["z1", "z3"])
def test_lib07_move_from_off_the_map_has_no_notice(to):
    t = table(off_map("x", "a"))
    notices, cs = t.move("x", Destination(zone=to))
    assert notices == []
    t.apply(cs)
    assert t.enc.combatant("x").position.zone == to


def test_lib_cfg_2_true_frees_every_move():
    t = table(fighter("x", "a", "z1"), flags={"LIB-CFG-2": True})
    notices, cs = t.move("x", Destination(zone="z3"))
    assert notices == []
    t.apply(cs)
    assert t.enc.combatant("x").position.zone == "z3"


@pytest.mark.parametrize("flags", [None, {"LIB-CFG-2": False}])
def test_lib_cfg_2_default_and_false_keep_lib07(flags):
    t = table(fighter("x", "a", "z1"), flags=flags)
    notices, _ = t.move("x", Destination(zone="z3"))
    assert [n.rule for n in notices] == ["LIB-07"]


def test_lib_cfg_2_defaults_to_false_in_the_ruleset_data():
    spec = next(f for f in LIBRE.data.flags if f.id == "LIB-CFG-2")
    assert spec.default is False and spec.see == "LIB-07"
    assert any(r.id == "LIB-07" for r in LIBRE.data.rules)


def test_lib07_follows_map_edits():
    t = table(fighter("x", "a", "z1"))
    t.apply(map_edits.connect(t.enc, "z3", "z1"))
    assert t.move("x", Destination(zone="z3"))[0] == []
    t.apply(map_edits.disconnect(t.enc, "z2", "z1"))
    assert [n.rule for n in t.move("x", Destination(zone="z2"))[0]] == ["LIB-07"]


def test_lib07_on_the_demo_map_with_real_zone_names():
    t = Table(storage.load(LIBRE.demo_path))
    # Maëlis stands on the Chemin, linked to Rive ouest and Bosquet but not to the ford.
    assert t.enc.combatant("maelis").position.zone == "chemin"
    assert t.move("maelis", Destination(zone="bosquet"))[0] == []
    assert t.move("maelis", Destination(zone="rive_ouest"))[0] == []
    (notice,) = t.move("maelis", Destination(zone="gue"))[0]
    assert notice.rule == "LIB-07"
    assert "Le gué" in notice.fr and "Chemin" in notice.fr
    # The link chemin–bosquet is stored as (chemin, bosquet): it counts the other way too.
    assert t.move("archer", Destination(zone="chemin"))[0] == []


def test_check_move_directly_on_the_ruleset():
    enc = libre_encounter(fighter("x", "a", "z1"))
    c = enc.combatant("x")
    assert LIBRE.check_move(enc, c, Destination(zone="z2")) == []
    assert [n.rule for n in LIBRE.check_move(enc, c, Destination(zone="z3"))] == ["LIB-07"]
    enc.flags = {"LIB-CFG-2": True}
    assert LIBRE.check_move(enc, c, Destination(zone="z3")) == []


def test_move_to_an_unknown_zone_is_still_refused():
    t = table(fighter("x", "a", "z1"), flags={"LIB-CFG-2": True})
    before = dump(t.enc)
    with pytest.raises(KeyError):
        t.move("x", Destination(zone="z9"))
    assert dump(t.enc) == before
