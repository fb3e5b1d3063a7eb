"""The action dialog and the ruleset contract's GM decisions: blocking notices and « Passer
outre » (FORCE, G-3), rolls the rules give no dice for (aggregate_only, G-6), counted faces
(face_values) and the action's own labels for its overridable values."""

import pytest
from msgspec.structs import replace
from PySide6.QtWidgets import QApplication

from gui.boot.app import open_encounter
from gui.control.controller import Controller
from gui.dialogs.dice_entry import DiceEntry
from gui.engine.checks.request import DiceRequest, DiceResult
from gui.engine.contract.values import FORCE, ActionSpec
from gui.engine.core.words import Label, Notice
from gui.engine.dice.rolling import DiceExpr
from tests.gui.fakes import make_dialog, type_faces
from tests.gui.shots import shot

pytestmark = pytest.mark.gui

OUT_OF_TURN = Notice("G-7", "Ce n’est pas le tour de Ysolde", "It is not Ysolde's turn", True)
WARNING = Notice("LIB-02", "Cible hors de portée", "Target out of range")


@pytest.fixture
def ctl():
    return Controller(open_encounter(None, "libre"))


class Rules:
    """Wraps the libre preview: adds the notices and dice changes a test asks for, and
    records every action previewed."""

    def __init__(self, ctl, monkeypatch, blocking_for=("brig1",), drop_when_forced=False):
        self.real = ctl.table.preview
        self.blocking_for = set(blocking_for)  # targets the rules forbid
        self.drop_when_forced = drop_when_forced
        self.aggregate_only = False
        self.actions = []
        monkeypatch.setattr(ctl.table, "preview", self)

    def __call__(self, action):
        self.actions.append(action)
        preview = self.real(action)
        notices = (WARNING,)
        forced = action.overrides.get(FORCE)
        if action.target in self.blocking_for and not (forced and self.drop_when_forced):
            notices = (OUT_OF_TURN, WARNING)
        if self.aggregate_only and preview.dice is not None:
            preview = replace(preview, dice=replace(preview.dice, aggregate_only=True))
        return replace(preview, notices=notices)


def test_a_blocking_notice_disables_appliquer_until_passer_outre_is_ticked(qtbot, ctl, monkeypatch):
    rules = Rules(ctl, monkeypatch)
    dialog = make_dialog(qtbot, ctl)
    type_faces(qtbot, dialog, "15")
    view = dialog.breakdown
    assert view.blocking_notices.isVisible()
    assert view.blocking_notices.text() == "✖ G-7 Ce n’est pas le tour de Ysolde"
    assert "bold" in view.blocking_notices.styleSheet()
    assert view.notices.text() == "⚠ LIB-02 Cible hors de portée"  # warnings stay apart
    box = dialog.force_check
    assert box.isVisible() and not box.isChecked()
    assert box.text() == "&Passer outre (décision du MJ, G-3)"
    assert dialog.dice.result() is not None and not dialog.apply_button.isEnabled()
    dialog.apply()  # refused before the GM decides: nothing happens
    assert dialog.resolution is None and ctl.enc.log == [] and ctl.undo_stack.count() == 0
    assert FORCE not in dialog.choice.action().overrides
    QApplication.processEvents()  # the layout settles before the grab
    shot(dialog, "action_dialog_blocking")
    box.setChecked(True)
    assert dialog.choice.action().overrides == {FORCE: True}
    assert rules.actions[-1].overrides == {FORCE: True}  # the preview knows it is forced
    assert dialog.apply_button.isEnabled()
    assert view.blocking_notices.isVisible()  # what is overridden still shows
    dialog.apply()
    assert ctl.enc.log[-1].overrides == {FORCE: "True"}  # the decision is logged
    assert not box.isEnabled()


def test_a_preview_without_blocking_notice_hides_the_box_and_drops_force(qtbot, ctl, monkeypatch):
    rules = Rules(ctl, monkeypatch)
    dialog = make_dialog(qtbot, ctl)
    type_faces(qtbot, dialog, "15")
    dialog.force_check.setChecked(True)
    assert dialog.choice.action().overrides[FORCE] is True
    dialog.choice.target_combo.setCurrentIndex(dialog.choice.target_combo.findData("brig2"))
    assert dialog.force_check.isHidden() and not dialog.force_check.isChecked()
    assert FORCE not in dialog.choice.action().overrides
    assert FORCE not in rules.actions[-1].overrides  # the preview shown is not forced
    assert dialog.breakdown.blocking_notices.isHidden()
    assert dialog.breakdown.notices.isVisible()  # a mere warning never blocks (G-3)
    assert dialog.apply_button.isEnabled()
    dialog.choice.target_combo.setCurrentIndex(dialog.choice.target_combo.findData("brig1"))
    assert dialog.force_check.isVisible() and not dialog.force_check.isChecked()
    assert not dialog.apply_button.isEnabled()  # a new decision is needed
    dialog.apply()
    assert ctl.enc.log == []


