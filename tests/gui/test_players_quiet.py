"""Issue 33: opening the players' view on a second screen printed Qt's warning
« requestActivate() … WindowDoesNotAcceptFocus » (showFullScreen activates the window it
shows). Shown without activating, it is silent (and still WindowDoesNotAcceptFocus). Run in a
child process on a two-screen offscreen platform (the GM's 1366×768, a TV at 1920×1080):
Qt's warnings go to its stderr."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[2]
SCREENS = [
    {"name": "laptop", "x": 0, "y": 0, "width": 1366, "height": 768},
    {"name": "tv", "x": 1366, "y": 0, "width": 1920, "height": 1080},
]
CHILD = """
import sys
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication
app = QApplication([])
app.setOrganizationName("EscarmoucheTest")
from gui.control.controller import Controller
from gui.engine.rulesets import registry
from gui.engine.files.storage import load
from gui.engine.play.table import Table
from gui.window.main_window import MainWindow
window = MainWindow(Controller(Table(load(registry.get("d20_35").demo_path)), None))
window.show()
window.activateWindow()
app.processEvents()
players = window.menus.players
players.set_open(True)
for screen in QGuiApplication.screens():  # « Écran » › each screen, then back to the TV
    players._to_screen(screen)
    app.processEvents()
players._to_screen(QGuiApplication.screens()[1])
app.processEvents()
view = players.players
print("STATE", view.isFullScreen(), view.screen().name(), flush=True)
window.close()
"""


def test_opening_the_players_view_prints_no_qt_warning(tmp_path):
    config = tmp_path / "screens.json"
    screens = [{**s, "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1} for s in SCREENS]
    config.write_text(json.dumps({"screens": screens}), encoding="utf-8")
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": f"offscreen:configfile={config}",
        "ESCARMOUCHE_DATA_DIR": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
    }
    done = subprocess.run(
        [sys.executable, "-c", CHILD],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "STATE True tv" in done.stdout  # full screen on the TV
    assert "requestActivate" not in done.stderr, done.stderr
    assert "WindowDoesNotAcceptFocus" not in done.stderr
