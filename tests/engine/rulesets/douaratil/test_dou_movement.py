"""douaratil in the fight: movement in metres (DOU-05, DOU-10, DOU-12, DOU-27, TV-DOU-16), the
attacks of an action (DOU-21, DOU-44), and the attacks of opportunity a move provokes
(DOU-14, DOU-26, DOU-43)."""

from __future__ import annotations

from gui.engine.checks.request import DiceResult
from gui.engine.contract.values import Action
from gui.engine.space.destination import Destination
from gui.engine.state.model import Grid, MapSquare, Position
from tests.engine.rulesets.douaratil.builders import MJ, add_state, arme, fighter, table


def fight(*combatants, first=None):
    """A Table in round 1, `first` (or the first combatant) acting."""
    t = table(*combatants)
    order = [c.id for c in combatants]
    if first:
        order.remove(first)
        order.insert(0, first)
    t.apply(t.start_combat({cid: 20 - i for i, cid in enumerate(order)}))
    return t


def moved(t, cid, dest, force=False):
    notices, cs = t.move(cid, dest, force)
    if not notices or force:
        t.apply(cs)
    return [n.rule for n in notices]


def test_dou_05_a_move_within_the_speed_then_the_rest():
    t = fight(fighter("a", vitesse=9.0), fighter("b", MJ, "z3"))
    assert moved(t, "a", Destination(zone="z2")) == []  # 6 m of 9
    assert moved(t, "a", Destination(zone="z3")) == ["DOU-05"]  # 9 m more: refused
    assert t.enc.combatant("a").position.zone == "z2"
    assert moved(t, "a", Destination(zone="z3"), force=True) == ["DOU-05"]  # the GM's call
    assert t.enc.combatant("a").position.zone == "z3"


def test_tv_dou_16_dash_doubles_the_speed_dou_27():
    t = fight(fighter("a", vitesse=9.0), fighter("b", MJ, "z3"))
    add_state(t, "a", "precipite")
    assert moved(t, "a", Destination(zone="z3")) == []  # 15 m of 18


def test_no_budget_outside_the_fight():
    t = table(fighter("a", vitesse=3.0))
    assert moved(t, "a", Destination(zone="z3")) == []


def _grid(t):
    t.enc.map.grid = Grid(cell_px=40, cell_m=1.5, snap=True)
    for c in t.enc.combatants:
        c.position = Position(zone="z1", cell=(0, t.enc.combatants.index(c) * 5))


def test_tv_dou_16_difficult_ground_costs_twice_and_crawling_too():
    t = fight(fighter("a", vitesse=9.0), fighter("b", MJ))
    _grid(t)
    t.enc.map.squares = [
        MapSquare(cell=(x, y), terrain="difficult") for x in (1, 2) for y in range(-3, 4)
    ]
    # 3 m straight across difficult ground (2 squares): 6 m, then 1 square clear: 1,5 m.
    assert moved(t, "a", Destination(zone="z1", cell=(3, 0))) == []
    state = next(s for s in t.enc.combatant("a").states if s.key == "budget.mouvement")
    assert state.value == 75  # 7,5 m of 9
    add_state(t, "a", "a_terre")  # crawling: 2 m a metre, so 1,5 m costs 3 m > 1,5 m left
    assert moved(t, "a", Destination(zone="z1", cell=(4, 0))) == ["DOU-05"]


def _attack(t, actor, target, **options):
    action = Action("attaquer", actor, target, {"arme": "1", **options})
    preview = t.preview(action)
    return preview, action


def test_dou_21_the_first_attack_spends_the_action_the_others_follow_it():
    t = fight(fighter("a", attaques=2, armes=[arme("Épée longue")]), fighter("b", MJ, vd=30))
    for _ in range(2):
        preview, action = _attack(t, "a", "b")
        assert [n.rule for n in preview.notices if n.blocking] == []
        t.apply(t.resolve(action, DiceResult.typed_faces("3 3 3", preview.dice))[1])
    assert {"budget.action", "budget.attaques"} <= {s.key for s in t.enc.combatant("a").states}
    preview, _action = _attack(t, "a", "b")
    assert [n.rule for n in preview.notices if n.blocking] == ["DOU-21"]


