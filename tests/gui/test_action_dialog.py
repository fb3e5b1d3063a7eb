"""The action dialog and menu on the libre demo: breakdown, odds, dice modes, apply, undo."""

from fractions import Fraction

import msgspec
import pytest
from msgspec.structs import replace
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget

from gui.boot.app import open_encounter
from gui.control.controller import Controller
from gui.dialogs.action import open_action_dialog
from gui.engine.checks.request import DiceResult
from gui.engine.contract.values import Action
from gui.engine.core.words import Notice
from gui.window.action_menu import action_menu
from tests.gui.fakes import make_dialog, type_faces
from tests.gui.shots import shot

pytestmark = pytest.mark.gui


@pytest.fixture
def ctl():
    return Controller(open_encounter(None, "libre"))


def test_attack_shows_lib02_terms_and_the_previews_exact_odds(qtbot, ctl):
    dialog = make_dialog(qtbot, ctl, "attack")
    expected = ctl.table.preview(Action("attack", "ysolde", "brig1"))
    assert expected.odds == Fraction(7, 10)  # 1d20+5 against Defence 12
    view = dialog.breakdown
    assert dialog.windowTitle() == "Action — Ysolde la Rousse → Brigand 1"
    assert "LIB-02 bonus d'attaque +5" in view.texts()
    assert [view.table.item(r, 0).text() for r in range(view.table.rowCount())] == [
        t.rule for t in expected.terms
    ]
    assert view.table.item(0, 0).toolTip().startswith("LIB-02 — Attaque")
    shown = f"{float(expected.odds) * 100:.1f}".replace(".", ",")
    assert view.odds_label.text() == f"Chances : {shown}\u202f%"
    assert str(expected.odds) in view.odds_label.toolTip()
    assert expected.odds_note in view.odds_label.toolTip()
    assert view.target_label.text() == f"Nombre à atteindre : {expected.target_number}"
    assert view.chart.isVisible() and view.chart.distribution == expected.distribution
    assert dialog.choice.overrides["bonus"].spin.value() == 5
    assert dialog.choice.overrides["target_number"].spin.value() == 12
    assert dialog.apply_button.isEnabled()  # nothing rolled yet: Appliquer rolls, then applies
    shot(dialog, "action_dialog")


def test_typed_faces_apply_once_and_undo_restores_the_log(qtbot, ctl):
    dialog = make_dialog(qtbot, ctl, "attack")
    log_before = len(ctl.enc.log)
    type_faces(qtbot, dialog, "15")
    assert dialog.dice.total_label.text() == "Total : 20"
    assert dialog.apply_button.isEnabled()
    qtbot.keyClick(dialog.dice.faces_edit, Qt.Key.Key_Return)  # Entrée applies
    assert len(ctl.enc.log) == log_before + 1
    assert ctl.undo_stack.count() == 1
    assert ctl.enc.log[-1].dice == [15]
    assert dialog.outcome.text() == "Touché : 20 contre Défense 12"
    assert dialog.apply_button.isHidden() and dialog.close_button.text() == "&Fermer"
    QApplication.processEvents()  # the layout settles before the grab
    shot(dialog, "action_dialog_applied")
    ctl.undo_stack.undo()
    assert len(ctl.enc.log) == log_before
    assert dialog.outcome.text() == "Touché : 20 contre Défense 12"  # the dialog keeps it


def test_damage_with_typed_faces_changes_hit_points_and_undo_restores(qtbot, ctl):
    dialog = make_dialog(qtbot, ctl, "damage")
    assert "LIB-03 dégâts 1d8+3" in dialog.breakdown.texts()
    assert not dialog.breakdown.odds_label.isVisible()
    assert dialog.breakdown.mean_label.text() == "Moyenne : 7,5"
    type_faces(qtbot, dialog, "4")
    dialog.apply()
    assert ctl.enc.combatant("brig1").stats["pv"] == 2
    assert dialog.resolution.outcome_fr == "Brigand 1 perd 7 PV (9 → 2)"
    ctl.undo_stack.undo()
    assert ctl.enc.combatant("brig1").stats["pv"] == 9


