"""attention_donjon damage and health (AD-13 to AD-20, AD-28, AD-33, A-AD-14, A-AD-18,
A-AD-19, CFG-AD-6, CFG-AD-11, CFG-AD-12): damage pools, Pénétration, Secoué and Blessé,
Santé, death and Héroïsme, and the scope of the Secoué penalty."""

import pytest

from gui.engine.contract.values import ActionError
from tests.engine.rulesets.attention_donjon.builders import (
    CROSSBOW,
    SWORD,
    act,
    agg,
    armour,
    blocking,
    dice_count,
    difficulty_terms,
    enemy,
    faces,
    figure,
    hit,
    is_shaken,
    look,
    rules,
    stat,
    states,
    table,
    weapon,
)


def _duel(target=None, attacker=None, flags=None, arms=(SWORD,)):
    """A (Force 3, Mêlée 3) against B, same zone; B has Vigueur 3 (Endurance 2)."""
    mine = {"melee": 3, "tir": 3, "force": 3, "agilite": 2, "armes": list(arms)}
    return table(
        figure("a", **(mine | (attacker or {}))),
        enemy("b", **({"vigueur": 3, "sante": 6, "sante_max": 6} | (target or {}))),
        flags=flags,
    )


def _damage(t, dice, **options):
    hit(t, "a", "b", options.pop("arme", "0"))
    resolution, _cs = act(t, "dommages", "a", "b", dice, **options)
    return resolution


# --- AD-13, AD-14 ----------------------------------------------------------------------------


def test_ad_13_damage_only_after_a_hit_and_once_per_hit():
    t = _duel()
    assert blocking(look(t, "dommages", "a", "b")) == ["AD-13"]
    assert hit(t, "a", "b").amounts["successes"] == 30
    resolution, _cs = act(t, "dommages", "a", "b", agg(2))
    assert resolution.amounts["successes"] == 2 and "difficulty" in resolution.amounts
    with pytest.raises(ActionError, match="AD-13"):
        act(t, "dommages", "a", "b", agg(2))
    # The GM may still pass over it (G-3).
    resolution, _cs = act(t, "dommages", "a", "b", agg(0), force=True)
    assert "G-3" in rules(resolution.terms)


def test_ad_13_a_hit_is_pending_per_attacker():
    t = table(figure("a", melee=3), figure("c", melee=3), enemy("b"))
    hit(t, "a", "b")
    assert blocking(look(t, "dommages", "c", "b")) == ["AD-13"]
    assert blocking(look(t, "dommages", "a", "b")) == []


@pytest.mark.parametrize(
    ("arm", "stats", "dice"),
    [
        (weapon("Arc", "tir", 3, "-", 4), {}, 4),
        (weapon("Épée", "melee", 1, "force", 0), {"force": 2}, 2),
        (weapon("Épée", "melee", 1, "force", 2), {"force": 2}, 4),
        (weapon("Shuriken", "lancer", 2, "agilite", 1), {"agilite": 4}, 5),
        (weapon("Rien", "melee", 1, "-", 0), {}, 0),
    ],
)
def test_ad_14_damage_pool(arm, stats, dice):
    t = _duel(attacker=stats | {"lancer": 3}, arms=(arm,))
    hit(t, "a", "b")
    assert dice_count(t, "dommages", "a", "b") == dice


def test_ad_14_damage_uses_the_weapon_that_hit():
    t = _duel(arms=(CROSSBOW, SWORD))
    hit(t, "a", "b", "1")
    spec = next(s for s in t.ruleset.actions(t.enc, "a", "b") if s.kind == "dommages")
    assert spec.options[0].default == "1"
    assert dice_count(t, "dommages", "a", "b") == 3  # the sword's Force, not the crossbow's 5
    assert dice_count(t, "dommages", "a", "b", arme="0") == 5


def test_ad_14_damage_is_not_an_attribute_roll_no_shaken_penalty_by_default():
    t = _duel(attacker={"shaken": True}, arms=(SWORD,))
    hit(t, "a", "b")
    assert dice_count(t, "dommages", "a", "b") == 3
    assert dice_count(t, "attaquer", "a", "b") == 2


# --- AD-15, AD-18: Endurance and Pénétration -------------------------------------------------


