"""Issue 17, deliver 1: one action path. The turn selects whoever acts; a right-click on a
target token keeps that selection and offers the actor's actions against it first; the last
target is remembered for the next action (A); all of it one undo entry per action."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMenu

from gui.boot.app import open_encounter
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
    # The next action (A) is for whoever is selected, against the same target while in
    # reach (issue 33): Brigand 1, two zones off the path, is not; the archer in the grove is.
    window.menus.actions["action"].trigger()
    again = dialogs(window)[0]
    assert (again.choice.actor_id(), again.choice.target_id()) == ("maelis", "archer")
    again.close()
    # Suivant hands the turn, and the selection, to the next unit; undo takes the attack back.
    window.turns.next_action.trigger()
    assert ctl.selected == "chef"
    ctl.undo_stack.undo()
    ctl.undo_stack.undo()
    assert [line.action for line in ctl.enc.log] == ["Début du combat", "Round 1", "Initiative"]


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


def test_appliquer_rolls_when_the_app_rolls_and_nothing_is_rolled_yet(laptop_window, qtbot):
    """One gesture for roll-and-apply; the dice stay shown with the outcome."""
    window = laptop_window(open_encounter(None, "libre"))
    ctl = window.controller
    ctl.start_combat(INITIATIVES)
    dialog = ActionDialog(ctl, ctl.selected, "brig1", "attack")
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.dice.set_mode("rolled")
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    assert dialog.resolution is not None and dialog.dice.rolled_dice is not None
    assert ctl.undo_stack.count() == 2  # the start and the attack


def test_with_a_coup_de_poker_to_decide_appliquer_rolls_first_then_applies(laptop_window, qtbot):
    window = laptop_window(open_encounter(None, "attention_donjon"))
    ctl = window.controller
    enc = ctl.enc
    hero = next(c for c in enc.combatants if c.stats.get("heros"))
    foe = next(c for c in enc.combatants if c.side != hero.side)
    dialog = ActionDialog(ctl, hero.id, foe.id, "attaquer")
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.dice.set_mode("rolled")
    assert dialog.dice.request is not None and dialog.dice.request.trade is not None
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    assert dialog.resolution is None and dialog.dice.rolled_dice is not None  # look, then
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    assert dialog.resolution is not None


def test_a_opens_on_a_foe_the_last_target_or_the_nearest(laptop_window):
    """The default target is a foe of the actor: the last target if it is one still in
    reach, else the nearest foe in reach, else the nearest foe (issue 33, targets.py)."""
    window = laptop_window(open_encounter(None, "libre"))
    ctl = window.controller
    ctl.start_combat(INITIATIVES)
    assert ctl.default_target("maelis") == "archer"  # in the grove next to the path
    ctl.last_target = "brig2"
    assert ctl.default_target("ysolde") == "brig2"
    assert ctl.default_target("brig1") == "ysolde"  # brig2 is its ally: the first foe
    ctl.edit_stat("ysolde", "pv", 0)
    assert ctl.default_target("brig1") not in ("ysolde", "brig2")  # out of the fight
    window.menus.actions["action"].trigger()
    dialog = dialogs(window)[0]
    assert dialog.choice.target_id() is not None and dialog.preview is not None
    dialog.close()


def test_a_whole_turn_by_keyboard_in_four_keys_on_a_hit(laptop_window, qtbot):
    """Issue 17, done when: A, Entrée (rolled and applied), Entrée (Suite : Dégâts, rolled and
    applied: issue 33, item 6), Entrée (Tour suivant) — the turn has passed, three undo entries
    more."""
    window = laptop_window(open_encounter(None, "libre"))
    ctl = window.controller
    ctl.start_combat(INITIATIVES)
    ctl.table.rng.seed(3)  # a roll that hits
    first, count = ctl.acting(), ctl.undo_stack.count()
    keys = 0

    def key(widget, k=Qt.Key.Key_Return):
        nonlocal keys
        keys += 1
        qtbot.keyClick(widget, k)

    keys += 1  # A (the shortcut of Combat › Action)
    window.menus.actions["action"].trigger()
    attack = dialogs(window)[0]
    key(attack)
    assert attack.resolution is not None and attack.resolution.success  # seed 3: a hit
    key(attack)  # Suite : Infliger des dégâts (lancer)
    damage = dialogs(window)[0]
    assert damage.choice.spec().kind == "damage" and damage.resolution is not None
    key(damage)  # Tour suivant
    assert keys == 4 and ctl.undo_stack.count() == count + 3  # attack, damage, turn
    assert not dialogs(window) and ctl.acting() != first
