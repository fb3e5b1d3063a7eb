"""d20_35 damage and the hit-point states: massive damage (TV-D35-07, D35-37), nonlethal
damage (TV-D35-08, D35-38), dying and death (TV-D35-12 in part, D35-48, D35-49, D35-51)."""

from __future__ import annotations

import pytest

from gui.engine.checks.request import DiceResult
from gui.engine.contract.values import Action
from gui.engine.rulesets.d20_35 import sheet
from tests.engine.rulesets.d20_35.builders import MJ, PJ, fighter, registered, table


@pytest.fixture(autouse=True)
def _d20():
    with registered():
        yield


def hurt(t, typed, then=(), **options):
    action = Action("degats", "a", "b", {"arme": "0", **options})
    preview = t.preview(action)
    dice = DiceResult.typed_aggregate(typed, preview.dice)
    if then:
        follow = tuple(
            DiceResult.typed_aggregate(f, r) for f, r in zip(then, preview.more, strict=True)
        )
        dice = DiceResult(dice.mode, (), dice.aggregate, then=follow)
    resolution, cs = t.resolve(action, dice)
    t.apply(cs)
    return resolution


def big(**b):
    """Bare hands with a bonus big enough for 50 (the GM's own blow)."""
    fists = {
        "nom": "Poing de géant",
        "categorie": "une_main",
        "degats": "10d6",
        "bonus_degats": 0,
        "type": "contondant",
        "critique": "20/×2",
        "bonus_attaque": 0,
        "non_letale": False,
        "allonge": False,
        "portee": 0.0,
    }
    return table(
        fighter("a", PJ, (0, 0), force=10, armes=[fists]),
        fighter("b", MJ, (1, 0), pv=80, pv_max=80, **b),
    )


@pytest.mark.parametrize(("typed", "asked"), [(50, True), (49, False)])
def test_tv_d35_07_fifty_damage_asks_a_fortitude_save(typed, asked):
    t = big()
    action = Action("degats", "a", "b", {"arme": "1"})
    assert len(t.preview(action).more) == 1  # 10d6 can reach 50: the save is asked for
    r = hurt(t, typed, then=("5",), arme="1")
    dead = sheet.has_state(t.enc.combatant("b"), "mort")
    assert dead == asked and any(x.rule == "D35-37" for x in r.terms) == asked


@pytest.mark.parametrize(("nonlethal", "state"), [(12, "chancelant"), (13, "inconscient")])
def test_tv_d35_08_nonlethal_against_current_hp(nonlethal, state):
    t = table(fighter("a"), fighter("b", MJ, (1, 0), pv=12, pv_max=20))
    t.enc.combatant("b").stats["degats_non_letaux"] = nonlethal
    assert sheet.status(t.enc.combatant("b")) == state
    assert sheet.stat(t.enc.combatant("b"), "pv") == 12  # nonlethal does not kill


@pytest.mark.parametrize(
    ("pv", "state", "out"),
    [
        (1, "normal", False),
        (0, "hors_de_combat", False),
        (-3, "mourant", True),
        (-10, "mort", True),
    ],
)
def test_tv_d35_12_the_states_of_hit_points(pv, state, out):
    t = table(fighter("b", MJ, (1, 0), pv=pv, pv_max=20))
    c = t.enc.combatant("b")
    assert sheet.status(c) == state and t.ruleset.is_out(t.enc, c) == out


def test_damage_lowers_the_hit_points_and_nonlethal_its_own_total():
    t = table(fighter("a", force=14), fighter("b", MJ, (1, 0), pv=10, pv_max=10))
    r = hurt(t, 4)  # 1d3 + Str 2: a total of 4 typed
    assert sheet.stat(t.enc.combatant("b"), "pv") == 6 and r.amounts["damage"] == 4
    hurt(t, 3, non_letal=True)
    assert sheet.stat(t.enc.combatant("b"), "degats_non_letaux") == 3


def test_a_d35_8_death_at_minus_the_constitution_score():
    t = table(fighter("b", MJ, (1, 0), pv=-12, pv_max=20, constitution=14))
    c = t.enc.combatant("b")
    assert t.ruleset.is_out(t.enc, c) and sheet.status(c) == "mort"  # −10 (the default)
    t.enc.flags["A-D35-8"] = "moins_constitution"
    assert "Mourant" in [b.fr for b in t.ruleset.badge_labels(t.enc, c)]  # dies at −14
