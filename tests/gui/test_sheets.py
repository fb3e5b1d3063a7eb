"""The sheet dock, its table and track editors, and the add-combatant dialog, on the libre demo."""

import json
import shutil

import msgspec
import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QFocusEvent, QTextCursor
from PySide6.QtWidgets import QApplication, QDialog, QLabel, QToolButton

from gui.boot.app import open_encounter
from gui.control.controller import Controller, Refused
from gui.engine.core.words import Label
from gui.engine.rulesets.libre.ruleset import Libre
from gui.engine.state.model import Expiry, State
from gui.engine.state.schema import TrackSpec
from gui.sheets.add_dialog import AddCombatantDialog
from gui.sheets.sheet import SheetWidget
from gui.sheets.table_field import TableField
from gui.sheets.track import TrackWidget
from tests.gui.shots import shot

pytestmark = pytest.mark.gui
HEALTH = TrackSpec(key="sante", label=Label(fr="Santé", en="Health"), size=4, marks=("/", "X"))


@pytest.fixture
def ctl():
    return Controller(open_encounter(None, "libre"))


def make_sheet(qtbot, ctl, cid="ysolde"):
    sheet = SheetWidget(ctl)
    qtbot.addWidget(sheet)
    sheet.resize(400, 1000)
    sheet.show()
    ctl.select(cid)
    return sheet


@pytest.fixture
def sheet(qtbot, ctl):
    return make_sheet(qtbot, ctl)


def stats(ctl, cid="ysolde"):
    return ctl.enc.combatant(cid).stats


def test_hint_until_a_combatant_is_selected(qtbot, ctl):
    sheet = SheetWidget(ctl)
    qtbot.addWidget(sheet)
    assert sheet.stack.currentWidget() is sheet.hint
    assert sheet.hint.text() == "Sélectionnez un combattant"
    ctl.select("ysolde")
    assert sheet.stack.currentWidget() is sheet.scroll
    assert sheet.name_edit.text() == "Ysolde la Rousse"
    assert sheet.side_combo.currentData() == "compagnie"
    assert not sheet.header.isRowVisible(sheet.tier_label)  # libre has no tiers


def test_pv_edit_is_one_undo_entry_and_undo_shows_the_old_value(sheet, ctl):
    pv = sheet.editors["pv"]
    pv.widget.setValue(20)
    assert stats(ctl)["pv"] == 20
    assert ctl.undo_stack.count() == 1
    assert any("20/24" in w.text() for w in derived_lines(sheet))
    ctl.undo_stack.undo()
    assert stats(ctl)["pv"] == 24
    assert pv.widget.value() == 24
    assert any("24/24" in w.text() for w in derived_lines(sheet))


def derived_lines(sheet):
    layout = sheet.derived
    return [layout.itemAt(i).widget() for i in range(layout.count())]


def test_out_of_range_and_bad_dice_are_refused_inline(sheet, ctl):
    before = msgspec.json.encode(ctl.enc)
    sheet.editors["pv_max"].committed.emit(0)
    error = sheet.errors["pv_max"]
    assert not error.isHidden()
    assert error.text() == "Points de vie max. : hors de 1–9999"
    assert sheet.editors["pv_max"].widget.value() == 24
    degats = sheet.editors["degats"]
    degats.widget.setText("3z")
    degats.widget.editingFinished.emit()
    assert sheet.errors["degats"].text().startswith("Dégâts : ")
    assert degats.widget.text() == "1d8+3"
    assert msgspec.json.encode(ctl.enc) == before
    assert ctl.undo_stack.count() == 0
    sheet.editors["pv_max"].widget.setValue(30)  # a good edit clears the message
    assert error.isHidden() and stats(ctl)["pv_max"] == 30


def test_weapon_from_the_catalog_then_cell_edits_then_delete(qtbot, sheet, ctl):
    table = sheet.editors["armes"]
    assert isinstance(table, TableField)
    table.pick.activated.emit(table.pick.findText("Épée longue"))
    sword = {"nom": "Épée longue", "attaque": 0, "degats": "1d8", "portee": "contact"}
    assert stats(ctl)["armes"] == [sword]
    assert ctl.undo_stack.count() == 1 and table.grid.rowCount() == 1
    table.grid.item(0, 1).setText("2")
    assert stats(ctl)["armes"] == [{**sword, "attaque": 2}]
    before = msgspec.json.encode(ctl.enc)
    table.grid.item(0, 1).setText("beaucoup")
    assert msgspec.json.encode(ctl.enc) == before
    assert "nombre entier attendu" in table.error.text() and not table.error.isHidden()
    assert table.grid.item(0, 1).text() == "2"
    table.pick.activated.emit(table.pick.findText("Ligne vide"))
    assert stats(ctl)["armes"][1] == {"nom": "", "attaque": 0, "degats": "1d6", "portee": "contact"}
    table.grid.selectRow(1)
    qtbot.keyClick(table.grid, Qt.Key.Key_Delete)
    assert stats(ctl)["armes"] == [{**sword, "attaque": 2}]
    assert ctl.undo_stack.count() == 4  # each table edit is its own undo entry
    ctl.undo_stack.undo()  # the blank row comes back
    assert len(stats(ctl)["armes"]) == 2 and table.grid.rowCount() == 2
    ctl.undo_stack.setIndex(0)
    assert "armes" not in stats(ctl) and table.grid.rowCount() == 0


