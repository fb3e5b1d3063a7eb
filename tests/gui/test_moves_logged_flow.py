"""Moves in the journal by mouse (issue 33, item 7): a token dragged to another zone writes
its line in the log panel and the printed summary, in the interface's language, and
« Annuler » takes both back."""

import html

import pytest
from PySide6.QtCore import QPointF

from gui.boot.app import open_encounter
from gui.printing.summary import summary_html
from tests.gui.fakes import drag
from tests.gui.shots import shot

pytestmark = pytest.mark.gui

SAID = {
    "fr": "R0 · Ysolde la Rousse se déplace vers « Le gué » (6 m)",
    "en": "R0 · Ysolde la Rousse moves to 'Le gué' (6 m)",
}


@pytest.mark.parametrize("lang", ["fr", "en"], indirect=True)
def test_a_dragged_token_s_move_shows_in_the_log_panel(laptop_window, qtbot, lang):
    window = laptop_window(open_encounter(None, "libre"))
    ctl, view = window.controller, window.log.view
    cid = "ysolde"
    assert ctl.enc.combatant(cid).position.zone == "rive_ouest"
    entries, rows = ctl.undo_stack.count(), view.model().rowCount()
    token = window.scene.token_items[cid]
    ford = ctl.enc.map.zone("gue").rect
    drag(
        window.view,
        token.sceneBoundingRect().center(),
        QPointF(ford.x + ford.width / 2, ford.y + ford.height / 2),
    )
    qtbot.waitUntil(lambda: ctl.enc.combatant(cid).position.zone == "gue")
    assert ctl.undo_stack.count() == entries + 1  # the move and its line: one undo entry
    assert view.model().rowCount() == rows + 1
    last = view.model().index(rows, 0)
    assert last.data() == SAID[lang]
    printed = html.unescape(summary_html(ctl.enc, ctl.ruleset, None))
    assert SAID[lang].removeprefix("R0 · ") in printed
    shot(window, f"move_logged_{lang}")
    ctl.undo_stack.undo()
    assert ctl.enc.combatant(cid).position.zone == "rive_ouest"
    assert view.model().rowCount() == rows and len(ctl.enc.log) == rows
