"""Card initiative in the combat dock (attention_donjon, AD-CARTES), driven as the GM would:
cards typed or drawn at Commencer and at each new round, Jokers played or kept, Attendre,
undo; without the flag, the GM order of A-AD-12 as before."""

import random

import pytest

from gui.control.controller import Controller
from gui.engine.play.table import Table
from gui.engine.state.model import Combatant, Encounter, Side
from gui.engine.turns.cards import JOKERS, parse_card
from gui.turns.cards.dialogs import CardsDialog, WaitDialog
from gui.turns.columns import INIT, NAME, STATES
from gui.turns.initiative import InitiativeDialog
from gui.turns.panel import TurnPanel
from tests.gui.fakes import ScriptedPrompts
from tests.gui.shots import shot

pytestmark = pytest.mark.gui


def fig(cid: str, name: str, side: str, **stats) -> Combatant:
    return Combatant(id=cid, name=name, side=side, stats=stats)


def encounter(flag: bool) -> Encounter:
    """Two heroes, two goblins, and a rat that is not active (it draws no card)."""
    return Encounter(
        id="cartes",
        name="Cartes",
        ruleset="attention_donjon",
        flags={"AD-CARTES": True} if flag else {},
        sides=[
            Side(id="pj", name="Les héros", colour="#3a6ea5"),
            Side(id="mj", name="Les gobelins", colour="#a53a3a"),
            Side(id="rats", name="Les rats", colour="#7a7a3a"),
        ],
        combatants=[
            fig("ysolde", "Ysolde", "pj", heros=True),
            fig("g1", "Gobelin 1", "mj"),
            fig("bertrand", "Bertrand", "pj", heros=True),
            fig("g2", "Gobelin 2", "mj"),
            fig("rat", "Rat", "rats", actif=False),
        ],
    )


@pytest.fixture
def ctl(qtbot):
    return Controller(Table(encounter(True)))


@pytest.fixture
def panel(ctl, qtbot):
    widget = TurnPanel(ctl, ScriptedPrompts())
    qtbot.addWidget(widget)
    widget.resize(340, 600)  # the width of the main window's combat dock
    widget.show()
    return widget


def dialog_of(panel: TurnPanel, qtbot) -> CardsDialog:
    dialog = panel.mode_actions.dialog
    assert dialog is not None and dialog.isVisible()
    qtbot.addWidget(dialog)
    return dialog


def cells(panel: TurnPanel, column: int) -> list[str]:
    model = panel.order_model
    return [model.index(r, column).data() for r in range(model.rowCount())]


def units(panel: TurnPanel) -> list[str]:
    return [e.unit for e in panel.ctl.enc.turn.order]


def start(panel: TurnPanel, qtbot, hand: dict[str, str]) -> None:
    panel.start_action.trigger()
    dialog = dialog_of(panel, qtbot)
    for unit, text in hand.items():
        dialog.type_card(unit, text)
    dialog.accept()


def test_commencer_asks_each_hero_and_active_group_for_a_card(panel, qtbot):
    ctl = panel.ctl
    assert panel.start_action.toolTip() == "Tirer les cartes d’initiative du round 1 (F5)"
    assert panel.mode_actions.wait.isVisible() is False or not panel.mode_actions.wait.isEnabled()
    assert not hasattr(panel.mode_actions, "delay")  # Attendre replaces Retarder
    panel.start_action.trigger()
    dialog = dialog_of(panel, qtbot)
    assert dialog.windowTitle() == "Commencer le combat — cartes d’initiative"
    assert list(dialog.rows) == ["ysolde", "groupe.mj", "bertrand"]  # not the inactive rats
    assert dialog.rows["groupe.mj"].name == "Les gobelins (groupe de 2)"
    assert dialog.intro.text().endswith("Sans carte ce round (aucune figurine active) : Rat")
    assert dialog.status_text("ysolde") == "à tirer ou à saisir"
    dialog.type_card("ysolde", "D♥")
    dialog.type_card("bertrand", "dame de coeur")
    dialog.type_card("groupe.mj", "11 ♣")
    assert dialog.status_text("ysolde") == "D♥ Dame de cœur"
    assert dialog.status_text("bertrand") == "D♥ : carte déjà tenue ce round par Ysolde"
    assert dialog.status_text("groupe.mj").startswith("Carte illisible « 11 ♣ »")
    dialog.accept()  # refused: the problems are listed, nothing starts
    assert dialog.isVisible() and ctl.enc.turn.mode == "none"
    assert "Bertrand : D♥ : carte déjà tenue ce round par Ysolde" in dialog.error.text()
    dialog.type_card("bertrand", "10 pique")
    dialog.type_card("groupe.mj", "Joker")
    assert dialog.status_text("groupe.mj") == (
        "Joker — initiative libre (adopté : un groupe ne garde pas de Joker)"
    )
    assert not dialog.rows["ysolde"].free.isVisible()  # only for a hero's Joker
    qtbot.wait(20)
    shot(dialog, "ad_cards_dialog")
    dialog.accept()
    assert not dialog.isVisible()
    assert units(panel) == ["groupe.mj", "ysolde", "bertrand", "groupe.rats"]
    assert cells(panel, INIT) == ["Joker", "D♥", "10♠", ""]
    assert cells(panel, NAME)[0] == "Les gobelins (groupe de 2)"
    assert panel.whose_label.text() == "Au tour de : Les gobelins (groupe de 2) (Joker)"
    assert ctl.undo_stack.count() == 1 and ctl.undo_stack.undoText() == "Commencer le combat"
    assert ctl.enc.log[-1].action == "Cartes d’initiative"
    tip = panel.order_model.index(1, INIT).data(0x3)  # ToolTipRole
    assert "Carte d’initiative : D♥ — Dame de cœur (AD-CARTES)" in tip
    rats_tip = panel.order_model.index(3, INIT).data(0x3)
    assert "Pas de carte ce round : aucune figurine active" in rats_tip
    assert not panel.mode_actions.wait.isEnabled()  # a group does not Attendre
    panel.next_action.trigger()
    assert panel.mode_actions.wait.isEnabled() and panel.mode_actions.wait.isVisible()
    qtbot.wait(20)
    shot(panel, "ad_cards_dock")


