"""The GM puts « Camouflé » on a d20_35 creature from « Ajouter un état… » and types its degree
(D35-19), the rules' 20 % offered first (D35-16); the token reads it; in both languages."""

from __future__ import annotations

import pytest

from gui.boot.app import open_encounter
from gui.dialogs.add_state import AddStateDialog
from tests.gui.shots import shot

pytestmark = pytest.mark.gui


@pytest.mark.parametrize("lang", ["fr", "en"], indirect=True)
def test_the_gm_types_the_degree_of_concealment(laptop_window, qtbot, lang):
    window = laptop_window(open_encounter(None, "d20_35"))
    ctl = window.controller
    dialog = AddStateDialog(ctl, "ogre", None, window)
    qtbot.addWidget(dialog)
    assert dialog.value.isHidden()  # the first state of the list carries no number
    dialog.kind.setCurrentIndex(dialog.kind.findData("camouflage"))
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.value.isVisible() and dialog.value.value() == 20
    assert dialog.value.suffix() == " %"
    assert dialog.value_label.text() == {"fr": "Chance d'échec :", "en": "Miss chance:"}[lang]
    dialog.value.setValue(35)
    shot(dialog, f"d35_concealment_degree_{lang}")
    state = dialog.state()
    assert state is not None and (state.key, state.value) == ("camouflage", 35)
    ctl.add_condition("ogre", state)
    badges = ctl.ruleset.badge_labels(ctl.enc, ctl.enc.combatant("ogre"))
    assert ("Camouflé 35 %", "Concealed 35 %") in {(b.fr, b.en) for b in badges}
    dialog.kind.setCurrentIndex(dialog.kind.findData("a_terre"))
    assert dialog.value.isHidden() and dialog.state().value is None
