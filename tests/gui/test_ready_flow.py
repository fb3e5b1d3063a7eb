"""« Préparer… » in the combat dock (ranked initiative): the GM types the trigger, the acting
unit waits with its readied action (⚑ and the trigger in the order), one undo entry; in
d20_35 it spends the standard action (D35-64); « Agir maintenant » brings it back."""

from __future__ import annotations

import pytest

from gui.boot.app import open_encounter
from gui.control.controller import Controller
from gui.turns.columns import MARK
from gui.turns.panel import TurnPanel

pytestmark = pytest.mark.gui


class Typing:
    """Answers the trigger's question with `said` (None: the GM cancels)."""

    def __init__(self, said: str | None) -> None:
        self.said = said

    def text(self, title: str, label: str, value: str = "") -> str | None:
        return self.said

    def confirm(self, title: str, text: str, yes: str = "") -> bool:
        return True

    def warn(self, title: str, text: str) -> None:
        raise AssertionError(text)


def _panel(qtbot, said: str | None) -> TurnPanel:
    ctl = Controller(open_encounter(None, "d20_35"))
    units = [e.unit for e in ctl.ruleset.turn_units(ctl.enc)]
    ctl.start_combat({u: 20 - i for i, u in enumerate(units)})  # Aldric first
    panel = TurnPanel(ctl, Typing(said))
    qtbot.addWidget(panel)
    panel.show()
    return panel


def test_d35_64_ready_from_the_dock_spends_the_standard_action(qtbot):
    panel = _panel(qtbot, "Si un squelette entre dans la nef")
    ctl = panel.ctl
    entries = ctl.undo_stack.count()
    assert panel.mode_actions.ready.isEnabled()
    panel.mode_actions.ready.trigger()
    aldric = ctl.enc.turn.order[0]
    assert aldric.unit == "aldric" and aldric.ready == "Si un squelette entre dans la nef"
    assert panel.order_model.index(0, MARK).data() == "⚑ Si un squelette entre dans la nef"
    assert ctl.undo_stack.count() == entries + 1
    assert ctl.undo_stack.undoText() == "Aldric prépare une action"
    assert any(s.key == "pret" for s in ctl.enc.combatant("aldric").states)  # D35-64
    ctl.undo_stack.undo()
    assert not ctl.enc.turn.order[0].ready
    assert not any(s.key == "pret" for s in ctl.enc.combatant("aldric").states)


def test_a_cancelled_trigger_readies_nothing(qtbot):
    panel = _panel(qtbot, None)
    entries = panel.ctl.undo_stack.count()
    panel.mode_actions.ready.trigger()
    assert panel.ctl.undo_stack.count() == entries and not panel.ctl.enc.turn.order[0].ready