def test_each_new_round_asks_for_new_cards_drawn_by_the_app(panel, qtbot):
    ctl = panel.ctl
    start(panel, qtbot, {"ysolde": "7♥", "groupe.mj": "D♣", "bertrand": "D♠"})
    panel.next_action.trigger()
    panel.next_action.trigger()
    assert panel.next_action.text() == "Suivant"
    panel.next_action.trigger()  # the round is over: round 2 asks for its cards at once
    dialog = dialog_of(panel, qtbot)
    assert dialog.windowTitle() == "Tirer les cartes — round 2"
    assert cells(panel, INIT) == ["", "", "", ""]
    dialog.reject()
    assert panel.next_action.text() == "Tirer les cartes"
    assert panel.whose_label.text() == "Nouveau round : « Tirer les cartes » (N)"
    assert panel.round_label.text() == "Round 2"
    qtbot.wait(20)
    shot(panel, "ad_cards_new_round")
    panel.next_action.trigger()
    dialog = dialog_of(panel, qtbot)
    dialog.type_card("bertrand", "2♣")  # typed cards stay; the others are drawn
    dialog.draw_all()
    for unit, row in dialog.rows.items():
        if row.free is not None and row.free.isVisible():
            dialog.choose_free(unit)
    drawn = dialog.cards()
    assert len(set(drawn.values())) == 3 and drawn["bertrand"] == parse_card("2♣")
    dialog.accept()
    initiatives = [e.initiative for e in ctl.enc.turn.order if e.initiative is not None]
    assert initiatives == sorted(initiatives, reverse=True) and len(initiatives) == 3
    assert panel.next_action.text() == "Suivant"
    assert ctl.undo_stack.undoText() == "Cartes d’initiative"
    ctl.undo_stack.undo()  # back to the round waiting for its cards
    assert panel.next_action.text() == "Tirer les cartes"
    assert ctl.enc.turn.round == 2 and cells(panel, INIT) == ["", "", "", ""]


class JokerFirst(random.Random):
    """A generator whose draws give a Joker while one is left, then the lowest card."""

    def choice(self, cards):
        jokers = [c for c in cards if c in JOKERS]
        return jokers[0] if jokers else min(cards)


