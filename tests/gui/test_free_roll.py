"""Issue 17, deliver 1: a free dice roll in every ruleset (Combat › Jet libre, Ctrl+R): rolled
with the encounter's dice, logged, one undo entry; a bad expression is explained."""

from __future__ import annotations

import pytest

from gui.boot.app import open_encounter

pytestmark = pytest.mark.gui


@pytest.mark.parametrize("ruleset", ["libre", "reserve_menace", "conteur", "attention_donjon"])
def test_a_free_roll_is_rolled_logged_and_undone(laptop_window, ruleset):
    window = laptop_window(open_encounter(None, ruleset))
    window.prompts.answers["text"] = ["2d6+1", "3z"]
    ctl = window.controller
    logged = len(ctl.enc.log)
    window.menus.actions["free_roll"].trigger()
    line = ctl.enc.log[-1]
    assert len(ctl.enc.log) == logged + 1 and line.action == "Jet libre"
    assert len(line.dice) == 2 and int(line.outcome) == sum(line.dice) + 1
    assert line.breakdown == [f"2d6+1 → {line.outcome}"]
    assert window.statusBar().currentMessage() == f"Jet libre 2d6+1 : {line.outcome}"
    window.menus.actions["free_roll"].trigger()  # « 3z »: refused, said, nothing logged
    assert window.prompts.asked[-1][0] == "warn" and len(ctl.enc.log) == logged + 1
    ctl.undo_stack.undo()
    assert len(ctl.enc.log) == logged
