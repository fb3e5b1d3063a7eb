"""douaratil's area of effect (issue 37), the old radius option of the damage made an action
of its own: DOU-59 one damage roll for every creature caught, in d6s that explode (A-DOU-2);
each its save (A-DOU-4) with its exact odds, its states' edges (DOU-23, DOU-17) and its cover
from the origin (DOU-57, total cover refusing nothing); half or none on a save made; then its
own sheet — DOU-61's resistance and vulnerability, DOU-60's critical hits (a, b) and their
wound (A-DOU-22); one log line per target, one undo entry; refusals change nothing."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from gui.engine.checks.request import DiceResult
from gui.engine.contract.values import FORCE, Action, ActionError, AreaOf
from gui.engine.play.table import Table
from gui.engine.rulesets.douaratil import area, sheet
from gui.engine.state.model import Grid, MapWall, Position
from tests.engine.rulesets.douaratil.builders import MJ, add_state, fighter, ruleset, table

CAUGHT = ("b", "c", "d")
FIRE_RES = [{"type": "feu", "effet": "resistance"}]
FIRE_VULN = [{"type": "feu", "effet": "vulnerabilite"}]


def three(**sheets) -> Table:
    """A caster in z1, three creatures in z2 (30 PA, Con 14 unless told)."""
    foes = [
        fighter(
            cid, MJ, "z2", **{"pa": 30, "pa_max": 30, "constitution": 14, **sheets.get(cid, {})}
        )
        for cid in CAUGHT
    ]
    return table(fighter("a"), *foes)


def blast(caught=CAUGHT, **options) -> Action:
    """A fire area over z2: 2d6, the options given on top."""
    chosen = {"des": "2d6", "type": "feu", **options}
    return Action(area.KIND, "a", None, chosen, area=AreaOf("zone", zone="z2", caught=caught))


def rolls(*faces: str) -> tuple[DiceResult, ...]:
    """The saves' rolls that follow the damage, each its faces typed."""
    return tuple(DiceResult("faces", tuple(int(f) for f in text.split())) for text in faces)


def pa(t: Table) -> dict[str, int]:
    return {cid: sheet.action_points(t.enc.combatant(cid)) for cid in CAUGHT}


def test_dou_59_is_offered_only_for_an_area_drawn():
    t = three()
    assert area.KIND not in [s.kind for s in t.ruleset.actions(t.enc, "a", "b")]
    drawn = AreaOf("zone", zone="z2", caught=CAUGHT)
    specs = t.ruleset.area_actions(t.enc, "a", drawn)
    assert [(s.kind, s.label.fr, s.label.en) for s in specs] == [
        (area.KIND, "Aire d’effet : dégâts", "Area of effect: damage")
    ]
    assert "rayon" not in [f.key for s in t.ruleset.actions(t.enc, "a", "b") for f in s.options]


def test_dou_59_one_roll_for_all_each_takes_it_by_its_own_sheet():
    t = three(c={"resistances": FIRE_RES})
    p = t.preview(blast(jet=""))
    assert str(p.dice.expr) == "2d6!" and p.more == ()  # one roll, no save
    assert any(x.rule == "DOU-59" and x.value == "B, C, D" for x in p.terms)
    dice = DiceResult("faces", (6, 2, 3))  # the 6 explodes (A-DOU-2): 6 + 2 + 3 = 11
    res, cs = t.resolve(blast(jet=""), dice)
    t.apply(cs)
    assert res.amounts["damage"] == 11
    assert pa(t) == {"b": 19, "c": 25, "d": 19}  # C resists: 11 // 2
    lines = t.enc.log[-3:]
    assert [e.target for e in lines] == list(CAUGHT)  # one log line per target
    assert all(e.dice == [6, 2, 3] for e in lines)  # the same roll for each
    assert "C subit 5" in lines[1].outcome and "C takes 5" in lines[1].outcome_en


def test_cfg_dou_2_the_explosion_cap_holds_for_the_area_too():
    t = three()
    t.enc.flags["CFG-DOU-2"] = 1
    res, _cs = t.resolve(blast(jet=""), DiceResult("faces", (6, 6, 4, 2)))
    assert res.amounts["damage"] == 6 + 6 + 2  # the chain 6-6-4 stops after one explosion


