"""d20_35's area of effect (issue 37, area.py): one damage roll for every creature caught,
each its own save with its exact odds — its sheet's bonus, cover from the area's origin on the
grid (D35-03, none against a spread; D35-05 soft cover +0; D35-08 improved cover and improved
evasion; D35-07 total cover a notice), natural 20 and 1 (D35-80) — massive damage (D35-37),
one log line per target and one undo entry; refusals change nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gui.engine.checks.request import DiceResult
from gui.engine.contract.areas import AreaReader
from gui.engine.contract.values import Action, ActionError, AreaOf
from gui.engine.files.storage import load
from gui.engine.play.table import Table
from gui.engine.rulesets.d20_35 import area, budget
from gui.engine.state.model import Combatant, MapWall, Position, State
from tests.engine.builders import dump
from tests.engine.rulesets.d20_35.builders import (
    MJ,
    PJ,
    add_state,
    fighter,
    registered,
    ruleset,
    table,
)

ROOT = Path(__file__).resolve().parents[4]
ORIGIN = (2, 5)  # a grid intersection, the area's point of origin
ROGUE = {"js_reflexes": 4, "dexterite": 14}  # Reflex +6


@pytest.fixture(autouse=True)
def _d20():
    with registered():
        yield


def three(**b_stats) -> Table:
    """A dragon breathing from (2, 5); a rogue « a » (Reflex +6) at (6, 5) east of it, « b »
    (Reflex +0) at (6, 12) south-east, « c » (Reflex +0) at (3, 9); 30 hp each."""
    hp = {"pv": 30, "pv_max": 30}
    return table(
        fighter("dragon", MJ, (0, 5)),
        fighter("a", PJ, (6, 5), **ROGUE, **hp),
        fighter("b", PJ, (6, 12), **{**hp, **b_stats}),
        fighter("c", PJ, (3, 9), **hp),
    )


def breath(caught=("a", "b", "c"), shape: str = "burst", dice: str = "3d6", **options) -> Action:
    drawn = AreaOf(shape, reach=10, origin=ORIGIN, caught=tuple(caught))
    return Action(area.KIND, "dragon", None, {"des": dice, **options}, area=drawn)


def rolled(damage: tuple[int, ...], *then: int) -> DiceResult:
    """The damage dice's faces, then each following roll's one d20."""
    return DiceResult("faces", damage, then=tuple(DiceResult("faces", (f,)) for f in then))


def lines(preview) -> list[str]:
    return [f"{t} {t.value_en}" if t.value_en else str(t) for t in preview.terms]


def pv(t: Table, *cids: str) -> list[int]:
    return [t.enc.combatant(c).stats["pv"] for c in cids]


def low_wall(t: Table) -> None:
    """A low wall (cover) on the line x = 4 from y = 4 to 7, between the origin and « a »."""
    t.enc.map.walls = [MapWall(start=(4, 4), end=(4, 7), blocks="cover")]


# --- offered, one roll for all, each its save ---------------------------------------------------


def test_area_is_offered_only_for_an_area_drawn():
    t = three()
    assert area.KIND not in [s.kind for s in t.ruleset.actions(t.enc, "dragon", "a")]
    drawn = breath().area
    specs = t.ruleset.area_actions(t.enc, "dragon", drawn)
    assert [s.kind for s in specs] == [area.KIND]
    assert specs[0].label.fr == "Aire d’effet : dégâts"
    assert specs[0].label.en == "Area of effect: damage"
    defaults = {f.key: f.default for f in specs[0].options}
    assert defaults["jet"] == "reflexes" and defaults["dd"] == 15  # no breath on its sheet
    assert [c.value for c in next(f for f in specs[0].options if f.key == "jet").choices] == [
        "reflexes",
        "vigueur",
        "volonte",
        "aucun",
    ]


def test_one_damage_roll_for_all_each_save_s_modifier_and_exact_odds():
    t = three(js_reflexes=2, dexterite=8)  # b: Reflex +2 − 1
    p = t.preview(breath())
    assert str(p.dice.expr) == "3d6"
    assert [r.label.fr for r in p.more] == ["JS de A", "JS de B", "JS de C"]
    shown = lines(p)
    assert any(line.endswith("A : JS +6 contre 15 : 60 %") for line in shown)  # 9+: 12/20
    assert any(line.endswith("B : JS +1 contre 15 : 35 %") for line in shown)  # 14+: 7/20
    assert any(line.endswith("C : JS +0 contre 15 : 30 %") for line in shown)
    assert "A : mod. de Dex : +2" in " ".join(shown)


def test_one_roll_for_all_a_save_halves_each_target_its_log_line():
    t = three()
    dice = rolled((6, 5, 4), 9, 8, 20)  # 15 damage; a 15 saves, b 8 fails, c 20 saves
    res, cs = t.resolve(breath(), dice)
    t.apply(cs)
    assert res.amounts["damage"] == 15
    assert pv(t, "a", "b", "c") == [23, 15, 23]  # half is 7 (rounded down)
    assert [e.target for e in t.enc.log] == ["a", "b", "c"]  # one log line per target
    assert "JS réussi : moitié des dégâts : 7" in " ".join(t.enc.log[0].breakdown)
    assert "save failed: full damage: 15" in " ".join(t.enc.log[1].breakdown_en)
    assert t.enc.log[0].outcome == "A subit 7 dégâts (23 pv)"


def test_a_save_that_negates_another_save_and_no_save_at_all():
    t = three(js_vigueur=5)
    p = t.preview(breath(jet="vigueur", dd=12, reussite="annule"))
    assert any(line.endswith("B : JS +5 contre 12 : 70 %") for line in lines(p))
    negates = breath(jet="vigueur", dd=12, reussite="annule")
    _res, cs = t.resolve(negates, rolled((6, 6, 6), 11, 7, 20))
    t.apply(cs)
    assert pv(t, "a", "b", "c") == [12, 30, 30]  # a's 11 fails, b's 7 + 5 and c's 20 save
    t = three()
    assert t.preview(breath(jet="aucun")).more == ()
    _res, cs = t.resolve(breath(jet="aucun"), rolled((1, 2, 3)))
    t.apply(cs)
    assert pv(t, "a", "b", "c") == [24, 24, 24]


# --- cover from the origin (D35-03, D35-05, D35-07, D35-08) ---------------------------------------


def test_d35_03_cover_from_the_origin_gives_plus_2_on_reflex_on_the_grid():
    t = three()
    low_wall(t)
    reader = AreaReader(t.enc, t.ruleset)
    assert reader.cover(breath().area, "a").value == "normal"  # behind the low wall
    assert reader.cover(breath().area, "b").value == "none"  # its lines pass south of it
    p = t.preview(breath())
    shown = lines(p)
    assert any(line.endswith("A : JS +8 contre 15 : 70 %") for line in shown)
    assert "D35-03 A : Réflexes : Abri (+2) : +2" in shown
    assert any(line.endswith("B : JS +0 contre 15 : 30 %") for line in shown)
    # Fortitude and Will take no cover bonus.
    assert any(
        line.endswith("A : JS +0 contre 15 : 30 %")
        for line in lines(t.preview(breath(jet="vigueur")))
    )


def test_d35_03_no_cover_bonus_against_a_spread():
    t = three()
    low_wall(t)
    shown = lines(t.preview(breath(shape="spread")))
    assert any(line.endswith("A : JS +6 contre 15 : 60 %") for line in shown)
    assert "D35-03 A : abri : aucun bonus contre une étendue : +0" in shown


def test_d35_05_a_creature_in_the_way_is_soft_cover_plus_0():
    t = three()
    t.enc.combatants.append(fighter("ami", PJ, (4, 5)))  # between the origin and « a »
    shown = lines(t.preview(breath()))
    assert any(line.endswith("A : JS +6 contre 15 : 60 %") for line in shown)
    assert not any("Abri" in line for line in shown)


def test_d35_08_improved_cover_plus_4_and_improved_evasion():
    t = three()
    add_state(t, "a", "abri_ameliore")  # the GM's improved cover on the saver
    add_state(t, "b", "abri_ameliore")
    p = t.preview(breath())
    shown = lines(p)
    assert any(line.endswith("A : JS +10 contre 15 : 80 %") for line in shown)
    assert any("A : esquive extraordinaire" in line and "D35-08" in line for line in shown)
    # a saves: nothing (not half); b fails: half (not all); c, no cover, fails: all.
    _res, cs = t.resolve(breath(), rolled((6, 5, 4), 5, 2, 2))
    t.apply(cs)
    assert pv(t, "a", "b", "c") == [30, 23, 15]
    assert "esquive extraordinaire : aucun dégât" in " ".join(t.enc.log[0].breakdown)
    assert "improved evasion: half damage" in " ".join(t.enc.log[1].breakdown_en)


def test_d35_08_improved_evasion_leaves_a_save_that_negates_as_it_is():
    t = three()
    add_state(t, "b", "abri_ameliore")
    _res, cs = t.resolve(breath(reussite="annule"), rolled((6, 5, 4), 1, 2, 20))
    t.apply(cs)
    assert pv(t, "a", "b", "c") == [15, 15, 30]  # b fails: all of it


def test_d35_08_a_helpless_creature_has_no_improved_evasion():
    t = three()
    add_state(t, "b", "abri_ameliore")
    add_state(t, "b", "paralyse")
    _res, cs = t.resolve(breath(), rolled((6, 5, 4), 1, 2, 1))
    t.apply(cs)
    assert pv(t, "b") == [15]  # failed: all of it


def test_d35_07_total_cover_from_the_origin_is_a_notice_the_gm_keeps_or_removes_it():
    t = three()
    t.enc.map.walls = [MapWall(start=(4, 3), end=(4, 7), blocks="solid")]
    p = t.preview(breath())
    assert [n.rule for n in p.notices] == ["D35-07"]
    assert "A :" in p.notices[0].fr and "le MD le garde ou le retire" in p.notices[0].fr
    assert not any(n.blocking for n in p.notices)
    _res, cs = t.resolve(breath(caught=("b", "c")), rolled((6, 5, 4), 1, 1))
    t.apply(cs)
    assert pv(t, "a", "b", "c") == [30, 15, 15]  # removed by the GM: untouched


# --- natural 20 and 1, massive damage ------------------------------------------------------------


def test_d35_80_a_natural_20_saves_and_a_natural_1_fails():
    t = three(js_reflexes=30)  # b: +30 against 15
    p = t.preview(breath(dd=40))
    assert any(line.endswith("C : JS +0 contre 40 : 5 %") for line in lines(p))  # a 20 only
    assert any(line.endswith("B : JS +30 contre 40 : 55 %") for line in lines(p))
    _res, cs = t.resolve(breath(dd=40), rolled((6, 5, 4), 2, 1, 20))
    t.apply(cs)
    assert pv(t, "a", "b", "c") == [15, 15, 23]  # b's 31 fails on a 1, c's 20 saves
    t = three(js_reflexes=30)
    _res, cs = t.resolve(breath(), rolled((6, 5, 4), 1, 1, 1))
    t.apply(cs)
    assert pv(t, "b") == [15]  # 31 ≥ 15, but a natural 1


def test_d35_37_massive_damage_in_an_area_one_fortitude_save_per_target_after_the_saves():
    hp = {"pv": 200, "pv_max": 200}
    t = table(
        fighter("dragon", MJ, (0, 5)),
        fighter("a", PJ, (6, 5), js_vigueur=4, **hp),
        fighter("b", PJ, (6, 12), **hp),
        fighter("os", MJ, (3, 9), type_creature="mort_vivant", **hp),  # undead: immune (SRD)
    )
    big = breath(caught=("a", "b", "os"), dice="10d10")
    p = t.preview(big)
    labels = [r.label.fr for r in p.more]
    assert labels[:3] == ["JS de A", "JS de B", "JS de Os"]
    assert labels[3:] == [
        "JS de Vigueur de A (dégâts excessifs, si 50 ou plus)",
        "JS de Vigueur de B (dégâts excessifs, si 50 ou plus)",
    ]
    assert any("A : Vigueur +4 contre DD 15 si 50 dégâts ou plus : 50,0 %" in x for x in lines(p))
    # 60 damage; a fails (60: its Fortitude 11 + 4 saves), b fails (60: its 14 dies), os saves.
    dice = rolled((6,) * 10, 2, 3, 19, 11, 14)
    _res, cs = t.resolve(big, dice)
    t.apply(cs)
    assert pv(t, "a", "b", "os") == [140, 140, 170]
    states = {c: [s.key for s in t.enc.combatant(c).states] for c in ("a", "b", "os")}
    assert states == {"a": [], "b": ["mort"], "os": []}
    assert "dégâts excessifs : mort" in t.enc.log[1].outcome
    assert "survives the massive damage" in t.enc.log[0].outcome_en


def test_d35_37_below_50_no_fortitude_save_is_read():
    hp = {"pv": 200, "pv_max": 200}
    t = table(fighter("dragon", MJ, (0, 5)), fighter("a", PJ, (6, 5), **hp))
    big = breath(caught=("a",), dice="10d10")
    _res, cs = t.resolve(big, rolled((5,) * 10, 20))  # 50 halved: 25, no massive save
    t.apply(cs)
    assert pv(t, "a") == [175]
    t = table(fighter("dragon", MJ, (0, 5)), fighter("a", PJ, (6, 5), **hp))
    with pytest.raises(ActionError, match="dégâts excessifs"):
        t.resolve(big, rolled((5,) * 10, 1))  # 50 in full: its Fortitude save is missing
    assert len(t.preview(breath(caught=("a",), dice="6d8")).more) == 1  # 48 at most
    assert len(t.preview(breath(caught=("a",), dice="10d10", non_letal=True)).more) == 1
    assert len(t.preview(breath(caught=("a",), dice="10d10", massif=False)).more) == 1


def test_d35_38_nonlethal_damage_adds_to_its_own_total():
    t = three()
    _res, cs = t.resolve(breath(non_letal=True), rolled((6, 5, 4), 20, 1, 1))
    t.apply(cs)
    assert pv(t, "a", "b", "c") == [30, 30, 30]
    nonlethal = [t.enc.combatant(c).stats["degats_non_letaux"] for c in ("a", "b", "c")]
    assert nonlethal == [7, 15, 15]


# --- one undo entry, refusals, the round's budget -----------------------------------------------


def test_one_change_set_one_undo_entry_revert_restores_the_encounter():
    t = three()
    before = dump(t.enc)
    _res, cs = t.resolve(breath(), rolled((6, 6, 6), 1, 1, 1))
    t.apply(cs)
    assert pv(t, "a", "b", "c") == [12, 12, 12]
    t.revert(cs)
    assert dump(t.enc) == before


def test_a_creature_put_out_lets_go_of_its_grapple_d35_58():
    t = three()
    add_state(t, "b", "lutte")
    t.enc.combatant("c").states = [State(key="lutte", label="Lutte", source="b")]
    _res, cs = t.resolve(breath(caught=("b", "c")), rolled((6, 6, 6), 1, 1))
    t.apply(cs)
    assert pv(t, "b", "c") == [12, 12]  # both still up: the grapple holds
    t.revert(cs)
    t.enc.combatant("b").stats["pv"] = 10
    _res, cs = t.resolve(breath(caught=("b", "c")), rolled((6, 6, 6), 1, 1))
    t.apply(cs)
    assert [s.key for s in t.enc.combatant("b").states] == []
    assert [s.key for s in t.enc.combatant("c").states] == []  # let go of by the one put out


def test_refusals_change_nothing():
    t = three()
    before = dump(t.enc)
    with pytest.raises(ActionError, match="n’atteint personne"):
        t.resolve(breath(caught=()), rolled((3, 3, 3)))
    with pytest.raises(ActionError, match="save is missing"):
        t.resolve(breath(), rolled((3, 3, 3), 10))
    with pytest.raises(ActionError, match="Tracer l’aire"):
        t.resolve(Action(area.KIND, "dragon", None, {"des": "1d6"}), rolled((3,)))
    with pytest.raises(ActionError, match="absent"):
        t.resolve(breath(caught=("a", "nobody")), rolled((3, 3, 3), 10, 10))
    off = Action(
        area.KIND, "dragon", None, {}, area=AreaOf("burst", 2, (200_000, 0), caught=("a",))
    )
    with pytest.raises(ActionError, match="hors de la carte"):
        t.resolve(off, rolled((3,), 10))
    assert dump(t.enc) == before
    t.enc.map.grid = None
    with pytest.raises(ActionError, match="pas de grille"):
        t.resolve(breath(), rolled((3, 3, 3), 10, 10, 10))
    t.enc.map.grid = three().enc.map.grid
    assert dump(t.enc) == before


def test_a_breath_takes_the_standard_action_d35_09():
    t = three()
    assert budget.cost(t.ruleset, t.enc, breath()) == budget.STANDARD


# --- the bestiary's breath and the demo ----------------------------------------------------------


def _hound(cid: str, cell: tuple[int, int]) -> Combatant:
    template = next(x for x in ruleset().bestiary if x.name == "Chien infernal")
    return Combatant(
        id=cid,
        name=template.name,
        side=MJ,
        stats=dict(template.stats),
        position=Position(zone="salle", cell=cell),
    )


def test_the_bestiary_hell_hound_s_breath_gives_the_defaults():
    t = table(_hound("chien", (0, 5)), fighter("a", PJ, (2, 5), **ROGUE))
    own = t.ruleset.area_attack(t.enc, t.enc.combatant("chien"))
    assert (own.shape, own.metres, own.damage, own.save, own.dc) == (
        "cone",
        3.0,
        "2d6",
        "reflexes",
        13,
    )
    cone = AreaOf("cone", reach=2, origin=(1, 5), toward=(3, 5), caught=("a",))
    assert AreaReader(t.enc, t.ruleset).caught(cone) == ("a",)
    spec = t.ruleset.area_actions(t.enc, "chien", cone)[0]
    defaults = {f.key: f.default for f in spec.options}
    assert (defaults["des"], defaults["jet"], defaults["dd"]) == ("2d6", "reflexes", 13)
    p = t.preview(Action(area.KIND, "chien", None, {}, area=cone))
    assert str(p.dice.expr) == "2d6"
    assert any(line.endswith("A : JS +6 contre 13 : 70 %") for line in lines(p))
    assert p.more[0].label.fr == "JS de A"  # 2d6 never reaches 50: no massive save


def test_the_demo_crypt_has_a_hell_hound_on_its_grid():
    enc = load(ruleset().demo_path)
    hound = enc.combatant("chien_infernal")
    assert hound.position.cell is not None and enc.map.grid is not None
    own = ruleset().area_attack(enc, hound)
    assert (own.shape, own.metres, own.damage, own.dc) == ("cone", 3.0, "2d6", 13)
    bestiary = json.loads((ROOT / "ruleset_data" / "d20_35" / "bestiary.json").read_text("utf-8"))
    assert hound.stats == next(e["stats"] for e in bestiary if e["name"] == "Chien infernal")
