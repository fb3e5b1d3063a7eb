"""Issue 17, deliver 6: Aide › Raccourcis clavier lists every key of every action, read from
the actions themselves (the combat keys were missing), then the keys of places."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QAction, QKeySequence

from gui.boot.app import open_encounter

pytestmark = pytest.mark.gui


@pytest.mark.parametrize("ruleset", ["libre", "reserve_menace", "conteur", "attention_donjon"])
def test_the_shortcuts_list_holds_every_key_of_the_window(laptop_window, ruleset):
    window = laptop_window(open_encounter(None, ruleset))
    listed = window.menus.do.shortcuts_html()
    keyed = [a for a in window.findChildren(QAction) if a.shortcuts() and a.text()]
    assert len(keyed) > 20
    for action in keyed:
        for key in action.shortcuts():
            assert key.toString(QKeySequence.SequenceFormat.NativeText) in listed
        assert action.text().replace("&", "").rstrip("…") in listed
    for combat in ("Suivant", "Précédent", "Commencer le combat", "Fin du combat"):
        assert combat in listed
    assert "Espace lance les dés" in listed
