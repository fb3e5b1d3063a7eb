"""Issue 4 flow on the reserve_menace demo, as the GM runs it: Passes with alternating
initiative, an attack with Réserve dice, a Contrer paid from the Réserve, Encaisser on a
standard extra with the GM's dice, the Menace drop, and undo of every step."""

import msgspec
import pytest

from gui.boot.app import open_encounter
from gui.control.controller import Controller
from gui.dialogs.action import ActionDialog
from gui.engine.contract.values import FORCE
from tests.gui.shots import shot

pytestmark = pytest.mark.gui


@pytest.fixture
def ctl():
    return Controller(open_encounter(None, "reserve_menace"))


def dump(ctl):
    # (the generator's state is saved with the encounter by the autosave, not by undo)
    return {k: v for k, v in msgspec.to_builtins(ctl.enc).items() if k != "dice"}


def act(
    qtbot, ctl, kind, actor, target=None, options=None, qualities=None, force=False, since=None
):
    """The action dialog as the GM fills it: options, typed Qualités, Appliquer. `since`: the
    encounter before the gesture this action ends (the attack whose hit it absorbs): one undo
    entry takes the whole gesture back."""
    dialog = ActionDialog(ctl, actor, target, kind)
    qtbot.addWidget(dialog)
    for key, value in (options or {}).items():
        dialog.choice.option_editors[key].show_value(value)
    dialog.refresh()
    if force:
        dialog.force_check.setChecked(True)
    if qualities is not None:
        assert dialog.dice.available_modes() == ["aggregate"]  # A-RM-1: typed Qualités
        dialog.dice.aggregate_edit.setText(str(qualities))
    before = since or dump(ctl)
    dialog.apply()
    assert dialog.resolution is not None, dialog.problem.text()
    after = dump(ctl)
    ctl.undo_stack.undo()  # G-4: each step (each gesture) undoes and redoes exactly
    assert dump(ctl) == before
    ctl.undo_stack.redo()
    assert dump(ctl) == after
    return dialog


def stat(ctl, cid, key):
    return ctl.enc.combatant(cid).stats[key]


def resource(ctl, key):
    return ctl.enc.side("contrebandiers").resources[key]


def test_two_passes_with_reserve_counter_gm_reduction_and_menace(qtbot, ctl):
    loaded = dump(ctl)
    ctl.start_combat(None, first_side="compagnie")  # RM-20: the GM gives the first initiative
    assert (ctl.enc.turn.holder, ctl.enc.turn.round) == ("compagnie", 1)
    assert stat(ctl, "valeria", "defense") == 8  # RM-01: 5 + 3 (équipée), Aspect unsuited
    assert stat(ctl, "brann", "defense") == 10  # RM-03: "Mineur" suits the mine: +3
    assert resource(ctl, "mineurs_depart") == 6

    # Players: Ilse attacks a minor with 2 Réserve dice (RM-25), Q 6 ≥ Défense 6: the hit
    # waits in a reaction window (RM-28), and Encaisser goes on from it: one gesture.
    start = dump(ctl)
    attack = act(qtbot, ctl, "attaquer", "ilse", "contrebandier_1", {"des_reserve": 2}, qualities=6)
    assert stat(ctl, "ilse", "reserve") == 0
    assert [w.kind for w in ctl.enc.windows] == ["a_encaisser"]
    assert [b.text() for b in attack.offers.buttons] == [
        "Suite : Encaisser (Contrebandier 1)",
        "Suite : Désarmer (au lieu d’Encaisser) (Ilse des Collines)",  # RM-59
    ]
    assert "Protéger (Valeria Dorn)" not in [  # the minor's allies are its camp's
        attack.offers.reaction_lists[0].itemText(i)
        for i in range(attack.offers.reaction_lists[0].count())
    ]
    dialog = act(qtbot, ctl, "encaisser", "contrebandier_1", since=start)
    assert "Terrassé" in dialog.resolution.outcome_fr  # RM-35
    assert ctl.enc.windows == [] and ctl.undo_stack.undoText().startswith("Attaque")

    # The same side cannot act with another unit before « Suivant » (RM-20).
    dialog = ActionDialog(ctl, "valeria", "contrebandier_2", "attaquer")
    qtbot.addWidget(dialog)
    assert dialog.force_check.isVisible() or not dialog.apply_button.isEnabled()
    ctl.next_turn()
    assert ctl.enc.turn.holder == "contrebandiers"

    # GM: the Maître attacks Brann; Valeria counters, paid from her Réserve (RM-47, RM-22).
    dialog = act(qtbot, ctl, "attaquer", "maitre", "brann", {"contre_par": "valeria"}, qualities=0)
    assert "Raté" in dialog.resolution.outcome_fr
    assert stat(ctl, "valeria", "reserve") == 2  # 1 − 1 (reaction) + 2 (counter won)
    ctl.next_turn()
    assert ctl.enc.turn.holder == "compagnie"

    # Brann hits the Maître (Défense 9) with Q 9; the GM spends 1 die: Q 7 < 9 (RM-37).
    start = dump(ctl)
    act(qtbot, ctl, "attaquer", "brann", "maitre", qualities=9, force=False)
    act(qtbot, ctl, "encaisser", "maitre", options={"des_mj": 1}, since=start)
    assert resource(ctl, "reserve") == 1
    assert stat(ctl, "maitre", "defense") == 8  # A-RM-19: reduced Q below Défense → −1

    # Brann's second action: Q 16 ≥ 2 × 8 → the Maître is Terrassé, Menace 3 → 2 (RM-53).
    start = dump(ctl)
    act(qtbot, ctl, "attaquer", "brann", "maitre", qualities=16, force=True)  # RM-21 override
    act(qtbot, ctl, "encaisser", "maitre", since=start)
    assert any(s.key == "terrasse" for s in ctl.enc.combatant("maitre").states)
    assert resource(ctl, "menace") == 2

    # Everyone passes: a new Passe begins with budgets refilled (A-RM-15).
    passe = ctl.enc.turn.round
    while ctl.enc.turn.round == passe:
        ctl.next_turn()
        entry = next(
            (e for e in ctl.enc.turn.order if e.side == ctl.enc.turn.holder and e.actions_left),
            None,
        )
        if entry is not None:
            ctl.turn_step("pass_unit", "Passer", unit=entry.unit)
    assert ctl.enc.turn.round == 2
    assert ctl.enc.turn.spent == {}
    maitre = next(e for e in ctl.enc.turn.order if e.unit == "maitre")
    assert maitre.actions_left == 0  # out of the fight: no actions (RM-39)

    # Undo walks every step back to the loaded demo.
    while ctl.undo_stack.canUndo():
        ctl.undo_stack.undo()
    assert dump(ctl) == loaded


