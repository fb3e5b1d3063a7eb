"""The English translation: the .ts is complete and up to date, the .qm it builds is found by
`tr()`, the language is chosen as documented, and the main window speaks English."""

from __future__ import annotations

import re
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QTranslator

from gui.boot import i18n
from tests.gui.conftest import TS, _tool

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[2]
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
MNEMONIC = re.compile(r"&(\w)")


def _messages(ts: Path) -> list[tuple[str, str, ET.Element]]:
    """(context, source, <translation>) for every message of a .ts file."""
    root = ET.parse(ts).getroot()
    return [
        (ctx.findtext("name") or "", m.findtext("source") or "", m.find("translation"))
        for ctx in root.iter("context")
        for m in ctx.iter("message")
    ]


def _ending(text: str) -> str:
    last = text.rstrip()[-1:]
    return last if last in ".:?!…" else ""


def test_every_message_has_a_finished_translation_with_the_same_placeholders():
    messages = _messages(TS)
    assert len(messages) > 200
    problems = []
    for _, source, translation in messages:
        text = (translation.text or "") if translation is not None else ""
        if translation is None or translation.get("type") or not text.strip():
            problems.append(f"untranslated or unfinished: {source!r}")
            continue
        if sorted(PLACEHOLDER.findall(source)) != sorted(PLACEHOLDER.findall(text)):
            problems.append(f"placeholders differ: {source!r} → {text!r}")
        if len(MNEMONIC.findall(source)) != len(MNEMONIC.findall(text)):
            problems.append(f"keyboard mnemonic (&) lost or added: {source!r} → {text!r}")
        if _ending(source) != _ending(text):
            problems.append(f"ending punctuation differs: {source!r} → {text!r}")
    assert not problems, "\n".join(problems)


