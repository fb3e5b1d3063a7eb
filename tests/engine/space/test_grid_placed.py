"""Issue 18, deliver 3: the geometry between two combatants on the grid through the ruleset
contract (space by size, reach, diagonal): squares and metres apart, cover from walls and
from creatures (D35-01, D35-05, D35-07), flanking (D35-66); None off the grid, where rules
read zones. libre's sizes and reach (LIB-08) and conteur's metres (CON-18) use it."""

from __future__ import annotations

import pytest

from gui.engine.grid.lines import Cover
from gui.engine.grid.placed import (
    cover_between,
    flanked_by,
    metres_apart,
    space_of,
    squares_apart,
)
from gui.engine.grid.squares import Footprint
from gui.engine.rulesets import registry
from gui.engine.state.model import Grid, MapWall, Position
from tests.engine.builders import fighter, libre_encounter
from tests.engine.rulesets.conteur.builders import MJ, PJ, arme, look, pool, table
from tests.engine.rulesets.conteur.builders import fighter as con_fighter

LIBRE = registry.get("libre")


def on(c, cell):
    c.position = Position(cell=cell)
    return c


def room(*combatants, walls=()):
    enc = libre_encounter(*combatants)
    enc.map.grid = Grid(cell_m=1.5, snap=True)
    enc.map.walls = [MapWall(start=a, end=b, blocks="solid") for a, b in walls]
    return enc


@pytest.mark.parametrize(("size", "side"), [("small", 1), ("medium", 1), ("large", 2), ("huge", 3)])
def test_lib_08_a_combatant_takes_the_squares_of_its_size(size, side):
    enc = room(on(fighter("ogre", "b", taille=size), (4, 4)))
    assert space_of(enc, LIBRE, enc.combatant("ogre")) == Footprint((4, 4), side)


def test_lib_08_reach_is_the_sheet_s_allonge():
    enc = room(on(fighter("x", "a", allonge=2), (0, 0)))
    assert LIBRE.reach(enc, enc.combatant("x")) == 2


def test_off_the_grid_there_is_no_geometry():
    enc = room(on(fighter("x", "a"), (0, 0)), fighter("y", "b"))
    x, y = enc.combatant("x"), enc.combatant("y")
    assert squares_apart(enc, LIBRE, x, y) is None and cover_between(enc, LIBRE, x, y) is None
    enc.map.grid = None
    assert space_of(enc, LIBRE, x) is None


def test_squares_apart_count_from_the_nearest_squares_of_a_large_space():
    # The ogre takes (4,4)-(5,5): a hero at (7,5) is 2 squares from (5,5), 3 m.
    enc = room(on(fighter("ogre", "b", taille="large"), (4, 4)), on(fighter("h", "a"), (7, 5)))
    ogre, hero = enc.combatant("ogre"), enc.combatant("h")
    assert squares_apart(enc, LIBRE, ogre, hero) == 2 == squares_apart(enc, LIBRE, hero, ogre)
    assert metres_apart(enc, LIBRE, ogre, hero) == pytest.approx(3.0)


def test_a_creature_between_gives_soft_cover_d35_05_and_a_wall_total_cover_d35_07():
    enc = room(on(fighter("a", "a"), (0, 0)), on(fighter("b", "b"), (4, 0)))
    a, b = enc.combatant("a"), enc.combatant("b")
    assert cover_between(enc, LIBRE, a, b).cover == Cover.NONE
    enc.combatants.append(on(fighter("m", "b"), (2, 0)))
    soft = cover_between(enc, LIBRE, a, b)
    assert soft.cover == Cover.SOFT and "créature" in soft.fr and "creature" in soft.en
    enc.combatants[-1].stats["pv"] = 0  # out of the fight (LIB-05): no longer in the way
    assert cover_between(enc, LIBRE, a, b).cover == Cover.NONE
    enc.map.walls = [MapWall(start=(2, -5), end=(2, 6), blocks="solid")]
    total = cover_between(enc, LIBRE, a, b)
    assert total.cover == Cover.TOTAL and not total.line_of_effect


def test_flanking_needs_an_ally_across_the_target_d35_66():
    enc = room(
        on(fighter("a", "a"), (1, 2)), on(fighter("b", "b"), (2, 2)), on(fighter("c", "a"), (3, 1))
    )
    a, b = enc.combatant("a"), enc.combatant("b")
    assert not flanked_by(enc, LIBRE, a, b).flanked
    enc.combatant("c").position = Position(cell=(3, 2))
    call = flanked_by(enc, LIBRE, a, b)
    assert call.flanked and "tenaille" in call.fr and "Flanking" in call.en


def test_con_18_distance_on_the_grid_counts_from_the_nearest_squares():
    pistol = arme("Pistolet léger")
    t = table(
        con_fighter("a", PJ, "z1", dexterite=3, armes_a_feu=2, armes=[pistol]),
        con_fighter("b", MJ, "z3"),
    )
    t.enc.map.grid = Grid(cell_m=1.5, snap=True)
    t.enc.combatant("a").position = Position(zone="z1", cell=(0, 0))
    t.enc.combatant("b").position = Position(zone="z3", cell=(8, 3))  # 8 squares: 12 m
    preview = look(t, "attaquer", "a", "b")
    assert any(x.rule == "CON-18" and "12 m" in str(x.value) for x in preview.terms)
    assert pool(preview)[1] == 6  # 10-20 m with a pistol (TV-CON-04)


def test_lib_08_an_attack_with_no_line_of_effect_is_the_gm_s_call():
    """The newcomer's case: the map said total cover and the attack rolled as usual."""
    from gui.engine.checks.request import DiceResult
    from gui.engine.contract.values import FORCE, Action, ActionError

    enc = room(on(fighter("a", "a"), (0, 0)), on(fighter("b", "b"), (3, 0)))
    attack = Action("attack", "a", "b")
    assert [n.rule for n in LIBRE.preview(enc, attack).notices] == []
    enc.map.walls = [MapWall(start=(2, -5), end=(2, 6), blocks="solid")]
    notices = LIBRE.preview(enc, attack).notices
    assert [(n.rule, n.blocking) for n in notices] == [("LIB-08", True)]
    assert "ligne" in notices[0].fr and "line" in notices[0].en  # why: the deciding line
    dice = DiceResult.typed_faces("15", LIBRE.preview(enc, attack).dice)
    with pytest.raises(ActionError, match="LIB-08"):
        LIBRE.resolve(enc, attack, dice)
    forced = Action("attack", "a", "b", overrides={FORCE: True})
    resolution, _cs = LIBRE.resolve(enc, forced, dice)
    assert any(t.rule == "G-3" for t in resolution.terms)
