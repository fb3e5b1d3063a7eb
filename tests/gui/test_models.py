"""The roster, turn-order and log models: Qt's model tester, and what they show after edits."""

import pytest
from PySide6.QtCore import QMimeData, QModelIndex, Qt

from gui.boot.app import open_encounter
from gui.control.controller import Controller
from gui.engine.checks.request import DiceResult
from gui.engine.contract.values import Action
from gui.models import ID_ROLE
from gui.models.log import ACTOR_ROLE, LogFilterProxy, LogModel
from gui.models.roster import RosterModel
from gui.turns.columns import INIT, MARK, NAME, STATES
from gui.turns.order import MIME, TurnOrderModel
from tests.gui.demo_values import INITIATIVES

pytestmark = pytest.mark.gui


@pytest.fixture
def ctl(qtbot):
    return Controller(open_encounter(None, "libre"))


def names(model: TurnOrderModel) -> list[str]:
    return [model.index(row, NAME).data() for row in range(model.rowCount())]


def hit(ctl: Controller, actor: str, target: str, faces: str) -> None:
    action = Action("damage", actor, target)
    ctl.resolve(action, DiceResult.typed_faces(faces, ctl.table.preview(action).dice))


def test_models_pass_the_qt_model_tester_before_and_during_combat(ctl, qtmodeltester):
    models = [RosterModel(ctl), TurnOrderModel(ctl), LogModel(ctl)]
    proxy = LogFilterProxy()
    proxy.setSourceModel(models[2])
    for model in [*models, proxy]:
        qtmodeltester.check(model)
    ctl.start_combat(INITIATIVES)
    hit(ctl, "maelis", "brig1", "4")
    ctl.rename("brig2", "Brigand borgne")
    proxy.set_combatant("brig1")
    for _ in range(8):
        ctl.next_turn()
    ctl.undo_stack.undo()
    ctl.end_combat()
    # Début du combat, round 1, the initiatives, the hit, round 2, Fin du combat (issue 34)
    assert models[2].rowCount() == 6
    assert proxy.rowCount() == 1


def test_roster_is_sides_then_their_combatants(ctl, qtmodeltester):
    model = RosterModel(ctl)
    qtmodeltester.check(model)
    assert model.rowCount() == 2
    company, brigands = model.index(0, 0), model.index(1, 0)
    assert company.data() == "La Compagnie" and company.data(ID_ROLE) == "compagnie"
    assert company.data(Qt.ItemDataRole.DecorationRole).name() == "#2f6db5"
    assert model.rowCount(company) == 3 and model.rowCount(brigands) == 4
    archer = model.index_of("archer")
    assert archer.parent() == brigands and archer.data() == "Brigand archer"
    assert model.index_of("archer", 1).data() == "PV 8/8 · À couvert"
    assert "Derrière les arbres" in archer.data(Qt.ItemDataRole.ToolTipRole)
    assert not model.index_of("nobody").isValid()


def test_roster_side_resources_are_shown(ctl):
    ctl.enc.sides[1].resources = {"reserve": 3}
    model = RosterModel(ctl)
    assert model.index(1, 1).data() == "Reserve 3"
    assert model.index(0, 1).data() == ""


def test_rename_through_the_roster_model_is_one_undo_entry(ctl, qtbot):
    model = RosterModel(ctl)
    index = model.index_of("brig1")
    assert model.flags(index) & Qt.ItemFlag.ItemIsEditable
    assert not model.flags(model.index(0, 0)) & Qt.ItemFlag.ItemIsEditable
    with qtbot.waitSignal(model.dataChanged):
        assert model.setData(index, "Brigand au chapeau")
    assert ctl.enc.combatant("brig1").name == "Brigand au chapeau"
    assert index.data() == "Brigand au chapeau"  # same row: no reset, the index still holds
    assert ctl.undo_stack.count() == 1
    ctl.undo_stack.undo()
    assert index.data() == "Brigand 1"


def test_a_refused_name_changes_nothing_and_is_reported(ctl, qtbot):
    model = RosterModel(ctl)
    index = model.index_of("brig1")
    with qtbot.waitSignal(model.refused) as blocker:
        assert not model.setData(index, "   ")
    assert "1 à 200 caractères" in blocker.args[0].fr
    assert index.data() == "Brigand 1" and ctl.undo_stack.count() == 0
    assert not model.setData(model.index(0, 0), "Les héros")  # a side's name is not edited here


