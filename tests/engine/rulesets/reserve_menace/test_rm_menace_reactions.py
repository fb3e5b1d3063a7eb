"""reserve_menace reactions, the GM's dice and Menace (RM-18, RM-22, RM-23, RM-39, RM-48, RM-49,
RM-51 to RM-56, A-RM-6, A-RM-7, A-RM-10, A-RM-11, A-RM-20, CFG-RM-6, CFG-RM-7, CFG-RM-10,
CFG-RM-20)."""

import pytest

from gui.engine.contract.values import Action, ActionError
from gui.engine.state.model import State
from tests.engine.rulesets.reserve_menace.builders import (
    MJ,
    PJ,
    act,
    blocking,
    computed,
    encounter,
    extra,
    left,
    marks,
    nxt,
    pc,
    res,
    start,
    stat,
    state_value,
    states,
)

# --- Reaction cost (RM-22, A-RM-10, CFG-RM-10, TV-RM-15) -----------------------------------------


def test_tv_rm_15_paying_for_reactions():
    enc = encounter(pc("ana", reserve=1), extra("s1", "standard"))
    t = start(enc, MJ)
    seen = []
    for _ in range(3):
        act(t, "pouvoir_reaction", "ana", description="Parade")
        seen.append((stat(enc, "ana", "reserve"), stat(enc, "ana", "tension")))
    assert seen == [(0, 0), (0, 1), (0, 2)]


@pytest.mark.parametrize(
    ("pays", "reserve", "after", "blocked"),
    [
        (True, 2, 1, False),
        (True, 0, 0, True),
        (False, 0, 0, False),
        (False, 2, 2, False),
    ],
)
def test_a_rm_10_extras_react_with_gm_dice(pays, reserve, after, blocked):
    enc = encounter(pc("ana"), extra("s1", "standard"), flags={"CFG-RM-10": pays}, reserve=reserve)
    t = start(enc, PJ)
    preview = t.preview(Action("pouvoir_reaction", "s1", None))
    assert ("A-RM-10" in blocking(preview)) is blocked
    if blocked:
        with pytest.raises(ActionError, match="A-RM-10"):
            act(t, "pouvoir_reaction", "s1")
    else:
        act(t, "pouvoir_reaction", "s1")
    assert res(enc, MJ) == after


def test_rm_23_no_reaction_while_holding_the_initiative():
    enc = encounter(pc("ana", reserve=2), extra("s1", "standard"), reserve=2)
    t = start(enc, PJ)
    for actor in ("ana",):
        assert blocking(t.preview(Action("pouvoir_reaction", actor, None))) == ["RM-23"]
        assert "RM-23" in blocking(t.preview(Action("interrompre", actor, None)))
    act(t, "pouvoir_reaction", "s1")
    assert res(enc, MJ) == 1
    # Outside the Passes nobody holds the initiative.
    t.apply(t.end_combat())
    act(t, "pouvoir_reaction", "ana")
    assert stat(enc, "ana", "reserve") == 1


# --- Bought minor actions (RM-18, TV-RM-18) -----------------------------------------------------


def test_tv_rm_18_four_minor_actions_cost_two_gm_dice_then_illegal():
    enc = encounter(
        pc("a"), pc("b"), pc("c"), *(extra(f"m{n}", valeur=3) for n in range(1, 6)), reserve=5
    )
    t = start(enc, MJ)
    for c in enc.combatants:
        c.stats["defense"] = 10
    act(t, "attaquer", "m1", "a", q=1)
    act(t, "attaquer", "m2", "b", q=1)
    assert left(enc, "mineurs.mj") == 0
    act(t, "acheter_action", "m3")
    act(t, "acheter_action", "m3")
    assert res(enc, MJ) == 3 and left(enc, "mineurs.mj") == 2
    nxt(t)
    nxt(t)  # the players' turn, then the GM again
    act(t, "attaquer", "m3", "c", q=1)
    act(t, "attaquer", "m4", "a", q=1)
    assert left(enc, "mineurs.mj") == 0 and res(enc, MJ) == 3  # 4 actions for 2 dice
    for cid in ("m1", "m2"):  # 3 minors left for 3 characters
        enc.combatant(cid).states.append(State(key="terrasse", label="Terrassé"))
    preview = t.preview(Action("acheter_action", "m3", None))
    assert "RM-18" in blocking(preview)
    with pytest.raises(ActionError, match="RM-18"):
        act(t, "acheter_action", "m3")
    assert res(enc, MJ) == 3


