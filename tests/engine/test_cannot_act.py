"""Issue 32 (deliver 4): a creature that cannot act (Ruleset.cannot_act) is offered no action
but the rolls its state makes it take; the Table shows why in the preview, refuses the action,
and takes it when the GM forces it (G-3), with a log line that says so. Each ruleset answers:
d20_35 (D35-38, D35-49 to D35-53, D35-72), libre (LIB-05, LIB-06), attention_donjon (AD-20),
conteur (A-CON-2), reserve_menace (RM-39, RM-48), douaratil (A-DOU-8, G-6)."""

from __future__ import annotations

import pytest

from gui.engine.checks.request import DiceResult
from gui.engine.contract.values import Action, ActionError
from gui.engine.state.model import State
from tests.engine.acting import take
from tests.engine.builders import fighter as libre_fighter
from tests.engine.builders import libre_encounter
from tests.engine.rulesets.attention_donjon import builders as ad_builders
from tests.engine.rulesets.conteur import builders as con_builders
from tests.engine.rulesets.d20_35.builders import MJ, PJ, fighter, registered, table
from tests.engine.rulesets.douaratil import builders as dou_builders
from tests.engine.rulesets.reserve_menace import builders as rm_builders


@pytest.fixture
def d20():
    with registered():
        yield


def dying(hp=-3, **states):
    t = table(
        fighter("a", PJ, (0, 0), premiers_secours=5),
        fighter("b", PJ, (1, 0), pv=hp, pv_max=20),
        fighter("c", MJ, (2, 0)),
    )
    b = t.enc.combatant("b")
    b.name = "Aldric"
    b.states = [State(key=k, label=k) for k in states]
    return t


def kinds(t, actor, target=None):
    specs, why = t.ruleset.offered_actions(t.enc, actor, target)
    return {s.kind for s in specs}, why


@pytest.mark.usefixtures("d20")
def test_d35_49_a_dying_creature_is_offered_only_its_own_roll_and_told_why():
    t = dying()
    offered, why = kinds(t, "b", "c")
    assert offered == {"stabilisation", "repos"}  # D35-50's d%, D35-54's rest
    assert (why.rule, why.blocking) == ("D35-49", True)
    assert why.fr == "Aldric est mourant : il ne peut pas agir"
    assert why.en == "Aldric is dying and cannot act"
    every = {s.kind for s in t.ruleset.actions(t.enc, "b", "c")}
    assert "attaquer" in every and "attaquer" not in offered  # listed under « Forcer »
    able, none = kinds(t, "a", "c")
    assert none is None and "attaquer" in able


@pytest.mark.usefixtures("d20")
@pytest.mark.parametrize(
    ("hp", "states", "rule", "words"),
    [
        (-3, (), "D35-49", "est mourant"),
        (-3, ("stable",), "D35-52", "est stabilisé mais inconscient"),
        (5, ("inconscient",), "D35-38", "est inconscient"),
        (-10, (), "D35-51", "est mort"),
        (5, ("recroqueville",), "D35-72", "est recroquevillé (hors extrait, SRD)"),
    ],
)
def test_d35_who_cannot_act_and_the_rule_that_says_so(hp, states, rule, words):
    t = dying(hp, **dict.fromkeys(states))
    why = t.ruleset.cannot_act(t.enc, t.enc.combatant("b"))
    assert why.rule == rule and why.fr == f"Aldric {words} : il ne peut pas agir"


@pytest.mark.usefixtures("d20")
@pytest.mark.parametrize(("hp", "states"), [(5, ()), (0, ()), (-3, ("stable", "conscient"))])
def test_d35_48_disabled_or_conscious_again_still_acts(hp, states):
    t = dying(hp, **dict.fromkeys(states))
    assert t.ruleset.cannot_act(t.enc, t.enc.combatant("b")) is None
    assert "attaquer" in kinds(t, "b", "c")[0]


