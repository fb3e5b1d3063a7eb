"""douaratil's rules that ask who sees whom, fed by the map (issue 38): an attack on a target
the attacker cannot see has disadvantage, one on a target that cannot see the attacker has
advantage (DOU-39); a ranged attack has disadvantage from a hostile within 1.50 m the attacker
can see, not from one it cannot (DOU-41); leaving the reach of a foe that cannot see the mover
provokes no attack of opportunity, and the log says which line decides (DOU-43). The map's
walls, closed doors and the dark beyond darkvision decide; the GM's « Vue » says otherwise
(G-3)."""

from __future__ import annotations

from gui.engine.contract.values import Action
from gui.engine.space.destination import Destination
from gui.engine.state.model import Grid, MapSquare, MapWall, Position
from tests.engine.rulesets.douaratil.builders import MJ, arme, fighter, table


def on_grid(*cells_and_fighters, dark=(), walls=()):
    """A fight on a grid: each fighter on its square, `dark` squares unlit, in round 1 with
    the first one acting."""
    fighters = [f for f, _ in cells_and_fighters]
    t = table(*fighters)
    t.enc.map.grid = Grid(cell_px=40, cell_m=1.5, snap=True)
    for f, cell in cells_and_fighters:
        t.enc.combatant(f.id).position = Position(zone="z1", cell=cell)
    t.enc.map.squares = [MapSquare(cell=c, dark=True) for c in dark]
    t.enc.map.walls = list(walls)
    t.apply(t.start_combat({f.id: 20 - i for i, f in enumerate(fighters)}))
    return t


def sources(t, actor, target, **options):
    preview = t.preview(Action("attaquer", actor, target, {"arme": "1", **options}))
    return [(term.rule, term.label) for term in preview.terms if term.rule in ("DOU-39", "DOU-41")]


BOW = arme("Arc long")


def test_dou_39_a_target_in_the_dark_beyond_darkvision_is_attacked_with_disadvantage():
    t = on_grid(
        (fighter("a", armes=[BOW]), (0, 0)),
        (fighter("b", MJ), (6, 0)),
        dark=[(6, 0)],
    )
    said = sources(t, "a", "b")
    assert [rule for rule, _ in said] == ["DOU-39"]
    assert "l’attaquant ne voit pas la cible (dans le noir, sans vision dans le noir)" in said[0][1]
    t.enc.combatant("a").stats["vision_noir_m"] = 18.0  # darkvision reaches it: no edge
    assert sources(t, "a", "b") == []


def test_dou_39_a_target_that_cannot_see_the_attacker_gives_advantage():
    t = on_grid(
        (fighter("a", armes=[BOW], vision_noir_m=18.0), (0, 0)),
        (fighter("b", MJ), (6, 0)),
        dark=[(0, 0)],
    )
    said = sources(t, "a", "b")
    assert [rule for rule, _ in said] == ["DOU-39"]
    assert said[0][1].startswith("la cible ne voit pas l’attaquant (dans le noir")


def test_dou_39_the_gm_says_whether_the_attacker_sees_its_target_g_3():
    t = on_grid((fighter("a", armes=[BOW]), (0, 0)), (fighter("b", MJ), (6, 0)), dark=[(6, 0)])
    assert sources(t, "a", "b", vue="voit") == []
    t.enc.map.squares = []
    said = sources(t, "a", "b", vue="ne_voit_pas")
    assert said == [
        ("DOU-39", "l’attaquant ne voit pas la cible (ne la voit pas (le MJ l’impose))")
    ]


def test_dou_41_only_a_hostile_the_archer_can_see_gives_disadvantage():
    t = on_grid(
        (fighter("a", armes=[BOW]), (0, 0)),
        (fighter("b", MJ), (8, 0)),
        (fighter("c", MJ), (1, 0)),
    )
    assert [rule for rule, _ in sources(t, "a", "b")] == ["DOU-41"]
    t.enc.map.squares = [MapSquare(cell=(1, 0), dark=True)]  # the close one, in the dark
    assert [rule for rule, _ in sources(t, "a", "b")] == []


def test_dou_43_a_foe_that_cannot_see_the_mover_leave_gets_no_attack_and_the_log_says_why():
    t = on_grid(
        (fighter("rogue"), (0, 0)),
        (fighter("gob", MJ, armes=[arme("Cimeterre")]), (1, 0)),
        dark=[(0, 0), (0, 1), (0, 2), (0, 3)],
    )
    _notices, cs = t.move("rogue", Destination(zone="z1", cell=(0, 3)), True)
    t.apply(cs)
    assert not [w for w in t.enc.windows if w.kind == "opportunite"]
    line = t.enc.log[-1]
    assert line.action == "Pas d’attaque d’opportunité de Gob"
    assert line.outcome == (
        "Gob ne voit pas Rogue partir : dans le noir, sans vision dans le noir (DOU-43)"
    )
    assert line.english()[2].startswith("Gob cannot see Rogue leave: in the dark")


def test_dou_43_a_wall_between_them_decides_with_its_line_and_a_foe_that_sees_strikes():
    t = on_grid(
        (fighter("rogue"), (0, 0)),
        (fighter("gob", MJ, armes=[arme("Cimeterre")]), (1, 0)),
        walls=[MapWall(start=(1, -3), end=(1, 3))],
    )
    _notices, cs = t.move("rogue", Destination(zone="z1", cell=(-3, 0)), True)
    t.apply(cs)
    assert not t.enc.windows
    assert "mur" in t.enc.log[-1].outcome
    t = on_grid((fighter("rogue"), (0, 0)), (fighter("gob", MJ, armes=[arme("Cimeterre")]), (1, 0)))
    _notices, cs = t.move("rogue", Destination(zone="z1", cell=(-3, 0)), True)
    t.apply(cs)
    assert [(w.kind, w.actor) for w in t.enc.windows] == [("opportunite", "gob")]
