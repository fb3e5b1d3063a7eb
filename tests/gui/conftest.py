"""GUI test fixtures: QSettings kept in the test's own folder, never the user's; the English
interface on demand."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QSettings, QTranslator
from PySide6.QtWidgets import QMessageBox

from gui.boot import i18n

TS = Path(__file__).resolve().parents[2] / "resources" / "i18n" / "escarmouche_en.ts"


def _tool(name: str) -> str:
    """A Qt Linguist tool of PySide6, from the running venv first."""
    found = shutil.which(name, path=str(Path(sys.executable).parent)) or shutil.which(name)
    assert found, f"{name} not found: it comes with PySide6-Essentials"
    return found


@pytest.fixture(scope="session")
def qm_file(tmp_path_factory) -> Path:
    """The .qm built from the committed .ts (independent of `make`)."""
    qm = tmp_path_factory.mktemp("i18n") / "escarmouche_en.qm"
    subprocess.run([_tool("pyside6-lrelease"), TS, "-qm", qm], check=True, capture_output=True)
    return qm


@pytest.fixture
def english(qapp, qm_file):
    """The English translator installed and the language set to English; French afterwards."""
    translator = QTranslator()
    assert translator.load(str(qm_file))
    QCoreApplication.installTranslator(translator)
    i18n.set_language("en")
    yield translator
    QCoreApplication.removeTranslator(translator)
    i18n.set_language("fr")


@pytest.fixture
def laptop_window(qtbot, monkeypatch):
    """Make the main window on a Table, shown at 1366×768 (a laptop), with scripted
    prompts; closing it never asks about unsaved changes."""
    from gui.control.controller import Controller
    from gui.window.main_window import MainWindow
    from tests.gui.fakes import ScriptedPrompts

    def make(table):
        w = MainWindow(Controller(table), ScriptedPrompts())
        monkeypatch.setattr(w.files, "ask_unsaved", lambda: QMessageBox.StandardButton.Discard)
        qtbot.addWidget(w)
        w.resize(1366, 768)
        w.show()
        qtbot.waitExposed(w)
        return w

    return make


@pytest.fixture(params=["fr"])
def lang(request):
    """The interface's language, set before the window is made (parametrize it indirectly
    with "en" for English)."""
    if request.param == "en":
        request.getfixturevalue("english")
    return request.param


@pytest.fixture(autouse=True)
def isolated_settings(qapp, tmp_path):
    """Window geometry, recent files and the language preference go to tmp_path."""
    QCoreApplication.setOrganizationName("EscarmoucheTests")
    QCoreApplication.setApplicationName("Escarmouche")
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path / "qs"))
    QSettings().clear()
    yield
    QSettings().clear()


@pytest.fixture(autouse=True)
def no_autosave_after_the_test(monkeypatch):
    """Every controller a test made stops its pending autosave at teardown: due later (the
    200 ms fallback of a controller without a window), it would land in the next test's data
    folder as a stray autosave of another encounter."""
    import weakref

    from gui.control.controller import Controller

    made: weakref.WeakSet = weakref.WeakSet()
    init = Controller.__init__

    def tracked(self, *args, **kwargs):
        init(self, *args, **kwargs)
        made.add(self)

    monkeypatch.setattr(Controller, "__init__", tracked)
    yield
    for ctl in list(made):
        try:
            ctl._autosave_due = False
            ctl._autosave_timer.stop()
        except RuntimeError:  # its QObject is already gone
            pass
