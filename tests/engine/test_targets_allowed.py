"""Issue 34, item 1: an action's targets are those its rules allow (aims.py, ActionSpec.aim,
Ruleset.aim_notice): no attack on one out of the fight unless the rules say so, none on
oneself; an action for allies aims at allies; the GM may still force a target (G-3, logged);
the default target follows the action; the default actor is whoever holds the turn
(turn_holder.py). Item 2: a reaction window offers its reactions and its next steps only
(windows.offers_in)."""

from __future__ import annotations

import pytest

from gui.engine.checks.request import DiceResult
from gui.engine.contract.aims import allowed, target_for
from gui.engine.contract.values import FORCE, Action
from gui.engine.core.problems import BilingualError
from gui.engine.files import storage
from gui.engine.play.table import Table
from gui.engine.play.turn_holder import default_actor, turn_members
from gui.engine.rulesets import registry
from gui.engine.state.model import State
from gui.engine.timing.windows import offers_in
from tests.gui.mutations import start_inputs


def demo(ruleset_id: str, start: bool = True) -> Table:
    t = Table(storage.loads(registry.get(ruleset_id).demo_path.read_bytes(), "demo"))
    if start:
        initiatives, inputs = start_inputs(t)
        t.apply(t.start_combat(initiatives, **inputs))
    return t


def spec_of(t: Table, actor: str, kind: str, target: str | None = None):
    return next(s for s in t.ruleset.actions(t.enc, actor, target) if s.kind == kind)


def blocking(t: Table, action: Action) -> list[str]:
    return [n.rule for n in t.preview(action).notices if n.blocking]


def terrasse(t: Table, cid: str) -> None:
    t.enc.combatant(cid).states.append(State(key="terrasse", label="Terrassé"))


# --- reserve_menace -----------------------------------------------------------------------------


def test_rm_39_an_extra_already_terrasse_is_not_attacked_unless_the_gm_forces_it():
    """RM-39: a Terrassé extra takes no further part: « Attaquer » on it is refused (it was a
    warning, then « Réussi… doit encaisser »); forced, it is resolved and the log keeps it."""
    t = demo("reserve_menace")
    terrasse(t, "contrebandier_1")
    attack = Action("attaquer", "valeria", "contrebandier_1")
    assert blocking(t, attack) == ["RM-39"]
    with pytest.raises(BilingualError) as refused:
        t.resolve(attack, DiceResult.typed_aggregate(9, t.preview(attack).dice))
    assert "hors de combat" in str(refused.value) and "G-3" in str(refused.value)
    forced = Action("attaquer", "valeria", "contrebandier_1", overrides={FORCE: True})
    _resolution, cs = t.resolve(forced, DiceResult.typed_aggregate(9, t.preview(forced).dice))
    t.apply(cs)
    line = t.enc.log[-1]
    assert line.action == "Action forcée par le MJ"
    assert line.outcome.startswith("RM-39 Contrebandier 1 est hors de combat")
    assert "contrebandier_1" not in allowed(
        t.ruleset, t.enc, "valeria", spec_of(t, "valeria", "attaquer")
    )


def test_rm_24_the_maitre_contrebandier_does_not_attack_himself():
    t = demo("reserve_menace")
    spec = spec_of(t, "maitre", "attaquer", "maitre")
    assert blocking(t, Action("attaquer", "maitre", "maitre"))  # refused, the GM may force
    ok = allowed(t.ruleset, t.enc, "maitre", spec)
    assert "maitre" not in ok and "valeria" in ok
    assert all(t.enc.combatant(c).side == "compagnie" for c in ok)


def test_rm_15_feeding_a_reserve_aims_at_oneself_or_an_ally():
    """RM-15: +1 die to one's own Réserve or to another Personnage's: never a foe, so a foe
    aimed at last gives way to no target (its own Réserve)."""
    t = demo("reserve_menace")
    spec = spec_of(t, "valeria", "alimenter")
    assert set(allowed(t.ruleset, t.enc, "valeria", spec)) == {"valeria", "brann", "ilse"}
    assert target_for(t.ruleset, t.enc, "valeria", spec, "contrebandier_1") is None
    assert target_for(t.ruleset, t.enc, "valeria", spec, "brann") == "brann"
    refused = t.ruleset.unable_notice(t.enc, Action("alimenter", "valeria", "contrebandier_1"))
    assert refused is not None and refused.rule == "RM-15" and refused.blocking
    assert t.ruleset.unable_notice(t.enc, Action("alimenter", "valeria", "brann")) is None


def test_rm_39_the_default_target_of_an_attack_is_a_foe_still_in_the_fight():
    """The last target, Terrassé since, is not kept: the nearest foe in the fight is."""
    t = demo("reserve_menace")
    spec = spec_of(t, "valeria", "attaquer")
    terrasse(t, "contrebandier_1")
    chosen = target_for(t.ruleset, t.enc, "valeria", spec, "contrebandier_1")
    assert chosen not in (None, "contrebandier_1")
    assert t.enc.combatant(chosen).side == "contrebandiers"
    assert not t.ruleset.is_out(t.enc, t.enc.combatant(chosen))
    # An ally aimed at last gives way to a foe too (an attack aims at foes).
    assert t.enc.combatant(target_for(t.ruleset, t.enc, "valeria", spec, "brann")).side != (
        "compagnie"
    )


