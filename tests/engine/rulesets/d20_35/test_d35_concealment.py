"""d20_35 concealment's degree (D35-16 to D35-19): the « Camouflé » state put on by the GM's
condition dialog carries its miss chance, 20 % by default (D35-16), any degree the GM types
(D35-19, 1–100), 50 % against the invisible (D35-17), the highest of several only; a state
set without a value (an older file, a sheet edited by hand) counts the default."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gui.engine.contract.conditions import ConditionError, condition
from gui.engine.contract.values import Action
from gui.engine.rulesets.d20_35 import concealment
from gui.engine.state.model import State
from tests.engine.rulesets.d20_35.builders import MJ, PJ, arme, fighter, registered, table


@pytest.fixture(autouse=True)
def _d20():
    with registered():
        yield


def duel():
    return table(fighter("a", PJ, (0, 0), armes=[arme("Épée longue")]), fighter("b", MJ, (1, 0)))


def hidden(t, value=None, *more):
    c = t.enc.combatant("b")
    c.states = [State(key="camouflage", label="Camouflé", value=value), *more]


def miss_odds(t):
    """The attack's chance over the same attack's against an unconcealed target."""
    action = Action("attaquer", "a", "b", {"arme": "1"})
    seen = t.preview(action).odds
    states, t.enc.combatant("b").states = t.enc.combatant("b").states, []
    plain = t.preview(action).odds
    t.enc.combatant("b").states = states
    return seen / plain


def test_d35_16_the_gm_s_condition_carries_20_by_default_and_any_degree_typed():
    t = duel()
    assert condition(t.ruleset, t.enc, "b", "camouflage").value == 20
    assert condition(t.ruleset, t.enc, "b", "camouflage", value=35).value == 35
    for wrong in (0, 101):
        with pytest.raises(ConditionError):
            condition(t.ruleset, t.enc, "b", "camouflage", value=wrong)
    assert condition(t.ruleset, t.enc, "b", "a_terre").value is None  # carries no number


@pytest.mark.parametrize(("value", "kept"), [(None, 80), (20, 80), (35, 65), (50, 50)])
def test_d35_16_d35_19_the_attack_misses_as_often_as_the_degree_says(value, kept):
    t = duel()
    hidden(t, value)
    assert miss_odds(t) == Fraction(kept, 100)


def test_d35_16_d35_17_only_the_highest_concealment_counts():
    t = duel()
    hidden(t, 30, State(key="invisible", label="Invisible"))
    assert concealment.miss_percent(t.enc.combatant("b")) == (50, "D35-17")
    hidden(t, 70, State(key="invisible", label="Invisible"))
    assert concealment.miss_percent(t.enc.combatant("b")) == (70, "D35-19")
    hidden(t, None)
    assert concealment.miss_percent(t.enc.combatant("b")) == (20, "D35-16")
    t.enc.combatant("b").states = []
    assert concealment.miss_percent(t.enc.combatant("b")) is None


def test_d35_19_the_token_and_the_sheet_read_the_degree_in_both_languages():
    t = duel()
    hidden(t, None)
    labels = t.ruleset.badge_labels(t.enc, t.enc.combatant("b"))
    assert ("Camouflé 20 %", "Concealed 20 %") in {(x.fr, x.en) for x in labels}
    hidden(t, 35)
    labels = t.ruleset.badge_labels(t.enc, t.enc.combatant("b"))
    assert ("Camouflé 35 %", "Concealed 35 %") in {(x.fr, x.en) for x in labels}
    assert t.ruleset.state_value_words(State(key="x_beni", label="Béni", value=2)) == "×2"
