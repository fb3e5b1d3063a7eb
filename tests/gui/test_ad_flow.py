"""Issue 6 flow on the attention_donjon demo, as the GM runs it: the crossbow shot at the
goblin mage (Difficulté 3, TV-AD-01) with typed dice, « Suite : Dommages », the mage
Secoué in the sheet, on its token and in the log; undo restores everything."""

import msgspec
import pytest
from PySide6.QtCore import Qt

from gui.boot.app import open_encounter
from gui.control.controller import Controller
from gui.dialogs.action import ActionDialog
from gui.engine.contract.values import Action
from gui.engine.space.destination import Destination
from gui.window.main_window import MainWindow
from tests.gui.fakes import ScriptedPrompts
from tests.gui.shots import shot

pytestmark = pytest.mark.gui


@pytest.fixture
def ctl():
    return Controller(open_encounter(None, "attention_donjon"))


@pytest.fixture
def window(qtbot, ctl):
    window = MainWindow(ctl, ScriptedPrompts())
    # Teardown closes the window: answer its unsaved-changes question with "discard".
    qtbot.addWidget(window, before_close_func=lambda w: w.controller.undo_stack.setClean())
    window.resize(1300, 850)
    window.show()
    qtbot.waitExposed(window)
    return window


def dump(ctl):
    return {k: v for k, v in msgspec.to_builtins(ctl.enc).items() if k != "dice"}


def open_dialog(qtbot, ctl, kind, actor, target):
    dialog = ActionDialog(ctl, actor, target, kind)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def apply_faces(qtbot, dialog, faces):
    dialog.dice.set_mode("faces")
    dialog.dice.faces_edit.clear()
    qtbot.keyClicks(dialog.dice.faces_edit, faces)
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    assert dialog.resolution is not None, dialog.problem.text()
    return dialog.resolution


def difficulty(ctl, actor, target, weapon="0"):
    return ctl.table.preview(Action("attaquer", actor, target, {"arme": weapon})).target_number


def test_crossbow_shot_then_damage_leaves_the_mage_shaken_and_undo_restores(qtbot, ctl, window):
    loaded = dump(ctl)
    dialog = open_dialog(qtbot, ctl, "attaquer", "traqueur", "mage")
    # TV-AD-01: AD-05 base 2 + AD-07 one zone crossed (zone 2) = 3, shown term by term.
    assert dialog.choice.option_editors["arme"].value() == "0"  # the crossbow
    preview = dialog.preview
    assert preview.target_number == 3 and preview.computed == {"des": 3, "difficulte": 3}
    texts = dialog.breakdown.texts()
    assert any("AD-05" in t and "+2" in t for t in texts), texts
    assert any("AD-07" in t and "Zone 2" in t and "+1" in t for t in texts), texts
    dialog.resize(760, 860)
    shot(dialog, "ad_crossbow_dialog")

    result = apply_faces(qtbot, dialog, "6 5 2")  # 2 + 1 + 0 = 3 successes: a hit, Seuil 0
    assert result.success and "Touché" in result.outcome_fr
    assert dialog.next_button.isVisible() and "Dommages" in dialog.next_button.text()
    qtbot.mouseClick(dialog.next_button, Qt.MouseButton.LeftButton)
    damage = dialog.next_dialog
    assert damage is not None and damage.choice.spec().kind == "dommages"
    # AD-14, AD-15: the crossbow's 5 fixed dice against the mage's Endurance 2(0).
    assert damage.preview.computed == {"des": 5, "difficulte": 2}
    assert any("2(0)" in t for t in damage.breakdown.texts())
    result = apply_faces(qtbot, damage, "4 5 2 2 3")  # 2 successes = D: Secoué (TV-AD-07)
    assert "devient Secoué" in result.outcome_fr

    mage = ctl.enc.combatant("mage")
    assert [s.key for s in mage.states] == ["secoue"]
    ctl.select("mage")
    sheet = window.sheet
    assert "Secoué" in [s.label for s in sheet.states_box._shown]
    derived = [sheet.derived.itemAt(i).widget().text() for i in range(sheet.derived.count())]
    assert any("Secoué" in line for line in derived), derived
    assert any("Secoué" in b for b in window.scene.token_items["mage"].badges)
    log = window.log.model
    last = log.data(log.index(log.rowCount() - 1, 0))
    assert "Secoué" in last and ctl.enc.log[-1].dice == [4, 5, 2, 2, 3]
    shot(window, "ad_map_with_badges")

    while ctl.undo_stack.canUndo():
        ctl.undo_stack.undo()
    assert dump(ctl) == loaded
    assert not any("Secoué" in b for b in window.scene.token_items["mage"].badges)


