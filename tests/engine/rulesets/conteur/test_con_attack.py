"""conteur Attaquer (CON-01, CON-11 to CON-21, CON-32 to CON-41, A-CON-6 to A-CON-8,
A-CON-13 to A-CON-15, CFG-CON-6 to CFG-CON-8a): pools, difficulties, range, recoil, cover,
complications, hits, misses and botches."""

import pytest

from gui.engine.contract.values import ActionError
from tests.engine.rulesets.conteur.builders import (
    MJ,
    PJ,
    act,
    add_state,
    arme,
    begin,
    blocking,
    declare_all,
    fighter,
    look,
    order,
    pool,
    set_marks,
    start,
    state_value,
    states,
    table,
)

PISTOL = arme("Pistolet léger")  # range 20 m
KNIFE = arme("Couteau de lancer")  # thrown, range 6 m
SMG = arme("Pistolet-mitrailleur")  # automatic, range 50 m


def _duel(a=None, b=None, flags=None, contact=True, a_zone="z1", b_zone="z1"):
    """A (Dex 3, Mêlée 2, Bagarre 1, Armes à feu 2, Athlétisme 1) against B."""
    stats = {"dexterite": 3, "melee": 2, "bagarre": 1, "armes_a_feu": 2, "athletisme": 1}
    return table(
        fighter("a", PJ, a_zone, **(stats | (a or {}))),
        fighter("b", MJ, b_zone, **(b or {})),
        flags=flags,
        contacts=[("a", "b")] if contact else [],
    )


def _dice(t, **options):
    return pool(look(t, "attaquer", "a", "b", **options))[0]


def _diff(t, **options):
    return pool(look(t, "attaquer", "a", "b", **options))[1]


# --- CON-01: engagement ------------------------------------------------------------------------


def test_con_01_melee_out_of_contact_blocks_unless_forced_and_logged():
    t = _duel(a={"armes": [arme("Épée")]}, contact=False)
    preview = look(t, "attaquer", "a", "b")
    assert blocking(preview) == ["CON-01"]
    with pytest.raises(ActionError, match="CON-01"):
        act(t, "attaquer", "a", "b", agg=1)
    _p, resolution, _cs = act(t, "attaquer", "a", "b", agg=1, force=True)
    assert resolution.success is True
    assert any(x.rule == "G-3" and "passé outre" in x.label for x in resolution.terms)
    assert t.enc.log[-1].overrides == {"passer_outre": "True"}
    assert any("G-3" in line and "passé outre" in line for line in t.enc.log[-1].breakdown)


def test_con_01_in_contact_and_ranged_attacks_need_no_contact():
    assert blocking(look(_duel(), "attaquer", "a", "b")) == []
    t = _duel(a={"armes": [PISTOL]}, contact=False)
    assert blocking(look(t, "attaquer", "a", "b", distance=15)) == []


# --- CON-11, CON-17: pools ---------------------------------------------------------------------


def test_con_11_melee_pools():
    t = _duel(a={"armes": [arme("Épée")]})
    assert _dice(t, arme="0") == 3 + 2  # Dextérité + Mêlée
    assert _dice(t, arme="1") == 3 + 1  # bare hands (added to the sheet): + Bagarre
    t = _duel(a={"armes": [arme("Épée")], "melee": 0, "bagarre": 0})
    preview = look(t, "attaquer", "a", "b", arme="0")
    assert pool(preview)[0] == 3 and "l'Attribut seul" in preview.terms[1].label
    assert pool(look(t, "attaquer", "a", "b", arme="1"))[0] == 3


def test_con_17_ranged_pools():
    t = _duel(a={"armes": [PISTOL, KNIFE]}, contact=False)
    assert _dice(t, arme="0", distance=15) == 3 + 2  # Dextérité + Armes à feu
    assert _dice(t, arme="1", distance=5) == 3 + 1  # Dextérité + Athlétisme
    t = _duel(a={"armes": [PISTOL, KNIFE], "armes_a_feu": 0, "athletisme": 0}, contact=False)
    assert _dice(t, arme="0", distance=15) == 3
    assert _dice(t, arme="1", distance=5) == 3


def test_con_44_weapon_modifiers_and_situation():
    t = _duel(a={"armes": [arme("Épée", mod_des=1, mod_diff=-1)]})
    assert pool(look(t, "attaquer", "a", "b")) == (6, 5)
    assert pool(look(t, "attaquer", "a", "b", mod_des=-2, mod_diff=2)) == (4, 7)


