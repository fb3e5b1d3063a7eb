"""Start-up painted first (issue 22): the main window's frame — title, menus, toolbar, docks
where the saved layout puts them, an empty map — is on screen before the engine is imported,
and the main window takes its place, at its place, once the encounter is in it."""

from __future__ import annotations

import subprocess
import sys

import pytest
from PySide6.QtWidgets import QApplication, QDockWidget

from gui.boot import startup

pytestmark = pytest.mark.gui


def test_the_first_window_has_the_main_window_s_frame(qtbot):
    shell = startup.first_window()
    qtbot.addWidget(shell)
    assert shell.isVisible()
    menus = [a.text() for a in shell.menuBar().actions()]
    assert menus == ["&Fichier", "&Édition", "&Combat", "&Affichage", "Aid&e"]
    docks = {d.objectName() for d in shell.findChildren(QDockWidget)}
    assert docks == {"combatDock", "sheetDock", "logDock"}  # as MainWindow names them


def test_the_main_window_takes_the_first_window_s_place(qtbot, monkeypatch, capfd):
    from gui.boot.app import run

    seen = {}

    def event_loop(*_args):  # what the GM sees once the loop runs
        (window,) = [
            w
            for w in QApplication.topLevelWidgets()
            if w.objectName() == "mainWindow" and w.isVisible()
        ]
        qtbot.addWidget(window)
        seen.update(
            visible=window.isVisible(), at=window.geometry(), ruleset=window.controller.enc.ruleset
        )
        return 0

    monkeypatch.setenv(startup.MARKS, "1")
    monkeypatch.setattr(QApplication, "exec", event_loop)
    shell = startup.first_window()
    shell.move(40, 30)
    where = shell.geometry()
    assert run(None, "libre", shell) == 0
    assert not shell.isVisible()
    assert seen == {"visible": True, "at": where, "ruleset": "libre"}
    said = capfd.readouterr().err.splitlines()  # Qt may warn there too
    assert [line for line in said if line in ("painted", "ready")] == ["painted", "ready"]


def test_nothing_of_the_engine_is_imported_before_the_first_paint():
    code = (
        "import sys; from gui.boot import startup; "
        "print(sorted(m for m in sys.modules if m.startswith(('gui.engine.', 'msgspec'))"
        " and m not in ('gui.engine.core', 'gui.engine.core.assets')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_start_that_cannot_open_says_why_and_closes_the_first_window(
    qtbot, monkeypatch, tmp_path
):
    from PySide6.QtWidgets import QMessageBox

    from gui.boot.app import run

    said = []
    monkeypatch.setattr(QMessageBox, "critical", lambda _parent, _title, text: said.append(text))
    bad = tmp_path / "abimee.escarmouche.json"
    bad.write_text("{")
    for file, demo in ((None, "inconnu"), (bad, None)):
        shell = startup.first_window()
        qtbot.addWidget(shell)
        assert run(file, demo, shell) == 1
        assert not shell.isVisible()
    unknown, broken = said
    assert "inconnu" in unknown and "libre" in unknown  # the name asked, and those known
    assert f"Impossible d’ouvrir {bad}" in broken and f"Cannot open {bad}" in broken
