"""reserve_menace Défense and Réserve (spec 2.4 RM-01 to RM-15, A-RM-3 to A-RM-5, CFG-RM-3):
the value at the start of combat, its caps and floor, unaware characters, feeding a Réserve."""

import pytest

from gui.engine.contract.values import ActionError
from gui.engine.state.changes import revert
from tests.engine.builders import dump
from tests.engine.rulesets.reserve_menace.builders import (
    MJ,
    PJ,
    act,
    computed,
    encounter,
    extra,
    left,
    pc,
    start,
    stat,
    states,
    table,
)


def _start_defense(c, **flags) -> int:
    enc = encounter(c, flags=flags)
    start(enc)
    return stat(enc, c.id, "defense")


# --- Personnages (RM-01, RM-02, RM-07) ----------------------------------------------------------


def test_tv_rm_01_vigilance_aspect_equipment():
    c = pc("ana", vigilance=5, aspect_adapte=True, equipe=True)
    assert _start_defense(c) == 11


@pytest.mark.parametrize(("bearer", "expected"), [(False, 12), (True, 14)])
def test_tv_rm_02_cap_12_or_15_for_a_weapon_bearer(bearer, expected):
    c = pc("ana", vigilance=8, aspect_adapte=True, equipe=True, porteur_arme=bearer)
    assert _start_defense(c) == expected


def test_tv_rm_03_weapon_bearer_capped_at_15():
    c = pc("ana", vigilance=10, aspect_adapte=True, equipe=True, porteur_arme=True)
    assert _start_defense(c) == 15


@pytest.mark.parametrize(
    ("aspect", "equipped", "unfavourable", "expected"),
    [
        (False, False, False, 5),
        (True, False, False, 8),
        (False, True, False, 8),
        (False, False, True, 2),
        (True, True, True, 8),
    ],
)
def test_rm_01_each_term(aspect, equipped, unfavourable, expected):
    c = pc("ana", vigilance=5, aspect_adapte=aspect, equipe=equipped, tres_defavorable=unfavourable)
    assert _start_defense(c) == expected


@pytest.mark.parametrize(
    ("surprised", "unfavourable", "expected"),
    [(False, False, 8), (True, False, 5), (False, True, 5), (True, True, 5)],
)
def test_rm_07_surprise_is_minus_3_and_does_not_stack(surprised, unfavourable, expected):
    c = pc("ana", vigilance=5, equipe=True, surpris=surprised, tres_defavorable=unfavourable)
    assert _start_defense(c) == expected


def test_rm_10_floor_0_for_a_character():
    c = pc("ana", vigilance=1, tres_defavorable=True)
    assert _start_defense(c) == 0


def test_start_of_combat_is_one_undoable_changeset():
    enc = encounter(pc("ana", vigilance=5, equipe=True), extra("m1", aptitude="tres_bonne"))
    before = dump(enc)
    t = table(enc)
    cs = t.start_combat(first_side=PJ)
    t.apply(cs)
    assert (stat(enc, "ana", "defense"), stat(enc, "m1", "defense")) == (8, 9)
    assert enc.side(MJ).resources["mineurs_depart"] == 1
    assert enc.turn.round == 1 and enc.turn.holder == PJ
    revert(enc, cs)
    assert dump(enc) == before


# --- Figurants (RM-06, A-RM-3, A-RM-4, CFG-RM-3) -----------------------------------------------


@pytest.mark.parametrize(
    ("aptitude", "equipped", "unfavourable", "expected"),
    [
        ("bonne", True, False, 6),
        ("extremement_bonne", True, False, 12),
        ("mediocre", False, True, 0),
        ("tres_bonne", True, True, 6),
        ("mediocre", False, False, 0),
        ("bonne", False, False, 3),
        ("tres_bonne", False, False, 6),
        ("extremement_bonne", False, False, 9),
    ],
)
def test_tv_rm_05_extras(aptitude, equipped, unfavourable, expected):
    for tier in ("mineur", "standard", "majeur"):
        c = extra("x", tier, aptitude=aptitude, equipe=equipped, tres_defavorable=unfavourable)
        assert _start_defense(c) == expected, tier


@pytest.mark.parametrize(("capped", "expected"), [(False, 13), (True, 12)])
def test_cfg_rm_3_extras_cap_on_later_increase(capped, expected):
    """A-RM-3: no cap for extras by default; CFG-RM-3 caps them at 12, also on increases."""
    boss = extra("boss", "majeur", aptitude="extremement_bonne", equipe=True, valeur=6)
    enc = encounter(boss, pc("ana", vigilance=0), flags={"CFG-RM-3": capped})
    t = computed(enc)
    assert stat(enc, "boss", "defense") == 12
    act(t, "attaquer", "boss", "ana", q=5, effet="defense_soi")
    assert stat(enc, "boss", "defense") == expected


