"""d20_35 attacks (D35-80 and the situational modifiers): natural 20 and 1, cover from the
grid and the GM (TV-D35-01), charge (TV-D35-02), fighting defensively and total defence
(TV-D35-03), mounted attacks (TV-D35-20), flanking from the grid (D35-66, D35-67), shooting
into melee (D35-79), concealment's miss chance after the hit (D35-16, D35-17), the SRD's
CA, iterative attacks and grapple bonus (CFG-D35-1, D35-55)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gui.engine.checks.request import DiceResult
from gui.engine.contract.values import Action, ActionError
from gui.engine.rulesets.d20_35 import armour_class, sheet
from gui.engine.state.model import MapWall
from tests.engine.rulesets.conteur.builders import blocking, look
from tests.engine.rulesets.d20_35.builders import (
    MJ,
    PJ,
    add_state,
    arme,
    fighter,
    registered,
    table,
)


@pytest.fixture(autouse=True)
def _d20():
    with registered():
        yield


def act(t, actor, target, faces, then=(), **options):
    action = Action("attaquer", actor, target, options)
    preview = t.preview(action)
    dice = DiceResult.typed_faces(faces, preview.dice)
    if then:
        follow = tuple(
            DiceResult.typed_faces(f, r) for f, r in zip(then, preview.more, strict=True)
        )
        dice = DiceResult(dice.mode, dice.faces, then=follow)
    resolution, cs = t.resolve(action, dice)
    t.apply(cs)
    return resolution


def duel(a=None, b=None, b_cell=(1, 0), flags=None):
    """A with a longsword (a lethal weapon: no D35-39 penalty) against B."""
    a = {"armes": [arme("Épée longue")], **(a or {})}
    return table(
        fighter("a", PJ, (0, 0), **(a or {})), fighter("b", MJ, b_cell, **(b or {})), flags=flags
    )


def ca(t, **options):
    return look(t, "attaquer", "a", "b", arme="1", **options).computed["ca"]


def bonus(t, **options):
    return look(t, "attaquer", "a", "b", arme="1", **options).computed["bonus"]


# --- The SRD basics (CFG-D35-1) ------------------------------------------------------------


def test_ca_touch_and_flat_footed():
    c = fighter("x", dexterite=14, ca_armure=4, ca_bouclier=2, ca_naturelle=1, ca_esquive=1)
    assert armour_class.ca(c)[0] == 10 + 4 + 2 + 2 + 1 + 1
    assert armour_class.ca(c, "touch")[0] == 10 + 2 + 1
    assert armour_class.ca(c, "flat")[0] == 10 + 4 + 2 + 1
    assert armour_class.ca(fighter("y", dexterite=18, dex_max=1))[0] == 11  # the armour's cap


@pytest.mark.parametrize(
    ("bba", "seq"), [(0, [0]), (5, [5]), (6, [6, 1]), (11, [11, 6, 1]), (20, [20, 15, 10, 5])]
)
def test_iterative_attacks(bba, seq):
    assert sheet.iteratives(bba) == seq


def test_d35_55_grapple_bonus():
    assert sheet.grapple_bonus(fighter("x", bba=3, force=16, taille="large")) == 3 + 3 + 4


def test_d35_80_natural_20_hits_and_natural_1_misses():
    t = duel(b={"ca_armure": 30})
    r = act(t, "a", "b", "20", then=("2",))  # the threat is not confirmed (A-D35-1)
    assert r.success and not r.critical and not r.fumble
    t = duel(a={"bba": 30})
    r = act(t, "a", "b", "1", then=("20",))
    assert r.success is False and r.fumble and not r.critical  # a natural 1's miss (D35-80)


# --- TV-D35-01: cover (D35-01 to D35-08) ------------------------------------------------------


def test_tv_d35_01_cover_by_the_gm():
    t = duel(b={"ca_armure": 5})  # CA 15
    assert ca(t) == 15
    assert ca(t, abri="normal") == 19 and ca(t, abri="mou") == 19
    assert ca(t, abri="ameliore") == 23
    assert blocking(look(t, "attaquer", "a", "b", arme="1", abri="total")) == ["D35-07"]
    with pytest.raises(ActionError, match="D35-07"):
        act(t, "a", "b", "15", abri="total")


def test_cover_from_the_grid_s_lines():
    t = duel(b={"ca_armure": 5}, b_cell=(4, 0))
    assert ca(t) == 15
    t.enc.map.walls = [MapWall(start=(2, -3), end=(2, 3), blocks="cover")]  # a low wall
    assert ca(t) == 19
    t.enc.map.walls = [MapWall(start=(2, -9), end=(2, 9), blocks="solid")]
    assert "D35-07" in blocking(look(t, "attaquer", "a", "b", arme="1"))


# --- TV-D35-02, TV-D35-03: charge, defensively, total defence -------------------------------------


def test_tv_d35_02_charge_gives_plus_2_and_minus_2_ca_until_the_next_turn():
    t = duel(a={"bba": 5, "force": 14, "ca_armure": 6})  # +7 to hit, CA 16
    assert bonus(t) == 7 and bonus(t, charge=True) == 9
    act(t, "a", "b", "10", charge=True, charge_m=6)
    assert sheet.has_state(t.enc.combatant("a"), "charge")
    t2 = duel(a={"ca_armure": 6})
    add_state(t2, "b", "charge")
    assert ca(t2) == 10 - 2


def test_tv_d35_03_fighting_defensively_and_total_defence():
    t = duel(a={"bba": 3, "force": 14}, b={"ca_armure": 4})  # attack +5, CA 14
    assert bonus(t, defensive=True) == 1
    add_state(t, "b", "defense_combat")
    assert ca(t) == 16
    t.enc.combatant("b").states = []
    add_state(t, "b", "defense_totale")
    assert ca(t) == 18


# --- Flanking, shooting into melee, mounted (D35-66, D35-67, D35-79, TV-D35-20) ------------------


def test_d35_67_flanking_from_the_grid_names_its_line():
    sword = [arme("Épée longue")]
    t = table(
        fighter("a", PJ, (0, 1), armes=sword), fighter("b", MJ, (1, 1)), fighter("c", PJ, (2, 1))
    )
    preview = look(t, "attaquer", "a", "b", arme="1")
    assert preview.computed["bonus"] == 2
    assert any(x.rule == "D35-66" and "tenaille" in x.label for x in preview.terms)
    t.enc.combatant("c").position = t.enc.combatant("c").position.replace(cell=(1, 3))
    assert look(t, "attaquer", "a", "b", arme="1").computed["bonus"] == 0


@pytest.mark.parametrize(("house", "flanked"), [(None, 2), ("corps_a_corps", 0)])
def test_d35_67_a_shot_flanks_as_the_text_says_or_in_melee_only_by_house_rule(house, flanked):
    """D35-67 sets no melee limit; D35-MAISON-TENAILLE « corps_a_corps » is the SRD's."""
    bow = [arme("Arc long")]
    flags = {"D35-MAISON-TENAILLE": house} if house else None
    t = table(
        fighter("a", PJ, (0, 1), armes=bow),
        fighter("b", MJ, (1, 1)),
        fighter("c", PJ, (2, 1)),
        flags=flags,
    )
    preview = look(t, "attaquer", "a", "b", arme="1")
    assert preview.computed["bonus"] == flanked - 4  # and shooting into melee (D35-79)
    assert any(x.rule == "D35-66" for x in preview.terms) == bool(flanked)


