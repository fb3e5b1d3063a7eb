"""d20_35 turn undead: TV-D35-15 (D35-69 to D35-73, A-D35-15) — uses per day, the highest
HD the GM types from the check's missing table, turning damage spent from the nearest undead
within 18 m, destroyed at cleric level ≥ 2 × HD, turned for 10 rounds, an evil cleric's undead
cower (+2 to their attackers); each action's undo checked by apply and revert (G-4)."""

from __future__ import annotations

import pytest

from gui.engine.model import Position
from gui.engine.rulesets.base import Action, ActionError, DiceResult
from gui.engine.rulesets.d20_35 import sheet, turning

from . import acting
from .d35_builders import MJ, PJ, fighter, registered, table


@pytest.fixture(autouse=True)
def _d20():
    with registered():
        yield


def cleric(pretre="bon", **stats):
    base = {"niveau": 6, "niveau_pretre": 6, "charisme": 14, "pretre": pretre}
    return fighter("pretre", PJ, (0, 0), **(base | stats))


def undead(cid, hd, cell):
    return fighter(cid, MJ, cell, type_creature="mort_vivant", dv=hd, niveau=hd)


def wired(*combatants):
    t = table(*combatants)
    return t


def take(t, actor, roll, force=False, **options):
    """Turning with a 2d6 total of `roll`, undo checked (G-4); its resolution."""
    return acting.take(t, "renvoi", actor, force=force, agg=roll, **options)


def state(t, cid, key):
    return next((s for s in t.enc.combatant(cid).states if s.key == key), None)


def graveyard(**stats):
    """A level-6 cleric, Cha 14 (+2); a 3-HD undead 3 m away, a 4-HD one 6 m away."""
    return wired(cleric(**stats), undead("goule", 3, (2, 0)), undead("blafard", 4, (4, 0)))


def test_tv_d35_15_d35_69_five_uses_per_day():
    t = graveyard()
    assert turning.uses_per_day(t.enc.combatant("pretre")) == 5
    preview = t.preview(Action("renvoi", "pretre"))
    assert any(x.rule == "D35-69" and x.value == 5 for x in preview.terms)
    assert any(x.rule == "D35-70" for x in preview.terms)  # the table is not in the excerpt
    assert not preview.notices


def test_d35_69_only_a_cleric_turns():
    t = wired(cleric(pretre="aucun"), undead("goule", 3, (2, 0)))
    assert "renvoi" not in {s.kind for s in t.ruleset.actions(t.enc, "pretre", None)}
    assert "renvoi" in {
        s.kind for s in graveyard().ruleset.actions(graveyard().enc, "pretre", None)
    }


def test_tv_d35_15_d35_71_d35_73_roll_7_turns_15_hd_destroys_3_turns_4():
    t = graveyard()
    r = take(t, "pretre", 7, dv_max=6)
    assert r.amounts["total"] == 15  # 7 + level 6 + Cha 2
    assert sheet.status(t.enc.combatant("goule")) == "mort"  # 6 ≥ 2 × 3
    turned = state(t, "blafard", "renvoye")
    assert turned is not None and turned.expiry.at == "rounds" and turned.expiry.rounds == 10
    assert sheet.status(t.enc.combatant("blafard")) == "normal"  # 6 < 2 × 4
    assert sheet.stat(t.enc.combatant("pretre"), "renvois_utilises") == 1
    assert "Goule" in r.outcome_fr and "Blafard" in r.outcome_en
    rules = {x.rule for x in r.terms}
    assert {"D35-69", "D35-70", "D35-71", "D35-72", "D35-73"} <= rules


def test_tv_d35_15_d35_72_cowering_undead_give_attackers_plus_2():
    t = graveyard(pretre="mauvais")
    r = take(t, "pretre", 7, dv_max=6)
    assert state(t, "goule", "recroqueville") and state(t, "blafard", "recroqueville")
    assert sheet.status(t.enc.combatant("goule")) != "mort"  # rebuked, not destroyed
    assert "recroquevillés" in r.outcome_fr
    hit = t.preview(Action("attaquer", "pretre", "goule", {"arme": "0"}))
    assert any(x.rule == "D35-72" and x.value == 2 for x in hit.terms)


def test_d35_72_turned_undead_that_cannot_flee_cower():
    t = graveyard()
    take(t, "pretre", 7, dv_max=6, accules=True)
    assert state(t, "blafard", "renvoye") and state(t, "blafard", "recroqueville")


def test_d35_71_damage_spent_from_the_nearest_within_the_hd_left():
    t = wired(
        cleric(niveau_pretre=1, charisme=10),
        undead("loin", 2, (6, 0)),
        undead("pres", 3, (1, 0)),
        undead("milieu", 2, (3, 0)),
    )
    r = take(t, "pretre", 4, dv_max=5)  # 4 + 1 + 0 = 5 HD: 3 nearest, then 2
    assert state(t, "pres", "renvoye") and state(t, "milieu", "renvoye")
    assert state(t, "loin", "renvoye") is None
    assert r.amounts["turned"] == 2


def test_d35_70_hd_above_the_highest_affected_are_skipped():
    t = graveyard()
    take(t, "pretre", 12, dv_max=3)
    assert sheet.status(t.enc.combatant("goule")) == "mort"
    assert state(t, "blafard", "renvoye") is None


def test_d35_69_beyond_18_m_is_out_of_range():
    t = wired(cleric(), undead("goule", 3, (12, 0)), undead("spectre", 3, (13, 0)))
    take(t, "pretre", 12, dv_max=6)  # 12 squares = 18 m: in; 13 = 19,5 m: out
    assert sheet.status(t.enc.combatant("goule")) == "mort"
    assert sheet.status(t.enc.combatant("spectre")) == "normal"


def test_d35_69_without_a_grid_the_same_zone():
    t = wired(cleric(), undead("goule", 3, (2, 0)), undead("ailleurs", 3, (3, 0)))
    t.enc.map.grid = None
    t.enc.combatant("ailleurs").position = Position(zone=None)
    take(t, "pretre", 12, dv_max=6)
    assert sheet.status(t.enc.combatant("goule")) == "mort"
    assert sheet.status(t.enc.combatant("ailleurs")) == "normal"


def test_d35_69_blocked_when_the_uses_are_spent_unless_forced():
    t = graveyard(renvois_utilises=5)
    assert t.preview(Action("renvoi", "pretre")).notices[0].blocking
    with pytest.raises(ActionError, match="D35-69"):
        t.resolve(Action("renvoi", "pretre"), DiceResult("aggregate", (), 7))
    r = take(t, "pretre", 7, force=True)
    assert any(x.rule == "G-3" for x in r.terms)
    assert sheet.stat(t.enc.combatant("pretre"), "renvois_utilises") == 6
