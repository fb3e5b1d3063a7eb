"""reserve_menace Attaquer (RM-24 to RM-30, RM-47, RM-50, A-RM-8, A-RM-12, A-RM-13, CFG-RM-1,
CFG-RM-8, CFG-RM-12): the pool, the outcome against Défense, the additional effects,
Counter and Support."""

import pytest

from gui.engine.checks.request import DiceResult
from gui.engine.contract.values import Action, ActionError
from tests.engine.rulesets.reserve_menace.builders import (
    MJ,
    PJ,
    act,
    blocking,
    computed,
    encounter,
    extra,
    pc,
    res,
    start,
    stat,
    state_value,
    states,
)


def _duel(flags=None, reserve=0, **ana):
    """Ana (Agression 5) against a standard extra S1 (Défense 5) and a minor M1."""
    ana.setdefault("agression", 5)
    enc = encounter(
        pc("ana", vigilance=5, tenacite=4, **ana),
        pc("bea", vigilance=4),
        extra("s1", "standard", aptitude="bonne", equipe=False, valeur=4, tres_defavorable=False),
        extra("m1", aptitude="bonne", equipe=False, valeur=3),
        flags=flags,
        reserve=reserve,
    )
    t = computed(enc)
    t.apply(t.edit_stat("s1", "defense", 5))
    return enc, t


# --- Outcome against Défense (RM-26 to RM-28) ---------------------------------------------------


def test_tv_rm_07_success_below_defense_costs_1_defense_no_absorb():
    enc, t = _duel()
    _p, resolution, _cs = act(t, "attaquer", "ana", "s1", q=3)
    assert resolution.success is True and resolution.amounts == {"qualites": 3, "defense": 5}
    assert stat(enc, "s1", "defense") == 4 and states(enc, "s1") == []


def test_rm_26_a_failed_attack_has_no_effect_on_the_target():
    enc, t = _duel(reserve=2)
    _p, resolution, cs = act(t, "attaquer", "ana", "s1", q=0, effet="reserve_cible")
    assert resolution.success is False and resolution.amounts == {"qualites": 0}
    assert stat(enc, "s1", "defense") == 5 and states(enc, "s1") == [] and res(enc, MJ) == 2
    assert {c.path[0] for c in cs.changes} == {"log"}


@pytest.mark.parametrize("q", [5, 9])
def test_rm_28_q_at_least_defense_leaves_a_hit_to_absorb(q):
    enc, t = _duel()
    act(t, "attaquer", "ana", "s1", q=q)
    assert states(enc, "s1") == ["a_encaisser"] and state_value(enc, "s1", "a_encaisser") == q
    assert stat(enc, "s1", "defense") == 5


def test_rm_27_defense_floor_0():
    enc, t = _duel()
    t.apply(t.edit_stat("s1", "defense", 1))
    act(t, "attaquer", "ana", "s1", q=0)
    assert stat(enc, "s1", "defense") == 1
    act(t, "attaquer", "ana", "s1", q=1)
    assert states(enc, "s1") == ["a_encaisser"]


def test_cfg_rm_1_custom_success_threshold():
    enc, t = _duel(flags={"CFG-RM-1": 2})
    _p, resolution, _cs = act(t, "attaquer", "ana", "s1", q=1)
    assert resolution.success is False and stat(enc, "s1", "defense") == 5
    _p, resolution, _cs = act(t, "attaquer", "ana", "s1", q=2)
    assert resolution.success is True and stat(enc, "s1", "defense") == 4


# --- The pool (RM-24, RM-25, A-RM-1) ------------------------------------------------------------


def test_rm_25_cap_at_12_before_the_malus():
    enc, t = _duel(agression=10, reserve=0)
    t.apply(t.edit_stat("ana", "reserve", 5))
    t.apply(t.edit_stat("bea", "reserve", 0))
    preview, _r, _cs = act(t, "attaquer", "ana", "s1", q=0, renfort=2, des_reserve=3, malus=1)
    # 10 + 2 + 3 = 15 → 12, then −1 Malus → 11 (not 15 − 1 = 14 → 12).
    assert preview.dice.expr.count == 11
    # 10 + 2 already fill the 12 dice: the 3 Réserve dice would be discarded, so they stay
    # in the Réserve (spends match use, RM-13).
    assert stat(enc, "ana", "reserve") == 5