@pytest.mark.usefixtures("d20")
def test_the_table_shows_why_refuses_and_logs_a_forced_action():
    t = dying()
    attack = Action("attaquer", "b", "c")
    preview = t.preview(attack)
    assert any(n.blocking and n.rule == "D35-49" for n in preview.notices)
    with pytest.raises(ActionError, match="mourant : il ne peut pas agir"):
        t.resolve(attack, DiceResult("faces", (15,)))
    log = len(t.enc.log)
    r = take(t, "attaquer", "b", "c", faces="15", force=True, then=("10",))
    assert r.action.overrides == {"passer_outre": True}
    forced = [e for e in t.enc.log[log:] if e.action == "Action forcée par le MJ"]
    assert [e.outcome for e in forced] == ["D35-49 Aldric est mourant : il ne peut pas agir"]
    assert forced[0].outcome_en == "D35-49 Aldric is dying and cannot act"
    assert forced[0].action_en == "Action forced by the GM"


@pytest.mark.usefixtures("d20")
def test_its_own_roll_is_neither_refused_nor_logged_as_forced():
    t = dying()
    preview = t.preview(Action("stabilisation", "b"))
    assert not any(n.rule == "D35-49" and "agir" in n.fr for n in preview.notices)
    take(t, "stabilisation", "b", faces="50")
    assert not [e for e in t.enc.log if e.action == "Action forcée par le MJ"]


@pytest.mark.usefixtures("d20")
def test_an_action_taken_in_a_reaction_window_is_left_to_the_window_s_offers():
    t = dying()
    action = Action("attaquer", "b", "c", window="w1")
    assert t.ruleset.unable_notice(t.enc, action) is None


def test_lib_05_lib_06_libre_out_of_the_fight_or_unconscious():
    from gui.engine.play.table import Table

    t = Table(
        libre_encounter(
            libre_fighter("hero", "a", pv=0),
            libre_fighter("b1", "b", pv=5),
            libre_fighter("b2", "b", pv=5),
        )
    )
    offered, why = kinds(t, "hero", "b1")
    assert offered == set() and why.rule == "LIB-05"
    assert why.fr == "Hero est hors de combat : il ne peut pas agir"
    t.enc.combatant("b1").states = [State(key="inconscient", label="Inconscient")]
    assert kinds(t, "b1", "hero")[1].rule == "LIB-06"
    assert kinds(t, "b2", "hero")[1] is None


def test_ad_20_a_dead_figurine_cannot_act():
    t = ad_builders.table(ad_builders.figure("f1"), ad_builders.enemy("f2"))
    assert kinds(t, "f1", "f2")[1] is None
    t.enc.combatant("f1").states = [State(key="mort", label="Mort")]
    offered, why = kinds(t, "f1", "f2")
    assert offered == set() and (why.rule, why.en) == ("AD-20", "F1 is dead and cannot act")


def test_a_con_2_conteur_out_of_the_fight_keeps_only_its_soak():
    t = con_builders.table(con_builders.fighter("x"), con_builders.fighter("y"))
    assert kinds(t, "x", "y")[1] is None
    t.enc.combatant("x").states = [State(key="hors_combat", label="Hors de combat")]
    offered, why = kinds(t, "x", "y")
    assert why.rule == "A-CON-2" and offered <= {"absorber"}
    assert t.ruleset.acts_while_unable("absorber")


def test_rm_39_reserve_menace_terrasse_cannot_act_but_absorbs_and_interrupts():
    t = rm_builders.table(rm_builders.encounter(rm_builders.pc("p1"), rm_builders.extra("e1")))
    assert kinds(t, "p1", "e1")[1] is None
    t.enc.combatant("p1").states = [State(key="terrasse", label="Terrassé")]
    offered, why = kinds(t, "p1", "e1")
    assert why.rule == "RM-39" and why.fr.startswith("P1 est terrassé")
    assert offered <= {"encaisser", "interrompre"}


@pytest.mark.parametrize(("pa", "state", "rule"), [(0, None, "A-DOU-8"), (5, "neutralise", "G-6")])
def test_douaratil_down_at_0_pa_or_incapacitated(pa, state, rule):
    t = dou_builders.table(dou_builders.fighter("x", pa=pa), dou_builders.fighter("y"))
    if state:
        t.enc.combatant("x").states = [State(key=state, label=state)]
    offered, why = kinds(t, "x", "y")
    assert offered == set() and why.rule == rule
