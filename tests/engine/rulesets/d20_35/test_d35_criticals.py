"""d20_35 critical hits (A-D35-1: the SRD default of CFG-D35-1, hors extrait): the weapon's
threat range and multiplier from its « Critique » cell, a natural 20 always a threat, the
confirmation as the attack's second roll (faces or a typed total), the exact odds of a critical
in the preview, the damage multiplied (dice and static bonuses), the creatures immune; the
Resolution carries `critical` and `fumble` as data."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gui.engine.checks import Check
from gui.engine.checks.request import DiceResult
from gui.engine.contract.values import Action, ActionError
from gui.engine.rulesets.d20_35 import criticals
from gui.engine.rulesets.d20_35.criticals import Critical
from tests.engine.rulesets.conteur.builders import look
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


def duel(weapon="Épée longue", a=None, b=None):
    """A (bba 0, Str 10) with one weapon (weapon 1) against B (CA 10 + its armour)."""
    return table(
        fighter("a", PJ, (0, 0), armes=[arme(weapon)], **(a or {})),
        fighter("b", MJ, (1, 0), **(b or {})),
    )


def attack(t, faces, then=(), aggregate=False, **options):
    action = Action("attaquer", "a", "b", {"arme": "1", **options})
    preview = t.preview(action)
    first = DiceResult.typed_faces(faces, preview.dice)
    typed = DiceResult.typed_aggregate if aggregate else DiceResult.typed_faces
    follow = tuple(typed(f, r) for f, r in zip(then, preview.more, strict=False))
    resolution, cs = t.resolve(action, DiceResult(first.mode, first.faces, then=follow))
    t.apply(cs)
    return resolution


@pytest.mark.parametrize(
    ("cell", "read"),
    [
        ("19-20/×2", Critical(19, 2)),
        ("18–20/x2", Critical(18, 2)),
        ("×3", Critical(20, 3)),
        ("x4", Critical(20, 4)),
        ("20/×2", Critical(20, 2)),
        ("19-20 ×3", Critical(19, 3)),
        ("—", None),
        ("", None),
        ("n'importe quoi", Critical(20, 2)),
    ],
)
def test_a_d35_1_the_critique_cell_is_read(cell, read):
    assert criticals.of_weapon({"critique": cell}) == read


def test_a_d35_1_a_natural_19_with_a_longsword_asks_the_confirmation_and_doubles():
    t = duel(b={"ca_armure": 8})  # CA 18: a natural 19 hits
    preview = look(t, "attaquer", "a", "b", arme="1")
    assert [r.label.fr for r in preview.more] == ["Confirmation du critique (si menace)"]
    assert any("19–20/×2" in x.label for x in preview.terms)
    r = attack(t, "19", then=("18",))  # 18 ≥ 18: confirmed
    assert r.success and r.critical and not r.fumble
    assert "critique confirmé" in r.outcome_fr and "critical hit confirmed" in r.outcome_en
    assert "×2" in r.outcome_fr and r.amounts["natural"] == 19
    assert r.next_kind == "degats" and r.action.options["critique"] is True  # « Suite » carries it


def test_a_d35_1_an_unconfirmed_threat_is_shown_and_is_a_plain_hit():
    t = duel(b={"ca_armure": 8})
    r = attack(t, "19", then=("17",))
    assert r.success and not r.critical and r.action.options["critique"] is False
    assert "menace sur 19 naturel, critique non confirmé" in r.outcome_fr
    assert "threat on a natural 19, critical not confirmed" in r.outcome_en


def test_a_d35_1_a_19_that_misses_threatens_nothing_and_a_natural_20_always_does():
    t = duel(b={"ca_armure": 15})  # CA 25
    r = attack(t, "19", then=("20",))
    assert not r.success and not r.critical and "menace" not in r.outcome_fr
    r = attack(t, "20", then=("19",))  # a threat; 19 < 25 does not confirm
    assert r.success and not r.critical and "menace sur 20 naturel" in r.outcome_fr
    r = attack(t, "20", then=("20",))  # a natural 20 confirms (D35-80)
    assert r.critical
    r = attack(t, "20", then=("1",))
    assert not r.critical


def test_a_d35_1_the_confirmation_may_be_typed_as_a_total():
    t = duel(b={"ca_armure": 8})
    assert attack(t, "20", then=("18",), aggregate=True).critical
    assert not attack(t, "20", then=("17",), aggregate=True).critical


def test_a_d35_1_a_typed_confirmation_is_the_total_with_the_attack_s_bonus():
    t = duel(a={"bba": 5}, b={"ca_armure": 12})  # +5 against CA 22
    confirm = look(t, "attaquer", "a", "b", arme="1").more[0]
    assert (str(confirm.expr), confirm.minimum, confirm.maximum) == ("1d20+5", 6, 25)
    assert attack(t, "19", then=("22",), aggregate=True).critical  # a natural 17 + 5
    assert not attack(t, "19", then=("21",), aggregate=True).critical
    t = duel(a={"bba": 5}, b={"dexterite": 1})  # CA 5: only a natural 1 fails
    assert not attack(t, "19", then=("6",), aggregate=True).critical
    assert attack(t, "19", then=("7",), aggregate=True).critical


def test_a_d35_1_the_confirmation_is_needed_only_when_the_dice_threaten():
    t = duel(b={"ca_armure": 8})
    assert attack(t, "12").success is False  # no threat: no confirmation read
    with pytest.raises(ActionError, match="Confirmation du critique"):
        attack(t, "19")


def test_a_d35_1_the_preview_gives_the_exact_odds_of_a_critical():
    t = duel()  # bonus +0 against CA 10: 19 and 20 hit and threaten, 10+ confirms
    preview = look(t, "attaquer", "a", "b", arme="1")
    expected = Fraction(2, 20) * Fraction(11, 20)
    assert expected == Fraction(11, 200)
    assert "11/200" in preview.odds_note and "11/200" in preview.odds_note_en
    t = duel(b={"ca_armure": 9})  # CA 19: only 19 and 20 hit, 19+ confirms
    assert "1/100" in look(t, "attaquer", "a", "b", arme="1").odds_note
    assert criticals.threat(arme("Épée longue"), fighter("x")).odds(Check(0, 19)) == Fraction(
        2, 20
    ) * Fraction(2, 20)


def test_a_d35_1_concealment_can_take_the_critical_away():
    t = duel(b={"ca_armure": 8})
    add_state(t, "b", "camouflage", 20)
    preview = look(t, "attaquer", "a", "b", arme="1")
    assert [r.expr.sides for r in preview.more] == [20, 100]
    # P(critical) = 2/20 threats × 3/20 confirmations (18+ against CA 18) × 80 % through
    assert str(Fraction(2, 20) * Fraction(3, 20) * Fraction(4, 5)) in preview.odds_note
    r = attack(t, "19", then=("19", "10"))  # confirmed, then 01–20 misses
    assert not r.success and not r.critical and "perdue (camouflage)" in r.outcome_fr
    assert attack(t, "19", then=("19", "50")).critical


@pytest.mark.parametrize("kind", ["mort_vivant", "artificiel", "elementaire", "plante", "vase"])
def test_a_d35_1_undead_constructs_elementals_plants_and_oozes_are_immune(kind):
    t = duel(b={"type_creature": kind})
    preview = look(t, "attaquer", "a", "b", arme="1")
    assert preview.more == ()
    assert any("immunisé contre les critiques" in x.label for x in preview.terms)
    r = attack(t, "20")
    assert r.success and not r.critical


def test_a_d35_1_a_weapon_with_no_critical_asks_nothing():
    t = duel(weapon="Filet")
    assert look(t, "attaquer", "a", "b", arme="1").more == ()


@pytest.mark.parametrize(
    ("weapon", "stats", "expr"),
    [
        ("Épée longue", {"force": 14}, "2d8+4"),  # (1d8+2) × 2
        ("Grande hache", {"force": 14}, "3d12+9"),  # (1d12+3, two-handed) × 3
        ("Arc long", {"force": 14}, "3d8"),  # no Str at range
    ],
)
def test_a_d35_1_a_critical_multiplies_the_weapon_dice_and_static_bonuses(weapon, stats, expr):
    t = duel(weapon=weapon, a=stats)
    plain = look(t, "degats", "a", "b", arme="1").dice.expr
    crit = look(t, "degats", "a", "b", arme="1", critique=True)
    assert str(crit.dice.expr) == expr
    assert crit.dice.expr.count > plain.count
    action = Action("degats", "a", "b", {"arme": "1", "critique": True})
    faces = " ".join(["1"] * crit.dice.expr.count)
    r, _cs = t.resolve(action, DiceResult.typed_faces(faces, crit.dice))
    assert r.critical and r.amounts["damage"] == crit.dice.expr.count + crit.dice.expr.modifier
    plain_r, _ = t.resolve(
        Action("degats", "a", "b", {"arme": "1"}), DiceResult("aggregate", aggregate=3)
    )
    assert not plain_r.critical