def test_rm_25_cap_then_counter_malus():
    enc, t = _duel(agression=10)
    t.apply(t.edit_stat("ana", "reserve", 4))
    t.apply(t.edit_stat("s1", "defense", 5))
    enc.side(MJ).resources["reserve"] = 3
    preview, _r, _cs = act(t, "attaquer", "ana", "s1", q=4, des_reserve=4, contre_par="s1")
    assert preview.dice.expr.count == 9  # 14 → 12 → −3


def test_rm_25_not_enough_reserve_dice_blocks():
    enc, t = _duel()
    t.apply(t.edit_stat("ana", "reserve", 1))
    with pytest.raises(ActionError, match="RM-25"):
        act(t, "attaquer", "ana", "s1", q=1, des_reserve=2)
    assert stat(enc, "ana", "reserve") == 1


def test_rm_24_domain_chooses_the_pool():
    _enc, t = _duel(agression=5, ruse=2)
    preview, _r, _cs = act(t, "attaquer", "ana", "s1", q=1, domaine="ruse")
    assert preview.dice.expr.count == 2
    with pytest.raises(ActionError):
        act(t, "attaquer", "ana", "s1", q=1, domaine="valeur")


def test_house_roll_counts_the_faces():
    """RM-MAISON-1 (a house rule, off by default): the app rolls and counts 5s and 6s."""
    enc, t = _duel(flags={"RM-MAISON-1": True})
    preview = t.preview(Action("attaquer", "ana", "s1", {}))
    assert preview.dice.face_values == (0, 0, 0, 0, 1, 1) and preview.dice.expr.count == 5
    assert preview.odds is not None and 0 < preview.odds < 1
    resolution, cs = t.resolve(preview.action, DiceResult("faces", (6, 5, 1, 2, 3)))
    t.apply(cs)
    assert resolution.success is True and stat(enc, "s1", "defense") == 4  # 2 Q < 5


def test_a_rm_1_a_pool_of_0_dice_fails_by_itself():
    enc, t = _duel(agression=2)
    preview, resolution, _cs = act(t, "attaquer", "ana", "s1", q=None, malus=2)
    assert preview.dice is None and resolution.success is False
    assert stat(enc, "s1", "defense") == 5


# --- Additional effect (RM-29, A-RM-8, CFG-RM-8) ------------------------------------------------


def test_rm_29_target_loses_a_reserve_die_pc_and_gm_camp():
    enc, t = _duel(reserve=2)
    act(t, "attaquer", "ana", "s1", q=4, effet="reserve_cible")
    assert res(enc, MJ) == 1
    t.apply(t.edit_stat("ana", "reserve", 3))
    act(t, "attaquer", "s1", "ana", q=3, effet="reserve_cible")
    assert stat(enc, "ana", "reserve") == 2


@pytest.mark.parametrize(("before", "after"), [(4, 5), (12, 12)])
def test_rm_29_and_rm_13_own_reserve_plus_1_capped(before, after):
    enc, t = _duel()
    t.apply(t.edit_stat("ana", "reserve", before))
    act(t, "attaquer", "ana", "s1", q=4, effet="reserve_soi")
    assert stat(enc, "ana", "reserve") == after


def test_rm_29_ally_reserve_plus_1_needs_the_ally():
    enc, t = _duel()
    t.apply(t.edit_stat("bea", "reserve", 12))
    act(t, "attaquer", "ana", "s1", q=4, effet="reserve_allie", allie="bea")
    assert stat(enc, "bea", "reserve") == 12  # RM-13
    t.apply(t.edit_stat("bea", "reserve", 3))
    act(t, "attaquer", "ana", "s1", q=4, effet="reserve_allie", allie="bea")
    assert stat(enc, "bea", "reserve") == 4
    with pytest.raises(ActionError):
        act(t, "attaquer", "ana", "s1", q=4, effet="reserve_allie")


def test_rm_29_extra_feeds_its_camp_reserve():
    enc, t = _duel(reserve=11)
    act(t, "attaquer", "s1", "ana", q=3, effet="reserve_soi")
    assert res(enc, MJ) == 12
    act(t, "attaquer", "s1", "ana", q=3, effet="reserve_allie", allie="m1")
    assert res(enc, MJ) == 12


