"""d20_35 mounted combat: the mount in its rider's turn and on its initiative, sharing its
space (D35-24); the untrained mount's Ride DC 20 (D35-23, TV-D35-25); the knees' Ride DC 5
(D35-25); the rider's attacks (D35-26 to D35-28, A-D35-20, TV-D35-20); a spell from the
saddle (D35-29, A-D35-16, TV-D35-18); the mount's fall (D35-30); the unconscious rider
(D35-31). Every action is taken through acting.take, which proves its undo."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gui.engine.checks.request import DiceResult
from gui.engine.contract.values import Action, ActionError
from gui.engine.core.copies import deep_copy
from gui.engine.rulesets.d20_35 import budget, mounted
from gui.engine.space.destination import Destination
from gui.engine.state.changes import revert
from tests.engine.acting import take
from tests.engine.builders import dump
from tests.engine.rulesets.d20_35.builders import (
    MJ,
    PJ,
    add_state,
    arme,
    fighter,
    registered,
    table,
)


@pytest.fixture(autouse=True)
def _d20():
    with registered():
        yield


def horse(cid="h", cell=(1, 0), **stats):
    """A Large warhorse (VD 15 m, Dex 13) unless the stats say otherwise."""
    base = {"taille": "large", "vd": 15.0, "dexterite": 13, "entrainee_combat": True}
    return fighter(cid, PJ, cell, **{**base, **stats})


def ride(t, rider="a", mount="h"):
    """`rider` mounts `mount` through the action (out of the fight: no budget)."""
    return take(t, mounted.MOUNT, rider, mount)


def look(t, kind, actor="a", target=None, **options):
    return t.preview(Action(kind, actor, target, options))


def states(t, cid):
    return {s.key: s for s in t.enc.combatant(cid).states}


def spent(t, cid="a"):
    return {
        s.key.removeprefix(budget.PREFIX)
        for s in t.enc.combatant(cid).states
        if s.key.startswith(budget.PREFIX)
    }


def start(t):
    """Round 1, in roster order: the first unit acts."""
    units = [e.unit for e in t.ruleset.turn_units(t.enc)]
    t.apply(t.start_combat({u: 20 - i for i, u in enumerate(units)}))


def blocking(preview):
    return [n.rule for n in preview.notices if n.blocking]


# --- D35-24: the mount, its rider's turn, its space ------------------------------------------


def test_d35_24_mounting_links_the_rider_to_its_mount_and_puts_it_in_its_space():
    t = table(fighter("a", PJ, (0, 0)), horse(), fighter("b", MJ, (6, 0)))
    r = ride(t)
    assert states(t, "a")["monte"].source == "h"
    assert t.enc.combatant("a").position == t.enc.combatant("h").position
    assert mounted.mount_of(t.enc, t.enc.combatant("a")).id == "h"
    assert "partage" in r.outcome_fr and "shares its space" in r.outcome_en
    take(t, mounted.DISMOUNT, "a")
    assert "monte" not in states(t, "a")


def test_d35_24_mounting_needs_an_adjacent_creature_and_warns_on_a_small_one():
    t = table(fighter("a", PJ, (0, 0)), horse(cell=(5, 0)), fighter("p", PJ, (0, 1)))
    assert blocking(look(t, mounted.MOUNT, "a", "h")) == ["CFG-D35-1"]
    with pytest.raises(ActionError):
        ride(t)
    p = look(t, mounted.MOUNT, "a", "p")  # a Medium ally, adjacent: a warning only
    assert blocking(p) == [] and any("pas plus grande" in n.fr for n in p.notices)
    with pytest.raises(ActionError):
        look(t, mounted.MOUNT, "a", "a")


def test_d35_24_the_mount_acts_in_its_riders_unit_on_its_initiative():
    t = table(horse(cell=(0, 0)), fighter("b", MJ, (6, 0)), fighter("a", PJ, (2, 0)))
    units = t.ruleset.turn_units(t.enc)
    assert [u.members for u in units] == [["h"], ["b"], ["a"]]
    ride(t)
    frozen = [deep_copy(u) for u in units]
    assert [u.members for u in t.ruleset.turn_units(t.enc)] == [["b"], ["a", "h"]]
    assert mounted.turn_units(t.enc, units) != units and units == frozen  # input unchanged
    h = t.enc.combatant("h")
    assert t.ruleset.initiative_score(t.enc, h) == 0  # the rider's Dex 10, not the horse's 13
    assert t.ruleset.initiative(t.enc, h).expr.modifier == 0
    assert t.initiative_requests()["a"].expr.modifier == 0


def test_d35_24_a_horse_without_rider_keeps_its_own_initiative():
    t = table(horse(cell=(0, 0)), fighter("a", PJ, (2, 0)))
    h = t.enc.combatant("h")
    assert t.ruleset.initiative_score(t.enc, h) == 1
    assert mounted.initiative_holder(t.enc, h).id == "h"


def test_d35_24_moving_the_mount_takes_the_rider_along_and_back():
    t = table(fighter("a", PJ, (0, 0)), horse(), fighter("c", PJ, (0, 3)))
    ride(t)
    before = dump(t.enc)
    _notices, cs = t.move("h", Destination(zone="salle", cell=(5, 4)), True)
    t.apply(cs)
    assert t.enc.combatant("a").position.cell == (5, 4)
    assert t.enc.combatant("c").position.cell == (0, 3)  # not on it: stays
    revert(t.enc, cs)
    assert dump(t.enc) == before
    _notices, cs = t.move("a", Destination(zone="salle", cell=(8, 2)), True)
    t.apply(cs)
    assert t.enc.combatant("h").position.cell == (8, 2)  # the rider moves on its mount


def test_d35_24_a_rider_and_its_mount_never_bar_each_other_s_way():
    """The grid's « la case est occupée » (G-3) is not said of the rider one drags its mount
    under, nor of the mount a rider is dragged within; anyone else's square still is."""
    t = table(fighter("a", PJ, (0, 0)), horse(), fighter("c", PJ, (3, 2)))
    ride(t)
    assert t.enc.combatant("a").position.cell == (1, 0)
    notices, _cs = t.move("h", Destination(zone="salle", cell=(0, 0)), False)
    assert notices == []  # its 2 × 2 space takes (1, 0), the rider's square
    notices, _cs = t.move("h", Destination(zone="salle", cell=(2, 1)), False)
    assert ["C" in n.fr for n in notices] == [True]  # Large: onto c's square
    assert t.move("a", Destination(zone="salle", cell=(2, 1)), False)[0] == []  # in the mount's


