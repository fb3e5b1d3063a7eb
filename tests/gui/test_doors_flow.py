"""Issue 38, deliver 1, by mouse: in the d20_35 crypt the GM closes and opens a door by a click
in play (one undo entry each, said in the log, drawn as the door it is, blocking a drag while
closed), makes a door of a wall's stretch from its menu in edit mode, and the doors save."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QMenu

from gui.boot.app import open_encounter
from gui.engine.files import storage
from tests.gui.fakes import click, drag

pytestmark = pytest.mark.gui

DOOR = QPointF(16 * 40, 7.5 * 40)  # the upper door of the crypt's gap, (16, 7)–(16, 8)


def test_a_click_in_play_closes_and_opens_a_door_one_undo_entry_each(laptop_window, tmp_path):
    window = laptop_window(open_encounter(None, "d20_35"))
    ctl = window.controller
    walls = window.scene.walls_item
    assert [d.door for d in ctl.enc.map.walls][:4] == [None, "open", "open", None]
    count = ctl.undo_stack.count()
    click(window.view, DOOR)
    assert ctl.enc.map.walls[1].door == "closed"
    assert ctl.undo_stack.count() == count + 1
    assert ctl.undo_stack.undoText() == "Fermer la porte (16, 7)–(16, 8)"
    assert ctl.enc.log[-1].action == "Fermer la porte (16, 7)–(16, 8)"
    assert [is_open for _, is_open in walls.doors] == [False, True]
    click(window.view, DOOR)
    assert ctl.enc.map.walls[1].door == "open"
    ctl.undo_stack.undo()
    assert ctl.enc.map.walls[1].door == "closed"
    path = tmp_path / "crypte.json"
    ctl.save(path)
    assert storage.load(path).map.walls == ctl.enc.map.walls


def test_a_closed_door_stops_a_drag_through_it(laptop_window):
    window = laptop_window(open_encounter(None, "d20_35"))
    ctl = window.controller
    cell = tuple(ctl.enc.combatant("squelette_3").position.cell)  # in the caveau, by the gap

    def drag_through() -> tuple[int, int]:
        start = window.scene.token_items["squelette_3"].sceneBoundingRect().center()
        drag(window.view, start, QPointF(15.5 * 40, 7.5 * 40))
        return tuple(ctl.enc.combatant("squelette_3").position.cell)

    assert drag_through() == (15, 7)  # through the open doors
    ctl.undo_stack.undo()
    for index in (1, 2):
        ctl.toggle_door(index)
    assert drag_through() == cell  # the GM is asked, and did not force it
    assert "pas de chemin libre" in window.prompts.asked[-1][1]


def test_the_edit_menu_makes_a_door_of_a_walls_stretch_and_a_wall_again(laptop_window):
    window = laptop_window(open_encounter(None, "d20_35"))
    ctl = window.controller
    window.menus.actions["edit_map"].setChecked(True)
    at = QPointF(16 * 40 + 2, 3.4 * 40)
    index = window.scene.wall_at(at)
    assert index == 0
    menu = QMenu(window)
    window.map.fill_menu(menu, "wall", index, at)
    (door,) = [a for a in menu.actions() if a.text() == "Faire une porte ici"]
    door.trigger()
    assert [(w.start, w.end, w.door) for w in ctl.enc.map.walls[:3]] == [
        ((16, 0), (16, 3), None),
        ((16, 3), (16, 4), "closed"),
        ((16, 4), (16, 7), None),
    ]
    menu = QMenu(window)
    window.map.fill_menu(menu, "wall", 1, at)
    assert [a.text() for a in menu.actions()] == [
        "Ouvrir la porte",
        "Changer la porte en mur",
        "Retirer le mur",
    ]
    menu.actions()[1].trigger()
    assert ctl.enc.map.walls[1].door is None


def test_in_play_a_plain_wall_has_no_menu_and_a_door_only_its_own(laptop_window):
    window = laptop_window(open_encounter(None, "d20_35"))
    assert window.scene.wall_at(QPointF(16 * 40, 3 * 40)) is None  # a wall, in play
    assert window.scene.wall_at(DOOR) == 1
    menu = QMenu(window)
    window.map.fill_menu(menu, "wall", 1, DOOR)
    assert [a.text() for a in menu.actions()] == ["Fermer la porte"]


def test_the_o_key_opens_or_closes_the_door_beside_the_selected_combatant(laptop_window):
    window = laptop_window(open_encounter(None, "d20_35"))
    ctl = window.controller
    key = window.menus.actions["door"]
    assert key.shortcut().toString() == "O"
    messages = []
    ctl.message.connect(messages.append)
    ctl.select("aldric")  # at (10, 6): no door beside
    key.trigger()
    assert messages[-1] == "Aucune porte à côté de Aldric"
    start = window.scene.token_items["squelette_3"].sceneBoundingRect().center()
    drag(window.view, start, QPointF(16.5 * 40, 7.5 * 40))  # to (16, 7), by the doors
    ctl.select("squelette_3")
    key.trigger()
    assert ctl.enc.map.walls[1].door == "closed"
    key.trigger()
    assert ctl.enc.map.walls[1].door == "open"
