"""d20_35 saving throws with cover (D35-03, D35-05, D35-08, TV-D35-01) and noticing the
invisible (D35-18): « Jet de sauvegarde » and « Perception » really computed."""

from __future__ import annotations

import pytest

from gui.engine.contract.values import Action
from gui.engine.rulesets.d20_35 import budget, saves
from gui.engine.state.model import MapWall, State
from tests.engine.acting import take
from tests.engine.rulesets.d20_35.builders import MJ, PJ, fighter, registered, table


@pytest.fixture(autouse=True)
def _d20():
    with registered():
        yield


def saver_and_mage(**saver):
    """A rogue (Reflex base +4, Dex 14: +6) at (5, 5), a mage casting from (9, 5)."""
    base = {"js_reflexes": 4, "dexterite": 14, "js_vigueur": 1, "constitution": 12}
    return table(fighter("r", PJ, (5, 5), **{**base, **saver}), fighter("m", MJ, (9, 5)))


def bonus(t, target="m", **options):
    return t.preview(Action(saves.SAVE, "r", target, options)).dice_bonus


@pytest.mark.parametrize(
    ("cover", "spread", "expected"),
    [
        ("aucun", False, 6),
        ("normal", False, 8),  # TV-D35-01: Reflex +2
        ("normal", True, 6),  # +0 against a spread
        ("mou", False, 6),  # soft cover: Reflex +0 (D35-05)
        ("ameliore", False, 10),  # improved: Reflex +4 (D35-08)
    ],
)
def test_tv_d35_01_cover_on_a_reflex_save(cover, spread, expected):
    t = saver_and_mage()
    assert bonus(t, jet="reflexes", abri=cover, etendue=spread) == expected


def test_d35_03_no_cover_bonus_on_fortitude_or_will():
    t = saver_and_mage()
    assert bonus(t, jet="vigueur", abri="ameliore") == 1 + 1
    assert bonus(t, jet="volonte", abri="normal") == 0


def test_d35_03_d35_05_the_map_s_cover_from_the_effect_s_origin():
    t = saver_and_mage()
    assert bonus(t) == 6  # in the open
    t.enc.map.walls = [MapWall(start=(7, 5), end=(7, 6), blocks="cover")]
    preview = t.preview(Action(saves.SAVE, "r", "m", {}))
    assert preview.dice_bonus == 8
    assert "D35-03" in {x.rule for x in preview.terms}
    t.enc.map.walls = []
    t.enc.combatants.append(fighter("ami", PJ, (7, 5)))  # a creature between: soft cover
    assert bonus(t) == 6
    t.enc.combatant("r").states = [State(key="abri_ameliore", label="Abri amélioré")]
    preview = t.preview(Action(saves.SAVE, "r", None, {}))  # no origin: the GM's state
    assert preview.dice_bonus == 10
    assert "D35-08" in {x.rule for x in preview.terms}


def test_d35_80_a_save_meets_its_dc_a_natural_20_saves_a_natural_1_fails():
    t = saver_and_mage()
    assert take(t, saves.SAVE, "r", "m", faces="9", dd=15, abri="aucun").success is True
    assert take(t, saves.SAVE, "r", "m", faces="8", dd=15, abri="aucun").success is False
    assert take(t, saves.SAVE, "r", "m", faces="20", dd=40).success is True
    assert take(t, saves.SAVE, "r", "m", faces="1", dd=2).success is False
    preview = t.preview(Action(saves.SAVE, "r", None, {"dd": 17}))
    assert preview.target_number == 17


def test_a_save_takes_nothing_from_the_round_s_budget():
    t = saver_and_mage()
    assert budget.cost(t.ruleset, t.enc, Action(saves.SAVE, "r", None, {})) is None
    assert budget.cost(t.ruleset, t.enc, Action(saves.SPOT, "r", "m", {})) is None


# --- D35-18: Spot against Hide, the invisible +20, +40 standing still -----------------------


def spotter_and_thief(invisible=True):
    t = table(
        fighter("g", PJ, (0, 0), detection=5),
        fighter("v", MJ, (4, 0), discretion=8),
    )
    if invisible:
        t.enc.combatant("v").states = [State(key="invisible", label="Invisible")]
    return t


def hide_terms(preview):
    return [x.value for x in preview.terms if x.rule == "D35-18" and x.label.startswith("V :")]


@pytest.mark.parametrize(
    ("invisible", "still", "hide", "reach"),
    [
        (False, False, ["+8"], "d20 +8"),
        (True, False, ["+8", "+20"], "d20 +28"),
        (True, True, ["+8", "+40"], "d20 +48"),
    ],
)
def test_d35_18_hide_gets_20_invisible_and_40_standing_still(invisible, still, hide, reach):
    t = spotter_and_thief(invisible)
    preview = t.preview(Action(saves.SPOT, "g", "v", {"immobile": still}))
    assert hide_terms(preview) == hide
    assert preview.dice_bonus == 5
    (to_reach,) = [x for x in preview.terms if x.label_en.startswith("to reach")]
    assert to_reach.value.startswith(reach)


def test_d35_18_noticing_the_invisible_gives_its_square_not_its_sight():
    t = spotter_and_thief()
    found = take(t, saves.SPOT, "g", "v", faces="20", then=("1",))  # 25 against 29: missed
    assert found.success is False
    t = spotter_and_thief(invisible=False)
    found = take(t, saves.SPOT, "g", "v", faces="20", then=("1",))  # 25 against 9
    assert found.success is True
    t = spotter_and_thief()
    t.enc.combatant("g").stats["detection"] = 30
    found = take(t, saves.SPOT, "g", "v", faces="20", then=("1",))  # 50 against 29
    assert (
        found.success and "D35-17" in found.outcome_fr and "total concealment" in found.outcome_en
    )
