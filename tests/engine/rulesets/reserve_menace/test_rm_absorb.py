"""reserve_menace Encaisser (RM-31 to RM-42, A-RM-6, A-RM-19, CFG-RM-19): the Ténacité Test of a
Personnage, minor extras, the Moniteur of standard and major extras, the GM's dice and
sacrificed equipment."""

import pytest

from gui.engine.contract.values import ActionError
from tests.engine.rulesets.reserve_menace.builders import (
    MJ,
    PJ,
    act,
    computed,
    encounter,
    extra,
    marks,
    nxt,
    pc,
    res,
    start,
    stat,
    states,
)

SWORD = {"nom": "Épée", "categorie": "arme", "etat": "intact"}
SHIELD = {"nom": "Bouclier", "categorie": "bouclier", "etat": "intact"}


def _hit_pc(q, defense=5, tenacite=6, **stats):
    """Ana (Défense `defense`) hit by S1 with `q` Qualités, waiting to absorb it."""
    enc = encounter(
        pc("ana", tenacite=tenacite, **stats),
        pc("bea", reserve=1),
        extra("s1", "standard", valeur=8),
        reserve=3,
    )
    t = computed(enc)
    t.apply(t.edit_stat("ana", "defense", defense))
    act(t, "attaquer", "s1", "ana", q=q)
    assert states(enc, "ana") == ["a_encaisser"]
    return enc, t


# --- Personnages (RM-31 to RM-34) -------------------------------------------------------------


@pytest.mark.parametrize(
    ("q", "state", "traumas", "defense"),
    [(0, "terrasse", 1, 5), (2, None, 1, 4), (3, None, 0, 4), (5, None, 0, 4)],
)
def test_tv_rm_08_character_absorbs_with_malus(q, state, traumas, defense):
    enc, t = _hit_pc(7)
    preview, _resolution, _cs = act(t, "encaisser", "ana", q=q, trauma="Estafilade")
    assert preview.dice.expr.count == 4  # Ténacité 6, Malus 7 − 5 = 2
    assert "RM-31 -2 Malus (Q − Défense)" in [str(x) for x in preview.terms]
    assert stat(enc, "ana", "defense") == defense
    assert stat(enc, "ana", "traumas") == ["Estafilade"] * traumas
    assert states(enc, "ana") == ([state] if state else [])


def test_tv_rm_09_q_equal_to_defense_malus_0():
    _enc, t = _hit_pc(5)
    preview, _r, _cs = act(t, "encaisser", "ana", q=3)
    assert preview.dice.expr.count == 6
    assert not any(x.rule == "RM-31" for x in preview.terms)


@pytest.mark.parametrize(("briser", "state"), [(False, "terrasse"), (True, "brise")])
def test_tv_rm_10_zero_dice_fails_by_itself_brise_at_the_attackers_choice(briser, state):
    enc, t = _hit_pc(8, tenacite=3)
    preview, _resolution, _cs = act(t, "encaisser", "ana", q=None, briser=briser)
    assert preview.dice is None
    assert states(enc, "ana") == [state] and len(stat(enc, "ana", "traumas")) == 1
    assert stat(enc, "ana", "defense") == 5


def test_rm_34_brise_only_when_the_pool_is_down_to_0():
    enc, t = _hit_pc(7, tenacite=3)  # 1 die left: a failure is Terrassé, never Brisé
    act(t, "encaisser", "ana", q=0, briser=True)
    assert states(enc, "ana") == ["terrasse"]


def test_rm_32_a_defeated_character_is_skipped_and_takes_a_trauma_named_by_default():
    enc, t = _hit_pc(7)
    act(t, "encaisser", "ana", q=0)
    assert stat(enc, "ana", "traumas") == ["Trauma"]


def test_rm_41_character_sacrifices_equipment_plus_2d():
    enc, t = _hit_pc(9, tenacite=4, equipement=[SWORD, SHIELD])
    preview, _r, _cs = act(t, "encaisser", "ana", q=3, sacrifice="1", etat_apres="hors_service")
    assert preview.dice.expr.count == 2  # 4 + 2 − (9 − 5)
    gear = stat(enc, "ana", "equipement")
    assert [g["etat"] for g in gear] == ["intact", "hors_service"]
    act(t, "attaquer", "s1", "ana", q=9)
    with pytest.raises(ActionError):
        act(t, "encaisser", "ana", q=3, sacrifice="1")  # no longer intact (RM-42)


