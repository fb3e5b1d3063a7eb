"""Issue 18's « Done when » in pytest-qt: a room walled on a grid, a Large ogre and Medium
heroes on squares; the ogre's token covers its 2 × 2 space and a drag moves it by its space
(one undo entry); a move through a wall asks the GM (G-3); an action aiming at it draws the
lines of effect and the cover they give, and the grid's mode is the GM's choice."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest

from gui.boot.app import open_encounter
from gui.dialogs.action import open_action_dialog
from gui.dialogs.map_settings import GridDialog
from gui.engine.edits import roster as roster_edits
from gui.engine.grid.lines import Cover
from gui.engine.space.destination import Destination
from gui.engine.state.model import Grid
from tests.gui.test_dialogs_placed import _on_screen

ROOM = [((1, 1), (15, 1)), ((15, 1), (15, 9)), ((1, 9), (15, 9)), ((1, 1), (1, 9))]


def _room(laptop_window):
    window = laptop_window(open_encounter(None, "libre"))
    ctl = window.controller
    ctl.set_grid(Grid(cell_px=40, snap=True))
    for a, b in ROOM:
        ctl.add_wall(a, b)
    ogre = roster_edits.blank(ctl.ruleset, ctl.enc, "Ogre", "brigands", None, {"taille": "large"})
    (oid,) = ctl.add_combatants(ogre, 1, None, on_grid=True)
    ctl.move(oid, Destination(cell=(10, 4)), True)
    for cid, cell in (("ysolde", (6, 3)), ("bertrand", (4, 6)), ("maelis", (12, 7))):
        ctl.move(cid, Destination(cell=cell), True)
    return window, ctl, oid


def test_a_large_token_covers_its_space_and_a_drag_moves_it_by_it(laptop_window, qtbot):
    window, ctl, oid = _room(laptop_window)
    token = window.scene.token_items[oid]
    assert token.pos() == QPointF(440, 200)  # the corner between (10, 4) and (11, 5)
    assert token.size == 64  # two squares of 40 at 0,8
    port, view = window.view.viewport(), window.view
    QTest.mousePress(port, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     view.mapFromScene(token.pos()))  # fmt: skip
    for x in (420, 400, 380, 360):  # the space's centre to (9, 5): top-left square (8, 4)
        QTest.mouseMove(port, view.mapFromScene(QPointF(x, 200)))
    preview = window.scene.path_item
    qtbot.waitUntil(lambda: preview.text == "2 cases (3 m)", timeout=2000)
    entries = ctl.undo_stack.count()
    QTest.mouseRelease(port, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                       view.mapFromScene(QPointF(360, 200)))  # fmt: skip
    assert ctl.enc.combatant(oid).position.cell == (8, 4)
    assert ctl.undo_stack.count() == entries + 1 and token.pos() == QPointF(360, 200)
    ctl.undo_stack.undo()
    assert ctl.enc.combatant(oid).position.cell == (10, 4) and token.pos() == QPointF(440, 200)


def test_a_move_out_through_the_walls_or_onto_someone_is_the_gm_s_call(laptop_window):
    _window, ctl, _ogre = _room(laptop_window)
    notices, _ = ctl.table.move("maelis", Destination(cell=(20, 7)), False)
    assert [n.rule for n in notices] == ["G-3"] and "mur" in notices[0].fr
    notices, _ = ctl.table.move("maelis", Destination(cell=(11, 5)), False)
    assert ["Ogre" in n.fr for n in notices] == [True]
    assert ctl.table.move("maelis", Destination(cell=(12, 3)), False)[0] == []


def test_an_action_aiming_draws_the_lines_of_effect_and_the_cover(laptop_window, qtbot):
    window, ctl, oid = _room(laptop_window)
    ctl.add_wall((7, 5), (7, 8), "cover")  # a low wall between Bertrand and the ogre
    aim = window.scene.aim_item
    dialog = open_action_dialog(ctl, "bertrand", oid, None, window)
    qtbot.waitUntil(aim.isVisible, timeout=2000)
    assert aim.text.startswith("Frère Bertrand → Ogre\nAbri : case")  # libre: no d20 id
    assert "mur (7, 5)–(7, 6)" in aim.text and aim.rings
    ctl.move("bertrand", Destination(cell=(8, 2)), True)  # round the wall: in the clear
    assert "Pas d'abri" in aim.text and not aim.rings
    dialog.choice.target_combo.setCurrentIndex(dialog.choice.target_combo.findData("ysolde"))
    assert aim.isVisible() and aim.text.startswith("Frère Bertrand → Ysolde la Rousse")
    dialog.reject()
    qtbot.waitUntil(lambda: not aim.isVisible(), timeout=2000)


def test_the_aim_reads_the_cover_the_engine_computes(laptop_window):
    from gui.engine.grid.placed import cover_between

    window, ctl, oid = _room(laptop_window)
    for cid, cell in (("bertrand", (4, 4)), ("ysolde", (7, 4)), ("maelis", (7, 5))):
        ctl.move(cid, Destination(cell=cell), True)  # two heroes screen the ogre: soft cover
    window.aim("test", "bertrand", oid)
    call = cover_between(ctl.enc, ctl.ruleset, ctl.enc.combatant("bertrand"),
                         ctl.enc.combatant(oid))  # fmt: skip
    assert call.cover == Cover.SOFT
    assert ctl.ruleset.cover_words(ctl.enc, call)[0] in window.scene.aim_item.text
    window.aim("test", None, None)
    assert not window.scene.aim_item.isVisible()


def test_the_grid_dialog_says_whether_tokens_stand_on_squares(qtbot):
    dialog = GridDialog(Grid(snap=False))
    qtbot.addWidget(dialog)
    assert dialog.grid().snap is False
    dialog.mode.setCurrentIndex(1)
    assert dialog.grid().snap is True
    assert GridDialog(Grid(snap=True)).mode.currentIndex() == 1


def test_the_action_dialog_opens_beside_the_map_when_it_draws_the_aim(laptop_window, qtbot):
    window, ctl, oid = _room(laptop_window)
    dialog = open_action_dialog(ctl, "bertrand", oid, None, window)
    qtbot.waitExposed(dialog)
    frame = dialog.frameGeometry()  # on the screen, off the two tokens (issue 33: placement)
    assert window.screen().availableGeometry().contains(frame)
    for cid in ("bertrand", oid):
        assert not frame.intersects(_on_screen(window, cid)), cid
    view = window.view
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    assert shown.intersects(window.scene.aim_item.sceneBoundingRect())
    dialog.reject()
