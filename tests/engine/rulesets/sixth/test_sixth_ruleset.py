"""A sixth ruleset kept in tests/sixth/ (its module, its data, one registry line) plays
through the generic engine: its own turn mode with its own saved state and step, and moves
decided from grid cells (Seams I: no generic code knows a ruleset)."""

from __future__ import annotations

import pytest

from gui.engine.files import storage
from gui.engine.play.table import Table
from gui.engine.space.destination import Destination, destination_at
from gui.engine.turns import TurnError, current_entry
from tests.engine.turns.turn_builders import exact_undo
from tests.sixth.builders import registered, sixth_encounter
from tests.sixth.phases import PhaseState


@pytest.fixture
def table():
    with registered():
        yield Table(sixth_encounter())


def acting(t: Table) -> tuple[int, int, str]:
    turn = t.enc.turn
    entry = current_entry(turn)
    return turn.round, turn.phase, entry.unit if entry else ""


def test_its_own_turn_mode_runs_saves_and_steps_back(table, tmp_path):
    t = table
    exact_undo(t, t.start_combat())
    assert isinstance(t.enc.turn, PhaseState) and t.enc.turn.mode == "phases"
    assert acting(t) == (1, 1, "eclaireur")
    seen = [acting(t)]
    for _ in range(5):
        exact_undo(t, t.next_turn())
        seen.append(acting(t))
    # SIX-01: both act in phase 1, only the fast scout in phase 2; then round 2.
    assert seen == [
        (1, 1, "eclaireur"),
        (1, 1, "garde"),
        (1, 2, "eclaireur"),
        (2, 1, "eclaireur"),
        (2, 1, "garde"),
        (2, 2, "eclaireur"),
    ]
    # The generic lines: the combat's start (issue 34), then each round's.
    assert [e.action for e in t.enc.log] == ["Début du combat", "Round 1", "Round 2"]
    path = tmp_path / "six.json"
    t.save(path)
    loaded = storage.load(path)  # the mode's own state type, read back through the registry
    assert isinstance(loaded.turn, PhaseState) and loaded.turn.phase == 2
    for expected in reversed(seen[:-1]):
        exact_undo(t, t.previous_turn())
        assert acting(t) == expected


def test_its_own_step_by_name_with_its_refusal(table):
    t = table
    t.apply(t.start_combat())
    exact_undo(t, t.turn_step("hurry", unit="eclaireur"))
    assert t.enc.turn.order[0].phases == [1]
    with pytest.raises(TurnError):
        t.turn_step("hurry", unit="garde")  # no phase 2 to bring forward
    with pytest.raises(TurnError):
        t.turn_step("delay", unit="garde")  # not a step of this mode
    with pytest.raises(TurnError):
        t.turn_step("hurry", unit=3)  # the step's argument types are checked


def test_a_move_is_decided_from_the_cell_of_the_drop(table):
    t = table
    dest = destination_at(t.enc, 170, 90)  # cell (4, 2) on the 40-pixel grid
    assert dest == Destination(zone="salle", cell=(4, 2))
    notices, cs = t.move("garde", dest)  # SIX-02: 4 cells, Vitesse 3
    assert [n.rule for n in notices] == ["SIX-02"]  # the caller asks the GM before applying
    lines = [c.new for c in cs.changes if c.path[0] == "log"]  # the move's line, not forced
    assert cs.label == "Déplacer Garde" and [line.outcome for line in lines] == [""]
    notices, cs = t.move("garde", dest, force=True)  # the GM's override, logged (G-3)
    exact_undo(t, cs)
    assert t.enc.combatant("garde").position.cell == (4, 2)
    assert cs.label == "Déplacer Garde (imposé par le MJ)"
    assert t.enc.log[-1].breakdown == ["G-3 passé outre : SIX-02 Garde parcourt 4 cases, Vitesse 3"]
    notices, cs = t.move("eclaireur", destination_at(t.enc, 100, 100, onto="garde"))
    assert notices == [] and t.enc.combatant("eclaireur").contacts == []  # no contact here
    exact_undo(t, cs)
    assert t.enc.combatant("eclaireur").position.cell == (2, 2)
