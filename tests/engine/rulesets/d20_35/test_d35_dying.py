"""d20_35 dying, stabilising, death and natural healing: TV-D35-12 (D35-49 to D35-51,
A-D35-8), the Heal check DC 15 (D35-50), the due roll at the start of a dying creature's
turn, and rest (D35-54, D35-40); each action's undo checked by apply and revert (G-4)."""

from __future__ import annotations

import pytest

from gui.engine.checks.request import DiceResult
from gui.engine.contract.values import Action, ActionError
from gui.engine.rulesets.d20_35 import sheet
from gui.engine.state.model import TurnEntry
from tests.engine.acting import take
from tests.engine.rulesets.d20_35.builders import MJ, PJ, fighter, registered, table


@pytest.fixture(autouse=True)
def _d20():
    with registered():
        yield


def wired(*combatants):
    t = table(*combatants)
    return t


def pv(t, cid):
    return sheet.stat(t.enc.combatant(cid), "pv")


def status(t, cid):
    return sheet.status(t.enc.combatant(cid))


def dying_table(hp=-3, **stats):
    return wired(
        fighter("a", PJ, (0, 0), premiers_secours=5),
        fighter("b", PJ, (1, 0), pv=hp, pv_max=20, **stats),
        fighter("c", MJ, (3, 0)),
    )


def test_tv_d35_12_d35_49_minus_3_is_dying_and_out():
    t = dying_table()
    assert status(t, "b") == "mourant" and t.ruleset.is_out(t.enc, t.enc.combatant("b"))
    kinds = {s.kind for s in t.ruleset.actions(t.enc, "b", None)}
    assert "stabilisation" in kinds
    assert "stabilisation" not in {s.kind for s in t.ruleset.actions(t.enc, "c", None)}


@pytest.mark.parametrize("roll", ["1", "10"])
def test_tv_d35_12_d35_50_d_percent_10_or_less_stabilises(roll):
    t = dying_table()
    preview = t.preview(Action("stabilisation", "b"))
    assert preview.odds == pytest.approx(0.1) and preview.target_number == 10
    r = take(t, "stabilisation", "b", faces=roll)
    assert r.success and status(t, "b") == "stable" and pv(t, "b") == -3
    assert any(x.rule == "D35-50" for x in r.terms)
    assert t.ruleset.is_out(t.enc, t.enc.combatant("b"))  # stable, still unconscious


@pytest.mark.parametrize("roll", ["11", "100"])
def test_tv_d35_12_d35_49_otherwise_minus_1_hp(roll):
    t = dying_table()
    r = take(t, "stabilisation", "b", faces=roll)
    assert not r.success and pv(t, "b") == -4 and status(t, "b") == "mourant"
    assert "−1 pv" in {x.value for x in r.terms} and "(-4 pv)" in r.outcome_fr


def test_tv_d35_12_a_d35_8_reaching_minus_10_is_death():
    t = dying_table(hp=-9)
    r = take(t, "stabilisation", "b", faces="57")
    assert pv(t, "b") == -10 and status(t, "b") == "mort"
    assert sheet.has_state(t.enc.combatant("b"), "mort")
    assert any(x.rule == "A-D35-8" for x in r.terms) and "meurt" in r.outcome_fr


def test_d35_49_stabilisation_refused_when_not_dying_unless_forced():
    t = dying_table(hp=5)
    with pytest.raises(ActionError, match="D35-49"):
        t.resolve(Action("stabilisation", "b"), DiceResult("faces", (50,)))
    r = take(t, "stabilisation", "b", faces="50", force=True)
    assert any(x.rule == "G-3" for x in r.terms)


def test_tv_d35_12_d35_50_heal_check_15_stabilises():
    t = dying_table()  # premiers_secours +5: a 10 makes 15
    preview = t.preview(Action("premiers_secours", "a", "b"))
    assert preview.target_number == 15 and preview.odds == pytest.approx(0.55)
    r = take(t, "premiers_secours", "a", "b", faces="10")
    assert r.success and status(t, "b") == "stable" and pv(t, "b") == -3
    assert any(x.rule == "D35-50" for x in r.terms)


def test_d35_50_heal_check_14_fails():
    t = dying_table()
    r = take(t, "premiers_secours", "a", "b", faces="9")
    assert not r.success and status(t, "b") == "mourant"


def test_d35_50_heal_check_on_a_creature_not_dying_is_blocked():
    t = dying_table()
    with pytest.raises(ActionError, match="D35-50"):
        t.resolve(Action("premiers_secours", "a", "c"), DiceResult("faces", (20,)))