def test_table_show_value_does_not_emit(qtbot):
    ruleset = open_encounter(None, "libre").ruleset
    spec = ruleset.data.field("armes")
    table = TableField(spec, ruleset.catalogs["armes"])
    qtbot.addWidget(table)
    with qtbot.assertNotEmitted(table.committed):
        table.show_value([{"nom": "Fronde", "attaque": 1, "degats": "1d4", "portee": "15 m"}])
    assert table.value() == [{"nom": "Fronde", "attaque": 1, "degats": "1d4", "portee": "15 m"}]
    with qtbot.waitSignal(table.committed) as blocker:
        table.grid.item(0, 0).setText("Fronde lourde")
    assert blocker.args[0][0]["nom"] == "Fronde lourde"


def test_track_boxes_cycle_marks_by_mouse_and_keyboard(qtbot):
    track = TrackWidget(HEALTH)
    qtbot.addWidget(track)
    track.resize(200, track.heightForWidth(200))
    sent = []
    track.committed.connect(sent.append)
    for _ in range(3):
        qtbot.mouseClick(track, Qt.MouseButton.LeftButton, pos=track._box(0).center().toPoint())
    assert sent == [["/", "", "", ""], ["X", "", "", ""], ["", "", "", ""]]
    qtbot.keyClick(track, Qt.Key.Key_Right)
    qtbot.keyClick(track, Qt.Key.Key_Space)
    qtbot.keyClick(track, Qt.Key.Key_Space)
    assert sent[-1] == ["", "X", "", ""] and track.current == 1
    qtbot.mouseClick(track, Qt.MouseButton.RightButton, pos=track._box(1).center().toPoint())
    assert sent[-1] == ["", "", "", ""]
    with qtbot.assertNotEmitted(track.committed):
        track.show_value(["X"])
    assert track.marks() == ["X", "", "", ""]


@pytest.fixture
def track_ctl(tmp_path):
    """The libre demo under a copy of the libre ruleset that has a track."""
    table = open_encounter(None, "libre")
    folder = tmp_path / "libre_pistes"
    shutil.copytree(table.ruleset.folder, folder)
    data = json.loads((folder / "ruleset.json").read_text())
    data["tracks"] = [msgspec.to_builtins(HEALTH)]
    (folder / "ruleset.json").write_text(json.dumps(data))
    table.ruleset = Libre(folder)
    return Controller(table)


def test_track_on_the_sheet_goes_to_the_model(qtbot, track_ctl):
    sheet = make_sheet(qtbot, track_ctl)
    track = sheet.tracks_box.tracks["sante"]
    assert not sheet.tracks_box.isHidden()
    qtbot.mouseClick(track, Qt.MouseButton.LeftButton, pos=track._box(2).center().toPoint())
    assert track_ctl.enc.combatant("ysolde").tracks["sante"].marks == ["", "", "/", ""]
    track.show_value(["?", "", "/", ""])  # as if the widget offered a mark the track refuses
    track.committed.emit(track.marks())
    assert not sheet.tracks_box.errors["sante"].isHidden()
    assert track.marks() == ["", "", "/", ""]
    track_ctl.undo_stack.undo()
    assert track.marks() == ["", "", "", ""]


def test_states_show_rounds_and_remove_one(qtbot, sheet, ctl):
    prone = State(key="a_terre", label="À terre", text="Se relever coûte un déplacement.")
    blind = State(
        key="aveugle", label="Aveuglé", text="Ne voit rien.", expiry=Expiry(at="rounds", rounds=2)
    )
    ctl.set_states("ysolde", [prone, blind])
    rows = sheet.states_box.rows
    assert len(rows) == 2 and sheet.states_box.empty.isHidden()
    assert rows[1].findChild(QLabel).text() == "Aveuglé (2 r.)"
    assert rows[1].findChild(QLabel).toolTip() == "Ne voit rien."
    qtbot.mouseClick(rows[0].findChild(QToolButton), Qt.MouseButton.LeftButton)
    assert ctl.enc.combatant("ysolde").states == [blind]
    assert len(sheet.states_box.rows) == 1
    ctl.undo_stack.undo()
    assert len(sheet.states_box.rows) == 2


