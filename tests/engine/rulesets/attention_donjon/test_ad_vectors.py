"""attention_donjon test vectors TV-AD-01 … TV-AD-28 (spec section 1.5), through the Table
API: previews (Difficulty and its terms), resolutions (outcomes, sheets and states), and
every ChangeSet reverted exactly (G-4)."""

import pytest

from gui.engine.contract.values import ActionError
from tests.engine.rulesets.attention_donjon.builders import (
    AXE,
    CROSSBOW,
    SWORD,
    act,
    agg,
    blocking,
    dice_count,
    difficulty,
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
    successes,
    table,
    term_values,
)


def _tracker_scene(spider_zone="2", contact=False, spider=None, mage=None, flags=None):
    """The text's scene: the Tracker in zone 1 (crossbow, throwing axe, sword), the spider,
    the goblin mage in zone 3 (Endurance 2, no armour)."""
    return table(
        figure("traqueur", tir=3, lancer=2, melee=3, force=3, armes=[CROSSBOW, AXE, SWORD]),
        enemy("araignee", spider_zone, melee=4, **(spider or {})),
        enemy("mage", "3", vigueur=3, sante=5, sante_max=5, **(mage or {})),
        contacts=[("traqueur", "araignee")] if contact else [],
        flags=flags,
    )


# --- From the text's worked examples -----------------------------------------------------


def test_tv_ad_01_crossbow_at_mage_difficulty_3():
    t = _tracker_scene()
    preview = look(t, "attaquer", "traqueur", "mage", arme="0")
    assert blocking(preview) == []
    assert preview.target_number == 3
    assert term_values(preview.terms, "AD-05") == [2]
    assert term_values(preview.terms, "AD-07") == [1]
    assert "AD-06" not in rules(preview.terms) and "AD-08" not in rules(preview.terms)


def test_tv_ad_02_crossbow_at_spider_in_zone_2_difficulty_2():
    t = _tracker_scene()
    preview = look(t, "attaquer", "traqueur", "araignee", arme="0")
    assert preview.target_number == 2 and blocking(preview) == []
    assert "AD-07" not in rules(preview.terms)


@pytest.mark.parametrize("spider_zone", ["1", "2"])
def test_tv_ad_03_crossbow_at_adjacent_active_spider_difficulty_4(spider_zone):
    t = _tracker_scene(spider_zone, contact=True)
    preview = look(t, "attaquer", "traqueur", "araignee", arme="0")
    assert preview.target_number == 4
    assert term_values(preview.terms, "AD-06") == [1]
    assert term_values(preview.terms, "AD-08") == [1]
    assert "AD-07" not in rules(preview.terms)


def test_tv_ad_04_axe_at_spider_in_zone_2_difficulty_3():
    t = _tracker_scene()
    preview = look(t, "attaquer", "traqueur", "araignee", arme="1")
    assert preview.target_number == 3 and blocking(preview) == []
    assert term_values(preview.terms, "AD-11") == [2, 1]


def test_tv_ad_05_axe_at_spider_in_zone_1_not_adjacent_difficulty_2():
    t = _tracker_scene("1")
    assert difficulty(t, "attaquer", "traqueur", "araignee", arme="1") == 2


@pytest.mark.parametrize("spider_zone", ["1", "2"])
def test_tv_ad_06_axe_at_adjacent_spider_uses_its_parade_5(spider_zone):
    t = _tracker_scene(spider_zone, contact=True, spider={"parade_imposee": 5})
    preview = look(t, "attaquer", "traqueur", "araignee", arme="1")
    assert preview.target_number == 5
    assert term_values(preview.terms, "AD-10") == [5]
    assert not {"AD-04", "AD-06", "AD-08", "AD-11", "CFG-AD-5"} & set(rules(preview.terms))


def _crossbow_damage(dice, shaken=False):
    """The Tracker hits the goblin mage (Endurance 2, Santé 5) and rolls the crossbow's
    5 dice."""
    t = _tracker_scene(mage={"shaken": shaken})
    hit(t, "traqueur", "mage", "0")
    preview = look(t, "dommages", "traqueur", "mage")
    assert preview.dice.expr.count == 5 and preview.target_number == 2
    resolution, _cs = act(t, "dommages", "traqueur", "mage", dice)
    return t, resolution


def test_tv_ad_07_two_damage_successes_shake_the_mage():
    t, resolution = _crossbow_damage(faces(4, 5, 2, 3, 2))
    assert successes(resolution) == 2 and resolution.success is True
    assert is_shaken(t, "mage")
    assert stat(t, "mage", "blesses") == 0 and stat(t, "mage", "sante") == 5
    assert "touche" not in states(t, "mage")  # the hit is resolved


def test_tv_ad_08_four_successes_give_two_blesse_and_leave_it_shaken():
    t, resolution = _crossbow_damage(faces(6, 4, 5, 2, 3))
    assert successes(resolution) == 4
    assert stat(t, "mage", "blesses") == 2 and stat(t, "mage", "sante") == 3
    assert is_shaken(t, "mage")
    assert term_values(resolution.terms, "AD-17") == [-2]


def test_tv_ad_09_four_successes_on_a_shaken_mage_give_three_blesse():
    t, _resolution = _crossbow_damage(agg(4), shaken=True)
    assert stat(t, "mage", "blesses") == 3 and stat(t, "mage", "sante") == 2
    assert is_shaken(t, "mage") and "mort" not in states(t, "mage")


# --- Derived from the rules ----------------------------------------------------------------


def test_tv_ad_10_one_success_has_no_effect():
    t, resolution = _crossbow_damage(faces(4, 2, 3, 2, 3))
    assert resolution.success is False and "aucun effet" in resolution.outcome_fr
    assert not is_shaken(t, "mage")
    assert stat(t, "mage", "blesses") == 0 and stat(t, "mage", "sante") == 5


def test_tv_ad_11_reaching_endurance_when_shaken_gives_one_blesse():
    t, _resolution = _crossbow_damage(agg(2), shaken=True)
    assert stat(t, "mage", "blesses") == 1 and stat(t, "mage", "sante") == 4
    assert is_shaken(t, "mage")


def test_tv_ad_12_three_successes_shake_and_wound_once():
    t, _resolution = _crossbow_damage(faces(6, 4, 2, 3, 2))
    assert is_shaken(t, "mage")
    assert stat(t, "mage", "blesses") == 1 and stat(t, "mage", "sante") == 4


def test_tv_ad_14_melee_against_parade_4_plus_1_from_the_next_zone():
    same = table(figure("a", melee=3), enemy("b", "1", parade_imposee=4))
    assert difficulty(same, "attaquer", "a", "b") == 4
    across = table(figure("a", melee=3), enemy("b", "2", parade_imposee=4), contacts=[("a", "b")])
    preview = look(across, "attaquer", "a", "b")
    assert preview.target_number == 5 and term_values(preview.terms, "AD-04") == [1]


def test_tv_ad_15_sword_cannot_reach_the_next_zone_unless_adjacent():
    t = table(figure("a", melee=3, armes=[SWORD]), enemy("b", "2", melee=4))
    preview = look(t, "attaquer", "a", "b")
    assert blocking(preview) == ["AD-01"]
    with pytest.raises(ActionError, match="AD-01"):
        act(t, "attaquer", "a", "b", agg(5))
    t.apply(t.set_contact("a", "b", True))
    preview = look(t, "attaquer", "a", "b")
    assert blocking(preview) == [] and preview.target_number == 2 + 1


def test_tv_ad_17_damage_pools():
    def pool(w, force=3):
        t = table(figure("a", force=force, melee=3, tir=3, armes=[w]), enemy("b"))
        hit(t, "a", "b")
        return dice_count(t, "dommages", "a", "b")

    assert pool(SWORD) == 3
    assert pool({**SWORD, "dommages": 2}) == 5
    assert pool(CROSSBOW) == 5
    assert pool(CROSSBOW, force=1) == 5


def test_tv_ad_20_shooting_an_adjacent_inactive_target_difficulty_2():
    t = table(
        figure("a", tir=3, armes=[CROSSBOW]),
        enemy("b", "1", actif=False),
        contacts=[("a", "b")],
    )
    preview = look(t, "attaquer", "a", "b")
    assert preview.target_number == 2
    assert not {"AD-06", "AD-08"} & set(rules(preview.terms))


def test_tv_ad_23_a_miss_rolls_no_damage_a_hit_does():
    t = _tracker_scene()
    assert difficulty(t, "attaquer", "traqueur", "mage", arme="0") == 3
    miss, _cs = act(t, "attaquer", "traqueur", "mage", faces(4, 5, 2), arme="0")
    assert miss.success is False and successes(miss) == 2 and miss.next_kind == ""
    assert "touche" not in states(t, "mage")
    assert blocking(look(t, "dommages", "traqueur", "mage")) == ["AD-13"]
    with pytest.raises(ActionError, match="AD-13"):
        act(t, "dommages", "traqueur", "mage", agg(3))
    got, _cs = act(t, "attaquer", "traqueur", "mage", faces(4, 5, 4), arme="0")
    assert got.success is True and got.next_kind == "dommages"
    assert "touche" in states(t, "mage")
    assert blocking(look(t, "dommages", "traqueur", "mage")) == []
    act(t, "dommages", "traqueur", "mage", agg(2))
    assert is_shaken(t, "mage")


def _lethal(target_stats, options=None, flags=None):
    """A hit with 4 successes against a Secoué target of Endurance 2 (3 Blessé)."""
    t = table(
        figure("a", melee=3, force=3, armes=[SWORD]),
        enemy("b", vigueur=3, shaken=True, **target_stats),
        flags=flags,
    )
    hit(t, "a", "b")
    resolution, _cs = act(t, "dommages", "a", "b", agg(4), **(options or {}))
    return t, resolution


def test_tv_ad_24_three_blesse_at_sante_3_kill():
    t, resolution = _lethal({"sante": 3})
    assert stat(t, "b", "sante") == 0 and stat(t, "b", "blesses") == 3
    assert "mort" in states(t, "b") and stat(t, "b", "actif") is False
    assert t.ruleset.is_out(t.enc, t.enc.combatant("b"))
    assert resolution.asks == () and "AD-20" in rules(resolution.terms)


def test_tv_ad_24_a_hero_is_offered_heroisme_first():
    stats = {"sante": 3, "heros": True, "heroisme": 1}
    t, resolution = _lethal(stats, {"heroisme": "depenser", "blessure_grave": "Œil crevé"})
    assert "heroisme" in [f.key for f in resolution.asks]
    assert "blessure_grave" in [f.key for f in resolution.asks]
    assert stat(t, "b", "heroisme") == 0 and stat(t, "b", "sante") == 0
    assert "mort" not in states(t, "b") and stat(t, "b", "actif") is True
    assert stat(t, "b", "blessures_graves") == "Œil crevé"
    assert not t.ruleset.is_out(t.enc, t.enc.combatant("b"))


@pytest.mark.parametrize(
    ("dice", "count", "ok", "margin"),
    [((4, 5, 6, 1), 3, True, 1), ((6, 3), 2, True, 0), ((5, 2, 3), 1, False, -1)],
)
def test_tv_ad_25_dice_counting(dice, count, ok, margin):
    t = table(figure("a", agilite=len(dice)))
    resolution, _cs = act(t, "jet", "a", dice=faces(*dice), trait="agilite", difficulte_jet=2)
    assert successes(resolution) == count and resolution.success is ok
    assert f"Seuil {margin}" in resolution.outcome_fr


def test_tv_ad_25_a_negative_total_counts_as_zero():
    t = table(figure("a", agilite=3))
    resolution, _cs = act(t, "jet", "a", dice=faces(4, 1, 1), trait="agilite")
    assert successes(resolution) == 0 and resolution.success is False
    assert any("négatif : 0" in term.label for term in resolution.terms)


def test_tv_ad_25_trait_0_rolls_nothing_and_a_penalty_removes_a_die():
    t = table(figure("a", agilite=0, force=3))
    preview = look(t, "jet", "a", trait="agilite")
    assert preview.dice is None and preview.odds == 0
    resolution, _cs = act(t, "jet", "a", trait="agilite")
    assert successes(resolution) == 0 and resolution.success is False
    assert dice_count(t, "jet", "a", trait="force", mod_des=-1) == 2


@pytest.mark.parametrize(
    ("dice", "pokers", "count"),
    [
        ((6, 2), (), 2),
        ((6, 5, 2), (0,), 2),
        ((6, 1, 2), (0,), 0),
        ((6, 6, 2), (0,), 3),
        ((6, 6, 4, 2), (0, 1), 3),
    ],
)
def test_tv_ad_26_coup_de_poker(dice, pokers, count):
    t = table(figure("a", agilite=2))
    resolution, _cs = act(t, "jet", "a", dice=faces(*dice, pokers=pokers), trait="agilite")
    assert successes(resolution) == count
    assert ("AD-26" in rules(resolution.terms)) is bool(pokers)


@pytest.mark.parametrize(
    ("dice", "option", "count", "plain"),
    [((3, 4, 2, 1), "beni", 1, 0), ((4, 5, 6, 1), "maudit", 2, 3)],
)
def test_tv_ad_26_blessed_and_cursed_rolls(dice, option, count, plain):
    t = table(figure("a", agilite=4))
    special, _cs = act(t, "jet", "a", dice=faces(*dice), trait="agilite", **{option: True})
    normal, _cs = act(t, "jet", "a", dice=faces(*dice), trait="agilite")
    assert (successes(special), successes(normal)) == (count, plain)
    assert "AD-27" in rules(special.terms)


