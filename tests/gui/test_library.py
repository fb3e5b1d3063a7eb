"""Issue 21, deliver 3: the GM's library in the window. Save from a sheet, a new encounter, add
from the library (an identical sheet), rename and delete there; import from another file;
write the state after a fight back. The data folder is the test's own (tests/conftest.py)."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QCoreApplication, Qt

from gui.boot import paths
from gui.boot.app import open_encounter
from gui.engine.files import storage, write_back
from gui.engine.state.model import State
from gui.library import shelf
from gui.library.import_dialog import ImportDialog
from gui.library.write_back_dialog import WriteBackDialog
from gui.sheets.add_dialog import LIBRARY, AddCombatantDialog
from tests.gui.shots import shot

pytestmark = pytest.mark.gui

SHEET = ("tier", "stats", "tracks", "states", "notes")


def sheet_of(c):
    return {part: getattr(c, part) for part in SHEET}


@pytest.fixture
def window(laptop_window, lang):
    """The conteur demo (its sheets have tracks) at 1366×768; the sheet asks through the
    window's scripted prompts."""
    w = laptop_window(open_encounter(None, "conteur"))
    w.sheet.prompts = w.prompts
    return w


def keep_from_sheet(w, cid):
    w.controller.select(cid)
    w.sheet.keep_button.click()


def library_dialog(qtbot, w):
    dialog = AddCombatantDialog(w.controller, w, prompts=w.prompts)
    qtbot.addWidget(dialog)
    dialog.tabs.setCurrentIndex(LIBRARY)
    dialog.show()
    return dialog


@pytest.mark.parametrize("lang", ["fr", "en"], indirect=True)
def test_saved_then_added_to_a_new_encounter_is_the_same_sheet(qtbot, window, lang):
    w, ctl = window, window.controller
    hero = ctl.enc.combatants[0]
    ctl.set_track(hero.id, "sante", ["L", "L"] + [""] * (len(hero.tracks["sante"].marks) - 2))
    ctl.add_condition(hero.id, State(key="a_terre", label="À terre"))
    ctl.set_notes(hero.id, "Doit une faveur au Prince")
    saved = sheet_of(ctl.enc.combatant(hero.id))
    keep_from_sheet(w, hero.id)
    assert shelf.read("conteur").named(hero.name) is not None
    w.sheet.scroll.ensureWidgetVisible(w.sheet.keep_button)
    shot(w, f"library_sheet_{lang}")

    assert w.files.new("conteur", demo=False)
    assert ctl.enc.combatants == []
    dialog = library_dialog(qtbot, w)
    assert dialog.library_entry().name == hero.name and dialog.name.text() == hero.name
    assert dialog.side.currentData() == hero.side or dialog.side.currentIndex() == 0
    dialog.count.setValue(2)
    shot(dialog, f"library_add_{lang}")
    ids = dialog.accept_input()
    assert len(ids) == 2 and ctl.undo_stack.count() == 1
    for cid in ids:
        assert sheet_of(ctl.enc.combatant(cid)) == saved
    ctl.select(ids[0])
    QCoreApplication.processEvents()
    track = w.sheet.tracks_box  # the sheet shows what was saved
    assert track.isVisible() and w.sheet.combatant().tracks == saved["tracks"]


def test_saving_a_name_the_library_holds_asks_before_replacing(window):
    w, ctl = window, window.controller
    hero = ctl.enc.combatants[0]
    keep_from_sheet(w, hero.id)
    ctl.set_notes(hero.id, "Changé")
    w.prompts.answers["confirm"] = [False, True]
    keep_from_sheet(w, hero.id)
    assert w.prompts.asked[-1][0] == "confirm" and hero.name in w.prompts.asked[-1][1]
    assert shelf.read("conteur").named(hero.name).notes != "Changé"  # the GM said no
    keep_from_sheet(w, hero.id)
    lib = shelf.read("conteur")
    assert len(lib.combatants) == 1 and lib.named(hero.name).notes == "Changé"


def test_the_turn_orders_menu_keeps_a_combatant(window):
    w, ctl = window, window.controller
    entry = w.turns.order_model.entry(0)
    menu = w.turns.order_menu(0)
    name = ctl.enc.combatant(entry.members[0]).name
    (action,) = [a for a in menu.actions() if "bibliothèque" in a.text() and name in a.text()]
    action.trigger()
    assert shelf.read("conteur").named(name) is not None


def test_library_entries_are_renamed_and_deleted_in_the_add_dialog(qtbot, window):
    w, ctl = window, window.controller
    for c in ctl.enc.combatants[:2]:
        keep_from_sheet(w, c.id)
    first, second = (c.name for c in ctl.enc.combatants[:2])
    dialog = library_dialog(qtbot, w)
    assert dialog.tabs.tabText(LIBRARY).endswith("(2)")
    assert not dialog.rename_button.isHidden() and not dialog.delete_button.isHidden()
    w.prompts.answers.update(text=[second, "Le Vieux"], confirm=[True])
    dialog.rename_button.click()  # a name the library holds: refused, said in the dialog
    assert not dialog.error.isHidden() and shelf.read("conteur").named(first) is not None
    dialog.rename_button.click()
    assert [c.name for c in shelf.read("conteur").combatants] == ["Le Vieux", second]
    assert dialog.library_entry().name == "Le Vieux" and dialog.error.isHidden()
    dialog.delete_button.click()
    assert [c.name for c in shelf.read("conteur").combatants] == [second]
    assert dialog.sources.count() == 1 and dialog.tabs.tabText(LIBRARY).endswith("(1)")
    dialog.tabs.setCurrentIndex(0)  # the bestiary: no library buttons, « Vierge » first
    assert dialog.rename_button.isHidden() and dialog.entry() is None


