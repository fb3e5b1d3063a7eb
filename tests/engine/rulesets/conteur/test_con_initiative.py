"""conteur initiative (CON-02 to CON-10, CON-12, CON-14, CON-32, CON-35, CON-39, CON-40,
CON-43, A-CON-2, A-CON-4, A-CON-5, A-CON-13, A-CON-16, CFG-CON-4): the score, declarations,
each action's initiative, lost turns and the turn's bookkeeping."""

import pytest

from gui.engine.checks.request import DiceResult
from gui.engine.contract.values import ActionError
from gui.engine.turns import DeclareThenAct
from tests.engine.builders import dump
from tests.engine.rulesets.conteur.builders import (
    MJ,
    PJ,
    act,
    add_state,
    arme,
    begin,
    declare,
    declare_all,
    fighter,
    inits,
    look,
    order,
    pool,
    set_marks,
    start,
    stat,
    states,
    table,
    values,
)


def _pair(a=None, b=None, flags=None, contacts=()):
    """A (Dex 3 + Wits 2 = 5) against B (Dex 2 + Wits 2 = 4), combat started."""
    t = table(
        fighter("a", PJ, **({"dexterite": 3, "astuce": 2} | (a or {}))),
        fighter("b", MJ, **({"dexterite": 2, "astuce": 2} | (b or {}))),
        flags=flags,
        contacts=contacts,
    )
    start(t)
    return t


# --- CON-02, CON-04, TV-CON-01, CON-32 -------------------------------------------------------


def test_tv_con_01_initiative_is_d10_plus_dex_plus_wits_minus_wounds():
    t = _pair()
    assert t.ruleset.initiative_score(t.enc, t.enc.combatant("a")) == 5
    declare_all(t, {})
    assert values(inits(t, {"a": 7, "b": 1})["a"]) == [12]
    set_marks(t, "a", ["B", "B"])  # Blessé légèrement: −1 (A-CON-2)
    assert t.ruleset.initiative_score(t.enc, t.enc.combatant("a")) == 4
    acts = inits(t, {"a": 7, "b": 1})["a"]
    assert values(acts) == [11]
    assert ("CON-32", -1) in [(x.rule, x.value) for x in acts[0].terms]


def test_g_1_the_initiative_roll_can_be_typed_as_an_aggregate():
    t = _pair()
    declare_all(t, {})
    request = t.initiative_requests()["a"]
    assert (request.minimum, request.maximum) == (1, 10)
    roll = DiceResult.typed_aggregate(7, request).total(request)
    faces = DiceResult.typed_faces("7", request).total(request)
    assert roll == faces == 7
    begin(t, {"a": roll, "b": 3})
    assert order(t) == [("a", 12), ("b", 7)]


def test_con_02_weapon_initiative_modifier():
    t = _pair(a={"armes": [arme("Épée", mod_init=-1)]})
    assert t.ruleset.initiative_score(t.enc, t.enc.combatant("a")) == 4


# --- CON-03, CON-04, TV-CON-02, A-CON-5, A-CON-17 --------------------------------------------


def test_con_03_declarations_in_descending_score_then_reordered_by_wounds():
    t = table(
        fighter("slow", dexterite=2, astuce=2),
        fighter("fast", MJ, dexterite=4, astuce=2),
        fighter("mid", dexterite=3, astuce=2),
        fighter("tie", MJ, dexterite=2, astuce=2),
    )
    start(t)
    assert [e.unit for e in t.enc.turn.order] == ["fast", "mid", "slow", "tie"]
    assert t.enc.turn.phase == "declare"
    declare_all(t, {})
    begin(t, {"fast": 1, "mid": 1, "slow": 1, "tie": 1})
    set_marks(t, "fast", ["L"] * 6)  # Handicapé −5: score 1
    while t.enc.turn.phase == "act":
        t.apply(t.next_turn())
    assert [e.unit for e in t.enc.turn.order] == ["mid", "slow", "tie", "fast"]


def test_tv_con_02_equal_totals_higher_score_first():
    t = _pair()
    declare_all(t, {})
    begin(t, {"a": 7, "b": 8})
    assert order(t) == [("a", 12), ("b", 12)]
    assert DeclareThenAct().simultaneous(t.enc.turn) == []