def test_turn_order_previews_the_roster_then_follows_initiative(ctl, qtmodeltester):
    model = TurnOrderModel(ctl)
    qtmodeltester.check(model)
    assert names(model)[0] == "Ysolde la Rousse" and model.index(0, MARK).data() == ""
    assert model.index(0, INIT).data() == ""
    assert not model.flags(model.index(0, 0)) & Qt.ItemFlag.ItemIsDragEnabled
    ctl.start_combat(INITIATIVES)
    assert names(model) == [
        "Maëlis",
        "Garin le Borgne",
        "Ysolde la Rousse",
        "Brigand 1",
        "Brigand 2",
        "Brigand archer",
        "Frère Bertrand",
    ]
    assert model.index(0, MARK).data() == "▶" and model.index(0, INIT).data() == "20"
    assert model.index(0, NAME).data(Qt.ItemDataRole.FontRole).bold()
    assert model.index(0, NAME).data(Qt.ItemDataRole.BackgroundRole) is not None
    assert model.index(1, NAME).data(Qt.ItemDataRole.FontRole) is None
    assert model.index(5, STATES).data() == "PV 8/8 · À couvert"
    assert model.row_of("archer") == 5 and model.row_of("nobody") == -1
    ctl.next_turn()
    assert model.index(1, MARK).data() == "▶" and model.index(0, MARK).data() == ""
    assert "A déjà agi ce round" in model.index(0, NAME).data(Qt.ItemDataRole.ToolTipRole)


def test_delayed_unit_is_marked(ctl):
    model = TurnOrderModel(ctl)
    ctl.start_combat(INITIATIVES)
    ctl.turn_step("delay", "Retarder", unit="maelis")
    assert model.index(0, MARK).data() == "‖"
    assert model.index(1, MARK).data() == "▶"


def test_drop_reorders_in_one_undo_entry(ctl, qtmodeltester):
    model = TurnOrderModel(ctl)
    qtmodeltester.check(model)
    ctl.start_combat(INITIATIVES)
    before = names(model)
    data = model.mimeData([model.index(6, NAME)])  # Frère Bertrand
    assert data.hasFormat(MIME) and MIME in model.mimeTypes()
    assert model.supportedDropActions() == Qt.DropAction.MoveAction
    assert model.dropMimeData(data, Qt.DropAction.MoveAction, 1, 0, QModelIndex())
    assert names(model)[:3] == ["Maëlis", "Frère Bertrand", "Garin le Borgne"]
    assert model.index(0, MARK).data() == "▶"  # whoever acted still acts
    assert ctl.undo_stack.count() == 2 and ctl.undo_stack.undoText() == "Réordonner"
    ctl.undo_stack.undo()
    assert names(model) == before


def test_move_rows_down_and_refusals(ctl):
    model = TurnOrderModel(ctl)
    assert not model.moveRows(QModelIndex(), 0, 1, QModelIndex(), 3)  # not in combat
    ctl.start_combat(INITIATIVES)
    assert model.moveRows(QModelIndex(), 0, 1, QModelIndex(), 3)  # Maëlis before Brigand 1
    assert names(model)[:3] == ["Garin le Borgne", "Ysolde la Rousse", "Maëlis"]
    assert not model.moveRows(QModelIndex(), 2, 1, QModelIndex(), 3)  # where it already is
    stranger = QMimeData()
    stranger.setData(MIME, b"nobody")
    assert not model.dropMimeData(stranger, Qt.DropAction.MoveAction, 0, 0, QModelIndex())
    assert ctl.undo_stack.count() == 2


def test_log_lines_and_filter(ctl, qtmodeltester):
    model = LogModel(ctl)
    proxy = LogFilterProxy()
    proxy.setSourceModel(model)
    qtmodeltester.check(proxy)
    ctl.start_combat(INITIATIVES)
    hit(ctl, "maelis", "brig1", "4")
    hit(ctl, "chef", "ysolde", "3")
    assert model.rowCount() == 5
    assert model.index(0).data() == "R1 · Début du combat"  # issue 34: a line opens a combat
    assert model.index(1).data() == "R1 · Round 1 — Début du round 1"
    assert model.index(2).data() == "R1 · Initiative — Ordre du tour établi"
    line = model.index(3)
    assert line.data() == "R1 · Dégâts à Brigand 1 — Brigand 1 perd 8 PV (9 → 1)"
    assert line.data(ACTOR_ROLE) == "maelis"
    tip = line.data(Qt.ItemDataRole.ToolTipRole)
    assert "LIB-03" in tip and "Dés : 4" in tip
    proxy.set_combatant("ysolde")
    assert proxy.rowCount() == 1 and "Ysolde" in proxy.index(0, 0).data()
    proxy.set_combatant("maelis")
    assert proxy.rowCount() == 1 and "Brigand 1" in proxy.index(0, 0).data()
    proxy.set_combatant(None)
    assert proxy.rowCount() == 5
    ctl.undo_stack.undo()
    assert model.rowCount() == proxy.rowCount() == 4


def test_round_line_appears_and_models_follow_another_encounter(ctl, qtbot):
    log, order = LogModel(ctl), TurnOrderModel(ctl)
    ctl.start_combat(INITIATIVES)
    for _ in range(7):
        ctl.next_turn()
    last = log.index(log.rowCount() - 1)
    assert last.data() == "R2 · Round 2 — Début du round 2"
    assert last.data(Qt.ItemDataRole.FontRole).bold()
    with qtbot.waitSignals([log.modelReset, order.modelReset]):
        ctl.replace(open_encounter(None, "libre"), None)
    assert log.rowCount() == 0 and order.index(0, MARK).data() == ""
