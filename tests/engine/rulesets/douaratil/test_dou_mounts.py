"""douaratil: mounted combat (DOU-63 to DOU-69, TV-DOU-22, A-DOU-4, A-DOU-32): mounting and
dismounting as a special move of the rider's turn, the controlled mount on its rider's
initiative, falling off, and whom an attack of opportunity may target."""

from __future__ import annotations

import pytest

from gui.engine.checks.request import DiceResult
from gui.engine.contract.values import Action, ActionError
from gui.engine.core.copies import deep_copy
from gui.engine.rulesets.douaratil import budget, mounts, riding
from gui.engine.state.model import Grid, Position, State, TurnEntry
from tests.engine.builders import dump
from tests.engine.rulesets.conteur.builders import act, blocking, look
from tests.engine.rulesets.douaratil.builders import MJ, PJ, add_state, dice_needed, fighter, table


def _keys(t, cid):
    return {s.key for s in t.enc.combatant(cid).states}


def _state(t, cid, key):
    return next(s for s in t.enc.combatant(cid).states if s.key == key)


def _fight(t, *order):
    """The fight begins (round 1), `order` acting first to last."""
    t.apply(t.start_combat({cid: 20 - i for i, cid in enumerate(order)}))
    return t


def _next_turn_of(t, unit):
    """Turns go on until `unit`'s next turn starts."""
    t.apply(t.next_turn())
    while t.enc.turn.order[t.enc.turn.current].unit != unit:
        t.apply(t.next_turn())


def horse(cid="h", side=PJ, **stats):
    """A warhorse: Large, Int 2, 18 m."""
    return fighter(cid, side, **({"taille": "large", "intelligence": 2, "vitesse": 18.0} | stats))


def stable(rider=None, mount=None, fight=True):
    """A rider "a" (Medium, 9 m), its horse "h" in contact, a foe "b"; the fight begun, "a"
    acting."""
    t = table(fighter("a", **(rider or {})), horse(**(mount or {})), fighter("b", MJ))
    t.apply(t.set_contact("a", "h", True))
    return _fight(t, "a", "h", "b") if fight else t


def mounted(t, rider="a", mount="h", **options):
    """`rider` mounts `mount` (undo checked); the resolution."""
    return act(t, "monter_en_selle", rider, mount, **options)[1]


def _mount_rider(t, rider, mount, value=1):
    """A rider already in the saddle (setup, not under test)."""
    c = t.enc.combatant(rider)
    c.states = [*c.states, State(key="monte", label="Monté", source=mount, value=value)]


def _terms(resolution_or_preview):
    return {(x.rule, x.label, x.value) for x in resolution_or_preview.terms}


# --- Listing ---------------------------------------------------------------------------------


def test_the_actions_are_listed_with_both_labels_and_rules():
    t = stable()
    specs = {s.kind: s for s in t.ruleset.actions(t.enc, "a", "h")}
    spec = specs["monter_en_selle"]
    assert spec.label.fr == "Monter en selle" and spec.label.en == "Mount" and spec.needs_target
    assert {o.key: o.default for o in spec.options} == {"controlee": True, "distance": -1}
    assert "mettre_pied_a_terre" not in specs and "chute_de_monture" not in specs
    mounted(t)
    specs = {s.kind: s for s in t.ruleset.actions(t.enc, "a", None)}
    assert "monter_en_selle" not in specs
    for kind in ("mettre_pied_a_terre", "chute_de_monture"):
        assert specs[kind].label.fr and specs[kind].label.en
        assert specs[kind].rule.startswith("DOU-")
        assert all(o.rule for o in specs[kind].options)


def test_every_term_has_a_rule_and_english():
    t = stable()
    for term in look(t, "monter_en_selle", "a", "h", controlee=False, distance=1).terms:
        assert term.rule and term.label and term.label_en, term
    mounted(t)
    for kind, options in (
        ("mettre_pied_a_terre", {}),
        ("chute_de_monture", {"cause": "monture_deplacee", "avantage": True}),
        ("chute_de_monture", {"cause": "monture_a_terre"}),
        ("chute_de_monture", {"cause": "monture_a_terre", "reaction": False}),
    ):
        for term in look(t, kind, "a", None, **options).terms:
            assert term.rule and term.label and term.label_en, (kind, term)


# --- TV-DOU-22, DOU-64 -------------------------------------------------------------------------