def test_the_ts_file_is_up_to_date_with_the_sources(tmp_path):
    fresh = tmp_path / "fresh.ts"
    sources = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "gui").rglob("*.py"))
    subprocess.run(
        [_tool("pyside6-lupdate"), *sources, "-no-obsolete", "-locations", "none", "-ts", fresh],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    wanted = {(ctx, src) for ctx, src, _ in _messages(fresh)}
    committed = {(ctx, src) for ctx, src, _ in _messages(TS)}
    missing = sorted(src for _, src in wanted - committed)
    stale = sorted(src for _, src in committed - wanted)
    assert not missing and not stale, (
        f"{TS.name} is out of date: run `make i18n`, then translate the new strings.\n"
        f"Wrapped in tr() but missing from the .ts: {missing}\n"
        f"In the .ts but no longer in the sources: {stale}"
    )


def test_every_message_is_in_the_context_tr_looks_up():
    others = sorted(src for ctx, src, _ in _messages(TS) if ctx != "")
    assert not others, f"not in the empty context, so tr() never finds them: {others}"


def test_tr_translates_with_the_qm_and_falls_back_to_french_without_it(qapp, qm_file):
    translator = QTranslator()
    assert translator.load(str(qm_file))
    QCoreApplication.installTranslator(translator)
    try:
        assert i18n.tr("Nouvelle rencontre") == "New encounter"
        assert i18n.tr("&Fichier") == "&File"
        removal = i18n.tr("Retirer {name} de la rencontre ?").format(name="Gobelin 1")
        assert removal == "Remove Gobelin 1 from the encounter?"
    finally:
        QCoreApplication.removeTranslator(translator)
    assert i18n.tr("Nouvelle rencontre") == "Nouvelle rencontre"
    assert i18n.tr("&Fichier") == "&Fichier"


def test_choose_language_prefers_the_setting_then_the_system():
    assert i18n.choose_language("fr", "en_GB") == "fr"
    assert i18n.choose_language("en", "fr_FR") == "en"
    assert i18n.choose_language("system", "en_GB") == "en"
    assert i18n.choose_language(None, "en_US") == "en"
    assert i18n.choose_language("system", "fr_FR") == "fr"
    assert i18n.choose_language("system", "de_DE") == "fr"


def test_main_window_in_english(qtbot, english):
    from gui.boot.app import open_encounter
    from gui.control.controller import Controller
    from gui.window.main_window import MainWindow
    from tests.gui.fakes import ScriptedPrompts
    from tests.gui.shots import shot

    window = MainWindow(Controller(open_encounter(None, "libre")), ScriptedPrompts())
    qtbot.addWidget(window, before_close_func=lambda w: w.controller.undo_stack.setClean())
    window.show()
    qtbot.waitExposed(window)

    menus = window.menuBar().actions()
    assert [a.text() for a in menus] == ["&File", "&Edit", "&Combat", "&View", "&Help"]
    file_menu = [a.text() for a in menus[0].menu().actions() if not a.isSeparator()]
    assert file_menu[0] == "&New…" and "Export to &PDF…" in file_menu
    for menu in [window.menuBar(), *(a.menu() for a in menus)]:
        keys = [m.lower() for a in menu.actions() for m in MNEMONIC.findall(a.text())]
        assert len(keys) == len(set(keys)), f"{menu.title() or 'menu bar'}: mnemonics {keys}"

    ruleset = window.controller.ruleset.data.name
    assert ruleset.en != ruleset.fr
    status = window.mode_label.text()
    assert status.startswith(ruleset.en) and "Combat not started" in status and "Play" in status
    shot(window, "main_window_en")


def test_the_edit_menu_says_undo_in_english(qtbot, english):
    from gui.boot.app import open_encounter
    from gui.control.controller import Controller
    from gui.window.main_window import MainWindow
    from tests.gui.fakes import ScriptedPrompts

    window = MainWindow(Controller(open_encounter(None, "libre")), ScriptedPrompts())
    qtbot.addWidget(window, before_close_func=lambda w: w.controller.undo_stack.setClean())
    assert window.menus.actions["undo"].text().replace("&", "") == "Undo"


def test_every_tr_call_is_a_literal_lupdate_can_read():
    """pyside6-lupdate only extracts `tr("…")`: a single-quoted or computed text would stay
    French in the English interface (the summary's « Journal vide. » did)."""
    root = Path(i18n.__file__).resolve().parent
    calls = re.compile(r"\btr\((?!\"|\s*$)")  # a text on the next line is read too
    bad = [
        f"{path.relative_to(root)}:{n}"
        for path in sorted(root.rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if calls.search(line) and "def tr(" not in line
    ]
    assert bad == []


def test_qts_own_file_dialog_speaks_french_where_qts_french_is_silent(qapp, tmp_path, monkeypatch):
    """Qt's French (qtbase_fr) leaves « Look in », « Files of type » and a folder's type in
    English: the app's escarmouche_fr.ts holds them, loaded after Qt's by language.install."""
    from PySide6.QtWidgets import QFileDialog, QLabel

    from gui.boot import language

    ts = TS.with_name("escarmouche_fr.ts")
    qm = tmp_path / "escarmouche_fr.qm"
    subprocess.run([_tool("pyside6-lrelease"), ts, "-qm", qm], check=True, capture_output=True)
    monkeypatch.setattr(language, "I18N_DIR", tmp_path)
    try:
        assert language.install(qapp, "fr") == "fr"
        dialog = QFileDialog(None, "Ouvrir")
        dialog.setOption(QFileDialog.Option.DontUseNativeDialog)
        labels = {label.text() for label in dialog.findChildren(QLabel)}
        dialog.deleteLater()
        folder = QCoreApplication.translate(  # the Type column of a folder, on Linux
            "QAbstractFileIconProvider", "Folder", "All other platforms"
        )
    finally:
        for translator in language._installed:
            qapp.removeTranslator(translator)
        language._installed.clear()
    assert {"&Regarder dans\xa0:", "&Type de fichier\xa0:"} <= labels  # as Qt writes them
    assert not {"&Look in:", "Files of &type:"} & labels
    assert folder == "Dossier"