def test_d35_24_a_state_without_mount_moves_nobody_else():
    t = table(fighter("a", PJ, (0, 0)), horse())
    add_state(t, "a", "monte")  # set by hand: no source
    _notices, cs = t.move("a", Destination(zone="salle", cell=(4, 4)), True)
    t.apply(cs)
    assert t.enc.combatant("h").position.cell == (1, 0)
    assert [u.members for u in t.ruleset.turn_units(t.enc)] == [["a"], ["h"]]


# --- D35-23, TV-D35-25: the untrained mount's Ride DC 20 ---------------------------------------


def _untrained(equitation=0):
    t = table(
        fighter("a", PJ, (0, 0), equitation=equitation, bba=6, armes=[arme("Épée longue")]),
        horse(entrainee_combat=False),
        fighter("b", MJ, (3, 0)),
    )
    ride(t)
    return t


def test_d35_23_the_check_is_ride_dc_20_with_its_exact_odds():
    t = _untrained(equitation=5)
    p = look(t, mounted.RIDE, but="non_entrainee")
    assert p.target_number == 20 and p.odds == Fraction(6, 20)  # 15 to 20 on the d20
    assert ("Équitation", "5") in {(x.label, str(x.value)) for x in p.terms}
    spec = next(s for s in t.ruleset.actions(t.enc, "a", None) if s.kind == mounted.RIDE)
    assert spec.options[0].default == "non_entrainee"  # untrained: the D35-23 check first


def test_tv_d35_25_ride_19_fails_the_move_becomes_full_round_no_standard_action():
    t = _untrained(equitation=0)
    start(t)
    r = take(t, mounted.RIDE, "a", faces="19", but="non_entrainee")
    assert r.success is False and "action complexe" in r.outcome_fr
    assert spent(t) == {"complexe"}
    after = t.preview(Action("attaquer", "a", "b", {}))
    assert any("Action complexe déjà faite" in n.fr for n in after.notices)