def test_an_unreadable_library_is_told_and_the_bestiary_still_works(qtbot, window):
    paths.library_dir().joinpath("conteur.json").write_text("{ cassé")
    dialog = library_dialog(qtbot, window)
    assert "conteur.json" in dialog.details.text() and dialog.library_entry() is None
    dialog.tabs.setCurrentIndex(0)
    assert dialog.sources.count() > 1


# Import from another encounter -----------------------------------------------------------------


@pytest.fixture
def other_file(tmp_path):
    """The conteur demo saved elsewhere, its first combatant hurt."""
    enc = open_encounter(None, "conteur").enc
    enc.combatants[0].tracks["sante"].marks[0] = "L"
    path = tmp_path / "autre.json"
    storage.save(enc, path)
    return path, enc


def import_from(w, path, ticked, monkeypatch):
    actions = w.menus.library
    monkeypatch.setattr(actions, "ask_path", lambda: path)

    def choose(dialog: ImportDialog) -> bool:
        dialog.show()
        dialog.tick(ticked)
        shot(dialog, "library_import")
        return dialog.accept_input() is not None

    monkeypatch.setattr(actions, "choose_combatants", choose)
    return actions.import_encounter()


def test_import_from_another_file(window, other_file, monkeypatch):
    w, ctl = window, window.controller
    path, source = other_file
    assert w.files.new("conteur", demo=False)
    picked = [source.combatants[0].id, source.combatants[-1].id]
    ids = import_from(w, path, picked, monkeypatch)
    assert len(ids) == 2 and ctl.undo_stack.count() == 1
    for cid, original in zip(ids, (source.combatants[0], source.combatants[-1]), strict=True):
        added = ctl.enc.combatant(cid)
        assert added.name == original.name and sheet_of(added)["stats"] == original.stats
        assert added.tracks == original.tracks
    ctl.undo_stack.undo()
    assert ctl.enc.combatants == []


def test_import_refuses_another_ruleset_a_bad_file_and_a_newer_one(window, tmp_path, monkeypatch):
    w = window
    other = tmp_path / "libre.json"
    storage.save(open_encounter(None, "libre").enc, other)
    broken = tmp_path / "casse.json"
    broken.write_text('{"format": "escarmouche.encounter", "schema_version": 5, "encounter": 3}')
    newer = tmp_path / "futur.json"
    doc = json.loads(other.read_bytes())
    doc["schema_version"] = storage.SCHEMA_VERSION + 1
    newer.write_text(json.dumps(doc))
    before = newer.read_bytes()
    for path in (other, broken, newer):
        assert import_from(w, path, [], monkeypatch) == []
    warned = [text for kind, text in w.prompts.asked if kind == "warn"]
    assert "libre" in warned[0]
    assert "$.encounter" in warned[1]
    assert "$.schema_version" in warned[2]
    assert newer.read_bytes() == before
    assert len(w.controller.enc.combatants) == len(open_encounter(None, "conteur").enc.combatants)


# Write back after a fight ---------------------------------------------------------------------


def test_the_state_after_a_fight_is_written_back_when_the_gm_confirms(window, monkeypatch):
    w, ctl = window, window.controller
    hero, other = ctl.enc.combatants[0], ctl.enc.combatants[1]
    keep_from_sheet(w, hero.id)
    keep_from_sheet(w, other.id)
    notes = other.notes
    size = len(hero.tracks["sante"].marks)
    ctl.set_track(hero.id, "sante", ["A"] * 3 + [""] * (size - 3))
    ctl.add_condition(hero.id, State(key="a_terre", label="À terre"))
    ctl.set_notes(other.id, "Blessé à l’épaule")
    shown = []

    def choose(dialog: WriteBackDialog) -> bool:
        shown.append([(u.name, u.lines) for u in dialog.updates])
        dialog.tree.topLevelItem(1).setCheckState(0, Qt.CheckState.Unchecked)
        dialog.show()
        shot(dialog, "library_write_back")
        return True

    monkeypatch.setattr(w.menus.library, "choose_updates", choose)
    assert w.menus.library.write_back() == 1
    assert [name for name, _lines in shown[0]] == [hero.name, other.name]
    lib = shelf.read("conteur")
    assert lib.named(hero.name).tracks == ctl.enc.combatant(hero.id).tracks
    assert [s.key for s in lib.named(hero.name).states] == ["a_terre"]
    assert lib.named(other.name).notes == notes  # unticked: left as it was


def test_nothing_to_write_back_is_said(window):
    assert window.menus.library.write_back() == 0
    assert window.prompts.asked[-1][0] == "warn"


@pytest.mark.parametrize("lang", ["fr", "en"], indirect=True)
def test_the_library_dialogs_fit_a_laptop(qtbot, window, lang, other_file):
    w, ctl = window, window.controller
    keep_from_sheet(w, ctl.enc.combatants[0].id)
    ctl.set_notes(ctl.enc.combatants[0].id, "Après le combat")
    dialogs = [
        ImportDialog(ctl, other_file[1], w),
        WriteBackDialog(write_back.updates(shelf.read("conteur"), ctl.enc, ctl.ruleset), w),
        library_dialog(qtbot, w),
    ]
    for dialog in dialogs:
        qtbot.addWidget(dialog)
        dialog.show()
        QCoreApplication.processEvents()
        hint = dialog.sizeHint()
        assert hint.width() <= 1366 and hint.height() <= 768 - 60, type(dialog).__name__
        shot(dialog, f"{type(dialog).__name__}_{lang}")