def test_d35_50_the_due_roll_is_offered_to_the_dying_member_only():
    t = dying_table()
    entry = TurnEntry(unit="pjs", members=["a", "b"], side=PJ)
    (due,) = t.ruleset.due_rolls(t.enc, entry)
    assert (due.combatant, due.kind, due.rule) == ("b", "stabilisation", "D35-50")
    assert due.label.fr == "Stabilisation" and due.label.en
    assert t.ruleset.due_rolls(t.enc, TurnEntry(unit="c", members=["c"], side=MJ)) == []
    take(t, "stabilisation", "b", faces="40")  # still dying, but tried this turn
    assert t.ruleset.due_rolls(t.enc, entry) == []


def test_d35_50_no_due_roll_once_stable_or_dead():
    t = dying_table()
    entry = TurnEntry(unit="b", members=["b"], side=PJ)
    take(t, "premiers_secours", "a", "b", faces="20")
    assert t.ruleset.due_rolls(t.enc, entry) == []
    dead = dying_table(hp=-10)
    assert dead.ruleset.due_rolls(dead.enc, entry) == []


@pytest.mark.parametrize(("rest", "hp", "ability"), [("nuit", 4, 2), ("journee", 8, 1)])
def test_d35_54_rest_heals_per_level_and_ability_damage(rest, hp, ability):
    t = wired(fighter("a", PJ, niveau=4, pv=2, pv_max=30, dommage_force=3, dommage_sagesse=1))
    r = take(t, "repos", "a", repos=rest)
    c = t.enc.combatant("a")
    assert pv(t, "a") == 2 + hp
    assert sheet.stat(c, "dommage_force") == ability and sheet.stat(c, "dommage_sagesse") == 0
    assert all(x.rule in ("D35-54", "D35-40") for x in r.terms)


def test_d35_54_rest_never_above_maximum_hp():
    t = wired(fighter("a", PJ, niveau=10, pv=25, pv_max=30))
    take(t, "repos", "a", repos="journee")
    assert pv(t, "a") == 30


def test_tv_d35_08_d35_40_nonlethal_heals_1_per_hour_per_level():
    t = wired(fighter("a", PJ, niveau=4, pv=20, pv_max=20, degats_non_letaux=13))
    take(t, "repos", "a", repos="aucun", heures=1)
    assert sheet.stat(t.enc.combatant("a"), "degats_non_letaux") == 9  # 4 per hour
    take(t, "repos", "a", repos="aucun", heures=5)
    assert sheet.stat(t.enc.combatant("a"), "degats_non_letaux") == 0


def test_d35_50_healing_a_stable_creature_back_to_0_clears_dying():
    t = dying_table(hp=-3, niveau=2)
    take(t, "premiers_secours", "a", "b", faces="20")
    take(t, "repos", "b", repos="journee")  # +4
    assert pv(t, "b") == 1 and status(t, "b") == "normal"
    assert not sheet.has_state(t.enc.combatant("b"), "stable")


def test_d35_51_the_dead_do_not_rest():
    t = dying_table(hp=-12)
    with pytest.raises(ActionError, match="D35-51"):
        t.resolve(Action("repos", "b"), DiceResult("none"))


@pytest.mark.parametrize(("hp", "expected"), [(1, "normal"), (0, "mort"), (-3, "mort")])
def test_an_undead_is_destroyed_at_0_hp_and_never_dying(hp, expected):
    t = dying_table(hp, type_creature="mort_vivant")
    assert status(t, "b") == expected
    assert "stabilisation" not in {s.kind for s in t.ruleset.actions(t.enc, "b", None)}


# Stable with help (D35-52) and without (D35-53, A-D35-9): recovery.py --------------------


def has(t, cid, key):
    return sheet.has_state(t.enc.combatant(cid), key)


def self_stable(hp=-3, **stats):
    """Stabilised by its own d% (D35-50): stable without help (D35-53)."""
    t = dying_table(hp, **stats)
    take(t, "stabilisation", "b", faces="5")
    return t


def helped_stable(hp=-3, **stats):
    """Stabilised by first aid (D35-50): stable with help (D35-52)."""
    t = dying_table(hp, **stats)
    take(t, "premiers_secours", "a", "b", faces="20")
    return t


def recovery_spec(t):
    return next((s for s in t.ruleset.actions(t.enc, "b", None) if s.kind == "recuperation"), None)


def test_d35_53_its_own_d_percent_leaves_it_stable_without_help():
    t = self_stable()
    assert has(t, "b", "stable") and has(t, "b", "sans_assistance")
    assert recovery_spec(t).rule == "D35-53" and recovery_spec(t).label.fr.endswith("(1 heure)")