def test_rm_25_absorb_pool_capped_before_the_malus():
    enc, t = _hit_pc(7, tenacite=11, equipement=[SHIELD])
    preview, _r, _cs = act(t, "encaisser", "ana", q=3, sacrifice="0", soutenu_par="bea")
    assert preview.dice.expr.count == 10  # 11 + 2 + 1 = 14 → 12, then −2
    assert stat(enc, "bea", "reserve") == 0  # Support costs a reaction (RM-22)


# --- Minor extras (RM-35) ---------------------------------------------------------------------


def _minor(defense):
    enc = encounter(pc("ana", agression=8), extra("m1", equipe=False), extra("m2"))
    t = computed(enc)
    t.apply(t.edit_stat("m1", "defense", defense))
    return enc, t


@pytest.mark.parametrize(
    ("q", "briser", "defense", "state"),
    [
        (2, False, 2, None),
        (3, False, 3, "terrasse"),
        (3, True, 3, "terrasse"),
        (5, True, 3, "terrasse"),
        (6, False, 3, "terrasse"),
        (6, True, 3, "brise"),
    ],
)
def test_tv_rm_11_minor_extra(q, briser, defense, state):
    enc, t = _minor(3)
    act(t, "attaquer", "ana", "m1", q=q)
    if state is not None:
        act(t, "encaisser", "m1", briser=briser)
    assert stat(enc, "m1", "defense") == defense
    assert states(enc, "m1") == ([state] if state else [])


@pytest.mark.parametrize(("briser", "state"), [(False, "terrasse"), (True, "brise")])
def test_tv_rm_11_minor_at_defense_0(briser, state):
    enc, t = _minor(0)
    act(t, "attaquer", "ana", "m1", q=1)
    act(t, "encaisser", "m1", briser=briser)
    assert states(enc, "m1") == [state]


def test_rm_41_minor_sacrifices_equipment_minus_2_q():
    enc, t = _minor(3)
    t.apply(t.edit_stat("m1", "equipement", [SHIELD]))
    act(t, "attaquer", "ana", "m1", q=4)
    act(t, "encaisser", "m1", sacrifice="0", etat_apres="detruit")
    # 4 − 2 = 2 < 3: not Terrassé, −1 Défense (A-RM-19); the shield is destroyed (RM-42).
    assert states(enc, "m1") == [] and stat(enc, "m1", "defense") == 2
    assert stat(enc, "m1", "equipement")[0]["etat"] == "detruit"


# --- Standard and major extras (RM-36 to RM-40, A-RM-6, A-RM-19, CFG-RM-19) --------------------


def _standard(defense=6, size=3, checked=0, tier="standard", reserve=3, flags=None):
    s1 = extra("s1", tier, moniteur_taille=size)
    s1.tracks["moniteur"].marks = ["X"] * checked + [""] * (size - checked)
    enc = encounter(pc("ana", agression=12), s1, reserve=reserve, flags=flags)
    t = computed(enc)
    t.apply(t.edit_stat("s1", "defense", defense))
    return enc, t


@pytest.mark.parametrize(
    ("gm_dice", "box", "defense", "reserve"),
    [(0, ["X", "", ""], 6, 3), (1, ["X", "", ""], 6, 2), (2, ["", "", ""], 5, 1)],
)
def test_tv_rm_12_standard_extra_and_gm_dice(gm_dice, box, defense, reserve):
    enc, t = _standard()
    act(t, "attaquer", "ana", "s1", q=8)
    act(t, "encaisser", "s1", des_mj=gm_dice)
    assert marks(enc, "s1") == box
    assert stat(enc, "s1", "defense") == defense and res(enc, MJ) == reserve
    assert states(enc, "s1") == []


def test_rm_37_gm_dice_beyond_the_reserve_block():
    _enc, t = _standard(reserve=1)
    act(t, "attaquer", "ana", "s1", q=8)
    with pytest.raises(ActionError, match="RM-37"):
        act(t, "encaisser", "s1", des_mj=2)


@pytest.mark.parametrize("tier", ["standard", "majeur"])
def test_rm_38_twice_the_defense_defeats_whatever_boxes_remain(tier):
    enc, t = _standard(size=4, tier=tier)
    act(t, "attaquer", "ana", "s1", q=12)
    act(t, "encaisser", "s1", briser=True)  # 3 boxes would remain: Brisé not allowed
    assert states(enc, "s1") == ["terrasse"] and marks(enc, "s1") == [""] * 4


@pytest.mark.parametrize(("briser", "state"), [(False, "terrasse"), (True, "brise")])
def test_rm_38_brise_with_exactly_one_box_left(briser, state):
    enc, t = _standard(size=3, checked=2)
    act(t, "attaquer", "ana", "s1", q=12)
    act(t, "encaisser", "s1", briser=briser)
    assert states(enc, "s1") == [state]