# --- CON-12, A-CON-13: reach -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mine", "theirs", "delta", "penalty"),
    [
        ("Mains nues", "Couteau", 1, 0),
        ("Mains nues", "Épée", 2, -1),
        ("Mains nues", "Épée à deux mains", 3, -2),
        ("Mains nues", "Lance", 4, -3),
        ("Mains nues", "Hallebarde", 5, -4),
        ("Couteau", "Épée", 1, 0),
        ("Couteau", "Hallebarde", 4, -3),
    ],
)
def test_con_12_the_shorter_reach_takes_delta_minus_1(mine, theirs, delta, penalty):
    assert arme(theirs)["allonge"] - arme(mine)["allonge"] == delta
    t = _duel(a={"armes": [arme(mine)]}, b={"armes": [arme(theirs)]})
    base = 3 + (1 if mine == "Mains nues" else 2)
    assert _dice(t) == base + penalty
    # The longer reach takes nothing.
    t = _duel(a={"armes": [arme(theirs)]}, b={"armes": [arme(mine)]})
    assert _dice(t) == 3 + (1 if theirs == "Mains nues" else 2)


def test_a_con_13_engaged_at_long_reach_toggle():
    t = _duel(a={"armes": [arme("Couteau")]}, b={"armes": [arme("Hallebarde")]})
    assert _dice(t) == _dice(t, longue_allonge=True) == 5 - 3
    assert _dice(t, longue_allonge=False) == 5


def test_a_con_13_reach_is_a_melee_rule():
    t = _duel(a={"armes": [PISTOL]}, b={"armes": [arme("Hallebarde")]})
    assert _dice(t, distance=3) == 5


# --- CON-13, CON-14, CON-15, CON-16, A-CON-6, CFG-CON-6 -------------------------------------


def test_con_13_default_difficulty_6():
    assert _diff(_duel()) == 6


def test_con_16_melee_extra_successes_add_no_damage():
    t = _duel(a={"armes": [arme("Épée")]})
    _p, resolution, _cs = act(t, "attaquer", "a", "b", faces="7 8 9 10 2")
    assert resolution.outcome_fr == "Touché (4 succès) : lancer les dégâts"
    assert resolution.amounts == {"successes": 4}
    assert states(t, "b") == ["touche.a.0"] and state_value(t, "b", "touche.a.0") == 0
    assert "CON-16" in [x.rule for x in resolution.terms]


def test_con_21_ranged_each_success_after_the_first_adds_a_damage_die():
    t = _duel(a={"armes": [PISTOL]}, contact=False)
    _p, resolution, _cs = act(t, "attaquer", "a", "b", faces="7 8 9 2 2", distance=15)
    assert state_value(t, "b", "touche.a.0") == 2
    assert ("CON-21", 2) in [(x.rule, x.value) for x in resolution.terms]
    assert pool(look(t, "degats", "a", "b"))[0] == 4 + 2


def test_con_15_a_botch_is_flagged_for_the_storyteller():
    t = _duel()
    _p, resolution, _cs = act(t, "attaquer", "a", "b", faces="1 2 3 4")
    assert resolution.success is False and "Échec critique" in resolution.outcome_fr
    assert "CON-15" in resolution.outcome_fr and "touche.a.1" not in states(t, "b")


def _two_actions(t, rolls=None):
    """Both declare (A two actions), initiative rolled; A's first action is current."""
    start(t)
    declare_all(t, {"a": ["Frapper", "Frapper"]})
    begin(t, rolls or {"a": 10, "b": 6})


def test_tv_con_15_melee_miss_lowers_the_next_action_this_turn():
    # A: Dex 3 + Wits 2 = 5, roll 10: actions at 15 − 2 = 13 and 15 − 3 = 12. B at 8 + 3 = 11.
    t = _duel(a={"astuce": 2}, b={"dexterite": 3, "astuce": 2})
    _two_actions(t, {"a": 10, "b": 6})
    assert order(t) == [("a", 13), ("a", 12), ("b", 11)]
    _p, resolution, _cs = act(t, "attaquer", "a", "b", agg=0)
    assert ("CON-14", -2) in [(x.rule, x.value) for x in resolution.terms]
    assert order(t) == [("a", 13), ("b", 11), ("a", 10)]  # re-ranked behind B
    assert "rate_melee" not in states(t, "a")


def test_tv_con_15_the_same_miss_at_range_costs_nothing():
    t = _duel(a={"astuce": 2, "armes": [PISTOL]}, b={"dexterite": 3, "astuce": 2})
    _two_actions(t, {"a": 10, "b": 6})
    act(t, "attaquer", "a", "b", agg=0, distance=15)
    assert order(t) == [("a", 13), ("a", 12), ("b", 11)]
    assert "rate_melee" not in states(t, "a")


