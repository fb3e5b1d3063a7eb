"""Aide › Règles du jeu: a hundred rules scroll in a window that fits the screen, and a
search finds one by its id or a word of its text (the newcomer found a 5,310-pixel box)."""

from __future__ import annotations

import pytest

from gui.dialogs.rules_text import RulesDialog
from gui.engine.rulesets import registry

pytestmark = pytest.mark.gui


def test_the_rules_fit_the_screen_and_filter(qtbot):
    data = registry.get("douaratil").data
    dialog = RulesDialog(data)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.height() <= dialog.screen().availableGeometry().height()
    assert dialog.shown == len(data.rules) > 100
    dialog.search.setText("DOU-47")
    assert dialog.shown == 1 and "DOU-47" in dialog.text.toPlainText()
    dialog.search.setText("zzzz")
    assert dialog.shown == 0 and "Aucune règle" in dialog.text.toPlainText()