@pytest.mark.parametrize("tier", ["standard", "majeur"])
def test_rm_36_rm_39_boxes_then_the_last_one_defeats(tier):
    enc, t = _standard(size=2, tier=tier)
    act(t, "attaquer", "ana", "s1", q=7)
    act(t, "encaisser", "s1", briser=True)
    assert marks(enc, "s1") == ["X", ""] and states(enc, "s1") == []
    act(t, "attaquer", "ana", "s1", q=6)
    act(t, "encaisser", "s1", briser=True)  # RM-39: Terrassé, Brisé is only for RM-38
    assert marks(enc, "s1") == ["X", "X"] and states(enc, "s1") == ["terrasse"]


def test_rm_40_moniteur_of_1_box():
    enc, t = _standard(size=1)
    act(t, "attaquer", "ana", "s1", q=6)
    act(t, "encaisser", "s1")
    assert marks(enc, "s1") == ["X"] and states(enc, "s1") == ["terrasse"]


def test_a_rm_19_partial_reduction_turns_defeat_into_one_box():
    enc, t = _standard()
    act(t, "attaquer", "ana", "s1", q=13)
    act(t, "encaisser", "s1", des_mj=1)  # 11: between Défense and twice it
    assert marks(enc, "s1") == ["X", "", ""] and states(enc, "s1") == []
    assert res(enc, MJ) == 2


@pytest.mark.parametrize("dice", [1, 2, 3])
def test_cfg_rm_19_off_reduction_must_bring_q_below_defense(dice):
    enc, t = _standard(flags={"CFG-RM-19": False})
    act(t, "attaquer", "ana", "s1", q=12)
    with pytest.raises(ActionError, match="CFG-RM-19"):
        act(t, "encaisser", "s1", des_mj=dice)
    assert res(enc, MJ) == 3 and states(enc, "s1") == ["a_encaisser"]


def test_cfg_rm_19_off_full_reduction_allowed():
    enc, t = _standard(flags={"CFG-RM-19": False}, reserve=4)
    act(t, "attaquer", "ana", "s1", q=12)
    act(t, "encaisser", "s1", des_mj=4)
    assert stat(enc, "s1", "defense") == 5 and marks(enc, "s1") == ["", "", ""]
    assert res(enc, MJ) == 0


def test_cfg_rm_19_off_gm_dice_and_sacrifice_together_below_defense():
    """RM-41: the sacrificed item removes 2 Qualités *more*: the result the GM must bring
    below Défense is the one after both."""
    enc, t = _standard(flags={"CFG-RM-19": False})
    t.apply(t.edit_stat("s1", "equipement", [SHIELD]))
    act(t, "attaquer", "ana", "s1", q=9)
    act(t, "encaisser", "s1", des_mj=1, sacrifice="0")  # 9 − 2 − 2 = 5 < 6
    assert stat(enc, "s1", "defense") == 5 and marks(enc, "s1") == ["", "", ""]
    assert res(enc, MJ) == 2


def test_rm_41_standard_sacrifice_and_gm_dice_add_up():
    enc, t = _standard()
    t.apply(t.edit_stat("s1", "equipement", [SHIELD, SWORD]))
    act(t, "attaquer", "ana", "s1", q=12)
    act(t, "encaisser", "s1", des_mj=1, sacrifice="1")  # 12 − 2 − 2 = 8: one box
    assert marks(enc, "s1") == ["X", "", ""] and states(enc, "s1") == []
    assert [g["etat"] for g in stat(enc, "s1", "equipement")] == ["intact", "endommage"]


def test_absorb_without_a_pending_hit_is_refused():
    _enc, t = _standard()
    with pytest.raises(ActionError):
        act(t, "encaisser", "s1")


# --- Disarm instead of Encaisser (RM-59 to RM-63, A-RM-9, A-RM-21, CFG-RM-9) --------------------


def _disarm_setup(q=7, flags=None, defense=5):
    """S1 hits Ana (Défense 5, Ténacité 6) with `q` Qualités during the GM's Passe."""
    enc = encounter(
        pc("ana", tenacite=6, prouesse=4), extra("s1", "standard", valeur=9), flags=flags
    )
    t = start(enc, MJ)
    enc.combatant("ana").stats["defense"] = defense
    enc.combatant("s1").stats["defense"] = 12
    act(t, "attaquer", "s1", "ana", q=q)
    return enc, t


