"""Issue 33, item 6: a plain blow with its damage, the dice rolled by the app, then the turn
handed on, in at most four clicks by mouse (six with typed dice), in the libre and the d20_35
demos: a right-click on the target, « Attaquer — lancer et appliquer » (the dialog opens with the
attack rolled and applied, every number shown), « Suite : … (lancer) » (the damage rolled and
applied in its own dialog, every number shown), « Tour suivant ». Before issue 33 it was six:
right-click, Attaquer, Appliquer, Suite, Appliquer, Tour suivant. After the last dialog closes,
the main window has the keyboard again (`A`, F9, `N` work at once)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QApplication, QMenu

from gui.boot.app import open_encounter
from gui.dialogs.action import ActionDialog
from tests.gui.fakes import type_faces
from tests.gui.mutations import start

pytestmark = pytest.mark.gui

# A seed whose first d20 hits the default target, per demo (the acting unit's blow).
SEEDS = {"libre": 5, "d20_35": 5}


class Clicks:
    """The GM's mouse: every click counted."""

    def __init__(self, qtbot, window) -> None:
        self.qtbot, self.window, self.count = qtbot, window, 0

    def right_click_token(self, cid: str) -> QMenu:
        """A right-click on the token: its menu, as the map fills it."""
        self.count += 1
        menu = QMenu(self.window)
        self.window.map.fill_menu(menu, "token", cid, QPointF())
        return menu

    def choose(self, entry) -> None:
        self.count += 1
        entry.trigger()

    def button(self, button) -> None:
        assert button.isVisible() and button.isEnabled(), button.text()
        self.count += 1
        self.qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def shown(window) -> list[ActionDialog]:
    return [d for d in window.findChildren(ActionDialog) if d.isVisible()]


def ready(laptop_window, ruleset_id):
    window = laptop_window(open_encounter(None, ruleset_id))
    ctl = window.controller
    start(ctl)
    ctl.table.rng.seed(SEEDS[ruleset_id])
    actor = ctl.default_actor()
    return window, ctl, actor, ctl.default_target(actor)


def handed_on(window, ctl, first, count) -> None:
    """The blow and its damage written, the turn passed, no dialog left, the keyboard back."""
    assert ctl.undo_stack.count() == count + 3  # attack, damage, turn
    assert not shown(window) and ctl.acting() != first
    QApplication.processEvents()
    assert QApplication.activeWindow() is window
    assert QApplication.focusWidget() is window.view


@pytest.mark.parametrize("ruleset_id", ["libre", "d20_35"])
def test_a_blow_its_damage_and_the_next_turn_in_four_clicks(laptop_window, qtbot, ruleset_id):
    window, ctl, _actor, target = ready(laptop_window, ruleset_id)
    first, count = ctl.acting(), ctl.undo_stack.count()
    before = dict(ctl.enc.combatant(target).stats)
    mouse = Clicks(qtbot, window)
    menu = mouse.right_click_token(target)
    quick = next(a for a in menu.actions() if a.objectName() == "quickAction")
    assert menu.actions().index(quick) == 2  # under the heading and the attack itself
    mouse.choose(quick)
    (attack,) = shown(window)
    assert attack.resolution is not None and attack.resolution.success  # rolled, applied
    assert attack.dice.rolled_dice is not None and attack.outcome.isVisible()
    assert attack.breakdown.texts()  # every number of the attack in view
    assert attack.next_button.text().endswith("(lancer)")
    mouse.button(attack.next_button)
    (damage,) = shown(window)
    assert damage.resolution is not None and damage.dice.rolled_dice is not None
    assert damage.outcome.isVisible() and damage.outcome.text()  # what the damage did
    assert ctl.enc.combatant(target).stats != before
    mouse.button(damage.end_turn_button)
    assert mouse.count == 4
    handed_on(window, ctl, first, count)


@pytest.mark.parametrize("ruleset_id", ["libre", "d20_35"])
def test_with_typed_dice_the_same_blow_is_six_clicks(laptop_window, qtbot, ruleset_id):
    """The GM rolls at the table: the attack's entry opens the dialog to type the dice, and
    « Suite » then opens the damage to type its dice too."""
    window, ctl, actor, target = ready(laptop_window, ruleset_id)
    first, count = ctl.acting(), ctl.undo_stack.count()
    mouse = Clicks(qtbot, window)
    menu = mouse.right_click_token(target)
    attack_kind = ctl.ruleset.offered_actions(ctl.enc, actor, target)[0][0].kind
    mouse.choose(next(a for a in menu.actions() if a.data() == attack_kind))
    (attack,) = shown(window)
    type_faces(qtbot, attack, "19")  # mode and faces by the keyboard: no click counted
    mouse.button(attack.apply_button)
    assert attack.resolution.success
    assert not attack.next_button.text().endswith("(lancer)")  # typed: the damage is typed
    mouse.button(attack.next_button)
    (damage,) = shown(window)
    assert damage.resolution is None
    type_faces(qtbot, damage, "3")
    mouse.button(damage.apply_button)
    mouse.button(damage.end_turn_button)
    assert mouse.count == 6  # right-click, Attaquer, Appliquer, Suite, Appliquer, Tour suivant
    handed_on(window, ctl, first, count)
