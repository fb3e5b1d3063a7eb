"""Build hook: the wheel carries what the app reads at run time, in `gui/data/` laid out as in
the repository (gui/engine/assets.py finds it there): the ruleset data, the icons, and the
translations compiled from the committed .ts by PySide6's lrelease (a build requirement)."""

import importlib.util
import shutil
import subprocess
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

COPIED = ("ruleset_data", "resources/icons")
TRANSLATIONS = Path("resources/i18n")


def _lrelease() -> str:
    """PySide6's lrelease executable, beside the package in the build environment."""
    spec = importlib.util.find_spec("PySide6")
    folders = spec.submodule_search_locations if spec else None
    found = folders and shutil.which("lrelease", path=folders[0])
    if not found:
        raise RuntimeError("PySide6's lrelease is missing: PySide6-Essentials builds the .qm")
    return found


class BuildPyWithData(build_py):
    """build_py, then the data folders under gui/data/ (not in editable mode: the source
    tree's own folders are read in place)."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return
        data = Path(self.build_lib) / "gui" / "data"
        shutil.rmtree(data, ignore_errors=True)  # nothing left from an earlier build
        for folder in COPIED:
            shutil.copytree(folder, data / folder)
        (data / TRANSLATIONS).mkdir(parents=True)
        for ts in sorted(TRANSLATIONS.glob("*.ts")):
            qm = data / TRANSLATIONS / ts.with_suffix(".qm").name
            subprocess.run([_lrelease(), "-silent", str(ts), "-qm", str(qm)], check=True)


setup(cmdclass={"build_py": BuildPyWithData})