def test_rm_02_bearer_at_15_stays_15_on_increase():
    c = pc("ana", vigilance=12, aspect_adapte=True, equipe=True, porteur_arme=True, agression=4)
    enc = encounter(c, extra("m1", aptitude="mediocre", equipe=False))
    t = computed(enc)
    assert stat(enc, "ana", "defense") == 15
    act(t, "attaquer", "ana", "m1", q=4, effet="defense_soi")
    assert stat(enc, "ana", "defense") == 15


# --- Unaware characters (RM-08, RM-09, A-RM-5) --------------------------------------------------


def _unaware(kind: str, **stats):
    bob = pc("bob", vigilance=6, equipe=True, tenacite=6, vigilance_etat=kind, **stats)
    enc = encounter(bob, extra("m1", valeur=4), extra("m2", valeur=4), extra("m3", valeur=4))
    return enc, computed(enc, MJ)


def test_rm_09_inattentive_defense_0_against_the_first_attack_then_minus_3():
    enc, t = _unaware("inattentif")
    # Stored Défense already carries the −3 (6 + 3 − 3); the first attack meets 0.
    assert stat(enc, "bob", "defense") == 6 and "sans_defense" in states(enc, "bob")
    preview, _res, _cs = act(t, "attaquer", "m1", "bob", q=1)
    assert preview.target_number == 0
    assert "a_encaisser" in states(enc, "bob")
    preview, _res, _cs = act(t, "encaisser", "bob", q=3)
    # RM-31: Malus = Q − Défense = 1 − 0 → Ténacité 6 becomes 5 dice.
    assert preview.dice.expr.count == 5
    assert "sans_defense" not in states(enc, "bob") and stat(enc, "bob", "defense") == 5
    assert stat(enc, "bob", "vigilance_etat") == "attentif"
    preview, _res, _cs = act(t, "attaquer", "m2", "bob", q=3)
    assert preview.target_number == 5 and stat(enc, "bob", "defense") == 4


def test_rm_08_a_failed_first_attack_is_received_too():
    enc, t = _unaware("inattentif")
    act(t, "attaquer", "m1", "bob", q=0)
    assert "sans_defense" not in states(enc, "bob") and stat(enc, "bob", "defense") == 6
    preview, _res, _cs = act(t, "attaquer", "m2", "bob", q=2)
    assert preview.target_number == 6 and stat(enc, "bob", "defense") == 5


def test_rm_07_surprised_and_inattentive_take_minus_3_once():
    enc, _t = _unaware("inattentif", surpris=True, tres_defavorable=True)
    assert stat(enc, "bob", "defense") == 6


def test_a_rm_5_a_sleeper_stays_at_0_until_woken():
    enc, t = _unaware("inconscient")
    assert stat(enc, "bob", "defense") == 6
    act(t, "attaquer", "m1", "bob", q=2)
    act(t, "encaisser", "bob", q=3)
    assert stat(enc, "bob", "defense") == 5
    preview, _res, _cs = act(t, "attaquer", "m2", "bob", q=1)
    assert preview.target_number == 0 and "a_encaisser" in states(enc, "bob")
    act(t, "encaisser", "bob", q=3)
    # The GM wakes him (A-RM-5): from now on the stored Défense (with its −3) counts.
    t.apply(t.edit_stat("bob", "vigilance_etat", "attentif"))
    preview, _res, _cs = act(t, "attaquer", "m3", "bob", q=3)
    assert preview.target_number == 4 and stat(enc, "bob", "defense") == 3


def test_rm_11_defense_fixed_at_start_sheet_edits_do_not_recompute():
    enc = encounter(pc("ana", vigilance=5, equipe=True), extra("m1"))
    t = computed(enc)
    t.apply(t.edit_stat("ana", "aspect_adapte", True))
    assert stat(enc, "ana", "defense") == 8
    terms = {t.rule: str(t) for t in t.ruleset.derived(enc, enc.combatant("ana"))}
    assert "Défense actuelle : 8" in terms["RM-11"]


# --- Feed a Réserve (RM-15, TV-RM-24) ------------------------------------------------------------


@pytest.mark.parametrize(("who", "before", "after"), [("ana", 12, 12), ("bea", 3, 4)])
def test_tv_rm_24_feed_a_reserve(who, before, after):
    enc = encounter(pc("ana"), pc("bea"), extra("s1", "standard"))
    t = start(enc, PJ)
    t.apply(t.edit_stat(who, "reserve", before))
    target = None if who == "ana" else who
    act(t, "alimenter", "ana", target)
    assert stat(enc, who, "reserve") == after
    assert enc.turn.spent["ana"] == ["alimenter"] and left(enc, "ana") == 1


def test_rm_15_only_a_personnage_gets_the_die():
    t = start(encounter(pc("ana"), extra("s1", "standard")), PJ)
    with pytest.raises(ActionError, match="RM-15"):
        act(t, "alimenter", "ana", "s1")
    assert [s.kind for s in t.ruleset.actions(t.enc, "s1", None)].count("alimenter") == 0
