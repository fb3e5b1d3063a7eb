"""Issue 17, deliver 4: an encounter has a name the GM gives and edits; after a crash, the
recovery prompt names the encounter and its file, and the restored encounter saves back to
that file (it used to forget it, and Ctrl+S proposed an internal id)."""

from __future__ import annotations

import pytest

from gui.boot.app import offer_recovery
from gui.dialogs.new_encounter import NewEncounterDialog
from gui.engine.files import storage
from tests.gui.test_main_window import make_window

pytestmark = pytest.mark.gui


def crashed_with_a_change(qtbot, window) -> None:
    """A change, its autosave written (after the paint), then the app dies: no close."""
    window.controller.rename("ysolde", "Ysolde la Brave")
    qtbot.waitUntil(lambda: not window.controller.autosave_pending, timeout=1000)


def test_recovery_names_the_encounter_and_restores_its_file(qtbot, data_dir, tmp_path):
    saved = tmp_path / "gue.json"
    first = make_window(qtbot)
    first.controller.save(saved)
    crashed_with_a_change(qtbot, first)
    fresh = make_window(qtbot, confirm=[True])
    offer_recovery(fresh)
    said = fresh.prompts.asked[0][1]
    assert f"« {first.controller.enc.name} »" in said and str(saved) in said
    assert fresh.controller.path == saved
    assert fresh.controller.enc.combatant("ysolde").name == "Ysolde la Brave"
    fresh.controller.save()  # Ctrl+S: back where it was saved
    assert storage.load(saved).combatant("ysolde").name == "Ysolde la Brave"


def test_a_never_saved_encounter_is_restored_as_never_saved(qtbot, data_dir):
    first = make_window(qtbot)
    crashed_with_a_change(qtbot, first)
    fresh = make_window(qtbot, confirm=[True])
    offer_recovery(fresh)
    assert "jamais enregistrée" in fresh.prompts.asked[0][1]
    assert fresh.controller.path is None


def test_a_new_encounter_is_named_and_renamed_in_one_undo_entry(qtbot, data_dir):
    window = make_window(qtbot, text=["  Le pont de corde  ", "", "Le pont"])
    dialog = NewEncounterDialog(window)
    qtbot.addWidget(dialog)
    dialog.name_edit.setText("L'embuscade")
    assert window.files.new(dialog.ruleset_id(), dialog.wants_demo(), dialog.name())
    assert window.controller.enc.name == "L'embuscade"
    assert window.windowTitle().startswith("L'embuscade")
    window.menus.actions["rename_encounter"].trigger()
    assert window.controller.enc.name == "Le pont de corde"
    assert window.windowTitle().startswith("Le pont de corde")
    window.menus.actions["rename_encounter"].trigger()  # empty: refused, nothing changes
    assert window.controller.enc.name == "Le pont de corde"
    assert window.prompts.asked[-1] == (
        "warn",
        "Le nom de la rencontre a de 1 à 200 caractères (0 saisis)",
    )
    window.controller.undo_stack.undo()
    assert window.controller.enc.name == "L'embuscade"


@pytest.mark.parametrize(
    ("name", "stem"),
    [
        ("Embuscade au gué", "Embuscade au gué"),
        ("Acte 2 : la tour / le pont?", "Acte 2 la tour le pont"),
        ('..."*<>|', "x-id"),
    ],
)
def test_save_as_proposes_the_encounter_name_not_its_id(name, stem):
    """Issue 17, deliver 4: Enregistrer sous proposes the name the GM gave the encounter."""
    from gui.engine.files.blank import blank_encounter
    from gui.window.file_actions import suggested_name

    enc = blank_encounter("libre").replace(name=name, id="x-id")
    assert suggested_name(enc) == stem
