"""d20_35 turn undead: TV-D35-15 (D35-69 to D35-73, A-D35-15) — uses per day, the highest
HD by the turning check and the SRD's table (or the GM's), turning damage spent from the
nearest undead within 18 m, destroyed at cleric level ≥ 2 × HD, turned for 10 rounds, an
evil cleric's undead cower (+2 to their attackers); each action's undo checked by apply and
revert (G-4)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gui.engine.checks.request import DiceResult
from gui.engine.contract.values import Action, ActionError
from gui.engine.rulesets.d20_35 import sheet, turning
from gui.engine.rulesets.d20_35.undead import table_hd
from gui.engine.state.model import Position
from tests.engine import acting
from tests.engine.rulesets.d20_35.builders import MJ, PJ, fighter, registered, table


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
    assert any(x.rule == "CFG-D35-1" for x in preview.terms)  # the SRD's table, by default
    assert len(preview.more) == 1  # the turning check, rolled after the 2d6
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
    r = take(t, "pretre", 7, force=True, dv_max=6)
    assert any(x.rule == "G-3" for x in r.terms)
    assert sheet.stat(t.enc.combatant("pretre"), "renvois_utilises") == 6


# --- Dispelling turning (D35-74) and bolstering undead (D35-75, CFG-D35-15) ------------------


def rival_clerics(**evil):
    """A level-4 good cleric (PJ, Cha 14) who turned a 3-HD and a 4-HD undead (noting a turning
    check of 15), and a level-6 evil cleric (MJ, Cha 14: +2) next to them."""
    good = fighter("bon", PJ, (0, 0), niveau=4, niveau_pretre=4, charisme=14, pretre="bon")
    base = {"niveau": 6, "niveau_pretre": 6, "charisme": 14, "pretre": "mauvais"}
    t = wired(
        good,
        fighter("mechant", MJ, (3, 1), **(base | evil)),
        undead("goule", 3, (2, 0)),
        undead("blafard", 4, (4, 0)),
    )
    take(t, "bon", 7, dv_max=6, test=15)  # 7 + 4 + 2 = 13 HD: both turned
    assert state(t, "goule", "renvoye").value == 15 and state(t, "blafard", "renvoye")
    return t


def dispel(t, check, damage=None, **options):
    then = (damage,) if damage is not None else ()
    opts = {"usage": "dissiper", "rival": "bon"} | options
    return acting.take(t, "renvoi", "mechant", faces=check, then=then, **opts)


def test_d35_74_only_an_evil_cleric_has_the_dispel_and_bolster_uses():
    t = rival_clerics()
    good = next(s for s in t.ruleset.actions(t.enc, "bon", None) if s.kind == "renvoi")
    assert "usage" not in {o.key for o in good.options}
    evil = next(s for s in t.ruleset.actions(t.enc, "mechant", None) if s.kind == "renvoi")
    usage = next(o for o in evil.options if o.key == "usage")
    assert [c.value for c in usage.choices] == ["intimider", "dissiper", "renforcer"]
    rival = next(o for o in evil.options if o.key == "rival")
    assert [c.value for c in rival.choices] == ["bon"]  # the source of the turned undead
    with pytest.raises(ActionError):
        t.preview(Action("renvoi", "bon", None, {"usage": "dissiper"}))


def test_d35_74_must_beat_the_noted_turning_check_then_frees_the_turning_damage_in_hd():
    t = rival_clerics()
    p = t.preview(Action("renvoi", "mechant", None, {"usage": "dissiper", "rival": "bon"}))
    assert p.target_number == 15 and p.odds == Fraction(8, 20)  # d20 + 2 ≥ 15
    assert len(p.more) == 1 and p.more[0].expr.count == 2  # then 2d6
    r = dispel(t, "13", "1 1")  # 15 meets 15; 2 + 6 + 2 = 10 HD
    assert r.success is True and r.amounts["freeing"] == 10 and r.amounts["freed"] == 2
    for cid in ("goule", "blafard"):
        assert state(t, cid, "renvoye") is None
    assert sheet.stat(t.enc.combatant("mechant"), "renvois_utilises") == 1  # D35-69
    assert {"D35-74", "D35-71", "A-D35-15"} <= {x.rule for x in r.terms}


def test_d35_74_the_damage_frees_the_nearest_within_the_hd_left():
    t = rival_clerics(niveau_pretre=1, charisme=10)
    r = dispel(t, "20", "1 1")  # 2 + 1 + 0 = 3 HD: the 3-HD goule, not the 4-HD one
    assert r.amounts["freed"] == 1
    assert state(t, "goule", "renvoye") is None
    assert state(t, "blafard", "renvoye").source == "bon"


def test_d35_74_a_check_below_the_good_cleric_s_fails_and_spends_the_use():
    t = rival_clerics()
    r = dispel(t, "12")  # 14 < 15: no damage roll needed
    assert r.success is False and "15" in r.outcome_fr
    assert state(t, "goule", "renvoye") and state(t, "blafard", "renvoye")
    assert sheet.stat(t.enc.combatant("mechant"), "renvois_utilises") == 1


def test_d35_74_the_gm_types_the_check_when_none_was_noted():
    t = rival_clerics()
    p = t.preview(
        Action("renvoi", "mechant", None, {"usage": "dissiper", "rival": "bon", "test_rival": 20})
    )
    assert p.target_number == 20
    for cid in ("goule", "blafard"):
        t.enc.combatant(cid).states = [s.replace(value=None) for s in t.enc.combatant(cid).states]
    p = t.preview(Action("renvoi", "mechant", None, {"usage": "dissiper", "rival": "bon"}))
    assert [n.rule for n in p.notices if n.blocking] == ["D35-74"]


def test_d35_74_nothing_to_dispel_is_refused():
    t = wired(
        cleric(pretre="mauvais"),
        undead("goule", 3, (2, 0)),
    )
    p = t.preview(Action("renvoi", "pretre", None, {"usage": "dissiper"}))
    assert [n.rule for n in p.notices if n.blocking] == ["D35-74"]


def bolstering(flag=None):
    """A level-6 evil cleric (MJ, Intimidate +8, Cha 14) with a 3-HD undead of its side, a
    20-HD one of its side, and a 3-HD undead of the other side."""
    base = {"niveau": 6, "niveau_pretre": 6, "charisme": 14, "pretre": "mauvais"}
    t = wired(
        fighter("mechant", MJ, (0, 0), intimidation=8, **base),
        undead("goule", 3, (2, 0)),
        undead("liche", 20, (3, 0)),
        fighter("autre", PJ, (4, 0), type_creature="mort_vivant", dv=3),
    )
    if flag is not None:
        t.enc.flags["CFG-D35-15"] = flag
    return t


def bolster(t, face):
    return acting.take(t, "renvoi", "mechant", faces=face, usage="renforcer")


def test_d35_75_cfg_d35_15_intimidate_result_is_the_virtual_hd_for_1_minute():
    t = bolstering()
    p = t.preview(Action("renvoi", "mechant", None, {"usage": "renforcer"}))
    assert any(x.rule == "D35-75" and x.value == 8 for x in p.terms)  # Intimidate
    assert any(x.rule == "CFG-D35-15" for x in p.terms)
    r = bolster(t, "10")  # 18
    assert r.amounts == {"total": 18, "bolstered": 1}
    raised = state(t, "goule", "renforce")
    assert raised.value == 18 and raised.source == "mechant"
    assert raised.expiry.at == "rounds" and raised.expiry.rounds == 10
    assert state(t, "liche", "renforce") is None  # 18 ≤ 20 HD: no effect
    assert state(t, "autre", "renforce") is None  # not of its side
    assert sheet.stat(t.enc.combatant("mechant"), "renvois_utilises") == 0  # a skill check


def test_cfg_d35_15_test_de_renvoi_uses_the_turning_check_and_a_use():
    t = bolstering("test_de_renvoi")
    r = bolster(t, "10")  # 10 + Cha 2
    assert r.amounts["total"] == 12 and state(t, "goule", "renforce").value == 12
    assert sheet.stat(t.enc.combatant("mechant"), "renvois_utilises") == 1
    assert any(x.rule == "A-D35-15" for x in r.terms)


def test_d35_75_turning_reads_the_virtual_hd():
    t = bolstering()
    bolster(t, "10")  # the goule counts 18 HD
    t.enc.combatants.append(
        cleric(pretre="bon").replace(position=Position(zone="salle", cell=(1, 1)))
    )
    r = take(t, "pretre", 12, dv_max=20)  # 12 + 6 + 2 = 20 HD
    assert state(t, "goule", "renvoye") is not None  # 18 ≤ 20: turned, not destroyed
    assert sheet.status(t.enc.combatant("goule")) == "normal"  # 6 < 2 × 18
    assert any(x.rule == "D35-75" and x.value == "18" for x in r.terms)
    assert state(t, "autre", "renvoye") is None  # 20 − 18 = 2 HD left < 3


@pytest.mark.parametrize(
    ("check", "hd_max"),
    [(0, 2), (1, 3), (9, 5), (10, 6), (12, 6), (13, 7), (21, 9), (22, 10), (30, 10)],
)
def test_d35_70_the_srd_table_gives_the_highest_hd_from_the_check(check, hd_max):
    assert table_hd(6, check) == hd_max


def test_d35_70_by_default_the_check_is_rolled_and_the_table_read():
    t = graveyard()  # level 6, Cha +2: a check of 5 + 2 = 7 → level − 1 = 5 HD at most
    r = acting.take(t, "renvoi", "pretre", agg=7, then=("5",))
    assert ("test de renvoi", 7) in {(x.label, x.value) for x in r.terms}
    assert ("DV maximum affectés (table du SRD)", 5) in {(x.label, x.value) for x in r.terms}
    assert state(t, "goule", "mort") is not None  # 3 HD, level 6 ≥ 2 × 3: destroyed
    assert state(t, "blafard", "renvoye").value == 7  # noted for a dispel (D35-74)