def test_tv_con_02_equal_totals_and_scores_are_simultaneous():
    t = _pair(b={"dexterite": 3})
    declare_all(t, {})
    begin(t, {"a": 7, "b": 7})
    assert {u for u, _i in order(t)} == {"a", "b"} and {i for _u, i in order(t)} == {12}
    (group,) = DeclareThenAct().simultaneous(t.enc.turn)  # A-CON-17: one step
    assert sorted(group) == ["a", "b"]


def test_con_05_a_delayed_action_interrupts_a_slower_one():
    t = table(fighter("a", dexterite=4), fighter("b", MJ), fighter("c", MJ, dexterite=1))
    start(t)
    declare_all(t, {})
    begin(t, {"a": 9, "b": 5, "c": 1})
    t.apply(t.turn_step("delay", "Retarder"))
    assert t.enc.turn.order[t.enc.turn.current].unit == "b"
    delayed = next(i for i, e in enumerate(t.enc.turn.order) if e.delayed)
    t.apply(t.turn_step("act_now", "Agir", index=delayed))
    current = t.enc.turn.order[t.enc.turn.current]
    assert (current.unit, current.initiative) == ("a", 9)  # before B, at B's initiative


# --- CON-07, A-CON-4, CFG-CON-4 ------------------------------------------------------------


def test_con_07_a_con_4_multiple_actions_lower_dice_and_initiative():
    t = _pair(a={"dexterite": 6, "astuce": 4})  # score 10
    declare_all(t, {"a": ["Frapper", "Frapper", "Frapper"]})
    acts = inits(t, {"a": 10, "b": 1})["a"]
    assert values(acts) == [20 - 3, 20 - 4, 20 - 5]
    assert [x.label for x in acts] == ["Frapper"] * 3
    assert all("CON-07" in [x.rule for x in a.terms] for a in acts)
    # The first action's pool takes −3 dice, the second −4 (Dextérité 6, no Bagarre).
    assert pool(look(t, "attaquer", "a", "b", force=True))[0] == 6 - 3
    begin(t, {"a": 10, "b": 1})
    assert order(t) == [("a", 17), ("a", 16), ("a", 15), ("b", 5)]
    assert pool(look(t, "attaquer", "a", "b"))[0] == 3
    t.apply(t.next_turn())
    assert pool(look(t, "attaquer", "a", "b"))[0] == 2
    t.apply(t.next_turn())
    assert pool(look(t, "attaquer", "a", "b"))[0] == 1
    # The free roll (dodge) takes the same penalty, a Willpower roll does not.
    assert pool(look(t, "jet", "a", attribut="dexterite", capacite="-"))[0] == 1
    assert pool(look(t, "jet", "a", attribut="volonte", capacite="-"))[0] == 3


def test_cfg_con_4_manuel_no_computed_multiple_action_penalty():
    t = _pair(a={"dexterite": 6, "astuce": 4}, flags={"CFG-CON-4": "manuel"})
    declare_all(t, {"a": ["Frapper", "Frapper"]})
    assert values(inits(t, {"a": 10, "b": 1})["a"]) == [20, 20]
    assert pool(look(t, "attaquer", "a", "b", force=True))[0] == 6
    # The Storyteller enters the penalty himself.
    assert pool(look(t, "attaquer", "a", "b", force=True, mod_des=-2))[0] == 4


def test_single_action_has_no_multiple_action_penalty():
    t = _pair()
    declare_all(t, {"a": ["Frapper"]})
    acts = inits(t, {"a": 5, "b": 1})["a"]
    assert values(acts) == [10] and "CON-07" not in [x.rule for x in acts[0].terms]


# --- CON-08, CON-09, CON-10 ----------------------------------------------------------------


def test_con_08_magical_actions_minus_2_cumulative_without_dice_penalty():
    t = _pair(a={"dexterite": 5, "astuce": 3, "celerite": 2})  # score 8
    declare_all(t, {"a": ["Frapper", "Frapper", "Frapper"]}, {"a": {"magiques": 2}})
    assert values(inits(t, {"a": 4, "b": 1})["a"]) == [12, 10, 8]
    begin(t, {"a": 4, "b": 1})
    for _ in range(3):
        assert pool(look(t, "attaquer", "a", "b", force=True))[0] == 5  # no CON-07 penalty
        t.apply(t.next_turn())


