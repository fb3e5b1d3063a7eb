"""The window opened by `make run`: the libre demo's map, tokens, turn order and log."""

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QSettings
from PySide6.QtWidgets import QMessageBox

from gui.boot.app import offer_recovery, open_encounter
from gui.control.controller import Controller
from gui.engine.checks.request import DiceResult
from gui.engine.contract.values import Action
from gui.engine.files import storage
from gui.map.layout import link_segment, token_slots
from gui.map.scene import initials
from gui.window.main_window import MainWindow
from tests.gui.fakes import ScriptedPrompts
from tests.gui.shots import shot

pytestmark = pytest.mark.gui


def make_window(qtbot, table=None, path=None, **answers):
    win = MainWindow(
        Controller(table or open_encounter(None, "libre"), path), ScriptedPrompts(**answers)
    )
    # Teardown closes the window: answer its unsaved-changes question with "discard".
    qtbot.addWidget(win, before_close_func=lambda w: w.controller.undo_stack.setClean())
    win.show()
    qtbot.waitExposed(win)
    return win


@pytest.fixture
def window(qtbot):
    return make_window(qtbot)


def test_demo_window_shows_zones_tokens_roster_and_menus(window):
    enc = window.controller.enc
    assert window.windowTitle() == "Embuscade au gué[*] — Escarmouche"
    assert not window.isWindowModified()
    assert set(window.scene.token_items) == {c.id for c in enc.combatants}
    menus = [a.text() for a in window.menuBar().actions()]
    assert menus == ["&Fichier", "&Édition", "&Combat", "&Affichage", "Aid&e"]
    assert {"combatDock", "sheetDock", "logDock"} == {d.objectName() for d in window.docks.values()}
    assert "Combat non commencé" in window.mode_label.text()
    # Tokens sit inside their zone's rectangle.
    zones = {z.id: z.rect for z in enc.map.zones}
    for c in enc.combatants:
        item = window.scene.token_items[c.id]
        assert item.scene() is window.scene and item.isVisible()
        pos, r = item.pos(), zones[c.position.zone]
        assert r.x < pos.x() < r.x + r.width and r.y < pos.y() < r.y + r.height
    shot(window, "main_window")


def test_window_follows_the_model_after_a_turn_and_an_attack(window):
    ctl = window.controller
    ctl.start_combat({c.id: i for i, c in enumerate(ctl.enc.combatants)})
    action = Action("damage", "maelis", "brig1")
    preview = ctl.table.preview(action)
    ctl.resolve(action, DiceResult.typed_faces("6", preview.dice))
    assert window.isWindowModified()
    assert "Round 1" in window.mode_label.text()
    assert "PV 0/9" in window.scene.token_items["brig1"].badges or any(
        "PV" in b for b in window.scene.token_items["brig1"].badges
    )
    last = window.log.model.rowCount() - 1
    assert "Brigand 1 perd 9 PV" in window.log.model.index(last, 0).data()
    ctl.undo_stack.undo()
    ctl.undo_stack.undo()
    assert not window.isWindowModified()
    assert "Combat non commencé" in window.mode_label.text()
    shot(window, "main_window_in_combat")


def test_unsaved_changes_are_asked_about_on_close(qtbot, monkeypatch):
    win = make_window(qtbot)
    win.controller.rename("ysolde", "Ysolde")
    monkeypatch.setattr(win.files, "ask_unsaved", lambda: QMessageBox.StandardButton.Cancel)
    assert not win.close() and win.isVisible()
    monkeypatch.setattr(win.files, "ask_unsaved", lambda: QMessageBox.StandardButton.Discard)
    assert win.close()


def test_geometry_and_docks_are_restored(qtbot):
    win = make_window(qtbot)
    win.resize(760, 560)  # the offscreen screen is 800 × 600: restoreGeometry clamps
    win.docks["log"].hide()
    win.close()
    assert QSettings().value("window/geometry") is not None
    again = make_window(qtbot)
    assert again.docks["log"].isHidden()
    assert again.size().width() == 760


def test_autosave_goes_to_recovery_and_is_offered_back_after_a_crash(qtbot, data_dir):
    win = make_window(qtbot)
    win.controller.rename("ysolde", "Ysolde la Brave")
    recovery = data_dir / "recovery" / f"{win.controller.enc.id}.json"
    qtbot.waitUntil(recovery.is_file, timeout=1000)  # once the rename is painted (issue 16)
    assert storage.load(recovery).combatant("ysolde").name == "Ysolde la Brave"
    # The app dies here: no close. The next start offers the autosave back.
    fresh = make_window(qtbot, confirm=[True])
    offer_recovery(fresh)
    assert fresh.controller.enc.combatant("ysolde").name == "Ysolde la Brave"
    assert fresh.controller.modified  # not saved yet: closing will ask
    # The restored work stays on disk until saved, even if the app dies again at once.
    assert storage.load(recovery).combatant("ysolde").name == "Ysolde la Brave"


