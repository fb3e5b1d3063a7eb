"""The combat dock, the initiative dialog and the log dock, driven as the GM would."""

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QAbstractItemDelegate, QAbstractItemView

from gui.boot.app import open_encounter
from gui.control.controller import Controller
from gui.engine.checks.request import DiceResult
from gui.engine.contract.values import Action
from gui.engine.turns import AlternatingSides, DeclareThenAct
from gui.turns.columns import MARK, NAME
from gui.turns.initiative import InitiativeDialog
from gui.turns.panel import TurnPanel
from gui.window.log_panel import LogPanel
from tests.gui.demo_values import INITIATIVES
from tests.gui.shots import shot

pytestmark = pytest.mark.gui

ORDER = ["maelis", "chef", "ysolde", "brig1", "brig2", "archer", "bertrand"]


class AnsweringPrompts:
    """Answers the panel's questions without a modal box, and keeps its warnings."""

    def __init__(self, confirm: bool = True) -> None:
        self.answer = confirm
        self.warnings: list[str] = []

    def confirm(self, title: str, text: str, yes: str = "") -> bool:
        return self.answer

    def warn(self, title: str, text: str) -> None:
        self.warnings.append(text)


@pytest.fixture
def ctl(qtbot):
    return Controller(open_encounter(None, "libre"))


@pytest.fixture
def panel(ctl, qtbot):
    widget = TurnPanel(ctl, AnsweringPrompts())
    qtbot.addWidget(widget)
    widget.resize(420, 560)
    widget.show()
    return widget


def start(panel: TurnPanel, qtbot) -> None:
    panel.start_action.trigger()
    dialog = panel.initiative_dialog
    qtbot.addWidget(dialog)
    for cid, value in INITIATIVES.items():
        dialog.set_value(cid, value)
    dialog.accept()


def units(panel: TurnPanel) -> list[str]:
    return [e.unit for e in panel.ctl.enc.turn.order]


def test_start_with_typed_initiatives_orders_by_initiative(panel, qtbot):
    assert panel.round_label.text() == "Combat non commencé"
    assert panel.start_action.isEnabled() and not panel.next_action.isEnabled()
    assert not panel.end_action.isEnabled() and not panel.mode_actions.delay.isEnabled()
    start(panel, qtbot)
    assert units(panel) == ORDER
    assert panel.round_label.text() == "Round 1"
    assert panel.whose_label.text() == "Au tour de : Maëlis"
    assert panel.order_model.index(0, MARK).data() == "▶"
    assert not panel.start_action.isEnabled() and panel.next_action.isEnabled()
    assert not panel.previous_action.isEnabled()  # nothing to go back to yet
    assert panel.mode_actions.delay.isEnabled()
    assert panel.ctl.undo_stack.undoText() == "Commencer le combat"


def test_next_wraps_to_round_two_and_previous_goes_back(panel, qtbot):
    start(panel, qtbot)
    for _ in range(6):
        panel.next_action.trigger()
    assert panel.whose_label.text() == "Au tour de : Frère Bertrand"
    panel.next_action.trigger()
    assert panel.round_label.text() == "Round 2"
    assert panel.whose_label.text() == "Au tour de : Maëlis"
    log = panel.ctl.enc.log
    assert log[-1].outcome == "Début du round 2"
    panel.previous_action.trigger()
    assert panel.round_label.text() == "Round 1"
    assert panel.whose_label.text() == "Au tour de : Frère Bertrand"


def test_undo_of_start_restores_combat_not_started(panel, qtbot):
    start(panel, qtbot)
    panel.next_action.trigger()
    panel.ctl.undo_stack.undo()
    panel.ctl.undo_stack.undo()
    assert panel.round_label.text() == "Combat non commencé"
    assert panel.start_action.isEnabled() and not panel.next_action.isEnabled()
    assert panel.order_model.index(0, NAME).data() == "Ysolde la Rousse"  # the roster again


