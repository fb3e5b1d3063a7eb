"""The sixth ruleset of tests/sixth/ in the real window: the combat dock runs its own turn
mode with the plain actions (Commencer, Suivant, Précédent), the order shows what the mode
says, and a drag on its grid moves a token from cell to cell (no GUI code knows it)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF

from gui.engine.play.table import Table
from gui.turns.columns import INIT, NAME
from gui.turns.mode_actions import ModeActions
from tests.gui.fakes import drag
from tests.gui.shots import shot
from tests.sixth.builders import registered, sixth_encounter

pytestmark = pytest.mark.gui


@pytest.fixture
def window(laptop_window):
    with registered():
        yield laptop_window(Table(sixth_encounter()))


def rows(panel, column):
    model = panel.order_model
    return [model.index(r, column).data() for r in range(model.rowCount())]


def test_the_dock_runs_a_mode_it_does_not_know(window, qtbot):
    panel = window.turns
    assert type(panel.mode_actions) is ModeActions  # the plain GUI: no mode-specific action
    panel.start_action.trigger()
    dialog = panel.initiative_dialog
    assert dialog.spins == {}  # the ruleset asks no initiative roll
    dialog.accept()
    assert window.controller.enc.turn.mode == "phases"
    assert rows(panel, NAME) == ["Eclaireur", "Garde"]
    assert rows(panel, INIT) == ["1+2", "1"]  # what the mode says of each unit
    assert panel.whose_label.text() == "Au tour de : Eclaireur"
    panel.next_action.trigger()
    panel.next_action.trigger()
    assert panel.round_label.text() == "Round 1"
    assert panel.whose_label.text() == "Au tour de : Eclaireur"
    panel.next_action.trigger()
    assert panel.round_label.text() == "Round 2"
    panel.previous_action.trigger()
    assert panel.round_label.text() == "Round 1"
    assert [a.text() for a in panel.turn_actions()] == [
        "Commencer le combat",
        "Précédent",
        "Suivant",
        "Fin du combat",
    ]
    shot(window, "sixth_ruleset_window")


def test_a_drag_on_its_grid_moves_cell_to_cell_in_one_entry(window, qtbot):
    ctl = window.controller
    window.view.resetTransform()
    window.view.centerOn(240, 120)
    entries = ctl.undo_stack.count()
    start = window.scene.token_items["garde"].scenePos()
    assert start == QPointF(340, 140)  # cell (8, 3): its centre
    drag(window.view, start, QPointF(270, 130))  # cell (6, 3): 2 cells, Vitesse 3
    assert ctl.enc.combatant("garde").position.cell == (6, 3)
    assert ctl.undo_stack.count() == entries + 1
    assert window.scene.token_items["garde"].scenePos() == QPointF(260, 140)
    ctl.undo_stack.undo()
    assert window.scene.token_items["garde"].scenePos() == QPointF(340, 140)