@pytest.mark.parametrize(
    ("q", "disarmed", "gm", "actions"), [(0, True, 2, 2), (2, False, 0, 1), (3, False, 0, 2)]
)
def test_tv_rm_22_disarm(q, disarmed, gm, actions):
    enc, t = _disarm_setup()
    preview, resolution, _cs = act(t, "desarmer", "s1", "ana", q=q)
    assert preview.dice.expr.count == 4  # Malus 7 − 5 = 2
    assert stat(enc, "ana", "defense") == 4  # RM-59: loses 1 Défense anyway
    assert ("desarme" in states(enc, "ana")) is disarmed and "a_encaisser" not in states(enc, "ana")
    assert res(enc, MJ) == gm and stat(enc, "ana", "traumas") == []
    assert next(e.actions_left for e in enc.turn.order if e.unit == "ana") == actions
    assert resolution.success is disarmed


@pytest.mark.parametrize(
    ("strict", "q", "blocked"), [(False, 5, False), (True, 5, True), (True, 6, False)]
)
def test_cfg_rm_9_disarm_threshold(strict, q, blocked):
    enc, t = _disarm_setup(q=q, flags={"CFG-RM-9": strict})
    if blocked:
        with pytest.raises(ActionError, match="A-RM-9"):
            act(t, "desarmer", "s1", "ana", q=3)
        act(t, "encaisser", "ana", q=3)  # Encaisser stays open
    else:
        act(t, "desarmer", "s1", "ana", q=3)
    assert stat(enc, "ana", "defense") == 4


@pytest.mark.parametrize(("lowers", "pool"), [(True, 6), (False, 4)])
def test_rm_61_seize_the_weapon_for_3_qualites(lowers, pool):
    """A-RM-8: the 3 Qualités spent lower Q for the Malus (7 − 3 = 4 < 5: none)."""
    enc, t = _disarm_setup(flags={"CFG-RM-8": lowers})
    preview, _r, _cs = act(t, "desarmer", "s1", "ana", q=0, option="saisir")
    assert preview.dice.expr.count == pool
    assert stat(enc, "ana", "arme_ou") == "aux mains de S1" and "desarme" in states(enc, "ana")


def test_rm_61_send_it_away_and_the_3_qualites_are_needed():
    enc, t = _disarm_setup(q=5)
    act(t, "desarmer", "s1", "ana", q=0, option="projeter", ou="dans le puits")
    assert stat(enc, "ana", "arme_ou") == "dans le puits"
    enc, t = _disarm_setup(q=2, defense=2)
    with pytest.raises(ActionError, match="RM-61"):
        act(t, "desarmer", "s1", "ana", q=0, option="saisir")
    act(t, "desarmer", "s1", "ana", q=0)
    assert stat(enc, "ana", "arme_ou") == "à terre, à portée"


def test_a_rm_21_disarming_an_extra_replaces_the_box():
    enc = encounter(pc("ana", agression=9, reserve=11), extra("s1", "standard", valeur=4))
    t = start(enc, PJ)
    enc.combatant("s1").stats["defense"] = 6
    act(t, "attaquer", "ana", "s1", q=8)
    preview, _r, _cs = act(t, "desarmer", "ana", "s1", q=0)
    assert preview.dice.expr.count == 2  # Valeur 4 − (8 − 6)
    assert marks(enc, "s1") == ["", ""] and stat(enc, "s1", "defense") == 5
    assert "desarme" in states(enc, "s1") and stat(enc, "ana", "reserve") == 12  # RM-13


@pytest.mark.parametrize(
    ("q", "counter", "recovered", "gm"),
    [(1, False, True, 2), (1, True, True, 1), (0, True, False, 1)],
)
def test_rm_63_recovering_the_weapon(q, counter, recovered, gm):
    enc, t = _disarm_setup()
    act(t, "desarmer", "s1", "ana", q=0)
    assert res(enc, MJ) == 2
    nxt(t)
    opts = {"contre_par": "s1"} if counter else {}
    preview, _r, _cs = act(t, "recuperer_arme", "ana", q=q, **opts)
    assert preview.dice.expr.count == (1 if counter else 4)  # Prouesse 4, Counter −3D
    assert ("desarme" not in states(enc, "ana")) is recovered
    assert res(enc, MJ) == gm  # a Counter is a reaction paid by the GM (A-RM-10)
    assert enc.turn.spent["ana"] == ["interagir_env"]


def test_rm_63_left_alone_no_test():
    enc, t = _disarm_setup()
    act(t, "desarmer", "s1", "ana", q=0)
    nxt(t)
    preview, _r, _cs = act(t, "recuperer_arme", "ana", laisse_faire=True)
    assert preview.dice is None and "desarme" not in states(enc, "ana")
