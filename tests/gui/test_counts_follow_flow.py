"""Counts follow the fight in the window (issue 34, item 4): after three of reserve_menace's six
minor extras fall (RM-17, RM-39), the turn order, « Peuvent encore agir » and the map's group
outline count those still standing; undo brings the count back."""

from __future__ import annotations

import pytest

from gui.boot.app import open_encounter
from gui.engine.state.model import State
from gui.turns.columns import NAME
from tests.gui.shots import shot

pytestmark = pytest.mark.gui


def _names(w) -> list[str]:
    model = w.turns.order_model
    return [model.index(r, NAME).data() for r in range(model.rowCount())]


def _group_labels(w) -> dict[str, str]:
    return {key[0]: item.label for key, item in w.scene.group_items.items()}


@pytest.mark.parametrize("lang", ["fr", "en"], indirect=True)
def test_fallen_minors_leave_every_count(laptop_window, lang):
    w = laptop_window(open_encounter(None, "reserve_menace"))
    ctl = w.controller
    minors = [c for c in ctl.enc.combatants if c.tier == "mineur"]
    assert len(minors) == 6
    words = {"fr": "Figurants mineurs", "en": "Minor extras"}[lang]
    ctl.start_combat(None, first_side="compagnie")
    assert f"{words} ×6" in _names(w)
    zone = minors[0].position.zone
    fallen = [c for c in minors if c.position.zone == zone]
    assert len(fallen) == 3  # the demo's first room holds three of them
    before = _group_labels(w)[zone]
    assert before.endswith("×3")
    for c in fallen:
        ctl.add_condition(c.id, State(key="terrasse", label="Terrassé"))
    assert f"{words} ×3" in _names(w) and f"{words} ×6" not in _names(w)
    assert _group_labels(w)[zone] == words  # all three down: no « ×3 » left on the map
    ctl.turn_step("give_initiative", side=minors[0].side)
    able = {"fr": "Peuvent encore agir", "en": "Can still act"}[lang]
    detail = w.turns.detail_label.text()
    assert f"{able}" in detail and f"{words} ×3" in detail and "×6" not in detail
    shot(w, f"counts_follow_{lang}")
    for _ in range(len(fallen) + 1):
        ctl.undo_stack.undo()
    assert f"{words} ×6" in _names(w) and _group_labels(w)[zone] == before