def test_cfg_con_6_toutes_ranged_miss_also_costs_2():
    t = _duel(
        a={"astuce": 2, "armes": [PISTOL]},
        b={"dexterite": 3, "astuce": 2},
        flags={"CFG-CON-6": "toutes"},
    )
    _two_actions(t, {"a": 10, "b": 6})
    act(t, "attaquer", "a", "b", agg=0, distance=15)
    assert order(t) == [("a", 13), ("b", 11), ("a", 10)]
    t = _duel(a={"armes": [PISTOL]}, flags={"CFG-CON-6": "toutes"})
    act(t, "attaquer", "a", "b", agg=0, distance=15)
    assert "rate_melee" in states(t, "a")  # no later action: the next turn's first


def test_con_14_a_hit_costs_nothing():
    t = _duel(a={"astuce": 2}, b={"dexterite": 3, "astuce": 2})
    _two_actions(t, {"a": 10, "b": 6})
    act(t, "attaquer", "a", "b", agg=1)
    assert order(t) == [("a", 13), ("a", 12), ("b", 11)]


def test_con_14_con_09_later_actions_stay_at_or_below_the_lowered_one():
    # Three ordinary actions at 15 − 3, 15 − 4, 15 − 5; a miss lowers the second to 9: the
    # third (10) may not go above it.
    t = _duel(a={"astuce": 2})
    start(t)
    declare_all(t, {"a": ["A1", "A2", "A3"]})
    begin(t, {"a": 10, "b": 1})
    assert order(t) == [("a", 12), ("a", 11), ("a", 10), ("b", 5)]
    act(t, "attaquer", "a", "b", agg=0)
    assert order(t) == [("a", 12), ("a", 9), ("a", 9), ("b", 5)]
    assert [e.declared for e in t.enc.turn.order[1:3]] == [["A2"], ["A3"]]


def test_con_14_con_10_miss_bringing_the_next_action_to_0_cancels_the_rest():
    slow = {"dexterite": 0, "astuce": 0}  # B: score 0, acts last
    t = _duel(a={"dexterite": 1, "astuce": 0, "melee": 0, "bagarre": 0}, b=slow)  # score 1
    start(t)
    declare_all(t, {"a": ["A1", "A2", "A3"]})
    begin(t, {"a": 6, "b": 1})  # 7 − 3 = 4, 7 − 4 = 3, 7 − 5 = 2
    assert [i for u, i in order(t) if u == "a"] == [4, 3, 2]
    act(t, "attaquer", "a", "b", agg=0)
    assert [i for u, i in order(t) if u == "a"] == [4, 1, 1]  # 3 − 2, and 2 capped (CON-09)
    t2 = _duel(a={"dexterite": 1, "astuce": 0, "melee": 0, "bagarre": 0}, b=slow)
    start(t2)
    declare_all(t2, {"a": ["A1", "A2", "A3"]})
    begin(t2, {"a": 5, "b": 1})  # 3, 2, 1
    _p, resolution, _cs = act(t2, "attaquer", "a", "b", agg=0)
    assert "CON-10" in [x.rule for x in resolution.terms]
    later = [e for e in t2.enc.turn.order if e.unit == "a"][1:]
    assert all(e.acted for e in later)
    assert all("annulée" in e.declared[0] for e in later)


# --- CON-18, TV-CON-04, TV-CON-05, A-CON-14 ---------------------------------------------------


@pytest.mark.parametrize(
    ("metres", "difficulty"), [(8, 4), (9, 4), (10, 6), (15, 6), (20, 6), (50, 8), (60, 8)]
)
def test_tv_con_04_pistol_range_difficulties(metres, difficulty):
    t = _duel(a={"armes": [PISTOL]}, contact=False)
    preview = look(t, "attaquer", "a", "b", distance=metres)
    assert pool(preview)[1] == difficulty and blocking(preview) == []


def test_tv_con_04_beyond_three_times_the_range_is_illegal():
    t = _duel(a={"armes": [PISTOL]}, contact=False)
    preview = look(t, "attaquer", "a", "b", distance=61)
    assert blocking(preview) == ["CON-18"]
    with pytest.raises(ActionError, match="CON-18"):
        act(t, "attaquer", "a", "b", agg=1, distance=61)
    _p, resolution, _cs = act(t, "attaquer", "a", "b", agg=1, distance=61, force=True)
    assert resolution.success is True