def test_tv_d35_25_ride_20_gives_a_standard_action_after_the_move():
    t = _untrained(equitation=0)
    start(t)
    r = take(t, mounted.RIDE, "a", faces="20", but="non_entrainee")
    assert r.success is True and r.outcome_fr == "Action simple après le mouvement"
    assert spent(t) == set()
    assert not [
        n for n in t.preview(Action("attaquer", "a", "b", {})).notices if n.rule == "D35-09"
    ]


def test_d35_23_out_of_the_fight_a_failure_counts_nothing():
    t = _untrained()
    assert take(t, mounted.RIDE, "a", faces="3", but="non_entrainee").success is False
    assert spent(t) == set()


def test_d35_23_a_trained_mount_needs_no_check_unless_forced():
    t = table(fighter("a", PJ, (0, 0)), horse())
    ride(t)
    assert blocking(look(t, mounted.RIDE, but="non_entrainee")) == ["D35-23"]
    with pytest.raises(ActionError):
        take(t, mounted.RIDE, "a", faces="20", but="non_entrainee")
    r = take(t, mounted.RIDE, "a", faces="20", but="non_entrainee", force=True)
    assert any(term.rule == "G-3" for term in r.terms)
    spec = next(s for s in t.ruleset.actions(t.enc, "a", None) if s.kind == mounted.RIDE)
    assert spec.options[0].default == "genoux"


def test_d35_23_a_mount_set_by_hand_is_taken_as_untrained():
    t = table(fighter("a", PJ, (0, 0)))
    add_state(t, "a", "monte")
    p = look(t, mounted.RIDE, but="non_entrainee")
    assert blocking(p) == [] and p.target_number == 20
    assert any("monture inconnue" in x.label for x in p.terms)


def test_d35_23_not_mounted_is_refused_with_a_clear_message():
    t = table(fighter("a", PJ, (0, 0)))
    assert mounted.RIDE not in {s.kind for s in t.ruleset.actions(t.enc, "a", None)}
    with pytest.raises(ActionError, match="pas en selle"):
        look(t, mounted.RIDE)


# --- D35-25: the knees' Ride DC 5 --------------------------------------------------------------


def test_d35_25_guiding_with_the_knees_is_ride_dc_5():
    t = table(fighter("a", PJ, (0, 0)), horse())
    ride(t)
    p = look(t, mounted.RIDE, but="genoux")
    assert p.target_number == 5 and p.odds == Fraction(16, 20)
    assert take(t, mounted.RIDE, "a", faces="4", but="genoux").success is False
    r = take(t, mounted.RIDE, "a", faces="5", but="genoux")
    assert r.success is True and "genoux" in r.outcome_fr


# --- D35-26 to D35-28, A-D35-20, TV-D35-20: the rider's attacks --------------------------------


def _lancer(b_cell=(3, 0), **a):
    """A (BBA +6: two attacks) on a horse, B on foot next to them (or away from its
    horse, not to shoot into melee, D35-79)."""
    stats = {"bba": 6, "armes": [arme("Épée longue"), arme("Arc long")], **a}
    t = table(fighter("a", PJ, (0, 0), **stats), horse(), fighter("b", MJ, b_cell))
    ride(t)
    return t


def _attack(t, **options):
    return t.preview(Action("attaquer", "a", "b", options))


def test_tv_d35_20_melee_from_horseback_against_a_medium_creature_on_foot():
    t = _lancer()
    p = _attack(t, arme="1")
    assert p.computed["bonus"] == 6 + 1  # BBA 6, higher ground +1 (D35-26)


def test_tv_d35_20_shots_while_the_mount_moves_and_a_single_move_costs_nothing():
    t = _lancer(b_cell=(8, 0))
    assert _attack(t, arme="2", monture="double").computed["bonus"] == 6 - 4
    assert _attack(t, arme="2", monture="course").computed["bonus"] == 6 - 8
    assert _attack(t, arme="2", monture="simple").computed["bonus"] == 6
    full = _attack(t, arme="2", monture="double", attaque="1")
    assert blocking(full) == []  # D35-28: a full attack at range, halfway through the move
    assert any(x.rule == "D35-28" and "outrance" in x.label for x in full.terms)


