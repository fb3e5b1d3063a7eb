"""The players' view (issue 21): a second window that follows the GM — a move, a turn, a reveal —
without any input of its own, and never shows a hidden combatant's name or a GM-only number
(every text and tooltip of its items is walked); hiding is one undo entry, drawn faint for the
GM; « Montrer aux joueurs » gives them the GM's part of the map."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMenu

from gui.boot.app import open_encounter
from gui.engine.checks.request import DiceResult
from gui.engine.contract.values import Action
from gui.engine.space.destination import Destination
from gui.player.window import PlayersWindow
from tests.gui.shots import shot
from tests.gui.test_players_filter import players_texts

pytestmark = pytest.mark.gui


@pytest.fixture
def window(laptop_window, lang):
    return laptop_window(open_encounter(None, "libre"))


def players(window, qtbot) -> PlayersWindow:
    window.menus.actions["players_view"].trigger()
    view = window.menus.players.players
    assert view is not None and view.isVisible()
    qtbot.waitExposed(view)
    return view


def texts(view: PlayersWindow) -> str:
    """Every text the players can read: the title, the panel's labels, the items' texts and
    tooltips."""
    return "\n".join(players_texts(view))


def test_it_opens_as_a_second_window_and_takes_no_input(window, qtbot):
    view = players(window, qtbot)
    assert view is not window and view.isWindow()
    assert view.testAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
    assert not view.view.isInteractive()
    assert set(view.scene.token_items) == {c.id for c in window.controller.enc.combatants}
    window.menus.actions["players_view"].trigger()  # F9 again closes it
    qtbot.waitUntil(lambda: window.menus.players.players is None)


def test_it_follows_a_move_a_turn_and_a_reveal(window, qtbot):
    ctl = window.controller
    view = players(window, qtbot)
    ctl.move("brig1", Destination(zone="rive_ouest"), force=True)
    assert view.scene.token_items["brig1"].pos() == window.scene.token_items["brig1"].pos()
    ctl.hide_combatant("chef", True)
    assert "chef" not in view.scene.token_items
    assert window.scene.token_items["chef"].opacity() < 1  # faint for the GM
    entries = ctl.undo_stack.count()
    ctl.hide_combatant("chef", False)  # revealing: one undo entry
    assert ctl.undo_stack.count() == entries + 1 and "chef" in view.scene.token_items
    ctl.undo_stack.undo()
    assert "chef" not in view.scene.token_items
    units = [e.unit for e in ctl.ruleset.turn_units(ctl.enc)]
    ctl.start_combat({u: 20 - i for i, u in enumerate(units)})
    first = view.now.text()
    ctl.next_turn()
    assert view.now.text() != first and "Round 1" in view.round.text()


def test_no_hidden_name_and_no_gm_number_ever_reaches_the_players(window, qtbot):
    ctl = window.controller
    view = players(window, qtbot)
    ctl.hide_combatant("chef", True)
    units = [e.unit for e in ctl.ruleset.turn_units(ctl.enc)]
    ctl.start_combat({u: 20 - i for i, u in enumerate(units)})
    action = Action("damage", "ysolde", "brig1", {"des": "1d4"})
    ctl.resolve(action, DiceResult("aggregate", (), 3))
    for _ in range(len(ctl.enc.turn.order)):
        ctl.next_turn()
        assert "Garin" not in texts(view)  # the hidden chief, never named
        assert "chef" not in view.scene.token_items
        for cid, item in view.scene.token_items.items():
            own = ctl.enc.combatant(cid).side == "compagnie"
            digits = any(re.search(r"\d", badge) for badge in item.badges)
            assert digits == own, (cid, item.badges)  # the players' own numbers only
    assert view.scene.token_items["brig1"].badges == ["Blessé"]  # 6 of 9 left, in words
    assert "6/9" not in texts(view)
    shot(view, "players_view_libre")


def test_show_the_gm_s_part_of_the_map(window, qtbot):
    view = players(window, qtbot)
    window.view.zoom_by(3)
    window.view.centerOn(window.scene.token_items["brig1"])
    window.menus.actions["players_show"].trigger()
    gm = window.view.mapToScene(window.view.viewport().rect()).boundingRect()
    shown = view.view.mapToScene(view.view.viewport().rect()).boundingRect()
    assert shown.contains(gm.center()) and shown.width() < view.scene.content_rect().width()
    window.menus.actions["players_all"].trigger()
    everything = view.view.mapToScene(view.view.viewport().rect()).boundingRect()
    assert everything.contains(view.scene.content_rect().center())


def test_hiding_from_the_context_menu_of_a_token_and_of_a_zone(window, qtbot):
    ctl = window.controller
    menu = QMenu()
    window.map.fill_menu(menu, "token", "brig2", None)
    (hide,) = [a for a in menu.actions() if a.text() == "Caché aux joueurs"]
    hide.trigger()
    assert ctl.enc.combatant("brig2").hidden
    menu = QMenu()
    window.map.fill_menu(menu, "zone", "bosquet", None)
    (hide,) = [a for a in menu.actions() if a.text() == "Caché aux joueurs"]
    hide.trigger()
    assert ctl.enc.map.zone("bosquet").hidden
    view = players(window, qtbot)
    assert "bosquet" not in view.scene.zone_items and "brig2" not in view.scene.token_items
    QApplication.processEvents()


def test_the_players_printed_summary_shows_what_their_view_shows(window, tmp_path):
    from gui.printing.printer import summary_document, write_pdf

    ctl = window.controller
    ctl.hide_combatant("chef", True)
    ctl.resolve(Action("damage", "ysolde", "brig1", {"des": "1d4"}), DiceResult("aggregate", (), 3))
    gm = summary_document(ctl.enc, ctl.ruleset).toPlainText()
    theirs = summary_document(ctl.enc, ctl.ruleset, players=True).toPlainText()
    assert "Garin le Borgne" in gm and "Garin le Borgne" not in theirs
    assert "Blessé" in theirs and "PV 6/9" in gm and "6/9" not in theirs
    assert "PV 24/24" in theirs  # the players' own numbers
    assert "perd 3" in gm and "perd 3" not in theirs  # the log says what, not how it came out
    assert write_pdf(ctl.enc, ctl.ruleset, tmp_path / "joueurs.pdf", players=True) >= 1


@pytest.mark.parametrize("lang", ["fr", "en"], indirect=True)
def test_the_players_view_reads_in_both_languages(window, qtbot, lang):
    ctl = window.controller
    view = players(window, qtbot)
    units = [e.unit for e in ctl.ruleset.turn_units(ctl.enc)]
    ctl.start_combat({u: 20 - i for i, u in enumerate(units)})
    ctl.resolve(Action("damage", "ysolde", "brig1", {"des": "1d4"}), DiceResult("aggregate", (), 3))
    wounded, heading = ("Blessé", "Au tour de") if lang == "fr" else ("Wounded", "Now acting")
    assert view.scene.token_items["brig1"].badges == [wounded]
    assert view.now_heading.text() == heading
    assert view.outcome.text() == ("Dégâts à Brigand 1" if lang == "fr" else "Damage to Brigand 1")
    view.resize(1920, 1080)
    shot(view, f"players_view_{lang}")


def test_the_sheet_and_the_roster_hide_a_combatant_and_mark_the_players_side(window, qtbot):
    from gui.turns.roster_menu import roster_menu

    ctl = window.controller
    ctl.select("brig1")
    box = window.sheet.hidden_box
    assert not box.isChecked()
    box.click()  # the sheet's « Caché aux joueurs »
    assert ctl.enc.combatant("brig1").hidden
    ctl.undo_stack.undo()
    assert not ctl.enc.combatant("brig1").hidden and not box.isChecked()
    model = window.turns.roster_model
    side_row = next(
        model.index(r, 0)
        for r in range(model.rowCount())
        if model.side(model.index(r, 0)).id == "brigands"
    )
    menu = roster_menu(ctl, model, side_row, window.prompts, window)
    (players,) = [a for a in menu.actions() if a.text() == "Camp des joueurs"]
    players.trigger()
    assert ctl.enc.side("brigands").players
    window.menus.players.set_open(True)
    theirs = window.menus.players.players
    assert theirs.scene.token_items["brig1"].badges == ["PV 9/9"]  # their own numbers now


def test_a_hidden_zone_hides_its_foes_everywhere_but_not_the_players_own(window, qtbot, tmp_path):
    """From a newcomer's trial: the players' summary crashed once anything was hidden in a
    fight; a hidden zone's foe was still named in « Ensuite » and in the last outcome; a
    player's character vanished with its zone."""
    from gui.printing.printer import summary_document, write_pdf

    ctl = window.controller
    view = players(window, qtbot)
    units = [e.unit for e in ctl.ruleset.turn_units(ctl.enc)]
    ctl.start_combat({u: 20 - i for i, u in enumerate(units)})
    ctl.move("maelis", Destination(zone="rive_est"), force=True)  # beside Garin the chief
    ctl.hide_zone("rive_est", True)
    ctl.hide_combatant("brig2", True)
    assert "chef" not in view.scene.token_items and "brig2" not in view.scene.token_items
    assert "maelis" in view.scene.token_items  # their own character, where it stands
    assert window.scene.token_items["chef"].opacity() < 1  # faint for the GM
    assert window.scene.token_items["maelis"].opacity() == 1
    assert "Garin" not in view.next.text() and "Brigand 2" not in view.next.text()
    ctl.resolve(Action("damage", "ysolde", "brig1", {"des": "1d4"}), DiceResult("aggregate", (), 2))
    assert view.outcome.isVisible()
    ctl.resolve(Action("damage", "maelis", "chef", {"des": "1d4"}), DiceResult("aggregate", (), 2))
    assert not view.outcome.isVisible()  # what they did not see leaves no line
    theirs = summary_document(ctl.enc, ctl.ruleset, players=True).toPlainText()
    assert "Garin" not in theirs and "Brigand 2" not in theirs and "Maëlis" in theirs
    assert write_pdf(ctl.enc, ctl.ruleset, tmp_path / "joueurs.pdf", players=True) >= 1


def test_a_hidden_combatant_s_roster_row_is_grey_and_says_so(window):
    from PySide6.QtCore import Qt

    ctl = window.controller
    model = window.turns.roster_model
    ctl.hide_combatant("brig1", True)
    row = next(
        model.index(r, 0, side)
        for side in (model.index(s, 0) for s in range(model.rowCount()))
        for r in range(model.rowCount(side))
        if model.data(model.index(r, 0, side), Qt.ItemDataRole.DisplayRole) == "Brigand 1"
    )
    assert model.data(row, Qt.ItemDataRole.ForegroundRole) is not None
    assert "Caché aux joueurs" in model.data(row, Qt.ItemDataRole.ToolTipRole)