def test_a_dou_4_each_save_with_its_exact_odds():
    t = three(c={"dexterite": 14, "js_dexterite": True})
    add_state(t, "d", "esquive")  # DOU-23: advantage on Dex saves
    action = blast(jet="dexterite", dd=11)
    p = t.preview(action)
    assert [r.label.fr for r in p.more] == ["JS de B", "JS de C", "JS de D"]
    assert [str(r.expr) for r in p.more] == ["3d6", "3d6", "4d6kh3"]
    lines = [str(x) for x in p.terms]
    assert any("B : JS +0 contre 11" in line and "50 %" in line for line in lines)
    assert any("C : JS +4 contre 11" in line for line in lines)  # Dex +2, proficiency +2
    ctx = t.ruleset.context(t.ruleset, t.enc, action)
    targets = tuple(t.enc.combatant(cid) for cid in CAUGHT)
    kept = [sorted(f)[1:] for f in product(range(1, 7), repeat=4)]
    advantage = Fraction(sum(1 for k in kept if sum(k) >= 11), 6**4)
    assert [s.odds() for s in area.saves(ctx, targets)] == [
        Fraction(108, 216),
        Fraction(216 - 20, 216),  # 3d6 + 4 >= 11: all but the 20 ways to total 6 or less
        advantage,
    ]


def test_a_dou_4_a_save_made_halves_the_damage_or_negates_it():
    t = three()
    before = t.enc
    action = blast(jet="dexterite", dd=11)
    saves = rolls("6 5 4", "1 2 3", "4 4 3")  # 15 made, 6 failed, 11 made (ties succeed)
    res, cs = t.resolve(action, DiceResult("faces", (5, 4), then=saves))  # 9 damage
    t.apply(cs)
    assert pa(t) == {"b": 26, "c": 21, "d": 26}  # half of 9 is 4
    assert "moitié" in " ".join(t.enc.log[-3].breakdown)
    t.revert(cs)
    assert t.enc == before
    _res, cs = t.resolve(blast(jet="dexterite", dd=11, reussite="annule"), res.dice)
    t.apply(cs)
    assert pa(t) == {"b": 30, "c": 21, "d": 30}


def test_dou_61_resistance_and_vulnerability_on_one_target_only_after_the_save():
    t = three(b={"resistances": FIRE_RES}, c={"resistances": FIRE_VULN})
    action = blast(jet="dexterite", dd=11)
    saves = rolls("1 1 2", "6 6 5", "1 1 2")  # B fails, C makes it, D fails
    _res, cs = t.resolve(action, DiceResult("faces", (5, 4), then=saves))  # 9 damage
    t.apply(cs)
    assert pa(t) == {"b": 30 - 4, "c": 30 - 8, "d": 30 - 9}  # 9 // 2; (9 // 2) × 2; 9
    breakdown = " ".join(t.enc.log[-2].breakdown)
    assert "vulnérabilité" in breakdown and "moitié" in breakdown
    t.revert(cs)
    cold = blast(jet="", type="froid")  # B's fire resistance does not touch cold
    _res, cs = t.resolve(cold, DiceResult("faces", (5, 4)))
    t.apply(cs)
    assert pa(t) == {"b": 21, "c": 21, "d": 21}


def test_dou_61_non_magical_rows_only_when_the_gm_unticks_magical():
    t = three(b={"resistances": [{"type": "non_magique", "effet": "resistance"}]})
    res, _cs = t.resolve(blast(jet=""), DiceResult("faces", (5, 4)))
    assert "B subit 9" in res.outcome_fr  # an area's damage is magical by default
    res, _cs = t.resolve(blast(jet="", magique=False), DiceResult("faces", (5, 4)))
    assert "B subit 4" in res.outcome_fr


def test_dou_60_a_critical_for_the_one_whose_con_is_beaten():
    t = three(b={"constitution": 8}, d={"pa": 0})  # B's SC 8; D already at 0 PA (DOU-60 b)
    action = blast(jet="", blessure="brûlure au visage")
    _res, cs = t.resolve(action, DiceResult("faces", (5, 4)))  # 9 > 8, not > 14
    t.apply(cs)
    b, c, d = t.enc.log[-3:]
    assert "coup critique" in b.outcome and "critical hit" in b.outcome_en
    assert "coup critique" not in c.outcome
    assert "coup critique" in d.outcome  # any damage at 0 PA
    wounds = {cid: t.enc.combatant(cid).stats["blessures"] for cid in CAUGHT}
    assert wounds == {"b": ["brûlure au visage"], "c": [], "d": ["brûlure au visage"]}


def test_dou_59_one_undo_entry_and_the_turn_s_action_spent():
    t = three()
    t.apply(t.start_combat({"a": 20, "b": 15, "c": 10, "d": 5}))
    before = t.enc
    saves = rolls("1 1 1", "2 2 2", "3 3 3")
    _res, cs = t.resolve(blast(jet="dexterite", dd=11), DiceResult("faces", (3, 3), then=saves))
    t.apply(cs)
    assert pa(t) == {"b": 24, "c": 24, "d": 24}
    assert sheet.has_state(t.enc.combatant("a"), "budget.action")  # DOU-24, DOU-05
    assert "DOU-05 action utilisée" in t.enc.log[-3].breakdown
    assert [e.action_en for e in t.enc.log[-3:]] == ["A: area of effect: zone Z2"] * 3
    assert cs.label == "A : aire d’effet : zone Z2" and cs.label_en == "A: area of effect: zone Z2"
    t.revert(cs)  # the whole area is one change set: one undo entry
    assert t.enc == before


