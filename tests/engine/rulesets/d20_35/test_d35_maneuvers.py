"""d20_35 special attacks: aid another (D35-10, TV-D35-04), trip (D35-35, D35-36,
TV-D35-24), bull rush (D35-12 to D35-14, TV-D35-05), disarm (D35-41 to D35-43), feint
(D35-47) and ties on opposed checks (CFG-D35-13, A-D35-13); undo checked on every action."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from gui.engine.checks.request import DiceResult
from gui.engine.contract.values import Action, ActionError
from gui.engine.rulesets.d20_35 import aid_and_feint as af
from gui.engine.rulesets.d20_35 import disarming as dis
from gui.engine.rulesets.d20_35 import opposed as op
from gui.engine.rulesets.d20_35 import takedowns as td
from tests.engine.acting import take
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


def look(t, kind, actor="a", target="b", **options):
    return t.preview(Action(kind, actor, target, options))


def states(t, cid):
    return {s.key: s for s in t.enc.combatant(cid).states}


def terms_of(preview):
    return {(t.label, str(t.value)) for t in preview.terms}


def brute(a_mod, d_mod, ties="reroll"):
    """P(attacker wins) counted over every pair of d20s (rerolls followed to the end)."""
    win = lose = 0
    for x, y in itertools.product(range(1, 21), repeat=2):
        a, d = x + a_mod, y + d_mod
        if a > d or (a == d and a_mod > d_mod):
            win += 1
        elif a < d or (a == d and a_mod < d_mod) or ties == "defender":
            lose += 1
    return Fraction(win, win + lose) if ties == "reroll" else Fraction(win, 400)


def trio(**b):
    """A (PJ) and its ally C, against B (MJ)."""
    return table(
        fighter("a", PJ, (0, 0)),
        fighter("c", PJ, (0, 1)),
        fighter("b", MJ, (1, 0), **b),
    )


def duel(a=None, b=None):
    return table(fighter("a", PJ, (0, 0), **(a or {})), fighter("b", MJ, (1, 0), **(b or {})))


# --- Listed with the other actions ---------------------------------------------------------


def test_the_special_attacks_are_listed_module_by_module_in_the_dialog_order():
    """Each module's ACTIONS, in the ruleset's order (D35-10 to D35-77)."""
    t = trio()
    specials = {af.AID, af.FEINT, td.TRIP, td.BULL_RUSH, td.OVERRUN, dis.DISARM, dis.SUNDER}
    kinds = [s.kind for s in t.ruleset.actions(t.enc, "a", "b") if s.kind in specials]
    assert kinds == [af.AID, af.FEINT, td.TRIP, td.BULL_RUSH, td.OVERRUN, dis.DISARM, dis.SUNDER]


def test_maneuvers_are_offered_with_and_without_target():
    t = trio()
    for target in ("b", None):
        kinds = {s.kind for s in t.ruleset.actions(t.enc, "a", target)}
        assert {af.AID, td.TRIP, td.BULL_RUSH, dis.DISARM, af.FEINT} <= kinds


# --- Aid another (D35-10, TV-D35-04) ------------------------------------------------------


def test_tv_d35_04_aid_another_10_succeeds_attack_bonus_state_on_ally():
    t = trio()
    p = look(t, af.AID, allie="c")
    assert p.target_number == 10 and p.odds == Fraction(11, 20)
    r = take(t, af.AID, "a", "b", "10", allie="c", aide="attaque")
    assert r.success is True
    aid = states(t, "c")[af.AID_ATTACK]
    assert aid.value == 2 and aid.source == "a" and "[b]" in aid.text
    assert af.aid_bonus(t.enc.combatant("c"), af.AID_ATTACK, "b") == 2
    assert af.aid_bonus(t.enc.combatant("c"), af.AID_CA, "b") == 0


def test_tv_d35_04_aid_another_9_fails():
    t = trio()
    r = take(t, af.AID, "a", "b", "9", allie="c")
    assert r.success is False
    assert af.AID_ATTACK not in states(t, "c")


def test_d35_10_aid_another_ca_option_and_attack_bonus():
    t = table(
        fighter("a", PJ, (0, 0), force=14, armes=[arme("Épée longue")]),
        fighter("c", PJ, (0, 1)),
        fighter("b", MJ, (1, 0)),
    )
    r = take(t, af.AID, "a", "b", "8", allie="c", aide="ca")  # 8 + Str 2 = 10
    assert r.success is True
    assert af.aid_bonus(t.enc.combatant("c"), af.AID_CA, "b") == 2


def test_d35_10_aid_another_needs_an_ally():
    t = duel()
    p = look(t, af.AID)
    assert [n.rule for n in p.notices if n.blocking] == ["D35-10"]
    with pytest.raises(ActionError):
        take(t, af.AID, "a", "b", "15")


# --- Bull rush (D35-12 to D35-14, TV-D35-05) ----------------------------------------------


@pytest.mark.parametrize(
    ("margin", "follow", "metres"),
    [(8, True, 3.0), (8, False, 1.5), (10, True, 4.5), (4, True, 1.5), (0, True, 1.5)],
)
def test_tv_d35_05_push_distance(margin, follow, metres):
    assert td.push_distance(margin, follow) == metres


def test_tv_d35_05_bull_rush_20_against_12_following_pushes_3_m():
    t = duel()
    r = take(t, td.BULL_RUSH, "a", "b", "20", then=("12",), suivre=True)
    assert r.success is True and r.amounts["margin"] == 8
    assert "3,00 m" in r.outcome_fr and "3.00 m" in r.outcome_en


def test_tv_d35_05_bull_rush_without_following_pushes_1_5_m():
    t = duel()
    r = take(t, td.BULL_RUSH, "a", "b", "20", then=("12",))
    assert r.success is True and "1,50 m" in r.outcome_fr


def test_tv_d35_05_bull_rush_11_against_12_pushes_the_attacker_back():
    t = duel()
    r = take(t, td.BULL_RUSH, "a", "b", "11", then=("12",))
    assert r.success is False
    assert r.outcome_fr.startswith("A est repoussé de 1,50 m")


def test_tv_d35_05_charging_against_four_legs_and_size():
    t = duel(b={"jambes": 4, "taille": "large"})
    p = look(t, td.BULL_RUSH, charge=True)
    shown = terms_of(p)
    assert ("A : charge", "2") in shown
    assert ("B : stabilité", "+4") in shown
    assert ("B : taille (spéciale)", "+4") in shown  # Large's special size modifier
    assert p.odds == brute(2, 8)
    take(t, td.BULL_RUSH, "a", "b", "20", then=("1",), charge=True)
    assert "charge" in states(t, "a")


def test_d35_13_bull_rush_stable_defender_and_equal_odds():
    assert look(duel(), td.BULL_RUSH).odds == Fraction(1, 2)
    shown = terms_of(look(duel(b={"stable": True}), td.BULL_RUSH))
    assert ("B : stabilité", "+4") in shown


# --- Trip (D35-35, D35-36, TV-D35-24) -----------------------------------------------------


def test_tv_d35_24_trip_medium_against_large_is_legal():
    p = look(duel(b={"taille": "large"}), td.TRIP)
    assert not [n for n in p.notices if n.blocking]


def test_tv_d35_24_trip_medium_against_huge_is_illegal_unless_forced():
    t = duel(b={"taille": "huge"})
    p = look(t, td.TRIP)
    assert [n.rule for n in p.notices if n.blocking] == ["D35-35"]
    with pytest.raises(ActionError):
        take(t, td.TRIP, "a", "b", "15", then=("20", "1"))
    r = take(t, td.TRIP, "a", "b", "15", then=("20", "1"), force=True)
    assert any(term.rule == "G-3" for term in r.terms)


def test_tv_d35_24_trip_four_legs_gives_the_defender_4():
    t = duel(b={"jambes": 4})
    assert ("B : stabilité", "+4") in terms_of(look(t, td.TRIP))
    assert not [x for x in td.trip_defence(t.enc.combatant("a"), "force") if x.value == 4]


def test_tv_d35_24_trip_a_rider_may_use_ride():
    t = duel(b={"equitation": 9, "force": 12})
    add_state(t, "b", "monte")
    b = t.enc.combatant("b")
    assert td.best_trip_defence(b) == "equitation"
    spec = next(s for s in t.ruleset.actions(t.enc, "a", "b") if s.kind == td.TRIP)
    resist = next(f for f in spec.options if f.key == "resiste")
    assert "equitation" in {c.value for c in resist.choices}
    assert ("B : Équitation", "+9") in terms_of(look(t, td.TRIP))
    assert ("B : mod. de For", "+1") in terms_of(look(t, td.TRIP, resiste="force"))
    # Not mounted: no Ride offered, Str or Dex (the better).
    plain = duel(b={"equitation": 9, "dexterite": 14})
    assert td.best_trip_defence(plain.enc.combatant("b")) == "dexterite"


def test_d35_36_trip_hits_and_wins_target_prone():
    t = duel(b={"dexterite": 10})
    p = look(t, td.TRIP)
    assert p.target_number == 10  # touch CA
    assert p.odds == Fraction(11, 20) * Fraction(1, 2)
    assert len(p.more) == 2
    r = take(t, td.TRIP, "a", "b", "15", then=("15", "5"))
    assert r.success is True
    assert states(t, "b")["a_terre"].source == "a"


def test_d35_35_trip_touch_miss_needs_no_further_roll():
    t = duel(b={"dexterite": 10})
    a = Action(td.TRIP, "a", "b", {})
    p = t.preview(a)
    r, cs = t.resolve(a, DiceResult.typed_faces("3", p.dice))  # no `then`: not needed
    t.apply(cs)
    assert r.success is False and "a_terre" not in states(t, "b")


def test_d35_36_trip_defender_wins_may_trip_back():
    t = duel()
    r = take(t, td.TRIP, "a", "b", "15", then=("5", "15"))
    assert r.success is False and "croc-en-jambe" in r.outcome_fr
    assert "a_terre" not in states(t, "b")


# --- Disarm (D35-41 to D35-43) ------------------------------------------------------------


def _disarm_terms(a_weapon, b_weapon, a=None, b=None, **options):
    t = duel(
        a={"armes": [arme(a_weapon)] if a_weapon else [], **(a or {})},
        b={"armes": [arme(b_weapon)] if b_weapon else [], **(b or {})},
    )
    p = look(t, dis.DISARM, **options)
    return terms_of(p), p


def test_d35_42_disarm_two_handed_plus_4_light_minus_4():
    shown, _p = _disarm_terms("Épée à deux mains", "Dague")
    assert ("A : arme à deux mains", "4") in shown
    assert ("B : arme légère ou mains nues", "-4") in shown


def test_d35_42_disarm_unarmed_counts_light():
    shown, _p = _disarm_terms(None, "Épée longue")
    assert ("A : arme légère ou mains nues", "-4") in shown
    assert not [x for x in shown if x[0].startswith("B : arme")]


def test_d35_42_disarm_larger_gets_4_per_size_category():
    shown, p = _disarm_terms("Épée longue", "Épée longue", b={"taille": "huge"})
    assert ("B : plus grand de 2 taille(s)", "+8") in shown
    assert not [x for x in shown if x[0].startswith("A : plus grand")]
    # Huge's attack size modifier −2 and +8: the defender's modifier is +6 against 0.
    assert p.odds == brute(0, 6)
    shown, _p = _disarm_terms("Épée longue", "Épée longue", a={"taille": "large"})
    assert ("A : plus grand de 1 taille(s)", "4") in shown


def test_d35_42_disarm_object_not_a_melee_weapon_minus_4_to_defender():
    shown, _p = _disarm_terms("Épée longue", "Épée longue", pas_melee=True)
    assert ("B : objet qui n’est pas une arme de mêlée", "-4") in shown
    shown, _p = _disarm_terms("Épée longue", "Arc court")  # a bow held: not melee
    assert ("B : objet qui n’est pas une arme de mêlée", "-4") in shown


def test_d35_43_disarm_win_leaves_the_target_disarmed():
    t = duel(a={"armes": [arme("Épée longue")]}, b={"armes": [arme("Épée longue")]})
    r = take(t, dis.DISARM, "a", "b", "18", then=("4",))
    assert r.success is True and states(t, "b")["desarme"].source == "a"


def test_d35_43_unarmed_disarm_takes_the_weapon_and_defender_win():
    t = duel(b={"armes": [arme("Épée longue")]})
    r = take(t, dis.DISARM, "a", "b", "20", then=("2",), arme="0")
    assert r.success is True and "main de A" in r.outcome_fr
    t = duel(b={"armes": [arme("Épée longue")]})
    r = take(t, dis.DISARM, "a", "b", "2", then=("20",), arme="0")
    assert r.success is False and "desarme" not in states(t, "b")


def test_d35_41_disarm_fails_when_the_aoo_dealt_damage():
    _shown, p = _disarm_terms("Épée longue", "Épée longue", ao_degats=True)
    assert [n.rule for n in p.notices if n.blocking] == ["D35-41"]


# --- Snatch (D35-77) ----------------------------------------------------------------------


def test_d35_77_snatch_is_an_unarmed_disarm_whatever_the_weapon_chosen():
    shown, p = _disarm_terms("Épée à deux mains", "Épée longue", saisir="normal")
    assert ("A : saisir un objet : désarmement à mains nues", "") in shown
    assert ("A : arme légère ou mains nues", "-4") in shown
    assert ("A : arme à deux mains", "4") not in shown
    assert p.odds == brute(-4, 0)
    assert not p.notices and "arracher" in p.odds_note


def test_d35_77_an_object_easy_to_grab_gives_the_attacker_4():
    shown, p = _disarm_terms(None, "Épée longue", saisir="facile")
    assert ("A : objet simple à arracher", "4") in shown
    assert p.odds == brute(0, 0)  # −4 bare hands + 4


def test_d35_77_a_well_secured_object_only_from_the_pinned_who_gets_4():
    _shown, p = _disarm_terms(None, "Épée longue", saisir="arrime")
    assert [n.rule for n in p.notices if n.blocking] == ["D35-77"]
    t = duel(b={"armes": [arme("Épée longue")]})
    with pytest.raises(ActionError, match="D35-77"):
        t.resolve(Action(dis.DISARM, "a", "b", {"saisir": "arrime"}), DiceResult("none"))
    t = duel(b={"armes": [arme("Épée longue")]})
    add_state(t, "b", "immobilise")
    p = look(t, dis.DISARM, saisir="arrime")
    assert not p.notices
    assert ("B : objet bien arrimé", "+4") in terms_of(p)
    assert p.odds == brute(-4, 4)


def test_d35_77_a_snatch_won_puts_the_object_in_the_attacker_s_hand():
    t = duel(a={"armes": [arme("Épée longue")]}, b={"armes": [arme("Épée longue")]})
    r = take(t, dis.DISARM, "a", "b", "20", then=("2",), saisir="normal")
    assert r.success is True and "arrache" in r.outcome_fr and "snatches" in r.outcome_en
    assert "Épée longue" in r.outcome_fr
    assert states(t, "b")["desarme"].source == "a"  # its weapon snatched
    assert any(x.rule == "D35-77" for x in r.terms)


def test_d35_77_snatching_an_object_that_is_not_a_weapon_leaves_no_disarmed_state():
    t = duel(b={"armes": [arme("Épée longue")]})
    r = take(t, dis.DISARM, "a", "b", "20", then=("2",), saisir="facile", arme_cible="0")
    assert r.success is True and "l’objet" in r.outcome_fr and "the object" in r.outcome_en
    assert "desarme" not in states(t, "b")


def test_d35_77_d35_43_a_snatch_lost_lets_the_defender_disarm_back():
    t = duel(b={"armes": [arme("Épée longue")]})
    r = take(t, dis.DISARM, "a", "b", "2", then=("20",), saisir="normal")
    assert r.success is False and "désarmer" in r.outcome_fr
    assert "desarme" not in states(t, "b")


# --- Feint (D35-47) -----------------------------------------------------------------------


def test_d35_47_feint_bluff_against_sense_motive_plus_bba():
    t = duel(a={"bluff": 6}, b={"psychologie": 2, "bba": 3})
    p = look(t, af.FEINT)
    shown = terms_of(p)
    assert ("A : Bluff", "6") in shown
    assert ("B : Psychologie", "+2") in shown and ("B : BBA", "+3") in shown
    assert p.odds == brute(6, 5)
    r = take(t, af.FEINT, "a", "b", "10", then=("10",))
    assert r.success is True
    feinted = states(t, "b")["feinte"]
    assert feinted.source == "a" and feinted.expiry.whose == "source"


def test_d35_47_feint_minus_4_against_a_non_humanoid():
    shown = terms_of(look(duel(b={"humanoide": False}), af.FEINT))
    assert ("A : cible non humanoïde", "-4") in shown


def test_d35_47_feint_minus_8_against_animal_intelligence_not_12():
    for score in (1, 2):
        p = look(duel(b={"humanoide": False, "intelligence": score}), af.FEINT)
        penalties = [t.value for t in p.terms if t.rule == "D35-47" and t.value in (-4, -8)]
        assert penalties == [-8]
    assert af.feint_penalty(duel(b={"intelligence": 3}).enc.combatant("b")) is None


def test_d35_47_feint_refused_against_int_none_unless_forced():
    t = duel(b={"intelligence": None})
    p = look(t, af.FEINT)
    assert [n.rule for n in p.notices if n.blocking] == ["D35-47"]
    with pytest.raises(ActionError, match="D35-47"):
        take(t, af.FEINT, "a", "b", "20", then=("1",))
    assert "feinte" not in states(t, "b")
    r = take(t, af.FEINT, "a", "b", "20", then=("1",), force=True)
    assert r.success is True and "feinte" in states(t, "b")


# --- Ties (CFG-D35-13, A-D35-13) ----------------------------------------------------------


def test_cfg_d35_13_tie_with_equal_modifiers_rerolls():
    t = duel()
    r = take(t, af.FEINT, "a", "b", "10", then=("10",))
    assert r.success is None and "relancer" in r.outcome_fr
    assert "feinte" not in states(t, "b")


def test_cfg_d35_13_tie_goes_to_the_higher_modifier():
    t = duel(a={"bluff": 1})
    r = take(t, af.FEINT, "a", "b", "10", then=("11",))
    assert r.success is True
    t = duel(b={"force": 12})  # B's Str +1 in the bull rush
    r = take(t, td.BULL_RUSH, "a", "b", "11", then=("10",))
    assert r.success is False


def test_cfg_d35_13_defender_wins_ties_when_the_flag_says_so():
    t = table(fighter("a", PJ, (0, 0)), fighter("b", MJ, (1, 0)), flags={op.TIES_FLAG: "defenseur"})
    assert look(t, af.FEINT).odds == brute(0, 0, "defender") == Fraction(190, 400)
    r = take(t, af.FEINT, "a", "b", "10", then=("10",))
    assert r.success is False


def test_d35_80_opposed_odds_are_exact():
    assert look(duel(a={"bluff": 3}, b={"psychologie": 1}), af.FEINT).odds == brute(3, 1)


# --- Sunder (D35-44, D35-45, TV-D35-10, CFG-D35-14) ---------------------------------------


def _sunder_duel(a_weapon="Épée longue", b_weapon="Épée longue", a=None, b=None, flags=None):
    return table(
        fighter("a", PJ, (0, 0), armes=[arme(a_weapon)], **(a or {})),
        fighter("b", MJ, (1, 0), armes=[arme(b_weapon)] if b_weapon else [], **(b or {})),
        flags=flags,
    )


def test_sunder_is_offered():
    kinds = {s.kind for s in trio().ruleset.actions(trio().enc, "a", "b")}
    assert dis.SUNDER in kinds


def test_tv_d35_10_sunder_worn_object_ca_13_an_attack_of_13_hits():
    t = _sunder_duel(b={"dexterite": 16})  # Medium (0), Dex +3
    assert dis.object_ca(t.enc.combatant("b"))[0] == 13
    p = look(t, dis.SUNDER, objet="autre")
    assert p.target_number == 13 and not p.more
    assert p.odds == Fraction(8, 20)  # 13 to 20 with +0
    assert ("CA de l’objet (atteindre)", "13") in terms_of(p)
    assert any(x.label.startswith("provoque une AO") for x in p.terms)
    r = take(t, dis.SUNDER, "a", "b", "13", objet="autre")
    assert r.success is True and "endommagé" in r.outcome_fr and "MJ" in r.outcome_fr
    assert r.amounts == {"total": 13, "target": 13}
    r = take(t, dis.SUNDER, "a", "b", "12", objet="autre")
    assert r.success is False


def test_cfg_d35_14_sunder_object_ca_must_be_exceeded_when_depasser():
    t = _sunder_duel(b={"dexterite": 16}, flags={dis.OBJECT_CA_FLAG: "depasser"})
    p = look(t, dis.SUNDER, objet="autre")
    assert p.target_number == 14 and p.odds == Fraction(7, 20)
    assert ("CA de l’objet (dépasser)", "13") in terms_of(p)
    assert take(t, dis.SUNDER, "a", "b", "13", objet="autre").success is False
    assert take(t, dis.SUNDER, "a", "b", "14", objet="autre").success is True


def test_d35_45_sunder_object_ca_uses_the_holders_size_and_dex():
    t = _sunder_duel(b={"dexterite": 8, "taille": "large"})  # Dex −1, Large −1
    assert dis.object_ca(t.enc.combatant("b"))[0] == 8
    t = _sunder_duel(b={"dexterite": 12, "taille": "small"})  # Dex +1, Small +1
    assert look(t, dis.SUNDER, objet="autre").target_number == 12


def test_tv_d35_10_sunder_with_a_piercing_weapon_is_illegal():
    t = _sunder_duel(a_weapon="Rapière")
    for objet in ("arme", "autre"):
        p = look(t, dis.SUNDER, objet=objet)
        assert [n.rule for n in p.notices if n.blocking] == ["D35-44"]
        with pytest.raises(ActionError, match="D35-44"):
            take(t, dis.SUNDER, "a", "b", "20", then=("1",) if objet == "arme" else (), objet=objet)
    r = take(t, dis.SUNDER, "a", "b", "20", objet="autre", force=True)
    assert any(term.rule == "G-3" for term in r.terms)


@pytest.mark.parametrize("weapon", ["Masse d'armes", "Dague", "Morgenstern", "Épée longue"])
def test_d35_44_sunder_slashing_or_bludgeoning_is_legal(weapon):
    p = look(_sunder_duel(a_weapon=weapon), dis.SUNDER)
    assert not [n for n in p.notices if n.blocking]


def test_d35_44_sunder_held_weapon_opposed_rolls_with_disarm_modifiers():
    t = _sunder_duel("Épée à deux mains", "Dague", b={"taille": "large"})
    p = look(t, dis.SUNDER)
    shown = terms_of(p)
    assert ("A : arme à deux mains", "4") in shown
    assert ("B : arme légère ou mains nues", "-4") in shown
    assert ("B : plus grand de 1 taille(s)", "+4") in shown
    # A: +4; B: Large −1, light −4, larger +4 → −1.
    assert p.odds == brute(4, -1) and len(p.more) == 1


def test_d35_44_sunder_shield_counts_as_not_a_melee_weapon():
    shown = terms_of(look(_sunder_duel(), dis.SUNDER, objet="bouclier"))
    assert ("B : objet qui n’est pas une arme de mêlée", "-4") in shown


def test_d35_44_sunder_win_damages_the_weapon_loss_does_not_and_ties():
    t = _sunder_duel()
    r = take(t, dis.SUNDER, "a", "b", "15", then=("5",))
    assert r.success is True
    assert "Épée longue de B est endommagé" in r.outcome_fr and "GM" in r.outcome_en
    assert t.enc.combatant("b").states == []  # the GM applies the damage
    r = take(t, dis.SUNDER, "a", "b", "5", then=("15",))
    assert r.success is False and "Pas de dégâts" in r.outcome_fr
    r = take(t, dis.SUNDER, "a", "b", "10", then=("10",))  # equal modifiers (CFG-D35-13)
    assert r.success is None and "relancer" in r.outcome_fr


# --- Overrun (D35-68) ---------------------------------------------------------------------


def test_d35_68_overrun_is_offered():
    t = trio()
    assert td.OVERRUN in {s.kind for s in t.ruleset.actions(t.enc, "a", "b")}


def test_d35_68_overrun_avoided_the_attacker_passes_without_a_roll():
    t = duel()
    p = look(t, td.OVERRUN, reaction="eviter")
    assert p.dice is None and not p.more and p.odds == 1
    r = take(t, td.OVERRUN, "a", "b", reaction="eviter")
    assert r.success is True and "traverse" in r.outcome_fr
    assert "a_terre" not in states(t, "b") and "a_terre" not in states(t, "a")
    assert any(x.label.startswith("provoque une AO") for x in r.terms)


def test_d35_68_overrun_block_modifiers_charge_stability_size_and_dex():
    t = duel(b={"jambes": 4, "taille": "large", "dexterite": 14, "force": 10})
    p = look(t, td.OVERRUN, charge=True)
    shown = terms_of(p)
    assert ("A : charge", "2") in shown
    assert ("B : stabilité", "+4") in shown
    assert ("B : taille (spéciale)", "+4") in shown
    assert ("B : mod. de Dex", "+2") in shown  # the better of Str and Dex
    assert p.odds == brute(2, 10)
    assert len(p.more) == 3
    assert ("B : mod. de For", "+0") in terms_of(look(t, td.OVERRUN, resiste="force"))


def test_d35_68_overrun_attacker_wins_defender_prone():
    t = duel()
    r = take(t, td.OVERRUN, "a", "b", "15", then=("5",), charge=True)
    assert r.success is True and "poursuit" in r.outcome_fr
    assert states(t, "b")["a_terre"].source == "a"
    assert "a_terre" not in states(t, "a") and "charge" in states(t, "a")


def test_d35_68_overrun_fails_attacker_moves_back_and_falls_if_second_lost():
    t = duel()
    r = take(t, td.OVERRUN, "a", "b", "5", then=("15", "15", "5"))
    assert r.success is False
    assert "recule de 1,50 m" in r.outcome_fr and "1.50 m" in r.outcome_en
    assert states(t, "a")["a_terre"].source == "b"
    assert "a_terre" not in states(t, "b")
    assert r.amounts == {"total": 5, "opposed": 15, "swap": 15, "swap_opposed": 5}


def test_d35_68_overrun_fails_attacker_wins_the_second_check_stays_up():
    t = duel()
    r = take(t, td.OVERRUN, "a", "b", "5", then=("15", "5", "15"))
    assert r.success is False and "recule de 1,50 m" in r.outcome_fr
    assert "a_terre" not in states(t, "a") and "a_terre" not in states(t, "b")


def test_d35_68_overrun_second_check_needs_its_rolls():
    t = duel()
    with pytest.raises(ActionError):
        take(t, td.OVERRUN, "a", "b", "5", then=("15",))


def test_cfg_d35_13_overrun_ties_first_reroll_second_to_the_higher_modifier():
    t = duel()
    r = take(t, td.OVERRUN, "a", "b", "10", then=("10",))
    assert r.success is None and "relancer" in r.outcome_fr
    assert "a_terre" not in states(t, "b")
    t = duel()
    r = take(t, td.OVERRUN, "a", "b", "5", then=("15", "10", "10"))  # second check tied
    assert r.success is False and "second test : le relancer" in r.outcome_fr
    assert "a_terre" not in states(t, "a")
    # A charges (+2): B's second check tied at 12 goes to A's higher modifier.
    t = duel()
    r = take(t, td.OVERRUN, "a", "b", "5", then=("15", "12", "10"), charge=True)
    assert r.success is False and "a_terre" not in states(t, "a")
    # Defender-wins flag: in the swapped check A defends, so a tie keeps A standing.
    t = table(fighter("a", PJ, (0, 0)), fighter("b", MJ, (1, 0)), flags={op.TIES_FLAG: "defenseur"})
    r = take(t, td.OVERRUN, "a", "b", "10", then=("10", "10", "10"))
    assert r.success is False and "a_terre" not in states(t, "a")


# --- Issue 32 item 6: an opposed check gives its number to reach as a term -------------------


def to_reach(preview):
    (term,) = [x for x in preview.terms if x.label_en.startswith("to reach:")]
    return term


@pytest.mark.parametrize(
    ("a_str", "b_str", "flag", "fr", "en"),
    [
        (14, 10, None, "d20 +0 (égalité gagnée (plus grand modificateur))", "d20 +0 (a tie wins"),
        (10, 10, None, "d20 +0 (égalité : relancer)", "d20 +0 (a tie: roll again)"),
        (10, 14, None, "d20 +2 + 1 (égalité perdue)", "d20 +2 + 1 (a tie loses)"),
        (14, 10, "defenseur", "d20 +0 + 1 (égalité perdue)", "d20 +0 + 1 (a tie loses)"),
    ],
)
def test_cfg_d35_13_a_bull_rush_preview_names_the_total_to_reach(a_str, b_str, flag, fr, en):
    """The defender's total, d20 + its modifier, one more when a tie loses (A-D35-13): as a
    term of the preview in both languages, not only in the odds' text; the actor's own
    modifier is the dice entry's bonus."""
    t = duel({"force": a_str}, {"force": b_str})
    if flag is not None:
        t.enc.flags[op.TIES_FLAG] = flag
    preview = look(t, td.BULL_RUSH)
    term = to_reach(preview)
    assert term.label == "à atteindre : le total de B" and term.label_en == "to reach: B's total"
    assert term.value == fr and term.value_en.startswith(en)
    assert preview.dice_bonus == (a_str - 10) // 2


def test_a_touch_then_contest_preview_names_the_check_to_reach_too():
    t = duel({"force": 12}, {"force": 16})
    term = to_reach(look(t, td.TRIP))
    assert term.value == "d20 +3 + 1 (égalité perdue)"