def test_typed_aggregate_out_of_range_is_refused_inline(qtbot, ctl):
    dialog = make_dialog(qtbot, ctl, "attack")
    type_faces(qtbot, dialog, "99", mode="aggregate")
    assert dialog.dice.aggregate_label.text() == "total des dés (6–25) :"
    assert dialog.dice.error.text() == "Valeur « 99 » hors de 6–25"
    assert not dialog.apply_button.isEnabled()
    dialog.apply()
    assert len(ctl.enc.log) == 0 and ctl.undo_stack.count() == 0
    assert dialog.resolution is None
    type_faces(qtbot, dialog, "25", mode="aggregate")
    assert dialog.dice.error.isHidden() and dialog.apply_button.isEnabled()


def test_lancer_rolls_with_the_seeded_generator_and_logs_the_faces(qtbot, ctl):
    dialog = make_dialog(qtbot, ctl, "attack")
    twin = open_encounter(None, "libre")  # same seed: the same first roll
    expected = twin.roll(twin.preview(Action("attack", "ysolde", "brig1")).dice).faces
    qtbot.mouseClick(dialog.dice.roll_button, Qt.MouseButton.LeftButton)
    faces = dialog.dice.result().faces
    assert faces == expected and len(faces) == 1 and 1 <= faces[0] <= 20
    assert dialog.dice.total_label.text() == f"Total : {faces[0] + 5}"
    assert dialog.dice.roll_button.text() == "Relan&cer"
    QApplication.processEvents()
    shot(dialog, "action_dialog_rolled")
    qtbot.keyClick(dialog.dice.roll_button, Qt.Key.Key_Return)  # Entrée applies, never rerolls
    assert ctl.enc.log[-1].dice == list(faces)
    assert ctl.undo_stack.count() == 1


def test_target_number_override_adds_a_g3_term_and_is_logged(qtbot, ctl):
    dialog = make_dialog(qtbot, ctl, "attack")
    field = dialog.choice.overrides["target_number"]
    field.check.setChecked(True)
    field.spin.setValue(18)
    assert any(text.startswith("G-3 Défense imposé par le MJ") for text in dialog.breakdown.texts())
    assert dialog.breakdown.odds_label.text() == "Chances : 40,0\u202f%"  # 13..20 on 1d20+5
    assert dialog.choice.action().overrides == {"target_number": 18}
    type_faces(qtbot, dialog, "12")
    dialog.apply()
    entry = ctl.enc.log[-1]
    assert entry.overrides == {"target_number": "18"}
    assert any(line.startswith("G-3") for line in entry.breakdown)
    assert dialog.resolution.outcome_fr == "Raté : 17 contre Défense 18"


def test_custom_state_without_a_name_is_refused_inline_and_changes_nothing(qtbot, ctl):
    dialog = make_dialog(qtbot, ctl, "add_state")
    assert dialog.dice.no_dice.isVisible() and dialog.apply_button.isEnabled()
    combo = dialog.choice.option_editors["etat"].widget
    combo.setCurrentIndex(combo.findData("autre"))
    combo.activated.emit(combo.currentIndex())
    dialog.apply()
    assert dialog.problem.isVisible() and dialog.problem.text() == "Donner un nom à l’état"
    assert ctl.enc.combatant("brig1").states == [] and ctl.enc.log == []
    assert ctl.undo_stack.count() == 0 and dialog.resolution is None
    assert dialog.apply_button.isVisible()


def test_bad_option_and_missing_target_show_inline_and_block_apply(qtbot, ctl):
    dialog = make_dialog(qtbot, ctl, "damage")
    edit = dialog.choice.option_editors["des"].widget
    qtbot.keyClicks(edit, "2x6")
    edit.editingFinished.emit()
    assert "Expression de dés invalide" in dialog.problem.text()
    assert not dialog.apply_button.isEnabled() and dialog.breakdown.texts() == []
    dialog.choice.target_combo.setCurrentIndex(0)  # « aucune »
    assert dialog.windowTitle() == "Action — Ysolde la Rousse"
    assert dialog.problem.text() == "Choisissez une cible."
    assert dialog.choice.spec().kind == "damage"


def test_preview_follows_other_edits_and_their_undo(qtbot, ctl):
    dialog = make_dialog(qtbot, ctl, "attack")
    ctl.edit_stat("brig1", "defense", 18)
    assert dialog.breakdown.target_label.text() == "Nombre à atteindre : 18"
    assert dialog.choice.overrides["target_number"].spin.value() == 18
    ctl.undo_stack.undo()
    assert dialog.breakdown.target_label.text() == "Nombre à atteindre : 12"
    assert dialog.choice.spec().kind == "attack"