def test_name_side_and_notes(qtbot, sheet, ctl):
    sheet.name_edit.selectAll()
    qtbot.keyClicks(sheet.name_edit, "Ysolde")
    qtbot.keyClick(sheet.name_edit, Qt.Key.Key_Return)
    assert ctl.enc.combatant("ysolde").name == "Ysolde"
    sheet.name_edit.selectAll()
    qtbot.keyClick(sheet.name_edit, Qt.Key.Key_Delete)
    qtbot.keyClick(sheet.name_edit, Qt.Key.Key_Return)
    assert ctl.enc.combatant("ysolde").name == "Ysolde"
    assert "un nom a de 1 à 200 caractères" in sheet.header_error.text()
    assert sheet.name_edit.text() == "Ysolde"
    sheet.side_combo.activated.emit(sheet.side_combo.findData("brigands"))
    assert ctl.enc.combatant("ysolde").side == "brigands"
    sheet.notes.moveCursor(QTextCursor.MoveOperation.End)
    qtbot.keyClicks(sheet.notes, " Touchee.")
    QApplication.sendEvent(sheet.notes, QFocusEvent(QEvent.Type.FocusOut))
    assert ctl.enc.combatant("ysolde").notes.endswith("Touchee.")
    qtbot.keyClicks(sheet.notes, " Fatigue.")
    ctl.select("bertrand")  # what is still typed goes to the one it was typed for
    assert ctl.enc.combatant("ysolde").notes.endswith("Fatigue.")
    assert sheet.notes.toPlainText() == ctl.enc.combatant("bertrand").notes


def test_sheet_of_ysolde_with_weapons_looks_right(qtbot, sheet, ctl):
    for key, names in (("armes", ("Épée longue", "Dague")), ("armures", ("Bouclier",))):
        table = sheet.editors[key]
        for name in names:
            table.pick.activated.emit(table.pick.findText(name))
    ctl.set_states(
        "ysolde", [State(key="a_terre", label="À terre", expiry=Expiry(at="rounds", rounds=1))]
    )
    assert [w["nom"] for w in stats(ctl)["armes"]] == ["Épée longue", "Dague"]
    sheet.resize(380, 1050)
    armes = sheet.editors["armes"].grid  # the table grows with its rows, nothing is cut
    whole = armes.horizontalHeader().height() + 2 * armes.rowHeight(0) + 2 * armes.frameWidth()
    qtbot.waitUntil(lambda: armes.height() >= whole)
    assert sheet.scroll.widget().minimumSizeHint().width() <= 380
    shot(sheet, "sheet")


def add_gobelins(qtbot, ctl, count):
    dialog = AddCombatantDialog(ctl)
    qtbot.addWidget(dialog)
    dialog.filter.setText("gob")
    assert dialog.entry().name == "Gobelin" and dialog.name.text() == "Gobelin"
    dialog.count.setValue(count)
    dialog.zone.setCurrentIndex(dialog.zone.findData("gue"))
    dialog.side.setCurrentIndex(dialog.side.findData("brigands"))
    return dialog, dialog.accept_input()


def test_add_three_gobelins_from_the_bestiary(qtbot, ctl):
    dialog, ids = add_gobelins(qtbot, ctl, 3)
    assert len(ids) == 3 and dialog.added == ids and ctl.undo_stack.count() == 1
    added = [ctl.enc.combatant(cid) for cid in ids]
    assert [c.name for c in added] == ["Gobelin 1", "Gobelin 2", "Gobelin 3"]
    for c in added:
        assert c.position.zone == "gue" and c.side == "brigands"
        assert c.stats["pv"] == 6 and c.stats["defense"] == 13
        assert c.stats["armes"][0]["nom"] == "Dague"
    dialog.show()
    shot(dialog, "add_dialog")


