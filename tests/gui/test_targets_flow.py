"""Issue 34 (items 1–3) as the GM plays, in French and English at 1366×768: the action dialog
opened with A acts for whoever holds the turn (not the sheet selected), aims at a foe in the
fight (not the extra Terrassé since, marked « (hors de combat) » in the list), and its target
follows the action chosen (Alimenter une Réserve: no foe); a hit's window offers its steps
only (Encaisser, not Attaquer beside it); conteur's damage offers the target's soak in one
click (« Suite : Absorber »). Grabs to $ESCARMOUCHE_SHOTS/escarmouche/targets_*.png."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QPainter, QPixmap
from PySide6.QtWidgets import QComboBox, QListView

from gui.boot.app import open_encounter
from gui.dialogs.action import ActionDialog
from gui.engine.state.model import State
from gui.window.action_menu import action_menu
from tests.gui.fakes import type_faces
from tests.gui.mutations import start
from tests.gui.shots import shot

pytestmark = pytest.mark.gui

OUT = {"fr": "Contrebandier 1 (hors de combat)", "en": "Contrebandier 1 (out of the fight)"}
ENCAISSER = {"fr": "Encaisser", "en": "Absorb the hit"}  # the action
OFFERED = {"fr": "Suite : Encaisser", "en": "Next: Absorb"}  # the window's step
SOAK = {"fr": "&Suite : Absorber", "en": "&Next: Soak"}


def list_shot(dialog: ActionDialog, combo: QComboBox, name: str) -> None:
    """The dialog with `combo`'s list drawn open under it (offscreen, a popup only warns)."""
    path = shot(dialog, name)
    view = QListView()
    view.setModel(combo.model())
    view.resize(combo.width(), view.sizeHintForRow(0) * combo.count() + 4)
    image = QPixmap(str(path))
    painter = QPainter(image)
    painter.drawPixmap(combo.mapTo(dialog, QPoint(0, combo.height())), view.grab())
    painter.end()
    assert image.save(str(path))


def shown(window) -> list[ActionDialog]:
    return [d for d in window.findChildren(ActionDialog) if d.isVisible()]


def pick_kind(dialog: ActionDialog, kind: str) -> None:
    """Click the action `kind` in the dialog's list."""
    kinds = [s.kind for s in dialog.choice.specs]
    dialog.choice.action_list.setCurrentRow(kinds.index(kind))


def listed(dialog: ActionDialog) -> list[str]:
    actions = dialog.choice.action_list
    return [actions.item(i).text() for i in range(actions.count())]


def target_texts(dialog: ActionDialog) -> dict[str, str]:
    combo = dialog.choice.target_combo
    return {combo.itemData(i): combo.itemText(i) for i in range(1, combo.count())}


@pytest.mark.parametrize("lang", ["fr", "en"], indirect=True)
def test_rm_a_passe_attack_then_encaisser_without_a_refused_default(laptop_window, qtbot, lang):
    window = laptop_window(open_encounter(None, "reserve_menace"))
    ctl = window.controller
    start(ctl)  # RM-20: the Compagnie holds the initiative
    ctl.add_condition("contrebandier_1", State(key="terrasse", label="Terrassé"))
    ctl.last_target = "contrebandier_1"  # the last blow felled it
    ctl.select("maitre")  # the GM looked at the Maître's sheet
    window.menus.actions["action"].trigger()  # A
    (dialog,) = shown(window)
    choice = dialog.choice
    # Whoever holds the turn acts (RM-20), at a foe still in the fight (RM-39).
    assert choice.actor_id() == "valeria"
    target = choice.target_id()
    assert target not in (None, "contrebandier_1")
    assert ctl.enc.combatant(target).side == "contrebandiers"
    assert target_texts(dialog)["contrebandier_1"] == OUT[lang]
    assert choice.target_combo.itemData(
        choice.target_combo.findData("contrebandier_1"), Qt.ItemDataRole.ToolTipRole
    )  # greyed, why in its tooltip
    assert not dialog.force_check.isVisible() and not dialog.problem.isVisible()
    shot(dialog, f"targets_rm_attack_{lang}")
    list_shot(dialog, choice.target_combo, f"targets_rm_list_{lang}")
    # Alimenter une Réserve aims at oneself or an ally (RM-15): the foe does not stay.
    pick_kind(dialog, "alimenter")
    assert choice.target_id() is None and dialog.apply_button.isEnabled()
    pick_kind(dialog, "attaquer")
    assert ctl.enc.combatant(choice.target_id()).side == "contrebandiers"
    # The extra Terrassé may still be picked: refused until « Passer outre » (G-3).
    choice.target_combo.setCurrentIndex(choice.target_combo.findData("contrebandier_1"))
    assert dialog.force_check.isVisible() and not dialog.apply_button.isEnabled()
    choice.target_combo.setCurrentIndex(choice.target_combo.findData("maitre"))
    assert not dialog.force_check.isVisible()
    type_faces(qtbot, dialog, "12", mode="aggregate")
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    assert dialog.resolution is not None and dialog.resolution.success
    # The hit's window: Encaisser one click away; in its dialog, only the window's steps.
    (step,) = dialog.offers.buttons[:1]
    assert step.text().startswith(OFFERED[lang])
    qtbot.mouseClick(step, Qt.MouseButton.LeftButton)
    (absorb,) = shown(window)
    assert absorb.choice.actor_id() == "maitre"
    assert listed(absorb) == [ENCAISSER[lang]]  # not Attaquer, Alimenter… beside it
    actors = absorb.choice.actor_combo
    # Who may act in it: the target (Encaisser), the attacker (Désarmer instead, RM-59), its
    # allies still in the fight (Protéger, RM-49) — not the Compagnie's others, not the felled.
    ids = {actors.itemData(i) for i in range(actors.count())}
    assert ids == {"maitre", "valeria"} | {f"contrebandier_{n}" for n in range(2, 7)}
    shot(absorb, f"targets_rm_encaisser_{lang}")
    absorb.close()


