"""douaratil: the actions of a turn besides attacking (DOU-07, DOU-11, DOU-19 to DOU-30,
TV-DOU-16, A-DOU-6, CFG-DOU-6): their states and how long they last, the turn's budget they
spend, and what the rules forbid (blocking, passable by the GM: G-3)."""

from __future__ import annotations

import pytest

from gui.engine.contract.values import Action, ActionError
from gui.engine.rulesets.douaratil import budget, sheet
from gui.engine.rulesets.douaratil.context import Ctx
from tests.engine.acting import take
from tests.engine.builders import dump
from tests.engine.rulesets.conteur.builders import act, blocking, look
from tests.engine.rulesets.douaratil.builders import (
    MJ,
    PJ,
    add_state,
    arme,
    dice_needed,
    fighter,
    table,
)


def _states(t, cid):
    return {s.key for s in t.enc.combatant(cid).states}


def _state(t, cid, key):
    return next(s for s in t.enc.combatant(cid).states if s.key == key)


def _kinds(t, actor, target=None):
    return [s.kind for s in t.ruleset.actions(t.enc, actor, target)]


def _fight(t, *order):
    """Start the combat with `order` acting first to last."""
    t.apply(t.start_combat({cid: 20 - i for i, cid in enumerate(order)}))


def duo(**a):
    return table(fighter("a", **a), fighter("b", MJ))


# --- Listing ---------------------------------------------------------------------------------


def test_every_action_is_listed_with_both_labels_and_a_rule():
    t = duo()
    specs = {s.kind: s for s in t.ruleset.actions(t.enc, "a", "b")}
    for kind in (
        "esquiver_action",
        "se_desengager",
        "se_precipiter",
        "aider",
        "se_cacher",
        "chercher",
        "se_tenir_pret",
        "utiliser_objet",
        "interagir_objet",
        "se_jeter_a_terre",
        "action_improvisee",
    ):
        spec = specs[kind]
        assert spec.label.fr and spec.label.en and spec.rule.startswith("DOU-")
        assert all(o.rule for o in spec.options)
    assert "se_relever" not in specs  # not prone: it makes no sense (DOU-11)
    add_state(t, "a", "a_terre")
    assert "se_relever" in _kinds(t, "a") and "se_jeter_a_terre" not in _kinds(t, "a")


def test_every_term_has_a_rule_and_english():
    t = duo()
    t.apply(t.set_contact("a", "b", True))
    add_state(t, "a", "a_terre")
    for kind, target, options in (
        ("se_cacher", None, {"avantage": True}),
        ("chercher", None, {"quoi": "la clé"}),
        ("action_improvisee", None, {"quoi": "chanter"}),
        ("se_precipiter", None, {}),
        ("aider", "b", {"ennemi": "b"}),
        ("se_tenir_pret", None, {"declencheur": "x", "sort": True}),
        ("se_relever", None, {}),
    ):
        for term in look(t, kind, "a", target, **options).terms:
            assert term.rule and term.label and term.label_en, (kind, term)


# --- Esquiver (DOU-23) -----------------------------------------------------------------------


def test_dou_23_dodge_sets_the_state_spends_the_action_and_undoes():
    t = duo()
    before = dump(t.enc)
    _p, r, cs = act(t, "esquiver_action", "a")
    assert {"esquive", "budget.action"} <= _states(t, "a")
    assert _state(t, "a", "esquive").expiry.at == "turn_start"
    assert r.success is None and "DOU-23" in [x.rule for x in r.terms]
    t.revert(cs)
    assert dump(t.enc) == before


def test_dou_23_dodge_gives_disadvantage_to_attacks_against_it():
    t = table(fighter("a"), fighter("b", MJ))
    act(t, "esquiver_action", "b")
    assert look(t, "attaquer", "a", "b", arme="0").dice.expr.count == 4


def test_dou_23_dodge_ends_at_the_start_of_the_actors_next_turn():
    t = duo()
    _fight(t, "a", "b")
    act(t, "esquiver_action", "a")
    t.apply(t.next_turn())  # b's turn: still dodging
    assert "esquive" in _states(t, "a")
    t.apply(t.next_turn())  # a's next turn starts
    assert "esquive" not in _states(t, "a") and "budget.action" not in _states(t, "a")