@pytest.mark.parametrize(("bearer", "expected"), [(False, 12), (True, 13)])
def test_tv_rm_20_plus_1_defense_capped(bearer, expected):
    enc, t = _duel(porteur_arme=bearer)
    t.apply(t.edit_stat("ana", "defense", 12))
    act(t, "attaquer", "ana", "s1", q=3, effet="defense_soi")
    assert stat(enc, "ana", "defense") == expected


def test_rm_29_needs_3_qualites():
    enc, t = _duel()
    with pytest.raises(ActionError, match="RM-29"):
        act(t, "attaquer", "ana", "s1", q=2, effet="reserve_soi")
    assert stat(enc, "ana", "reserve") == 0 and stat(enc, "s1", "defense") == 5


def test_rm_29_forbid_an_action_type():
    enc, t = _duel()
    act(t, "attaquer", "ana", "s1", q=3, effet="interdire", type_interdit="se_deplacer")
    assert "interdit.se_deplacer" in states(enc, "s1")


@pytest.mark.parametrize(
    ("lowers", "defense", "pending"),
    [(True, 4, None), (False, 5, 7)],
)
def test_a_rm_8_sacrifice_lowers_q_before_the_thresholds(lowers, defense, pending):
    """Q 7 against Défense 5: the 3 sacrificed Qualités leave 4 < 5 → −1 Défense, no
    Encaisser; with CFG-RM-8 off the bonus is free and the hit stays at 7."""
    enc, t = _duel(flags={"CFG-RM-8": lowers})
    act(t, "attaquer", "ana", "s1", q=7, effet="reserve_soi")
    assert stat(enc, "ana", "reserve") == 1
    assert stat(enc, "s1", "defense") == defense
    if pending is None:
        assert "a_encaisser" not in states(enc, "s1")
    else:
        assert state_value(enc, "s1", "a_encaisser") == pending


def test_a_rm_8_lowered_q_still_hits_and_sets_the_malus():
    enc, t = _duel()
    act(t, "attaquer", "s1", "ana", q=9, effet="reserve_soi")  # 9 − 3 = 6 ≥ 5
    assert state_value(enc, "ana", "a_encaisser") == 6
    preview, _r, _cs = act(t, "encaisser", "ana", q=3)
    assert preview.dice.expr.count == 3  # Ténacité 4 − (6 − 5)


# --- Counter and Support (RM-47, RM-50, A-RM-12, A-RM-13, RM-23) -------------------------------


def _countered(flags=None, reserve=3, ana_reserve=11):
    enc = encounter(
        pc("ana", vigilance=5, reserve=ana_reserve),
        pc("bea", vigilance=5, reserve=2),
        extra("s1", "standard", valeur=8),
        extra("s2", "standard", valeur=8),
        flags=flags,
        reserve=reserve,
    )
    return enc, start(enc, MJ)


def test_tv_rm_16_counter_minus_3d_and_plus_2_reserve_on_a_miss():
    enc, t = _countered()
    preview, _r, _cs = act(t, "attaquer", "s1", "ana", q=0, contre_par="ana")
    assert preview.dice.expr.count == 5
    assert stat(enc, "ana", "reserve") == 12  # 11 − 1 (reaction) + 2, capped


def test_rm_47_counter_reward_only_if_the_attack_fails():
    enc, t = _countered(ana_reserve=5)
    act(t, "attaquer", "s1", "ana", q=2, contre_par="ana")
    assert stat(enc, "ana", "reserve") == 4 and stat(enc, "ana", "defense") == 4


def test_rm_47_countering_an_attack_on_an_ally():
    enc, t = _countered(ana_reserve=5)
    act(t, "attaquer", "s1", "ana", q=0, contre_par="bea")
    assert (stat(enc, "bea", "reserve"), stat(enc, "ana", "reserve")) == (3, 5)


def test_a_rm_13_an_extra_counters_dice_to_its_camp():
    enc = encounter(pc("ana", agression=6), extra("s1", "standard"), reserve=3)
    t = start(enc, PJ)
    preview, _r, _cs = act(t, "attaquer", "ana", "s1", q=0, contre_par="s1")
    assert preview.dice.expr.count == 3 and res(enc, MJ) == 4  # 3 − 1 + 2