def test_unticking_passer_outre_drops_force_and_blocks_again(qtbot, ctl, monkeypatch):
    rules = Rules(ctl, monkeypatch)
    dialog = make_dialog(qtbot, ctl)
    type_faces(qtbot, dialog, "15")
    dialog.force_check.setChecked(True)
    dialog.force_check.setChecked(False)
    assert FORCE not in dialog.choice.action().overrides
    assert FORCE not in rules.actions[-1].overrides
    assert dialog.force_check.isVisible() and not dialog.apply_button.isEnabled()


def test_changing_the_actor_asks_for_a_new_decision(qtbot, ctl, monkeypatch):
    Rules(ctl, monkeypatch)
    dialog = make_dialog(qtbot, ctl)
    dialog.force_check.setChecked(True)
    combo = dialog.choice.actor_combo
    combo.setCurrentIndex(combo.findData("maelis"))
    assert dialog.force_check.isVisible() and not dialog.force_check.isChecked()
    assert FORCE not in dialog.choice.action().overrides


def test_a_ruleset_that_drops_the_notice_once_forced_keeps_the_box_ticked(qtbot, ctl, monkeypatch):
    Rules(ctl, monkeypatch, drop_when_forced=True)
    dialog = make_dialog(qtbot, ctl)
    type_faces(qtbot, dialog, "15")
    dialog.force_check.setChecked(True)
    assert dialog.force_check.isVisible() and dialog.force_check.isChecked()
    assert dialog.choice.action().overrides == {FORCE: True}
    assert dialog.breakdown.blocking_notices.text().startswith("✖ G-7")
    assert dialog.apply_button.isEnabled()


def test_an_aggregate_only_roll_is_typed_and_a_roll_with_dice_restores_the_modes(
    qtbot, ctl, monkeypatch
):
    rules = Rules(ctl, monkeypatch, blocking_for=())
    dialog = make_dialog(qtbot, ctl)
    dice = dialog.dice
    dice.set_mode("faces")  # the GM's choice, to come back afterwards
    rules.aggregate_only = True
    dialog.refresh()
    assert dice.mode() == "aggregate" and dice.available_modes() == ["aggregate"]
    for mode in ("rolled", "faces"):
        assert dice.mode_buttons[mode].isHidden() and not dice.mode_buttons[mode].isEnabled()
    assert dice.mode_buttons["aggregate"].isVisible()
    assert dice.free_note.isVisible() and "G-6" in dice.free_note.text()
    assert dice.aggregate_label.text() == "total des dés :"  # no dice model: no range
    dice.set_mode("rolled")  # not offered: the typed result stays, « faces » is remembered
    assert dice.mode() == "aggregate"
    type_faces(qtbot, dialog, "19", mode="aggregate")
    assert dice.result() == DiceResult("aggregate", (), 19)
    assert dice.total_label.text() == "Total : 19"
    assert dialog.apply_button.isEnabled()
    QApplication.processEvents()
    shot(dialog, "action_dialog_aggregate_only")
    rules.aggregate_only = False
    dialog.refresh()
    assert dice.available_modes() == ["rolled", "faces", "aggregate"]
    assert dice.mode() == "faces"  # the GM's choice comes back
    assert dice.mode_buttons["faces"].isVisible() and dice.free_note.isHidden()
    rules.aggregate_only = True
    dialog.refresh()
    type_faces(qtbot, dialog, "19", mode="aggregate")
    dialog.apply()
    assert dialog.resolution.dice == DiceResult("aggregate", (), 19)
    assert dialog.resolution.outcome_fr == "Touché : 19 contre Défense 12"