def test_dou_23_taken_out_of_turn_lasts_until_its_own_next_turn():
    t = duo()
    _fight(t, "b", "a")
    act(t, "esquiver_action", "a")  # b is acting; a dodges (GM's call)
    t.apply(t.next_turn())  # a's turn starts: the dodge ends
    assert "esquive" not in _states(t, "a")


# --- The budget: one action a turn (DOU-05) --------------------------------------------------


def test_dou_05_a_second_action_in_the_turn_is_blocked_but_passable():
    t = duo()
    act(t, "esquiver_action", "a")
    assert blocking(look(t, "se_desengager", "a")) == ["DOU-05"]
    with pytest.raises(ActionError, match="DOU-05"):
        act(t, "se_desengager", "a")
    _p, r, _cs = act(t, "se_desengager", "a", force=True)
    assert r.forced and "desengage" in _states(t, "a")
    assert any(x.rule == "G-3" for x in r.terms)


def test_the_action_comes_back_at_the_start_of_the_next_turn():
    t = duo()
    _fight(t, "a", "b")
    act(t, "chercher", "a", faces="3 3 3")
    assert blocking(look(t, "se_cacher", "a")) == ["DOU-05"]
    t.apply(t.next_turn())
    t.apply(t.next_turn())
    assert blocking(look(t, "se_cacher", "a")) == []


def test_dou_02_a_surprised_creature_takes_no_action():
    t = duo()
    add_state(t, "a", "surpris")
    assert blocking(look(t, "se_precipiter", "a")) == ["DOU-02"]


def test_an_incapacitated_or_downed_creature_takes_no_action():
    t = duo()
    add_state(t, "a", "neutralise")
    assert blocking(look(t, "esquiver_action", "a")) == ["G-6"]
    t = duo(pa=0)
    assert blocking(look(t, "esquiver_action", "a")) == ["A-DOU-8"]


# --- Se désengager, se précipiter (DOU-26, DOU-27, TV-DOU-16) --------------------------------


def test_dou_26_disengage_lasts_until_the_end_of_its_turn():
    t = duo()
    _fight(t, "a", "b")
    act(t, "se_desengager", "a")
    assert _state(t, "a", "desengage").expiry.at == "turn_end"
    t.apply(t.next_turn())
    assert "desengage" not in _states(t, "a")


@pytest.mark.parametrize(("speed", "metres"), [(9.0, 18.0), (4.5, 9.0)])
def test_tv_dou_16_dash_doubles_the_current_speed(speed, metres):
    t = duo(vitesse=speed)
    assert budget.allowance(t.enc.combatant("a")) == speed
    _p, r, _cs = act(t, "se_precipiter", "a")
    assert budget.allowance(t.enc.combatant("a")) == metres
    assert f"{metres:g} m" in r.outcome_fr and "budget.action" in _states(t, "a")


def test_dou_27_dash_ends_with_the_turn():
    t = duo()
    _fight(t, "a", "b")
    act(t, "se_precipiter", "a")
    t.apply(t.next_turn())
    assert budget.allowance(t.enc.combatant("a")) == 9.0


# --- Aider (DOU-19, DOU-20) ------------------------------------------------------------------


def trio():
    """a helps c against b."""
    return table(
        fighter("a"), fighter("c", PJ, armes=[arme("Épée longue")]), fighter("b", MJ, vd=10)
    )


def test_dou_20_help_needs_the_foe_within_1_50_m_of_the_helper():
    t = trio()
    preview = look(t, "aider", "a", "c", ennemi="b")
    assert blocking(preview) == ["DOU-20"]
    with pytest.raises(ActionError, match="DOU-20"):
        act(t, "aider", "a", "c", ennemi="b")
    t.apply(t.set_contact("a", "b", True))
    assert blocking(look(t, "aider", "a", "c", ennemi="b")) == []


@pytest.mark.parametrize(("metres", "legal"), [(1, True), (2, False)])
def test_dou_20_a_distance_typed_by_the_gm(metres, legal):
    t = trio()
    preview = look(t, "aider", "a", "c", ennemi="b", distance=metres)
    assert (blocking(preview) == []) == legal


