"""Issue 32 on the d20_35 demo, as the GM sees it at 1366×768: Dame Ysolde, mounted on
Tonnerre beside Grommash l'ogre, grabs him — the dialog names the ogre's attack of opportunity
(her mount's squares are hers, and her own mount no soft cover, D35-24, D35-05, D35-11) and
the grab opens its window; Aldric walks away from the ogre — its attack of opportunity is
drawn and judged at the square he left, not where he stopped (D35-11, D35-04)."""

from __future__ import annotations

import pytest

from gui.boot.app import open_encounter
from gui.dialogs.action import open_action_dialog
from gui.engine.space.destination import Destination
from gui.engine.state.model import Position
from gui.map.walls_item import cell_rect
from tests.gui.fakes import type_faces
from tests.gui.shots import shot

pytestmark = pytest.mark.gui


@pytest.fixture
def window(laptop_window, lang):
    table = open_encounter(None, "d20_35")
    for cid in ("ysolde", "tonnerre"):  # Tonnerre's (10–11, 3–4) by the ogre's (12–13, 5–6);
        table.enc.combatant(cid).position = Position(zone="nef", cell=(10, 3))  # hers 3 away
    w = laptop_window(table)
    ctl = w.controller
    units = [e.unit for e in ctl.ruleset.turn_units(ctl.enc)]
    ctl.start_combat({u: 20 - i for i, u in enumerate(units)})
    return w


@pytest.mark.parametrize("lang", ["fr", "en"], indirect=True)
def test_the_mounted_knight_s_grab_offers_the_ogre_its_attack_of_opportunity(window, qtbot, lang):
    ctl = window.controller
    dialog = open_action_dialog(ctl, "ysolde", "ogre", "lutte_saisir", window)
    qtbot.waitExposed(dialog)
    shown = "\n".join(dialog.breakdown.texts())
    said = {"fr": "attaque d’opportunité possible de", "en": "attack of opportunity for"}[lang]
    assert f"{said} Grommash l'ogre" in shown
    type_faces(qtbot, dialog, "18")
    for entry, faces in zip(dialog.more_dice.entries, ("15", "12"), strict=False):
        entry.set_mode("faces")
        entry.faces_edit.setText(faces)
    shot(window, f"d35_rider_grab_window_{lang}")
    dialog.breakdown.table.scrollToBottom()  # the AoO's line, the last of the calculation
    shot(dialog, f"d35_rider_grab_dialog_{lang}")
    dialog.apply()
    assert dialog.resolution is not None, dialog.problem.text()
    assert [(w.kind, w.actor, w.target) for w in ctl.enc.windows] == [
        ("opportunite", "ogre", "ysolde")
    ]
    pending = window.turns.pending
    qtbot.waitUntil(lambda: len(pending.offers.reaction_lists) == 1, timeout=2000)
    shot(window, f"d35_rider_grab_aoo_offered_{lang}")


@pytest.mark.parametrize("lang", ["fr", "en"], indirect=True)
def test_the_ogre_s_attack_of_opportunity_is_drawn_at_the_square_aldric_left(window, qtbot, lang):
    ctl = window.controller
    ctl.move("aldric", Destination(zone="nef", cell=(8, 10)))  # from (10, 6), by the ogre
    assert ctl.enc.combatant("aldric").position.cell == (8, 10)
    aoo = next(w for w in ctl.enc.windows if w.actor == "ogre")
    pending = window.turns.pending
    qtbot.waitUntil(lambda: len(pending.offers.reaction_lists) >= 1, timeout=2000)
    dialog = open_action_dialog(ctl, "ogre", "aldric", "attaquer", window, window=aoo.id)
    qtbot.waitExposed(dialog)
    aim = window.scene.aim_item
    qtbot.waitUntil(aim.isVisible, timeout=2000)
    grid = ctl.enc.map.grid
    assert aim.squares[1] == cell_rect(grid, (10, 6))  # the square left, not (8, 10)
    words = {"fr": "réaction jugée à la case quittée", "en": "reaction judged at the square left"}
    assert words[lang] in aim.text
    shown = "\n".join(dialog.breakdown.texts())
    assert "D35-02" not in shown  # no cover from where Aldric stood
    type_faces(qtbot, dialog, "12")
    shot(window, f"d35_aoo_at_square_left_window_{lang}")
    shot(dialog, f"d35_aoo_at_square_left_dialog_{lang}")
    dialog.reject()
    qtbot.waitUntil(lambda: not aim.isVisible(), timeout=2000)
    plain = open_action_dialog(ctl, "ogre", "aldric", "attaquer", window)  # not a reaction
    qtbot.waitUntil(aim.isVisible, timeout=2000)
    assert aim.squares[1] == cell_rect(grid, (8, 10)) and words[lang] not in aim.text
    plain.reject()