def test_the_chosen_mode_comes_back_after_an_aggregate_only_request(qtbot):
    entry = DiceEntry(lambda request: DiceResult("rolled", (4,)))
    qtbot.addWidget(entry)
    normal = DiceRequest(DiceExpr(1, 20, 5), Label(fr="total", en="total"), 6, 25)
    entry.set_request(normal)
    entry.set_mode("faces")
    entry.set_request(replace(normal, aggregate_only=True))
    assert entry.mode() == "aggregate"
    entry.set_request(normal)
    assert entry.mode() == "faces"
    assert not entry.mode_buttons["rolled"].isHidden()


def test_counted_faces_show_the_count_as_the_total(qtbot):
    entry = DiceEntry(lambda request: DiceResult("rolled", (6, 1, 5)))
    qtbot.addWidget(entry)
    entry.show()
    successes = Label(fr="réussites", en="successes")
    request = DiceRequest(DiceExpr(3, 6), successes, 0, 3, face_values=(0, 0, 0, 0, 1, 1))
    entry.set_request(request)
    assert entry.aggregate_label.text() == "réussites (0–3) :"
    entry.roll()
    assert entry.result().total(request) == 2
    assert entry.total_label.text() == "Réussites : 2"
    entry.set_mode("faces")
    qtbot.keyClicks(entry.faces_edit, "5 2 3")
    assert entry.total_label.text() == "Réussites : 1"
    QApplication.processEvents()  # the new dice show, those of the roll are hidden
    shown = entry.faces_view.findChildren(type(entry.total_label))
    dice = [d for d in shown if not d.isHidden()]
    assert [d.text() for d in dice] == ["5", "2", "3"]
    counted = [d.text() for d in dice if "#2e7d32" in d.styleSheet()]
    assert counted == ["5"]  # only the face that counts is green, not the 3 or the 2
    assert [d.toolTip() for d in dice if d.text() == "5"] == ["Face 5 : compte 1"]
    shot(entry, "dice_entry_counted")


def test_the_actions_own_override_labels_are_shown(qtbot, ctl, monkeypatch):
    real = ctl.ruleset.actions
    to_hit = Label(fr="Bonus de toucher", en="To-hit bonus")

    def labelled(enc, actor, target):
        return [
            replace(s, override_labels={"bonus": to_hit}) if s.kind == "attack" else s
            for s in real(enc, actor, target)
        ]

    monkeypatch.setattr(ctl.ruleset, "actions", labelled)
    dialog = make_dialog(qtbot, ctl)
    assert isinstance(dialog.choice.spec(), ActionSpec)
    form = dialog.choice.overrides_form
    labels = {k: form.labelForField(f).text() for k, f in dialog.choice.overrides.items()}
    assert labels == {"bonus": "Bonus de toucher", "target_number": "Nombre à atteindre"}
    assert dialog.choice.overrides["bonus"].spin.accessibleName() == "Bonus de toucher"


def test_force_is_the_dialogs_box_never_a_number_field(qtbot, ctl, monkeypatch):
    real = ctl.ruleset.actions

    def with_force(enc, actor, target):
        return [replace(s, overridable=(*s.overridable, FORCE)) for s in real(enc, actor, target)]

    monkeypatch.setattr(ctl.ruleset, "actions", with_force)
    dialog = make_dialog(qtbot, ctl)
    assert set(dialog.choice.overrides) == {"bonus", "target_number"}
    assert dialog.force_check.isHidden()  # no blocking notice: nothing to override


@pytest.mark.parametrize(
    ("expr", "faces", "dropped"), [("4d6kh3", "6 2 6 6", ["2"]), ("4d6kl3", "6 2 6 6", ["6"])]
)
def test_a_kept_roll_greys_the_die_it_drops(qtbot, expr, faces, dropped):
    """The newcomer saw two 6s lit under disadvantage though one was left out."""
    entry = DiceEntry(lambda request: DiceResult("rolled", (1, 1, 1, 1)))
    qtbot.addWidget(entry)
    request = DiceRequest(DiceExpr.parse(expr), Label(fr="total", en="total"), 3, 18)
    entry.set_request(request)
    entry.set_mode("faces")
    qtbot.keyClicks(entry.faces_edit, faces)
    QApplication.processEvents()
    shown = [d for d in entry.faces_view.findChildren(type(entry.total_label)) if not d.isHidden()]
    greyed = [d.text() for d in shown if "dotted" in d.styleSheet()]
    assert greyed == dropped
    assert [d.toolTip() for d in shown if "dotted" in d.styleSheet()] == [
        "Dé écarté : il ne compte pas"
    ]