@pytest.mark.parametrize(("metres", "difficulty"), [(5, 4), (6, 4), (8, 8), (18, 8)])
def test_tv_con_05_thrown_knife(metres, difficulty):
    t = _duel(a={"armes": [KNIFE]}, contact=False)
    preview = look(t, "attaquer", "a", "b", distance=metres)
    assert pool(preview)[1] == difficulty and blocking(preview) == []
    assert blocking(look(t, "attaquer", "a", "b", distance=19)) == ["CON-18"]


@pytest.mark.parametrize(
    ("zone", "metres", "difficulty"), [("z1", 0, 4), ("z2", 6, 4), ("z3", 15, 6)]
)
def test_con_18_distance_along_the_map(zone, metres, difficulty):
    t = _duel(a={"armes": [PISTOL]}, contact=False, b_zone=zone)
    preview = look(t, "attaquer", "a", "b")
    assert pool(preview)[1] == difficulty
    assert any(x.rule == "CON-18" and f"{metres} m" in str(x.value) for x in preview.terms)


def test_con_18_unknown_distance_assumes_6_with_a_warning():
    t = _duel(a={"armes": [PISTOL]}, contact=False)
    t.enc.combatant("b").position = t.enc.combatant("b").position.replace(zone=None)
    preview = look(t, "attaquer", "a", "b")
    assert pool(preview)[1] == 6
    assert [n.rule for n in preview.notices] == ["CON-18"] and blocking(preview) == []


def test_a_con_14_blinded_at_point_blank():
    t = _duel(a={"armes": [PISTOL]}, contact=False)
    add_state(t, "a", "aveugle")
    assert _diff(t, distance=5, rafale=True) == 4 + 2


# --- CON-19, TV-CON-06, A-CON-7, CFG-CON-7 -----------------------------------------------------


@pytest.mark.parametrize(("flag", "expected"), [("fixe", [6, 7, 7]), ("cumulatif", [6, 7, 8])])
def test_tv_con_06_recoil_of_an_automatic_weapon(flag, expected):
    t = _duel(a={"armes": [SMG]}, contact=False, flags={"CFG-CON-7": flag})
    seen = []
    for _ in range(3):
        preview, _r, _cs = act(t, "attaquer", "a", "b", agg=0, distance=15)
        seen.append(pool(preview)[1])
    assert seen == expected
    assert state_value(t, "a", "tirs") == 3


def test_con_19_no_recoil_for_other_weapons():
    t = _duel(a={"armes": [PISTOL]}, contact=False)
    seen = [pool(act(t, "attaquer", "a", "b", agg=0, distance=15)[0])[1] for _ in range(3)]
    assert seen == [6, 6, 6] and "tirs" not in states(t, "a")


# --- CON-20, A-CON-8, CFG-CON-8a: positional cover ------------------------------------------


@pytest.mark.parametrize(("cover", "penalty"), [("plat_ventre", -1), ("poteau", -2), ("coin", -3)])
def test_con_20_positional_cover_reduces_attacks_against_the_covered(cover, penalty):
    t = _duel(a={"armes": [PISTOL, arme("Épée")]})
    add_state(t, "b", cover)
    assert _dice(t, arme="0", distance=15) == 5 + penalty
    assert _dice(t, arme="1") == 5  # the table is for shots
    add_state(t, "a", cover)
    t.enc.combatant("b").states = []
    assert _dice(t, arme="0", distance=15) == 5  # CFG-CON-8a default: not its own attacks


@pytest.mark.parametrize(("cover", "penalty"), [("plat_ventre", -1), ("poteau", -2), ("coin", -3)])
def test_cfg_con_8a_cover_also_penalises_its_own_shots(cover, penalty):
    t = _duel(
        a={"armes": [PISTOL], "armes_a_feu": 5},
        flags={"CFG-CON-8a": "aussi_ses_attaques"},
        contact=False,
    )
    add_state(t, "a", cover)
    preview = look(t, "attaquer", "a", "b", distance=15)
    assert pool(preview)[0] == 8 + penalty
    assert "A-CON-8" in [x.rule for x in preview.terms]
    add_state(t, "b", cover)
    assert _dice(t, distance=15) == 8 + 2 * penalty


def test_cfg_con_8a_cover_is_a_ranged_rule_on_both_sides():
    t = _duel(a={"armes": [arme("Épée")]}, flags={"CFG-CON-8a": "aussi_ses_attaques"})
    add_state(t, "a", "poteau")
    add_state(t, "b", "coin")
    assert _dice(t) == 5


# --- CON-32: wounds -----------------------------------------------------------------------------


@pytest.mark.parametrize(("boxes", "penalty"), [(1, 0), (2, -1), (3, -1), (4, -2), (6, -5)])
def test_con_32_wound_penalty_on_attack_pools(boxes, penalty):
    t = _duel(a={"dexterite": 6})
    set_marks(t, "a", ["L"] * boxes)
    assert _dice(t) == 7 + penalty


