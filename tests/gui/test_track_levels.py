"""A track shown as a health grid (a ruleset's TrackView): one line per level with its name,
its wound penalty and a box drawn with the glyph of its mark (conteur's « grille de santé »)."""

import json
import shutil
from itertools import pairwise

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication, QFormLayout, QToolTip

from gui.boot.app import open_encounter
from gui.control.controller import Controller
from gui.engine.contract.base import Ruleset
from gui.engine.contract.values import TrackView
from gui.engine.core.words import Label
from gui.engine.rulesets import registry
from gui.engine.rulesets.libre.ruleset import Libre
from gui.engine.state.schema import TrackSpec
from gui.sheets.sheet import SheetWidget
from gui.sheets.track import TrackWidget
from tests.gui.shots import shot

pytestmark = pytest.mark.gui
CONTEUR_DATA = registry.RULESET_DATA_DIR / "conteur" / "ruleset.json"
GLYPHS = {"B": "/", "L": "X", "A": "✱"}
NAMES = {"B": "contondant", "L": "létal", "A": "aggravé"}


def conteur_like_view(enc, c, key):
    """What conteur's `track_view` gives: the rows of the `niveaux_sante` table stat."""
    if key != "sante":
        return None
    levels = c.stats.get("niveaux_sante") or []
    rows = tuple(
        (
            str(row["niveau"]),
            "aucune action" if row["incapable"] else (f"−{-row['malus']}" if row["malus"] else ""),
        )
        for row in levels
    )
    glyphs = {"B": "/", "L": "/", "A": "x"} if enc.flags.get("CFG-CON-10") == "texte" else GLYPHS
    return TrackView(rows=rows, glyphs=glyphs, names=NAMES)


@pytest.fixture
def ctl(tmp_path, monkeypatch):
    """The libre demo under a copy of libre that has conteur's health track and levels table;
    Ysolde has the default seven levels, the ruleset's `track_view` is conteur's."""
    table = open_encounter(None, "libre")
    folder = tmp_path / "libre_sante"
    shutil.copytree(table.ruleset.folder, folder)
    conteur = json.loads(CONTEUR_DATA.read_text(encoding="utf-8"))
    levels = next(f for f in conteur["fields"] if f["key"] == "niveaux_sante")
    data = json.loads((folder / "ruleset.json").read_text(encoding="utf-8"))
    data["fields"].append({**levels, "group": ""})
    data["tracks"] = conteur["tracks"]
    data["flags"].extend(f for f in conteur["flags"] if f["id"] == "CFG-CON-10")
    (folder / "ruleset.json").write_text(json.dumps(data), encoding="utf-8")
    table.ruleset = Libre(folder)
    table.enc.combatant("ysolde").stats["niveaux_sante"] = levels["default"]
    monkeypatch.setattr(table.ruleset, "track_view", conteur_like_view)
    return Controller(table)


def make_sheet(qtbot, ctl, cid="ysolde"):
    sheet = SheetWidget(ctl)
    qtbot.addWidget(sheet)
    sheet.resize(400, 1000)
    sheet.show()
    ctl.select(cid)
    return sheet


def health(sheet) -> TrackWidget:
    return sheet.tracks_box.tracks["sante"]


def role(sheet):
    """Where the health track stands in the form: under its label or beside it."""
    box = sheet.tracks_box
    return box.form.getWidgetPosition(box.cells["sante"])[1]


def click(qtbot, track, index, button=Qt.MouseButton.LeftButton):
    qtbot.mouseClick(track, button, pos=track._box(index).center().toPoint())