def test_dou_59_refusals_change_nothing():
    t = three()
    t.apply(t.start_combat({"a": 20, "b": 15, "c": 10, "d": 5}))
    before = t.enc
    dice = DiceResult("faces", (3, 3), then=rolls("3 3 3", "3 3 3", "3 3 3"))
    with pytest.raises(ActionError, match="n’atteint personne"):
        t.resolve(blast(caught=()), dice)
    with pytest.raises(ActionError, match="Tracer l’aire"):
        t.resolve(Action(area.KIND, "a", None, {"des": "2d6"}), dice)
    with pytest.raises(ActionError, match="save is missing"):
        t.resolve(blast(), DiceResult("faces", (3, 3), then=rolls("3 3 3")))
    with pytest.raises(ActionError, match="des d6"):
        t.resolve(blast(des="2d8"), dice)
    with pytest.raises(ActionError, match="absent"):
        t.resolve(blast(caught=("b", "zz")), dice)
    _res, cs = t.resolve(blast(), dice)
    t.apply(cs)
    spent = t.enc
    with pytest.raises(ActionError, match="Action utilisée ce tour"):  # DOU-05, G-3
        t.resolve(blast(), dice)
    assert t.enc == spent
    forced = Action(area.KIND, "a", None, blast().options, {FORCE: True}, area=blast().area)
    assert t.resolve(forced, dice)[0].amounts["damage"] == 6  # the GM passes over it
    t.revert(cs)
    assert t.enc == before


def test_dou_57_cover_from_the_origin_on_the_dex_save_and_total_cover_refuses_nothing():
    t = three()
    t.enc.map.grid = Grid(cell_px=40, cell_m=1.5, snap=True)
    cells = {"a": (-4, -4), "b": (1, 0), "c": (-3, 0), "d": (0, 3)}
    for c in t.enc.combatants:
        c.position = Position(zone="z2", cell=cells[c.id])
    t.enc.map.walls = [
        MapWall(start=(-1, -3), end=(-1, 4), blocks="solid"),  # C behind it: total cover
        MapWall(start=(-1, 2), end=(3, 2), blocks="cover"),  # D behind a low wall
    ]
    add_state(t, "b", "abri_important")
    burst = AreaOf("burst", reach=4, origin=(0, 0), caught=CAUGHT)
    action = Action(area.KIND, "a", None, {"des": "2d6", "jet": "dexterite", "dd": 11}, area=burst)
    lines = [str(x) for x in t.preview(action).terms]
    assert any("B : JS +5 contre 11" in line for line in lines)  # important cover (a state)
    assert any("D : JS +2 contre 11" in line for line in lines)  # the low wall: partial
    assert any("C : abri total" in line for line in lines)
    saves = rolls("3 3 3", "3 3 3", "3 3 3")  # 9: B 14 and D 11 make it, C fails
    _res, cs = t.resolve(action, DiceResult("faces", (4, 4), then=saves))
    t.apply(cs)
    assert pa(t) == {"b": 26, "c": 22, "d": 26}  # the GM kept C: it takes it all


def test_the_bestiary_breath_gives_the_defaults():
    young = next(x for x in ruleset().bestiary if x.name == "Jeune dragon rouge")
    t = three()
    dragon = t.enc.combatant("a").replace(stats=dict(young.stats))
    t.enc.combatants[0] = dragon
    own = t.ruleset.area_attack(t.enc, dragon)
    assert (own.shape, own.metres, own.damage, own.save, own.dc) == (
        "cone",
        9.0,
        "16d6",
        "dexterite",
        17,
    )
    drawn = AreaOf("zone", zone="z2", caught=CAUGHT)
    (spec,) = t.ruleset.area_actions(t.enc, "a", drawn)
    defaults = {f.key: f.default for f in spec.options}
    assert (defaults["des"], defaults["jet"], defaults["dd"]) == ("16d6", "dexterite", 17)
    p = t.preview(Action(area.KIND, "a", None, {}, area=drawn))
    assert str(p.dice.expr) == "16d6!"
    assert sum("contre 17" in str(x) for x in p.terms) == 3
    assert t.ruleset.area_attack(t.enc, t.enc.combatant("b")) is None
