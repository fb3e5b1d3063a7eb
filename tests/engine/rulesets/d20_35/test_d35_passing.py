"""d20_35 moves past other creatures and what each square costs: squeezing (D35-78: each square
of movement counts as 2, in the metres moved, the round's budget and the grid's cost; an
opponent's space may be squeezed through) and creatures 3 or more sizes apart (D35-46,
TV-D35-22: the space passed through freely, the attacks of opportunity still apply)."""

from __future__ import annotations

import pytest

from gui.engine.contract import moving
from gui.engine.grid.from_map import board_of
from gui.engine.grid.paths import path_cost
from gui.engine.space.destination import Destination
from gui.engine.state.model import MapWall
from tests.engine.rulesets.d20_35.builders import MJ, PJ, add_state, fight, fighter, registered


@pytest.fixture(autouse=True)
def _d20():
    with registered():
        yield


def move(t, cid, cell):
    notices, cs = t.move(cid, Destination(zone="salle", cell=cell), True)
    t.apply(cs)
    return notices


def moved(t, cid):
    return moving.moved(t.enc.combatant(cid))


# --- D35-78: squeezing -------------------------------------------------------------------


def test_d35_78_each_square_of_a_squeezing_move_counts_as_2():
    t = fight(fighter("hero", PJ, (0, 0)), fighter("orc", MJ, (9, 9)))
    move(t, "hero", (2, 0))
    assert moved(t, "hero") == 3.0  # 2 squares, 3 m
    add_state(t, "hero", "serre")
    move(t, "hero", (4, 0))
    assert moved(t, "hero") == 3.0 + 6.0  # 2 squares counted 4: 6 m


def test_d35_78_a_squeezing_move_past_the_speed_warns_at_half_the_squares():
    """VD 9 m = 6 squares: squeezed, 4 squares are 12 m, past a single move and the round
    still allows a double move (18 m): 4 squares warn nothing; 7 squares (21 m) warn."""
    t = fight(fighter("hero", PJ, (0, 0)), fighter("orc", MJ, (9, 9)))
    add_state(t, "hero", "serre")
    assert t.ruleset.move_factor(t.enc, t.enc.combatant("hero")) == 2
    assert not move(t, "hero", (0, 4))
    warned = t.ruleset.check_move(t.enc, t.enc.combatant("hero"), Destination("salle", (0, 7)))
    assert [n.rule for n in warned] == ["D35-09"]
    plain = fight(fighter("hero", PJ, (0, 0)), fighter("orc", MJ, (9, 9)))
    assert not plain.ruleset.check_move(
        plain.enc, plain.enc.combatant("hero"), Destination("salle", (0, 7))
    )


def test_d35_78_the_grid_s_cost_of_a_path_doubles():
    board = board_of(fight(fighter("hero", PJ, (0, 0))).enc.map)
    cost = path_cost(board, [(0, 0), (1, 0), (2, 1)], "alternate")
    doubled = cost.times(2)
    assert (cost.squares, doubled.squares) == (2, 4)
    assert (cost.metres, doubled.metres) == (3.0, 6.0)
    assert [s.squares for s in doubled.steps] == [2, 2]
    assert cost.times(1) is cost
    assert "4 cases (6 m)" in doubled.fr and "4 squares (6 m)" in doubled.en


def test_d35_78_a_squeezing_creature_passes_through_an_opponent_s_space():
    """An orc in a corridor square: on foot the way goes round it (4 squares); squeezing, it
    goes straight through (2 squares, counted 4)."""
    t = fight(fighter("hero", PJ, (0, 0)), fighter("orc", MJ, (1, 0)))
    hero, orc = t.enc.combatant("hero"), t.enc.combatant("orc")
    assert t.ruleset.blocks_way(t.enc, hero, orc)
    add_state(t, "hero", "serre")
    assert not t.ruleset.blocks_way(t.enc, hero, orc)
    way = moving.way(t.ruleset, t.enc, hero, Destination("salle", (2, 0)))
    assert way.cells == ((0, 0), (1, 0), (2, 0))


# --- D35-46: 3 sizes apart ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("size", "passes"),
    [("colossal", True), ("gargantuan", True), ("huge", False), ("large", False)],
)
def test_tv_d35_22_a_medium_creature_passes_a_space_3_sizes_apart_not_2(size, passes):
    t = fight(fighter("hero", PJ, (0, 0)), fighter("geant", MJ, (5, 5), taille=size))
    hero, giant = t.enc.combatant("hero"), t.enc.combatant("geant")
    assert t.ruleset.blocks_way(t.enc, hero, giant) is not passes
    assert t.ruleset.blocks_way(t.enc, giant, hero) is not passes  # larger or smaller


def test_d35_46_through_a_colossal_space_the_aoo_still_applies():
    """The hero walks straight through the Colossal dragon's space (no detour) and leaves
    the squares it threatens: its attack of opportunity is opened (D35-11)."""
    t = fight(fighter("hero", PJ, (0, 2)), fighter("dragon", MJ, (2, 0), taille="colossal"))
    hero = t.enc.combatant("hero")
    way = moving.way(t.ruleset, t.enc, hero, Destination("salle", (10, 2)))
    assert [cell[1] for cell in way.cells] == [2] * 11  # straight through its space
    move(t, "hero", (10, 2))
    assert [(w.actor, w.target) for w in t.enc.windows] == [("dragon", "hero")]
    assert moved(t, "hero") == 15.0


def corridor(size):
    """A dead-end corridor along row 2 (walls above, below and behind the hero), a foe of
    `size` across it."""
    t = fight(fighter("hero", PJ, (0, 2), vd=30.0), fighter("geant", MJ, (3, 1), taille=size))
    t.enc.map.walls = [
        MapWall(start=(0, 2), end=(12, 2), blocks="solid"),
        MapWall(start=(0, 3), end=(12, 3), blocks="solid"),
        MapWall(start=(0, 2), end=(0, 3), blocks="solid"),
    ]
    return t


def test_tv_d35_22_through_a_huge_space_warns_through_a_colossal_one_does_not():
    """No way round in the corridor: the way goes through the giant's squares; 2 sizes apart
    is a warning (the GM may still move, G-3), 3 sizes apart passes freely (D35-46)."""
    huge = corridor("huge")
    dest = Destination("salle", (8, 2))
    warned = huge.ruleset.check_move(huge.enc, huge.enc.combatant("hero"), dest)
    assert [(n.rule, n.blocking) for n in warned] == [("D35-46", False)]
    assert "2 size(s) apart" in warned[0].en and "2 taille(s)" in warned[0].fr
    colossal = corridor("colossal")
    assert not colossal.ruleset.check_move(colossal.enc, colossal.enc.combatant("hero"), dest)
    add_state(huge, "hero", "serre")  # squeezing past the opponent (D35-78)
    assert not [
        n
        for n in huge.ruleset.check_move(huge.enc, huge.enc.combatant("hero"), dest)
        if n.rule == "D35-46"
    ]
