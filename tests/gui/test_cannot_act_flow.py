"""Issue 32 (deliver 4) on the d20_35 demo: Aldric at −3 hp is dying (D35-49), so the menus and
the action dialog offer him no action but his own rolls, under a line that says why; « Forcer
une action (MJ) » lists the rest, and the attack the GM forces through « Passer outre » is
logged (G-3). In French and English, grabbed at 1366×768 to be looked at."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication, QPoint
from PySide6.QtGui import QPainter, QPixmap

from gui.boot.app import open_encounter
from gui.dialogs.action import open_action_dialog
from gui.window.action_menu import action_menu
from tests.gui.fakes import type_faces
from tests.gui.shots import shot

pytestmark = pytest.mark.gui

WHY = {
    "fr": "Aldric est mourant : il ne peut pas agir",
    "en": "Aldric is dying and cannot act",
}
FORCE = {"fr": "Forcer une action (MJ)", "en": "Force an action (GM)"}
OWN = {"fr": ["Stabilisation", "Repos"], "en": ["Stabilisation", "Rest"]}


def shot_over(window, widget, name: str) -> None:
    """The window at 1366×768 with `widget` (a dialog, a menu) drawn where it stands on the
    screen, to `<shots>/<name>.png` (`shot` grabs the window, then this paints over it)."""
    QCoreApplication.processEvents()
    path = shot(window, name)
    image = QPixmap(str(path))
    where = widget.mapToGlobal(QPoint(0, 0)) - window.mapToGlobal(QPoint(0, 0))
    where = QPoint(
        max(0, min(where.x(), image.width() - widget.width())),
        max(0, min(where.y(), image.height() - widget.height())),
    )
    painter = QPainter(image)
    painter.drawPixmap(where, widget.grab())
    painter.end()
    assert image.save(str(path))


@pytest.fixture
def window(laptop_window, lang):
    w = laptop_window(open_encounter(None, "d20_35"))
    ctl = w.controller
    units = [e.unit for e in ctl.ruleset.turn_units(ctl.enc)]
    ctl.start_combat({u: 20 - i for i, u in enumerate(units)})  # Aldric first
    ctl.edit_stat("aldric", "pv", -3)
    return w


@pytest.mark.parametrize("lang", ["fr", "en"], indirect=True)
def test_the_menu_offers_a_dying_knight_his_rolls_says_why_and_how_to_force(window, lang):
    ctl = window.controller
    opened = []
    menu = action_menu(
        ctl, "aldric", "squelette_1", window, opener=lambda *a, **k: opened.append((a, k))
    )
    items = [a for a in menu.actions() if not a.isSeparator()]
    why = next(a for a in items if a.objectName() == "unable")
    assert why.text() == WHY[lang] and not why.isEnabled()
    offered = [a.text() for a in items if a.isEnabled() and a.menu() is None]
    assert offered == OWN[lang]  # no Attaquer at 70 %, no Courir
    forced = next(a for a in items if a.menu() is not None)
    assert forced.text() == FORCE[lang]
    inside = {a.data(): a for a in forced.menu().actions()}
    assert "attaquer" in inside and "stabilisation" not in inside
    inside["attaquer"].trigger()
    assert opened == [((ctl, "aldric", "squelette_1", "attaquer", window), {"forcing": True})]
    for shown, name in ((menu, "menu"), (forced.menu(), "menu_forced")):
        shown.adjustSize()  # drawn as it would pop up (offscreen, a popup only warns)
        shot(shown, f"d35_dying_{name}_{lang}")
    menu.move(window.mapToGlobal(QPoint(620, 300)))  # beside Aldric's token
    shot_over(window, menu, f"d35_dying_menu_window_{lang}")


@pytest.mark.parametrize("lang", ["fr", "en"], indirect=True)
def test_the_dialog_offers_nothing_but_his_rolls_and_logs_a_forced_attack(window, qtbot, lang):
    ctl = window.controller
    dialog = open_action_dialog(ctl, "aldric", "squelette_1", None, window)
    choice = dialog.choice
    assert choice.unable.isVisible() and choice.unable.text() == WHY[lang]
    listed = [choice.action_list.item(i).text() for i in range(choice.action_list.count())]
    assert listed == OWN[lang]
    assert choice.force_all.isVisible() and not choice.force_all.isChecked()
    shot_over(window, dialog, f"d35_dying_dialog_{lang}")
    choice.force_all.setChecked(True)  # « Forcer une action (MJ) »: every action listed
    kinds = [s.kind for s in choice.specs]
    assert "attaquer" in kinds
    choice.action_list.setCurrentRow(kinds.index("attaquer"))
    assert any(n.rule == "D35-49" and n.blocking for n in dialog.blocking)
    assert dialog.force_check.isVisible() and not dialog.apply_button.isEnabled()
    dialog.force_check.setChecked(True)  # « Passer outre »: the GM's decision (G-3)
    type_faces(qtbot, dialog, "15")
    for entry in dialog.more_dice.entries:
        entry.set_mode("faces")
        entry.faces_edit.setText("10")
    shot_over(window, dialog, f"d35_dying_dialog_forced_{lang}")
    assert dialog.apply_button.isEnabled()
    dialog.apply()
    assert dialog.resolution is not None and dialog.resolution.forced
    forced = [e for e in ctl.enc.log if e.action == "Action forcée par le MJ"]
    assert [e.outcome for e in forced] == ["D35-49 Aldric est mourant : il ne peut pas agir"]
    dialog.close()


def test_a_knight_who_can_act_is_offered_everything_without_a_word(window, qtbot):
    ctl = window.controller
    dialog = open_action_dialog(ctl, "isaure", "squelette_1", None, window)
    assert not dialog.choice.unable.isVisible() and not dialog.choice.force_all.isVisible()
    assert "attaquer" in [s.kind for s in dialog.choice.specs]
    dialog.close()


def test_his_stabilisation_roll_opens_from_the_dock_without_forcing(window, qtbot):
    ctl = window.controller
    dialog = open_action_dialog(ctl, "aldric", None, "stabilisation", window)
    assert dialog.choice.spec().kind == "stabilisation" and not dialog.blocking
    type_faces(qtbot, dialog, "40")
    dialog.apply()
    assert ctl.enc.combatant("aldric").stats["pv"] == -4
    assert not [e for e in ctl.enc.log if e.action == "Action forcée par le MJ"]
    dialog.close()
