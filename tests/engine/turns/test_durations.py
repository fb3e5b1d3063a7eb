"""Durations and conditions at the GM's hand (Seams II, G-3, G-4): one expiry mechanism for
every ruleset — the start or end of the owner's or the source's next turn, N rounds, until
used — each end logged and undone with the step that caused it; removing a combatant takes
the states it caused; the GM puts any state of the ruleset or a free one, and removes it."""

from __future__ import annotations

import pytest

from gui.engine.contract import conditions
from gui.engine.contract.conditions import ConditionError, Duration
from gui.engine.edits import roster as roster_edits
from gui.engine.play.table import Table
from gui.engine.state.changes import ChangeSet
from gui.engine.timing import durations
from gui.engine.turns import current_entry
from tests.engine.builders import dump, fighter, libre_encounter
from tests.engine.turns.turn_builders import exact_undo

ORDER = {"x": 20, "y": 15, "z": 10}  # x, then y, then z each round


@pytest.fixture
def t() -> Table:
    table = Table(libre_encounter(fighter("x", "a"), fighter("y", "b"), fighter("z", "a")))
    table.apply(table.start_combat(ORDER))
    return table


def acting(t: Table) -> str:
    entry = current_entry(t.enc.turn)
    return entry.unit if entry else ""


def put(t: Table, cid: str, key: str, duration: Duration, source: str | None = None) -> None:
    state = conditions.condition(t.ruleset, t.enc, cid, key, duration, source, name="Marqué")
    t.apply(conditions.add(t.ruleset, t.enc, cid, state))


def keys(t: Table, cid: str) -> list[str]:
    return [s.key for s in t.enc.combatant(cid).states]


def step(t: Table) -> None:
    """Suivant, checked to undo exactly."""
    exact_undo(t, t.next_turn())


def test_until_the_start_of_its_owners_next_turn(t):
    put(t, "z", conditions.FREE, Duration("turn_start"))  # during x's turn
    step(t)  # y
    assert keys(t, "z") == ["x_marque"]
    step(t)  # z's turn starts: it ends, and the log says so
    assert keys(t, "z") == []
    last = t.enc.log[-1]
    assert (last.action, last.outcome) == ("Fin d’un état", "Z n’est plus Marqué")
    assert last.breakdown == ["G-4 Marqué : fin (début de tour)"]


def test_until_the_end_of_its_owners_next_turn_set_during_that_turn():
    """Set during its owner's own turn: this turn's end does not count, the next one's does."""
    table = Table(libre_encounter(fighter("x", "a"), fighter("y", "b")))
    table.apply(table.start_combat({"x": 20, "y": 10}))
    put(table, "x", conditions.FREE, Duration("turn_end"))
    assert table.enc.combatant("x").states[0].expiry.skip == 1
    step(table)  # x's turn ends: skipped
    assert keys(table, "x") == ["x_marque"]
    step(table)  # round 2, x acts again
    assert keys(table, "x") == ["x_marque"]
    step(table)  # x's next turn ends
    assert keys(table, "x") == []


def test_until_the_start_of_the_sources_next_turn(t):
    """Help, Dodge-like effects: on y, caused by x, they end when x's turn starts again."""
    put(t, "y", conditions.FREE, Duration("turn_start", whose="source"), source="x")
    for _ in range(2):
        step(t)
    assert keys(t, "y") == ["x_marque"]
    step(t)  # round 2: x's turn starts
    assert acting(t) == "x" and keys(t, "y") == []


def test_n_rounds_count_down_at_each_new_round(t):
    put(t, "y", conditions.FREE, Duration("rounds", 2))
    for _ in range(3):  # round 2 starts
        step(t)
    assert t.enc.combatant("y").states[0].expiry.rounds == 1
    for _ in range(3):  # round 3 starts: gone
        step(t)
    assert keys(t, "y") == []
    assert t.enc.log[-1].breakdown == ["G-4 Marqué : fin (durée écoulée)"]


def test_until_used_ends_when_the_rules_use_it(t):
    put(t, "y", conditions.FREE, Duration("use"))
    cs = ChangeSet("Utiliser", tuple(durations.used(t.enc, t.ruleset, "y", "x_marque")))
    before = dump(t.enc)
    t.apply(cs)
    assert keys(t, "y") == [] and t.enc.log[-1].breakdown == ["G-4 Marqué : fin (utilisé)"]
    assert durations.used(t.enc, t.ruleset, "y", "x_marque") == []  # nothing left to use
    t.revert(cs)
    assert dump(t.enc) == before


def test_a_combatant_leaving_takes_the_states_it_caused(t):
    put(t, "y", conditions.FREE, Duration(), source="z")
    put(t, "x", conditions.FREE, Duration("turn_end", whose="source"), source="z")
    before = dump(t.enc)
    cs = roster_edits.remove_combatant(t.enc, "z")
    t.apply(cs)
    assert keys(t, "y") == [] and keys(t, "x") == []
    t.revert(cs)
    assert dump(t.enc) == before


def test_the_gm_puts_a_ruleset_state_with_its_rules_text_and_removes_it(t):
    state = conditions.condition(t.ruleset, t.enc, "y", "etourdi", Duration("rounds", 1), "x")
    assert (state.label, state.text) == ("Étourdi", "Ne peut pas agir.")
    before = dump(t.enc)
    t.apply(conditions.add(t.ruleset, t.enc, "y", state))
    assert t.enc.log[-1].action == "État ajouté par le MJ"
    assert t.enc.log[-1].breakdown[0] == "G-3 Étourdi (1 r.)"
    added = dump(t.enc)
    assert added != before
    cs = conditions.remove(t.ruleset, t.enc, "y", 0)
    t.apply(cs)
    assert keys(t, "y") == [] and t.enc.log[-1].outcome == "Y n’est plus Étourdi"
    t.revert(cs)
    assert dump(t.enc) == added


@pytest.mark.parametrize(
    ("key", "duration", "source", "name", "why"),
    [
        (conditions.FREE, Duration(), None, "  ", "Give the condition a name"),
        ("nope", Duration(), None, "", "Unknown condition"),
        (conditions.FREE, Duration("rounds", 0), None, "Marqué", "Duration between 1 and"),
        (
            conditions.FREE,
            Duration("turn_end", whose="source"),
            None,
            "Marqué",
            "Choose the source",
        ),
    ],
)
def test_a_condition_that_cannot_be_is_refused_in_the_gms_words(
    t, key, duration, source, name, why
):
    with pytest.raises(ConditionError) as refused:
        conditions.condition(t.ruleset, t.enc, "y", key, duration, source, name=name)
    assert refused.value.en.startswith(why)


def test_durations_are_described_for_the_sheet(t):
    put(t, "y", conditions.FREE, Duration("turn_end", whose="source"), source="x")
    state = t.enc.combatant("y").states[0]
    text = conditions.describe(t.enc, state)
    assert (text.fr, text.en) == (
        "jusqu’à la fin du prochain tour de X",
        "until the end of X's next turn",
    )
