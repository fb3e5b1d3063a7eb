"""Issue 19's flow on the douaratil demo, as the GM runs it: the ogre's blow hits Brunehilde
(typed dice), her block is offered in the hit's window and taken with typed dice, the ogre
takes her sword's exploding die (A-DOU-16), and one undo takes the whole gesture back; then a
hit that stands goes on to its exploding damage."""

from __future__ import annotations

import msgspec
import pytest

from gui.boot.app import open_encounter
from gui.control.controller import Controller
from gui.dialogs.action import ActionDialog
from tests.gui.fakes import type_faces
from tests.gui.shots import shot

pytestmark = pytest.mark.gui


@pytest.fixture
def ctl():
    c = Controller(open_encounter(None, "douaratil"))
    units = [e.unit for e in c.table.ruleset.turn_units(c.enc)]
    c.start_combat({u: 20 - i for i, u in enumerate(units)})
    return c


def dump(ctl):
    return {k: v for k, v in msgspec.to_builtins(ctl.enc).items() if k != "dice"}


def dialog_for(qtbot, ctl, kind, actor, target, window=None, **options):
    dialog = ActionDialog(ctl, actor, target, kind, window=window)
    qtbot.addWidget(dialog)
    for key, value in options.items():
        dialog.choice.option_editors[key].show_value(value)
    dialog.refresh()
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def pa(ctl, cid):
    return ctl.enc.combatant(cid).stats["pa"]


@pytest.mark.parametrize("lang", ["fr", "en"], indirect=True)
def test_a_hit_the_block_offered_and_taken_then_one_undo(qtbot, ctl, lang):
    start, ogre_pa = dump(ctl), pa(ctl, "ogre")
    # The ogre strikes bare-handed (0), as if within reach (the GM's distance, G-3).
    attack = dialog_for(qtbot, ctl, "attaquer", "ogre", "brunehilde", arme="0", distance=1)
    type_faces(qtbot, attack, "6 6 5")
    attack.apply()
    assert attack.resolution is not None and attack.resolution.success, attack.problem.text()
    (window,) = ctl.enc.windows
    assert window.value == 2  # two 6s kept: +2 damage, VOG + 2 for a block
    assert attack.offers.isVisible()
    reactions = [
        attack.offers.reaction_lists[0].itemText(i)
        for i in range(attack.offers.reaction_lists[0].count())
    ]
    assert len(reactions) == 2  # Parer, Esquiver (Brunehilde)
    shot(attack, f"dou_offers_{lang}")

    block = dialog_for(qtbot, ctl, "parer", "brunehilde", "ogre", window=window.id, avec="1")
    assert [n.blocking for n in block.preview.notices] == []
    (riposte,) = block.more_dice.entries
    type_faces(qtbot, block, "6 6 5")
    riposte.set_mode("faces")
    riposte.faces_edit.setText("6 2")  # the sword's d6 explodes: 8
    shot(block, f"dou_block_{lang}")
    block.apply()
    assert block.resolution is not None and block.resolution.success, block.problem.text()
    assert ctl.enc.windows == []  # the damage is stopped
    assert pa(ctl, "ogre") == ogre_pa - 8 and pa(ctl, "brunehilde") == 30
    ctl.undo_stack.undo()  # the attack, the block and the riposte: one gesture
    assert dump(ctl) == start


def test_a_hit_that_stands_goes_on_to_its_exploding_damage(qtbot, ctl):
    before = pa(ctl, "gob1")
    attack = dialog_for(qtbot, ctl, "attaquer", "brunehilde", "gob1", arme="1", distance=1)
    type_faces(qtbot, attack, "6 5 4")
    attack.apply()
    assert attack.resolution.success
    (window,) = ctl.enc.windows
    damage = dialog_for(qtbot, ctl, "degats", "brunehilde", "gob1", window=window.id)
    type_faces(qtbot, damage, "6 3")
    damage.apply()
    # 6 + 3 (explodes) + Str 3 + sword 1 + one 6 on the attack = 14 > Con: a critical.
    assert damage.resolution.amounts["damage"] == 14
    assert pa(ctl, "gob1") == max(0, before - 14) and ctl.enc.windows == []
    assert "critique" in damage.resolution.outcome_fr