def test_rm_28_a_hit_s_window_offers_each_only_its_own_step():
    """RM-28, RM-49, RM-59: in the window of a hit, the target is offered Encaisser, the
    attacker Désarmer instead, an ally Protéger — and nobody Attaquer or Alimenter."""
    t = demo("reserve_menace")
    attack = Action("attaquer", "valeria", "maitre")
    _res, cs = t.resolve(attack, DiceResult.typed_aggregate(12, t.preview(attack).dice))
    t.apply(cs)
    (window,) = t.enc.windows
    assert {o.kind for o in offers_in(t.ruleset, t.enc, window.id, "maitre")} == {"encaisser"}
    assert {o.kind for o in offers_in(t.ruleset, t.enc, window.id, "valeria")} == {"desarmer"}
    theirs = {o.kind for o in offers_in(t.ruleset, t.enc, window.id, "contrebandier_1")}
    assert theirs == {"proteger"}
    assert offers_in(t.ruleset, t.enc, "closed", "maitre") == []


# --- conteur, libre, attention_donjon, d20_35 ---------------------------------------------------


def test_a_con_2_a_combatant_out_of_the_fight_is_not_attacked():
    t = demo("conteur", start=False)
    t.enc.combatant("voyou_couteau").states.append(State(key="hors_combat", label="Hors combat"))
    assert "A-CON-2" in blocking(t, Action("attaquer", "anatole", "voyou_couteau"))
    assert "A-CON-2" in blocking(t, Action("attaquer", "anatole", "anatole"))
    assert "A-CON-2" not in blocking(t, Action("attaquer", "anatole", "gaspard"))


def test_lib_05_at_0_pv_no_attack_but_a_heal_still_aims_at_them():
    t = demo("libre", start=False)
    t.enc.combatant("brig1").stats["pv"] = 0
    assert blocking(t, Action("attack", "ysolde", "brig1")) == ["LIB-05"]
    heal = spec_of(t, "ysolde", "heal", "brig1")
    assert "brig1" in allowed(t.ruleset, t.enc, "ysolde", heal)  # LIB-04: anyone is healed
    assert blocking(t, Action("attack", "ysolde", "ysolde")) == ["LIB-05"]


def test_ad_20_a_dead_figurine_is_not_attacked():
    t = demo("attention_donjon", start=False)
    t.enc.combatant("araignee").states.append(State(key="mort", label="Mort"))
    assert blocking(t, Action("attaquer", "traqueur", "araignee")) == ["AD-20"]
    assert blocking(t, Action("attaquer", "traqueur", "mage")) == []


def test_d35_49_a_dying_creature_may_be_struck_but_not_oneself():
    t = demo("d20_35", start=False)
    t.enc.combatant("squelette_1").stats["pv"] = -3
    spec = spec_of(t, "aldric", "attaquer", "squelette_1")
    ok = allowed(t.ruleset, t.enc, "aldric", spec)
    assert "squelette_1" in ok and "aldric" not in ok and "isaure" in ok


# --- who acts by default --------------------------------------------------------------------------


def test_the_default_actor_is_whoever_holds_the_turn_not_the_selected_sheet():
    t = demo("libre")
    members = turn_members(t.enc, t.mode())
    (acting,) = members
    other = next(c.id for c in t.enc.combatants if c.id != acting)
    assert default_actor(t.ruleset, t.enc, t.mode(), other, None) == acting
    assert default_actor(t.ruleset, t.enc, t.mode(), acting, None) == acting
    assert default_actor(t.ruleset, t.enc, t.mode(), None, acting) is None  # never the target


def test_rm_20_with_alternating_sides_the_holding_side_acts_its_first_who_can():
    """RM-20: the side holding the initiative picks which unit acts: the selection when it is
    one of them, else its first member who can act (a Terrassé one passed over, RM-39)."""
    t = demo("reserve_menace")
    holder = t.enc.turn.holder
    mine = [c.id for c in t.enc.combatants if c.side == holder]
    foe = next(c.id for c in t.enc.combatants if c.side != holder)
    assert default_actor(t.ruleset, t.enc, t.mode(), foe, None) == mine[0]
    assert default_actor(t.ruleset, t.enc, t.mode(), mine[1], None) == mine[1]
    terrasse(t, mine[0])
    assert default_actor(t.ruleset, t.enc, t.mode(), None, None) == mine[1]


def test_before_the_combat_the_selection_acts():
    t = demo("libre", start=False)
    assert default_actor(t.ruleset, t.enc, t.mode(), "brig1", None) == "brig1"
