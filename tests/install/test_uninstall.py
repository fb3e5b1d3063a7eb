"""uninstall.sh after install.sh in a temporary home (issue 33): everything install.sh wrote is
removed and the MIME and desktop caches no longer name the type nor the removed launcher; the
bundle's folder goes, other applications' files and the GM's data stay. The bundle is not built:
a folder laid out like it (the repository's packaging files, a stand-in program) is enough to
run both scripts, so this runs in `make test`."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LINUX = ROOT / "packaging" / "linux"
METAINFO = "io.github.escarmouche.escarmouche.metainfo.xml"
SIZES = (16, 48)


def _bundle(folder: Path) -> Path:
    """A folder laid out as `make package` lays out the bundle (install.sh, uninstall.sh,
    share/…, the program and _internal/), with packaging/linux's own files."""
    share = folder / "share"
    for src, dst in (
        (LINUX / "escarmouche.desktop", share / "applications" / "escarmouche.desktop"),
        (LINUX / "escarmouche-mime.xml", share / "mime" / "packages" / "escarmouche.xml"),
        (LINUX / METAINFO, share / "metainfo" / METAINFO),
        (
            ROOT / "resources/icons/escarmouche.svg",
            share / "icons/hicolor/scalable/apps/escarmouche.svg",
        ),
        *(
            (
                ROOT / "resources/icons/escarmouche.svg",
                share / f"icons/hicolor/{n}x{n}/apps/escarmouche.png",
            )
            for n in SIZES
        ),
        (LINUX / "install.sh", folder / "install.sh"),
        (LINUX / "uninstall.sh", folder / "uninstall.sh"),
    ):
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(src, dst)
    program = folder / "escarmouche"
    program.write_text("#!/bin/sh\nexit 0\n", encoding="utf-8")
    program.chmod(0o755)
    (folder / "_internal").mkdir()
    return folder


def _run(script: Path, home: Path) -> subprocess.CompletedProcess:
    env = {"PATH": "/usr/bin:/bin", "HOME": str(home), "LANG": "C.UTF-8"}
    return subprocess.run(
        ["/bin/sh", str(script)], env=env, capture_output=True, text=True, timeout=120
    )


def _mentions(folder: Path, word: str) -> list[Path]:
    """The files under `folder` whose name or text holds `word`."""
    found = []
    for path in folder.rglob("*"):
        if path.is_file() and (
            word in path.name or word in path.read_bytes().decode("utf-8", "replace")
        ):
            found.append(path)
    return found


@pytest.fixture
def home(tmp_path) -> Path:
    home = tmp_path / "home"
    share = home / ".local" / "share"
    # Another application's launcher, icon and type, and the desktop's cache naming both.
    (share / "applications").mkdir(parents=True)
    (share / "applications" / "autre.desktop").write_text(
        "[Desktop Entry]\nType=Application\nName=Autre\nExec=autre %f\nMimeType=text/x-autre;\n"
    )
    (share / "applications" / "mimeinfo.cache").write_text(
        "[MIME Cache]\ntext/x-autre=autre.desktop;\n"
    )
    other_icon = share / "icons" / "hicolor" / "48x48" / "apps" / "autre.png"
    other_icon.parent.mkdir(parents=True)
    other_icon.write_bytes(b"png")
    (share / "Escarmouche" / "encounters").mkdir(parents=True)  # the GM's data
    (share / "Escarmouche" / "encounters" / "gué.escarmouche.json").write_text("{}")
    return home


def test_uninstall_removes_what_install_wrote_and_refreshes_the_caches(tmp_path, home):
    bundle = _bundle(tmp_path / "opt" / "escarmouche")
    share = home / ".local" / "share"
    installed = _run(bundle / "install.sh", home)
    assert installed.returncode == 0, installed.stderr
    assert (share / "applications" / "escarmouche.desktop").exists()
    assert (share / "icons/hicolor/48x48/apps/escarmouche.png").exists()
    if shutil.which("update-mime-database"):  # the type is in the MIME database now
        assert "escarmouche" in (share / "mime" / "globs2").read_text()
    if not shutil.which("update-desktop-database"):  # as that tool would have written it
        cache = share / "applications" / "mimeinfo.cache"
        cache.write_text(
            cache.read_text() + "application/x-escarmouche+json=escarmouche.desktop;\n"
        )
    assert _mentions(share / "applications", "escarmouche")

    done = _run(bundle / "uninstall.sh", home)
    assert done.returncode == 0, done.stderr
    assert not bundle.exists()  # the bundle's folder is removed
    for folder in ("applications", "mime", "metainfo", "icons"):
        assert _mentions(share / folder, "escarmouche") == [], folder
    assert (share / "applications" / "autre.desktop").exists()
    assert "text/x-autre=autre.desktop;" in (share / "applications" / "mimeinfo.cache").read_text()
    assert (share / "icons/hicolor/48x48/apps/autre.png").exists()
    assert (share / "Escarmouche" / "encounters" / "gué.escarmouche.json").exists()
    assert str(share / "Escarmouche") in done.stdout  # it says where the data stays


def test_uninstall_outside_a_bundle_keeps_its_folder(tmp_path, home):
    """Run from the repository's packaging/linux (no program, no _internal/ beside it), the
    script removes the installed files and never the folder it sits in."""
    folder = tmp_path / "packaging"
    folder.mkdir()
    shutil.copy(LINUX / "uninstall.sh", folder / "uninstall.sh")
    done = _run(folder / "uninstall.sh", home)
    assert done.returncode == 0, done.stderr
    assert (folder / "uninstall.sh").exists() and "is kept" in done.stdout


def test_the_bundle_carries_uninstall_sh_beside_install_sh():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    package = makefile.split("\npackage:", 1)[1].split("\n\n", 1)[0]
    assert "install -m 755 $(LINUX)/uninstall.sh $(STAGE)/uninstall.sh" in package
    assert os.access(LINUX / "uninstall.sh", os.X_OK)
