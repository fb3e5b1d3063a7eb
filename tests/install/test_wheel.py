"""The wheel installed in a fresh venv outside the repository, as pip and pipx install it: the
app opens every ruleset's demo in both languages, `check` and `summary` work (issue 22).
Skipped unless ESCARMOUCHE_WHEEL names the wheel: `make wheel-test` builds it and runs this."""

import os
import subprocess
import venv
from pathlib import Path

import pytest

from tests.install.commands import (
    DEMOS,
    check_every_demo,
    run,
    summaries_in_both_languages,
)

WHEEL = os.environ.get("ESCARMOUCHE_WHEEL", "")
pytestmark = pytest.mark.skipif(not WHEEL, reason="no ESCARMOUCHE_WHEEL: make wheel-test")

# The `escarmouche` command's own entry point, told to quit once its main window is shown with
# the encounter (gui/startup.py); then the shown windows are reported (the main window's
# title, its first menu, whether the app icon rendered).
SHOW_AND_QUIT = """
import os
import sys

from PySide6.QtWidgets import QApplication, QMainWindow

from gui.boot import startup
from gui.boot.cli import main

os.environ["ESCARMOUCHE_QUIT_AFTER_READY"] = "1"
app = QApplication(sys.argv[:1])
ready = startup.ready


def report(shown):
    for window in app.topLevelWidgets():
        if isinstance(window, QMainWindow) and window.isVisible():
            menu = window.menuBar().actions()[0].text().replace("&", "")
            print(window.windowTitle(), menu, not app.windowIcon().pixmap(32).isNull(), sep="\\n")
    ready(shown)


startup.ready = report
sys.exit(main(sys.argv[1:]))
"""


@pytest.fixture(scope="module")
def bin_dir(tmp_path_factory) -> Path:
    """A fresh venv with the wheel and its dependencies installed: its bin folder."""
    folder = tmp_path_factory.mktemp("venv")
    venv.EnvBuilder(with_pip=True).create(folder)
    # Installed with this session's pip settings and cache; run as a user runs it.
    pip = [folder / "bin" / "python", "-m", "pip", "install", "--quiet", Path(WHEEL).resolve()]
    subprocess.run(pip, check=True, timeout=600)
    return folder / "bin"


@pytest.fixture
def cwd(tmp_path) -> Path:
    (tmp_path / "home").mkdir()
    return tmp_path


def test_the_code_and_its_data_come_from_the_venv(bin_dir, cwd):
    code = (
        "import gui, gui.engine.core.assets as a\n"
        "print(gui.__file__, a.RULESET_DATA_DIR, a.ICON,"
        " a.I18N_DIR / 'escarmouche_en.qm', a.I18N_DIR / 'escarmouche_fr.qm')"
    )
    done = run([bin_dir / "python", "-c", code], cwd)
    assert done.returncode == 0, done.stderr
    paths = [Path(p) for p in done.stdout.split()]
    assert all(p.is_relative_to(bin_dir.parent) and p.exists() for p in paths), paths
    shipped = {p.name for p in paths[1].iterdir()}
    assert shipped == set(DEMOS)


def test_check_accepts_every_demo(bin_dir, cwd):
    check_every_demo(bin_dir / "escarmouche", cwd)


def test_summary_in_both_languages(bin_dir, cwd):
    summaries_in_both_languages(bin_dir / "escarmouche", cwd)


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("ruleset", sorted(DEMOS))
def test_the_app_opens_each_demo(bin_dir, cwd, ruleset, lang):
    done = run([bin_dir / "python", "-c", SHOW_AND_QUIT, "--demo", ruleset, "--lang", lang], cwd)
    assert done.returncode == 0, done.stderr
    title, menu, icon = done.stdout.splitlines()
    assert title.endswith("— Escarmouche")
    assert menu == {"fr": "Fichier", "en": "File"}[lang]
    assert icon == "True"
    assert "Traceback" not in done.stderr


def test_the_app_opens_a_file_given_as_its_argument(bin_dir, cwd):
    """What a double-click on an encounter file runs: `escarmouche FILE`."""
    done = run([bin_dir / "python", "-c", SHOW_AND_QUIT, DEMOS["conteur"]], cwd)
    assert done.returncode == 0, done.stderr
    assert "Saint-Denis" in done.stdout.splitlines()[0]
