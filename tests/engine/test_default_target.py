"""`A`'s default target (issue 33, item 4): the nearest foe the actor can reach with its
current weapon as the ruleset says (Ruleset.can_reach: its reach on the grid, the same or a
linked zone off it), the last target only while still in reach, else the nearest foe."""

from gui.boot.app import open_encounter
from gui.engine.contract.targets import default_target
from gui.engine.play.table import Table
from gui.engine.space.destination import Destination
from gui.engine.state.changes import apply


def d20_demo() -> Table:
    return Table(open_encounter(None, "d20_35").enc)


def test_the_zombie_next_to_the_cleric_aims_at_the_cleric_not_the_first_foe():
    """The report: Zombie 1 at (2, 4) next to Frère Anselme at (2, 3) got Aldric, first of
    the roster in the nave, 8 squares away."""
    t = d20_demo()
    assert default_target(t.ruleset, t.enc, "zombie_1", None) == "anselme"


def test_the_last_target_only_while_it_is_still_in_reach():
    t = d20_demo()
    assert default_target(t.ruleset, t.enc, "zombie_1", "isaure") == "anselme"  # far off
    assert default_target(t.ruleset, t.enc, "zombie_1", "anselme") == "anselme"
    assert default_target(t.ruleset, t.enc, "zombie_1", "squelette_1") == "anselme"  # an ally
    _notices, cs = t.move("isaure", Destination(zone="nef", cell=(3, 5)))
    apply(t.enc, cs)  # Isaure comes next to the zombie too: the last target holds
    assert default_target(t.ruleset, t.enc, "zombie_1", "isaure") == "isaure"


def test_with_no_foe_in_reach_the_nearest_foe():
    """Squelette 3 in the vault, no foe within reach: the nearest (Aldric, 8 squares), not
    the first of the roster in the fight."""
    t = d20_demo()
    me = t.enc.combatant("squelette_3")
    assert not any(t.ruleset.can_reach(t.enc, me, c) for c in t.enc.combatants if c.side != me.side)
    assert default_target(t.ruleset, t.enc, "squelette_3", None) == "aldric"


def test_reach_is_the_ruleset_s(monkeypatch):
    """A foe two squares off is in reach only with a reach of 2 (Ruleset.reach)."""
    t = d20_demo()
    apply(t.enc, t.move("isaure", Destination(zone="nef", cell=(2, 6)))[1])  # 2 from the zombie
    zombie, isaure = t.enc.combatant("zombie_1"), t.enc.combatant("isaure")
    monkeypatch.setattr(t.ruleset, "reach", lambda enc, c: 1)
    assert not t.ruleset.can_reach(t.enc, zombie, isaure)
    monkeypatch.setattr(t.ruleset, "reach", lambda enc, c: 2)
    assert t.ruleset.can_reach(t.enc, zombie, isaure)


def test_a_ruleset_that_says_more_is_heard(monkeypatch):
    """A ruleset whose weapon reaches farther (a bow) overrides can_reach: the nearest foe
    it reaches wins over a nearer one it does not."""
    t = d20_demo()
    monkeypatch.setattr(t.ruleset, "can_reach", lambda enc, c, target: target.id == "ysolde")
    assert default_target(t.ruleset, t.enc, "zombie_1", "anselme") == "ysolde"


def test_off_the_grid_the_same_or_a_linked_zone_is_in_reach():
    """The libre demo's zones: Maëlis on the path reaches the grove (linked) where the archer
    stands, not the east bank two zones off where the chief is (the first foe of the roster);
    the chief reaches no one and gets the nearest, Ysolde (2 zones, before Maëlis by the roster)."""
    t = Table(open_encounter(None, "libre").enc)
    assert default_target(t.ruleset, t.enc, "maelis", None) == "archer"
    assert default_target(t.ruleset, t.enc, "brig1", "maelis") == "ysolde"  # Maëlis: 2 zones
    assert default_target(t.ruleset, t.enc, "chef", None) == "ysolde"
    t.enc.combatant("ysolde").contacts.append("chef")
    t.enc.combatant("chef").contacts.append("ysolde")
    assert t.ruleset.can_reach(t.enc, t.enc.combatant("chef"), t.enc.combatant("bertrand")) is False
    assert t.ruleset.can_reach(t.enc, t.enc.combatant("chef"), t.enc.combatant("ysolde"))


def test_foes_out_of_the_fight_are_passed_over():
    t = d20_demo()
    anselme = t.enc.combatant("anselme")
    anselme.stats["pv"] = -12  # dead
    assert t.ruleset.is_out(t.enc, anselme)
    assert default_target(t.ruleset, t.enc, "zombie_1", None) != "anselme"
