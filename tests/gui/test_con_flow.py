"""Issue 5 flow on the conteur demo, as the GM runs it: declarations, the initiative roll,
a pistol shot at the ghoul behind the car with typed dice, damage through the bodywork,
soak, the health track marked and the wound penalty in the ghoul's next pool; undo."""

import msgspec
import pytest
from PySide6.QtCore import Qt

from gui.boot.app import open_encounter
from gui.control.controller import Controller
from gui.dialogs.action import ActionDialog
from gui.sheets.track import TrackWidget
from tests.gui.shots import shot

pytestmark = pytest.mark.gui


@pytest.fixture
def ctl():
    return Controller(open_encounter(None, "conteur"))


def dump(ctl):
    return {k: v for k, v in msgspec.to_builtins(ctl.enc).items() if k != "dice"}


def dialog_for(qtbot, ctl, kind, actor, target=None, options=None):
    dialog = ActionDialog(ctl, actor, target, kind)
    qtbot.addWidget(dialog)
    for key, value in (options or {}).items():
        dialog.choice.option_editors[key].show_value(value)
    dialog.refresh()
    return dialog


def apply_faces(ctl, dialog, faces):
    """Type the physical dice, apply, and check that one undo entry undoes and redoes it."""
    dialog.dice.set_mode("faces")
    dialog.dice.faces_edit.setText(faces)
    before = dump(ctl)
    dialog.apply()
    assert dialog.resolution is not None, dialog.problem.text()
    after = dump(ctl)
    ctl.undo_stack.undo()
    assert dump(ctl) == before
    ctl.undo_stack.redo()
    assert dump(ctl) == after
    return dialog.resolution


def declare_everyone(ctl, actions):
    mode = ctl.table.mode()
    while True:
        entry = ctl.enc.turn.order[ctl.enc.turn.current]
        ctl.turn_step("declare", unit=entry.unit, actions=actions.get(entry.unit, ["Attendre"]))
        if mode.needs_initiative(ctl.enc.turn):
            return
        ctl.next_turn()


def test_declare_roll_shoot_through_cover_soak_and_wound_penalty(qtbot, ctl):
    loaded = dump(ctl)
    ctl.start_combat()
    turn = ctl.enc.turn
    assert (turn.phase, turn.round) == ("declare", 1)
    # CON-03: declarations in descending score (Dextérité + Astuce): Mireille 4 + 3 first.
    assert turn.order[0].unit == "mireille"
    declare_everyone(ctl, {"mireille": ["Tirer sur Gaspard"], "gaspard": ["Tirer sur Mireille"]})
    # CON-04: d10 + score; each action takes its place, highest first.
    rolls = {e.unit: 5 for e in ctl.enc.turn.order} | {"mireille": 9, "gaspard": 2}
    ctl.turn_step("begin_act", rolls=rolls)
    order = ctl.enc.turn.order
    assert (order[0].unit, order[0].initiative, order[0].declared) == (
        "mireille",
        16,
        ["Tirer sur Gaspard"],
    )
    gaspard_first = next(e for e in order if e.unit == "gaspard").initiative
    assert gaspard_first == 2 + 3 + 3

    # The heavy pistol (range 30 m) at Gaspard behind the car: 14 m along the alley → 6.
    dialog = dialog_for(qtbot, ctl, "attaquer", "mireille", "gaspard")
    texts = dialog.breakdown.texts()
    assert any("14 m" in t for t in texts), texts
    assert dialog.choice.option_editors["distance"].value() == 14
    assert ctl.table.preview(dialog.choice.action()).computed == {"des": 7, "difficulte": 6}
    dialog.resize(760, 820)
    shot(dialog, "conteur_attack_dialog")
    result = apply_faces(ctl, dialog, "7 8 3 1 9 2 2")  # 3 successes − one 1 = 2
    assert "Touché (2 succès)" in result.outcome_fr

    # Damage: 5 + 1 extra success die (CON-21) = 6d10; the bodywork takes 3 (CON-31).
    dialog = dialog_for(qtbot, ctl, "degats", "mireille", "gaspard", {"abri": "carrosserie"})
    result = apply_faces(ctl, dialog, "6 7 8 9 10 2")
    assert "2 niveau(x)" in result.outcome_fr

    # Gaspard (a ghoul, other supernatural) soaks lethal at 6 with Vigueur + Force d'âme.
    dialog = dialog_for(qtbot, ctl, "absorber", "gaspard")
    assert ctl.table.preview(dialog.choice.action()).computed == {"des": 4, "difficulte": 6}
    result = apply_faces(ctl, dialog, "1 2 3 4")
    assert ctl.enc.combatant("gaspard").tracks["sante"].marks[:3] == ["L", "L", ""]
    assert "Blessé légèrement" in result.outcome_fr

    # The sheet's health grid shows the lethal glyphs (CFG-CON-10), and the wound penalty
    # (−1, A-CON-2) is in Gaspard's next attack pool.
    ctl.select("gaspard")
    dialog = dialog_for(qtbot, ctl, "attaquer", "gaspard", "mireille")
    assert any("blessure" in t and "-1" in t for t in dialog.breakdown.texts())
    assert ctl.table.preview(dialog.choice.action()).computed["des"] == 3 + 3 - 1

    # The app rolls Gaspard's 5 dice (G-1 a): the faces are logged with the outcome.
    qtbot.mouseClick(dialog.dice.roll_button, Qt.MouseButton.LeftButton)
    faces = dialog.dice.result().faces
    assert len(faces) == 5 and all(1 <= f <= 10 for f in faces)
    dialog.apply()
    assert ctl.enc.log[-1].dice == list(faces)
    net = sum(f >= 6 for f in faces) - faces.count(1)
    assert ("Touché" in dialog.resolution.outcome_fr) == (net >= 1)

    # Undo walks back through every step to the loaded demo.
    while ctl.undo_stack.canUndo():
        ctl.undo_stack.undo()
    assert dump(ctl) == loaded


def test_sheet_health_grid_shows_levels_glyphs_and_the_penalty(qtbot, ctl):
    """A-CON-2, CFG-CON-10: the sheet lists the levels with their penalty and draws the
    marks as glyphs; the text's own marks (/, /, x) with the flag's alternative."""
    from gui.window.main_window import MainWindow
    from tests.gui.fakes import ScriptedPrompts

    window = MainWindow(ctl, ScriptedPrompts())
    # Teardown closes the window: answer its unsaved-changes question with "discard".
    qtbot.addWidget(window, before_close_func=lambda w: w.controller.undo_stack.setClean())
    window.resize(1300, 850)
    window.show()
    qtbot.waitExposed(window)
    ctl.set_track("gaspard", "sante", ["A", "L", "B", "", "", "", ""])
    ctl.select("gaspard")
    grid = next(w for w in window.findChildren(TrackWidget) if w.spec.key == "sante")
    assert [grid.level(i) for i in (0, 1, 5, 6)] == [
        ("Contusionné", ""),
        ("Blessé légèrement", "−1"),
        ("Handicapé", "−5"),
        ("Invalide", "aucune action"),
    ]
    assert [grid.shown(i) for i in range(4)] == ["✱", "X", "/", ""]
    shot(window, "conteur_main_window")
    ctl.set_flags({"CFG-CON-10": "texte"})
    assert [grid.shown(i) for i in range(4)] == ["x", "/", "/", ""]
    # The badge shows the level reached and its penalty (Blessé: −1).
    assert ctl.ruleset.badges(ctl.enc, ctl.enc.combatant("gaspard"))[0].startswith("Blessé (-1)")