@pytest.mark.parametrize(
    ("vigueur", "armour_points", "pen", "expected"),
    [
        (2, 3, 0, 4),  # 4(3)
        (2, 3, 1, 3),
        (2, 3, 3, 1),
        (2, 3, 5, 1),
        (3, 0, 2, 2),  # no armour: Pénétration has no effect
        (5, 1, 2, 3),  # 4(1): only the armour point goes
    ],
)
def test_ad_15_ad_18_penetration_removes_armour_only(vigueur, armour_points, pen, expected):
    target = {"vigueur": vigueur, "protections": [armour(armour_points)] if armour_points else []}
    t = _duel(target, arms=(weapon("Pic", "melee", 1, "force", 0, pen),))
    hit(t, "a", "b")
    preview = look(t, "dommages", "a", "b")
    assert preview.target_number == expected
    if pen:
        assert difficulty_terms(preview, "AD-18") == [-min(pen, armour_points)]


def test_ad_15_imposed_endurance_4_3_keeps_its_armour_part():
    target = {"vigueur": 0, "endurance_imposee": 4, "protections": [armour(3)]}
    t = _duel(target, arms=(weapon("Pic", "melee", 1, "force", 0, 1),))
    hit(t, "a", "b")
    preview = look(t, "dommages", "a", "b")
    assert preview.target_number == 3
    assert any("4(3)" in term.label for term in preview.terms if term.rule == "AD-15")
    assert "G-3" in rules(preview.terms)


@pytest.mark.parametrize(("floor", "expected"), [(True, 1), (False, 0)])
def test_cfg_ad_6_difficulty_floor(floor, expected):
    t = _duel({"vigueur": 0}, flags={"CFG-AD-6": floor})
    hit(t, "a", "b")
    preview = look(t, "dommages", "a", "b")
    assert preview.target_number == expected
    assert ("A-AD-14" in rules(preview.terms)) is floor
    resolution, _cs = act(t, "dommages", "a", "b", agg(0))
    assert is_shaken(t, "b") is (not floor) and resolution.success is (not floor)


def test_cfg_ad_6_armour_pierced_to_zero_is_floored_too():
    target = {"vigueur": 0, "protections": [armour(2)]}
    t = _duel(target, arms=(weapon("Pic", "melee", 1, "force", 0, 2),))
    hit(t, "a", "b")
    assert look(t, "dommages", "a", "b").target_number == 1


# --- AD-16, AD-17: Secoué, Blessé, Santé ------------------------------------------------------


@pytest.mark.parametrize(
    ("was_shaken", "got", "wounds"),
    [
        (False, 0, None),
        (False, 1, None),
        (True, 1, None),
        (False, 2, 0),
        (True, 2, 1),
        (False, 3, 1),
        (True, 3, 2),
        (False, 5, 3),
        (True, 5, 4),
    ],
)
def test_ad_16_ad_17_outcomes_against_endurance_2(was_shaken, got, wounds):
    t = _duel({"shaken": was_shaken, "blesses": 1})
    resolution = _damage(t, agg(got))
    if wounds is None:
        assert is_shaken(t, "b") is was_shaken and resolution.success is False
        assert stat(t, "b", "sante") == 6 and stat(t, "b", "blesses") == 1
        return
    assert resolution.success is True and is_shaken(t, "b")
    assert stat(t, "b", "sante") == 6 - wounds
    assert stat(t, "b", "blesses") == 1 + wounds


def test_a_ad_18_blesse_beyond_the_remaining_sante_are_counted_but_change_nothing():
    t = _duel({"sante": 2, "shaken": True})
    resolution = _damage(t, agg(6))  # 1 + 4 = 5 Blessé
    assert stat(t, "b", "sante") == 0 and stat(t, "b", "blesses") == 5
    assert "A-AD-18" in rules(resolution.terms)


def test_ad_17_blesse_accumulate_over_hits():
    t = _duel()
    _damage(t, agg(3))
    _damage(t, agg(3))
    assert stat(t, "b", "blesses") == 1 + 2 and stat(t, "b", "sante") == 3


# --- AD-20: death and Héroïsme ----------------------------------------------------------------


def _fatal(target, flags=None, **options):
    t = _duel({"sante": 1, "shaken": True} | target, flags=flags)
    return t, _damage(t, agg(2), **options)


def test_ad_20_death_marks_dead_and_not_active():
    t, resolution = _fatal({})
    b = t.enc.combatant("b")
    assert "mort" in states(t, "b") and b.stats["actif"] is False
    assert t.ruleset.is_out(t.enc, b)
    assert t.ruleset.badges(t.enc, b)[0].startswith("Mort")
    assert "mort" in resolution.outcome_fr


def test_ad_20_a_hero_may_choose_to_die():
    t, resolution = _fatal({"heros": True, "heroisme": 1}, heroisme="mort")
    assert [f.key for f in resolution.asks] == ["heroisme"]
    assert "mort" in states(t, "b") and stat(t, "b", "heroisme") == 1


