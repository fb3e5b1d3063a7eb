"""Building an encounter (issue 34, item 7) at 1366×768: choosing a map tool that edits the map
turns edit mode on and says so; « Enregistrer dans la bibliothèque » is on the sheet without
scrolling and in a token's menu, in edit mode too; the add dialog opens on the zone the last
combatants went to."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QGraphicsSceneContextMenuEvent, QMenu

from gui.boot.app import open_encounter
from gui.engine.files.blank import blank_encounter
from gui.engine.play.table import Table
from gui.library import shelf
from gui.map.tools import CONNECT, DRAW, SELECT, TERRAIN, WALL
from gui.sheets.add_dialog import AddCombatantDialog

pytestmark = pytest.mark.gui

TOOLS = [
    ("tool_draw", DRAW),
    ("tool_connect", CONNECT),
    ("tool_wall", WALL),
    ("tool_terrain", TERRAIN),
]


@pytest.mark.parametrize(("key", "tool"), TOOLS)
def test_choosing_a_map_tool_turns_edit_mode_on(laptop_window, key, tool):
    w = laptop_window(Table(blank_encounter("libre")))
    assert not w.scene.editing and w.menus.actions[key].isEnabled()  # not grey: it explains
    w.menus.actions[key].trigger()
    assert w.scene.editing and w.menus.actions["edit_map"].isChecked()
    assert w.scene.tool == tool and w.menus.actions[key].isChecked()
    assert "Édition de la carte" in w.mode_label.text()
    assert w.statusBar().currentMessage().startswith("Mode édition de la carte activé")
    w.menus.actions["edit_map"].trigger()  # back to play: the selection tool
    assert not w.scene.editing and w.scene.tool == SELECT


def test_the_selection_tool_leaves_play_mode_alone(laptop_window):
    w = laptop_window(Table(blank_encounter("libre")))
    w.menus.actions["tool_ruler"].trigger()
    w.menus.actions["tool_select"].trigger()
    assert not w.scene.editing and w.scene.tool == SELECT


def test_the_zone_tool_draws_a_zone_straight_from_play_mode(laptop_window):
    w = laptop_window(Table(blank_encounter("libre")))
    w.menus.actions["tool_draw"].trigger()  # the key Z does the same
    port = w.view.viewport()
    a, b = QPoint(300, 200), QPoint(420, 300)
    QTest.mousePress(port, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, a)
    for i in range(1, 7):
        QTest.mouseMove(port, a + (b - a) * i / 6)
    QTest.mouseRelease(port, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, b)
    assert len(w.controller.enc.map.zones) == 1


@pytest.fixture
def demo(laptop_window, lang):
    w = laptop_window(open_encounter(None, "libre"))
    w.sheet.prompts = w.prompts
    return w


@pytest.mark.parametrize("lang", ["fr", "en"], indirect=True)
def test_the_sheet_offers_the_library_without_scrolling(demo, lang):
    w, ctl = demo, demo.controller
    c = ctl.enc.combatants[-1]
    ctl.select(c.id)
    button = w.sheet.keep_button
    assert button.isVisible() and not button.visibleRegion().isEmpty()
    top = button.mapTo(w.sheet.scroll.viewport(), QPoint(0, button.height()))
    assert top.y() <= w.sheet.scroll.viewport().height()  # whole, before any scrolling
    wanted = {"fr": "Enregistrer dans la bibliothèque", "en": "Save to the library"}[lang]
    assert button.text() == wanted
    button.click()
    assert shelf.read("libre").named(c.name) is not None


def _menu_kind_at(w, cid: str) -> tuple[str, object]:
    """What a right-click on the token asks the map for (kind, key)."""
    got: list[tuple[str, object]] = []
    w.scene.context_requested.disconnect()
    w.scene.context_requested.connect(lambda kind, key, *_: got.append((kind, key)))
    event = QGraphicsSceneContextMenuEvent(QEvent.Type.GraphicsSceneContextMenu)
    event.setScenePos(w.scene.token_items[cid].sceneBoundingRect().center())
    w.scene.contextMenuEvent(event)
    return got[-1]


def test_a_tokens_menu_keeps_it_in_the_library_in_edit_mode_too(demo):
    w, ctl = demo, demo.controller
    c = next(c for c in ctl.enc.combatants if c.id in w.scene.token_items)
    w.menus.actions["edit_map"].trigger()
    assert _menu_kind_at(w, c.id) == ("token", c.id)  # not the zone under it
    menu = QMenu()
    w.map.fill_menu(menu, "token", c.id, QPointF())
    wanted = f"Enregistrer {c.name} dans la bibliothèque"
    (action,) = [a for a in menu.actions() if a.text() == wanted]
    action.trigger()
    assert shelf.read("libre").named(c.name) is not None


def _dialog(qtbot, w) -> AddCombatantDialog:
    dialog = AddCombatantDialog(w.controller, w, prompts=w.prompts)
    qtbot.addWidget(dialog)
    return dialog


def test_the_add_dialog_opens_on_the_last_zone_used(demo, qtbot):
    w, enc = demo, demo.controller.enc
    first = _dialog(qtbot, w)
    assert first.zone.currentData() is None  # « hors carte » the first time
    zone = enc.map.zones[1]
    first.zone.setCurrentIndex(first.zone.findData(zone.id))
    first.name.setText("Gobelin")
    first.count.setValue(2)
    added = first.accept_input()
    assert added and {w.controller.enc.combatant(cid).position.zone for cid in added} == {zone.id}
    again = _dialog(qtbot, w)
    assert again.zone.currentData() == zone.id and again.zone.currentText() == zone.name
    again.zone.setCurrentIndex(0)  # « hors carte », chosen: kept too
    again.name.setText("Réserve")
    assert again.accept_input()
    assert _dialog(qtbot, w).zone.currentData() is None
    third = _dialog(qtbot, w)
    third.zone.setCurrentIndex(third.zone.findData(zone.id))
    third.name.setText("Loup")
    assert third.accept_input()
    w.controller.delete_zone(zone.id, None)  # gone: the default again
    assert _dialog(qtbot, w).zone.currentData() is None


def test_a_cancelled_add_dialog_remembers_nothing(demo, qtbot):
    w, enc = demo, demo.controller.enc
    dialog = _dialog(qtbot, w)
    dialog.zone.setCurrentIndex(dialog.zone.findData(enc.map.zones[0].id))
    dialog.reject()
    assert _dialog(qtbot, w).zone.currentData() is None