def test_dou_20_help_gives_advantage_on_the_first_attack_only():
    t = trio()
    t.apply(t.set_contact("a", "b", True))
    act(t, "aider", "a", "c", ennemi="b")
    helped = _state(t, "c", "aide")
    assert helped.source == "a" and helped.expiry.at == "turn_start"
    assert helped.expiry.whose == "source" and "budget.action" in _states(t, "a")
    assert look(t, "attaquer", "c", "b", arme="1").dice.expr.count == 4
    act(t, "attaquer", "c", "b", faces="1 2 3 4", arme="1")
    assert "aide" not in _states(t, "c")
    assert look(t, "attaquer", "c", "b", arme="1").dice.expr.count == 3


def test_dou_20_help_ends_at_the_start_of_the_helpers_next_turn():
    t = trio()
    t.apply(t.set_contact("a", "b", True))
    _fight(t, "a", "c", "b")
    act(t, "aider", "a", "c", ennemi="b")
    t.apply(t.next_turn())  # c
    t.apply(t.next_turn())  # b
    assert "aide" in _states(t, "c")
    t.apply(t.next_turn())  # a's next turn
    assert "aide" not in _states(t, "c")


def test_dou_19_help_with_a_task_gives_advantage_on_the_next_check():
    t = trio()
    preview, _r, _cs = act(t, "aider", "a", "c", pour="tache", tache="forcer la porte")
    assert blocking(preview) == []  # no foe needed for a task
    assert "forcer la porte" in _state(t, "c", "aide").text
    preview = look(t, "action_improvisee", "c", dd=12)
    assert preview.dice.expr.count == 4 and "DOU-19" in [x.rule for x in preview.terms]
    act(t, "action_improvisee", "c", faces="6 6 1 1", dd=12)
    assert "aide" not in _states(t, "c")


def test_a_creature_cannot_help_itself():
    t = trio()
    assert "DOU-19" in blocking(look(t, "aider", "a", "a", pour="tache"))


# --- Se cacher (DOU-25, A-DOU-6, CFG-DOU-6, TV-DOU-25) ---------------------------------------


def lurkers(flags=None):
    """a (Dex 14, Stealth) hides from b (Wis 12: 11) and c (Wis 14 + proficiency: 14)."""
    return table(
        fighter("a", dexterite=14, discretion=True),
        fighter("b", MJ, sagesse=12),
        fighter("c", MJ, sagesse=14, perception=True),
        fighter("d", PJ, sagesse=20, perception=True),  # an ally: not an observer
        flags=flags,
    )


def test_dou_25_hide_against_the_highest_passive_perception():
    t = lurkers()
    preview = look(t, "se_cacher", "a")
    assert preview.computed["perception_passive"] == 14
    assert dice_needed(preview) == 14 - 4  # Dex +2, proficiency +2
    t.enc.combatant("c").stats["pa"] = 0  # down: no longer looking
    assert look(t, "se_cacher", "a").computed["perception_passive"] == 11


def test_a_dou_6_a_tie_goes_to_the_hider():
    t = lurkers()
    _p, r, _cs = act(t, "se_cacher", "a", faces="3 3 4")  # 10 + 4 = 14 = 14
    assert r.success and "cache" in _states(t, "a")
    assert r.amounts == {"total": 14, "target": 14}
    assert "budget.action" in _states(t, "a")


def test_cfg_dou_6_a_tie_goes_to_the_observer():
    t = lurkers({"CFG-DOU-6": "observateur"})
    assert dice_needed(look(t, "se_cacher", "a")) == 11
    _p, r, _cs = act(t, "se_cacher", "a", faces="3 3 4")
    assert r.success is False and "cache" not in _states(t, "a")
    _p, r, _cs = act(t, "se_cacher", "a", faces="3 4 4", force=True)  # 15 > 14
    assert r.success


def test_a_failed_hide_is_reported_and_leaves_no_state():
    t = lurkers()
    _p, r, _cs = act(t, "se_cacher", "a", faces="3 3 3")  # 13 < 14
    assert r.success is False and "cache" not in _states(t, "a")


def test_the_gm_may_override_the_passive_perception():
    t = lurkers()
    preview = look(t, "se_cacher", "a", overrides={"perception_passive": 18})
    assert dice_needed(preview) == 14
    assert any(x.rule == "G-3" for x in preview.terms)


def test_a_typed_total_is_read_too():
    t = lurkers()
    _p, r, _cs = act(t, "se_cacher", "a", agg=10)
    assert r.success and r.amounts["total"] == 14