def test_tv_dou_22_mounting_at_speed_9_costs_4_50_m():
    t = stable()
    preview = look(t, "monter_en_selle", "a", "h")
    assert blocking(preview) == [] and not preview.notices
    assert ("DOU-64", "coût : la moitié de la vitesse", "4,5 m") in _terms(preview)
    r = mounted(t)
    assert budget.moved(t.enc.combatant("a")) == 4.5
    monte = _state(t, "a", "monte")
    assert (monte.source, monte.value, monte.expiry) == ("h", 1, None)
    assert monte.label == "Monté" and monte.text_en  # the ruleset's state, in both languages
    assert _state(t, "a", "budget.monture").expiry.at == "turn_start"
    assert "DOU-64" in [x.rule for x in r.terms]
    assert riding.mount_of(t.enc, t.enc.combatant("a")).id == "h"
    assert riding.controlled(t.enc, t.enc.combatant("a"))


def test_tv_dou_22_with_4_m_left_mounting_is_illegal():
    t = stable()
    add_state(t, "a", "budget.mouvement", 50)  # 5 m moved: 4 m left of 9
    preview = look(t, "monter_en_selle", "a", "h")
    assert blocking(preview) == ["DOU-64"]
    assert "4 m < 4,5 m" in preview.notices[0].fr and "4 m < 4.5 m" in preview.notices[0].en
    with pytest.raises(ActionError):
        mounted(t)
    assert "monte" not in _keys(t, "a")
    r = act(t, "monter_en_selle", "a", "h", force=True)[1]  # the GM's call (G-3)
    assert "G-3" in [x.rule for x in r.terms] and "monte" in _keys(t, "a")


def test_tv_dou_22_exactly_half_left_is_enough():
    t = stable()
    add_state(t, "a", "budget.mouvement", 45)
    assert blocking(look(t, "monter_en_selle", "a", "h")) == []


def test_tv_dou_22_a_second_mount_or_dismount_in_the_turn_is_illegal():
    t = stable()
    mounted(t)  # 4,5 m of 9: 4,5 m left, enough for a dismount but for the once a turn
    preview = look(t, "mettre_pied_a_terre", "a")
    assert blocking(preview) == ["DOU-64"] and "une fois par tour" in preview.notices[0].fr
    act(t, "mettre_pied_a_terre", "a", force=True)
    assert blocking(look(t, "monter_en_selle", "a", "h")) == ["DOU-64", "DOU-64"]  # and 0 m


def test_tv_dou_22_the_once_a_turn_ends_at_the_riders_next_turn():
    t = stable()
    mounted(t)
    _next_turn_of(t, "a")
    assert "budget.monture" not in _keys(t, "a") and "monte" in _keys(t, "a")
    assert blocking(look(t, "mettre_pied_a_terre", "a")) == []


def test_dou_64_a_dash_gives_the_room():
    t = stable()
    add_state(t, "a", "budget.mouvement", 50)
    add_state(t, "a", "precipite")  # 18 m this turn (DOU-27)
    assert blocking(look(t, "monter_en_selle", "a", "h")) == []


def test_dou_64_speed_0_cannot_mount():
    t = stable({"vitesse": 0.0})
    preview = look(t, "monter_en_selle", "a", "h")
    assert blocking(preview) == ["DOU-64"] and "Vitesse 0" in preview.notices[0].fr


def test_dou_64_the_cost_rounds_down_to_a_tenth_a_dou_32():
    t = stable({"vitesse": 7.5})
    assert mounts.half_speed(t.enc.combatant("a")) == 3.7
    mounted(t)
    assert budget.moved(t.enc.combatant("a")) == 3.7


def test_dou_02_a_surprised_rider_does_not_mount():
    t = stable()
    add_state(t, "a", "surpris")
    assert "DOU-02" in blocking(look(t, "monter_en_selle", "a", "h"))


def test_dou_64_out_of_the_fight_nothing_is_counted():
    t = stable(fight=False)
    r = mounted(t)
    assert "monte" in _keys(t, "a")
    assert not {"budget.mouvement", "budget.monture"} & _keys(t, "a")
    assert "hors du combat : rien n’est compté" in [x.label for x in r.terms]


# --- Size and distance (DOU-63, DOU-64) --------------------------------------------------------


@pytest.mark.parametrize(
    ("rider", "mount", "legal"),
    [
        ("medium", "large", True),
        ("medium", "huge", True),
        ("small", "medium", True),
        ("medium", "medium", False),
        ("large", "medium", False),
        ("tiny", "tiny", False),
    ],
)
def test_dou_63_the_mount_is_at_least_one_size_larger(rider, mount, legal):
    t = stable({"taille": rider}, {"taille": mount})
    assert blocking(look(t, "monter_en_selle", "a", "h")) == ([] if legal else ["DOU-63"])


