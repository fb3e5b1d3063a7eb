"""Issue 17, deliver 2: a combatant out of the fight (the ruleset's `is_out`; libre: LIB-05,
0 hit points or fewer) is crossed out on the map, flagged in the turn order, and its turn is
announced as one to pass; undo brings it back."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from gui.app import open_encounter
from gui.models.turn_order import MARK, NAME
from tests.gui.demo_values import INITIATIVES

pytestmark = pytest.mark.gui


def test_out_of_the_fight_is_seen_on_the_map_and_in_the_order(laptop_window, qtbot):
    window = laptop_window(open_encounter(None, "libre"))
    ctl, order = window.controller, window.turns.order_model
    ctl.start_combat(INITIATIVES)
    token = window.scene.token_items["brig1"]
    assert not token.out
    ctl.edit_stat("brig1", "pv", 0)
    row = order.row_of("brig1")
    assert token.out  # grey disc, red cross
    assert order.index(row, MARK).data() == "✕"
    assert order.index(row, NAME).data(Qt.ItemDataRole.ForegroundRole) == QColor("#b3261e")
    assert "Hors de combat" in order.index(row, NAME).data(Qt.ItemDataRole.ToolTipRole)
    messages = []
    ctl.message.connect(messages.append)
    while ctl.acting() != "brig1":
        window.turns.next_action.trigger()
    assert messages[-1] == "Brigand 1 est hors de combat : « Suivant » passe son tour"
    while ctl.undo_stack.canUndo():
        ctl.undo_stack.undo()
    assert not token.out