def test_delay_then_act_now_for_the_selected_unit(panel, qtbot):
    start(panel, qtbot)
    panel.mode_actions.delay.trigger()
    assert panel.order_model.index(0, MARK).data() == "‖"
    assert panel.whose_label.text() == "Au tour de : Garin le Borgne"
    assert not panel.mode_actions.act_now.isEnabled()  # nobody waiting is selected
    panel.next_action.trigger()  # Ysolde
    panel.ctl.select("maelis")
    assert panel.order_view.selectionModel().selectedRows()[0].row() == 0
    assert panel.mode_actions.act_now.isEnabled()
    panel.mode_actions.act_now.trigger()
    assert units(panel)[:3] == ["chef", "maelis", "ysolde"]
    assert panel.whose_label.text() == "Au tour de : Maëlis"
    assert panel.ctl.enc.turn.order[1].initiative == 15  # Ysolde's rank
    assert panel.ctl.undo_stack.undoText() == "Maëlis agit maintenant"


def test_end_of_combat_asks_first(panel, qtbot):
    start(panel, qtbot)
    panel.prompts.answer = False
    panel.end_action.trigger()
    assert panel.round_label.text() == "Round 1"
    panel.prompts.answer = True
    panel.end_action.trigger()
    assert panel.round_label.text() == "Combat non commencé"
    assert panel.ctl.undo_stack.undoText() == "Fin du combat"


def test_selection_follows_the_controller_both_ways(panel, qtbot):
    start(panel, qtbot)
    panel.ctl.select("archer")
    assert panel.order_view.selectionModel().selectedRows()[0].row() == 5
    roster = panel.roster_view.selectionModel().selectedRows()
    assert roster[0] == panel.roster_model.index_of("archer")
    panel.order_view.selectRow(2)
    assert panel.ctl.selected == "ysolde"
    panel.roster_view.setCurrentIndex(panel.roster_model.index_of("brig2"))
    assert panel.ctl.selected == "brig2"
    assert panel.order_view.selectionModel().selectedRows()[0].row() == 4
    # A reorder resets the table; the selection stays on the same combatant.
    assert panel.order_model.moveRows(QModelIndex(), 4, 1, QModelIndex(), 0)
    assert panel.order_view.selectionModel().selectedRows()[0].row() == 0
    assert panel.ctl.selected == "brig2"


def test_turn_order_rows_can_be_dragged_once_the_combat_started(panel, qtbot):
    view, model = panel.order_view, panel.order_model
    assert view.dragDropMode() == QAbstractItemView.DragDropMode.InternalMove
    assert view.selectionBehavior() == QAbstractItemView.SelectionBehavior.SelectRows
    assert not model.flags(model.index(0, NAME)) & Qt.ItemFlag.ItemIsDragEnabled
    start(panel, qtbot)
    assert model.flags(model.index(0, NAME)) & Qt.ItemFlag.ItemIsDragEnabled
    assert model.flags(QModelIndex()) & Qt.ItemFlag.ItemIsDropEnabled


def test_refusals_are_explained(panel, qtbot):
    index = panel.roster_model.index_of("brig1")
    assert not panel.roster_model.setData(index, "")
    assert panel.prompts.warnings and "1 à 200 caractères" in panel.prompts.warnings[0]
    assert panel.ctl.enc.combatant("brig1").name == "Brigand 1"


def test_panel_during_combat_looks_right(panel, qtbot):
    start(panel, qtbot)
    ctl = panel.ctl
    action = Action("damage", "maelis", "brig1")
    ctl.resolve(action, DiceResult.typed_faces("5", ctl.table.preview(action).dice))
    panel.next_action.trigger()
    panel.next_action.trigger()
    panel.mode_actions.delay.trigger()
    ctl.select("archer")
    assert panel.round_label.text() == "Round 1"
    assert shot(panel, "turn_panel").stat().st_size > 0
    ctl.enc.sides[1].resources = {"menace": 2}
    panel.tabs.setCurrentWidget(panel.roster_view)
    ctl.rename("brig2", "Brigand borgne")
    assert panel.roster_model.index(1, 1).data() == "Menace 2"
    shot(panel, "turn_panel_roster")