def test_grid_shows_each_level_with_its_penalty(qtbot, ctl):
    sheet = make_sheet(qtbot, ctl)
    track = health(sheet)
    assert track.is_grid and track.box_count == 7
    assert role(sheet) == QFormLayout.ItemRole.SpanningRole  # under « Grille de santé »
    assert [track.level(i) for i in range(7)] == [
        ("Contusionné", ""),
        ("Blessé légèrement", "−1"),
        ("Blessé", "−1"),
        ("Blessé gravement", "−2"),
        ("Estropié", "−2"),
        ("Handicapé", "−5"),
        ("Invalide", "aucune action"),
    ]
    # One line per box, top to bottom, the boxes in one column.
    boxes = [track._box(i) for i in range(7)]
    assert len({b.left() for b in boxes}) == 1
    assert all(a.bottom() < b.top() for a, b in pairwise(boxes))
    assert track.height() >= track.heightForWidth(track.width()) >= boxes[-1].bottom()
    assert track.rect().contains(boxes[-1].toRect())  # nothing clipped


def test_glyphs_follow_marks_and_the_flag(qtbot, ctl):
    sheet = make_sheet(qtbot, ctl)
    track = health(sheet)
    ctl.set_track("ysolde", "sante", ["A", "L", "B"])
    assert [track.shown(i) for i in range(4)] == ["✱", "X", "/", ""]
    track.show_value(["A", "?"])
    assert [track.shown(i) for i in range(2)] == ["✱", "?"]  # an unknown mark: its code
    track.show_value(ctl.enc.combatant("ysolde").tracks["sante"].marks)
    assert track.box_tip(1) == "Case 2 : Blessé légèrement — létal"
    assert track.box_tip(6) == "Case 7 : Invalide — vide"
    ctl.set_flags({**ctl.enc.flags, "CFG-CON-10": "texte"})  # the text's marks (A-CON-10)
    assert [track.shown(i) for i in range(3)] == ["x", "/", "/"]
    ctl.undo_stack.undo()
    assert [track.shown(i) for i in range(3)] == ["✱", "X", "/"]


@pytest.mark.qt_log_ignore("This plugin does not support raise")  # the tooltip, offscreen
def test_hovering_a_box_tells_it_in_words_then_the_rule(qtbot, ctl):
    track = health(make_sheet(qtbot, ctl))
    ctl.set_track("ysolde", "sante", ["", "L"])
    at = track._box(1).center().toPoint()
    QApplication.sendEvent(track, QHelpEvent(QEvent.Type.ToolTip, at, track.mapToGlobal(at)))
    assert QToolTip.text() == "Case 2 : Blessé légèrement — létal\nCON-32"
    QToolTip.hideText()


def test_click_cycles_one_undo_entry_and_undo_restores(qtbot, ctl):
    sheet = make_sheet(qtbot, ctl)
    track = health(sheet)
    sent = []
    track.committed.connect(sent.append)
    click(qtbot, track, 2)
    assert sent == [["", "", "B", "", "", "", ""]]
    assert ctl.enc.combatant("ysolde").tracks["sante"].marks == sent[0]
    assert ctl.undo_stack.count() == 1 and track.shown(2) == "/"
    click(qtbot, track, 2)
    assert track.shown(2) == "X" and ctl.undo_stack.count() == 2
    ctl.undo_stack.undo()
    assert track.marks()[2] == "B" and track.shown(2) == "/"
    ctl.undo_stack.undo()
    assert track.marks() == [""] * 7
    click(qtbot, track, 0)
    click(qtbot, track, 0, Qt.MouseButton.RightButton)  # a right-click clears
    assert track.marks() == [""] * 7


def test_keyboard_moves_down_and_up_and_space_cycles(qtbot, ctl):
    sheet = make_sheet(qtbot, ctl)
    track = health(sheet)
    track.setFocus()
    for _ in range(3):
        qtbot.keyClick(track, Qt.Key.Key_Down)
    qtbot.keyClick(track, Qt.Key.Key_Up)
    assert track.current == 2
    qtbot.keyClick(track, Qt.Key.Key_Space)
    qtbot.keyClick(track, Qt.Key.Key_Space)
    assert ctl.enc.combatant("ysolde").tracks["sante"].marks[2] == "L"
    assert track.accessibleDescription() == "Case 3 : Blessé — létal"
    qtbot.keyClick(track, Qt.Key.Key_Right)
    qtbot.keyClick(track, Qt.Key.Key_Delete)
    assert track.current == 3 and ctl.undo_stack.count() == 2  # clearing an empty box: no edit
    for _ in range(9):
        qtbot.keyClick(track, Qt.Key.Key_Down)
    assert track.current == 6


