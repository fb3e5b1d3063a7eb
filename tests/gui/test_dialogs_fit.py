"""Issue 17, deliver 2: every dialog is usable on a 1366×768 laptop, in both languages. A dialog
may be taller than the screen only if what it must show scrolls: its minimum size fits the
screen less the title bar and the desktop's panel; the others' size hint fits whole."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication

from gui.boot.app import open_encounter
from gui.control.controller import Controller
from gui.dialogs.action import ActionDialog
from gui.dialogs.add_state import AddStateDialog
from gui.dialogs.house_rules import HouseRulesDialog
from gui.dialogs.new_encounter import NewEncounterDialog
from gui.dialogs.preferences import PreferencesDialog
from gui.engine.rulesets import registry
from gui.engine.turns import RankedInitiative
from gui.sheets.add_dialog import AddCombatantDialog
from gui.turns.initiative import InitiativeDialog
from tests.gui.mutations import start

pytestmark = pytest.mark.gui

WIDTH, HEIGHT = 1366, 768 - 32 - 28  # less a title bar and a desktop panel


def shown(qtbot, dialog):
    qtbot.addWidget(dialog)
    dialog.show()
    QCoreApplication.processEvents()
    return dialog


@pytest.mark.parametrize("lang", ["fr", "en"], indirect=True)
@pytest.mark.parametrize("ruleset_id", registry.available())
def test_every_action_dialog_of_a_demo_fits_a_laptop(qtbot, lang, ruleset_id):
    ctl = Controller(open_encounter(None, ruleset_id))
    start(ctl)
    enc, sizes = ctl.enc, {}
    for c in enc.combatants:
        foe = next(o.id for o in enc.combatants if o.side != c.side)
        for spec in ctl.ruleset.actions(enc, c.id, foe):
            if spec.kind in sizes:
                continue
            dialog = shown(
                qtbot, ActionDialog(ctl, c.id, foe if spec.needs_target else None, spec.kind)
            )
            least, hint = dialog.minimumSizeHint(), dialog.sizeHint()
            sizes[spec.kind] = (least.height(), hint.width())
            dialog.close()
    assert sizes
    assert {k: s for k, s in sizes.items() if s[0] > HEIGHT or s[1] > WIDTH} == {}


@pytest.mark.parametrize("lang", ["fr", "en"], indirect=True)
@pytest.mark.parametrize("ruleset_id", registry.available())
def test_the_other_dialogs_fit_a_laptop_whole(qtbot, lang, ruleset_id):
    ctl = Controller(open_encounter(None, ruleset_id))
    dialogs = [
        NewEncounterDialog(),
        PreferencesDialog(),
        HouseRulesDialog(ctl),
        AddCombatantDialog(ctl),
        AddStateDialog(ctl, ctl.enc.combatants[0].id),
    ]
    if isinstance(ctl.table.mode(), RankedInitiative):
        dialogs.append(InitiativeDialog(ctl))
    sizes = {type(d).__name__: shown(qtbot, d).sizeHint() for d in dialogs}
    too_big = {k: (s.width(), s.height()) for k, s in sizes.items()}
    assert {k: s for k, s in too_big.items() if s[0] > WIDTH or s[1] > HEIGHT} == {}
