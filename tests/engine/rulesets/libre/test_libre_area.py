"""libre's area of effect, LIB-09 (issue 37): one damage roll for every creature caught, each
its own save against the number set (half or none on a success), one log line per target,
one ChangeSet — one undo entry — for the whole area; refusals change nothing."""

import pytest

from gui.engine.checks.request import DiceResult
from gui.engine.contract.values import Action, ActionError, AreaOf
from gui.engine.play.table import Table
from gui.engine.state.model import Grid, Map
from tests.engine.builders import fighter, libre_encounter

CAUGHT = ("g1", "g2", "g3")


def table() -> Table:
    gobs = [fighter(g, "b", pv=20, pv_max=20) for g in CAUGHT]
    return Table(libre_encounter(fighter("mage", "a"), *gobs, fighter("ally", "a")))


def breath(save: int = 12, success: str = "moitie", caught=CAUGHT) -> Action:
    area = AreaOf("zone", zone="z1", caught=caught)
    options = {"des": "2d6", "sauvegarde": save, "reussite": success}
    return Action("area", "mage", None, options, area=area)


def saves(*faces: int) -> tuple[DiceResult, ...]:
    return tuple(DiceResult("faces", (f,)) for f in faces)


def test_lib09_is_offered_only_for_an_area_drawn():
    t = table()
    kinds = [s.kind for s in t.ruleset.actions(t.enc, "mage", "g1")]
    assert "area" not in kinds
    area = AreaOf("zone", zone="z1", caught=CAUGHT)
    assert [s.kind for s in t.ruleset.area_actions(t.enc, "mage", area)] == ["area"]


def test_lib09_preview_one_damage_roll_then_each_save_with_its_exact_odds():
    t = table()
    p = t.preview(breath())
    assert str(p.dice.expr) == "2d6"
    assert [r.label.fr for r in p.more] == ["JS de G1", "JS de G2", "JS de G3"]
    lines = [str(term) for term in p.terms]
    assert any("G2 : JS +0 contre 12" in line and "45 %" in line for line in lines)  # 9/20


def test_lib09_one_roll_for_all_each_save_halves_and_one_undo_entry():
    t = table()
    before = t.enc
    dice = DiceResult("faces", (6, 5), then=saves(15, 3, 12))  # 11 damage
    res, cs = t.resolve(breath(), dice)
    t.apply(cs)
    pv = {c.id: c.stats["pv"] for c in t.enc.combatants}
    assert pv == {"mage": 10, "g1": 15, "g2": 9, "g3": 15, "ally": 10}  # half is 5
    assert [e.target for e in t.enc.log[-3:]] == list(CAUGHT)  # one log line per target
    assert "moitié" in " ".join(t.enc.log[-3].breakdown)
    assert {e.action for e in t.enc.log[-3:]} == {"Aire d’effet : zone Z1"}
    assert {e.action_en for e in t.enc.log[-3:]} == {"Area of effect: zone Z1"}
    assert res.amounts["damage"] == 11
    t.revert(cs)  # the whole area is one change set: one undo entry
    assert t.enc == before


def test_lib09_a_save_that_negates_and_no_save_at_all():
    t = table()
    _res, cs = t.resolve(
        breath(success="annule"), DiceResult("faces", (6, 6), then=saves(20, 1, 1))
    )
    t.apply(cs)
    assert [t.enc.combatant(g).stats["pv"] for g in CAUGHT] == [20, 8, 8]
    t.revert(cs)
    p = t.preview(breath(save=0))
    assert p.more == ()
    _res, cs = t.resolve(breath(save=0), DiceResult("faces", (1, 2)))
    t.apply(cs)
    assert [t.enc.combatant(g).stats["pv"] for g in CAUGHT] == [17, 17, 17]


def test_lib09_the_gm_removes_a_creature_from_the_area():
    t = table()
    _res, cs = t.resolve(breath(save=0, caught=("g1", "g3")), DiceResult("faces", (3, 3)))
    t.apply(cs)
    assert [t.enc.combatant(g).stats["pv"] for g in CAUGHT] == [14, 20, 14]


def test_lib09_refusals_change_nothing():
    t = table()
    before = t.enc
    with pytest.raises(ActionError, match="n’atteint personne"):
        t.resolve(breath(caught=()), DiceResult("faces", (3, 3)))
    with pytest.raises(ActionError, match="save is missing"):
        t.resolve(breath(), DiceResult("faces", (3, 3), then=saves(4)))
    with pytest.raises(ActionError, match="zone absente"):
        area = AreaOf("zone", zone="nowhere", caught=CAUGHT)
        t.resolve(
            Action("area", "mage", None, {"des": "1d6"}, area=area), DiceResult("faces", (3,))
        )
    with pytest.raises(ActionError, match="Tracer l’aire"):
        t.resolve(Action("area", "mage", None, {"des": "1d6"}), DiceResult("faces", (3,)))
    assert t.enc == before


def test_lib09_a_creature_s_own_area_attack_gives_the_damage_and_the_save():
    t = table()
    dragon = t.enc.combatant("mage").replace(
        stats={
            **t.enc.combatant("mage").stats,
            "aire_forme": "cone",
            "aire_taille_m": 9.0,
            "aire_degats": "4d6",
            "aire_dd": 14,
        }
    )
    t.enc.combatants[0] = dragon
    attack = t.ruleset.area_attack(t.enc, dragon)
    assert (attack.shape, attack.metres, attack.damage, attack.dc) == ("cone", 9.0, "4d6", 14)
    area = AreaOf("zone", zone="z1", caught=CAUGHT)
    p = t.preview(Action("area", "mage", None, {}, area=area))
    assert str(p.dice.expr) == "4d6"
    assert any("contre 14" in str(term) for term in p.terms)
    assert t.ruleset.area_attack(t.enc, t.enc.combatant("g1")) is None


def test_lib09_an_origin_off_the_map_or_no_grid_is_refused():
    t = table()
    far = AreaOf("burst", reach=4, origin=(10**6, 0), caught=CAUGHT)
    with pytest.raises(ActionError, match="pas de grille"):  # a zone map: no squares
        t.resolve(Action("area", "mage", None, {"des": "1d6"}, area=far), DiceResult("faces", (3,)))
    gridded = Table(t.enc.replace(map=Map(grid=Grid())))
    with pytest.raises(ActionError, match="hors de la carte"):
        gridded.resolve(
            Action("area", "mage", None, {"des": "1d6"}, area=far), DiceResult("faces", (3,))
        )
    with pytest.raises(ActionError, match="Forme d’aire inconnue"):
        odd = AreaOf("hexagon", reach=4, origin=(0, 0), caught=CAUGHT)
        gridded.resolve(
            Action("area", "mage", None, {"des": "1d6"}, area=odd), DiceResult("faces", (3,))
        )