def test_rows_follow_the_levels_table(qtbot, ctl):
    sheet = make_sheet(qtbot, ctl)
    track = health(sheet)
    levels = ctl.enc.combatant("ysolde").stats["niveaux_sante"]
    tall = track.height()
    ctl.edit_stat("ysolde", "niveaux_sante", [*levels[:5], levels[6]])
    assert track.box_count == 6 and track.level(5) == ("Invalide", "aucune action")
    qtbot.waitUntil(lambda: track.height() < tall)
    ctl.undo_stack.undo()
    assert track.box_count == 7 and track.level(5) == ("Handicapé", "−5")
    ctl.select("bertrand")  # no levels of his own: the track's plain row of boxes
    assert track.box_count == 15 and not track.is_grid
    assert role(sheet) == QFormLayout.ItemRole.FieldRole
    ctl.select("ysolde")
    assert track.is_grid and role(sheet) == QFormLayout.ItemRole.SpanningRole


def test_health_grid_looks_right(qtbot, ctl):
    sheet = make_sheet(qtbot, ctl)
    ctl.set_track("ysolde", "sante", ["A", "L", "L", "B", "", "", ""])
    track = health(sheet)
    sheet.activateWindow()
    track.setFocus()
    qtbot.waitUntil(track.hasFocus)
    qtbot.keyClick(track, Qt.Key.Key_Down)
    assert sheet.scroll.widget().minimumSizeHint().width() <= 400
    qtbot.waitUntil(lambda: track.height() >= track.heightForWidth(track.width()))
    shot(sheet.tracks_box, "health_grid")
    sheet.resize(260, 1000)  # narrow: the names elide
    qtbot.waitUntil(lambda: track.height() >= track.heightForWidth(track.width()))
    shot(sheet.tracks_box, "health_grid_narrow")


def test_glyphs_without_rows_keep_the_row_of_boxes(qtbot):
    spec = TrackSpec(key="sante", label=Label(fr="Santé", en="Health"), size=4, marks=("B", "L"))
    track = TrackWidget(spec)
    qtbot.addWidget(track)
    track.resize(200, track.heightForWidth(200))
    plain = [track._box(i) for i in range(4)]
    track.show_value(["B", "L"])
    assert [track.shown(i) for i in range(4)] == ["B", "L", "", ""]
    assert track.box_tip(0) == "Case 1 : B"
    track.set_view(TrackView(glyphs={"B": "/", "L": "X"}))
    assert not track.is_grid and [track._box(i) for i in range(4)] == plain
    assert track.heightForWidth(200) == track.heightForWidth(200) and track.shown(1) == "X"
    qtbot.keyClick(track, Qt.Key.Key_Down)  # no lines: Down does not move
    assert track.current == 0
    track.set_view(None)
    assert track.shown(1) == "L"


def test_conteur_demo_when_it_exists(qtbot, monkeypatch):
    """The real ruleset, once its demo is written: a sheet with a health grid."""
    ruleset = registry.get("conteur")
    if not ruleset.demo_path.is_file():
        pytest.skip("conteur has no demo yet")
    if type(ruleset).track_view is Ruleset.track_view:
        monkeypatch.setattr(ruleset, "track_view", conteur_like_view)
    ctl = Controller(open_encounter(None, "conteur"))
    cid = next(c.id for c in ctl.enc.combatants if c.stats.get("niveaux_sante"))
    sheet = make_sheet(qtbot, ctl, cid)
    track = health(sheet)
    assert track.is_grid and track.box_count == len(ctl.enc.combatant(cid).stats["niveaux_sante"])
    click(qtbot, track, 0)
    assert ctl.enc.combatant(cid).tracks["sante"].marks[0] == "B"
    shot(sheet.tracks_box, "health_grid_conteur")