def test_ruleset_warnings_are_shown_and_never_block(qtbot, ctl, monkeypatch):
    real = ctl.table.preview
    warning = Notice("LIB-02", "Cible hors de portée", "Target out of range")

    def with_warning(action):
        preview = real(action)
        return replace(preview, notices=(warning,))

    monkeypatch.setattr(ctl.table, "preview", with_warning)
    dialog = make_dialog(qtbot, ctl, "attack")
    assert dialog.breakdown.notices.text() == "⚠ LIB-02 Cible hors de portée"
    assert dialog.breakdown.notices.isVisible()
    type_faces(qtbot, dialog, "3")
    assert dialog.apply_button.isEnabled()


def test_action_menu_lists_the_four_libre_actions_and_opens_the_dialog(qtbot, ctl):
    parent = QWidget()
    qtbot.addWidget(parent)
    opened = []
    menu = action_menu(ctl, "ysolde", "brig1", parent, opener=lambda *args: opened.append(args))
    items = [a for a in menu.actions() if not a.isSeparator()]
    assert [a.text() for a in items] == [
        "Attaquer",
        "Infliger des dégâts",
        "Soigner",
        "Appliquer un état",
    ]
    items[1].trigger()
    assert opened == [(ctl, "ysolde", "brig1", "damage", parent)]
    dialog = open_action_dialog(ctl, "ysolde", "brig1", "heal", parent)
    assert dialog.isVisible() and dialog.choice.spec().kind == "heal"
    dialog.close()


@pytest.mark.parametrize("actor", [None, "brig1"])
def test_action_menu_without_an_actor_asks_for_the_selection(qtbot, ctl, actor):
    menu = action_menu(ctl, actor, "brig1", opener=pytest.fail)
    qtbot.addWidget(menu)
    [hint] = menu.actions()
    assert hint.text() == "Choisissez d'abord l'acteur (sélection)"
    assert not hint.isEnabled()


def counting(monkeypatch, ruleset, *names):
    """Count the calls of the ruleset's `names` (its preview, its resolve) from now on."""
    calls = dict.fromkeys(names, 0)
    for name in names:
        real = getattr(ruleset, name)

        def counted(*args, _real=real, _name=name):
            calls[_name] += 1
            return _real(*args)

        monkeypatch.setattr(ruleset, name, counted)
    return calls


def test_one_appliquer_resolves_once_and_reuses_the_preview_shown(qtbot, ctl, monkeypatch):
    """Issue 35, item 4: the preview shown serves Appliquer, and the trial of the dice is what
    the controller applies (before: one preview and two resolutions per Appliquer)."""
    dialog = make_dialog(qtbot, ctl, "attack")
    type_faces(qtbot, dialog, "15")
    calls = counting(monkeypatch, ctl.ruleset, "preview", "resolve")
    dialog.apply()
    assert dialog.resolution.outcome_fr == "Touché : 20 contre Défense 12"
    assert calls == {"preview": 0, "resolve": 1}
    assert ctl.undo_stack.count() == 1


def test_a_trial_changes_nothing_and_is_applied_while_the_encounter_stays(qtbot, ctl, monkeypatch):
    action = Action("attack", "ysolde", "brig1")
    dice = DiceResult.typed_faces("10", ctl.preview(action).dice)
    before = msgspec.to_builtins(ctl.enc)
    trial = ctl.trial(action, dice)
    assert msgspec.to_builtins(ctl.enc) == before and ctl.undo_stack.count() == 0
    assert trial.resolution.outcome_fr == "Touché : 15 contre Défense 12"
    calls = counting(monkeypatch, ctl.ruleset, "resolve")
    assert ctl.resolve(action, dice, trial) is trial.resolution
    assert calls == {"resolve": 0}
    ctl.undo_stack.undo()
    ctl.edit_stat("brig1", "defense", 18)  # the encounter changed since the trial
    assert ctl.resolve(action, dice, trial).outcome_fr == "Raté : 15 contre Défense 18"
    assert calls == {"resolve": 1}
