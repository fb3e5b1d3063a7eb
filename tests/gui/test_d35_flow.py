"""Issue 20's flows on the d20_35 demo (« La crypte de l'abbé Morlaix »), as the GM runs them:
Aldric steps up to the ogre and the drag opens its attack of opportunity (D35-11), offered in
the combat dock, taken with typed dice, the move and the blow one undo entry; Isaure's attack
on a skeleton flanked with Dame Ysolde names them both (D35-66, D35-67); Frère Anselme's shot
past the pillar draws its lines and the cover they give (D35-01); a zombie grabs him and he
escapes (D35-55 to D35-60)."""

from __future__ import annotations

import msgspec
import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLabel, QPushButton

from gui.boot.app import open_encounter
from gui.dialogs.action import ActionDialog, open_action_dialog
from tests.gui.fakes import type_faces
from tests.gui.shots import shot

pytestmark = pytest.mark.gui


@pytest.fixture
def window(laptop_window, lang):
    w = laptop_window(open_encounter(None, "d20_35"))
    ctl = w.controller
    units = [e.unit for e in ctl.ruleset.turn_units(ctl.enc)]
    ctl.start_combat({u: 20 - i for i, u in enumerate(units)})  # Aldric first
    return w


def dump(ctl):
    return {k: v for k, v in msgspec.to_builtins(ctl.enc).items() if k != "dice"}


def drag(window, cid, cell):
    """Drag a Medium token by the mouse from its square's centre to `cell`'s."""
    token, view = window.scene.token_items[cid], window.view
    port = view.viewport()
    x, y = cell[0] * 40 + 20, cell[1] * 40 + 20
    QTest.mousePress(port, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     view.mapFromScene(token.pos()))  # fmt: skip
    QTest.mouseMove(port, view.mapFromScene(QPointF((token.pos().x() + x) / 2, y)))
    QTest.mouseMove(port, view.mapFromScene(QPointF(x, y)))
    QTest.mouseRelease(port, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                       view.mapFromScene(QPointF(x, y)))  # fmt: skip


def terms_shown(dialog):
    return dialog.breakdown.texts()


@pytest.mark.parametrize("lang", ["fr", "en"], indirect=True)
def test_a_drag_in_the_ogre_s_reach_opens_its_attack_of_opportunity(window, qtbot, lang):
    ctl = window.controller
    start, entries = dump(ctl), ctl.undo_stack.count()
    drag(window, "aldric", (11, 6))  # from (10, 6), a square the ogre's 3 m reach threatens
    assert ctl.enc.combatant("aldric").position.cell == (11, 6)
    (aoo,) = ctl.enc.windows
    assert (aoo.kind, aoo.actor, aoo.target) == ("opportunite", "ogre", "aldric")
    pending = window.turns.pending
    qtbot.waitUntil(lambda: len(pending.offers.reaction_lists) == 1, timeout=2000)
    assert pending.isVisible()
    (reactions,) = pending.offers.reaction_lists
    assert reactions.count() == 1 and "Grommash" in reactions.itemText(0)
    said = {
        "fr": "Aldric baisse sa garde dans une case que Grommash l'ogre contrôle :"
        " attaque d'opportunité",
        "en": "Aldric drops its guard in a square Grommash l'ogre threatens: attack of opportunity",
    }[lang]
    assert said in [label.text() for label in pending.findChildren(QLabel)]
    react = next(b for b in pending.findChildren(QPushButton) if b.text() in ("Réagir", "React"))
    shot(window, f"d35_aoo_offered_{lang}")
    qtbot.mouseClick(react, Qt.MouseButton.LeftButton)
    dialog = window.findChildren(ActionDialog)[-1]
    assert dialog.choice.window == aoo.id
    type_faces(qtbot, dialog, "18")
    shot(dialog, f"d35_aoo_dialog_{lang}")
    dialog.apply()
    assert dialog.resolution is not None and dialog.resolution.success, dialog.problem.text()
    assert ctl.enc.windows == []
    qtbot.waitUntil(lambda: not pending.offers.reaction_lists, timeout=2000)
    assert ctl.undo_stack.count() == entries + 1  # the move and its blow: one gesture
    ctl.undo_stack.undo()
    assert dump(ctl) == start


