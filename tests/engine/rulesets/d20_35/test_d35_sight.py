"""d20_35's total concealment fed by the map (issue 38, D35-17: line of effect but no line of
sight): a target in the dark beyond the attacker's darkvision is attacked with a 50 % miss
chance, said with the line that decides, and the GM says otherwise with « Vue » (G-3); a
creature its foe cannot see leaves the foe's reach with no attack of opportunity."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gui.engine.contract.values import Action
from gui.engine.space.destination import Destination
from gui.engine.state.model import MapSquare
from tests.engine.rulesets.d20_35.builders import MJ, PJ, arme, fight, fighter, registered, table


@pytest.fixture(autouse=True)
def _d20():
    with registered():
        yield


def dark_duel(darkvision: float = 0.0):
    t = table(
        fighter("a", PJ, (0, 0), armes=[arme("Épée longue")], vision_noir_m=darkvision),
        fighter("b", MJ, (1, 0)),
    )
    t.enc.map.squares = [MapSquare(cell=(1, 0), dark=True)]
    return t


def preview(t, **options):
    return t.preview(Action("attaquer", "a", "b", {"arme": "1", **options}))


def test_d35_17_a_target_in_the_dark_beyond_darkvision_has_total_concealment():
    t = dark_duel()
    lit = table(fighter("a", PJ, (0, 0), armes=[arme("Épée longue")]), fighter("b", MJ, (1, 0)))
    seen = preview(t)
    assert seen.odds / preview(lit).odds == Fraction(1, 2)  # 50 % miss
    (notice,) = [n for n in seen.notices if n.rule == "D35-17"]
    assert notice.fr == (
        "Camouflage total : A dans le noir, sans vision dans le noir (50 % de raté ; la case à"
        " deviner)"
    )
    assert notice.en.startswith("Total concealment: A in the dark")


def test_d35_17_darkvision_reaching_the_target_sees_it():
    t = dark_duel(darkvision=18.0)
    assert not [n for n in preview(t).notices if n.rule == "D35-17"]
    lit = table(fighter("a", PJ, (0, 0), armes=[arme("Épée longue")]), fighter("b", MJ, (1, 0)))
    assert preview(t).odds == preview(lit).odds


def test_d35_17_the_gm_says_whether_the_attacker_sees_g_3():
    t = dark_duel()
    assert not [n for n in preview(t, vue="voit").notices if n.rule == "D35-17"]
    lit = table(fighter("a", PJ, (0, 0), armes=[arme("Épée longue")]), fighter("b", MJ, (1, 0)))
    blind = preview(lit, vue="ne_voit_pas")
    assert [n.rule for n in blind.notices if n.rule == "D35-17"] == ["D35-17"]
    assert blind.odds / preview(lit).odds == Fraction(1, 2)


def test_d35_17_no_attack_of_opportunity_on_a_creature_the_foe_cannot_see():
    ogre = fighter("ogre", MJ, (2, 0), taille="large", armes=[arme("Massue")])
    t = fight(fighter("hero", PJ, (1, 0)), ogre)
    t.enc.map.squares = [MapSquare(cell=(1, y), dark=True) for y in range(7)]
    _n, cs = t.move("hero", Destination(zone="salle", cell=(1, 6)), True)
    t.apply(cs)
    assert not t.enc.windows
    t.enc.combatant("ogre").stats["vision_noir_m"] = 18.0  # an ogre's darkvision sees it go
    t.enc.combatant("hero").position.cell = (1, 0)
    _n, cs = t.move("hero", Destination(zone="salle", cell=(1, 6)), True)
    t.apply(cs)
    assert [(w.kind, w.actor) for w in t.enc.windows] == [("opportunite", "ogre")]