def test_dou_44_the_off_hand_attack_spends_the_bonus_action():
    dagger = arme("Dague")
    t = fight(fighter("a", armes=[dagger, dagger]), fighter("b", MJ, vd=30))
    preview, action = _attack(t, "a", "b", bonus=True)
    t.apply(t.resolve(action, DiceResult.typed_faces("3 3 3", preview.dice))[1])
    assert "budget.bonus" in {s.key for s in t.enc.combatant("a").states}
    preview, _action = _attack(t, "a", "b", bonus=True)
    assert [n.rule for n in preview.notices if n.blocking] == ["DOU-06"]


def test_dou_43_leaving_a_foes_reach_opens_its_attack_of_opportunity():
    t = fight(fighter("a"), fighter("b", MJ, armes=[arme("Épée longue")]), first="a")
    t.apply(t.set_contact("a", "b", True))
    assert moved(t, "a", Destination(zone="z2")) == []
    (window,) = t.enc.windows
    assert (window.kind, window.actor, window.target) == ("opportunite", "b", "a")
    offers = t.ruleset.window_offers(t.enc, window)
    assert [(o.actor, o.kind, o.role) for o in offers] == [("b", "attaquer", "reaction")]
    assert t.ruleset.window_passed(t.enc, window) == []  # the foe may let it go
    action = Action("attaquer", "b", "a", {"arme": "1", "distance": 1}, window=window.id)
    preview = t.preview(action)
    t.apply(t.resolve(action, DiceResult.typed_faces("1 2 2", preview.dice))[1])
    assert not [w for w in t.enc.windows if w.kind == "opportunite"]
    assert "budget.reaction" in {s.key for s in t.enc.combatant("b").states}


def test_dou_26_disengaging_provokes_nothing():
    t = fight(fighter("a"), fighter("b", MJ), first="a")
    t.apply(t.set_contact("a", "b", True))
    add_state(t, "a", "desengage")
    moved(t, "a", Destination(zone="z2"))
    assert not t.enc.windows


def test_a_foe_whose_reaction_is_spent_cannot_take_one():
    t = fight(fighter("a"), fighter("b", MJ), first="a")
    t.apply(t.set_contact("a", "b", True))
    add_state(t, "b", "budget.reaction")
    moved(t, "a", Destination(zone="z2"))
    assert not t.enc.windows


def test_dou_55_dragging_a_grappled_creature_halves_the_speed():
    from gui.engine.state.model import State

    t = fight(fighter("a", vitesse=9.0), fighter("b", MJ, taille="small"))
    t.enc.combatant("b").states = [State(key="empoigne", label="Empoigné", source="a")]
    assert moved(t, "a", Destination(zone="z2")) == ["DOU-05"]  # 6 m of 4,5
    t.enc.combatant("b").stats["taille"] = "tiny"  # two sizes smaller: no halving
    assert moved(t, "a", Destination(zone="z2")) == []


def test_dou_13_a_foe_two_sizes_apart_is_passed_through():
    t = table(fighter("a"), fighter("b", MJ), fighter("c", MJ, taille="huge"))
    a, b, c = (t.enc.combatant(x) for x in "abc")
    assert t.ruleset.blocks_way(t.enc, a, b)  # a Medium foe
    assert not t.ruleset.blocks_way(t.enc, a, c)  # Huge: two sizes larger
    assert not t.ruleset.blocks_way(t.enc, b, t.enc.combatant("c"))  # an ally


def test_dou_09_under_water_the_swimming_speed_less_what_was_moved():
    t = fight(fighter("a", vitesse=9.0, vitesse_nage=6.0), fighter("b", MJ, "z3"))
    assert moved(t, "a", Destination(zone="z2")) == []  # 6 m walked of 9
    add_state(t, "a", "immerge")  # now swimming: 6 − 6 = nothing left (DOU-09)
    assert moved(t, "a", Destination(zone="z1")) == ["DOU-05"]