@pytest.mark.parametrize("lang", ["fr", "en"], indirect=True)
def test_a_flanked_attack_names_the_two_flankers(window, qtbot, lang):
    ctl = window.controller
    dialog = open_action_dialog(ctl, "isaure", "squelette_1", "attaquer", window)
    qtbot.waitExposed(dialog)
    shown = "\n".join(terms_shown(dialog))
    flank = {"fr": "prise en tenaille : Isaure et ", "en": "flanking: Isaure and "}[lang]
    assert f"D35-67 {flank}Tonnerre +2" in shown or f"D35-67 {flank}Dame Ysolde +2" in shown
    assert "D35-66" in shown
    shot(window, f"d35_flanking_{lang}")
    dialog.reject()


@pytest.mark.parametrize("lang", ["fr", "en"], indirect=True)
def test_a_shot_past_the_pillar_draws_its_lines_and_the_cover(window, qtbot, lang):
    ctl = window.controller
    aim = window.scene.aim_item
    dialog = open_action_dialog(ctl, "anselme", "squelette_2", "attaquer", window)
    dialog.choice.option_editors["arme"].show_value("1")  # the light crossbow
    dialog.refresh()
    qtbot.waitUntil(aim.isVisible, timeout=2000)
    cover = {"fr": "Abri (D35-01)", "en": "Cover (D35-01)"}[lang]
    assert cover in aim.text and aim.rings  # the pillar's square ringed
    assert any("D35-02" in t and "4" in t for t in terms_shown(dialog))  # +4 CA
    shot(window, f"d35_cover_{lang}")
    dialog.reject()
    qtbot.waitUntil(lambda: not aim.isVisible(), timeout=2000)


@pytest.mark.parametrize("lang", ["fr", "en"], indirect=True)
def test_a_zombie_grabs_the_cleric_and_he_escapes(window, qtbot, lang):
    ctl = window.controller
    grab = open_action_dialog(ctl, "zombie_1", "anselme", "lutte_saisir", window)
    qtbot.waitExposed(grab)
    type_faces(qtbot, grab, "19")  # the touch attack
    for entry, faces in zip(grab.more_dice.entries, ("18", "3"), strict=False):
        entry.set_mode("faces")
        entry.faces_edit.setText(faces)
    shot(grab, f"d35_grab_{lang}")
    grab.apply()
    assert grab.resolution is not None and grab.resolution.success, grab.problem.text()
    held = {s.key for s in ctl.enc.combatant("anselme").states}
    assert "lutte" in held
    escape = open_action_dialog(ctl, "anselme", "zombie_1", "lutte_echapper", window)
    qtbot.waitExposed(escape)
    type_faces(qtbot, escape, "20")
    for entry in escape.more_dice.entries:
        entry.set_mode("faces")
        entry.faces_edit.setText("1")
    escape.apply()
    assert escape.resolution is not None, escape.problem.text()
    assert escape.resolution.success, escape.resolution.outcome_fr
    assert "lutte" not in {s.key for s in ctl.enc.combatant("anselme").states}


def test_a_lone_creature_of_a_group_gets_no_outline(window):
    """The ogre alone, a zombie alone in the caveau: no « Ogre ×1 » drawn; the skeletons in the
    nef are outlined together."""
    labels = [item.label for item in window.scene.group_items.values()]
    assert labels and not any(label.endswith("×1") for label in labels), labels


@pytest.mark.parametrize("lang", ["fr", "en"], indirect=True)
def test_the_dice_total_shows_the_bonus_it_is_compared_with(window, qtbot, lang):
    """« Total : 14 » beside « Nombre à atteindre : 15 » read as a miss for a +5 attack: the
    dice entry adds the bonus the rules add (Preview.dice_bonus)."""
    ctl = window.controller
    dialog = open_action_dialog(ctl, "aldric", "ogre", "attaquer", window)
    qtbot.waitExposed(dialog)
    bonus = dialog.preview.dice_bonus
    assert bonus == dialog.preview.computed["bonus"] != 0
    type_faces(qtbot, dialog, "14")
    sign, colon = ("+" if bonus > 0 else "−"), {"fr": " :", "en": ":"}[lang]
    assert dialog.dice.total_label.text() == f"Total{colon} 14 {sign} {abs(bonus)} = {14 + bonus}"
    shot(dialog, f"d35_dice_total_{lang}")
    dialog.reject()
