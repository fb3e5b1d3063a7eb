"""Issue 33 (9): the README says what the app says — the file schema it writes and its menus'
entries as the menus spell them (« Fichier › Nouveau… », not a dialog's choices as a path)."""

import re
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMenu

from gui.boot.app import open_encounter
from gui.control.controller import Controller
from gui.engine.files.storage import SCHEMA_VERSION
from gui.window.main_window import MainWindow
from tests.gui.fakes import ScriptedPrompts

pytestmark = pytest.mark.gui

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
MENUS = ("Fichier", "Édition", "Combat", "Affichage", "Aide")


def test_the_readme_gives_the_schema_the_app_writes():
    said = {int(n) for n in re.findall(r'"schema_version": (\d+)', README)}
    assert said == {SCHEMA_VERSION}


def _entries(menu: QMenu) -> dict[str, dict]:
    """Every entry of `menu` as the GM reads it (no &, with and without …), each with the
    entries of its submenu (empty for a plain entry)."""
    menu.aboutToShow.emit()  # the menus filled on opening (recent files, screens)
    found: dict[str, dict] = {}
    for action in menu.actions():
        text = action.text().replace("&", "")
        if text:
            inner = _entries(action.menu()) if action.menu() else {}
            found[text] = found[text.rstrip("…")] = inner
    return found


def _walk(entries: dict[str, dict], rest: str) -> str:
    """The part of « X › Y › Z… » that is not the menus' (empty when all of it is)."""
    for name in sorted(entries, key=len, reverse=True):
        if rest.startswith(name):
            after = rest[len(name) :]
            if after.startswith(" › "):  # a submenu's entry follows: it must be one of its own
                return _walk(entries[name], after[3:]) if entries[name] else rest
            return ""
    return rest


def test_every_menu_path_in_the_readme_is_a_menu_entry(qtbot):
    window = MainWindow(Controller(open_encounter(None, "libre")), ScriptedPrompts())
    qtbot.addWidget(window)
    bar = {a.text().replace("&", ""): _entries(a.menu()) for a in window.menuBar().actions()}
    assert set(bar) == set(MENUS)
    text = " ".join(README.split())  # a path may be wrapped over two lines
    paths = re.findall(rf"(?=\b({'|'.join(MENUS)}) › (.{{1,80}}))", text)  # overlapping
    assert len(paths) > 20
    wrong = [f"{menu} › {rest[:50]}" for menu, rest in paths if _walk(bar[menu], rest)]
    assert not wrong, wrong
