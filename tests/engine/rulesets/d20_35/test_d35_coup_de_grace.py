"""Coup de grâce (D35-22): offered against a helpless creature (D35-21), a full-round action
that hits automatically and is a critical (A-D35-1: the damage × the weapon's multiplier),
then a Fortitude save DC 10 + the damage dealt or death, rolled as the action's second roll;
it provokes attacks of opportunity; adjacent only, a bow or a crossbow at range."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from gui.engine.checks.request import DiceResult
from gui.engine.contract.values import Action, ActionError
from gui.engine.files import storage
from gui.engine.play.table import Table
from gui.engine.rulesets.d20_35 import budget, provoking, sheet
from tests.engine.rulesets.conteur.builders import blocking, look
from tests.engine.rulesets.d20_35.builders import (
    MJ,
    PJ,
    arme,
    fight,
    fighter,
    registered,
    ruleset,
    table,
)

KIND = "coup_de_grace"


@pytest.fixture(autouse=True)
def _d20():
    with registered():
        yield


def _demo() -> Table:
    """The demo's Aldric dying at −3 hp, a skeleton (scimitar 18–20/×2, Str +1) next to him."""
    enc = storage.load(ruleset().demo_path)
    aldric, skeleton = enc.combatant("aldric"), enc.combatant("squelette_1")
    aldric.stats["pv"] = -3
    x, y = aldric.position.cell
    skeleton.position = aldric.position.replace(cell=(x + 1, y))
    return Table(enc)


def strike(t: Table, damage: str, save: str | None = None, actor="squelette_1", target="aldric"):
    action = Action(KIND, actor, target, {"arme": "1"})
    preview = t.preview(action)
    first = DiceResult.typed_faces(damage, preview.dice)
    then = (DiceResult.typed_faces(save, preview.more[0]),) if save else ()
    resolution, cs = t.resolve(action, DiceResult(first.mode, first.faces, then=then))
    t.apply(cs)
    return resolution


def kinds(t: Table, actor: str, target: str) -> set[str]:
    return {s.kind for s in t.ruleset.actions(t.enc, actor, target)}


def test_d35_22_offered_against_the_dying_knight_only():
    t = _demo()
    assert KIND in kinds(t, "squelette_1", "aldric")
    assert KIND not in kinds(t, "squelette_1", "isaure")  # standing
    assert KIND not in kinds(t, "squelette_1", None)
    t.enc.combatant("aldric").stats["pv"] = -12
    assert KIND not in kinds(t, "squelette_1", "aldric")  # dead


def test_d35_22_a_critical_that_hits_automatically_and_asks_fortitude_dc_10_plus_damage():
    t = _demo()
    preview = look(t, KIND, "squelette_1", "aldric", arme="1")
    assert str(preview.dice.expr) == "2d6+2"  # (1d6 + 1) × 2
    assert preview.target_number is None and blocking(preview) == []
    save = preview.more[0]
    assert save.expr.modifier == sheet.save(t.enc.combatant("aldric"), "vigueur") == 8
    assert save.label.fr == "JS de Vigueur (DD 10 + dégâts)"
    r = strike(t, "1 1", save="5")  # 4 damage: −7 hp, DC 14, 5 + 8 = 13 fails
    assert r.success and r.critical and r.amounts == {"damage": 4, "target": 14, "total": 13}
    aldric = t.enc.combatant("aldric")
    assert aldric.stats["pv"] == -7 and sheet.status(aldric) == "mort"
    assert "il meurt" in r.outcome_fr and "it dies" in r.outcome_en


