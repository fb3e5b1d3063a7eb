"""Édition › Historique (issue 33, item 5): the history goes back only on the GM's explicit
« Revenir ici », names what it will undo, and closes on Escape, Ctrl+W and Ctrl+H."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from gui.boot.app import open_encounter
from gui.window.history_window import HistoryWindow
from tests.gui.test_main_window import make_window

pytestmark = pytest.mark.gui

NAMES = ["Un", "Deux", "Trois", "Quatre", "Cinq", "Six", "Sept"]


@pytest.fixture
def window(qtbot, lang):
    """The libre demo with seven renames of Maëlis on the undo stack, the history shown."""
    win = make_window(qtbot, open_encounter(None, "libre"))
    for name in NAMES:
        win.controller.rename("maelis", name)
    win.menus.actions["history"].trigger()
    history = win.menus.do.history
    qtbot.waitExposed(history)
    return win


def history_of(win) -> HistoryWindow:
    return win.menus.do.history


def row_rect(history: HistoryWindow, row: int):
    return history.list.visualItemRect(history.list.item(row))


def test_right_click_and_arrow_keys_never_go_back(window, qtbot):
    """A right-click on the first line (the start of the session) and the arrow keys up to it
    only choose the line: the stack stays where it was, nothing reverted."""
    ctl, history = window.controller, history_of(window)
    assert ctl.undo_stack.index() == len(NAMES) and history.list.currentRow() == len(NAMES)
    qtbot.mouseClick(
        history.list.viewport(), Qt.MouseButton.RightButton, pos=row_rect(history, 0).center()
    )
    assert ctl.undo_stack.index() == len(NAMES) and ctl.enc.combatant("maelis").name == "Sept"
    history.list.setCurrentRow(len(NAMES))
    history.list.setFocus()
    for _ in range(4):
        qtbot.keyClick(history.list, Qt.Key.Key_Up)
    assert history.list.currentRow() == len(NAMES) - 4
    assert ctl.undo_stack.index() == len(NAMES) and ctl.enc.combatant("maelis").name == "Sept"
    # A plain left click chooses a line too, and goes nowhere either.
    qtbot.mouseClick(
        history.list.viewport(), Qt.MouseButton.LeftButton, pos=row_rect(history, 1).center()
    )
    assert history.list.currentRow() == 1 and ctl.undo_stack.index() == len(NAMES)
    qtbot.mouseDClick(
        history.list.viewport(), Qt.MouseButton.LeftButton, pos=row_rect(history, 0).center()
    )
    assert ctl.undo_stack.index() == len(NAMES)  # a double-click neither


@pytest.mark.parametrize("lang", ["fr", "en"], indirect=True)
def test_the_button_names_and_undoes_exactly_those_steps(window, qtbot, lang):
    """Choosing the line after the 2nd rename names the five renames after it, newest first;
    one click on « Revenir ici » undoes those five, no more: Maëlis is named « Deux »."""
    ctl, history = window.controller, history_of(window)
    texts = [ctl.undo_stack.text(i) for i in range(len(NAMES))]
    history.list.setCurrentRow(2)
    said = history.what.text()
    undo = "Annuler 5 actions :" if lang == "fr" else "Undo 5 actions:"
    assert said.split("\n") == [undo, *(f"• {t}" for t in reversed(texts[2:]))]
    assert history.back.isEnabled()
    qtbot.mouseClick(history.back, Qt.MouseButton.LeftButton)
    assert ctl.undo_stack.index() == 2 and ctl.enc.combatant("maelis").name == "Deux"
    # The list now shows the state reached, chosen; forward again names what it redoes.
    assert history.list.currentRow() == 2 and not history.back.isEnabled()
    history.list.setCurrentRow(3)
    redo = "Rétablir 1 action :" if lang == "fr" else "Redo 1 action:"
    assert history.what.text() == f"{redo}\n• {texts[2]}"
    qtbot.keyClick(history.list, Qt.Key.Key_Return)  # Entrée confirms, as the click does
    assert ctl.undo_stack.index() == 3 and ctl.enc.combatant("maelis").name == "Trois"


def test_many_steps_are_counted_not_all_named(window):
    history = history_of(window)
    history.list.setCurrentRow(0)
    said = history.what.text().split("\n")
    assert said[0] == "Annuler 7 actions :" and len(said) == 8 and said[-1] == "et 1 autre"


def test_a_new_step_forgets_the_chosen_line(window):
    """The stack changes while a line is chosen: the current state is chosen again, so the
    button never names steps that are no longer those it would undo."""
    ctl, history = window.controller, history_of(window)
    history.list.setCurrentRow(1)
    ctl.rename("maelis", "Huit")
    assert history.list.count() == len(NAMES) + 2 and history.list.currentRow() == len(NAMES) + 1
    assert not history.back.isEnabled()


@pytest.mark.parametrize("key", ["Escape", "Ctrl+W", "Ctrl+H"])
def test_escape_ctrl_w_and_ctrl_h_close_it(window, qtbot, key):
    history = history_of(window)
    history.list.setFocus()
    if key == "Escape":
        qtbot.keyClick(history.list, Qt.Key.Key_Escape)
    else:
        qtbot.keyClick(history.list, key[-1], Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: not history.isVisible())
    assert window.controller.undo_stack.index() == len(NAMES)


def test_ctrl_h_from_the_main_window_toggles_it(window, qtbot):
    """Ctrl+H (Édition › Historique) closes the shown history, and shows it again."""
    history, toggle = history_of(window), window.menus.actions["history"]
    assert toggle.shortcut().toString() == "Ctrl+H"
    toggle.trigger()
    assert not history.isVisible()
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    qtbot.keyClick(window, Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(history.isVisible)
    assert history.list.currentRow() == len(NAMES)
