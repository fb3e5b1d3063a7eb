"""douaratil: moving by swimming, climbing or flying (DOU-09, DOU-12, DOU-15; MODES-DOU).

A creature that swims (« Nage », or fully underwater), climbs (« Escalade ») or flies (« En
vol ») moves at that speed; switching from one to another leaves the new speed less what it
already moved (DOU-09). Without a swimming or climbing speed it moves at its walking speed,
each metre costing 2 (5e basis, hors extrait; MODES-DOU « normal »: 1); without a flying
speed it does not fly. Each slow way of moving adds the way's length once: crawling through
difficult ground costs 3 m a metre (DOU-12).

Zones z1–z2–z3: 6 m then 9 m apart."""

from __future__ import annotations

import pytest

from gui.engine.contract.values import Action
from gui.engine.rulesets.douaratil import budget
from gui.engine.space.destination import Destination
from gui.engine.state.model import Grid, MapSquare, Position
from tests.engine.acting import take
from tests.engine.rulesets.douaratil.builders import MJ, add_state, fighter, table


def fight(flags=None, states=(), **stats):
    """Round 1, `a` acting with `stats` and `states`; `b` far away."""
    t = table(fighter("a", **stats), fighter("b", MJ, "z3"), flags=flags)
    t.apply(t.start_combat({"a": 20, "b": 10}))
    for key in states:
        add_state(t, "a", key)
    return t


def move(t, zone, force=False):
    """The rules of the move's notices; applied when none objects (or forced)."""
    notices, cs = t.move("a", Destination(zone=zone), force)
    if not notices or force:
        t.apply(cs)
    return [n.rule for n in notices]


def spent(t):
    return budget.moved(t.enc.combatant("a"))


@pytest.mark.parametrize(
    ("state", "speed"),
    [("nage", "vitesse_nage"), ("immerge", "vitesse_nage"), ("escalade", "vitesse_escalade")],
)
def test_a_swimmer_or_climber_moves_at_that_speed(state, speed):
    t = fight(states=(state,), vitesse=6.0, **{speed: 15.0})
    assert move(t, "z3") == [] and spent(t) == 15  # 15 m: beyond its walking 6 m


@pytest.mark.parametrize("state", ["nage", "immerge", "escalade"])
def test_without_that_speed_each_metre_costs_2_by_default(state):
    t = fight(states=(state,), vitesse=9.0)
    assert move(t, "z2") == ["DOU-05"]  # 6 m cost 12 m > 9 m
    t = fight(states=(state,), vitesse=12.0)
    assert move(t, "z2") == [] and spent(t) == 12


@pytest.mark.parametrize("state", ["nage", "escalade"])
def test_modes_dou_normal_counts_each_metre_once(state):
    t = fight({"MODES-DOU": "normal"}, states=(state,), vitesse=9.0)
    assert move(t, "z2") == [] and spent(t) == 6


def test_the_refusal_says_why_in_both_languages():
    t = fight(states=("nage",), vitesse=9.0)
    notices, _cs = t.move("a", Destination(zone="z2"), False)
    (notice,) = notices
    assert "nage sans vitesse de nage" in notice.fr and "12 m" in notice.fr
    assert "swimming without a swimming speed" in notice.en


def test_a_flier_moves_at_its_flying_speed_and_without_one_does_not_fly():
    t = fight(states=("en_vol",), vitesse=6.0, vitesse_vol=18.0)
    assert move(t, "z3") == [] and spent(t) == 15
    t = fight(states=("en_vol",), vitesse=9.0)
    assert move(t, "z2") == ["DOU-09"]  # no flying speed: refused (the GM may force it)


def test_dou_09_switching_speeds_leaves_the_new_speed_less_what_was_moved():
    t = fight(vitesse=9.0, vitesse_vol=18.0, vitesse_escalade=6.0)
    assert move(t, "z2") == []  # 6 m walked of 9
    add_state(t, "a", "en_vol")  # flying now: 18 − 6 = 12 left
    assert move(t, "z3") == [] and spent(t) == 15
    t.enc.combatant("a").states = [s for s in t.enc.combatant("a").states if s.key != "en_vol"]
    add_state(t, "a", "escalade")  # climbing now: 6 − 15 ≤ 0, no further movement
    assert move(t, "z2") == ["DOU-05"]


def test_dash_doubles_the_speed_of_the_way_it_moves_dou_27():
    t = fight(states=("nage", "precipite"), vitesse=6.0, vitesse_nage=9.0)
    assert budget.allowance(t.enc.combatant("a")) == 18
    assert move(t, "z3") == []


def test_a_flier_is_not_slowed_as_crawling():
    t = fight(states=("en_vol", "a_terre"), vitesse_vol=9.0)
    assert move(t, "z2") == [] and spent(t) == 6


def test_slow_ways_add_up_crawling_through_difficult_ground_costs_3_m_a_metre_dou_12():
    t = fight(states=("a_terre",), vitesse=9.0)
    t.enc.map.grid = Grid(cell_px=40, cell_m=1.5, snap=True)
    t.enc.combatant("a").position = Position(zone="z1", cell=(0, 0))
    t.enc.combatant("b").position = Position(zone="z1", cell=(0, 6))
    t.enc.map.squares = [MapSquare(cell=(1, y), terrain="difficult") for y in range(-3, 4)]
    notices, cs = t.move("a", Destination(zone="z1", cell=(1, 0)), False)
    assert notices == []
    t.apply(cs)
    assert spent(t) == 4.5  # 1,5 m: 3 m for difficult ground + 1,5 m for crawling
    notices, cs = t.move("a", Destination(zone="z1", cell=(2, 0)), False)
    assert notices == []
    t.apply(cs)
    assert spent(t) == 7.5  # 1,5 m of clear ground crawled: 3 m
    notices, _cs = t.move("a", Destination(zone="z1", cell=(3, 0)), False)
    assert [n.rule for n in notices] == ["DOU-05"]  # 3 m more, 1,5 m left


def test_dou_15_a_flier_in_flight_knocked_prone_falls_unless_it_hovers():
    t = fight(states=("en_vol",), vitesse_vol=18.0)
    notices = t.preview(Action("se_jeter_a_terre", "a", None, {})).notices
    assert [(n.rule, n.fr, n.en) for n in notices] == [
        ("DOU-15", "En vol : il tombe", "Flying: it falls")
    ]
    r = take(t, "se_jeter_a_terre", "a")
    keys = {s.key for s in t.enc.combatant("a").states}
    assert "a_terre" in keys and "en_vol" not in keys and "tombe" in r.outcome_fr
    t = fight(states=("en_vol",), vitesse_vol=18.0, vol_stationnaire=True)
    take(t, "se_jeter_a_terre", "a")
    assert "en_vol" in {s.key for s in t.enc.combatant("a").states}