def test_rm_18_buying_needs_a_gm_die():
    enc = encounter(pc("a"), extra("m1"), extra("m2"), reserve=0)
    t = start(enc, MJ)
    with pytest.raises(ActionError, match="RM-18"):
        act(t, "acheter_action", "m1")


# --- Interrupt (RM-48, A-RM-11, TV-RM-26) -------------------------------------------------------


def _interrupt_setup(reserve=2):
    enc = encounter(pc("ana", reserve=reserve, agression=3), extra("s1", "standard"), extra("m1"))
    t = start(enc, MJ)
    for c in enc.combatants:
        c.stats["defense"] = 10
    return enc, t


def test_tv_rm_26_interrupt_with_0_actions_left_is_illegal():
    enc, t = _interrupt_setup()
    t.apply(t.turn_step("pass_unit", "x", unit="ana"))
    assert blocking(t.preview(Action("interrompre", "ana", None, {"type": "attaquer"}))) == [
        "RM-48"
    ]
    with pytest.raises(ActionError, match="RM-48"):
        act(t, "interrompre", "ana", type="attaquer")
    assert stat(enc, "ana", "reserve") == 2


def test_tv_rm_26_interrupt_with_1_action_and_reserve_2():
    enc, t = _interrupt_setup()
    t.apply(t.turn_step("spend", "x", unit="ana", count=1, force=True))
    assert left(enc, "ana") == 1
    act(t, "attaquer", "s1", "ana", q=1)
    act(t, "interrompre", "ana", type="attaquer")
    assert (stat(enc, "ana", "reserve"), left(enc, "ana")) == (1, 0)
    # The interrupting action itself: no further action spent, no initiative check.
    act(t, "attaquer", "ana", "s1", q=1)
    assert left(enc, "ana") == 0 and stat(enc, "s1", "defense") == 9
    assert enc.turn.spent["ana"] == ["attaquer"] and states(enc, "ana") == []
    # The opponent takes its remaining action.
    act(t, "interagir_env", "s1")
    assert left(enc, "s1") == 0


def test_a_rm_11_interrupt_type_counts_for_the_passe():
    enc, t = _interrupt_setup()
    act(t, "interrompre", "ana", type="attaquer")
    act(t, "attaquer", "ana", "s1", q=1)
    assert blocking(t.preview(Action("interrompre", "ana", None, {"type": "attaquer"}))) == [
        "A-RM-11"
    ]
    nxt(t)
    assert enc.turn.holder == PJ
    with pytest.raises(ActionError, match="RM-21"):
        act(t, "attaquer", "ana", "s1", q=1)
    act(t, "alimenter", "ana", None)
    assert left(enc, "ana") == 0


def test_rm_48_just_defeated_may_interrupt_one_last_time():
    enc, t = _interrupt_setup(reserve=0)
    act(t, "attaquer", "s1", "ana", q=10)
    act(t, "encaisser", "ana", q=0)
    assert "terrasse" in states(enc, "ana")
    act(t, "interrompre", "ana", type="attaquer")
    assert stat(enc, "ana", "tension") == 1  # empty Réserve: +1 Tension (RM-22)
    act(t, "attaquer", "ana", "s1", q=1)
    assert stat(enc, "s1", "defense") == 9


# --- Protect (RM-49, A-RM-20, CFG-RM-20) ---------------------------------------------------------


def _protect_setup(flags=None):
    enc = encounter(
        pc("ana", tenacite=5, reserve=1),
        pc("bea", tenacite=5, reserve=1),
        extra("s1", "standard", valeur=8),
        extra("g1", "standard", side=PJ, moniteur_taille=2),
        flags=flags,
    )
    t = start(enc, MJ)
    for cid, d in (("ana", 5), ("bea", 6), ("s1", 6), ("g1", 9)):
        enc.combatant(cid).stats["defense"] = d
    return enc, t