def test_dou_64_the_mount_must_be_within_1_50_m():
    t = stable()
    t.apply(t.set_contact("a", "h", False))
    preview = look(t, "monter_en_selle", "a", "h")
    assert blocking(preview) == ["DOU-64"] and "1,50 m" in preview.notices[0].fr
    assert blocking(look(t, "monter_en_selle", "a", "h", distance=1)) == []  # the GM's number
    assert blocking(look(t, "monter_en_selle", "a", "h", distance=3)) == ["DOU-64"]


def test_dou_64_on_the_grid_the_mount_is_near_when_adjacent():
    t = stable()
    t.apply(t.set_contact("a", "h", False))
    t.enc.map.grid = Grid(cell_px=40, cell_m=1.5, snap=True)
    t.enc.combatant("a").position = Position(zone="z1", cell=(0, 0))
    t.enc.combatant("h").position = Position(zone="z1", cell=(1, 0))  # a 2×2 horse, adjacent
    t.enc.combatant("b").position = Position(zone="z1", cell=(9, 9))
    assert blocking(look(t, "monter_en_selle", "a", "h")) == []
    t.enc.combatant("h").position = Position(zone="z1", cell=(3, 0))  # 3 m away
    assert blocking(look(t, "monter_en_selle", "a", "h")) == ["DOU-64"]


def test_one_cannot_mount_oneself():
    t = stable()
    with pytest.raises(ActionError):
        look(t, "monter_en_selle", "a", "a")


# --- What the GM decides: warnings only (DOU-63, DOU-67) --------------------------------------


def test_dou_63_a_hostile_mount_or_one_already_ridden_is_a_warning():
    t = table(fighter("a"), horse("h", MJ), fighter("c"))
    t.apply(t.set_contact("a", "h", True))
    preview = look(t, "monter_en_selle", "a", "h")
    assert blocking(preview) == [] and [n.rule for n in preview.notices] == ["DOU-63"]
    _mount_rider(t, "c", "h")
    assert [n.rule for n in look(t, "monter_en_selle", "a", "h").notices] == ["DOU-63"] * 2


def test_dou_67_an_intelligent_controlled_mount_is_a_warning_only():
    t = stable(mount={"intelligence": 10})
    preview = look(t, "monter_en_selle", "a", "h")
    assert blocking(preview) == [] and [n.rule for n in preview.notices] == ["DOU-67"]
    assert not look(t, "monter_en_selle", "a", "h", controlee=False).notices
    mounted(t)
    assert riding.controlled(t.enc, t.enc.combatant("a"))  # the GM's call stands


def test_dou_68_an_independent_mount():
    t = stable()
    r = mounted(t, controlee=False)
    assert _state(t, "a", "monte").value == 0
    assert not riding.controlled(t.enc, t.enc.combatant("a"))
    assert "DOU-68" in [x.rule for x in r.terms] and "indépendante" in r.outcome_fr


# --- Mettre pied à terre (DOU-64) --------------------------------------------------------------


def test_dou_64_dismounting_removes_monte_costs_half_and_undoes():
    t = stable()
    _mount_rider(t, "a", "h")
    before = dump(t.enc)
    _p, r, cs = act(t, "mettre_pied_a_terre", "a")
    assert "monte" not in _keys(t, "a") and budget.moved(t.enc.combatant("a")) == 4.5
    assert ("DOU-64", "descend de", "H") in _terms(r)
    assert riding.mount_of(t.enc, t.enc.combatant("a")) is None
    t.revert(cs)
    assert dump(t.enc) == before


def test_dou_64_dismounting_with_too_little_left_is_illegal():
    t = stable()
    _mount_rider(t, "a", "h")
    add_state(t, "a", "budget.mouvement", 50)
    assert blocking(look(t, "mettre_pied_a_terre", "a")) == ["DOU-64"]


def test_dismounting_when_not_mounted_is_refused():
    t = stable()
    with pytest.raises(ActionError):
        look(t, "mettre_pied_a_terre", "a")


def test_mounting_undoes_exactly():
    t = stable()
    before = dump(t.enc)
    _p, _r, cs = act(t, "monter_en_selle", "a", "h")
    t.revert(cs)
    assert dump(t.enc) == before


# --- Turn units (DOU-67, DOU-68) ---------------------------------------------------------------


def _units(t):
    return t.ruleset.turn_units(t.enc)


