"""Issue 33 (8, 9): the start knows the GM — the last encounter opens (the recovery still
offered first, app.offer_recovery), else a start page in the main window offers the recent
files, a new encounter and the six demos, each named as a demo; an empty encounter's map says
how to draw zones or a grid and add combatants; « Commencer le combat »'s line follows the
button; the initiative dialog's main button rolls what is missing and starts; About and
Préférences say where the data and settings live. Grabbed at 1366×768 in French and English
(ESCARMOUCHE_SHOTS)."""

import os
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QLabel, QMessageBox

from gui.boot import paths
from gui.boot.app import offer_recovery, starting
from gui.boot.i18n import pick
from gui.control.controller import Controller
from gui.dialogs.about import about_box, locations
from gui.dialogs.preferences import PreferencesDialog
from gui.engine.edits import roster as roster_edits
from gui.engine.files import storage
from gui.engine.rulesets import registry
from gui.engine.state.model import Grid
from gui.models import in_combat
from gui.turns.panel import TurnPanel
from gui.window.main_window import MainWindow
from gui.window.start_page import EmptyMapHint, StartPage, install
from tests.gui.fakes import ScriptedPrompts
from tests.gui.shots import shot

pytestmark = pytest.mark.gui

DEMOS = registry.available()


def _remember(*files: Path) -> None:
    QSettings().setValue("recent", [str(f.resolve()) for f in files])


def _saved_demo(folder: Path, ruleset: str = "d20_35") -> Path:
    path = folder / f"{ruleset}.escarmouche.json"
    storage.save(storage.load(registry.get(ruleset).demo_path), path)
    return path


@pytest.fixture
def start(qtbot, monkeypatch):
    """The window as app.run makes it at 1366×768, from what `starting` chose."""

    def make(file=None, demo=None):
        table, path, start_page = starting(file, demo)
        w = MainWindow(Controller(table, path), ScriptedPrompts())
        monkeypatch.setattr(w.files, "ask_unsaved", lambda: QMessageBox.StandardButton.Discard)
        qtbot.addWidget(w)
        w.resize(1366, 768)
        install(w, start_page)
        w.show()
        qtbot.waitExposed(w)
        return w

    return make


# What opens at start ------------------------------------------------------------------------


def test_with_no_last_encounter_the_start_page_shows_in_the_window(start):
    assert starting(None, None)[1:] == (None, True)
    w = start()
    page = w.centralWidget()
    assert isinstance(page, StartPage) and page.isVisible()
    assert not any(d.isVisible() for d in w.docks.values())  # the page has the room
    assert w.controller.enc.combatants == [] and w.controller.path is None
    assert page.recent_buttons == {}


def test_the_last_encounter_opens_at_start(start, tmp_path):
    older, last = _saved_demo(tmp_path, "libre"), _saved_demo(tmp_path, "d20_35")
    _remember(last, older)
    table, path, start_page = starting(None, None)
    assert path == last.resolve() and not start_page
    assert table.enc.ruleset == "d20_35"
    w = start()
    assert w.centralWidget() is w.view and w.controller.path == last.resolve()
    assert all(d.isVisible() for d in w.docks.values())
    assert w.empty_hint is None  # a full encounter: no hint on its map, not even made (P1b)


def test_a_last_encounter_that_no_longer_opens_leaves_the_start_page(start, tmp_path):
    broken = tmp_path / "abimee.escarmouche.json"
    broken.write_text('{"format": "escarmouche.encounter", "schema_version": 5}')
    _remember(broken)
    assert starting(None, None)[1:] == (None, True)
    page = start().centralWidget()
    assert list(page.recent_buttons) == [broken.resolve()]  # listed: opening it says why