@pytest.mark.parametrize(("q", "pool"), [(9, 2), (5, 5)])
def test_rm_49_protector_absorbs_with_its_own_defense(q, pool):
    """Bea (Défense 6) protects Ana (Défense 5): Malus max(0, Q − 6); even at Q 5 < 6
    Bea must absorb, as if her Défense had been beaten."""
    enc, t = _protect_setup()
    act(t, "attaquer", "s1", "ana", q=q)
    act(t, "proteger", "bea", "ana")
    assert states(enc, "ana") == [] and stat(enc, "ana", "defense") == 5
    assert stat(enc, "bea", "reserve") == 0
    assert state_value(enc, "bea", "a_encaisser_protege") == q
    preview, _r, _cs = act(t, "encaisser", "bea", q=1)
    assert preview.dice.expr.count == pool
    assert stat(enc, "bea", "defense") == 5 and len(stat(enc, "bea", "traumas")) == 1
    assert stat(enc, "ana", "defense") == 5 and stat(enc, "ana", "traumas") == []


def test_rm_49_an_extra_protecting_takes_a_box_even_below_its_defense():
    enc, t = _protect_setup()
    enc.side(PJ).resources["reserve"] = 1  # the allied extra pays from its side (A-RM-10)
    act(t, "attaquer", "s1", "ana", q=5)
    act(t, "proteger", "g1", "ana")
    assert res(enc, PJ) == 0
    act(t, "encaisser", "g1")
    assert marks(enc, "g1") == ["X", ""] and stat(enc, "g1", "defense") == 9


def test_a_rm_20_protect_only_when_the_defense_was_beaten():
    enc, t = _protect_setup()
    act(t, "attaquer", "s1", "ana", q=3)
    assert stat(enc, "ana", "defense") == 4
    assert blocking(t.preview(Action("proteger", "bea", "ana"))) == ["A-RM-20"]
    with pytest.raises(ActionError, match="A-RM-20"):
        act(t, "proteger", "bea", "ana")


def test_cfg_rm_20_protect_always():
    enc, t = _protect_setup(flags={"CFG-RM-20": True})
    act(t, "attaquer", "s1", "ana", q=3)
    act(t, "proteger", "bea", "ana", qualites=3)
    assert stat(enc, "ana", "defense") == 5  # not affected: the lost point comes back
    preview, _r, _cs = act(t, "encaisser", "bea", q=3)
    assert preview.dice.expr.count == 5 and stat(enc, "bea", "defense") == 5


def test_rm_49_protect_is_a_reaction_of_an_ally():
    enc, t = _protect_setup()
    act(t, "attaquer", "s1", "ana", q=7)
    assert "proteger" not in [s.kind for s in t.ruleset.actions(enc, "s1", "ana")]
    assert "proteger" in [s.kind for s in t.ruleset.actions(enc, "bea", "ana")]


# --- Menace (RM-53, RM-54, A-RM-6, A-RM-7, CFG-RM-6, CFG-RM-7) -----------------------------------


def _camp(minors=0, flags=None, **extras):
    members = [extra(f"m{n}", valeur=3) for n in range(1, minors + 1)]
    members += [extra(cid, tier) for cid, tier in extras.items()]
    enc = encounter(pc("ana", agression=12), *members, flags=flags, menace=5)
    t = computed(enc)
    for c in enc.combatants:
        c.stats["defense"] = 3
    return enc, t


def _defeat(t, cid, q=6):
    act(t, "attaquer", "ana", cid, q=q)
    act(t, "encaisser", cid)
    assert "terrasse" in states(t.enc, cid)


def test_rm_53_standard_out_menace_minus_1():
    enc, t = _camp(s1="standard", s2="standard")
    _defeat(t, "s1")
    assert res(enc, MJ, "menace") == 4
    _defeat(t, "s2")
    assert res(enc, MJ, "menace") == 3


@pytest.mark.parametrize(("major_counts", "menace"), [(True, 4), (False, 5)])
def test_cfg_rm_6_major_extra_out(major_counts, menace):
    enc, t = _camp(flags={"CFG-RM-6": major_counts}, boss="majeur")
    _defeat(t, "boss")
    assert res(enc, MJ, "menace") == menace


def test_rm_54_half_of_the_minors_once():
    enc, t = _camp(minors=5)
    assert res(enc, MJ, "mineurs_depart") == 5
    seen = []
    for n in range(1, 6):
        _defeat(t, f"m{n}")
        seen.append(res(enc, MJ, "menace"))
    assert seen == [5, 5, 4, 4, 4]  # ceil(5 / 2) = 3