# --- Chercher, action improvisée (DOU-22, DOU-30) --------------------------------------------


@pytest.mark.parametrize(("test", "modifier"), [("perception", 1 + 2), ("investigation", 3)])
def test_dou_22_search_with_perception_or_investigation(test, modifier):
    t = duo(sagesse=12, perception=True, intelligence=16)
    preview = look(t, "chercher", "a", test=test, dd=15)
    assert dice_needed(preview) == 15 - modifier
    before = {k for k in _states(t, "a")}
    _p, r, _cs = act(t, "chercher", "a", faces="6 6 6", test=test, dd=15, quoi="la clé")
    assert r.success and "la clé" in r.outcome_fr
    assert _states(t, "a") - before == {"budget.action"}


def test_dou_22_search_defaults_to_dc_10():
    t = duo()
    assert dice_needed(look(t, "chercher", "a")) == 10


def test_dou_30_improvised_action_takes_the_gms_modifier_and_dc():
    t = duo()
    preview = look(t, "action_improvisee", "a", modificateur=3, dd=14, quoi="faire rire")
    assert dice_needed(preview) == 11 and str(preview.dice.expr) == "3d6"
    _p, r, _cs = act(t, "action_improvisee", "a", faces="4 4 2", modificateur=3, dd=14)
    assert r.success is False  # 13 < 14
    assert "budget.action" in _states(t, "a")


def test_three_sixes_are_no_automatic_success_on_a_check():
    t = duo()
    _p, r, _cs = act(t, "action_improvisee", "a", faces="6 6 6", dd=30)
    assert r.success is False


def test_advantage_from_another_source_rolls_4d6_keep_3():
    t = duo()
    preview = look(t, "chercher", "a", avantage=True)
    assert str(preview.dice.expr) == "4d6kh3"


# --- Se tenir prêt (DOU-28) ------------------------------------------------------------------


def test_dou_28_ready_carries_the_trigger_until_the_next_turn():
    t = duo()
    _fight(t, "a", "b")
    act(t, "se_tenir_pret", "a", declencheur="si le gobelin avance, je tire")
    ready = _state(t, "a", "pret")
    assert ready.text == "si le gobelin avance, je tire" and ready.expiry.at == "turn_start"
    assert "concentration" not in _states(t, "a")
    t.apply(t.next_turn())
    assert "pret" in _states(t, "a")
    t.apply(t.next_turn())
    assert "pret" not in _states(t, "a")


def test_dou_28_a_readied_spell_needs_concentration():
    t = duo()
    add_state(t, "a", "concentration")
    preview = look(t, "se_tenir_pret", "a", declencheur="porte", sort=True)
    assert [n.rule for n in preview.notices if not n.blocking] == ["DOU-28"]
    act(t, "se_tenir_pret", "a", declencheur="porte", sort=True)
    assert {"pret", "concentration"} <= _states(t, "a")
    assert _state(t, "a", "concentration").text.startswith("Sort retenu")


def test_dou_08_ready_warns_when_the_reaction_is_spent():
    t = duo()
    add_state(t, "a", "budget.reaction")
    preview = look(t, "se_tenir_pret", "a", declencheur="x")
    assert "DOU-08" in [n.rule for n in preview.notices] and blocking(preview) == []


# --- Objets (DOU-07, DOU-29) -----------------------------------------------------------------


def test_dou_07_one_free_object_interaction_then_the_action():
    t = duo()
    act(t, "interagir_objet", "a", objet="dégainer l’épée")
    assert "budget.objet" in _states(t, "a") and "budget.action" not in _states(t, "a")
    assert blocking(look(t, "interagir_objet", "a")) == ["DOU-07"]
    assert blocking(look(t, "utiliser_objet", "a")) == []  # DOU-29: the second one
    _p, r, _cs = act(t, "utiliser_objet", "a", objet="ouvrir la porte")
    assert "ouvrir la porte" in r.outcome_fr and "budget.action" in _states(t, "a")


# --- Se relever, se jeter à terre (DOU-11, TV-DOU-16) ----------------------------------------


def test_dou_11_dropping_prone_is_free():
    t = duo()
    act(t, "se_jeter_a_terre", "a")
    assert _states(t, "a") == {"a_terre"}
    assert budget.moved(t.enc.combatant("a")) == 0


