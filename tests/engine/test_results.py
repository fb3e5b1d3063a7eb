"""Structured results (Seams II): a resolution says what happened as data — hit or miss, the
numbers the rules produced (`amounts`), what changed for each combatant (`effects`, read by
the Table for every ruleset), whether the GM passed over a rule (`forced`) — and an option
or override the action does not declare is refused in the GM's words, changing nothing."""

from __future__ import annotations

import pytest

from gui.engine.checks.request import DiceResult
from gui.engine.contract.values import FORCE, Action, ActionError
from gui.engine.play.table import Table
from gui.engine.state.effects import Effect
from tests.engine.builders import dump, fighter, libre_encounter


@pytest.fixture
def table() -> Table:
    return Table(
        libre_encounter(
            fighter("x", "a", attaque=5, degats="1d8+2"), fighter("y", "b", defense=13, pv=9)
        )
    )


def test_an_attack_says_its_total_and_target(table):
    action = Action("attack", "x", "y")
    resolution, _cs = table.resolve(
        action, DiceResult.typed_faces("10", table.preview(action).dice)
    )
    assert resolution.success is True and not resolution.forced
    assert resolution.amounts == {"total": 15, "target": 13}  # LIB-02
    assert resolution.effects == ()  # an attack alone changes nobody in libre


def test_damage_says_the_amount_and_the_hit_points_before_and_after(table):
    action = Action("damage", "x", "y")
    resolution, _cs = table.resolve(action, DiceResult.typed_faces("5", table.preview(action).dice))
    assert resolution.amounts == {"damage": 7}  # LIB-03: 1d8+2 = 7
    assert resolution.effects == (Effect("y", "stat", "pv", 9, 2),)


def test_a_condition_is_an_effect_of_its_own(table):
    resolution, _cs = table.resolve(
        Action("add_state", "x", "y", {"etat": "etourdi"}), DiceResult("none")
    )
    assert resolution.effects == (Effect("y", "state_added", "etourdi"),)


def test_healing_says_what_was_regained(table):
    table.enc.combatant("y").stats["pv"] = 3
    action = Action("heal", "x", "y", {"des": "2d6"})
    resolution, _cs = table.resolve(
        action, DiceResult.typed_faces("2 3", table.preview(action).dice)
    )
    assert resolution.amounts == {"healing": 5}


@pytest.mark.parametrize(
    "action",
    [
        Action("attack", "x", "y", {"bonus_cache": 3}),  # no such option
        Action("attack", "x", "y", {}, {"pv": 0}),  # no such override
        Action("damage", "x", "y", {"des": 7}),  # not a text
    ],
)
def test_an_undeclared_or_ill_typed_option_is_refused_and_changes_nothing(table, action):
    before = dump(table.enc)
    with pytest.raises(ActionError):
        table.resolve(
            action,
            DiceResult.typed_aggregate("10", table.preview(Action(action.kind, "x", "y")).dice),
        )
    assert dump(table.enc) == before


def test_forced_says_the_gm_passed_over_a_rule(table):
    action = Action("attack", "x", "y", {}, {FORCE: True})
    resolution, _cs = table.resolve(action, DiceResult.typed_faces("2", table.preview(action).dice))
    assert resolution.forced and resolution.success is False