def offers_of(dialog):
    """The offers under an outcome: the follow-up buttons' texts, the reactions' items."""
    reactions = [
        box.itemText(i) for box in dialog.offers.reaction_lists for i in range(box.count())
    ]
    return [b.text() for b in dialog.offers.buttons], reactions


def fits_a_laptop(dialog):
    assert dialog.width() <= 1366 and dialog.height() <= 768, dialog.size()


@pytest.mark.parametrize("lang", ["fr", "en"], indirect=True)
def test_a_ranged_hit_offers_the_damage_without_knock_out(qtbot, ctl, lang):
    """Issue 32: Aubin's arrow hits a goblin — the goblin, not important, is offered no block
    nor dodge (DOU-52), and the damage asks no « Assommer » (DOU-62: melee only)."""
    shoot = dialog_for(qtbot, ctl, "attaquer", "aubin", "gob1", arme="1", distance=20)
    type_faces(qtbot, shoot, "6 6 5")
    shoot.apply()
    assert shoot.resolution is not None and shoot.resolution.success, shoot.problem.text()
    buttons, reactions = offers_of(shoot)
    assert len(buttons) == 1 and reactions == []
    (window,) = ctl.enc.windows
    damage = dialog_for(qtbot, ctl, "degats", "aubin", "gob1", window=window.id)
    editors = damage.choice.option_editors
    assert "assommer" not in editors and "magique" in editors
    fits_a_laptop(damage)
    shot(shoot, f"dou32_ranged_hit_{lang}")
    shot(damage, f"dou32_ranged_damage_{lang}")


@pytest.mark.parametrize("lang", ["fr", "en"], indirect=True)
def test_block_with_defaults_to_the_defenders_weapon(qtbot, ctl, lang):
    """Issue 32: a goblin's scimitar hits Lison (a player character, no « important » tick
    needed, DOU-52): « Parer avec » offers her rapier, not bare hands (DOU-47)."""
    ctl.enc.combatant("lison").stats["important"] = False
    strike = dialog_for(qtbot, ctl, "attaquer", "gob1", "lison", arme="1", distance=1)
    type_faces(qtbot, strike, "6 6 6 5")  # hidden in the demo: disadvantage, 4d6 keep 3
    strike.apply()
    assert strike.resolution is not None, strike.problem.text()
    assert strike.resolution.success
    _buttons, reactions = offers_of(strike)
    assert len(reactions) == 2  # Parer, Esquiver: she is a player character
    (window,) = ctl.enc.windows
    block = dialog_for(qtbot, ctl, "parer", "lison", "gob1", window=window.id)
    assert block.choice.option_editors["avec"].value() == "1"  # the rapier
    assert [n.blocking for n in block.preview.notices] == []
    fits_a_laptop(block)
    shot(block, f"dou32_block_default_{lang}")


def test_a_melee_hit_knocks_out_when_asked(qtbot, ctl):
    """DOU-62: Brunehilde's sword brings a goblin to 0 PA, « Assommer » ticked, the goblin
    fails its Constitution save: unconscious and stabilised."""
    ctl.enc.combatant("gob1").stats["pa"] = 3
    strike = dialog_for(qtbot, ctl, "attaquer", "brunehilde", "gob1", arme="1", distance=1)
    type_faces(qtbot, strike, "6 5 4")
    strike.apply()
    assert strike.resolution.success, strike.problem.text()
    (window,) = ctl.enc.windows
    damage = dialog_for(qtbot, ctl, "degats", "brunehilde", "gob1", window=window.id)
    assert "assommer" in damage.choice.option_editors
    damage.choice.option_editors["assommer"].show_value(True)
    damage.refresh()
    (save,) = damage.more_dice.entries
    type_faces(qtbot, damage, "3")
    save.set_mode("faces")
    save.faces_edit.setText("1 2 2")
    damage.apply()
    assert damage.resolution is not None, damage.problem.text()
    keys = {s.key for s in ctl.enc.combatant("gob1").states}
    assert {"inconscient", "stabilise"} <= keys and pa(ctl, "gob1") == 0