def test_text_difficulties_on_the_demo_spider_in_zone_2_then_in_contact(qtbot, ctl):
    """TV-AD-02: the spider in zone 2 → 2; TV-AD-03: in contact and active → 4."""
    assert difficulty(ctl, "traqueur", "araignee") == 2
    ctl.set_contact("traqueur", "araignee", True)
    dialog = open_dialog(qtbot, ctl, "attaquer", "traqueur", "araignee")
    assert dialog.preview.target_number == 4
    texts = dialog.breakdown.texts()
    assert any("AD-06" in t for t in texts) and any("AD-08" in t for t in texts), texts


def test_app_rolled_attack_logs_its_faces(qtbot, ctl):
    dialog = open_dialog(qtbot, ctl, "attaquer", "traqueur", "araignee")
    qtbot.mouseClick(dialog.dice.roll_button, Qt.MouseButton.LeftButton)
    faces = dialog.dice.result().faces
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    assert ctl.enc.log[-1].dice == list(faces)
    values = {1: -1, 2: 0, 3: 0, 4: 1, 5: 1, 6: 2}
    hit = max(0, sum(values[f] for f in faces)) >= 2
    assert dialog.resolution.success is hit
    assert dialog.next_button.isVisible() is hit


def test_hero_at_zero_health_is_asked_to_spend_heroism(qtbot, ctl, monkeypatch):
    """TV-AD-24, AD-20: « Mort ? » once the dice are known; the hero spends its Héroïsme
    point and the GM types the Blessure Grave; cancelling applies nothing."""
    ctl.set_contact("traqueur", "araignee", True)
    ctl.edit_stat("traqueur", "sante", 1)
    dialog = open_dialog(qtbot, ctl, "attaquer", "araignee", "traqueur")
    apply_faces(qtbot, dialog, "6 6 6 6")  # a hit
    qtbot.mouseClick(dialog.next_button, Qt.MouseButton.LeftButton)
    damage = dialog.next_dialog
    damage.prompts = ScriptedPrompts(choice=[None, 0], text="Œil crevé")
    before = dump(ctl)
    damage.dice.set_mode("faces")
    # The bite, Force 3 + 1 = 4 dice: 6 successes against Endurance 3(1) → 3 Blessé.
    damage.dice.faces_edit.setText("6 6 6 2")
    damage.apply()
    assert damage.resolution is None and dump(ctl) == before  # the GM cancelled « Mort ? »
    tried, resolve = [], ctl.ruleset.resolve
    monkeypatch.setattr(ctl.ruleset, "resolve", lambda *args: tried.append(1) or resolve(*args))
    damage.apply()
    assert len(tried) == 3  # a trial, then one per answer; the last is applied (issue 35)
    hero = ctl.enc.combatant("traqueur")
    assert hero.stats["sante"] == 0 and hero.stats["heroisme"] == 0
    assert hero.stats["blessures_graves"] == "Œil crevé"
    assert "mort" not in [s.key for s in hero.states]
    assert [kind for kind, _ in damage.prompts.asked] == ["choice", "choice", "text"]


def test_moves_count_against_deplacement_during_the_combat(qtbot, ctl):
    """AD-32, AD-37: the spider (Déplacement 2) crosses into zone 1 and drops on the Tracker
    (contact); the mage (Déplacement 1) asked to go two zones gets a reminder, which the
    GM may override (G-3); the crossbow at the spider in contact is then 4 (TV-AD-03)."""
    ctl.start_combat()
    assert ctl.move("araignee", Destination(zone="1", contact="traqueur")) == []
    assert "traqueur" in ctl.enc.combatant("araignee").contacts
    notices = ctl.move("mage", Destination(zone="1"))
    assert [n.rule for n in notices] == ["AD-32"] and ctl.enc.combatant("mage").position.zone == "3"
    assert ctl.move("mage", Destination(zone="1"), force=True) == []
    assert ctl.enc.combatant("mage").position.zone == "1"
    assert ctl.undo_stack.undoText() == "Déplacer Mage gobelin (imposé par le MJ)"
    assert ctl.enc.log[-1].breakdown[0].startswith("G-3 passé outre : AD-32")
    assert difficulty(ctl, "traqueur", "araignee") == 4