def test_d35_27_a_mount_that_moved_allows_one_melee_attack_only():
    t = _lancer()
    assert blocking(_attack(t, arme="1", monture="aucun", attaque="1")) == []
    p = _attack(t, arme="1", monture="simple", attaque="1")
    assert blocking(p) == ["D35-27"]
    assert blocking(_attack(t, arme="1", monture="simple", attaque="0")) == []
    no_penalty = _attack(t, arme="1", monture="course")
    assert no_penalty.computed["bonus"] == 7  # no penalty at full speed
    assert any(x.rule == "D35-27" and "pas de malus" in x.label for x in no_penalty.terms)
    with pytest.raises(ActionError):
        take(t, "attaquer", "a", "b", faces="15", arme="1", monture="simple", attaque="1")


def test_a_d35_20_the_other_reading_limits_shots_too():
    t = _lancer(b_cell=(8, 0))
    t.enc.flags = {"A-D35-20": False}
    assert blocking(_attack(t, arme="2", monture="double", attaque="1")) == ["D35-27"]
    assert blocking(_attack(t, arme="2", monture="aucun", attaque="1")) == []


def test_d35_27_the_mounts_charge_is_the_riders():
    t = _lancer()
    take(t, "attaquer", "a", "b", faces="15", arme="1", charge=True, charge_m=4)
    assert "charge" in states(t, "a") and "charge" in states(t, "h")  # −2 CA for both
    t = _lancer()
    add_state(t, "h", "charge")
    p = _attack(t, arme="1")
    assert p.computed["bonus"] == 6 + 1 + 2  # the mount charged: +2 for the rider
    assert blocking(_attack(t, arme="1", attaque="1")) == ["D35-27"]


def test_d35_24_a_riders_charge_runs_as_far_as_its_mount():
    t = _lancer(vd=6.0)  # the rider alone: at most 12 m; the horse 30 m
    assert blocking(_attack(t, arme="1", charge=True, charge_m=20)) == []
    alone = table(fighter("a", PJ, (0, 0), vd=6.0, bba=6), fighter("b", MJ, (3, 0)))
    p = alone.preview(Action("attaquer", "a", "b", {"charge": True, "charge_m": 20}))
    assert blocking(p) == ["D35-20"]


# --- D35-29, A-D35-16, TV-D35-18: a spell from the saddle ---------------------------------------


def test_tv_d35_18_concentration_dc_13_on_a_double_move_18_on_a_run():
    assert mounted.concentration_dc("double", 3) == 13
    assert mounted.concentration_dc("course", 3) == 18
    assert mounted.concentration_dc("simple", 3) is None
    assert mounted.concentration_dc("aucun", 3) is None
    t = table(fighter("a", PJ, (0, 0), concentration=8), horse())
    ride(t)
    assert look(t, mounted.CAST, niveau=3, monture="double").target_number == 13
    p = look(t, mounted.CAST, niveau=3, monture="course")
    assert p.target_number == 18 and p.odds == Fraction(11, 20)  # 10 to 20 with +8


def test_d35_29_a_single_move_casts_normally_without_a_roll():
    t = table(fighter("a", PJ, (0, 0)), horse())
    ride(t)
    p = look(t, mounted.CAST, niveau=5, monture="simple")
    assert p.dice is None and any(x.rule == "A-D35-16" for x in p.terms)
    r = take(t, mounted.CAST, "a", niveau=5, monture="simple")
    assert r.success is True and "normalement" in r.outcome_fr


def test_d35_29_a_failed_concentration_loses_the_spell_and_the_spell_takes_its_action():
    t = table(fighter("a", PJ, (0, 0)), horse(), fighter("b", MJ, (6, 0)))
    ride(t)
    start(t)
    r = take(t, mounted.CAST, "a", faces="12", niveau=3, monture="double")
    assert r.success is False and "perdu" in r.outcome_fr
    assert spent(t) == {"simple"}
    t2 = table(fighter("a", PJ, (0, 0)), horse())
    ride(t2)
    assert take(t2, mounted.CAST, "a", faces="13", niveau=3, monture="double").success