def test_dou_67_a_controlled_mount_acts_in_its_riders_unit():
    t = table(fighter("b", MJ), fighter("a"), horse(), fighter("c"))
    _mount_rider(t, "a", "h")
    units = _units(t)
    frozen = [deep_copy(u) for u in units]
    merged = riding.turn_units(t.enc, units)
    assert [(u.unit, u.members, u.side) for u in merged] == [
        ("b", ["b"], MJ),
        ("a", ["a", "h"], PJ),
        ("c", ["c"], PJ),
    ]
    assert units == frozen  # the input is left as it was


def test_dou_67_the_mount_goes_after_its_rider_even_listed_first():
    t = table(horse(), fighter("b", MJ), fighter("a"))
    _mount_rider(t, "a", "h")
    merged = riding.turn_units(t.enc, _units(t))
    assert [(u.unit, u.members) for u in merged] == [("b", ["b"]), ("a", ["a", "h"])]


def test_dou_68_an_independent_mount_keeps_its_own_unit():
    t = table(fighter("a"), horse(), fighter("b", MJ))
    _mount_rider(t, "a", "h", value=0)
    units = _units(t)
    assert riding.turn_units(t.enc, units) == units


def test_dou_67_a_mount_of_a_group_joins_its_rider():
    t = table(
        fighter("a", groupe="Cavaliers"), horse(groupe="Chevaux"), horse("i", groupe="Chevaux")
    )
    _mount_rider(t, "a", "h")
    merged = riding.turn_units(t.enc, _units(t))
    assert [u.members for u in merged] == [["a", "h"], ["i"]]


def test_dou_67_the_mount_acts_on_its_riders_initiative():
    t = table(fighter("a"), horse(), fighter("b", MJ))
    a, h = t.enc.combatant("a"), t.enc.combatant("h")
    assert riding.initiative_holder(t.enc, h).id == "h"
    _mount_rider(t, "a", "h")
    assert riding.initiative_holder(t.enc, h).id == "a"
    assert riding.initiative_holder(t.enc, a).id == "a"


def _kinds(t, actor, target=None):
    return [s.kind for s in t.ruleset.actions(t.enc, actor, target)]


def test_dou_67_a_controlled_mount_only_dashes_disengages_or_dodges():
    t = table(fighter("a"), horse(), horse("i"), fighter("c"), fighter("m", MJ))
    _mount_rider(t, "a", "h")
    _mount_rider(t, "c", "i", value=0)
    assert riding.is_controlled_mount(t.enc, t.enc.combatant("h"))
    # the steps of a window stay its own: the damage it deals follows its own hit
    assert _kinds(t, "h", "m") == ["degats", "esquiver_action", "se_desengager", "se_precipiter"]
    assert "attaquer" in _kinds(t, "i", "m")  # independent (DOU-68)
    assert "attaquer" in _kinds(t, "a", "m")
    assert not riding.is_controlled_mount(t.enc, t.enc.combatant("i"))


def test_dou_67_a_controlled_mount_keeps_its_defensive_reactions():
    t = table(fighter("a"), horse(), fighter("m", MJ))
    _mount_rider(t, "a", "h")
    t.enc.combatant("h").stats["vd"] = 5
    hit = Action("attaquer", "m", "h", {"arme": "0"})
    resolution, cs = t.resolve(hit, DiceResult.typed_faces("5 5 5", t.preview(hit).dice))
    assert resolution.success
    t.apply(cs)
    kinds = _kinds(t, "h", "m")
    assert kinds[:3] == ["degats", "parer", "esquiver"] and "attaquer" not in kinds


def test_a_monte_state_without_a_mount_is_neither():
    t = stable()
    add_state(t, "a", "monte")  # set by the GM, no source
    a = t.enc.combatant("a")
    assert riding.mount_of(t.enc, a) is None and not riding.controlled(t.enc, a)
    assert riding.turn_units(t.enc, _units(t)) == _units(t)


# --- Chute de monture (DOU-65, DOU-66, A-DOU-4) -------------------------------------------------


def _fall(t, faces=None, **options):
    return act(t, "chute_de_monture", "a", None, faces, **options)


def test_dou_65_the_save_succeeds_at_dc_10():
    t = stable({"dexterite": 12})  # +1
    _mount_rider(t, "a", "h")
    preview, r, _cs = _fall(t, "5 3 1")  # 9 + 1 = 10
    assert dice_needed(preview) == 9 and preview.dice.expr.count == 3
    assert r.success and r.amounts == {"total": 10, "target": 10}
    assert "monte" in _keys(t, "a") and "a_terre" not in _keys(t, "a")
    assert {"A-DOU-4", "DOU-65"} <= {x.rule for x in r.terms}


