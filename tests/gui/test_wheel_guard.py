"""Issue 17, deliver 2: the wheel scrolls the sheet and never changes a field it passes over
(before, two blank weapons were added from « Ajouter depuis la liste… » by a scroll); a field
with the focus still takes the wheel."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QSpinBox

from gui.boot.app import open_encounter

pytestmark = pytest.mark.gui


def wheel(widget, notches: int = -1) -> None:
    """A wheel turn over the middle of `widget`, as the window system delivers it (down for
    a negative number of notches)."""
    top = widget.window()
    at = widget.mapTo(top, widget.rect().center())
    QTest.wheelEvent(top.windowHandle(), QPointF(at), QPoint(0, 120 * notches))
    QApplication.processEvents()


def in_sight(scroll, widget) -> bool:
    """Whether the middle of `widget` shows in the scroll area (the pointer can be over it)."""
    centre = widget.mapTo(scroll.viewport(), widget.rect().center())
    return widget.isVisible() and scroll.viewport().rect().contains(centre)


def test_the_wheel_over_a_sheet_scrolls_it_and_changes_no_field(laptop_window, qtbot):
    window = laptop_window(open_encounter(None, "libre"))
    window.controller.select("ysolde")
    sheet = window.sheet
    qtbot.waitUntil(lambda: sheet.scroll.verticalScrollBar().maximum() > 0)
    scroll, bar = sheet.scroll, sheet.scroll.verticalScrollBar()
    spins = [s for s in sheet.findChildren(QSpinBox) if in_sight(scroll, s)]
    values = [s.value() for s in spins]
    assert spins
    for field in spins:
        wheel(field)
    assert [s.value() for s in spins] == values
    assert bar.value() > 0  # the sheet scrolled instead
    # Down to the weapons: « Ajouter depuis la liste… » passes under the pointer.
    pick = sheet.editors["armes"].pick
    while not in_sight(scroll, pick) and bar.value() < bar.maximum():
        wheel(scroll.viewport())
    assert in_sight(scroll, pick)
    for _ in range(3):
        wheel(pick)
        wheel(pick, notches=1)
    assert pick.currentIndex() == -1
    assert window.controller.undo_stack.count() == 0  # nothing added, nothing edited


def test_a_field_with_the_focus_takes_the_wheel(laptop_window, qtbot):
    window = laptop_window(open_encounter(None, "libre"))
    window.controller.select("ysolde")
    spin = window.sheet.editors["pv"].widget
    spin.setFocus()
    qtbot.waitUntil(spin.hasFocus)
    before = spin.value()
    wheel(spin)  # down a notch: one hit point less (PV max. bounds them above)
    assert spin.value() == before - 1
    assert spin.focusPolicy() == Qt.FocusPolicy.StrongFocus  # the wheel gives no focus


def test_the_wheel_over_a_dialogs_field_changes_nothing(laptop_window, qtbot):
    """A dialog is its own window: the guard watches it once it has the focus (the
    initiative dialog's rolls, one spin box a combatant)."""
    window = laptop_window(open_encounter(None, "libre"))
    dialog = window.turns.open_initiative_dialog()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    qtbot.waitUntil(lambda: QGuiApplication.focusWindow() is dialog.windowHandle())
    spins = [s for s in dialog.spins.values() if s.isVisible() and not s.hasFocus()]
    values = [s.value() for s in spins]
    assert spins
    for spin in spins:
        wheel(spin, notches=1)
        wheel(spin)
    assert [s.value() for s in spins] == values
    assert all(s.focusPolicy() == Qt.FocusPolicy.StrongFocus for s in spins)
    dialog.reject()