def test_initiative_dialog_rolls_checks_and_keeps_typed_values(ctl, qtbot):
    dialog = InitiativeDialog(ctl)
    qtbot.addWidget(dialog)
    dialog.show()
    assert set(dialog.spins) == set(INITIATIVES)
    dialog.set_value("ysolde", 17)
    value = dialog.roll("maelis")
    assert 5 <= value <= 24 and dialog.spins["maelis"].value() == value
    assert dialog.faces["maelis"].text() == f"dés : {value - 4}"
    missing = len(INITIATIVES) - 2
    assert dialog.start_button.text() == f"Lancer les {missing} initiatives manquantes et commencer"
    shot(dialog, "initiative_dialog")
    dialog.accept()  # issue 33: the main button rolls the others, then starts
    assert dialog.result() == 1 and dialog.problems() == [] and dialog.error.isHidden()
    assert set(dialog.initiatives()) == set(INITIATIVES)
    assert dialog.initiatives()["ysolde"] == 17 and dialog.initiatives()["maelis"] == value
    assert dialog.start_button.text() == "Commencer le combat"
    assert dialog.first_side() is None


def test_initiative_values_below_the_roll_are_not_accepted(ctl, qtbot):
    dialog = InitiativeDialog(ctl)
    qtbot.addWidget(dialog)
    dialog.set_value("bertrand", 0)  # 1d20 cannot give 0
    assert "bertrand" not in dialog.initiatives()
    assert dialog.spins["bertrand"].text() == "—"
    dialog.set_value("bertrand", 99)  # clamped to the roll's maximum
    assert dialog.initiatives()["bertrand"] == 20


def test_alternating_sides_ask_who_takes_the_first_initiative(ctl, qtbot, monkeypatch):
    monkeypatch.setattr(ctl.ruleset, "turn_mode", lambda enc: AlternatingSides())
    panel = TurnPanel(ctl, AnsweringPrompts())
    qtbot.addWidget(panel)
    panel.start_action.trigger()
    dialog = panel.initiative_dialog
    qtbot.addWidget(dialog)
    assert dialog.spins == {} and dialog.first_side() == "compagnie"
    dialog.set_first_side("brigands")
    shot(dialog, "initiative_sides")
    dialog.accept()
    assert ctl.enc.turn.holder == "brigands"
    assert panel.whose_label.text() == "Initiative : Les brigands"
    assert not panel.order_view.isColumnHidden(4) and panel.order_view.isColumnHidden(3)
    assert "Retarder" not in [a.text() for a in panel.buttons]


def test_log_panel_filters_by_combatant_and_follows_new_lines(ctl, qtbot):
    log = LogPanel(ctl)
    qtbot.addWidget(log)
    log.resize(500, 110)
    log.show()
    ctl.start_combat(INITIATIVES)
    for actor, target in (("maelis", "brig1"), ("chef", "ysolde"), ("archer", "maelis")):
        action = Action("damage", actor, target)
        ctl.resolve(action, DiceResult.typed_faces("2", ctl.table.preview(action).dice))
    for _ in range(7):
        ctl.next_turn()
    # Début du combat (issue 34), rounds 1 and 2, the initiatives, three hits
    assert log.proxy.rowCount() == 7
    bar = log.view.verticalScrollBar()
    assert bar.maximum() > 0 and bar.value() == bar.maximum()
    assert log.filter.itemText(0) == "Tous" and log.filter.count() == 8
    log.filter.setCurrentIndex(log.filter.findData("maelis"))
    lines = [log.proxy.index(r, 0).data() for r in range(log.proxy.rowCount())]
    assert len(lines) == 2 and all("Maëlis" in line or "Brigand 1" in line for line in lines)
    ctl.rename("maelis", "Maëlis l’archère")
    assert log.filter.currentData() == "maelis" and log.proxy.rowCount() == 2
    shot(log, "log_panel")
    log.show_combatant(None)
    assert log.proxy.rowCount() == 7


