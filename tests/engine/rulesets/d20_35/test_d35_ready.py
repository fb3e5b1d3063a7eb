"""D35-64, Ready (Préparer son action): a standard action; only a free, standard or move action
can be readied; initiative moves to just before the trigger; a 5-ft step with it only if the
creature has not otherwise moved this round. Readying spends the standard action (the round's
budget, D35-09); while the creature holds its readied action and when it acts on it (« Agir
maintenant »), its budget is that action's; going past it warns, never refuses (G-3)."""

from __future__ import annotations

import pytest

from gui.engine.contract.values import Action
from gui.engine.rulesets.d20_35 import budget, readied
from gui.engine.rulesets.d20_35.grapple import GRAPPLED
from gui.engine.space.destination import Destination
from gui.engine.state.model import Expiry, State
from tests.engine import acting
from tests.engine.rulesets.d20_35.builders import MJ, PJ, fighter, registered
from tests.engine.rulesets.d20_35.builders import fight as builders_fight

TRIGGER = "quand le gobelin bouge"


@pytest.fixture(autouse=True)
def _d20():
    with registered():
        yield


def fight():
    """The hero (VD 9 m) first, then the goblin, then the orc; nobody threatens anybody."""
    hero = fighter("hero", PJ, (0, 0), vd=9)
    gob = fighter("gob", MJ, (10, 0))
    orc = fighter("orc", MJ, (15, 10))
    return builders_fight(hero, gob, orc)


def ready(t, unit="hero", trigger=TRIGGER):
    t.apply(t.turn_step("ready", unit=unit, trigger=trigger))
    return t.enc.log[-1]


def act_now(t, unit="hero"):
    t.apply(t.turn_step("act_now", unit=unit))


def declare(t, what, actor="hero"):
    return acting.take(t, "autre", actor, quoi=what)


def warned(t, what, actor="hero"):
    preview = t.preview(Action("autre", actor, None, {"quoi": what}))
    return [n for n in preview.notices if n.rule in ("D35-64", "D35-09")]


def move(t, cell, cid="hero"):
    notices, cs = t.move(cid, Destination(zone="salle", cell=cell), True)
    t.apply(cs)
    return [n for n in notices if n.rule in ("D35-64", "D35-09")]


def keys(t, cid="hero"):
    return {s.key for s in t.enc.combatant(cid).states}


def acting_unit(t):
    return t.enc.turn.order[t.enc.turn.current].unit


def test_d35_64_readying_spends_the_standard_action_and_holds_the_trigger():
    t = fight()
    cs = t.turn_step("ready", unit="hero", trigger=TRIGGER)
    t.apply(cs)
    line = t.enc.log[-1]
    hero = t.enc.combatant("hero")
    held = readied.held(hero)
    assert held is not None and held.text == TRIGGER
    assert budget.spent(hero, "simple") is not None  # the standard action (D35-09)
    assert acting_unit(t) == "gob"
    assert line.action == "Préparer son action" and line.action_en == "Ready an action"
    assert TRIGGER in line.outcome and TRIGGER in line.outcome_en
    assert not any("G-3" in b for b in line.breakdown)  # nothing passed over
    label = t.ruleset.state_label(held)
    assert (label.fr, label.en) == ("Action préparée", "Readied")
    t.revert(cs)  # undo takes it all back (G-4)
    assert not keys(t) and acting_unit(t) == "hero"


@pytest.mark.parametrize(
    ("first", "said"),
    [
        ("simple", "Action simple déjà faite"),
        ("complexe", "Action complexe déjà faite"),
    ],
)
def test_d35_64_readying_after_the_standard_or_a_full_round_action_warns(first, said):
    t = fight()
    declare(t, first)
    line = ready(t)  # a warning the GM passed over (G-3), never a refusal
    (over,) = [b for b in line.breakdown if b.startswith("G-3")]
    assert "D35-64" in over and said in over
    assert any("Readying takes a standard action" in b for b in line.breakdown_en)
    assert readied.READY in keys(t)


def test_d35_64_readying_after_a_move_action_is_within_the_round():
    t = fight()
    declare(t, "degainer")  # a move action, then readying the standard one
    line = ready(t)
    assert not any(b.startswith("G-3") for b in line.breakdown)


def test_d35_64_readying_in_a_grapple_or_unable_to_act_warns():
    t = fight()
    hero = t.enc.combatant("hero")
    hero.states = [*hero.states, State(key=GRAPPLED, label="En lutte", source="gob")]
    line = ready(t)
    assert any(b.startswith("G-3") and "D35-59" in b for b in line.breakdown)
    t2 = fight()
    t2.enc.combatant("hero").stats["pv"] = -3  # dying
    line = ready(t2)
    assert any(b.startswith("G-3") and "mourant" in b for b in line.breakdown)