def test_dou_65_a_failed_save_falls_prone_within_1_50_m():
    t = stable({"dexterite": 12})
    _mount_rider(t, "a", "h")
    _p, r, _cs = _fall(t, "4 3 1")  # 8 + 1 = 9
    assert r.success is False
    assert "monte" not in _keys(t, "a") and "a_terre" in _keys(t, "a")
    assert _state(t, "a", "a_terre").label == "À terre"
    assert "1,50 m" in r.outcome_fr and "1.50 m" in r.outcome_en


def test_dou_65_the_save_adds_proficiency_a_dou_4():
    t = stable({"dexterite": 12, "js_dexterite": True, "maitrise": 3})
    _mount_rider(t, "a", "h")
    assert dice_needed(look(t, "chute_de_monture", "a")) == 10 - 4


def test_dou_65_a_rider_who_keeps_its_saddle_is_not_knocked_prone():
    t = stable()
    _mount_rider(t, "a", "h")
    add_state(t, "a", "a_terre")  # a shove won against the rider (contests.py)
    _p, r, _cs = _fall(t, "6 3 1", cause="cavalier_renverse")
    assert r.success and "a_terre" not in _keys(t, "a") and "monte" in _keys(t, "a")


def test_dou_23_dodging_gives_advantage_on_the_save():
    t = stable()
    _mount_rider(t, "a", "h")
    add_state(t, "a", "esquive")
    assert look(t, "chute_de_monture", "a").dice.expr.count == 4


def test_dou_66_the_reaction_lands_on_its_feet():
    t = stable()
    _mount_rider(t, "a", "h")
    preview, r, _cs = _fall(t, cause="monture_a_terre")
    assert preview.dice is None and r.success is None
    assert "monte" not in _keys(t, "a") and "a_terre" not in _keys(t, "a")
    assert "budget.reaction" in _keys(t, "a")
    assert "DOU-66" in [x.rule for x in r.terms]


def test_dou_66_without_its_reaction_it_falls_prone():
    t = stable()
    _mount_rider(t, "a", "h")
    _p, _r, _cs = _fall(t, cause="monture_a_terre", reaction=False)
    assert "monte" not in _keys(t, "a") and "a_terre" in _keys(t, "a")
    assert "budget.reaction" not in _keys(t, "a")


def test_dou_08_a_spent_reaction_cannot_land_on_its_feet():
    t = stable()
    _mount_rider(t, "a", "h")
    add_state(t, "a", "budget.reaction")
    assert blocking(look(t, "chute_de_monture", "a", cause="monture_a_terre")) == ["DOU-08"]
    assert blocking(look(t, "chute_de_monture", "a", cause="monture_a_terre", reaction=False)) == []


# --- Attacks of opportunity (DOU-69) -----------------------------------------------------------


def test_dou_69_the_attacker_may_target_the_rider_or_the_mount():
    t = table(fighter("a"), horse(), fighter("b", MJ))
    a, h, b = (t.enc.combatant(x) for x in "ahb")
    assert riding.opportunity_targets(t.enc, a) == ["a"]
    _mount_rider(t, "a", "h", value=0)  # controlled or not (« dans tous les cas »)
    assert riding.opportunity_targets(t.enc, a) == ["a", "h"]
    assert riding.opportunity_targets(t.enc, h) == ["h", "a"]
    assert riding.opportunity_targets(t.enc, b) == ["b"]


def test_turn_entries_are_kept_as_given():
    entry = TurnEntry(unit="x", members=["x"], side=PJ)
    t = table(fighter("x"))
    assert riding.turn_units(t.enc, [entry]) == [entry]


def test_dou_64_on_the_grid_a_rider_and_its_mount_never_bar_each_other():
    """The grid's « la case est occupée » (G-3) is not said of a rider and its mount."""
    from gui.engine.space.destination import Destination

    t = stable(fight=False)
    t.enc.map.grid = Grid(cell_px=40, snap=True)
    for cid, cell in (("a", (0, 0)), ("h", (3, 3)), ("b", (8, 8))):
        t.enc.combatant(cid).position = Position(zone=None, cell=cell)
    _mount_rider(t, "a", "h")
    assert t.ruleset.together(t.enc, t.enc.combatant("h")) == {"a"}
    assert t.move("h", Destination(cell=(0, 0)), False)[0] == []  # onto its rider's square
    assert t.move("a", Destination(cell=(8, 8)), False)[0] != []  # b's square still is taken