def test_ad_20_the_serious_wound_is_appended_to_earlier_ones():
    stats = {"heros": True, "heroisme": 2, "blessures_graves": "Jambe cassée"}
    t, _resolution = _fatal(stats, blessure_grave="Main coupée")
    assert stat(t, "b", "blessures_graves") == "Jambe cassée\nMain coupée"


def test_ad_20_a_hero_already_at_0_is_offered_again():
    t, _resolution = _fatal({"heros": True, "heroisme": 2})
    assert stat(t, "b", "sante") == 0 and stat(t, "b", "heroisme") == 1
    resolution = _damage(t, agg(2))
    assert "heroisme" in [f.key for f in resolution.asks]
    assert stat(t, "b", "heroisme") == 0 and "mort" not in states(t, "b")
    resolution = _damage(t, agg(2))
    assert resolution.asks == () and "mort" in states(t, "b")


def test_ad_20_shaken_only_at_sante_0_is_not_death():
    t = _duel({"sante": 0, "heros": True, "heroisme": 0})
    _damage(t, agg(2))
    assert is_shaken(t, "b") and "mort" not in states(t, "b")


@pytest.mark.parametrize(("typed", "after"), [(None, 0), (2, 2), (6, 6)])
def test_cfg_ad_11_the_gm_enters_the_new_sante(typed, after):
    options = {} if typed is None else {"sante_apres": typed}
    flags = {"CFG-AD-11": "saisie"}
    t, resolution = _fatal({"heros": True, "heroisme": 1}, flags=flags, **options)
    keys = [f.key for f in resolution.asks]
    assert keys == ["heroisme", "blessure_grave", "sante_apres"]
    assert stat(t, "b", "sante") == after and stat(t, "b", "heroisme") == 0
    assert "mort" not in states(t, "b") and "CFG-AD-11" in rules(resolution.terms)


def test_cfg_ad_11_a_sante_beyond_the_maximum_is_refused_and_changes_nothing():
    """The answer to a question is an option the action declares: held to its range."""
    with pytest.raises(ActionError, match="outside 0–6"):
        _fatal({"heros": True, "heroisme": 1}, flags={"CFG-AD-11": "saisie"}, sante_apres=99)


def test_cfg_ad_11_default_asks_no_sante():
    _t, resolution = _fatal({"heros": True, "heroisme": 1}, sante_apres=3)
    assert "sante_apres" not in [f.key for f in resolution.asks]
    assert _t.enc.combatant("b").stats["sante"] == 0


# --- AD-33, CFG-AD-12: the scope of the Secoué penalty ----------------------------------------


def test_ad_33_cfg_ad_12_the_penalty_on_damage_and_defence():
    for own_only, damage_dice in ((True, 3), (False, 2)):
        t = _duel(attacker={"shaken": True}, flags={"CFG-AD-12": own_only})
        assert dice_count(t, "attaquer", "a", "b") == 2
        hit(t, "a", "b")
        preview = look(t, "dommages", "a", "b")
        assert preview.dice.expr.count == damage_dice
        assert ("CFG-AD-12" in rules(preview.terms)) is (not own_only)
        # A roll that is not its own action (e.g. a defence roll): penalised only with
        # the alternative.
        free = look(t, "jet", "a", trait="force", action=False)
        assert free.dice.expr.count == damage_dice
        assert look(t, "jet", "a", trait="force").dice.expr.count == 2


def test_ad_33_cfg_ad_12_a_shaken_defender_in_an_opposed_roll():
    for own_only in (True, False):
        t = table(figure("a", agilite=3), enemy("b", shaken=True), flags={"CFG-AD-12": own_only})
        preview = look(t, "jet_oppose", "a", "b", trait="agilite", defenseur=1)
        assert ("CFG-AD-12" in rules(preview.terms)) is (not own_only)


def test_ad_33_the_penalty_is_one_die_once():
    t = table(figure("a", shaken=True, agilite=3))
    preview = look(t, "jet", "a", trait="agilite", mod_des=-1)
    assert preview.dice.expr.count == 1
    assert [term.value for term in preview.terms if term.rule == "AD-33"] == [-1]


def test_damage_with_faces_and_a_coup_de_poker():
    t = _duel()
    resolution = _damage(t, faces(6, 4, 2, 3, pokers=[0]))  # 1 + 1 + 0 + 0: Secoué only
    assert is_shaken(t, "b") and stat(t, "b", "blesses") == 0
    assert "AD-26" in rules(resolution.terms)