def test_the_command_line_still_chooses(tmp_path):
    _remember(_saved_demo(tmp_path, "libre"))
    table, path, start_page = starting(None, "douaratil")  # --demo
    assert table.enc.ruleset == "douaratil" and path is None and not start_page
    mine = _saved_demo(tmp_path, "conteur")
    table, path, start_page = starting(mine, None)  # open FILE
    assert table.enc.ruleset == "conteur" and path == mine and not start_page
    with pytest.raises(KeyError):
        starting(None, "inconnu")  # app.run explains it, as before


# The start page ---------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["fr", "en"], indirect=True)
def test_the_start_page_offers_the_six_demos_each_named_as_a_demo(start, lang, tmp_path):
    w = start()
    page = w.centralWidget()
    assert list(page.demo_buttons) == DEMOS and len(DEMOS) == 6
    word = {"fr": "Démo — ", "en": "Demo — "}[lang]
    for rid, button in page.demo_buttons.items():
        name = pick(registry.get(rid).data.name)
        assert button.text().replace("&&", "&") == word + name
        assert button.description()  # the demo encounter's own name
    assert page.new_button.isVisible() and page.open_button.isVisible()
    # every button lies in the 1366×768 window, none cut (no scrolling needed at this size)
    assert w.size().width() == 1366 and w.size().height() == 768
    for button in [page.new_button, page.open_button, *page.demo_buttons.values()]:
        corner = button.mapTo(w, button.rect().bottomRight())
        assert w.rect().contains(corner) and button.visibleRegion().boundingRect() == button.rect()
    shot(w, f"start_page_{lang}")
    page.demo_buttons["d20_35"].click()
    assert w.controller.enc.ruleset == "d20_35" and w.controller.path is None  # a copy
    assert w.centralWidget() is w.view and w.view.isVisible()
    assert all(d.isVisible() for d in w.docks.values())


def test_the_start_page_opens_a_recent_file_and_a_new_encounter(start, tmp_path, monkeypatch):
    w = start()  # no recent file: the start page
    page = w.centralWidget()
    asked = []
    monkeypatch.setattr(w.menus.do, "new", lambda: asked.append("new"))
    page.new_button.click()  # Nouvelle rencontre…: the dialog of Fichier › Nouveau…
    assert asked == ["new"] and w.centralWidget() is page
    mine = _saved_demo(tmp_path, "douaratil")
    _remember(mine)
    listed = StartPage(w)  # as the next start lists it, when it cannot open it
    assert list(listed.recent_buttons) == [mine.resolve()]
    listed.recent_buttons[mine.resolve()].click()
    assert w.controller.enc.ruleset == "douaratil" and w.controller.path == mine.resolve()
    assert w.centralWidget() is w.view  # the page left when the encounter opened
    listed.deleteLater()


def test_closing_from_the_start_page_keeps_the_docks_in_the_layout(start):
    w = start()
    assert not w.docks["combat"].isVisible()
    w.close()
    state = QSettings().value("window/state")
    fresh = MainWindow(Controller(starting(None, None)[0]), ScriptedPrompts())
    fresh.restoreState(state)
    assert not fresh.docks["combat"].isHidden()  # saved as the GM had them, not hidden
    fresh.deleteLater()


# The empty encounter ----------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["fr", "en"], indirect=True)
def test_an_empty_encounter_says_how_to_draw_the_map_and_add_combatants(start, lang):
    w = start()
    w.files.new("d20_35", demo=False)  # Fichier › Nouveau…, an empty encounter
    hint = w.empty_hint
    assert isinstance(hint, EmptyMapHint) and hint.isVisible()
    said = " ".join(label.text() for label in hint.findChildren(QLabel))
    edit = {"fr": "Édition", "en": "Edit"}[lang]
    for key in ("edit_map", "grid", "add"):
        entry = w.menus.actions[key].text().replace("&", "")
        assert f"{edit} › {entry}" in said, (key, said)
        assert hint.buttons[key].text() == entry
    native = QKeySequence.SequenceFormat.NativeText
    for key in ("add", "edit_map"):  # with its key, as the menu shows it
        assert w.menus.actions[key].shortcut().toString(native) in said
    start_text = w.turns.start_action.text()  # « Commencer le combat » / "Start combat"
    assert start_text in said and start_text in w.turns.whose_label.text()
    assert not w.turns.start_action.isEnabled()
    corner = hint.mapTo(w, hint.rect().bottomRight())
    assert w.rect().contains(corner)  # whole, inside the window
    shot(w, f"empty_hint_{lang}")
    hint.buttons["edit_map"].click()  # the button does what it says: edit mode, zone tool
    assert w.scene.editing and w.menus.actions["tool_draw"].isChecked()
    w.controller.set_grid(Grid(cell_px=40, snap=True))
    assert not hint.isVisible()  # something on the map: the hint goes
    w.controller.set_grid(None)
    assert hint.isVisible()
    ctl = w.controller
    ogre = roster_edits.blank(ctl.ruleset, ctl.enc, "Ogre", ctl.enc.sides[1].id, None)
    ctl.add_combatants(ogre, 1, None)
    assert not hint.isVisible()