def test_a_hero_keeps_a_drawn_joker_and_draws_again(panel, qtbot, monkeypatch):
    ctl = panel.ctl
    monkeypatch.setattr(ctl.table, "rng", JokerFirst(1))
    panel.start_action.trigger()
    dialog = dialog_of(panel, qtbot)
    dialog.draw("ysolde")
    row = dialog.rows["ysolde"]
    assert row.free.isVisible() and row.keep.isVisible()
    qtbot.wait(20)
    shot(dialog, "ad_cards_joker")
    assert dialog.status_text("ysolde") == "Joker : l’initiative libre ou le garder ?"
    assert dialog.problems()[0] == (
        "Ysolde : Joker — « Initiative libre » ou « Garder le Joker » ?"
    )
    row.keep.click()  # kept: the app draws her another card, the second Joker
    assert row.kept == 1 and row.edit.text() == "Joker"
    row.keep.click()  # both Jokers kept: the next draw is the lowest card left
    assert row.kept == 2 and row.edit.text() == "2♣"
    assert dialog.status_text("ysolde") == "Joker gardé ×2, puis : 2♣ 2 de trèfle"
    dialog.type_card("bertrand", "Joker")
    assert dialog.status_text("bertrand").startswith("Plus de Joker dans le paquet")
    dialog.type_card("bertrand", "A♠")
    dialog.type_card("groupe.mj", "3♦")
    dialog.accept()
    assert dialog.keeping() == {"ysolde": 2}
    assert "Joker gardé" in cells(panel, STATES)[2]
    assert next(s.value for s in ctl.enc.combatant("ysolde").states if s.key == "joker_garde") == 2
    assert [e.unit for e in ctl.enc.turn.order][:3] == ["bertrand", "groupe.mj", "ysolde"]


def test_attendre_moves_the_turn_or_loses_it_and_undo_takes_it_back(panel, qtbot):
    ctl = panel.ctl
    start(panel, qtbot, {"ysolde": "7♥", "groupe.mj": "D♣", "bertrand": "D♠"})
    assert panel.whose_label.text() == "Au tour de : Bertrand (D♠)"
    assert panel.mode_actions.wait.isEnabled()
    panel.mode_actions.wait.trigger()
    dialog = dialog_of(panel, qtbot)
    assert isinstance(dialog, WaitDialog) and dialog.windowTitle() == "Attendre — Bertrand"
    dialog.type_card("bertrand", "7♥")
    assert dialog.status_text("bertrand") == "7♥ : carte déjà tenue ce round par Ysolde"
    dialog.type_card("bertrand", "R♦")
    assert dialog.outcome.text() == "Plus haute que D♠ : Bertrand perd l’initiative ce round"
    dialog.type_card("bertrand", "5♦")
    assert dialog.outcome.text() == (
        "Plus basse que D♠ : Bertrand jouera à la place de sa nouvelle carte"
    )
    qtbot.wait(20)
    shot(dialog, "ad_cards_wait")
    dialog.accept()
    assert units(panel)[:3] == ["groupe.mj", "ysolde", "bertrand"]
    assert cells(panel, INIT)[:3] == ["D♣", "7♥", "5♦"]
    assert panel.whose_label.text() == "Au tour de : Les gobelins (groupe de 2) (D♣)"
    assert ctl.undo_stack.undoText() == "Attendre : Bertrand"
    assert ctl.enc.log[-1].outcome == "Bertrand tire 5♦, plus basse que D♠ : joue après Ysolde"
    panel.next_action.trigger()
    panel.mode_actions.wait.trigger()  # Ysolde waits too, and draws higher: no turn this round
    dialog = dialog_of(panel, qtbot)
    dialog.type_card("ysolde", "A♥")
    dialog.accept()
    assert panel.whose_label.text() == "Au tour de : Bertrand (5♦)"
    assert "Plus de tour ce round" in panel.order_model.index(0, NAME).data(0x3)
    ctl.undo_stack.undo()
    ctl.undo_stack.undo()
    ctl.undo_stack.undo()
    assert units(panel)[:3] == ["bertrand", "groupe.mj", "ysolde"]
    assert panel.whose_label.text() == "Au tour de : Bertrand (D♠)"


def test_the_gm_can_still_drag_a_unit_during_a_card_round(panel, qtbot):
    start(panel, qtbot, {"ysolde": "7♥", "groupe.mj": "D♣", "bertrand": "D♠"})
    model = panel.order_model
    assert model.moveRows(model.index(0, 0).parent(), 2, 1, model.index(0, 0).parent(), 0)
    assert units(panel)[:3] == ["ysolde", "bertrand", "groupe.mj"]
    assert panel.ctl.undo_stack.undoText() == "Réordonner"


def test_without_the_flag_commencer_keeps_the_gm_order(qtbot):
    ctl = Controller(Table(encounter(False)))
    panel = TurnPanel(ctl, ScriptedPrompts())
    qtbot.addWidget(panel)
    panel.show()
    assert not hasattr(panel.mode_actions, "wait")
    assert panel.buttons[panel.mode_actions.delay].isVisible()
    panel.start_action.trigger()
    assert getattr(panel.mode_actions, "dialog", None) is None  # no card dialog
    dialog = panel.initiative_dialog
    assert isinstance(dialog, InitiativeDialog)
    qtbot.addWidget(dialog)
    dialog.accept()
    assert units(panel) == ["ysolde", "g1", "bertrand", "g2", "rat"]
    assert cells(panel, INIT) == [""] * 5
