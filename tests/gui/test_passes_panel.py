"""The combat dock with alternating sides (reserve_menace Passes), driven as the GM would."""

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QPalette
from PySide6.QtTest import QTest

from gui.boot.app import open_encounter
from gui.control.controller import Controller
from gui.engine.files.storage import load
from gui.engine.play.table import Table
from gui.turns.columns import ACTIONS, MARK, NAME
from gui.turns.panel import TurnPanel
from tests.gui.fakes import ScriptedPrompts
from tests.gui.shots import shot

pytestmark = pytest.mark.gui

DEMO = Path(__file__).resolve().parents[2] / "ruleset_data" / "reserve_menace" / "demo.json"
MINORS = "mineurs.contrebandiers"


@pytest.fixture
def ctl(qtbot):
    return Controller(Table(load(DEMO)))


@pytest.fixture
def panel(ctl, qtbot):
    widget = TurnPanel(ctl, ScriptedPrompts())
    qtbot.addWidget(widget)
    widget.resize(420, 600)
    widget.show()
    return widget


@pytest.fixture
def fighting(panel):
    panel.ctl.start_combat(None, first_side="compagnie")
    return panel


def row(panel: TurnPanel, unit: str) -> int:
    return [e.unit for e in panel.ctl.enc.turn.order].index(unit)


def entry(panel: TurnPanel, unit: str):
    return panel.ctl.enc.turn.order[row(panel, unit)]


def cell(panel: TurnPanel, unit: str, column: int, role=Qt.ItemDataRole.DisplayRole):
    return panel.order_model.index(row(panel, unit), column).data(role)


def pick(panel: TurnPanel, unit: str) -> None:
    """Select a unit in the turn order, as a click on its row would."""
    panel.order_view.selectRow(row(panel, unit))


def spend(panel: TurnPanel, unit: str) -> None:
    """An action of the unit, as the ruleset's resolution would count it."""
    panel.ctl.turn_step("spend", "Action", unit=unit)


def grey() -> object:
    return QGuiApplication.palette().color(QPalette.ColorRole.PlaceholderText)


def test_layout_shows_the_alternating_buttons_only(panel):
    shown = [a.text() for a in panel.buttons]
    assert "Retarder" not in shown and "Agir maintenant" not in shown
    sides = panel.mode_actions
    for action in (sides.act, sides.pass_, sides.give, sides.grant):
        assert not panel.buttons[action].isHidden() and action.isVisible()
        assert not action.isEnabled()  # not in combat yet
    assert panel.round_label.text() == "Combat non commencé"


def test_ranked_policy_keeps_todays_layout(qtbot):
    widget = TurnPanel(Controller(open_encounter(None, "libre")), ScriptedPrompts())
    qtbot.addWidget(widget)
    ranked = widget.mode_actions
    assert not widget.buttons[ranked.delay].isHidden()
    assert not widget.buttons[ranked.act_now].isHidden()
    shown = [a.text() for a in widget.buttons]
    assert "Faire agir" not in shown and "Action de plus" not in shown


def test_passe_one_labels_and_rows(fighting, qtmodeltester):
    panel = fighting
    assert panel.round_label.text() == "Passe 1"
    assert panel.whose_label.text() == "Initiative : La Compagnie"
    assert not panel.holder_swatch.isHidden()
    assert "#2f6db5" in panel.holder_swatch.styleSheet()
    details = panel.detail_label.text()
    assert "Peuvent encore agir : Valeria Dorn, Brann Piochefer, Ilse des Collines" in details
    assert cell(panel, "brann", ACTIONS) == "2/2"
    assert cell(panel, MINORS, NAME) == "Figurants mineurs ×6"
    assert cell(panel, "brann", NAME, Qt.ItemDataRole.FontRole).bold()  # holds the initiative
    assert cell(panel, "maitre", NAME, Qt.ItemDataRole.FontRole) is None
    assert cell(panel, "maitre", NAME, Qt.ItemDataRole.ForegroundRole) is None
    assert "Actions restantes : 2 sur 2" in cell(panel, MINORS, NAME, Qt.ItemDataRole.ToolTipRole)
    assert panel.mode_actions.give.isEnabled() and not panel.mode_actions.act.isEnabled()
    qtmodeltester.check(panel.order_model)


def test_make_act_on_the_holding_side_selects_the_unit(fighting):
    panel, ctl = fighting, fighting.ctl
    pick(panel, "brann")
    assert panel.mode_actions.act.isEnabled()
    assert "Brann Piochefer agit" in panel.mode_actions.act.toolTip()
    panel.mode_actions.act.trigger()
    assert ctl.enc.turn.current == row(panel, "brann")
    assert cell(panel, "brann", MARK) == "▶"
    assert ctl.undo_stack.undoText() == "Faire agir : Brann Piochefer"
    assert "Agit : Brann Piochefer — 0 action sur 2 possibles" in panel.detail_label.text()
    assert not panel.mode_actions.act.isEnabled()  # it acts already
    assert panel.prompts.asked == []
    spend(panel, "brann")
    assert "Agit : Brann Piochefer — 1 action sur 2 possibles" in panel.detail_label.text()
    assert cell(panel, "brann", ACTIONS) == "1/2"
    ctl.undo_stack.undo()
    ctl.undo_stack.undo()
    assert ctl.enc.turn.current == -1 and cell(panel, "brann", MARK) == ""


