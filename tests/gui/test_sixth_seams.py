"""The Seams II mechanisms in the real window, on the sixth ruleset of tests/sixth/ (no GUI
code knows it): a drag away from a foe opens its window in the combat dock, the strike taken
from there and the move are one undo entry (SIX-07); a shot at a concealed target asks its
two rolls in one dialog (SIX-04); a typed total carries its 6s (SIX-05); a dying one's turn
shows its due roll (SIX-08)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QPushButton

from gui.dialogs.action import ActionDialog
from gui.engine.play.table import Table
from gui.engine.space.destination import Destination
from gui.engine.state.model import State
from tests.gui.fakes import drag
from tests.gui.shots import shot
from tests.sixth.builders import registered, sixth_encounter

pytestmark = pytest.mark.gui


@pytest.fixture
def window(laptop_window, lang):
    with registered():
        yield laptop_window(Table(sixth_encounter()))


def button(parent, text: str) -> QPushButton:
    return next(b for b in parent.findChildren(QPushButton) if b.text() == text)


def last_dialog(window) -> ActionDialog:
    return window.findChildren(ActionDialog)[-1]


def typed(entry, text: str) -> None:
    entry.set_mode("aggregate")
    entry.aggregate_edit.setText(text)


@pytest.mark.parametrize("lang", ["fr", "en"], indirect=True)
def test_six_07_a_drag_away_opens_the_window_and_the_strike_is_one_undo_with_it(
    window, qtbot, lang
):
    ctl = window.controller
    ctl.move("eclaireur", Destination(zone="salle", cell=(7, 3)))  # beside the guard
    window.view.resetTransform()
    window.view.centerOn(240, 120)
    entries = ctl.undo_stack.count()
    drag(window.view, QPointF(300, 140), QPointF(180, 140))  # cell (4, 3): leaves its side
    assert ctl.enc.combatant("eclaireur").position.cell == (4, 3)
    pending = window.turns.pending
    assert pending.isVisible()
    (reactions,) = pending.offers.reaction_lists
    assert reactions.itemText(0) == {"fr": "Frapper (Garde)", "en": "Strike (Garde)"}[lang]
    shot(window, f"sixth_window_in_dock_{lang}")
    qtbot.mouseClick(
        button(pending, {"fr": "Réagir", "en": "React"}[lang]), Qt.MouseButton.LeftButton
    )
    dialog = last_dialog(window)
    assert (dialog.choice.actor_id(), dialog.choice.spec().kind) == ("garde", "frappe")
    typed(dialog.dice, "18")
    dialog.apply()
    assert dialog.resolution is not None and dialog.resolution.success, dialog.problem.text()
    assert ctl.enc.combatant("eclaireur").stats["pv"] == 7 and pending.isHidden()
    assert ctl.undo_stack.count() == entries + 1  # the move and the strike: one entry
    ctl.undo_stack.undo()
    assert ctl.enc.combatant("eclaireur").position.cell == (7, 3)
    assert ctl.enc.combatant("eclaireur").stats["pv"] == 10 and ctl.enc.windows == []


def test_six_07_let_it_pass_from_the_dock(window, qtbot):
    ctl = window.controller
    ctl.move("eclaireur", Destination(zone="salle", cell=(7, 3)))
    ctl.move("eclaireur", Destination(zone="salle", cell=(4, 3)))
    qtbot.mouseClick(button(window.turns.pending, "Laisser passer"), Qt.MouseButton.LeftButton)
    assert ctl.enc.windows == [] and window.turns.pending.isHidden()
    assert ctl.enc.log[-1].outcome.endswith("personne ne réagit")


@pytest.mark.parametrize("lang", ["fr", "en"], indirect=True)
def test_six_04_a_shot_at_a_concealed_target_asks_both_rolls(window, qtbot, lang):
    ctl = window.controller
    ctl.enc.combatant("garde").states.append(State(key="camoufle", label="Camouflé"))
    dialog = ActionDialog(ctl, "eclaireur", "garde", "tir")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    (concealment,) = dialog.more_dice.entries
    assert concealment.title() == {"fr": "Camouflage — 1d100", "en": "Concealment — 1d100"}[lang]
    typed(dialog.dice, "15")
    assert dialog.apply_button.isEnabled()  # the app would roll the second
    concealment.set_mode("aggregate")
    assert not dialog.apply_button.isEnabled()  # the second roll, to type, is missing
    typed(concealment, "50")
    assert dialog.apply_button.isEnabled()
    shot(dialog, f"sixth_two_rolls_{lang}")
    dialog.apply()
    assert dialog.resolution.success and ctl.enc.combatant("garde").stats["pv"] == 7
    assert not concealment.aggregate_edit.isEnabled() or concealment.aggregate_edit.isReadOnly()


def test_six_05_a_typed_total_carries_its_sixes(window, qtbot):
    ctl = window.controller
    dialog = ActionDialog(ctl, "garde", None, "souffle")
    qtbot.addWidget(dialog)
    typed(dialog.dice, "14 6x2")
    assert "6x2" in dialog.dice.aggregate_edit.placeholderText()
    dialog.apply()
    assert dialog.resolution.outcome_fr == "Garde reprend 2 PV"
    assert ctl.enc.combatant("garde").stats["pv"] == 12
    dialog = ActionDialog(ctl, "garde", None, "souffle")
    qtbot.addWidget(dialog)
    typed(dialog.dice, "14 6x3")  # no roll of 3d6 gives it: refused, nothing changes
    dialog.apply()
    assert dialog.resolution is None and "14 6x3" in dialog.problem.text()
    assert ctl.enc.combatant("garde").stats["pv"] == 12


def test_six_08_the_dying_ones_turn_shows_its_due_roll(window, qtbot):
    ctl = window.controller
    scout = ctl.enc.combatant("eclaireur")
    scout.stats["pv"] = 0
    scout.states.append(State(key="mourant", label="Mourant"))
    ctl.start_combat()  # the scout acts first
    due = window.turns.pending.due
    assert due.isVisible()
    qtbot.mouseClick(button(due, "Se stabiliser (Eclaireur)"), Qt.MouseButton.LeftButton)
    dialog = last_dialog(window)
    assert (dialog.choice.actor_id(), dialog.choice.spec().kind) == ("eclaireur", "stabiliser")
    typed(dialog.dice, "3")
    dialog.apply()
    assert due.isHidden()  # tried this turn