def test_d35_64_a_readied_full_round_action_warns_held_or_acted_on():
    t = fight()
    ready(t)
    (warning,) = warned(t, "complexe")  # held, out of its turn
    assert warning.rule == "D35-64" and not warning.blocking
    assert "seule une action libre, simple ou de mouvement" in warning.fr
    assert "only a free, standard or move action can be readied" in warning.en
    act_now(t)
    assert acting_unit(t) == "hero"
    assert budget.spent(t.enc.combatant("hero"), "simple") is None  # its turn began
    (warning,) = warned(t, "complexe")
    assert warning.rule == "D35-64"
    assert [n.rule for n in warned(t, "sort_rapide")] == ["D35-64"]  # nor a swift action
    assert warned(t, "parler") == []  # a free action is fine


def test_d35_64_a_readied_standard_action_is_fine_and_only_one():
    t = fight()
    ready(t)
    act_now(t)
    assert warned(t, "simple") == []
    declare(t, "simple")
    (warning,) = warned(t, "degainer")
    assert "a déjà fait son action préparée" in warning.fr
    assert "has already taken its readied action" in warning.en


def test_d35_64_a_readied_move_is_fine():
    t = fight()
    ready(t)
    act_now(t)
    assert move(t, (0, 6)) == []  # 9 m: its move action
    (warning,) = warned(t, "simple")
    assert "était son déplacement de 9 m" in warning.fr
    (warning,) = move(t, (0, 7))
    assert "plus que les 9 m d'une action de mouvement" in warning.fr


def test_d35_64_a_5_ft_step_with_it_when_it_has_not_otherwise_moved():
    t = fight()
    ready(t)
    act_now(t)
    declare(t, "simple")
    assert move(t, (0, 1)) == []  # the 5-ft step
    (warning,) = move(t, (0, 2))
    assert "un pas de placement de 1,5 m au plus" in warning.fr


def test_d35_64_the_5_ft_step_after_moving_warns():
    t = fight()
    assert move(t, (0, 2)) == []  # 3 m in its turn
    line = ready(t)
    assert any("pas de pas de placement" in b and "3 m" in b for b in line.breakdown)
    hero = t.enc.combatant("hero")
    names = {(w.fr, w.en) for s in hero.states if (w := t.ruleset.state_label(s))}
    assert ("Déplacé avant de préparer : 3 m", "Moved before readying: 3 m") in names
    assert all(t.ruleset.state_value_words(s) == "" for s in hero.states if s.key == "pret")
    act_now(t)
    declare(t, "simple")
    taken = {t.ruleset.state_label(s).en for s in t.enc.combatant("hero").states}
    assert "Readied action taken" in taken
    (warning,) = move(t, (0, 3))
    assert warning.rule == "D35-64" and "déjà déplacé de 3 m ce round" in warning.fr
    assert "already moved 3 m this round" in warning.en


def test_d35_64_held_out_of_its_turn_the_moves_since_readying_count():
    t = fight()
    move(t, (0, 2))  # 3 m before readying
    ready(t)
    assert move(t, (0, 5)) == []  # 4,5 m since: its readied move, out of its turn
    (warning,) = warned(t, "simple")
    assert "était son déplacement de 4,5 m" in warning.fr


def test_d35_64_act_now_puts_the_unit_just_before_the_trigger_s_holder():
    t = fight()
    ready(t)
    t.apply(t.next_turn())  # the goblin acted; the orc's turn
    assert acting_unit(t) == "orc"
    act_now(t)
    order = t.enc.turn.order
    assert [e.unit for e in order] == ["gob", "hero", "orc"] and acting_unit(t) == "hero"
    assert order[1].initiative == order[2].initiative and order[1].ready == ""
    assert readied.READY in keys(t)  # it acts on it this turn
    declare(t, "simple")
    t.apply(t.next_turn())  # its turn ends: so do the readied action and what it took
    assert acting_unit(t) == "orc"
    assert not keys(t) & {readied.READY, readied.TAKEN}
    t.apply(t.next_turn())
    t.apply(t.next_turn())  # round 2, its own turn: a full budget again
    assert acting_unit(t) == "hero" and warned(t, "complexe") == []


def test_d35_64_readying_last_in_the_round_with_a_duration_in_rounds():
    """The rules' part of the step is computed as the step leaves the encounter (table.py):
    a state counted down at the new round does not make it stale."""
    t = fight()
    t.apply(t.next_turn())
    t.apply(t.next_turn())  # the orc, last of round 1
    orc = t.enc.combatant("orc")
    lasting = State(key="effraye", label="Effrayé", expiry=Expiry(at="rounds", rounds=3))
    orc.states = [*orc.states, lasting]
    ready(t, "orc")
    assert t.enc.turn.round == 2 and readied.READY in keys(t, "orc")
    assert budget.spent(t.enc.combatant("orc"), "simple") is not None