def test_declined_recovery_is_kept_aside_not_offered_again(qtbot, data_dir):
    win = make_window(qtbot)
    win.controller.rename("ysolde", "Ysolde la Brave")
    recovery = data_dir / "recovery" / f"{win.controller.enc.id}.json"
    qtbot.waitUntil(recovery.is_file, timeout=1000)
    fresh = make_window(qtbot, confirm=[False])
    offer_recovery(fresh)
    declined = list(recovery.parent.glob("*.declined"))
    assert not recovery.exists() and len(declined) == 1
    assert storage.load(declined[0]).combatant("ysolde").name == "Ysolde la Brave"
    assert fresh.files.recoverable() == []


def test_save_as_then_open_from_recent_files(qtbot, tmp_path, monkeypatch):
    win = make_window(qtbot)
    target = tmp_path / "gue.json"
    monkeypatch.setattr(win.files, "ask_save_path", lambda: target)
    win.controller.rename("ysolde", "Ysolde")
    assert win.files.save()
    assert win.windowTitle().startswith("Embuscade au gué (gue.json)")
    assert not win.isWindowModified()
    assert win.files.recent() == [target.resolve()]
    assert win.files.new("libre", demo=False)
    assert win.controller.enc.combatants == [] and win.controller.path is None
    assert win.files.open(win.files.recent()[0])
    assert win.controller.enc.combatant("ysolde").name == "Ysolde"


def test_a_malformed_file_is_explained_and_changes_nothing(qtbot, tmp_path, monkeypatch):
    win = make_window(qtbot)
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "escarmouche.encounter", "schema_version": 1}')
    errors = []
    monkeypatch.setattr(win.files, "show_error", lambda title, text: errors.append(text))
    before = win.controller.enc
    assert not win.files.open(bad)
    assert win.controller.enc is before
    assert errors and "$" in errors[0]


def test_token_layout_never_overlaps_and_stays_inside():
    from gui.engine.state.model import Rect

    rect = Rect(x=10, y=20, width=120, height=90)
    for count in (1, 3, 7, 20, 60):
        size, slots = token_slots(rect, count)
        assert len(slots) == count
        for i, (x, y) in enumerate(slots):
            assert rect.x <= x - size / 2 and x + size / 2 <= rect.x + rect.width
            assert rect.y <= y - size / 2 and y + size / 2 <= rect.y + rect.height
            for x2, y2 in slots[i + 1 :]:
                assert (x - x2) ** 2 + (y - y2) ** 2 >= size**2


def test_links_run_between_zone_borders_not_across_zones():
    from gui.engine.state.model import Rect

    a, b = Rect(x=0, y=0, width=100, height=100), Rect(x=200, y=0, width=100, height=100)
    assert link_segment(a, b) == ((100.0, 50.0), (200.0, 50.0))
    touching = Rect(x=100, y=0, width=100, height=100)
    assert link_segment(a, touching) == ((100.0, 50.0), (100.0, 50.0))


def test_initials():
    assert initials("Traqueur nain") == "TN"
    assert initials("Maëlis") == "MA"
    assert initials("Brigand 1") == "B1"


def test_make_run_target_opens_the_libre_demo():
    makefile = (Path(__file__).resolve().parents[2] / "Makefile").read_text()
    assert "-m gui --demo libre" in makefile


def test_application_icon_is_a_valid_svg(qtbot):
    from PySide6.QtGui import QIcon

    from gui.boot.app import ICON

    icon = QIcon(str(ICON))
    assert not icon.isNull() and not icon.pixmap(32, 32).isNull()


def test_every_shortcut_is_unique_so_none_is_ambiguous(window):
    from PySide6.QtGui import QAction

    seen: dict[str, str] = {}
    for action in window.findChildren(QAction):
        for key in action.shortcuts():
            text = key.toString()
            assert text not in seen, f"{text}: {seen.get(text)} and {action.text()}"
            seen[text] = action.text()
    assert {"Ctrl+Z", "Ctrl+Shift+Z", "N", "Ctrl+E", "Ctrl+P"} <= set(seen)


def test_space_tapped_on_the_map_is_next_and_space_held_pans(window, qtbot):
    from PySide6.QtCore import Qt

    ctl = window.controller
    ctl.start_combat({c.id: i for i, c in enumerate(ctl.enc.combatants)})
    first = ctl.enc.turn.current
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_Space)
    assert ctl.enc.turn.current == first + 1
    window.view.zoom_by(4)
    bar = window.view.horizontalScrollBar()
    start = bar.value()
    qtbot.keyPress(window.view, Qt.Key.Key_Space)
    port = window.view.viewport()
    qtbot.mousePress(port, Qt.MouseButton.LeftButton, pos=port.rect().center())
    qtbot.mouseMove(port, port.rect().center() + port.rect().topLeft() + QPoint(-120, 0))
    qtbot.mouseRelease(port, Qt.MouseButton.LeftButton)
    qtbot.keyRelease(window.view, Qt.Key.Key_Space)
    assert bar.value() != start  # the view moved
    assert ctl.enc.turn.current == first + 1  # and the held Space was not a Suivant


def test_menu_mnemonics_are_unique_in_french(window):
    import re

    for menu in [window.menuBar(), *(a.menu() for a in window.menuBar().actions())]:
        keys = [m.lower() for a in menu.actions() for m in re.findall(r"&([^&\s])", a.text())]
        assert len(keys) == len(set(keys)), f"{menu.title() or 'barre'} : {keys}"
