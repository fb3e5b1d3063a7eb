"""Options de règles: the GM sets a ruleset's house-rule flags for the encounter (G-5)."""

import pytest
from PySide6.QtWidgets import QCheckBox, QSpinBox

from gui.boot.app import open_encounter
from gui.control.controller import Controller
from gui.dialogs.house_rules import HouseRulesDialog
from tests.gui.shots import shot

pytestmark = pytest.mark.gui


@pytest.fixture
def ctl(qtbot):
    return Controller(open_encounter(None, "reserve_menace"))


@pytest.fixture
def dialog(ctl, qtbot):
    widget = HouseRulesDialog(ctl)
    qtbot.addWidget(widget)
    return widget


def test_every_flag_has_an_editor_at_its_default(ctl, dialog):
    assert set(dialog.editors) == {f.id for f in ctl.ruleset.data.flags}
    counter = dialog.editors["CFG-RM-12"]
    assert isinstance(counter, QCheckBox) and counter.isChecked()  # A-RM-12: one Counter
    assert isinstance(dialog.editors["CFG-RM-1"], QSpinBox)
    assert dialog.editors["CFG-RM-1"].value() == 1
    assert "A-RM-12" in counter.toolTip()


def test_changing_a_flag_is_one_undo_entry_and_defaults_are_not_stored(ctl, dialog):
    dialog.editors["CFG-RM-12"].setChecked(False)
    dialog.editors["RM-MAISON-1"].setChecked(True)
    dialog.accept()
    assert ctl.enc.flags == {"CFG-RM-12": False, "RM-MAISON-1": True}
    assert ctl.ruleset.flag(ctl.enc, "CFG-RM-12") is False
    ctl.undo_stack.undo()
    assert ctl.enc.flags == {}


def test_restore_defaults_then_ok_clears_the_flags(ctl, qtbot):
    ctl.set_flags({"CFG-RM-7": True})
    dialog = HouseRulesDialog(ctl)
    qtbot.addWidget(dialog)
    assert dialog.editors["CFG-RM-7"].isChecked()
    dialog.restore_defaults()
    dialog.accept()
    assert ctl.enc.flags == {}


def test_an_unchanged_dialog_pushes_nothing(ctl, dialog):
    dialog.accept()
    assert ctl.undo_stack.count() == 0


def test_house_rules_dialog_looks_right(dialog, qtbot):
    dialog.show()
    qtbot.waitExposed(dialog)
    shot(dialog, "house_rules")