def _conteur_acting(laptop_window):
    """The conteur demo with declarations made and initiatives rolled: Mireille acts."""
    window = laptop_window(open_encounter(None, "conteur"))
    ctl = window.controller
    ctl.start_combat()
    mode = ctl.table.mode()
    while True:
        entry = ctl.enc.turn.order[ctl.enc.turn.current]
        ctl.turn_step("declare", unit=entry.unit, actions=["Frapper"])
        if mode.needs_initiative(ctl.enc.turn):
            break
        ctl.next_turn()
    rolls = {e.unit: 5 for e in ctl.enc.turn.order} | {"mireille": 9}
    ctl.turn_step("begin_act", rolls=rolls)
    return window


def _apply_faces(qtbot, dialog: ActionDialog, face: int) -> None:
    count = dialog.preview.dice.expr.count
    type_faces(qtbot, dialog, " ".join([str(face)] * count))
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    assert dialog.resolution is not None, dialog.problem.text()


@pytest.mark.parametrize("lang", ["fr", "en"], indirect=True)
def test_con_attack_damage_then_the_target_s_soak_one_click_each(laptop_window, qtbot, lang):
    window = _conteur_acting(laptop_window)
    ctl = window.controller
    ctl.select("gaspard")  # a foe's sheet selected: Mireille still acts (her action's turn)
    window.menus.actions["action"].trigger()
    (attack,) = shown(window)
    assert attack.choice.actor_id() == "mireille"
    foe = attack.choice.target_id()
    assert foe is not None and ctl.enc.combatant(foe).side != "coterie"
    pick_kind(attack, "attaquer")
    _apply_faces(qtbot, attack, 8)
    assert attack.resolution.success
    assert attack.next_button.isVisible()
    qtbot.mouseClick(attack.next_button, Qt.MouseButton.LeftButton)  # Suite : Dommages
    (damage,) = shown(window)
    assert damage.choice.spec().kind == "degats"
    _apply_faces(qtbot, damage, 8)
    # CON-24: the damage dealt is soaked by the target: offered, one click.
    assert damage.next_button.isVisible() and damage.next_button.text() == SOAK[lang]
    shot(damage, f"targets_con_damage_soak_{lang}")
    qtbot.mouseClick(damage.next_button, Qt.MouseButton.LeftButton)
    (soak,) = shown(window)
    assert (soak.choice.actor_id(), soak.choice.spec().kind) == (foe, "absorber")
    _apply_faces(qtbot, soak, 1)
    assert soak.resolution.action.actor == foe
    soak.close()


@pytest.mark.parametrize("lang", ["fr", "en"], indirect=True)
def test_rm_39_the_token_menu_of_a_felled_extra_offers_no_attack_but_to_force(laptop_window, lang):
    """A right-click on an extra already Terrassé: its name says so in the heading, and
    « Attaquer » is only under « Forcer une action (MJ) » (G-3); Alimenter, which needs no
    target, stays offered (at no foe: the dialog follows the action)."""
    window = laptop_window(open_encounter(None, "reserve_menace"))
    ctl = window.controller
    start(ctl)
    ctl.add_condition("contrebandier_1", State(key="terrasse", label="Terrassé"))
    opened = []
    menu = action_menu(
        ctl, "valeria", "contrebandier_1", window, opener=lambda *a, **k: opened.append((a, k))
    )
    items = [a for a in menu.actions() if not a.isSeparator() or a.text()]
    assert any(OUT[lang] in a.text() for a in items)  # the heading « Valeria → … »
    offered = {a.data() for a in items if a.menu() is None and a.data()}
    assert "attaquer" not in offered and "alimenter" in offered
    forced = next(a.menu() for a in items if a.menu() is not None)
    inside = {a.data(): a for a in forced.actions()}
    assert "attaquer" in inside
    inside["attaquer"].trigger()
    assert opened[-1][1] == {"forcing": True}