def test_tv_dou_16_standing_up_costs_half_the_speed():
    t = duo()
    add_state(t, "a", "a_terre")
    act(t, "se_relever", "a")
    assert "a_terre" not in _states(t, "a")
    assert budget.moved(t.enc.combatant("a")) == 4.5
    assert "budget.action" not in _states(t, "a")


def test_tv_dou_16_standing_up_with_4_m_left_is_illegal():
    t = duo()
    add_state(t, "a", "a_terre")
    add_state(t, "a", budget.MOVED, 50)  # 5 m moved: 4 m left of 9 m
    assert blocking(look(t, "se_relever", "a")) == ["DOU-11"]
    with pytest.raises(ActionError, match="DOU-11"):
        act(t, "se_relever", "a")
    _p, r, _cs = act(t, "se_relever", "a", force=True)
    assert r.forced and "a_terre" not in _states(t, "a")


def test_tv_dou_16_standing_up_with_exactly_half_left_is_legal():
    t = duo()
    add_state(t, "a", "a_terre")
    add_state(t, "a", budget.MOVED, 45)
    assert blocking(look(t, "se_relever", "a")) == []


def test_dou_11_no_standing_up_at_speed_0():
    t = duo(vitesse=0.0)
    add_state(t, "a", "a_terre")
    assert blocking(look(t, "se_relever", "a")) == ["DOU-11"]


def test_dou_11_dash_leaves_room_to_stand_up():
    t = duo()
    add_state(t, "a", "a_terre")
    add_state(t, "a", budget.MOVED, 50)
    act(t, "se_precipiter", "a")  # 18 m: 13 m left
    assert blocking(look(t, "se_relever", "a")) == []
    act(t, "se_relever", "a")
    assert budget.moved(t.enc.combatant("a")) == 9.5


def test_dou_15_a_flyer_dropping_prone_is_warned():
    t = duo(vitesse_vol=18.0)
    notices = look(t, "se_jeter_a_terre", "a").notices
    assert [n.rule for n in notices] == ["DOU-15"] and not notices[0].blocking
    assert sheet.has_state(t.enc.combatant("a"), "a_terre") is False


def test_a_state_that_ends_with_the_turn_under_way_says_this_turn():
    """The newcomer read « jusqu'à la fin de son prochain tour » on a Dash ending this turn."""
    from gui.engine.contract import conditions

    t = table(fighter("a"), fighter("b", MJ))
    units = [e.unit for e in t.ruleset.turn_units(t.enc)]
    t.apply(t.start_combat({u: 20 - i for i, u in enumerate(units)}))
    act(t, "se_precipiter", "a")
    (state,) = [s for s in t.enc.combatant("a").states if s.key == "precipite"]
    text = conditions.describe(t.enc, state, "a")
    assert (text.fr, text.en) == ("jusqu’à la fin de ce tour", "until the end of this turn")


# --- Issue 35: what an action spends of the turn is its definition's cost ----------------------


@pytest.mark.parametrize(
    ("kind", "target", "faces", "then", "options", "spent"),
    [
        ("se_precipiter", None, None, (), {}, "action"),
        ("interagir_objet", None, None, (), {"objet": "porte"}, "objet"),
        ("se_jeter_a_terre", None, None, (), {}, None),
        ("attaquer", "b", "3 3 3", (), {"arme": "0"}, "action"),
        ("attaquer", "b", "3 3 3", (), {"arme": "1", "bonus": True}, "bonus"),
        ("empoigner", "b", "3 3 3", ("3 3 3",), {}, "action"),
        ("surprise", None, "3 3 3", (), {}, None),
    ],
)
def test_what_an_action_spends_is_its_definitions_cost(kind, target, faces, then, options, spent):
    t = duo(armes=[arme("Dague")])  # light: a bonus attack with it (DOU-44)
    _fight(t, "a", "b")
    ctx = Ctx(t.ruleset, t.enc, Action(kind, "a", target, options))
    assert t.ruleset.definition(kind).cost(ctx) == spent
    take(t, kind, "a", target, faces, then, **options)
    turn = {budget.PREFIX + what for what in ("action", "bonus", "objet", "reaction")}
    spends = _states(t, "a") & turn
    assert spends == ({budget.PREFIX + spent} if spent else set())