def test_the_turn_line_never_tells_to_press_a_grey_start_button(qtbot, start):
    w = start()
    w.files.new("libre", demo=False)
    panel: TurnPanel = w.turns
    assert not panel.start_action.isEnabled()
    assert "Commencer le combat » pour" not in panel.whose_label.text()
    assert panel.whose_label.text() == panel.no_combatant_hint()
    assert "Ajouter des combattants" in panel.whose_label.text()
    assert panel.start_action.toolTip() == panel.no_combatant_hint()
    ctl = w.controller
    hero = roster_edits.blank(ctl.ruleset, ctl.enc, "Héros", ctl.enc.sides[0].id, None)
    ctl.add_combatants(hero, 1, None)
    assert panel.start_action.isEnabled()
    assert panel.whose_label.text() == "« Commencer le combat » pour lancer l’initiative"
    # one click in the dialog: its main button rolls the missing initiative, then starts
    panel.start_action.trigger()
    dialog = panel.initiative_dialog
    qtbot.addWidget(dialog)
    assert dialog.start_button.text() == "Lancer l’initiative manquante et commencer"
    dialog.start_button.click()
    assert in_combat(ctl.enc) and len(ctl.enc.turn.order) == 1


# Where the data and settings live (item 9) --------------------------------------------------


@pytest.mark.parametrize("lang", ["fr", "en"], indirect=True)
def test_about_and_preferences_say_where_data_and_settings_live(start, lang, tmp_path):
    w = start(demo="libre")
    where = dict(locations())
    assert str(paths.data_path()) in where.values()
    assert os.environ[paths.ENV_VAR] in str(paths.data_path())  # the tests' own folder
    assert QSettings().fileName() in where.values()
    box = about_box(w)
    for folder in where.values():
        assert folder in box.text()
    box.show()
    shot(box, f"about_{lang}")
    box.close()
    prefs = PreferencesDialog(w)
    shown = [label.text() for label in prefs.findChildren(QLabel)]
    for folder in where.values():
        assert folder in shown
    prefs.deleteLater()


def test_the_recovery_is_still_offered_first_and_replaces_the_start_page(
    qtbot, start, data_dir, monkeypatch
):
    """A crash left an autosave: the start page shows, the recovery is offered (as app.run
    does once the window is up) and, taken, the restored encounter takes the page's place."""
    crashed = start(demo="libre")
    crashed.controller.rename("ysolde", "Ysolde la Brave")
    autosave = data_dir / "recovery" / f"{crashed.controller.enc.id}.json"
    qtbot.waitUntil(autosave.is_file, timeout=2000)
    w = start()  # the next start: no recent file, so the start page
    assert isinstance(w.centralWidget(), StartPage)
    monkeypatch.setattr(w, "prompts", ScriptedPrompts(confirm=[True]))
    offer_recovery(w)
    assert w.controller.enc.combatant("ysolde").name == "Ysolde la Brave"
    assert w.centralWidget() is w.view and all(d.isVisible() for d in w.docks.values())
