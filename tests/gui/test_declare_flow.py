"""Declare-then-act in the combat dock (CON-03…CON-05, CON-10), driven as the GM would: the
libre demo run with a DeclareThenAct policy and a d10 initiative roll, as conteur does."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLabel

from gui.boot.app import open_encounter
from gui.control.controller import Controller
from gui.engine.core.copies import deep_copy
from gui.engine.core.words import Label, Term
from gui.engine.rulesets.conteur.initiative import ConteurDeclarations
from gui.engine.state.schema import Choice, FieldSpec
from gui.engine.turns import ActionInitiative, Declarations, DeclareThenAct
from gui.turns.columns import DECLARED, INIT, MARK, NAME, STATES
from gui.turns.declare.declaration import DeclarationDialog
from gui.turns.declare.initiative import D10, ActionInitiativeDialog
from gui.turns.panel import TurnPanel
from tests.gui.fakes import ScriptedPrompts
from tests.gui.shots import shot

pytestmark = pytest.mark.gui

# CON-03: descending score (libre's init_mod), ties in roster order.
DECLARERS = ["maelis", "ysolde", "archer", "chef", "brig1", "brig2", "bertrand"]
# d10 rolls; with the default hook every action gets roll + score. Garin and Brigand 1 tie
# on 6 with the same score 1: simultaneous (CON-04).
ROLLS = {
    "maelis": 8,
    "ysolde": 3,
    "archer": 9,
    "chef": 5,
    "brig1": 5,
    "brig2": 1,
    "bertrand": 10,
}
ACT_ORDER = [
    ("maelis", "Tirer sur Gaspard", 12),
    ("maelis", "Esquiver", 12),
    ("archer", "", 11),
    ("bertrand", "", 10),
    ("chef", "", 6),
    ("brig1", "", 6),
    ("ysolde", "Frapper le chef", 5),
    ("brig2", "", 2),
]


@pytest.fixture
def rules():
    """The declarations of the declare-then-act mode the tests run (its hooks patchable)."""
    return Declarations()


@pytest.fixture
def ctl(qtbot, monkeypatch, rules):
    controller = Controller(open_encounter(None, "libre"))
    monkeypatch.setattr(controller.ruleset, "turn_mode", lambda enc: DeclareThenAct(rules))
    monkeypatch.setattr(controller.ruleset, "initiative", lambda enc, c: D10)
    return controller


@pytest.fixture
def panel(ctl, qtbot):
    widget = TurnPanel(ctl, ScriptedPrompts())
    qtbot.addWidget(widget)
    widget.resize(340, 600)  # the width of the main window's combat dock
    widget.show()
    return widget


def units(panel: TurnPanel) -> list[str]:
    return [e.unit for e in panel.ctl.enc.turn.order]


def cell(panel: TurnPanel, row: int, column: int) -> str:
    return panel.order_model.index(row, column).data()


def declare(panel: TurnPanel, qtbot, actions: list[str], advance: bool) -> DeclarationDialog:
    panel.mode_actions.declare.trigger()
    dialog = panel.mode_actions.declaration_dialog
    qtbot.addWidget(dialog)
    dialog.set_actions(actions)
    dialog.advance_box.setChecked(advance)
    dialog.accept()
    return dialog


def declare_all(panel: TurnPanel, qtbot) -> None:
    """Maëlis declares two actions, Ysolde one (and moves on), the others nothing."""
    panel.start_action.trigger()
    declare(panel, qtbot, ["Tirer sur Gaspard", "Esquiver"], advance=False)
    panel.next_action.trigger()
    declare(panel, qtbot, ["Frapper le chef"], advance=True)
    while panel.next_action.text() == "Suivant":
        panel.next_action.trigger()


def roll_initiative(panel: TurnPanel, qtbot, rolls: dict[str, int]) -> ActionInitiativeDialog:
    panel.next_action.trigger()
    dialog = panel.mode_actions.initiative_dialog
    qtbot.addWidget(dialog)
    for unit, value in rolls.items():
        dialog.set_value(unit, value)
    return dialog


def test_start_goes_straight_to_the_declarations(panel, qtbot):
    assert not panel.mode_actions.declare.isEnabled()
    panel.start_action.trigger()
    assert panel.initiative_dialog is None  # no roll to start (CON-03)
    assert panel.round_label.text() == "Tour 1 — déclarations"
    assert panel.whose_label.text() == "Déclare : Maëlis (score 4)"
    assert units(panel) == DECLARERS
    assert [cell(panel, r, INIT) for r in range(7)] == ["4", "2", "2", "1", "1", "1", "0"]
    assert cell(panel, 0, MARK) == "▶"
    assert panel.mode_actions.declare.isEnabled() and panel.mode_actions.declare.isVisible()
    assert not panel.mode_actions.delay.isEnabled() and not panel.mode_actions.act_now.isEnabled()
    assert panel.next_action.text() == "Suivant"
    assert not panel.order_view.isColumnHidden(DECLARED)
    declare(panel, qtbot, ["Tirer sur Gaspard", "Esquiver"], advance=True)
    qtbot.wait(20)
    shot(panel, "declare_phase_dock")
    # CON-03: the GM breaks ties by dragging rows.
    assert panel.order_model.flags(panel.order_model.index(2, NAME)) & Qt.ItemFlag.ItemIsDragEnabled


def test_declaring_suivant_initiative_act_and_round_two(panel, qtbot):
    ctl, stack = panel.ctl, panel.ctl.undo_stack
    snapshots = [(stack.index(), deep_copy(ctl.enc.turn))]

    def step(entries: int = 1) -> None:
        """What the GM just did made exactly `entries` undo entries; remember the turn."""
        assert stack.index() == snapshots[-1][0] + entries
        snapshots.append((stack.index(), deep_copy(ctl.enc.turn)))

    panel.start_action.trigger()
    step()
    panel.mode_actions.declare.trigger()
    assert panel.mode_actions.declaration_dialog.advance_box.isChecked()  # on by default
    panel.mode_actions.declaration_dialog.reject()
    dialog = declare(panel, qtbot, ["Tirer sur Gaspard", "  ", "Esquiver"], advance=False)
    assert dialog.actions() == ["Tirer sur Gaspard", "Esquiver"]
    assert stack.undoText() == "Déclaration de Maëlis"
    assert ctl.enc.turn.order[0].declared == ["Tirer sur Gaspard", "Esquiver"]
    assert cell(panel, 0, DECLARED) == "Tirer sur Gaspard ; Esquiver"
    assert panel.whose_label.text() == "Déclare : Maëlis (score 4)"  # box unticked: stays
    assert "Annonce : Tirer sur Gaspard ; Esquiver" in panel.detail_label.text()
    step()
    panel.next_action.trigger()
    step()
    assert panel.whose_label.text() == "Déclare : Ysolde la Rousse (score 2)"
    # Ysolde declares knowing what Maëlis said; « Passer ensuite » is one more undo entry.
    panel.mode_actions.declare.trigger()
    dialog = panel.mode_actions.declaration_dialog
    qtbot.addWidget(dialog)
    assert "Maëlis" in dialog.findChild(QLabel, "earlierDeclarations").text()
    assert dialog.advance_box.text() == "&Passer ensuite à Brigand archer"
    assert not dialog.advance_box.isChecked()  # as the GM left it for Maëlis
    dialog.advance_box.setChecked(True)
    dialog.accept()  # nothing typed: refused, with the reason
    assert dialog.result() == 0 and "au moins une action" in dialog.error.text()
    dialog.set_actions(["Frapper le chef"])
    assert dialog.count_label.text() == "1 action" and dialog.error.isHidden()
    dialog.accept()
    assert panel.whose_label.text() == "Déclare : Brigand archer (score 2)"
    assert stack.undoText() == "Tour suivant"
    stack.undo()
    assert stack.undoText() == "Déclaration de Ysolde la Rousse"
    stack.redo()
    step(2)
    for name in ("Garin le Borgne", "Brigand 1", "Brigand 2", "Frère Bertrand"):
        assert panel.next_action.text() == "Suivant"
        panel.next_action.trigger()
        step()
        assert name in panel.whose_label.text()
    # The last declarer: Suivant becomes « Lancer l’initiative ».
    assert panel.next_action.text() == "Lancer l’initiative"
    assert "« Lancer l’initiative »" in panel.detail_label.text()
    dialog = roll_initiative(panel, qtbot, {})
    assert dialog.result_lines("maelis") == [
        "1. Tirer sur Gaspard : ?",
        "2. Esquiver : ?",
    ]
    n = len(dialog.spins)  # the main button rolls what is missing (issue 33)
    assert dialog.order_button.text() == f"Lancer les {n} jets manquants et ordonner les actions"
    for unit, value in ROLLS.items():
        dialog.set_value(unit, value)
    assert dialog.order_button.text() == "Ordonner les actions"
    assert dialog.error.isHidden()
    assert dialog.result_lines("maelis") == [
        "1. Tirer sur Gaspard : 12",
        "2. Esquiver : 12",
    ]
    assert dialog.result_lines("archer") == ["1. (action sans description) : 11"]
    assert "score d'initiative" in dialog.results["maelis"].toolTip()
    assert "score d'initiative" in dialog.results["maelis"].text()  # the small breakdown
    assert dialog.rolls() == ROLLS
    dialog.accept()
    step()
    assert stack.undoText() == "Initiative"
    assert "Tirer sur Gaspard" in "\n".join(ctl.enc.log[-1].breakdown)

    # CON-04: one row per action, highest first; ties by score then simultaneous.
    turn = ctl.enc.turn
    assert [(e.unit, e.declared[0] if e.declared else "", e.initiative) for e in turn.order] == (
        ACT_ORDER
    )
    assert panel.round_label.text() == "Tour 1 — actions"
    assert panel.whose_label.text() == "Au tour de : Maëlis"
    assert "Action : Tirer sur Gaspard (initiative 12)" in panel.detail_label.text()
    assert cell(panel, 1, DECLARED) == "Esquiver" and cell(panel, 1, INIT) == "12"
    assert cell(panel, 2, DECLARED) == "—"  # the archer declared nothing
    assert cell(panel, 4, DECLARED) == cell(panel, 5, DECLARED) == "simultané · —"
    assert cell(panel, 4, MARK) == cell(panel, 5, MARK) == "="
    assert "Garin le Borgne" in panel.order_model.index(5, NAME).data(Qt.ItemDataRole.ToolTipRole)
    assert "simultané" not in cell(panel, 0, DECLARED)  # a unit's own actions: in order
    assert not panel.mode_actions.declare.isEnabled() and panel.next_action.text() == "Suivant"
    assert not panel.order_model.flags(panel.order_model.index(0, NAME)) & (
        Qt.ItemFlag.ItemIsDragEnabled
    )

    # CON-05: Retarder, then the delayed action acts later, by « Agir maintenant ».
    panel.mode_actions.delay.trigger()
    step()
    assert stack.undoText() == "Retarder Maëlis : Tirer sur Gaspard"
    assert cell(panel, 0, MARK) == "‖" and cell(panel, 0, DECLARED) == (
        "retardée · Tirer sur Gaspard"
    )
    assert panel.whose_label.text() == "Au tour de : Maëlis"  # her second action
    assert "Retardées : Maëlis (Tirer sur Gaspard)" in panel.detail_label.text()
    panel.next_action.trigger()
    step()
    assert panel.whose_label.text() == "Au tour de : Brigand archer"
    assert not panel.mode_actions.act_now.isEnabled()
    panel.order_view.selectRow(0)
    assert panel.order_view.selectionModel().selectedRows()[0].row() == 0  # kept, not row 1
    assert panel.mode_actions.act_now.isEnabled()
    panel.mode_actions.act_now.trigger()
    step()
    assert stack.undoText() == "Maëlis agit maintenant : Tirer sur Gaspard"
    turn = ctl.enc.turn
    assert [e.declared for e in turn.order[:3]] == [["Esquiver"], ["Tirer sur Gaspard"], []]
    assert turn.current == 1 and turn.order[1].initiative == 11  # the archer's rank
    assert panel.order_model.index(0, NAME).data(Qt.ItemDataRole.ForegroundRole) is not None
    assert cell(panel, 1, MARK) == "▶" and cell(panel, 1, DECLARED) == "Tirer sur Gaspard"

    # Suivant to the end of the actions: the declarations of round 2.
    while ctl.enc.turn.phase == "act":
        panel.next_action.trigger()
        step()
    assert panel.round_label.text() == "Tour 2 — déclarations"
    # CON-03 again; the engine breaks ties by the order the units just acted in.
    assert units(panel) == ["maelis", "archer", "ysolde", "chef", "brig1", "brig2", "bertrand"]
    assert all(not e.declared for e in ctl.enc.turn.order)
    assert ctl.enc.log[-1].action == "Round 2"
    assert panel.mode_actions.declare.isEnabled()

    # Undo steps back exactly, step by step.
    for index, turn in reversed(snapshots[:-1]):
        while stack.index() > index:
            stack.undo()
        assert ctl.enc.turn == turn
    assert panel.round_label.text() == "Combat non commencé" and stack.index() == 0


def test_act_phase_dock_looks_right(panel, qtbot):
    declare_all(panel, qtbot)
    roll_initiative(panel, qtbot, ROLLS).accept()
    panel.mode_actions.delay.trigger()
    panel.next_action.trigger()
    panel.ctl.select("chef")
    assert panel.order_view.selectionModel().selectedRows()[0].row() == 4
    qtbot.wait(20)  # the labels' new heights are laid out by the event loop
    assert panel.order_view.isColumnHidden(STATES)  # a narrow dock: the actions first
    shot(panel, "declare_act_phase_dock")
    panel.resize(560, 600)
    qtbot.wait(20)
    assert not panel.order_view.isColumnHidden(STATES)
    shot(panel, "declare_act_phase_dock_wide")


def test_double_click_declares_for_that_unit_and_amends(panel, qtbot):
    declare_all(panel, qtbot)
    view = panel.order_view
    at = view.visualRect(panel.order_model.index(0, NAME)).center()
    for click in (QTest.mouseClick, QTest.mouseDClick):  # press, release, press twice, release
        click(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)
    dialog = panel.mode_actions.declaration_dialog
    qtbot.addWidget(dialog)
    assert dialog.unit == "maelis" and dialog.actions() == ["Tirer sur Gaspard", "Esquiver"]
    assert dialog.advance_box.isHidden() and not dialog.advance()  # not the declarer now
    dialog.set_actions(["Tirer sur Gaspard", "Esquiver", "Recharger"])
    dialog.accept()
    assert panel.ctl.enc.turn.order[0].declared[-1] == "Recharger"
    assert "Bertrand" in panel.whose_label.text()  # still the declarer of the moment


def test_last_declaration_can_go_on_to_the_initiative(panel, qtbot):
    panel.start_action.trigger()
    for _ in range(6):
        panel.next_action.trigger()
    dialog = declare(panel, qtbot, ["Prier"], advance=True)
    assert dialog.advance_box.text() == "&Puis lancer l’initiative"
    rolling = panel.mode_actions.initiative_dialog
    assert rolling is not None and rolling.isVisible()
    qtbot.addWidget(rolling)
    rolling.roll_all()
    assert set(rolling.rolls()) == set(DECLARERS)
    assert all(1 <= v <= 10 for v in rolling.rolls().values())
    assert rolling.faces["bertrand"].text() == f"dés : {rolling.rolls()['bertrand']}"
    rolling.accept()
    assert panel.ctl.enc.turn.phase == "act"


def test_cancelled_actions_show_annulee_and_get_no_row(panel, qtbot, monkeypatch, rules):
    """CON-10: an action whose initiative falls to 0 or below is cancelled, and the rest."""

    def hook(enc, entry, roll):
        labels = entry.declared or [""]
        out = []
        for n, label in enumerate(labels):
            value = roll + entry.score - 6 * n
            if value <= 0 or (out and out[-1].value is None):
                why = Term("initiative à 0 ou moins : annulée", "", "CON-10")
                out.append(ActionInitiative(label, None, (why,)))
            else:
                out.append(ActionInitiative(label, value, (Term("pénalité", -6 * n, "CON-07"),)))
        return out

    monkeypatch.setattr(rules, "initiatives", hook)
    declare_all(panel, qtbot)
    dialog = roll_initiative(panel, qtbot, {**ROLLS, "maelis": 1})
    assert dialog.result_lines("maelis") == ["1. Tirer sur Gaspard : 5", "2. Esquiver : annulée"]
    assert "CON-10 initiative à 0 ou moins : annulée" in dialog.results["maelis"].toolTip()
    assert "annulée" in dialog.results["maelis"].text()
    dialog.set_value("brig2", 1)
    dialog.set_value("bertrand", 1)  # 1 + 0: a single action, kept
    shot(dialog, "action_initiative_dialog")
    dialog.accept()
    order = panel.ctl.enc.turn.order
    assert [e.declared for e in order if e.unit == "maelis"] == [["Tirer sur Gaspard"]]
    assert "annulée" in "\n".join(panel.ctl.enc.log[-1].breakdown)


def test_a_unit_whose_every_action_is_cancelled_waits_the_next_round(
    panel, qtbot, monkeypatch, rules
):
    def hook(enc, entry, roll):
        labels = entry.declared or [""]
        if entry.unit == "brig2":
            return [ActionInitiative(label, None) for label in labels]
        return [ActionInitiative(label, roll + entry.score) for label in labels]

    monkeypatch.setattr(rules, "initiatives", hook)
    declare_all(panel, qtbot)
    dialog = roll_initiative(panel, qtbot, ROLLS)
    assert dialog.result_lines("brig2") == ["1. (action sans description) : annulée"]
    dialog.accept()
    last = panel.order_model.rowCount() - 1
    assert panel.ctl.enc.turn.order[last].unit == "brig2"
    assert cell(panel, last, DECLARED) == "aucune action ce tour" and cell(panel, last, INIT) == ""


def test_declaration_options_come_from_the_ruleset(panel, qtbot, monkeypatch, rules):
    seen = []
    specs = (
        FieldSpec(
            key="volonte",
            label=Label(fr="Volonté dépensée", en="Willpower spent"),
            kind="bool",
            default=False,
            help=Label(fr="Un succès automatique", en="One automatic success"),
            rule="CON-11",
        ),
        FieldSpec(
            key="celerite",
            label=Label(fr="Célérité (actions de plus)", en="Celerity (extra actions)"),
            kind="int",
            minimum=0,
            maximum=5,
            default=0,
            help=Label(fr="−2 d’initiative cumulés par action", en="−2 cumulative"),
            rule="CON-08",
        ),
        FieldSpec(
            key="posture",
            label=Label(fr="Posture", en="Stance"),
            kind="choice",
            default="normale",
            choices=(
                Choice(value="normale", label=Label(fr="Normale", en="Normal")),
                Choice(value="defensive", label=Label(fr="Défensive", en="Defensive")),
            ),
        ),
    )
    monkeypatch.setattr(rules, "options", lambda enc, c: specs)
    monkeypatch.setattr(
        rules,
        "declared",
        lambda enc, entry, actions, options: seen.append((entry.unit, actions, options)) or [],
    )
    panel.start_action.trigger()
    panel.next_action.trigger()
    declare(panel, qtbot, ["Tirer sur Gaspard"], advance=False)
    panel.next_action.trigger()
    panel.mode_actions.declare.trigger()
    dialog = panel.mode_actions.declaration_dialog
    qtbot.addWidget(dialog)
    assert set(dialog.editors) == {"volonte", "celerite", "posture"}
    assert dialog.editors["celerite"].toolTip() == "CON-08 — −2 d’initiative cumulés par action"
    dialog.set_actions(["Frapper Garin", "Frapper Garin encore", "Esquiver"])
    dialog.set_option("volonte", True)
    dialog.set_option("celerite", 2)
    dialog.set_option("posture", "defensive")
    dialog.resize(dialog.sizeHint())
    shot(dialog, "declaration_dialog")
    dialog.accept()
    assert seen[-1] == (
        "archer",
        ["Frapper Garin", "Frapper Garin encore", "Esquiver"],
        {"volonte": True, "celerite": 2, "posture": "defensive"},
    )


def test_the_initiative_s_main_button_rolls_what_is_missing_and_orders(panel, qtbot):
    """Issue 33: « Lancer les N jets manquants et ordonner les actions » — one click, typed
    rolls kept, the act phase begun (one undo entry)."""
    panel.start_action.trigger()
    for _ in range(6):
        panel.next_action.trigger()
    declare(panel, qtbot, ["Prier"], advance=True)
    dialog = panel.mode_actions.initiative_dialog
    qtbot.addWidget(dialog)
    dialog.set_value("maelis", 9)
    assert dialog.order_button.text().startswith("Lancer les ")
    dialog.accept()
    assert dialog.result() == 1 and dialog.rolls()["maelis"] == 9  # typed: kept
    assert panel.ctl.undo_stack.undoText() == "Initiative"
    assert panel.ctl.enc.turn.phase == "act"
    assert {e.unit: e.initiative for e in panel.ctl.enc.turn.order}["maelis"] is not None


@pytest.mark.parametrize("cited", [False, True], ids=["no ids", "conteur's ids"])
def test_the_rule_ids_cited_are_the_ruleset_s(panel, qtbot, rules, monkeypatch, cited):
    """The initiative dialog and the order's tooltips cite the rule ids the ruleset's
    declarations carry (conteur's CON-02, CON-04, A-CON-17, CON-05, word for word as before
    they left the GUI), none for a ruleset without."""
    keys = ("score_rule", "order_rule", "together_rule", "delay_rule")
    if cited:
        for key in keys:
            monkeypatch.setattr(rules, key, getattr(ConteurDeclarations, key))
    declare_all(panel, qtbot)
    dialog = roll_initiative(panel, qtbot, ROLLS)
    texts = [(w.text(), w.toolTip()) for w in dialog.findChildren(QLabel)]
    intro = "de la plus haute à la plus basse (CON-04)." if cited else "la plus basse."
    assert any(text.endswith(intro) for text, _ in texts)
    score = "Score d’initiative (CON-02)" if cited else "Score d’initiative"
    assert score in [tip for _, tip in texts]
    dialog.accept()
    together = panel.order_model.index(5, NAME).data(Qt.ItemDataRole.ToolTipRole)
    after = "s’appliquent après (CON-04, A-CON-17)" if cited else "s’appliquent après"
    assert together.endswith(after) or f"{after}\n" in together
    panel.mode_actions.delay.trigger()
    delayed = panel.order_model.index(0, NAME).data(Qt.ItemDataRole.ToolTipRole)
    said = "(« Agir maintenant », CON-05)" if cited else "(« Agir maintenant »)"
    assert f"Action retardée : elle a lieu quand le MJ le dit {said}" in delayed
    assert ("CON-" in together + delayed) is cited
