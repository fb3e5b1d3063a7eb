"""Ruleset `libre` by its rule ids (LIB-01…LIB-06) and its flag LIB-CFG-1 in both settings."""

from fractions import Fraction

import msgspec
import pytest

from gui.engine.checks.request import DiceResult
from gui.engine.contract.values import Action, ActionError
from gui.engine.dice.rolling import DiceInputError
from gui.engine.play.table import Table
from gui.engine.rulesets import registry
from gui.engine.state.changes import apply, revert
from tests.engine.builders import fighter, libre_encounter


def table(*combatants, flags=None) -> Table:
    return Table(libre_encounter(*combatants, flags=flags))


def test_lib01_initiative_is_d20_plus_modifier_and_ties_go_to_the_modifier():
    t = table(fighter("x", "a", init_mod=1), fighter("y", "b", init_mod=4), fighter("z", "b"))
    requests = t.initiative_requests()
    assert str(requests["x"].expr) == "1d20+1" and str(requests["y"].expr) == "1d20+4"
    t.apply(t.start_combat({"x": 15, "y": 15, "z": 18}))
    assert [e.unit for e in t.enc.turn.order] == ["z", "y", "x"]
    assert t.enc.turn.round == 1 and t.enc.turn.current == 0


def test_lib01_rolled_initiative_uses_the_encounter_generator_reproducibly():
    a = table(fighter("x", "a"), fighter("y", "b"))
    b = table(fighter("x", "a"), fighter("y", "b"))
    rolls_a = [a.roll(r).faces for r in a.initiative_requests().values()]
    rolls_b = [b.roll(r).faces for r in b.initiative_requests().values()]
    assert rolls_a == rolls_b and all(1 <= f[0] <= 20 for f in rolls_a)


def test_lib02_attack_preview_terms_target_number_and_exact_odds():
    t = table(fighter("x", "a", attaque=5), fighter("y", "b", defense=13))
    p = t.preview(Action("attack", "x", "y"))
    assert p.target_number == 13
    assert str(p.dice.expr) == "1d20+5"
    assert p.odds == Fraction(13, 20)  # 8..20 on the d20
    assert [str(term) for term in p.terms] == [
        "LIB-02 jet 1d20",
        "LIB-02 +5 bonus d'attaque",
        "LIB-02 Défense de la cible (à atteindre) : 13",
    ]


def test_lib02_attack_with_advantage_expression_and_typed_faces():
    t = table(fighter("x", "a", attaque=2), fighter("y", "b", defense=15))
    action = Action("attack", "x", "y", {"jet": "2d20kh1"})
    p = t.preview(action)
    assert p.odds == Fraction(400 - 12 * 12, 400)  # miss only if both dice ≤ 12
    res, _ = t.resolve(action, DiceResult.typed_faces("4 13", p.dice))
    assert res.success is True and "15" in res.outcome_fr
    res, _ = t.resolve(action, DiceResult.typed_faces("4 12", p.dice))
    assert res.success is False


def test_g3_override_of_the_target_number_is_used_and_logged():
    t = table(fighter("x", "a", attaque=0), fighter("y", "b", defense=13))
    action = Action("attack", "x", "y", overrides={"target_number": 5})
    p = t.preview(action)
    assert p.target_number == 5 and p.odds == Fraction(16, 20)
    assert any(term.rule == "G-3" and "13" in term.label for term in p.terms)
    res, cs = t.resolve(action, DiceResult.typed_aggregate(7, p.dice))
    t.apply(cs)
    assert res.success and t.enc.log[-1].overrides == {"target_number": "5"}


@pytest.mark.parametrize(("floor", "expected"), [(True, 0), (False, -5)])
def test_lib03_damage_and_flag_lib_cfg_1_both_settings(floor, expected):
    t = table(
        fighter("x", "a", degats="1d8+2"), fighter("y", "b", pv=5), flags={"LIB-CFG-1": floor}
    )
    action = Action("damage", "x", "y")
    p = t.preview(action)
    assert str(p.dice.expr) == "1d8+2" and p.distribution.mean() == Fraction(13, 2)
    res, cs = t.resolve(action, DiceResult.typed_faces("8", p.dice))
    t.apply(cs)
    assert t.enc.combatant("y").stats["pv"] == expected
    assert "hors de combat (LIB-05)" in res.outcome_fr
    revert(t.enc, cs)
    assert t.enc.combatant("y").stats["pv"] == 5 and t.enc.log == []


