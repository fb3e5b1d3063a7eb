"""D35-78 on the map: the way a squeezing creature is dragged along shows each square counted
twice (« 4 cases (6 m) » for two squares), as the metres moved count them."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest

from gui.boot.app import open_encounter
from gui.engine.state.model import State

pytestmark = pytest.mark.gui


def drag_preview(window, qtbot, cid, cell, expected):
    token, view = window.scene.token_items[cid], window.view
    port = view.viewport()
    QTest.mousePress(port, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     view.mapFromScene(token.pos()))  # fmt: skip
    x, y = cell[0] * 40 + 20, cell[1] * 40 + 20
    QTest.mouseMove(port, view.mapFromScene(QPointF(x, (token.pos().y() + y) / 2)))
    QTest.mouseMove(port, view.mapFromScene(QPointF(x, y)))
    preview = window.scene.path_item
    qtbot.waitUntil(lambda: preview.text == expected, timeout=2000)
    QTest.mouseRelease(port, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                       view.mapFromScene(token.pos()))  # fmt: skip


def test_d35_78_a_squeezing_creature_s_way_counts_each_square_twice(laptop_window, qtbot):
    table = open_encounter(None, "d20_35")
    isaure = table.enc.combatant("isaure")  # at (4, 11)
    isaure.states = [State(key="serre", label="Serré")]
    window = laptop_window(table)
    drag_preview(window, qtbot, "isaure", (4, 9), "4 cases (6 m)")


def test_without_squeezing_the_same_way_counts_once(laptop_window, qtbot):
    window = laptop_window(open_encounter(None, "d20_35"))
    drag_preview(window, qtbot, "isaure", (4, 9), "2 cases (3 m)")
