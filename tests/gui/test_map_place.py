"""Issue 17, deliver 4: the map keeps its place under the GM's pointer. Toggling edit mode does
not move it, the first zone of a new encounter lands where it is drawn, and a press on a token
near the edge of the map selects it without moving it."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest

from gui.boot.app import open_encounter
from gui.engine.files.blank import blank_encounter
from gui.engine.play.table import Table
from gui.map.tools import DRAW

pytestmark = pytest.mark.gui


def pixel(window, x: float, y: float) -> QPoint:
    return window.view.mapFromScene(QPointF(x, y))


def test_toggling_edit_mode_leaves_the_map_where_it_is(laptop_window):
    window = laptop_window(open_encounter(None, "libre"))
    zone = window.scene.zone_items[window.controller.enc.map.zones[0].id].scene_rect()
    edit = window.menus.actions["edit_map"]
    edit.trigger()
    # Zoomed in, looking at the room left of the map to draw a new zone there.
    window.view.zoom_by(2.0)
    window.view.centerOn(zone.left() - 150, zone.top() - 100)
    before = pixel(window, zone.left(), zone.top())
    for _ in range(3):
        edit.trigger()
        assert pixel(window, zone.left(), zone.top()) == before


def test_the_first_zone_of_a_new_encounter_lands_where_it_is_drawn(laptop_window, qtbot):
    window = laptop_window(Table(blank_encounter("libre")))
    window.menus.actions["edit_map"].trigger()
    window.scene.set_tool(DRAW)
    port = window.view.viewport()
    a, b = QPoint(300, 200), QPoint(360, 240)  # a small zone: the old scene shrank to it
    QTest.mousePress(port, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, a)
    for i in range(1, 7):
        QTest.mouseMove(port, a + (b - a) * i / 6)
    QTest.mouseRelease(port, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, b)
    rect = next(iter(window.scene.zone_items.values())).scene_rect()
    top_left = window.view.mapFromScene(rect.topLeft())
    bottom_right = window.view.mapFromScene(rect.bottomRight())
    assert (top_left - a).manhattanLength() <= 2  # under the pointer, not 90 px away
    assert (bottom_right - b).manhattanLength() <= 2


def test_pressing_a_token_at_the_edge_of_the_map_selects_it_and_moves_nothing(laptop_window):
    window = laptop_window(open_encounter(None, "libre"))
    enc = window.controller.enc
    top = min(enc.combatants, key=lambda c: window.scene.token_items[c.id].scenePos().y())
    token = window.scene.token_items[top.id]
    where, at = token.scenePos(), window.view.mapFromScene(token.scenePos())
    port = window.view.viewport()
    QTest.mousePress(port, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)
    QTest.mouseRelease(port, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)
    assert window.controller.selected == top.id
    assert token.scenePos() == where and window.controller.undo_stack.count() == 0