def test_forced_action_out_of_turn_is_logged(qtbot, ctl):
    ctl.start_combat(None, first_side="contrebandiers")
    act(qtbot, ctl, "alimenter", "brann", force=True)  # the players do not hold it (RM-20)
    entry = ctl.enc.log[-1]
    assert entry.overrides == {FORCE: "True"}
    assert any("G-3" in line for line in entry.breakdown)


def test_attack_dialog_grab(qtbot, ctl):
    ctl.start_combat(None, first_side="compagnie")
    dialog = ActionDialog(ctl, "valeria", "contrebandier_4", "attaquer")
    qtbot.addWidget(dialog)
    dialog.choice.option_editors["des_reserve"].show_value(1)
    dialog.refresh()
    dialog.show()
    qtbot.waitExposed(dialog)
    shot(dialog, "rm_attack_dialog")


def _hit_waiting(qtbot, ctl):
    """Ilse's attack leaves a hit waiting on Contrebandier 1 (RM-28): the dialog as it stands."""
    ctl.start_combat(None, first_side="compagnie")
    dialog = ActionDialog(ctl, "ilse", "contrebandier_1", "attaquer")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.dice.aggregate_edit.setText("6")
    dialog.apply()
    # Within the screen, and it would fit a 768-pixel laptop: the choice scrolls to make
    # room for the outcome and what comes next.
    assert dialog.height() <= dialog.screen().availableGeometry().height() - 32
    assert dialog.minimumSizeHint().height() <= 768 - 32
    return dialog


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_offers_of_a_hit_and_the_reaction_dialog_in_both_languages(qtbot, ctl, lang, request):
    if lang == "en":
        request.getfixturevalue("english")
    attack = _hit_waiting(qtbot, ctl)
    assert attack.offers.isVisible()
    shot(attack, f"rm_offers_{lang}")
    window = ctl.enc.windows[0]
    dialog = ActionDialog(ctl, "contrebandier_1", None, "encaisser", window=window.id)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    banner = {
        "fr": "Dans la fenêtre de réaction : Attaque de Ilse des Collines : Contrebandier 1 "
        "encaisse 6 Qualités (Défense battue)",
        "en": "In the reaction window: Ilse des Collines's attack: Contrebandier 1 absorbs "
        "6 Qualités (Défense beaten)",
    }[lang]
    assert dialog.within.isVisible() and dialog.within.text() == banner
    shot(dialog, f"rm_within_window_{lang}")