def test_con_08_mixed_ordinary_and_magical_actions():
    t = _pair(a={"dexterite": 5, "astuce": 3})
    declare_all(t, {"a": ["A1", "A2", "M1"]}, {"a": {"magiques": 1}})
    acts = inits(t, {"a": 4, "b": 1})["a"]
    # Ordinary: −2, −3 (A-CON-4); magical: −2, capped at the action before (CON-09).
    assert values(acts) == [10, 9, 9]
    assert "CON-09" in [x.rule for x in acts[2].terms]


def test_con_08_magical_actions_need_an_ordinary_one_first():
    t = _pair()
    entry = t.enc.turn.order[t.enc.turn.current]
    with pytest.raises(ActionError, match="CON-08"):
        declare(t, entry.unit, ["M1", "M2"], {"magiques": 2})


def test_con_09_no_action_above_the_one_before():
    t = _pair()
    add_state(t, "a", "rate_melee")
    add_state(t, "a", "se_relever")
    declare_all(t, {"a": ["Frapper", "Courir"]}, {"a": {"magiques": 1}})
    acts = inits(t, {"a": 10, "b": 1})["a"]
    # 15 − 2 − 2 = 11; the magical action at 15 − 2 = 13 is capped at 11.
    assert values(acts) == [11, 11]
    assert ("CON-09", -2) in [(x.rule, x.value) for x in acts[1].terms]


def test_con_10_an_action_at_0_is_cancelled_with_the_rest():
    t = _pair(a={"dexterite": 1, "astuce": 1})  # score 2
    declare_all(t, {"a": ["A1", "A2", "A3"]})
    acts = inits(t, {"a": 2, "b": 1})["a"]  # 4 − 3 = 1, 4 − 4 = 0, 4 − 5
    assert values(acts) == [1, None, None]
    assert "CON-10" in [x.rule for x in acts[1].terms]
    assert "CON-10" in [x.rule for x in acts[2].terms]
    begin(t, {"a": 2, "b": 1})
    assert [u for u, i in order(t) if i is not None] == ["b", "a"]
    assert order(t).count(("a", 1)) == 1


def test_con_10_magical_action_reaching_0_cancels_the_rest():
    t = _pair(a={"dexterite": 1, "astuce": 1})
    declare_all(t, {"a": ["A1", "M1", "M2"]}, {"a": {"magiques": 2}})
    assert values(inits(t, {"a": 2, "b": 1})["a"]) == [4, 2, None]


def test_con_10_every_action_cancelled_leaves_an_idle_entry():
    t = _pair(a={"dexterite": 0, "astuce": 0}, b={"dexterite": 0, "astuce": 0})
    set_marks(t, "a", ["B", "B"])  # −1
    declare_all(t, {})
    assert values(inits(t, {"a": 1, "b": 1})["a"]) == [None]
    begin(t, {"a": 1, "b": 1})
    idle = next(e for e in t.enc.turn.order if e.unit == "a")
    assert idle.acted and idle.initiative is None


# --- CON-12, A-CON-13 on initiative ----------------------------------------------------------


@pytest.mark.parametrize(
    ("mine", "theirs", "penalty"),
    [
        ("Mains nues", "Couteau", 0),
        ("Mains nues", "Épée", -1),
        ("Couteau", "Épée à deux mains", -1),
        ("Couteau", "Lance", -2),
        ("Couteau", "Hallebarde", -3),
        ("Mains nues", "Hallebarde", -4),
        ("Hallebarde", "Mains nues", 0),
    ],
)
def test_con_12_reach_penalty_on_initiative_against_opponents_in_contact(mine, theirs, penalty):
    t = _pair(a={"armes": [arme(mine)]}, b={"armes": [arme(theirs)]}, contacts=[("a", "b")])
    assert t.ruleset.initiative_score(t.enc, t.enc.combatant("a")) == 5 + penalty


def test_a_con_13_reach_only_against_opponents():
    t = table(
        fighter("a", dexterite=3, astuce=2, armes=[arme("Couteau")]),
        fighter("ally", dexterite=3, astuce=2, armes=[arme("Hallebarde")]),
        fighter("b", MJ, armes=[arme("Lance")]),
        contacts=[("a", "ally")],
    )
    assert t.ruleset.initiative_score(t.enc, t.enc.combatant("a")) == 5
    t.apply(t.set_contact("a", "b", True))
    assert t.ruleset.initiative_score(t.enc, t.enc.combatant("a")) == 5 - 2


