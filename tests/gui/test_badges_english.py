"""Issue 17, deliver 5: the badges on tokens, in the roster and the turn order, and in the
summary, read in the interface's language (« PV » stayed French in English)."""

from __future__ import annotations

import pytest

from gui.boot.app import open_encounter
from gui.models.roster import STATE

pytestmark = pytest.mark.gui


def test_libre_badges_in_english(english, laptop_window):
    window = laptop_window(open_encounter(None, "libre"))
    ctl = window.controller
    assert window.scene.token_items["ysolde"].badges == ["HP 24/24"]
    ctl.edit_stat("brig1", "pv", 0)
    assert window.scene.token_items["brig1"].badges[:2] == ["HP 0/9", "Out of the fight"]
    roster = window.turns.roster_model
    assert roster.index_of("brig1", STATE).data().startswith("HP 0/9 · Out of the fight")
    assert ctl.ruleset.badges(ctl.enc, ctl.enc.combatant("brig1"))[0] == "PV 0/9"  # French


def test_libre_badges_in_french(laptop_window):
    window = laptop_window(open_encounter(None, "libre"))
    assert window.scene.token_items["ysolde"].badges == ["PV 24/24"]


def test_attention_donjon_badges_in_english(english, laptop_window):
    window = laptop_window(open_encounter(None, "attention_donjon"))
    enc = window.controller.enc
    shown = {tuple(window.scene.token_items[c.id].badges[:2]) for c in enc.combatants}
    assert any(first == "Unhurt" and health.startswith("Health ") for first, health in shown)
    assert not any("Santé" in " ".join(badges) for badges in shown)


def test_libre_derived_values_and_breakdown_in_english(english, laptop_window, qtbot):
    from gui.dialogs.action import ActionDialog

    window = laptop_window(open_encounter(None, "libre"))
    window.controller.select("ysolde")
    assert window.sheet.derived.itemAt(0).widget().text() == "LIB-03 hit points: 24/24"
    dialog = ActionDialog(window.controller, "ysolde", "brig1", "attack", window)
    qtbot.addWidget(dialog)
    terms = [dialog.breakdown.table.item(r, 1).text() for r in range(3)]
    assert terms == ["roll 1d20", "attack bonus", "target's Defence (to reach)"]
