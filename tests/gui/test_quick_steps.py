"""Issue 17, deliver 1: quick − and + on hit points (and the values a ruleset draws as
counters) from the token's menu and the turn order row's, one undo entry for successive
steps, a step the sheet would refuse (above the maximum) greyed."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QMenu

from gui.boot.app import open_encounter
from tests.gui.demo_values import INITIATIVES

pytestmark = pytest.mark.gui


def steps(menu: QMenu) -> dict[str, object]:
    return {a.text(): a for a in menu.actions() if "→" in a.text()}


def test_hit_points_step_from_the_token_and_the_turn_row(laptop_window):
    window = laptop_window(open_encounter(None, "libre"))
    ctl = window.controller
    menu = QMenu(window)
    window.map.fill_menu(menu, "token", "brig1", QPointF())
    found = steps(menu)
    assert set(found) == {"Points de vie -1 (9 → 8)", "Points de vie +1 (9 → 10)"}
    found["Points de vie -1 (9 → 8)"].trigger()
    assert ctl.enc.combatant("brig1").stats["pv"] == 8
    ctl.start_combat(INITIATIVES)
    row = window.turns.order_model.row_of("brig1")
    again = steps(window.turns.order_menu(row))
    again["Points de vie -1 (8 → 7)"].trigger()
    assert ctl.enc.combatant("brig1").stats["pv"] == 7
    top = QMenu(window)
    window.map.fill_menu(top, "token", "maelis", QPointF())  # at 15/15: +1 is greyed
    assert not steps(top)["Points de vie +1 (15 → 16)"].isEnabled()
    assert steps(top)["Points de vie -1 (15 → 14)"].isEnabled()
    ctl.edit_stat("maelis", "pv_max", 15)
    with pytest.raises(Exception, match="Points de vie max"):  # the sheet refuses it anyway
        ctl.edit_stat("maelis", "pv", 16)
    assert ctl.enc.combatant("maelis").stats["pv"] == 15
