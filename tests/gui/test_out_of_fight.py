"""Issue 17, deliver 2: a combatant out of the fight (the ruleset's `is_out`; libre: LIB-05,
0 hit points or fewer) is crossed out on the map, flagged in the turn order, and its turn is
passed by « Suivant » (logged) — or, with « Passer les hors de combat » off, announced as one to
pass; undo brings it back."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from gui.boot.app import open_encounter
from gui.turns.columns import MARK, NAME
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
    assert window.menus.actions["skip_out"].isChecked()  # on by default
    for _ in range(len(ctl.enc.turn.order)):
        window.turns.next_action.trigger()
        assert ctl.acting() != "brig1"
    assert [e.outcome for e in ctl.enc.log if e.action == "Tour passé"] == [
        "Brigand 1 : hors de combat"
    ]
    while ctl.undo_stack.canUndo():
        ctl.undo_stack.undo()
    assert not token.out


def test_without_passing_the_turn_stops_on_the_one_out_and_says_so(laptop_window):
    window = laptop_window(open_encounter(None, "libre"))
    ctl = window.controller
    window.menus.actions["skip_out"].setChecked(False)
    ctl.start_combat(INITIATIVES)
    ctl.edit_stat("brig1", "pv", 0)
    messages = []
    ctl.message.connect(messages.append)
    for _ in range(len(ctl.enc.turn.order)):
        if ctl.acting() == "brig1":
            break
        window.turns.next_action.trigger()
    assert ctl.acting() == "brig1"
    assert messages[-1] == "Brigand 1 est hors de combat : « Suivant » passe son tour"


@pytest.mark.parametrize("lang", ["fr", "en"], indirect=True)
def test_d35_49_d35_50_the_dying_knight_s_turn_is_not_passed_his_roll_is_offered(
    laptop_window, lang
):
    """Issue 32: « Passer les hors de combat » (on) never passes a unit whose turn starts with
    a roll (Ruleset.roll_due): Aldric at −3 hp is dying, his turn comes, his d% is offered."""
    window = laptop_window(open_encounter(None, "d20_35"))
    ctl = window.controller
    units = [e.unit for e in ctl.ruleset.turn_units(ctl.enc)]
    ctl.start_combat({u: 20 - i for i, u in enumerate(units)})  # Aldric first
    window.turns.next_action.trigger()  # Isaure's turn
    ctl.edit_stat("aldric", "pv", -3)
    messages = []
    ctl.message.connect(messages.append)
    assert window.menus.actions["skip_out"].isChecked()
    for _ in range(len(ctl.enc.turn.order)):
        window.turns.next_action.trigger()
        if ctl.acting() == "aldric":
            break
    assert ctl.acting() == "aldric" and ctl.enc.turn.round == 2
    assert not [e for e in ctl.enc.log if e.action == "Tour passé"]
    due = window.turns.pending.due_buttons
    assert [b.text() for b in due] == ["Stabilisation (Aldric)"]
    said = {
        "fr": "Aldric est hors de combat : son jet de début de tour est dû",
        "en": "Aldric is out of the fight: the roll that starts its turn is due",
    }
    assert messages[-1] == said[lang]
