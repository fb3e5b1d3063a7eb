"""LIB-01 initiative groups in the window (issue 17): the GM names a group on two sheets; the
map outlines them together at once, Commencer le combat asks one roll for the group, and the
turn order shows it as one row that hands the turn to its first member."""

from __future__ import annotations

import pytest

from gui.boot.app import open_encounter
from gui.engine.turns import current_entry
from gui.turns.initiative import InitiativeDialog

pytestmark = pytest.mark.gui


def test_a_named_group_is_outlined_rolls_once_and_acts_as_one(laptop_window, qtbot):
    window = laptop_window(open_encounter(None, "libre"))
    ctl = window.controller
    for cid in ("brig1", "brig2"):
        ctl.edit_stat(cid, "groupe", "Brigands")
    assert any(key[1].startswith("groupe:") for key in window.scene.group_items)
    dialog = InitiativeDialog(ctl)
    qtbot.addWidget(dialog)
    units = list(dialog.requests)
    assert len(units) == len(ctl.enc.combatants) - 1  # the two brigands roll once
    group = next(u for u in units if u.startswith("groupe:"))
    dialog.roll_all()
    values = dialog.initiatives()
    values[group] = 99
    ctl.start_combat(values)
    assert current_entry(ctl.enc.turn).members == ["brig1", "brig2"]
    assert ctl.selected == "brig1"
    order = window.turns.order_model
    assert order.index(0, 1).data() == "Brigands ×2"
    for _ in range(3):  # the start, then both sheet edits
        ctl.undo_stack.undo()
    assert not any(key[1].startswith("groupe:") for key in window.scene.group_items)
