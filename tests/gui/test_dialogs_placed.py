"""Issue 33, item 1: no dialog leaves the screen, none covers the aimed squares. Every action of
each ruleset's demo, for the acting unit against a foe, opens from the main window on a
1366×768 laptop (a child process on a one-screen offscreen platform of that size), in French
and in English: each dialog's frame lies within the screen's available geometry and off the
actor's and the target's tokens as the map shows them; the other dialogs of the window lie
within the screen too; after each, the keyboard is the main window's again (item 6). And the
placement itself (placement.best_frame): a dialog goes to the side away from the tokens."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, QSize

from gui.dialogs.placement import GAP, best_frame
from gui.engine.rulesets import registry

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[2]
LAPTOP = {"name": "laptop", "x": 0, "y": 0, "width": 1366, "height": 768}


def _rect(r: QRect) -> list[int]:
    return [r.x(), r.y(), r.width(), r.height()]


def _on_screen(window, cid: str) -> QRect:
    """The token of `cid` where the GM sees it: its scene box through the map's view, in
    global coordinates, the part the view shows."""
    port = window.view.viewport()
    shown = QRect(port.mapToGlobal(QPoint(0, 0)), port.size())
    item = window.scene.token_items.get(cid)
    if item is None:
        return QRect()
    box = window.view.mapFromScene(item.sceneBoundingRect()).boundingRect()
    return QRect(port.mapToGlobal(box.topLeft()), box.size()).intersected(shown)


def report(qm: str) -> None:
    """The child: print one JSON line per dialog shown (ruleset, what, frame, screen, the
    aimed tokens, who has the keyboard after it closed)."""
    import tempfile

    from PySide6.QtCore import QCoreApplication, QSettings, QTranslator
    from PySide6.QtWidgets import QApplication

    QCoreApplication.setOrganizationName("EscarmouchePlacedTest")
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, tempfile.mkdtemp())
    app = QApplication([])
    from gui.boot import i18n

    if qm:
        translator = QTranslator()
        assert translator.load(qm)
        QCoreApplication.installTranslator(translator)
        i18n.set_language("en")
    from gui.boot.app import open_encounter
    from gui.control.controller import Controller
    from gui.dialogs.action import open_action_dialog
    from gui.dialogs.add_state import AddStateDialog
    from gui.dialogs.house_rules import HouseRulesDialog
    from gui.dialogs.new_encounter import NewEncounterDialog
    from gui.dialogs.preferences import PreferencesDialog
    from gui.sheets.add_dialog import AddCombatantDialog
    from gui.window.main_window import MainWindow
    from tests.gui.fakes import ScriptedPrompts
    from tests.gui.mutations import start

    def settle() -> None:
        for _ in range(3):
            app.processEvents()

    def keyboard(window) -> bool:
        settle()
        return app.activeWindow() is window and app.focusWidget() is window.view

    screen = app.primaryScreen().availableGeometry()
    for ruleset_id in registry.available():
        window = MainWindow(Controller(open_encounter(None, ruleset_id)), ScriptedPrompts())
        window.showMaximized()
        settle()
        ctl = window.controller
        start(ctl)
        settle()
        actor = ctl.default_actor()
        enc = ctl.enc
        foe = ctl.default_target(actor) or next(
            c.id for c in enc.combatants if c.side != enc.combatant(actor).side
        )
        shown = []
        for spec in ctl.ruleset.actions(enc, actor, foe):
            target = foe if spec.needs_target else None
            dialog = open_action_dialog(ctl, actor, target, spec.kind, window)
            settle()
            aimed = [_rect(_on_screen(window, cid)) for cid in (actor, target) if cid]
            least = dialog.minimumSizeHint().width() + dialog.frameGeometry().width()
            least -= dialog.width()  # its narrowest frame
            shown.append((spec.kind, dialog.frameGeometry(), aimed, least))
            dialog.reject()
            shown[-1] += (keyboard(window),)
        others = [
            NewEncounterDialog(window),
            PreferencesDialog(window),
            HouseRulesDialog(ctl, window),
            AddCombatantDialog(ctl, window),
            AddStateDialog(ctl, actor, parent=window),
        ]
        for dialog in others:
            dialog.show()
            settle()
            shown.append((type(dialog).__name__, dialog.frameGeometry(), [], 0))
            dialog.reject()
            shown[-1] += (keyboard(window),)
        port = window.view.viewport()
        map_shown = QRect(port.mapToGlobal(QPoint(0, 0)), port.size())
        for what, frame, aimed, least, back in shown:
            line = {"ruleset": ruleset_id, "what": what, "frame": _rect(frame)}
            line.update(screen=_rect(screen), aimed=aimed, keyboard=back, least=least)
            line.update(map=_rect(map_shown))
            print("PLACED " + json.dumps(line), flush=True)
        window.hide()
        window.deleteLater()
        settle()


CHILD = "import sys; from tests.gui.test_dialogs_placed import report; report(sys.argv[1])"


@pytest.fixture(scope="module", params=["fr", "en"])
def placed(request, tmp_path_factory, qm_file) -> list[dict]:
    """What the child saw, in the language of the parameter."""
    tmp_path = tmp_path_factory.mktemp(f"placed_{request.param}")
    config = tmp_path / "screens.json"
    screens = [{**LAPTOP, "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]
    config.write_text(json.dumps({"screens": screens, "windowFrameMargins": True}), "utf-8")
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": f"offscreen:configfile={config}",
        "ESCARMOUCHE_DATA_DIR": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "PYTHONPATH": str(ROOT),
    }
    qm = str(qm_file) if request.param == "en" else ""
    done = subprocess.run(
        [sys.executable, "-c", CHILD, qm],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    lines = [json.loads(x[7:]) for x in done.stdout.splitlines() if x.startswith("PLACED ")]
    return lines


def _no_room(line: dict) -> bool:
    """Whether the dialog, at its narrowest, leaves too little of the map beside it, at the
    screen's left or right, for the aimed tokens side by side (its own content's width: the
    options, the breakdown — then it covers the map whole and only the screen is asked)."""
    screen, shown = QRect(*line["screen"]), QRect(*line["map"])
    boxes = [QRect(*a) for a in line["aimed"]]
    span = max(b.right() for b in boxes) - min(b.left() for b in boxes) + 2 * GAP
    at_left = shown.right() - (screen.left() + line["least"])
    at_right = screen.right() + 1 - line["least"] - shown.left()
    return max(at_left, at_right) < span


def test_every_dialog_of_every_demo_lies_within_a_laptop_and_off_the_aimed_tokens(placed):
    assert {line["ruleset"] for line in placed} == set(registry.available())
    assert len([p for p in placed if p["aimed"]]) > 6 * 4  # each demo's actions, aimed
    outside, covering, too_wide = [], [], []
    for line in placed:
        frame, screen = QRect(*line["frame"]), QRect(*line["screen"])
        assert screen == QRect(0, 0, 1366, 768)
        if not screen.contains(frame):
            outside.append((line["ruleset"], line["what"], line["frame"]))
        hidden = [a for a in line["aimed"] if frame.intersects(QRect(*a))]
        if hidden and _no_room(line):
            too_wide.append((line["ruleset"], line["what"], line["least"]))
        elif hidden:
            covering.append((line["ruleset"], line["what"], line["frame"], hidden))
    # None is wider, at its narrowest, than the screen less the map's room for the aim (a
    # choice box no longer widens its dialog to its longest choice, long labels wrap).
    assert too_wide == [], too_wide
    assert outside == [], "\n".join(map(str, outside))
    assert covering == [], "\n".join(map(str, covering))


def test_after_every_dialog_the_keyboard_is_the_main_window_s(placed):
    """Item 6: the map has the focus in the active main window, so `A`, F9, `N` work."""
    assert [(p["ruleset"], p["what"]) for p in placed if p["keyboard"] is False] == []


SCREEN = QRect(0, 0, 1366, 768)


def test_a_dialog_goes_to_the_side_away_from_the_tokens():
    """Beside the map at the right unless the tokens are there: then at the left."""
    size, right = QSize(680, 700), QPoint(1366 - 680, 40)
    assert best_frame(size, SCREEN, right, hard=[QRect(300, 300, 40, 40)]).topLeft() == right
    moved = best_frame(size, SCREEN, right, hard=[QRect(900, 300, 40, 40)])
    assert moved.right() < 900 and SCREEN.contains(moved)
    both = [QRect(300, 300, 40, 40), QRect(1000, 300, 40, 40)]
    between = best_frame(QSize(500, 700), SCREEN, right, hard=both)
    assert not any(between.intersects(r) for r in both) and SCREEN.contains(between)


def test_lines_weigh_less_than_tokens_and_a_dialog_never_leaves_the_screen():
    """The lines of effect are covered as little as can be, the tokens not at all; a dialog
    asked past the screen's edge or larger than it comes back within it."""
    size, corner = QSize(600, 600), QPoint(2000, -50)
    tokens, lines = [QRect(100, 100, 40, 40)], [QRect(700, 0, 600, 768)]
    frame = best_frame(size, SCREEN, corner, hard=tokens, soft=lines)
    assert SCREEN.contains(frame) and not frame.intersects(tokens[0].adjusted(-8, -8, 8, 8))
    assert frame.intersected(lines[0]).width() < 600  # as little of the lines as it can
    huge = best_frame(QSize(3000, 900), SCREEN, corner)
    assert huge == SCREEN