def test_cfg_rm_7_every_further_half():
    enc, t = _camp(minors=6, flags={"CFG-RM-7": True})
    seen = []
    for n in range(1, 7):
        _defeat(t, f"m{n}")
        seen.append(res(enc, MJ, "menace"))
    assert seen == [5, 5, 4, 4, 4, 3]


def test_rm_54_minors_out_otherwise_count_and_brise_counts():
    enc, t = _camp(minors=4)
    enc.combatant("m1").states.append(State(key="hors_combat", label="Hors combat"))
    act(t, "attaquer", "ana", "m2", q=6)
    act(t, "encaisser", "m2", briser=True)
    assert states(enc, "m2") == ["brise"] and res(enc, MJ, "menace") == 4


def test_rm_53_players_side_extras_do_not_touch_menace():
    enc = encounter(pc("ana"), extra("g1", "standard", side=PJ), extra("s1", "standard", valeur=9))
    t = computed(enc)
    enc.combatant("g1").stats["defense"] = 2
    act(t, "attaquer", "s1", "g1", q=5)
    act(t, "encaisser", "g1")
    assert "terrasse" in states(enc, "g1") and res(enc, MJ, "menace") == 3


# --- Undermining morale (RM-55, RM-56) -----------------------------------------------------------


def _morale():
    enc = encounter(
        pc("ana", influence=5), extra("chef", "standard", meneur=True), extra("m1"), menace=3
    )
    return enc, start(enc, PJ)


@pytest.mark.parametrize(("q", "leader", "menace"), [(4, 3, 2), (3, 3, 3), (0, 0, 3)])
def test_rm_55_opposed_test_against_the_leader(q, leader, menace):
    enc, t = _morale()
    preview, resolution, _cs = act(t, "saper_moral", "ana", "chef", q=q, qualites_meneur=leader)
    assert preview.dice.expr.count == 5 and preview.target_number == leader + 1
    assert res(enc, MJ, "menace") == menace and resolution.success is (menace == 2)
    assert enc.turn.spent["ana"] == ["interagir_verbal"]


def test_rm_55_uses_the_interact_verbally_action():
    _enc, t = _morale()
    act(t, "interagir_verbal", "ana", description="Provocation")
    with pytest.raises(ActionError, match="RM-21"):
        act(t, "saper_moral", "ana", "chef", q=4, qualites_meneur=1)


def test_rm_56_gm_rules_a_group_immune():
    enc, t = _morale()
    with pytest.raises(ActionError, match="RM-56"):
        act(t, "saper_moral", "ana", "chef", q=4, qualites_meneur=1, possible=False)
    assert res(enc, MJ, "menace") == 3


def test_cfg_rm_20_protect_gives_back_defense_within_the_cap():
    enc, t = _protect_setup(flags={"CFG-RM-20": True})
    enc.combatant("ana").stats["defense"] = 12
    act(t, "proteger", "bea", "ana", qualites=4)  # after a failed attack: nothing was lost
    assert stat(enc, "ana", "defense") == 12  # RM-02
    act(t, "encaisser", "bea", q=3)
    act(t, "proteger", "bea", "ana", qualites=4, rendre_defense=False)
    assert stat(enc, "ana", "defense") == 12 and stat(enc, "bea", "tension") == 1


def test_rm_55_warns_when_the_target_is_not_the_leader():
    _enc, t = _morale()
    preview = t.preview(
        Action("saper_moral", "ana", "m1", {"qualites_meneur": 1, "domaine": "influence"})
    )
    warning = [n for n in preview.notices if n.rule == "RM-55"]
    assert warning and not warning[0].blocking
    preview = t.preview(Action("saper_moral", "ana", "chef", {"qualites_meneur": 1}))
    assert not [n for n in preview.notices if n.rule == "RM-55"]


def test_rm_39_rm_48_a_terrasse_still_absorbs_its_hit_and_interrupts_one_last_time():
    """RM-39: a Terrassé takes no further part, save the hit waiting on it (Encaisser, RM-28)
    and, RM-48, one last Interrompre; nothing else is offered."""
    enc, t = _interrupt_setup()
    enc.combatant("ana").stats["defense"] = 0
    act(t, "attaquer", "s1", "ana", q=1)
    enc.combatant("ana").states.append(State(key="terrasse", label="Terrassé"))
    specs, why = t.ruleset.offered_actions(enc, "ana", "s1")
    assert why.rule == "RM-39" and [s.kind for s in specs] == ["encaisser", "interrompre"]