# --- CON-14, CON-39, A-CON-16, CON-40: pending and standing penalties -----------------------


def test_con_14_miss_without_a_later_action_carries_to_next_turn():
    t = _pair(contacts=[("a", "b")])
    declare_all(t, {})
    begin(t, {"a": 9, "b": 1})
    act(t, "attaquer", "a", "b", faces="2 3 4")
    assert "rate_melee" in states(t, "a")
    t.apply(t.next_turn())
    t.apply(t.next_turn())  # round 2
    assert t.enc.turn.round == 2 and "rate_melee" in states(t, "a")
    declare_all(t, {"a": ["A1", "A2"]})
    acts = inits(t, {"a": 9, "b": 1})["a"]
    # 14 − 2 (A-CON-4) − 2 (CON-14) = 10; the second, 14 − 3 = 11, is capped at 10 (CON-09).
    assert values(acts) == [10, 10]
    begin(t, {"a": 9, "b": 1})
    assert "rate_melee" not in states(t, "a")  # used


def test_con_39_a_con_16_getting_up_costs_2_on_the_next_action():
    t = _pair()
    add_state(t, "a", "au_sol")
    assert t.ruleset.initiative_score(t.enc, t.enc.combatant("a")) == 5 - 3  # CON-40
    act(t, "se_relever", "a")
    assert states(t, "a") == ["se_relever"]
    assert t.ruleset.initiative_score(t.enc, t.enc.combatant("a")) == 5
    declare_all(t, {})
    acts = inits(t, {"a": 5, "b": 1})["a"]
    assert values(acts) == [8] and ("CON-39", -2) in [(x.rule, x.value) for x in acts[0].terms]
    begin(t, {"a": 5, "b": 1})
    assert states(t, "a") == []


def test_con_39_getting_up_during_the_turn_lowers_its_next_action_this_turn():
    t = _pair(b={"dexterite": 3, "astuce": 2})
    declare_all(t, {"a": ["Se relever", "Frapper"]})
    begin(t, {"a": 10, "b": 6})
    assert order(t) == [("a", 13), ("a", 12), ("b", 11)]
    add_state(t, "a", "au_sol")
    _p, resolution, _cs = act(t, "se_relever", "a")
    assert ("CON-39", -2) in [(x.rule, x.value) for x in resolution.terms]
    assert order(t) == [("a", 13), ("b", 11), ("a", 10)]
    assert states(t, "a") == ["decl_actions"]  # nothing left for the next turn


def test_pending_penalties_stay_when_the_unit_does_not_act():
    t = _pair()
    add_state(t, "a", "se_relever")
    add_state(t, "a", "etourdi", 0)  # stunned before the combat: loses round 1
    declare_all(t, {})
    begin(t, {"a": 5, "b": 1})
    assert set(states(t, "a")) == {"se_relever", "etourdi"}


# --- CON-35, A-CON-2: lost turns -------------------------------------------------------------


def _stun_a_in_round_1():
    t = _pair(a={"vigueur": 1}, b={"force": 3}, contacts=[("a", "b")])
    declare_all(t, {})
    begin(t, {"a": 1, "b": 9})
    act(t, "attaquer", "b", "a", agg=1)
    act(t, "degats", "b", "a", faces="6 7 8")  # 3 > Vigueur 1
    assert "etourdi" in states(t, "a")
    return t


def test_con_35_stunned_loses_its_next_turn_then_recovers():
    t = _stun_a_in_round_1()
    # A still has its action this turn (the stun costs the *next* turn).
    assert [n.rule for n in look(t, "attaquer", "a", "b").notices if n.blocking] == []
    t.apply(t.next_turn())
    t.apply(t.next_turn())
    assert t.enc.turn.round == 2
    declare_all(t, {})
    acts = inits(t, {"a": 9, "b": 1})["a"]
    assert values(acts) == [None] and "CON-35" in [x.rule for x in acts[0].terms]
    begin(t, {"a": 9, "b": 1})
    assert order(t) == [("b", 5), ("a", None)]
    preview = look(t, "attaquer", "a", "b")
    assert "CON-35" in [n.rule for n in preview.notices if n.blocking]
    assert "etourdi" in states(t, "a")
    t.apply(t.next_turn())  # B acts; round 3 begins: the stun is over
    assert t.enc.turn.round == 3 and "etourdi" not in states(t, "a")
    declare_all(t, {})
    assert values(inits(t, {"a": 9, "b": 1})["a"]) == [14]