def test_declarations_start_without_rolls(ctl, qtbot, monkeypatch):
    monkeypatch.setattr(ctl.ruleset, "turn_mode", lambda enc: DeclareThenAct())
    panel = TurnPanel(ctl, AnsweringPrompts())
    qtbot.addWidget(panel)
    panel.start_action.trigger()
    assert panel.initiative_dialog is None  # no dialog, no roll: declarations come first
    assert (ctl.enc.turn.mode, ctl.enc.turn.phase, ctl.enc.turn.round) == ("declare", "declare", 1)


def test_renaming_in_the_roster_view_commits_through_the_controller(panel, qtbot):
    view, model = panel.roster_view, panel.roster_model
    panel.tabs.setCurrentWidget(view)
    index = model.index_of("brig1")
    view.edit(index)
    editor = view.indexWidget(index)
    editor.setText("Brigand au chapeau")
    view.commitData(editor)
    view.closeEditor(editor, QAbstractItemDelegate.EndEditHint.NoHint)
    assert panel.ctl.enc.combatant("brig1").name == "Brigand au chapeau"
    assert panel.ctl.undo_stack.undoText() == "Renommer Brigand 1"


def test_camps_open_when_their_tab_shows_and_a_folded_camp_stays_folded(panel, qtbot):
    """« Camps » is laid out once it shows (benchmark P9): every camp open, after a change
    made while it was hidden too; a camp the GM folded stays folded from tab to tab."""
    view, model = panel.roster_view, panel.roster_model
    camp = model.index_of("archer").parent()
    assert camp.isValid()
    assert not view.isExpanded(camp)  # the order shows: nothing laid out yet
    panel.tabs.setCurrentWidget(view)
    assert view.isExpanded(camp)
    view.collapse(camp)
    panel.tabs.setCurrentWidget(panel.order_view)
    panel.tabs.setCurrentWidget(view)
    assert not view.isExpanded(camp)
    panel.tabs.setCurrentWidget(panel.order_view)
    with qtbot.waitSignal(model.modelReset):  # a change while hidden lays the camps out anew
        panel.ctl.duplicate("archer", 1)
    camp = model.index_of("archer").parent()
    assert not view.isExpanded(camp)
    panel.tabs.setCurrentWidget(view)
    assert view.isExpanded(camp)


def test_each_kind_of_turn_mode_names_the_module_that_registers_its_gui():
    """A mode's GUI is imported at its first need, not at start-up (P1b): MODE_GUIS names, for
    each kind of the engine's turn modes, the module whose for_modes registers its GUI."""
    from importlib import import_module

    from gui.engine.turns import TurnMode
    from gui.turns import MODE_GUIS
    from gui.turns.mode_actions import _SETS

    def kinds(cls: type) -> set[str]:
        engine = cls.__module__.startswith("gui.engine.turns")
        own = {cls.kind} if engine and "kind" in vars(cls) else set()
        return own.union(*(kinds(sub) for sub in cls.__subclasses__()))

    assert set(MODE_GUIS) == kinds(TurnMode)
    for kind, module in MODE_GUIS.items():
        import_module(module)
        assert _SETS[kind].__module__ == module


def test_the_order_s_viewport_is_found_as_viewport_gives_it(ctl):
    from gui.turns.panel import viewport_of

    panel = TurnPanel(ctl, AnsweringPrompts())
    assert viewport_of(panel.order_view) is panel.order_view.viewport()
    assert viewport_of(panel.roster_view) is panel.roster_view.viewport()
