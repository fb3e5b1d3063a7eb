"""douaratil turns and the defence window: initiative 3d6 + Dex with one roll per group of
identical creatures (DOU-03, A-DOU-24), down at 0 PA (A-DOU-8), sizes and reach on the grid
(DOU-16, DOU-42), and what a hit's window offers (A-DOU-13, DOU-46)."""

from __future__ import annotations

import pytest

from gui.engine.checks.request import DiceResult
from gui.engine.contract.values import Action
from tests.engine.rulesets.douaratil.builders import MJ, arme, fighter, table


def test_initiative_is_3d6_plus_dex_and_identical_creatures_roll_once():
    t = table(
        fighter("a", dexterite=16),
        fighter("g1", MJ, groupe="Gobelin"),
        fighter("g2", MJ, groupe="Gobelin"),
    )
    request = t.ruleset.initiative(t.enc, t.enc.combatant("a"))
    assert str(request.expr) == "3d6+3"
    units = t.ruleset.turn_units(t.enc)
    assert [u.members for u in units] == [["a"], ["g1", "g2"]]
    assert t.ruleset.unit_label(t.enc, units[1]).fr == "Gobelin ×2"


def test_down_at_0_pa_a_dou_8():
    t = table(fighter("a", pa=1, pa_max=5))
    assert not t.ruleset.is_out(t.enc, t.enc.combatant("a"))
    t.enc.combatant("a").stats["pa"] = 0
    assert t.ruleset.is_out(t.enc, t.enc.combatant("a"))


@pytest.mark.parametrize(("size", "side"), [("tiny", 1), ("medium", 1), ("large", 2), ("huge", 3)])
def test_spaces_on_the_grid_dou_16(size, side):
    t = table(fighter("a", taille=size))
    assert t.ruleset.space(t.enc, t.enc.combatant("a")) == side


def test_reach_in_squares_is_the_longest_melee_reach_dou_42():
    t = table(fighter("a", armes=[arme("Hallebarde"), arme("Arc long")]))
    assert arme("Hallebarde")["allonge"] == 3.0
    assert t.ruleset.reach(t.enc, t.enc.combatant("a")) == 2


def test_the_diagonal_count_is_a_flag():
    t = table(fighter("a"))
    assert t.ruleset.diagonal(t.enc) == "chebyshev"
    t.enc.flags["DIAG-DOU"] = "alternate"
    assert t.ruleset.diagonal(t.enc) == "alternate"


def test_a_hit_offers_the_block_the_dodge_then_the_damage():
    sword = arme("Épée longue")
    t = table(
        fighter("a", armes=[sword]),
        fighter("b", MJ, vd=5, important=True, dexterite=14, armes=[sword]),
    )
    attack = Action("attaquer", "a", "b", {"arme": "1"})
    t.apply(t.resolve(attack, DiceResult.typed_faces("4 4 4", t.preview(attack).dice))[1])
    (window,) = t.enc.windows
    offers = {(o.actor, o.kind, o.role) for o in t.ruleset.window_offers(t.enc, window)}
    assert offers == {
        ("a", "degats", "follow_up"),
        ("b", "parer", "reaction"),
        ("b", "esquiver", "reaction"),
    }
    assert t.ruleset.window_passed(t.enc, window) is None  # the damage is due
    actions = [s.kind for s in t.ruleset.actions(t.enc, "b", "a")]
    assert "parer" in actions and "esquiver" in actions
    assert "parer" not in [s.kind for s in t.ruleset.actions(t.enc, "a", "b")]


def test_the_map_names_cover_with_dou_57():
    """The newcomer read « Pas d'abri (D35-01) » in a douaratil fight."""
    from gui.engine.grid.board import Obstruction
    from gui.engine.grid.hits import Hit, Line
    from gui.engine.grid.lines import Cover, CoverCall

    t = table(fighter("a"))
    line = Line((1, 0), (2, 0), Hit(Obstruction.SOFT, "creature", cell=(1, 0)))
    call = CoverCall(Cover.SOFT, False, (0, 0), (2, 0), (1, 0), (line,))
    fr, en = t.ruleset.cover_words(t.enc, call)
    assert fr.startswith("Abri partiel : une créature (DOU-57)") and "créature en (1, 0)" in fr
    assert en.startswith("Partial cover: a creature (DOU-57)")
