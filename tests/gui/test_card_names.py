"""attention_donjon's card initiative (AD-CARTES) in the combat dock (issue 34, item 7): switched
on between rounds of a GM-ordered combat, the round's cards are asked at once; the card entry
takes short names in French (« VP », « 10♥ », « RC ») and English (« QH », « 10S », « KC »);
in the middle of a round the switch is refused in words."""

from __future__ import annotations

import pytest

from gui.control.controller import Controller, Refused
from gui.dialogs.house_rules import HouseRulesDialog
from gui.engine.play.table import Table
from gui.turns.panel import TurnPanel
from tests.gui.fakes import ScriptedPrompts
from tests.gui.test_ad_cards_flow import dialog_of, encounter, units

pytestmark = pytest.mark.gui


@pytest.fixture
def panel(qtbot, lang):
    ctl = Controller(Table(encounter(False)))
    widget = TurnPanel(ctl, ScriptedPrompts())
    qtbot.addWidget(widget)
    widget.resize(340, 600)
    widget.show()
    widget.start_action.trigger()  # the GM's order (A-AD-12): its dialog, accepted
    dialog = widget.initiative_dialog
    qtbot.addWidget(dialog)
    dialog.accept()
    assert ctl.enc.turn.mode == "gm_order"
    return widget


def _round_over(panel: TurnPanel) -> None:
    ctl, start = panel.ctl, panel.ctl.enc.turn.round
    while ctl.enc.turn.round == start:
        panel.next_action.trigger()


HANDS = {
    "fr": ({"ysolde": "VP", "groupe.mj": "10♥", "bertrand": "RC"}, ("V♠", "10♥", "R♥")),
    "en": ({"ysolde": "JS", "groupe.mj": "10H", "bertrand": "KC"}, ("J♠", "10♥", "K♣")),
}


@pytest.mark.parametrize("lang", ["fr", "en"], indirect=True)
def test_cards_switched_on_between_rounds_take_short_names(panel, qtbot, lang):
    ctl = panel.ctl
    _round_over(panel)
    rules = _house_rules(panel, qtbot)  # Combat › Options de règles, between rounds
    rules.editors["AD-CARTES"].setChecked(True)
    rules.accept()
    assert rules.result() == rules.DialogCode.Accepted
    assert ctl.enc.turn.mode == "cards" and ctl.enc.turn.round == 2
    draw = {"fr": "Tirer les cartes", "en": "Draw the cards"}[lang]
    assert panel.next_action.text() == draw
    panel.next_action.trigger()
    dialog = dialog_of(panel, qtbot)
    typed, shown = HANDS[lang]
    for unit, text in typed.items():
        dialog.type_card(unit, text)
    for unit, card in zip(typed, shown, strict=True):
        assert dialog.status_text(unit).startswith(card), dialog.status_text(unit)
    tip = dialog.rows["ysolde"].edit.toolTip()
    assert ("« VP »" in tip) if lang == "fr" else ("JS" in tip and "Saisir" not in tip)
    dialog.accept()
    assert not dialog.isVisible()
    first = "bertrand"  # R♥ / K♣ is the highest card
    assert units(panel)[:3] == [first, "ysolde", "groupe.mj"]
    assert ctl.undo_stack.undoText() in ("Cartes d’initiative", "Initiative cards")


def test_cards_switched_on_in_mid_round_are_refused_in_words(panel, qtbot):
    panel.next_action.trigger()  # Ysolde's turn is over: the round is under way
    rules = _house_rules(panel, qtbot)
    rules.editors["AD-CARTES"].setChecked(True)
    rules.accept()  # refused: told in the dialog, which stays open
    assert "entre deux rounds" in rules.error.text() and rules.error.isVisible()
    assert panel.ctl.enc.turn.mode == "gm_order"
    with pytest.raises(Refused):
        panel.ctl.set_flags({"AD-CARTES": True})


def _house_rules(panel: TurnPanel, qtbot) -> HouseRulesDialog:
    dialog = HouseRulesDialog(panel.ctl, panel)
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog
