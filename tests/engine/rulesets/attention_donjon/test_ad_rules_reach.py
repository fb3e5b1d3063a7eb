"""attention_donjon attacks (AD-01 to AD-12, AD-23, A-AD-5 to A-AD-11, CFG-AD-5, CFG-AD-7,
G-3): Allonge, Mêlée, Tir and Lancer Difficulties, blocking notices and the GM's overrides."""

import pytest

from gui.engine.contract.values import ActionError
from tests.engine.rulesets.attention_donjon.builders import (
    CROSSBOW,
    act,
    agg,
    blocking,
    chain,
    difficulty,
    difficulty_terms,
    enemy,
    figure,
    graph,
    kill,
    look,
    rules,
    shield,
    table,
    term_values,
    warnings,
    weapon,
)

TYPES = ("melee", "tir", "lancer")


def _pair(allonge, target_zone, kind="melee", contact=False, flags=None):
    """A in zone 1 of a 6-zone chain, with one weapon; B in `target_zone`."""
    w = weapon("Arme", kind, allonge, "force", 0)
    return table(
        figure("a", melee=3, tir=3, lancer=3, armes=[w]),
        enemy("b", target_zone),
        contacts=[("a", "b")] if contact else [],
        flags=flags,
        game_map=chain(6),
    )


# --- AD-01: Allonge ------------------------------------------------------------------------


@pytest.mark.parametrize("kind", TYPES)
@pytest.mark.parametrize(
    ("allonge", "reached"),
    [(1, 0), (2, 1), (3, 2), (4, 3), (5, 4)],
)
def test_ad_01_allonge_n_reaches_n_minus_1_zones(kind, allonge, reached):
    for d in range(0, 5):
        preview = look(_pair(allonge, str(1 + d), kind), "attaquer", "a", "b")
        assert blocking(preview) == ([] if d <= reached else ["AD-01"]), (allonge, d)


@pytest.mark.parametrize("kind", TYPES)
@pytest.mark.parametrize("allonge", [3, 4, 6])
def test_cfg_ad_7_hard_limit_at_3(kind, allonge):
    flags = {"CFG-AD-7": "limite_3"}
    assert blocking(look(_pair(allonge, "3", kind, flags=flags), "attaquer", "a", "b")) == []
    assert blocking(look(_pair(allonge, "4", kind, flags=flags), "attaquer", "a", "b")) == ["AD-01"]


@pytest.mark.parametrize("kind", TYPES)
@pytest.mark.parametrize("allonge", [1, 2, 3])
def test_ad_01_an_adjacent_figurine_is_always_in_reach_even_across_a_border(kind, allonge):
    assert blocking(look(_pair(allonge, "2", kind, contact=True), "attaquer", "a", "b")) == []
    assert blocking(look(_pair(allonge, "1", kind, contact=True), "attaquer", "a", "b")) == []


def test_g_3_an_illegal_attack_is_refused_unless_the_gm_passes_over_it_logged():
    t = _pair(1, "2")
    with pytest.raises(ActionError, match="AD-01"):
        act(t, "attaquer", "a", "b", agg(3))
    assert t.enc.log == []
    resolution, _cs = act(t, "attaquer", "a", "b", agg(3), force=True)
    assert resolution.success is True
    assert any(x.rule == "G-3" and "passé outre" in x.label for x in resolution.terms)
    assert t.enc.log[-1].overrides == {"passer_outre": "True"}
    assert any(line.startswith("G-3") for line in t.enc.log[-1].breakdown)


def test_ad_01_unknown_distance_is_a_warning():
    t = table(figure("a", melee=3), enemy("b", "3"), game_map=graph(["1", "2", "3"], [("1", "2")]))
    preview = look(t, "attaquer", "a", "b")
    assert warnings(preview) == ["AD-01"] and blocking(preview) == []


def test_ad_02_the_weapon_type_picks_the_skill():
    arms = [weapon("M", "melee", 3), weapon("T", "tir", 3, "-", 3), weapon("L", "lancer", 3)]
    t = table(figure("a", melee=1, tir=2, lancer=4, armes=arms), enemy("b"))
    counts = [look(t, "attaquer", "a", "b", arme=str(i)).dice.expr.count for i in range(3)]
    assert counts == [1, 2, 4]


# --- AD-03, AD-04: Mêlée -------------------------------------------------------------------


def test_ad_03_ad_30_melee_difficulty_is_the_computed_parade():
    t = table(figure("a", melee=3), enemy("b", melee=5, protections=[shield(1)]))
    preview = look(t, "attaquer", "a", "b")
    assert preview.target_number == 3 + 1
    assert difficulty_terms(preview, "AD-03") == [4]


@pytest.mark.parametrize(("target_zone", "contact", "expected"), [("1", False, 3), ("2", True, 4)])
def test_ad_04_plus_1_only_when_the_target_is_in_another_zone(target_zone, contact, expected):
    t = table(
        figure("a", melee=3),
        enemy("b", target_zone, parade_imposee=3),
        contacts=[("a", "b")] if contact else [],
    )
    assert difficulty(t, "attaquer", "a", "b") == expected


def test_a_ad_10_the_melee_plus_1_is_flat_two_zones_away():
    t = _pair(3, "3")
    t.enc.combatant("b").stats["parade_imposee"] = 2
    preview = look(t, "attaquer", "a", "b")
    assert preview.target_number == 3 and difficulty_terms(preview, "AD-04") == [1]


def test_g_3_imposed_parade_is_logged_in_the_terms():
    t = table(figure("a", melee=3), enemy("b", melee=4, parade_imposee=6))
    preview = look(t, "attaquer", "a", "b")
    assert preview.target_number == 6
    assert any(
        term.rule == "G-3" and "Parade imposée (calculée : 2)" in term.label
        for term in preview.terms
    )


# --- AD-05 to AD-09: Tir -------------------------------------------------------------------


def _shooter(target_zone="1", contact=False, others=(), target=None, flags=None, contacts=()):
    """A shoots with a crossbow of Allonge 6 along a 6-zone chain at B."""
    bow = {**CROSSBOW, "allonge": 6}
    return table(
        figure("a", tir=3, armes=[bow]),
        enemy("b", target_zone, **(target or {})),
        *others,
        contacts=([("a", "b")] if contact else []) + list(contacts),
        game_map=chain(6),
        flags=flags,
    )


@pytest.mark.parametrize(("zone", "crossed"), [("1", 0), ("2", 0), ("3", 1), ("4", 2), ("6", 4)])
def test_ad_07_plus_1_per_zone_crossed(zone, crossed):
    preview = look(_shooter(zone), "attaquer", "a", "b")
    assert preview.target_number == 2 + crossed
    assert difficulty_terms(preview, "AD-07") == ([crossed] if crossed else [])


@pytest.mark.parametrize(
    ("target", "expected"),
    [({}, 4), ({"actif": False}, 2)],
)
def test_ad_06_ad_08_an_adjacent_target_counts_only_when_active(target, expected):
    assert difficulty(_shooter(contact=True, target=target), "attaquer", "a", "b") == expected


def test_ad_06_ad_08_a_dead_adjacent_target_adds_nothing():
    t = _shooter(contact=True)
    kill(t, "b")
    preview = look(t, "attaquer", "a", "b")
    assert preview.target_number == 2 and warnings(preview) == ["AD-20"]


def test_ad_08_another_active_enemy_in_contact_adds_1_once():
    others = (enemy("c"), enemy("d"))
    t = _shooter("3", others=others, contacts=[("a", "c"), ("a", "d")])
    preview = look(t, "attaquer", "a", "b")
    assert preview.target_number == 2 + 1 + 1
    assert difficulty_terms(preview, "AD-08") == [1]


@pytest.mark.parametrize(
    "other",
    [
        enemy("c", actif=False),
        figure("c"),  # an ally in contact
    ],
)
def test_ad_08_inactive_enemies_and_allies_in_contact_add_nothing(other):
    t = _shooter("2", others=(other,), contacts=[("a", "c")])
    assert difficulty(t, "attaquer", "a", "b") == 2


def test_ad_08_a_dead_enemy_in_contact_adds_nothing():
    t = _shooter("2", others=(enemy("c"),), contacts=[("a", "c")])
    kill(t, "c")
    assert difficulty(t, "attaquer", "a", "b") == 2


def test_a_ad_6_adjacent_active_target_and_another_enemy_still_give_plus_2():
    t = _shooter("1", contact=True, others=(enemy("c"),), contacts=[("a", "c")])
    assert difficulty(t, "attaquer", "a", "b") == 4


def _fork():
    """1 – 2 – 4 and 1 – 3a – 3b – 4: the shortest line of fire crosses zone 2."""
    zones = ["1", "2", "3a", "3b", "4"]
    edges = [("1", "2"), ("2", "4"), ("1", "3a"), ("3a", "3b"), ("3b", "4")]
    bow = {**CROSSBOW, "allonge": 4}
    javelin = weapon("Javelot", "lancer", 4, "force", 1)
    return table(
        figure("a", tir=3, lancer=3, armes=[bow, javelin]),
        enemy("b", "4"),
        game_map=graph(zones, edges),
    )


def test_ad_23_the_shortest_path_is_proposed_and_the_gm_may_give_another():
    t = _fork()
    preview = look(t, "attaquer", "a", "b")
    assert preview.target_number == 3
    assert any("(2)" in term.label for term in preview.terms if term.rule == "AD-07")
    preview = look(t, "attaquer", "a", "b", overrides={"traversees": 2})
    assert preview.target_number == 4 and difficulty_terms(preview, "AD-07") == [2]
    assert "AD-23" in rules(preview.terms)
    resolution, _cs = act(t, "attaquer", "a", "b", agg(4), overrides={"traversees": 2})
    assert resolution.success is True and "AD-23" in rules(resolution.terms)
    assert t.enc.log[-1].overrides == {"traversees": "2"}


def test_ad_23_a_throw_covers_the_gm_path_too():
    t = _fork()
    assert difficulty(t, "attaquer", "a", "b", arme="1") == 2 + 2
    preview = look(t, "attaquer", "a", "b", arme="1", overrides={"traversees": 2})
    assert preview.target_number == 2 + 3 and "AD-23" in rules(preview.terms)


# --- AD-10 to AD-12: Lancer ----------------------------------------------------------------


@pytest.mark.parametrize(("zone", "expected"), [("1", 2), ("2", 3), ("3", 4)])
def test_ad_11_not_adjacent_2_plus_zones_covered_after_the_first(zone, expected):
    assert difficulty(_pair(3, zone, "lancer"), "attaquer", "a", "b") == expected


@pytest.mark.parametrize(
    ("zone", "flag", "expected"),
    [("1", False, 3), ("2", False, 3), ("1", True, 3), ("2", True, 4)],
)
def test_ad_10_cfg_ad_5_adjacent_target_parade(zone, flag, expected):
    t = _pair(2, zone, "lancer", contact=True, flags={"CFG-AD-5": flag})
    t.enc.combatant("b").stats["parade_imposee"] = 3
    preview = look(t, "attaquer", "a", "b")
    assert preview.target_number == expected
    assert ("CFG-AD-5" in rules(preview.terms)) is (expected == 4)


def test_ad_12_no_contact_modifier_for_a_throw():
    t = table(
        figure("a", lancer=3, armes=[weapon("Hache", "lancer", 2, "force", 1)]),
        enemy("b", "2"),
        enemy("c"),
        contacts=[("a", "c")],
    )
    preview = look(t, "attaquer", "a", "b")
    assert preview.target_number == 3
    assert not {"AD-06", "AD-07", "AD-08"} & set(rules(preview.terms))


def test_a_ad_8_tir_and_lancer_count_zones_differently():
    for zone, tir, lancer in (("2", 2, 3), ("3", 3, 4)):
        assert difficulty(_pair(3, zone, "tir"), "attaquer", "a", "b") == tir
        assert difficulty(_pair(3, zone, "lancer"), "attaquer", "a", "b") == lancer


# --- AD-28: the GM's Difficulty and dice ----------------------------------------------------


def test_g_3_imposed_difficulty_and_dice_are_logged():
    t = _pair(1, "1")
    preview = look(t, "attaquer", "a", "b", overrides={"difficulte": 5, "des": 6})
    assert preview.target_number == 5 and preview.dice.expr.count == 6
    assert preview.computed == {"des": 3, "difficulte": 1}
    resolution, _cs = act(t, "attaquer", "a", "b", agg(4), overrides={"difficulte": 5})
    assert resolution.success is False
    assert term_values(resolution.terms, "G-3") == ["5"]