# --- D35-30: the mount falls ---------------------------------------------------------------------


def _fallen(**a):
    t = table(fighter("a", PJ, (0, 0), pv=10, pv_max=10, **a), horse())
    ride(t)
    return t


def test_d35_30_a_ride_check_dc_15_softens_the_fall():
    t = _fallen(equitation=4)
    p = look(t, mounted.FALL)
    assert p.target_number == 15 and p.odds == Fraction(10, 20) and len(p.more) == 1
    r = take(t, mounted.FALL, "a", faces="11")  # 15: no damage roll needed
    assert r.success is True
    a = t.enc.combatant("a")
    assert "monte" not in states(t, "a") and "a_terre" not in states(t, "a")
    assert a.stats["pv"] == 10


def test_d35_30_otherwise_the_rider_lands_prone_with_1d6_damage():
    t = _fallen(equitation=4)
    r = take(t, mounted.FALL, "a", faces="10", then=("4",))
    assert r.success is False
    assert "a_terre" in states(t, "a") and "monte" not in states(t, "a")
    assert t.enc.combatant("a").stats["pv"] == 6
    t = _fallen()
    a = Action(mounted.FALL, "a")
    with pytest.raises(ActionError, match="Dégâts de la chute"):
        t.resolve(a, DiceResult.typed_faces("2", t.preview(a).dice))  # the 1d6 is missing


# --- D35-31: an unconscious rider -----------------------------------------------------------------


def _knocked_out(**a):
    t = table(fighter("a", PJ, (0, 0), pv=3, pv_max=10, **a), horse())
    ride(t)
    t.enc.combatant("a").stats["degats_non_letaux"] = 5  # nonlethal above hp: unconscious
    return t


def test_d35_31_an_unconscious_rider_stays_in_the_saddle_on_50():
    t = _knocked_out()
    p = look(t, mounted.KNOCKED_OUT)
    assert p.target_number == 50 and p.odds == Fraction(1, 2)
    assert any("évite le combat" in x.label for x in p.terms)  # the unguided horse (GM)
    assert take(t, mounted.KNOCKED_OUT, "a", faces="50").success is True
    assert "monte" in states(t, "a")
    r = take(t, mounted.KNOCKED_OUT, "a", faces="51", then=("6",))
    assert r.success is False
    assert "monte" not in states(t, "a") and "a_terre" in states(t, "a")
    assert t.enc.combatant("a").stats["pv"] == -3


def test_d35_31_a_war_saddle_keeps_it_on_75():
    t = _knocked_out(selle_guerre=True)
    assert look(t, mounted.KNOCKED_OUT).odds == Fraction(3, 4)
    assert take(t, mounted.KNOCKED_OUT, "a", faces="75").success is True
    assert take(t, mounted.KNOCKED_OUT, "a", faces="76", then=("1",)).success is False


def test_d35_31_a_conscious_rider_is_not_rolled_for_unless_forced():
    t = _fallen()
    assert mounted.KNOCKED_OUT not in {s.kind for s in t.ruleset.actions(t.enc, "a", None)}
    assert blocking(look(t, mounted.KNOCKED_OUT)) == ["D35-31"]
    with pytest.raises(ActionError):
        take(t, mounted.KNOCKED_OUT, "a", faces="10")


def test_d35_05_a_rider_s_own_mount_gives_no_soft_cover_against_its_rider_s_attack():
    from gui.engine.files import storage
    from gui.engine.grid.lines import Cover
    from gui.engine.grid.placed import cover_between
    from gui.engine.rulesets import registry

    ruleset = registry.get("d20_35")
    enc = storage.load(ruleset.demo_path)  # Dame Ysolde rides Tonnerre next to squelette_1
    rider, skeleton = enc.combatant("ysolde"), enc.combatant("squelette_1")
    assert "tonnerre" in ruleset.together(enc, rider)
    call = cover_between(enc, ruleset, rider, skeleton, melee=True)
    assert call is not None and call.cover == Cover.NONE
