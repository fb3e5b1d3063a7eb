"""Conditions at the GM's hand (G-3) in the window: from the token's menu, the turn row's menu
and the sheet, any state of the ruleset or a free one, with a duration and a source; it
expires by itself (logged), and undo brings it back."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QMenu

from gui.boot.app import open_encounter
from gui.dialogs.add_state import AddStateDialog
from tests.gui.demo_values import INITIATIVES
from tests.gui.shots import shot

pytestmark = pytest.mark.gui


@pytest.fixture
def window(laptop_window):
    return laptop_window(open_encounter(None, "libre"))


def menu_action(menu: QMenu, text: str):
    return next(a for a in menu.actions() if a.text() == text)


def dialog_of(window) -> AddStateDialog:
    return window.findChildren(AddStateDialog)[-1]


def states(window, cid: str) -> list[str]:
    return [s.label for s in window.controller.enc.combatant(cid).states]


def test_a_condition_from_the_token_menu_expires_after_one_round_and_undo_brings_it_back(
    window, qtbot
):
    ctl = window.controller
    ctl.start_combat(INITIATIVES)  # Maëlis acts first
    menu = QMenu()
    window.map.fill_menu(menu, "token", "brig1", QPointF())
    menu_action(menu, "Ajouter un état à Brigand 1…").trigger()
    dialog = dialog_of(window)
    assert dialog.source.currentData() == "maelis"  # whose turn it is causes it, by default
    dialog.kind.setCurrentIndex(dialog.kind.findData("etourdi"))
    assert dialog.rules.text() == "Ne peut pas agir."
    dialog.lasting.setCurrentIndex(1)  # a number of rounds
    dialog.rounds.setValue(1)
    shot(dialog, "add_state_dialog")
    dialog.accept()
    assert states(window, "brig1") == ["Étourdi"]
    assert ctl.undo_stack.undoText() == "Brigand 1 : Étourdi"
    assert ctl.enc.log[-1].breakdown[0] == "G-3 Étourdi (1 r.)"
    for _ in INITIATIVES:  # round 2 starts
        window.turns.next_action.trigger()
    assert ctl.enc.turn.round == 2 and states(window, "brig1") == []
    assert "Brigand 1 n’est plus Étourdi" in [e.outcome for e in ctl.enc.log]
    ctl.undo_stack.undo()  # the Suivant that opened round 2
    assert states(window, "brig1") == ["Étourdi"]


def test_a_free_condition_from_the_turn_row_and_removal_from_the_sheet(window, qtbot):
    ctl = window.controller
    ctl.start_combat(INITIATIVES)
    row = window.turns.order_model.row_of("ysolde")
    menu = window.turns.order_menu(row)
    menu_action(menu, "Ajouter un état à Ysolde la Rousse…").trigger()
    dialog = dialog_of(window)
    dialog.kind.setCurrentIndex(dialog.kind.findData("autre"))
    dialog.accept()  # no name: refused in the dialog, nothing changes
    assert dialog.isVisible() and "Donner un nom" in dialog.error.text()
    dialog.name.setText("Inspirée")
    dialog.text.setPlainText("+1 à sa prochaine attaque")
    dialog.lasting.setCurrentIndex(dialog.lasting.count() - 1)  # until used
    dialog.accept()
    assert states(window, "ysolde") == ["Inspirée"]
    ctl.select("ysolde")
    box = window.sheet.states_box
    assert [r.findChildren(type(box.empty))[0].text() for r in box.rows] == [
        "Inspirée (jusqu’à utilisation)"
    ]
    box.remove(0)
    assert states(window, "ysolde") == []
    assert ctl.enc.log[-1].outcome == "Ysolde la Rousse n’est plus Inspirée"
    menu = window.turns.order_menu(row)
    assert [a.text() for a in menu.actions() if "→" not in a.text()] == [
        "Ajouter un état à Ysolde la Rousse…",
        "Enregistrer Ysolde la Rousse dans la bibliothèque",
    ]


def test_the_sheet_offers_to_add_a_state(window, qtbot):
    window.controller.select("bertrand")
    dialog = window.sheet.states_box.open_add()
    assert dialog is not None and dialog.windowTitle() == "Ajouter un état — Frère Bertrand"
    dialog.reject()


def test_the_dialog_in_english(window, qtbot, english):
    window.controller.select("bertrand")
    dialog = window.sheet.states_box.open_add()
    assert dialog.windowTitle() == "Add a condition — Frère Bertrand"
    dialog.lasting.setCurrentIndex(4)
    shot(dialog, "add_state_dialog_en")
    assert dialog.lasting.currentText() == "Until the start of the source's next turn"
    dialog.reject()