def test_add_dialog_keeps_refusals_inside(qtbot, ctl, monkeypatch):
    dialog = AddCombatantDialog(ctl, zone="chemin")
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.entry() is None and dialog.name.text() == ""
    assert dialog.zone.currentData() == "chemin"
    assert dialog.accept_input() is None and not dialog.error.isHidden()

    def refuse(*_args, **_kwargs):
        raise Refused("Pas ici", "Not here")

    monkeypatch.setattr(ctl, "add_combatants", refuse)
    dialog.name.setText("Sentinelle")
    dialog.buttons.accepted.emit()
    assert dialog.error.text() == "Pas ici" and dialog.isVisible()
    assert len(ctl.enc.combatants) == 7
    monkeypatch.undo()
    dialog.buttons.accepted.emit()
    assert not dialog.isVisible() and dialog.result() == QDialog.DialogCode.Accepted
    added = ctl.enc.combatant(dialog.added[0])
    assert added.name == "Sentinelle" and added.position.zone == "chemin"
    assert added.stats["pv"] == 10  # the ruleset's defaults


def test_sheet_follows_undo_of_an_add(qtbot, sheet, ctl):
    _dialog, ids = add_gobelins(qtbot, ctl, 1)
    ctl.select(ids[0])
    assert sheet.name_edit.text() == "Gobelin" and sheet.editors["pv"].widget.value() == 6
    ctl.undo_stack.undo()
    assert sheet.stack.currentWidget() is sheet.hint
    ctl.undo_stack.redo()
    assert sheet.stack.currentWidget() is sheet.scroll and sheet.name_edit.text() == "Gobelin"
    qtbot.keyClicks(sheet.notes, "Pas encore valide")  # still being typed when it goes
    ctl.undo_stack.undo()
    ctl.select("bertrand")
    assert sheet.notes.toPlainText() == ctl.enc.combatant("bertrand").notes
    QApplication.sendEvent(sheet.notes, QFocusEvent(QEvent.Type.FocusOut))
    assert "Pas encore" not in ctl.enc.combatant("bertrand").notes


def test_pasted_over_long_text_is_refused_with_a_message_never_cut(qtbot, sheet, ctl):
    """Issue 13: the sheet's name and dice fields used to cut a paste at their length."""
    before = msgspec.json.encode(ctl.enc)
    long_name = "Ysolde " * 40  # 280 characters
    sheet.name_edit.setText(long_name)
    sheet.name_edit.setModified(True)
    sheet.name_edit.editingFinished.emit()
    assert "200" in sheet.header_error.text() and not sheet.header_error.isHidden()
    assert sheet.name_edit.text() == ctl.enc.combatant("ysolde").name
    degats = sheet.editors["degats"]
    degats.widget.setText("1d6+" + "1" * 60)
    degats.widget.editingFinished.emit()
    assert sheet.errors["degats"].text() == "Dégâts : 40 caractères au plus"
    assert msgspec.json.encode(ctl.enc) == before and ctl.undo_stack.count() == 0


def test_typed_values_beyond_the_rules_are_explained_not_dropped(qtbot, sheet, ctl):
    """Issue 17, deliver 3: 99999 typed was dropped in silence, and 30/24 PV accepted."""
    before = msgspec.json.encode(ctl.enc)
    pv = sheet.editors["pv"]
    pv.widget.lineEdit().selectAll()
    qtbot.keyClicks(pv.widget, "99999")
    qtbot.keyClick(pv.widget, Qt.Key.Key_Return)
    assert sheet.errors["pv"].text() == "Points de vie : hors de -999–9999"
    assert pv.widget.value() == 24  # the model again
    pv.widget.setValue(30)  # above PV max. (LIB-04)
    assert "Points de vie : au plus Points de vie max. (24)" in sheet.errors["pv"].text()
    assert "$" not in sheet.errors["pv"].text()  # the GM's words, no JSON path
    assert pv.widget.value() == 24
    assert msgspec.json.encode(ctl.enc) == before and ctl.undo_stack.count() == 0
    pv.widget.setValue(20)
    assert sheet.errors["pv"].isHidden() and stats(ctl)["pv"] == 20


def test_a_bestiary_creature_joins_the_gm_s_side_unless_the_gm_picks_one(qtbot, ctl):
    """Issue 17, deliver 6: bestiary monsters used to default to the players' side."""
    ctl.select("ysolde")  # of the players' side
    dialog = AddCombatantDialog(ctl)
    qtbot.addWidget(dialog)
    assert dialog.side.currentData() == "compagnie"  # a blank sheet: the selection's side
    dialog.sources.setCurrentRow(1)  # a creature of the bestiary
    assert dialog.side.currentData() == "brigands"
    dialog.side.setCurrentIndex(dialog.side.findData("compagnie"))
    dialog.side.activated.emit(dialog.side.currentIndex())  # the GM's own pick…
    dialog.sources.setCurrentRow(2)
    assert dialog.side.currentData() == "compagnie"  # …stays