@pytest.mark.parametrize(
    ("house", "bonus_seen", "warned"), [(None, 2, False), ("corps_a_corps", 0, True)]
)
def test_d35_67_the_gm_s_flanking_box_on_a_shot_is_never_dropped_unseen(house, bonus_seen, warned):
    bow = [arme("Arc long")]
    flags = {"D35-MAISON-TENAILLE": house} if house else None
    t = duel(a={"armes": [arme("Épée longue"), *bow]}, b_cell=(5, 0), flags=flags)
    shot = look(t, "attaquer", "a", "b", arme="2", tenaille=True)
    assert shot.computed["bonus"] == bonus_seen
    said = [n for n in shot.notices if n.rule == "D35-MAISON-TENAILLE"]
    assert bool(said) == warned and all(not n.blocking for n in said)
    assert look(t, "attaquer", "a", "b", arme="1", tenaille=True).computed["bonus"] == 2  # melee


def test_d35_79_shooting_into_melee():
    bow = arme("Arc long")
    t = table(
        fighter("a", PJ, (0, 0), armes=[bow]), fighter("b", MJ, (5, 0)), fighter("c", PJ, (6, 0))
    )
    assert look(t, "attaquer", "a", "b", arme="1").computed["bonus"] == -4


def test_tv_d35_20_mounted_attacks():
    bow = arme("Arc long")
    t = duel(a={"bba": 5, "armes": [bow]}, b_cell=(5, 0))  # the bow is weapon 1
    add_state(t, "a", "monte")
    shot = look(t, "attaquer", "a", "b", arme="1", monture="double").computed["bonus"]
    assert shot == 1
    assert look(t, "attaquer", "a", "b", arme="1", monture="course").computed["bonus"] == -3
    t = duel(a={"bba": 5})
    add_state(t, "a", "monte")
    assert bonus(t) == 6  # higher ground against a Medium creature on foot (D35-26)


# --- Concealment after the hit (D35-16, D35-17) ------------------------------------------------


