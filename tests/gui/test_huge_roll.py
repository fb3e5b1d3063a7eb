"""Issue 31: a valid roll too large for exact odds never freezes the window — « 100d1000 » of
libre's damage previews at once without odds (and says why), the app still rolls it, the GM
can still type its total, and Appliquer applies it."""

import time

import pytest
from PySide6.QtCore import Qt

from gui.boot.app import open_encounter
from gui.control.controller import Controller
from tests.gui.fakes import make_dialog, type_faces

pytestmark = pytest.mark.gui


def _huge(qtbot, ctl):
    dialog = make_dialog(qtbot, ctl, "damage")
    edit = dialog.choice.option_editors["des"].widget
    edit.clear()
    begin = time.perf_counter()
    qtbot.keyClicks(edit, "100d1000")
    edit.editingFinished.emit()
    return dialog, time.perf_counter() - begin


def test_a_hundred_d1000_previews_at_once_and_is_rolled(qtbot):
    ctl = Controller(open_encounter(None, "libre"))
    dialog, took = _huge(qtbot, ctl)
    assert took < 5  # it took 58 s: computing its exact odds (the bound is about 0.1 s)
    assert "LIB-03 dégâts 100d1000" in dialog.breakdown.texts()
    assert "Cote non calculée" in dialog.breakdown.notices.text()
    assert not dialog.problem.text() and dialog.apply_button.isEnabled()
    qtbot.mouseClick(dialog.dice.roll_button, Qt.MouseButton.LeftButton)
    faces = dialog.dice.result().faces
    assert len(faces) == 100 and all(1 <= f <= 1000 for f in faces)
    dialog.apply()
    assert ctl.enc.combatant("brig1").stats["pv"] == 0  # far more than its 9 hit points


def test_its_total_can_be_typed(qtbot):
    ctl = Controller(open_encounter(None, "libre"))
    dialog, _ = _huge(qtbot, ctl)
    type_faces(qtbot, dialog, "5", mode="aggregate")
    assert dialog.apply_button.isEnabled() is False  # 100 dice cannot total 5
    type_faces(qtbot, dialog, "50000", mode="aggregate")
    dialog.apply()
    assert ctl.enc.log[-1].action.startswith("Dégâts")