@pytest.mark.parametrize(
    ("attacker", "defender", "ok"), [(3, 2, True), (2, 2, False), (1, 0, False)]
)
def test_tv_ad_26_opposed_rolls(attacker, defender, ok):
    t = table(figure("a", agilite=3), enemy("b"))
    resolution, _cs = act(
        t, "jet_oppose", "a", "b", agg(attacker), trait="agilite", defenseur=defender
    )
    assert resolution.success is ok


def test_tv_ad_27_a_shaken_figurine_rolls_one_die_fewer_except_to_rally():
    t = table(
        figure("a", shaken=True, melee=3, mental=3, vigueur=3, sante=2, sante_max=3),
        enemy("b"),
        contacts=[("a", "b")],
    )
    assert dice_count(t, "attaquer", "a", "b") == 2
    assert dice_count(t, "se_reprendre", "a") == 3
    assert dice_count(t, "recuperation", "a") == 2


def test_tv_ad_27_damage_equal_to_d_on_a_shaken_target():
    t2 = table(
        figure("a", melee=3, force=3, armes=[SWORD]),
        enemy("b", vigueur=3, shaken=True, sante=4, sante_max=4),
    )
    hit(t2, "a", "b")
    act(t2, "dommages", "a", "b", faces(4, 5, 2))
    assert stat(t2, "b", "sante") == 3 and stat(t2, "b", "blesses") == 1
    assert is_shaken(t2, "b")


def test_tv_ad_27_three_blesse_at_sante_1_floor_at_0_and_kill():
    t, resolution = _lethal({"sante": 1})
    assert stat(t, "b", "sante") == 0 and stat(t, "b", "blesses") == 3
    assert "mort" in states(t, "b") and resolution.asks == ()


def test_tv_ad_27_a_hero_with_two_heroisme_spends_one():
    t, resolution = _lethal({"sante": 1, "heros": True, "heroisme": 2})
    assert "heroisme" in [f.key for f in resolution.asks]
    assert stat(t, "b", "heroisme") == 1 and stat(t, "b", "sante") == 0
    assert "mort" not in states(t, "b") and stat(t, "b", "blessures_graves") != ""


@pytest.mark.parametrize("stats", [{"heros": False, "heroisme": 2}, {"heros": True, "heroisme": 0}])
def test_tv_ad_27_no_offer_without_a_hero_or_heroisme(stats):
    t, resolution = _lethal({"sante": 1, **stats})
    assert resolution.asks == () and "mort" in states(t, "b")
    assert stat(t, "b", "heroisme") == stats["heroisme"]


@pytest.mark.parametrize(
    ("mental", "dice", "cured", "refund"),
    [(2, (4, 5), True, False), (3, (6, 6, 4), True, True), (2, (4, 3), False, False)],
)
def test_tv_ad_28_se_reprendre(mental, dice, cured, refund):
    t = table(figure("a", shaken=True, mental=mental), enemy("b", "3"))
    t.apply(t.start_combat())
    resolution, _cs = act(t, "se_reprendre", "a", dice=faces(*dice))
    assert resolution.success is cured and is_shaken(t, "a") is not cured
    assert t.enc.turn.spent.get("a", []).count("bonus") == (0 if refund else 1)


@pytest.mark.parametrize(("sante", "after"), [(4, 5), (6, 6)])
def test_tv_ad_28_recuperation_against_one_adjacent_enemy(sante, after):
    t = table(figure("a", vigueur=3, sante=sante, sante_max=6), enemy("b"), contacts=[("a", "b")])
    assert difficulty(t, "recuperation", "a") == 3
    resolution, _cs = act(t, "recuperation", "a", dice=faces(4, 5, 4))
    assert resolution.success is True and stat(t, "a", "sante") == after


@pytest.mark.parametrize(
    ("count", "effect", "sante", "shaken"),
    [(4, "sante", 3, True), (5, "secoue", 2, False), (6, "sante", 3, False)],
)
def test_tv_ad_28_soins_with_two_enemies(count, effect, sante, shaken):
    t = table(
        figure("soigneur", savoir=4),
        figure("patient", shaken=True, sante=2, sante_max=4),
        enemy("e1"),
        enemy("e2"),
        contacts=[
            ("soigneur", "patient"),
            ("e1", "soigneur"),
            ("e1", "patient"),
            ("e2", "patient"),
        ],
    )
    preview = look(t, "soins", "soigneur", "patient")
    assert preview.target_number == 4 and difficulty_terms(preview, "AD-36") == [2, 1, 1]
    act(t, "soins", "soigneur", "patient", agg(count), effet=effect)
    assert stat(t, "patient", "sante") == sante and is_shaken(t, "patient") is shaken