def test_d35_16_concealment_is_rolled_after_the_hit_with_the_chain_s_exact_odds():
    t = duel(b={"ca_armure": 1})  # CA 11: the d20 needs 11, 1/2
    add_state(t, "b", "camouflage", 20)
    preview = look(t, "attaquer", "a", "b", arme="1")
    assert preview.odds == Fraction(1, 2) * Fraction(80, 100)
    # The longsword's confirmation comes first (unread: 15 is no threat), then the d%.
    assert act(t, "a", "b", "15", then=("1", "20"), arme="1").success is False  # 01–20 misses
    assert act(t, "a", "b", "15", then=("1", "21"), arme="1").success


def test_d35_17_an_invisible_target_is_missed_half_the_time():
    t = duel()
    add_state(t, "b", "invisible")
    preview = look(t, "attaquer", "a", "b", arme="1")
    assert [r.expr.sides for r in preview.more] == [20, 100]  # confirmation, then the d%


def test_d35_39_the_wrong_weapon_for_the_damage_wanted():
    t = duel(a={"bba": 2})
    assert look(t, "attaquer", "a", "b", arme="0").computed["bonus"] == 2 - 4  # lethal, bare
    assert look(t, "attaquer", "a", "b", arme="0", non_letal=True).computed["bonus"] == 2
    assert bonus(t, non_letal=True) == 2 - 4  # nonlethal with a sword


@pytest.mark.parametrize(("metres", "legal"), [(2, False), (3, True), (18, True), (19, False)])
def test_tv_d35_02_a_charge_goes_3_m_to_twice_the_speed(metres, legal):
    t = duel(a={"vd": 9.0})
    preview = look(t, "attaquer", "a", "b", arme="1", charge=True, charge_m=metres)
    assert (blocking(preview) == []) == legal
    assert blocking(look(t, "attaquer", "a", "b", arme="1", charge_m=metres)) == []


def test_d35_10_an_ally_s_aid_counts_against_its_foe_and_once():
    from gui.engine.state.model import State

    t = duel()
    aid = State(key="aide_attaque", label="Aidé (+2 attaque)", value=2, text="contre B [b]")
    t.enc.combatant("a").states = [aid]
    assert bonus(t) == 2
    act(t, "a", "b", "10", arme="1")
    assert not t.enc.combatant("a").states or all(
        s.key != "aide_attaque" for s in t.enc.combatant("a").states
    )
    assert bonus(t) == 0


def test_a_d35_4_helpless_against_melee_or_every_attack():
    bow = arme("Arc long")
    t = duel(a={"armes": [arme("Épée longue"), bow]}, b={"dexterite": 14}, b_cell=(4, 0))
    add_state(t, "b", "sans_defense")
    shot = look(t, "attaquer", "a", "b", arme="2")
    assert shot.computed == {"bonus": 0, "ca": 10 - 5}  # Dex 0 (−5), no −4 against a shot
    assert shot.target_number == 5
    t.enc.flags["A-D35-4"] = "toutes_attaques"
    assert look(t, "attaquer", "a", "b", arme="2").computed == {"bonus": 0, "ca": 10 - 5 - 4}


def test_d35_61_a_pinned_creature_has_minus_4_ca_against_others_a_d35_22():
    from gui.engine.state.model import State

    t = table(
        fighter("a", PJ, (0, 0), armes=[arme("Épée longue")]),
        fighter("b", MJ, (1, 0)),
        fighter("c", PJ, (2, 0)),
    )
    t.enc.combatant("b").states = [State(key="immobilise", label="Immobilisé", source="c")]
    assert ca(t) == 10 - 4  # a is not the pinner
    t.enc.combatant("b").states = [State(key="immobilise", label="Immobilisé", source="a")]
    assert ca(t) == 10
    t.enc.flags["A-D35-22"] = "tous_adversaires"
    assert ca(t) == 10 - 4


def test_a_d35_6_one_round_ends_at_the_next_turn_or_at_the_end_of_the_round():
    t = duel()
    act(t, "a", "b", "10", arme="1", defensive=True)
    (state,) = [s for s in t.enc.combatant("a").states if s.key == "defense_combat"]
    assert state.expiry.at == "turn_start"
    t = duel(flags={"A-D35-6": "fin_du_round"})
    act(t, "a", "b", "10", arme="1", defensive=True)
    (state,) = [s for s in t.enc.combatant("a").states if s.key == "defense_combat"]
    assert (state.expiry.at, state.expiry.rounds) == ("rounds", 1)


@pytest.mark.parametrize(
    ("weapon", "cell", "out"),
    [
        ("Épée longue", (1, 0), False),
        ("Épée longue", (2, 0), True),  # two squares: past a Medium creature's reach
        ("Coutille", (1, 0), True),  # a reach weapon cannot strike next to it
        ("Coutille", (2, 0), False),
        ("Arc court", (9, 0), False),  # a ranged weapon: no reach to ask
    ],
)
def test_a_melee_weapon_strikes_within_its_reach_only(weapon, cell, out):
    t = duel(a={"armes": [arme(weapon)]}, b_cell=cell)
    assert ("CFG-D35-1" in blocking(look(t, "attaquer", "a", "b", arme="1"))) == out