@pytest.mark.parametrize(
    ("one", "pool", "ana", "bea"),
    [(True, 5, 12, 2), (False, 2, 12, 3)],
)
def test_a_rm_12_one_counter_per_attack_or_stacked(one, pool, ana, bea):
    enc, t = _countered(flags={"CFG-RM-12": one})
    opts = {"contre_par": "ana", "contre_par_2": "bea"}
    if one:  # one counter per attack: the second is no option of this attack
        with pytest.raises(ActionError, match="Unknown option"):
            act(t, "attaquer", "s1", "ana", q=0, **opts)
        del opts["contre_par_2"]
    preview, _r, _cs = act(t, "attaquer", "s1", "ana", q=0, **opts)
    assert preview.dice.expr.count == pool
    assert (stat(enc, "ana", "reserve"), stat(enc, "bea", "reserve")) == (ana, bea)


def test_rm_23_no_counter_by_the_side_holding_initiative():
    """The players hold the initiative; S1 interrupts to attack Ana, who cannot counter."""
    enc, t = _countered()
    t.apply(t.turn_step("give_initiative", "GM", side=PJ))
    act(t, "interrompre", "s1", type="attaquer")
    assert res(enc, MJ) == 2
    preview = t.preview(_attack("s1", "ana", contre_par="ana"))
    assert blocking(preview) == ["RM-23"]
    with pytest.raises(ActionError, match="RM-23"):
        act(t, "attaquer", "s1", "ana", q=0, contre_par="ana")
    act(t, "attaquer", "s1", "ana", q=0)
    assert stat(enc, "ana", "reserve") == 11


def _attack(actor, target, **options):
    return Action("attaquer", actor, target, options)


@pytest.mark.parametrize(("pays", "reserve", "blocked"), [(True, 0, True), (False, 0, False)])
def test_cfg_rm_10_extras_pay_reactions_from_the_gm_reserve(pays, reserve, blocked):
    enc = encounter(pc("ana", agression=6), extra("s1", "standard"), flags={"CFG-RM-10": pays})
    t = start(enc, PJ)
    preview = t.preview(_attack("ana", "s1", contre_par="s1"))
    assert ("A-RM-10" in blocking(preview)) is blocked
    act(t, "attaquer", "ana", "s1", q=0, contre_par="s1", force=blocked)
    assert res(enc, MJ) == 2  # 0 (nothing to pay, or free) + 2 for the Counter


def test_cfg_rm_10_default_pays_one_gm_die():
    enc = encounter(pc("ana", agression=6), extra("s1", "standard"), reserve=1)
    t = start(enc, PJ)
    act(t, "attaquer", "ana", "s1", q=4, contre_par="s1")
    assert res(enc, MJ) == 0


def test_rm_50_support_adds_1d_and_costs_a_reaction():
    """Support of the defender's Ténacité Test: the supporter does not hold initiative."""
    enc, t = _countered(ana_reserve=0)
    act(t, "attaquer", "s1", "ana", q=7)
    preview, _r, _cs = act(t, "encaisser", "ana", q=3, soutenu_par="bea")
    assert preview.dice.expr.count == 2  # Ténacité 3 + 1 − (7 − 5)
    assert stat(enc, "bea", "reserve") == 1


@pytest.mark.parametrize(("agression", "asked", "used"), [(9, 5, 3), (12, 2, 0), (5, 4, 4)])
def test_rm_25_rm_13_reserve_dice_beyond_the_cap_stay_in_the_reserve(agression, asked, used):
    """Spends match use: the 12-dice cap discards the Réserve dice beyond it, so they are not
    taken from the Réserve (RM-25, RM-13)."""
    enc, t = _duel(agression=agression)
    t.apply(t.edit_stat("ana", "reserve", 6))
    preview, _r, _cs = act(t, "attaquer", "ana", "s1", q=0, des_reserve=asked)
    assert preview.dice.expr.count == min(12, agression + asked)
    assert stat(enc, "ana", "reserve") == 6 - used
    beyond = [str(term) for term in preview.terms if term.rule == "RM-13"]
    assert beyond == (
        [f"RM-13 {asked - used} dé(s) de Réserve au-delà de 12 : restent dans la Réserve"]
        if used < asked
        else []
    )