def test_d35_22_a_made_save_survives_and_a_natural_1_or_20_decides():
    t = _demo()
    r = strike(t, "1 1", save="6")  # 6 + 8 = 14 ≥ DC 14
    assert sheet.status(t.enc.combatant("aldric")) == "mourant" and "il survit" in r.outcome_fr
    t = _demo()
    t.enc.combatant("aldric").stats["js_vigueur"] = 30
    strike(t, "1 1", save="1")  # 1 + 32 beats DC 14, but a natural 1 fails (SRD)
    assert sheet.status(t.enc.combatant("aldric")) == "mort"
    t = table(
        fighter("a", PJ, (0, 0), armes=[arme("Dague")]),
        fighter("b", MJ, (1, 0), pv=-1, pv_max=10, constitution=3, js_vigueur=-5),
    )
    strike(t, "4 4", save="20", actor="a", target="b")  # 20 − 9 = 11 < DC 18, yet it succeeds
    assert sheet.status(t.enc.combatant("b")) == "mourant"


def test_d35_22_a_blow_to_the_death_threshold_needs_no_save():
    t = _demo()
    r = strike(t, "6 5")  # 13 damage: −16 hp
    assert "et meurt" in r.outcome_fr and sheet.status(t.enc.combatant("aldric")) == "mort"
    with pytest.raises(ActionError):
        strike(_demo(), "1 1")  # alive after the blow: the save is needed


def test_d35_22_the_preview_gives_the_exact_chance_of_death():
    t = table(
        fighter("a", PJ, (0, 0), armes=[arme("Dague")]),
        fighter("b", MJ, (1, 0), pv=-1, pv_max=10),
    )
    preview = look(t, KIND, "a", "b", arme="1")
    assert str(preview.dice.expr) == "2d4"  # 1d4 × 2
    dying = Fraction(0)
    for d1, d2 in product(range(1, 5), repeat=2):  # Fortitude +0, DC 10 + damage
        dealt = d1 + d2
        fails = sum(1 for n in range(1, 21) if n == 1 or (n != 20 and n < 10 + dealt))
        dying += Fraction(fails, 20 * 16)
    assert preview.odds == dying


def test_d35_22_adjacent_only_and_a_bow_or_crossbow_at_range():
    sling, bow = arme("Fronde"), arme("Arc long")
    t = table(
        fighter("a", PJ, (0, 0), armes=[arme("Épée longue"), sling, bow]),
        fighter("b", MJ, (1, 0), pv=-2),
    )
    assert blocking(look(t, KIND, "a", "b", arme="1")) == []
    assert blocking(look(t, KIND, "a", "b", arme="2")) == ["D35-22"]  # a sling
    assert blocking(look(t, KIND, "a", "b", arme="3")) == []  # a bow, adjacent
    t.enc.combatant("b").position = t.enc.combatant("b").position.replace(cell=(3, 0))
    assert blocking(look(t, KIND, "a", "b", arme="1")) == ["D35-22"]
    with pytest.raises(ActionError, match="D35-22"):
        strike(t, "3 3", save="10", actor="a", target="b")


def test_a_d35_1_no_coup_de_grace_on_a_creature_immune_to_criticals():
    t = table(fighter("a", PJ, (0, 0)), fighter("b", MJ, (1, 0), type_creature="artificiel"))
    t.enc.combatant("b").stats["pv"] = -2
    assert blocking(look(t, KIND, "a", "b")) == ["A-D35-1"]


def test_d35_22_a_full_round_action_that_provokes_every_threatening_foe():
    t = fight(
        fighter("a", PJ, (1, 0), armes=[arme("Épée longue")]),
        fighter("b", MJ, (0, 0), pv=-2),
        fighter("c", MJ, (2, 0)),  # threatens a
        fighter("d", MJ, (5, 5)),  # too far
    )
    action = Action(KIND, "a", "b", {"arme": "1"})
    assert budget.cost(t.ruleset, t.enc, action) == budget.Cost("complexe")
    assert provoking.scope(t.ruleset, t.enc, action) == "tous"
    assert provoking.foes(t.ruleset, t.enc, action) == ["c"]
    assert any(x.rule == "D35-11" and x.value == "C" for x in t.preview(action).terms)
