"""Issue 32's dramatic moments on the d20_35 demo, as the GM runs them at 1366×768 in both
languages: Aldric's natural 19 with his longsword (19–20/×2) asks the confirmation as the
attack's second roll, confirmed it is a critical and « Suite » deals ×2 damage (A-D35-1);
Aldric dying at −3 hp is struck by a skeleton at his helpless CA, the number to reach the
effective one (D35-21); the skeleton's coup de grâce kills him on a failed Fortitude save
DC 10 + damage (D35-22). The dialogs are grabbed to PNG ($ESCARMOUCHE_SHOTS) to be looked at."""

from __future__ import annotations

import pytest

from gui.boot.app import open_encounter
from gui.dialogs.action import open_action_dialog
from gui.engine.rulesets.d20_35 import sheet
from tests.gui.fakes import type_faces
from tests.gui.shots import shot

pytestmark = pytest.mark.gui


def _window(laptop_window, edit):
    """The demo's main window, the encounter edited by `edit` first, then the fight started."""
    table = open_encounter(None, "d20_35")
    edit(table.enc)
    w = laptop_window(table)
    ctl = w.controller
    units = [e.unit for e in ctl.ruleset.turn_units(ctl.enc)]
    ctl.start_combat({u: 20 - i for i, u in enumerate(units)})  # Aldric first
    return w


def _place(enc, cid, cell):
    c = enc.combatant(cid)
    c.position = c.position.replace(cell=cell)


def _dialog(window, qtbot, actor, target, kind):
    dialog = open_action_dialog(window.controller, actor, target, kind, window)
    qtbot.waitExposed(dialog)
    return dialog


def _type_more(qtbot, dialog, *faces):
    for entry, text in zip(dialog.more_dice.entries, faces, strict=True):
        entry.set_mode("faces")
        entry.faces_edit.clear()
        qtbot.keyClicks(entry.faces_edit, text)


@pytest.mark.parametrize("lang", ["fr", "en"], indirect=True)
def test_a_natural_19_with_a_longsword_asks_the_confirmation_and_doubles(
    laptop_window, qtbot, lang
):
    # Aldric next to the ogre (CA 16): +7, a 19 hits and threatens.
    window = _window(laptop_window, lambda enc: _place(enc, "aldric", (11, 6)))
    dialog = _dialog(window, qtbot, "aldric", "ogre", "attaquer")
    (confirm,) = dialog.more_dice.entries
    named = {
        "fr": "Confirmation du critique (si menace)",
        "en": "Critical confirmation (if a threat)",
    }
    assert confirm.title().startswith(named[lang])
    note = {"fr": "critique (menace 19–20/×2, confirmée)", "en": "critical (threat 19–20/×2"}
    assert note[lang] in dialog.breakdown.note_label.text()
    type_faces(qtbot, dialog, "19")
    _type_more(qtbot, dialog, "15")  # 15 + 7 ≥ 16: confirmed
    shot(dialog, f"d35_critical_confirmation_{lang}")
    dialog.apply()
    resolution = dialog.resolution
    assert resolution is not None and resolution.success and resolution.critical
    said = {"fr": "critique confirmé", "en": "critical hit confirmed"}[lang]
    assert said in dialog.outcome.text()
    shot(dialog, f"d35_critical_outcome_{lang}")
    damage = dialog.open_next()
    qtbot.waitExposed(damage)
    assert damage.choice.option_editors["critique"].value() is True  # carried by « Suite »
    assert str(damage.preview.dice.expr) == "2d8+6"  # (1d8 + 3) × 2
    shot(damage, f"d35_critical_damage_{lang}")


@pytest.mark.parametrize("lang", ["fr", "en"], indirect=True)
def test_the_dying_knight_is_struck_helpless_then_given_the_coup_de_grace(
    laptop_window, qtbot, lang
):
    def dying(enc):
        enc.combatant("aldric").stats["pv"] = -3
        _place(enc, "squelette_1", (9, 6))  # next to Aldric at (10, 6)

    window = _window(laptop_window, dying)
    ctl = window.controller
    attack = _dialog(window, qtbot, "squelette_1", "aldric", "attaquer")
    assert attack.preview.target_number == 8  # CA 12 (Dex counted as 0), −4 in melee
    effective = {"fr": "CA effective contre le corps à corps", "en": "effective AC against melee"}
    assert any(effective[lang] in row and row.endswith("8") for row in attack.breakdown.texts())
    shot(attack, f"d35_helpless_attack_{lang}")
    shot(window, f"d35_helpless_window_{lang}")
    attack.reject()
    offered = {s.kind for s in ctl.ruleset.actions(ctl.enc, "squelette_1", "aldric")}
    assert "coup_de_grace" in offered
    dialog = _dialog(window, qtbot, "squelette_1", "aldric", "coup_de_grace")
    assert str(dialog.preview.dice.expr) == "2d6+2"  # the scimitar's critical
    type_faces(qtbot, dialog, "1 1")  # 4 damage: −7 hp, DC 14
    _type_more(qtbot, dialog, "5")  # 5 + 8 = 13: failed
    shot(dialog, f"d35_coup_de_grace_{lang}")
    dialog.apply()
    assert dialog.resolution is not None and dialog.resolution.critical, dialog.problem.text()
    said = {"fr": "il meurt", "en": "it dies"}[lang]
    assert said in dialog.outcome.text()
    assert sheet.status(ctl.enc.combatant("aldric")) == "mort"
    shot(dialog, f"d35_coup_de_grace_outcome_{lang}")
    shot(window, f"d35_coup_de_grace_window_{lang}")