# --- CON-33, CON-34, TV-CON-16 -----------------------------------------------------------------


def test_tv_con_16_blinded_attacker_in_melee():
    t = _duel()
    add_state(t, "a", "aveugle")
    preview = look(t, "attaquer", "a", "b")
    assert pool(preview) == (4, 8) and blocking(preview) == []


def test_tv_con_16_blinded_aimed_shot_illegal_burst_allowed():
    t = _duel(a={"armes": [SMG]}, contact=False)
    add_state(t, "a", "aveugle")
    assert blocking(look(t, "attaquer", "a", "b", distance=15)) == ["CON-33"]
    with pytest.raises(ActionError, match="CON-33"):
        act(t, "attaquer", "a", "b", agg=0, distance=15)
    preview = look(t, "attaquer", "a", "b", distance=15, rafale=True)
    assert blocking(preview) == [] and pool(preview)[1] == 6 + 2


def test_a_con_18_the_gm_may_let_a_blinded_character_aim():
    t = _duel(a={"armes": [PISTOL]}, contact=False)
    add_state(t, "a", "aveugle")
    _p, resolution, _cs = act(t, "attaquer", "a", "b", agg=1, distance=15, force=True)
    assert resolution.success is True
    assert any(x.rule == "G-3" and "Aveuglé" in x.label for x in resolution.terms)
    assert t.enc.log[-1].overrides == {"passer_outre": "True"}


def test_tv_con_16_attacks_on_a_blinded_target_get_2_dice():
    t = _duel(a={"armes": [arme("Épée"), PISTOL]})
    add_state(t, "b", "aveugle")
    assert _dice(t, arme="0") == 5 + 2
    assert _dice(t, arme="1", distance=15) == 5 + 2


# --- CON-36, CON-38, CON-41, TV-CON-18 ------------------------------------------------------


def test_con_36_attacks_on_a_stunned_target_get_1_die():
    t = _duel()
    add_state(t, "b", "etourdi", 0)
    assert _dice(t) == 4 + 1


def test_tv_con_18_flank_and_back():
    t = _duel(a={"dexterite": 3, "melee": 2, "armes": [arme("Épée")]})
    assert _dice(t) == 5
    assert _dice(t, position="flanc") == 6
    assert _dice(t, position="dos") == 7
    t = _duel(a={"armes": [PISTOL]})
    assert _dice(t, distance=15, position="dos") == 5  # a melee rule (CON-41)


def test_tv_con_18_held_target_plus_2():
    t = _duel(a={"armes": [arme("Épée")]})
    add_state(t, "b", "tenu")
    assert _dice(t) == 7


def test_tv_con_18_completely_immobile_target_is_hit_automatically():
    t = _duel(a={"armes": [PISTOL]}, contact=False)
    add_state(t, "b", "immobile")
    preview = look(t, "attaquer", "a", "b", distance=15)
    assert preview.dice is None and "CON-38" in preview.odds_note
    _p, resolution, _cs = act(t, "attaquer", "a", "b", distance=15)
    assert resolution.success is True and state_value(t, "b", "touche.a.0") == 0


# --- CON-40, TV-CON-17 -----------------------------------------------------------------------


def test_tv_con_17_fighting_from_the_ground():
    t = _duel(a={"dexterite": 4, "melee": 2, "armes": [arme("Épée")]})
    add_state(t, "a", "au_sol")
    preview = look(t, "attaquer", "a", "b")
    assert pool(preview)[0] == 3
    assert ("CON-40", -3) in [(x.rule, x.value) for x in preview.terms]
    assert t.ruleset.initiative_score(t.enc, t.enc.combatant("a")) == 4 + 2 - 3


def test_tv_con_17_standing_attacker_against_a_grounded_one():
    t = _duel(a={"dexterite": 5, "melee": 2, "armes": [arme("Épée")]})
    add_state(t, "b", "au_sol")
    assert _dice(t) == 5
    assert _dice(t, attaques_basses=True) == 7
    # Both on the ground: the attacker's attacks are low (no −2), it takes its own −3.
    add_state(t, "a", "au_sol")
    assert _dice(t) == 7 - 3


# --- Hits and states ---------------------------------------------------------------------------


def test_attack_outside_its_turn_warns_without_blocking():
    t = _duel(b={"dexterite": 4})
    start(t)
    declare_all(t, {})
    begin(t, {"a": 1, "b": 9})
    preview = look(t, "attaquer", "a", "b")
    assert [n.rule for n in preview.notices] == ["CON-04"] and blocking(preview) == []