def test_make_act_on_the_other_side_asks_the_gm(fighting):
    panel, ctl = fighting, fighting.ctl
    panel.prompts.answers["confirm"] = [False, True]
    pick(panel, "maitre")
    panel.mode_actions.act.trigger()
    assert ctl.enc.turn.current == -1 and ctl.undo_stack.count() == 1  # only the start
    kind, text = panel.prompts.asked[0]
    assert kind == "confirm" and text.startswith("Ce camp n’a pas l’initiative")
    panel.mode_actions.act.trigger()
    assert ctl.enc.turn.current == row(panel, "maitre")
    assert ctl.undo_stack.undoText() == "Faire agir : Maître contrebandier (imposé par le MJ)"
    ctl.undo_stack.undo()
    assert ctl.enc.turn.current == -1


def test_double_click_on_a_row_is_make_act(fighting, qtbot):
    panel, view = fighting, fighting.order_view
    at = view.visualRect(panel.order_model.index(row(panel, "ilse"), NAME)).center()
    for click in (QTest.mouseClick, QTest.mouseDClick):  # press, release, press twice, release
        click(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)
    assert panel.ctl.enc.turn.current == row(panel, "ilse")
    assert panel.ctl.undo_stack.undoText() == "Faire agir : Ilse des Collines"


def test_pass_zeroes_the_actions_and_next_hands_the_initiative(fighting):
    panel, ctl = fighting, fighting.ctl
    pick(panel, "brann")
    panel.mode_actions.act.trigger()
    spend(panel, "brann")
    pick(panel, "valeria")  # the acting unit passes, not the selected one
    assert "Brann Piochefer renonce" in panel.mode_actions.pass_.toolTip()
    panel.mode_actions.pass_.trigger()
    assert entry(panel, "brann").actions_left == 0 and entry(panel, "valeria").actions_left == 2
    assert cell(panel, "brann", ACTIONS) == "0/2" and cell(panel, "brann", MARK) == "▶"
    assert ctl.undo_stack.undoText() == "Passer : Brann Piochefer"
    assert "Peuvent encore agir : Valeria Dorn, Ilse des Collines" in panel.detail_label.text()
    ctl.undo_stack.undo()
    assert entry(panel, "brann").actions_left == 1
    panel.mode_actions.pass_.trigger()
    panel.next_action.trigger()
    assert ctl.enc.turn.holder == "contrebandiers" and ctl.enc.turn.current == -1
    assert cell(panel, "brann", NAME, Qt.ItemDataRole.ForegroundRole) == grey()
    assert panel.whose_label.text() == "Initiative : Les contrebandiers"
    assert "#b53a2f" in panel.holder_swatch.styleSheet()
    assert "Maître contrebandier, Figurants mineurs ×6" in panel.detail_label.text()
    assert cell(panel, "maitre", NAME, Qt.ItemDataRole.FontRole).bold()
    assert cell(panel, "valeria", NAME, Qt.ItemDataRole.FontRole) is None
    assert panel.round_label.text() == "Passe 1"


def test_when_everybody_passed_a_new_passe_begins(fighting):
    panel, ctl = fighting, fighting.ctl
    while ctl.enc.turn.round == 1:
        holder = ctl.enc.turn.holder
        for unit in [e.unit for e in ctl.enc.turn.order if e.side == holder and e.actions_left]:
            pick(panel, unit)
            panel.mode_actions.pass_.trigger()
        assert "Plus personne de ce camp ne peut agir" in panel.detail_label.text()
        panel.next_action.trigger()
    assert panel.round_label.text() == "Passe 2"
    assert all(e.actions_left == 2 for e in ctl.enc.turn.order)
    assert cell(panel, "valeria", ACTIONS) == "2/2"
    assert ctl.enc.turn.holder == "compagnie"  # alternating on from the last holder
    ctl.undo_stack.undo()
    assert panel.round_label.text() == "Passe 1"


def test_give_the_initiative_is_a_gm_override(fighting):
    panel, ctl = fighting, fighting.ctl
    panel.prompts.answers["choice"] = [0, None]
    panel.mode_actions.give.trigger()
    assert ctl.enc.turn.holder == "contrebandiers"
    assert ctl.undo_stack.undoText() == "Donner l’initiative : Les contrebandiers"
    assert panel.whose_label.text() == "Initiative : Les contrebandiers"
    panel.mode_actions.give.trigger()  # cancelled
    assert ctl.enc.turn.holder == "contrebandiers" and ctl.undo_stack.count() == 2
    ctl.undo_stack.undo()
    assert ctl.enc.turn.holder == "compagnie"


def test_one_more_action_for_the_selected_unit(fighting):
    panel, ctl = fighting, fighting.ctl
    pick(panel, MINORS)
    assert panel.mode_actions.grant.isEnabled()
    panel.mode_actions.grant.trigger()
    assert entry(panel, MINORS).actions_left == 3 and cell(panel, MINORS, ACTIONS) == "3/2"
    label = "Action de plus : Figurants mineurs (Les contrebandiers) ×6"
    assert ctl.undo_stack.undoText() == label
    ctl.undo_stack.undo()
    assert entry(panel, MINORS).actions_left == 2


def test_panel_in_passe_one_looks_right(fighting, qtbot, qtmodeltester):
    panel = fighting
    pick(panel, "brann")
    panel.mode_actions.act.trigger()
    spend(panel, "brann")
    pick(panel, "valeria")
    pick(panel, "ilse")
    panel.mode_actions.pass_.trigger()  # Brann still acts: he gives up his last action
    qtbot.wait(1)  # the labels' new heights are laid out
    assert shot(panel, "passes_panel").stat().st_size > 0
    panel.resize(330, 600)  # the main window's dock width
    qtbot.wait(1)
    shot(panel, "passes_panel_narrow")
    panel.next_action.trigger()
    qtbot.wait(1)
    shot(panel, "passes_panel_contrebandiers")
    qtmodeltester.check(panel.order_model)
