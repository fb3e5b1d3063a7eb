"""What waits on the GM shows in the combat dock: an open reaction window with its offers
(a hit waiting to be absorbed, RM-28; Protéger, RM-49), each opening the action dialog taken
in the window; gone once the gesture ends, back with undo."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from gui.boot.app import open_encounter
from gui.dialogs.action import ActionDialog
from gui.engine.checks.request import DiceResult
from gui.engine.contract.values import Action
from tests.gui.shots import shot

pytestmark = pytest.mark.gui


@pytest.fixture
def window(laptop_window, lang):
    return laptop_window(open_encounter(None, "reserve_menace"))


def _hit(window) -> None:
    """Ilse hits Contrebandier 1 with 6 Qualités (Défense 6): the hit waits (RM-28)."""
    ctl = window.controller
    ctl.start_combat(None, first_side="compagnie")
    ctl.resolve(Action("attaquer", "ilse", "contrebandier_1"), DiceResult("aggregate", (), 6))


@pytest.mark.parametrize("lang", ["fr", "en"], indirect=True)
def test_the_dock_shows_the_hit_waiting_and_opens_its_step(window, qtbot, lang):
    pending = window.turns.pending
    assert pending.isHidden()
    _hit(window)
    assert pending.isVisible() and pending.due.isHidden()
    texts = [b.text() for b in pending.offers.buttons]
    assert (
        texts
        == {
            "fr": [
                "Suite : Encaisser (Contrebandier 1)",
                "Suite : Désarmer (au lieu d’Encaisser) (Ilse des Collines)",
            ],
            "en": [
                "Next: Absorb (Contrebandier 1)",
                "Next: Disarm (instead) (Ilse des Collines)",
            ],
        }[lang]
    )
    shot(window, f"pending_in_dock_{lang}")
    qtbot.mouseClick(pending.offers.buttons[0], Qt.MouseButton.LeftButton)
    dialog = window.findChildren(ActionDialog)[-1]
    assert dialog.choice.window == window.controller.enc.windows[0].id
    assert dialog.within.isVisible()
    dialog.apply()  # no dice: a minor extra takes the hit on its Moniteur or falls (RM-35)
    assert dialog.resolution is not None, dialog.problem.text()
    assert window.controller.enc.windows == [] and pending.isHidden()
    window.controller.undo_stack.undo()  # the whole gesture: the attack too
    # Début du combat, Passe 1 and the starting Défense are left (issue 34: a line opens it)
    assert window.controller.enc.windows == [] and len(window.controller.enc.log) == 3
    window.controller.undo_stack.redo()
    assert pending.isHidden()


def test_a_reaction_from_the_dock_opens_protect_for_the_ally(window, qtbot):
    _hit(window)
    pending = window.turns.pending
    (reactions,) = pending.offers.reaction_lists
    names = [reactions.itemText(i) for i in range(reactions.count())]
    assert names == [
        "Protéger (Maître contrebandier)",
        *(f"Protéger (Contrebandier {n})" for n in range(2, 7)),
    ]
    react = next(
        b
        for b in pending.offers.findChildren(type(pending.offers.buttons[0]))
        if b.text() == "Réagir"
    )
    qtbot.mouseClick(react, Qt.MouseButton.LeftButton)
    dialog = window.findChildren(ActionDialog)[-1]
    assert (dialog.choice.actor_id(), dialog.choice.spec().kind) == ("maitre", "proteger")
    dialog.close()