def test_d35_52_first_aid_leaves_it_stable_with_help():
    t = helped_stable()
    assert has(t, "b", "stable") and not has(t, "b", "sans_assistance")
    assert recovery_spec(t).rule == "D35-52"


def test_d35_52_with_help_each_hour_10_percent_to_wake_and_no_hp_lost():
    t = helped_stable()
    preview = t.preview(Action("recuperation", "b"))
    assert preview.odds == pytest.approx(0.1) and preview.target_number == 10
    assert {x.rule for x in preview.terms} == {"D35-52"}
    r = take(t, "recuperation", "b", faces="11")
    assert not r.success and pv(t, "b") == -3 and status(t, "b") == "stable"
    r = take(t, "recuperation", "b", faces="10")
    assert r.success and has(t, "b", "conscient") and pv(t, "b") == -3
    assert status(t, "b") == "hors_de_combat"  # conscious, disabled: it acts again
    assert t.ruleset.cannot_act(t.enc, t.enc.combatant("b")) is None
    assert recovery_spec(t) is None  # with help: nothing more to roll, it heals by rest


def test_d35_52_with_help_it_heals_at_the_normal_rate():
    t = helped_stable(niveau=2)
    take(t, "repos", "b", repos="nuit")
    assert pv(t, "b") == -1


def test_d35_53_without_help_each_hour_loses_1_hp_unless_it_wakes():
    t = self_stable()
    r = take(t, "recuperation", "b", faces="57")
    assert not r.success and pv(t, "b") == -4 and status(t, "b") == "stable"
    assert "−1 pv" in {x.value for x in r.terms}
    take(t, "recuperation", "b", faces="3")
    assert has(t, "b", "conscient") and pv(t, "b") == -4 and has(t, "b", "sans_assistance")


def test_d35_53_a_d35_8_without_help_the_hour_at_minus_9_kills():
    t = self_stable(hp=-8)  # the stabilising d% is its own: −8 stays −8
    take(t, "recuperation", "b", faces="90")
    r = take(t, "recuperation", "b", faces="90")
    assert pv(t, "b") == -10 and status(t, "b") == "mort" and "meurt" in r.outcome_fr
    assert not has(t, "b", "stable") and not has(t, "b", "sans_assistance")


def conscious_unassisted(hp=-3, **stats):
    t = self_stable(hp, **stats)
    take(t, "recuperation", "b", faces="1")
    return t


def test_d35_53_conscious_without_help_rolls_by_the_day_and_heals_no_hp_until_then():
    t = conscious_unassisted(niveau=2)
    spec = recovery_spec(t)
    assert spec.rule == "D35-53" and spec.label.en == "Recovery (1 day)"
    assert [o.key for o in spec.options] == ["rechute"]
    r = take(t, "repos", "b", repos="nuit")
    assert pv(t, "b") == -3 and any(x.rule == "D35-53" for x in r.terms)
    r = take(t, "recuperation", "b", faces="7")
    assert r.success and not has(t, "b", "sans_assistance") and pv(t, "b") == -3
    take(t, "repos", "b", repos="nuit")
    assert pv(t, "b") == -1  # healing naturally now (D35-54)


def test_a_d35_9_a_failed_day_is_minus_1_hp_and_a_relapse_into_dying():
    t = conscious_unassisted()
    r = take(t, "recuperation", "b", faces="50")
    assert pv(t, "b") == -4 and status(t, "b") == "mourant"  # D35-49 again: its d% each turn
    assert any(x.rule == "A-D35-9" for x in r.terms) and "rechute" in r.outcome_fr


def test_a_d35_9_the_gm_may_refuse_the_relapse():
    t = conscious_unassisted()
    take(t, "recuperation", "b", faces="50", rechute=False)
    assert pv(t, "b") == -4 and status(t, "b") == "hors_de_combat"
    assert has(t, "b", "sans_assistance")  # still not healing naturally


def test_d35_52_first_aid_on_one_stable_without_help_gives_it_help():
    t = self_stable()
    r = take(t, "premiers_secours", "a", "b", faces="12")
    assert r.success and not has(t, "b", "sans_assistance") and has(t, "b", "stable")
    assert recovery_spec(t).rule == "D35-52"


def test_d35_52_d35_53_no_recovery_roll_while_dying_healthy_or_dead():
    for t in (dying_table(), dying_table(hp=5), dying_table(hp=-12)):
        assert recovery_spec(t) is None
        with pytest.raises(ActionError, match="D35-52"):
            t.resolve(Action("recuperation", "b"), DiceResult("faces", (5,)))
