"""Issue 17, deliver 1: one action path. The turn selects whoever acts; a right-click on a
target token keeps that selection and offers the actor's actions against it first; the last
target is remembered for the next action (A); all of it one undo entry per action."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMenu

from gui.app import open_encounter
from gui.dialogs.action import ActionDialog
from tests.gui.demo_values import INITIATIVES
from tests.gui.fakes import type_faces

pytestmark = pytest.mark.gui


def dialogs(window) -> list[ActionDialog]:
    return [d for d in window.findChildren(ActionDialog) if d.isVisible()]


def test_right_click_on_a_target_then_act_then_the_next_action_remembers_it(laptop_window, qtbot):
    window = laptop_window(open_encounter(None, "libre"))
    ctl = window.controller
    ctl.start_combat(INITIATIVES)
    assert ctl.selected == "maelis"  # the turn selects whoever acts
    # A right-click on Brigand 1's token does not select it…
    token = window.scene.token_items["brig1"]
    at = window.view.mapFromScene(token.scenePos())
    port = window.view.viewport()
    QTest.mousePress(port, Qt.MouseButton.RightButton, Qt.KeyboardModifier.NoModifier, at)
    QTest.mouseRelease(port, Qt.MouseButton.RightButton, Qt.KeyboardModifier.NoModifier, at)
    assert ctl.selected == "maelis"
    # …and its menu offers Maëlis's actions against it, first.
    menu = QMenu(window)
    window.map.fill_menu(menu, "token", "brig1", QPointF())
    items = menu.actions()
    assert items[0].isSeparator() and items[0].text() == "Maëlis → Brigand 1"
    attack = next(a for a in items if a.data() == "attack")
    assert items.index(attack) == 1
    attack.trigger()
    dialog = dialogs(window)[0]
    assert (dialog.choice.actor_id(), dialog.choice.target_id()) == ("maelis", "brig1")
    type_faces(qtbot, dialog, "15")
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    assert ctl.undo_stack.count() == 2 and ctl.last_target == "brig1"
    dialog.close()
    # The next action (A) is for whoever is selected, against the same target.
    window.menus.actions["action"].trigger()
    again = dialogs(window)[0]
    assert (again.choice.actor_id(), again.choice.target_id()) == ("maelis", "brig1")
    again.close()
    # Suivant hands the turn, and the selection, to the next unit; undo takes the attack back.
    window.turns.next_action.trigger()
    assert ctl.selected == "chef"
    ctl.undo_stack.undo()
    ctl.undo_stack.undo()
    assert [line.action for line in ctl.enc.log] == ["Round 1", "Initiative"]


def test_without_a_selection_the_actor_is_whoever_s_turn_it_is(laptop_window):
    window = laptop_window(open_encounter(None, "libre"))
    ctl = window.controller
    ctl.start_combat(INITIATIVES)
    ctl.select(None)
    assert ctl.default_actor("brig1") == "maelis"
    assert ctl.default_actor("maelis") is None  # never the target itself
    menu = QMenu(window)
    window.map.fill_menu(menu, "token", "maelis", QPointF())
    assert not menu.actions()[0].isEnabled()  # « Choisissez d'abord l'acteur »


def test_a_hit_offers_its_damage_in_one_click_for_the_same_actor_and_target(laptop_window, qtbot):
    window = laptop_window(open_encounter(None, "libre"))
    ctl = window.controller
    dialog = ActionDialog(ctl, "ysolde", "brig1", "attack", window)
    dialog.show()
    type_faces(qtbot, dialog, "15")
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    assert dialog.next_button.isVisible()
    assert dialog.next_button.text() == "&Suite : Infliger des dégâts"
    qtbot.mouseClick(dialog.next_button, Qt.MouseButton.LeftButton)
    damage = dialog.next_dialog
    assert damage is not None and damage.choice.spec().kind == "damage"
    assert (damage.choice.actor_id(), damage.choice.target_id()) == ("ysolde", "brig1")
    pv = ctl.enc.combatant("brig1").stats["pv"]
    type_faces(qtbot, damage, "3")
    qtbot.mouseClick(damage.apply_button, Qt.MouseButton.LeftButton)
    assert ctl.enc.combatant("brig1").stats["pv"] < pv
    damage.close()
    ctl.undo_stack.undo()
    assert ctl.enc.combatant("brig1").stats["pv"] == pv