def test_con_37_shaking_off_the_stun_gives_the_turn_back():
    t = _stun_a_in_round_1()
    t.apply(t.next_turn())
    t.apply(t.next_turn())
    act(t, "se_ressaisir", "a", ressource="volonte_points")
    assert stat(t, "a", "volonte_points") == 2 and "etourdi" not in states(t, "a")
    declare_all(t, {})
    assert values(inits(t, {"a": 9, "b": 1})["a"]) == [14]


def test_a_con_2_incapacitated_takes_no_action():
    t = _pair()
    set_marks(t, "a", ["L"] * 7)
    declare_all(t, {})
    acts = inits(t, {"a": 9, "b": 1})["a"]
    assert values(acts) == [None] and "A-CON-2" in [x.rule for x in acts[0].terms]
    assert t.ruleset.is_out(t.enc, t.enc.combatant("a"))


def test_a_con_2_crippled_still_acts_at_minus_5():
    t = _pair(a={"dexterite": 5, "astuce": 3})
    set_marks(t, "a", ["L"] * 6)  # Handicapé −5
    declare_all(t, {})
    assert values(inits(t, {"a": 9, "b": 1})["a"]) == [9 + 8 - 5]
    assert not t.ruleset.is_out(t.enc, t.enc.combatant("a"))


# --- CON-43: points spent at the declaration; the turn's states -----------------------------


@pytest.mark.parametrize(
    ("nature", "key"), [("mortel", "volonte_points"), ("vampire", "sang"), ("loup_garou", "rage")]
)
def test_con_43_points_spent_at_the_declaration(nature, key):
    t = _pair(a={"nature": nature, "sang": 5, "rage": 4, "volonte_points": 3})
    have = stat(t, "a", key)
    entry = t.enc.turn.order[t.enc.turn.current]
    assert entry.unit == "a"
    keys = [f.key for f in t.mode().rules.options(t.enc, t.enc.combatant("a"))]
    assert key in keys and ("sang" in keys) is (nature == "vampire")
    assert ("rage" in keys) is (nature == "loup_garou")
    before = dump(t.enc)
    cs = declare(t, "a", ["Frapper"], {key: 2})
    t.apply(cs)
    assert stat(t, "a", key) == have - 2
    t.revert(cs)
    assert dump(t.enc) == before
    with pytest.raises(ActionError):
        declare(t, "a", ["Frapper"], {key: have + 1})


def test_turn_states_are_counted_afresh_each_round():
    t = _pair(a={"armes": [arme("Pistolet-mitrailleur")]})
    declare_all(t, {"a": ["Tirer", "Tirer"]}, {"a": {"magiques": 1}})
    assert set(states(t, "a")) == {"decl_actions", "decl_magiques"}
    begin(t, {"a": 9, "b": 1})
    act(t, "attaquer", "a", "b", agg=0, distance=15)
    assert "tirs" in states(t, "a")
    while t.enc.turn.phase == "act":
        t.apply(t.next_turn())
    assert t.enc.turn.round == 2 and states(t, "a") == []


def test_declaring_one_action_clears_a_previous_multiple_declaration():
    t = _pair()
    t.apply(declare(t, "a", ["A1", "A2"], {"magiques": 1}))
    t.apply(declare(t, "a", ["A1"]))
    assert states(t, "a") == []


def test_con_43_an_amended_declaration_spends_its_points_once():
    """Re-declaring gives back what the earlier declaration spent this turn (CON-43)."""
    from gui.engine.files.storage import load
    from gui.engine.play.table import Table
    from gui.engine.rulesets.registry import RULESET_DATA_DIR

    t = Table(load(RULESET_DATA_DIR / "conteur" / "demo.json"))
    t.apply(t.start_combat())
    before = t.enc.combatant("mireille").stats["volonte_points"]
    t.apply(declare(t, "mireille", ["Tirer"], {"volonte_points": 1}))
    t.apply(declare(t, "mireille", ["Tirer", "Esquiver"], {"volonte_points": 2}))
    assert t.enc.combatant("mireille").stats["volonte_points"] == before - 2
    t.apply(declare(t, "mireille", ["Tirer"], {}))
    assert t.enc.combatant("mireille").stats["volonte_points"] == before