def test_lib03_typed_aggregate_is_range_checked_and_changes_nothing():
    t = table(fighter("x", "a", degats="1d8+2"), fighter("y", "b"))
    p = t.preview(Action("damage", "x", "y"))
    with pytest.raises(DiceInputError) as err:
        DiceResult.typed_aggregate("11", p.dice)
    assert "3–10" in err.value.fr and "3–10" in err.value.en


def test_lib04_healing_stops_at_maximum():
    t = table(fighter("x", "a"), fighter("y", "b", pv=7, pv_max=10))
    action = Action("heal", "x", "y", {"des": "2d6"})
    res, cs = t.resolve(action, DiceResult.typed_faces("6 6", t.preview(action).dice))
    t.apply(cs)
    assert t.enc.combatant("y").stats["pv"] == 10 and "3 PV" in res.outcome_fr


def test_lib05_badges_show_hit_points_and_out_of_the_fight():
    t = table(fighter("y", "b", pv=0, pv_max=9))
    rs = registry.get("libre")
    assert rs.badges(t.enc, t.enc.combatant("y"))[:2] == ["PV 0/9", "Hors de combat"]


def test_lib06_condition_expires_by_itself_at_the_start_of_the_round_after_its_duration():
    t = table(fighter("x", "a"), fighter("y", "b"))
    t.apply(t.start_combat({"x": 10, "y": 5}))
    _, cs = t.resolve(
        Action("add_state", "x", "y", {"etat": "etourdi", "rounds": 2}), DiceResult("none")
    )
    t.apply(cs)
    state = t.enc.combatant("y").states[0]
    assert (state.label, state.expiry.rounds, state.text) == ("Étourdi", 2, "Ne peut pas agir.")
    assert state.source == "x"  # who caused it
    for _ in range(2):  # round 2 starts: one round left
        t.apply(t.next_turn())
    assert t.enc.turn.round == 2 and t.enc.combatant("y").states[0].expiry.rounds == 1
    for _ in range(2):  # round 3 starts: gone, and logged after the round line
        t.apply(t.next_turn())
    assert t.enc.combatant("y").states == []
    assert [e.outcome for e in t.enc.log[-2:]] == ["Début du round 3", "Y n’est plus Étourdi"]


def test_lib06_custom_condition_with_rules_text_and_removal():
    t = table(fighter("x", "a"), fighter("y", "b"))
    add = Action("add_state", "x", "y", {"etat": "autre", "nom": "Béni", "texte": "+1 aux jets"})
    t.apply(t.resolve(add, DiceResult("none"))[1])
    state = t.enc.combatant("y").states[0]
    assert (state.label, state.text, state.expiry) == ("Béni", "+1 aux jets", None)
    kinds = [a.kind for a in t.ruleset.actions(t.enc, "x", "y")]
    assert "remove_state" in kinds
    remove = Action("remove_state", "x", "y", {"etat": state.key})
    t.apply(t.resolve(remove, DiceResult("none"))[1])
    assert t.enc.combatant("y").states == []


@pytest.mark.parametrize(
    "options",
    [
        {"etat": "autre", "nom": " "},
        {"etat": "etourdi", "rounds": -1},
        {"etat": "etourdi", "rounds": "2"},
    ],
)
def test_bad_condition_options_are_refused_with_both_languages(options):
    t = table(fighter("x", "a"), fighter("y", "b"))
    before = msgspec.to_builtins(t.enc)
    with pytest.raises(ActionError) as err:
        t.resolve(Action("add_state", "x", "y", options), DiceResult("none"))
    assert err.value.fr and err.value.en and msgspec.to_builtins(t.enc) == before


def test_actions_list_offers_remove_only_when_the_target_has_a_condition():
    t = table(fighter("x", "a"), fighter("y", "b"))
    kinds = [a.kind for a in t.ruleset.actions(t.enc, "x", "y")]
    assert kinds == ["attack", "damage", "heal", "add_state"]
    assert all(a.rule.startswith("LIB-") for a in t.ruleset.actions(t.enc, "x", "y"))


def test_every_rule_id_used_in_code_is_declared_in_the_ruleset_data():
    rs = registry.get("libre")
    declared = {r.id for r in rs.data.rules} | {f.id for f in rs.data.flags} | {"G-3"}
    t = table(fighter("x", "a"), fighter("y", "b"))
    used = {
        term.rule
        for kind in ("attack", "damage", "heal")
        for term in t.preview(Action(kind, "x", "y")).terms
    }
    used |= {a.rule for a in rs.actions(t.enc, "x", "y")}
    assert used <= declared
    apply(t.enc, t.start_combat({"x": 1, "y": 2}))
