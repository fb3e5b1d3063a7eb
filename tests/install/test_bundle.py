"""The desktop bundle unpacked in a clean folder runs with no Python on PATH, holds only the Qt
it uses, and its install.sh puts the launcher, the encounter file type and the icons in a home
(issue 22). Skipped unless ESCARMOUCHE_BUNDLE names the .tar.gz: `make package-test`."""

import os
import re
import shutil
import struct
import subprocess
import sys
import tarfile
import time
from pathlib import Path

import pytest

from gui import __version__
from tests.install.commands import (
    DEMOS,
    check_every_demo,
    run,
    summaries_in_both_languages,
    user_env,
)

BUNDLE = os.environ.get("ESCARMOUCHE_BUNDLE", "")
pytestmark = pytest.mark.skipif(not BUNDLE, reason="no ESCARMOUCHE_BUNDLE: make package-test")
ICON_SIZES = (16, 32, 48, 64, 128, 256)
RUNNING_S = 5  # the app still running this long after its start: it did not fail at start-up


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    """The bundle unpacked: its top folder, holding the `escarmouche` program."""
    where = tmp_path_factory.mktemp("unpacked")
    with tarfile.open(BUNDLE) as tar:
        tar.extractall(where, filter="tar")
    (top,) = where.iterdir()
    return top


@pytest.fixture
def cwd(tmp_path) -> Path:
    (tmp_path / "home").mkdir()
    return tmp_path


def test_check_accepts_every_demo(folder, cwd):
    check_every_demo(folder / "escarmouche", cwd)


def test_summary_in_both_languages(folder, cwd):
    summaries_in_both_languages(folder / "escarmouche", cwd)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_app_starts_on_the_demo(folder, cwd, lang):
    app = subprocess.Popen(
        [folder / "escarmouche", "--demo", "libre", "--lang", lang],
        cwd=cwd,
        env=user_env(cwd / "home"),
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(RUNNING_S)
    running = app.poll() is None
    app.kill()
    _, err = app.communicate()
    assert running, err
    assert "Traceback" not in err


def test_only_the_qt_the_app_uses_is_shipped(folder):
    pyside = folder / "_internal" / "PySide6"
    modules = {p.name.split(".")[0] for p in pyside.glob("Qt*.so")}
    assert modules == {"QtCore", "QtGui", "QtWidgets", "QtPrintSupport"}
    libraries = {p.name.split(".")[0] for p in (pyside / "Qt" / "lib").iterdir()}
    assert not libraries & {"libQt6Network", "libQt6OpenGL", "libQt6Qml", "libQt6Pdf"}
    plugins = pyside / "Qt" / "plugins"
    assert (plugins / "iconengines" / "libqsvgicon.so").exists()  # the toolbar's SVG icons
    assert {p.name for p in (plugins / "platforms").iterdir()} == {
        "libqxcb.so",
        "libqwayland.so",
        "libqoffscreen.so",
    }


def _png_size(path: Path) -> tuple[int, int]:
    return struct.unpack(">II", path.read_bytes()[16:24])


def test_install_sh_puts_the_launcher_file_type_and_icons_in_the_home(folder, cwd):
    home = cwd / "home"
    done = run([folder / "install.sh"], cwd)
    assert done.returncode == 0, done.stderr
    share = home / ".local" / "share"
    desktop = (share / "applications" / "escarmouche.desktop").read_text(encoding="utf-8")
    assert f'Exec="{folder}/escarmouche" %f' in desktop
    assert "MimeType=application/x-escarmouche+json;" in desktop
    for size in ICON_SIZES:
        png = share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "escarmouche.png"
        assert _png_size(png) == (size, size)
    assert (share / "icons" / "hicolor" / "scalable" / "apps" / "escarmouche.svg").exists()
    (metainfo,) = (share / "metainfo").glob("*.metainfo.xml")
    assert re.search(rf'<release version="{re.escape(__version__)}"', metainfo.read_text())
    assert (share / "mime" / "packages" / "escarmouche.xml").exists()


@pytest.mark.skipif(not shutil.which("update-mime-database"), reason="no shared-mime-info")
def test_an_encounter_file_has_the_escarmouche_type_once_installed(folder, cwd):
    """The desktop's MIME database (read here through Qt's) says an encounter file, by its name
    or by its first bytes, is application/x-escarmouche+json: the type the launcher opens."""
    assert run([folder / "install.sh"], cwd).returncode == 0
    named = cwd / "bataille.escarmouche.json"
    sniffed = cwd / "bataille.dat"
    for path in (named, sniffed):
        shutil.copy(DEMOS["libre"], path)
    code = (
        "import sys\n"
        "from PySide6.QtCore import QMimeDatabase\n"
        "print(*(QMimeDatabase().mimeTypeForFile(p).name() for p in sys.argv[1:]))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, named, sniffed],
        env=user_env(cwd / "home"),
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.split() == ["application/x-escarmouche+json"] * 2
