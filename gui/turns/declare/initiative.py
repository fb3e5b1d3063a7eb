"""The dialog of « Lancer l’initiative » (declare-then-act, CON-04): each unit's roll, and the
initiative every declared action gets from it (multiple actions, Célérité, CON-07…CON-10)."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from gui.boot.i18n import either, tr
from gui.control.controller import Controller
from gui.dialogs.checked import ChecksBeforeAccept, error_label
from gui.engine.checks.request import DiceRequest
from gui.engine.core.words import Label
from gui.engine.dice.rolling import DiceExpr
from gui.engine.state.model import TurnEntry
from gui.engine.turns import ActionInitiative, DeclareThenAct
from gui.models import unit_name
from gui.turns.roll_inputs import RollInputs, muted_colour, scrolled

# When the ruleset asks for no roll, a plain d10 (CON-04: 1d10 + score).
D10 = DiceRequest(DiceExpr(1, 10), Label(fr="Jet", en="Roll"), 1, 10)
_CANCELLED = "#b00020"


def cited(rule: str, before: str = " (", after: str = ")") -> str:
    """A ruleset's rule id as a sentence cites it (« (CON-04) »); nothing without one."""
    return f"{before}{rule}{after}" if rule else ""


def action_line(n: int, act: ActionInitiative | None, label: str) -> str:
    """ "1. Tirer sur Gaspard : 12", "2. Esquiver : annulée", "1. Tirer… : ?" (no roll yet)."""
    shown = label or tr("(action sans description)")
    if act is None:
        value = "?"
    elif act.value is None:
        value = tr("annulée")
    else:
        value = str(act.value)
    return tr("{n}. {action} : {value}").format(n=n, action=shown, value=value)


def breakdown(act: ActionInitiative) -> str:
    """The terms of an action's initiative on one line (rule ids included, G-2), in the
    interface's language (« CON-04 +9 base initiative » in English, issue 34)."""
    return " · ".join(either(str(t), t.english()).strip() for t in act.terms)


class ActionInitiativeDialog(ChecksBeforeAccept, QDialog):
    """One row per unit in declaration order: its roll (« Lancer », « Tout lancer », or typed)
    and, under it, the initiative of each of its declared actions as the ruleset computes it
    (`DeclareThenAct.action_initiatives`), with the terms in a small text and in the tooltip.

    Once accepted, read `rolls()` for `Controller.begin_act`."""

    def __init__(self, controller: Controller, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctl = controller
        self.setWindowTitle(
            tr("Lancer l’initiative — tour {n}").format(n=controller.enc.turn.round)
        )
        self.entries: dict[str, TurnEntry] = {e.unit: e for e in controller.enc.turn.order}
        requests = {unit: self._request(e) for unit, e in self.entries.items()}
        self.inputs = RollInputs(controller.roll, requests)
        self.requests, self.spins, self.faces = requests, self.inputs.spins, self.inputs.faces
        self.results: dict[str, QLabel] = {}
        self.muted = muted_colour(self.palette())
        self.error = error_label("initiativeError")
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.order_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(tr("Annuler"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        roll_all = QPushButton(tr("Tout lancer"))
        roll_all.setToolTip(tr("Lancer les dés de tous ceux dont le jet est vide"))
        roll_all.clicked.connect(self.roll_all)
        row = QHBoxLayout()
        row.addWidget(roll_all)
        row.addStretch(1)
        mode = controller.mode()
        assert isinstance(mode, DeclareThenAct)
        self.rules = mode.rules  # the ruleset's rule ids the dialog cites
        intro = QLabel(
            tr(
                "Chaque unité lance son dé ; chaque action déclarée a sa propre initiative, "
                "de la plus haute à la plus basse{rule}."
            ).format(rule=cited(self.rules.order_rule))
        )
        intro.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self._rolls(), 1)
        layout.addLayout(row)
        layout.addWidget(self.error)
        layout.addWidget(buttons)
        for unit in self.entries:
            self._show_results(unit)
        self._name_order()

    def _name_order(self) -> None:
        """The main button rolls what is missing, then orders the actions; the GM may still
        roll or type any of them first."""
        self.inputs.name_button(
            self.order_button,
            tr("Lancer le jet manquant et ordonner les actions"),
            tr("Lancer les {n} jets manquants et ordonner les actions"),
            tr("Ordonner les actions"),
            tr("Les jets vides sont lancés par l’application, les valeurs saisies gardées"),
        )

    def accept(self) -> None:  # Qt override
        """Roll every die still empty (typed ones are kept), then order the actions; a typed
        value out of range still stops it, with the reason."""
        self.roll_all()
        super().accept()

    def _request(self, entry: TurnEntry) -> DiceRequest:
        c = self.ctl.enc.combatant(entry.members[0])
        return self.ctl.ruleset.initiative(self.ctl.enc, c) or D10

    def _rolls(self) -> QScrollArea:
        grid = QGridLayout()
        grid.setVerticalSpacing(2)
        titles = (tr("Unité"), tr("Score"), tr("Jet"))
        for column, title in enumerate(titles):
            grid.addWidget(QLabel(f"<b>{escape(title)}</b>"), 0, column)
        enc = self.ctl.enc
        row = 1
        for unit, entry in self.entries.items():
            request, name = self.requests[unit], unit_name(enc, entry)
            colour = enc.side(entry.side).colour
            grid.addWidget(
                QLabel(f'<span style="color:{colour}">■</span> <b>{escape(name, quote=False)}</b>'),
                row,
                0,
            )
            score = QLabel(str(entry.score))
            score.setToolTip(
                tr("Score d’initiative{rule}").format(rule=cited(self.rules.score_rule))
            )
            score.setAlignment(Qt.AlignmentFlag.AlignCenter)
            grid.addWidget(score, row, 1)
            spin = self.inputs.add_row(
                grid,
                row,
                unit,
                name,
                tr("Jet d’initiative de {name}").format(name=name),
                tr("{expr} : entre {low} et {high}").format(
                    expr=request.expr, low=request.minimum, high=request.maximum
                ),
                tr("dés : {faces}").format(faces="10"),
            )
            results = QLabel()
            results.setObjectName(f"results_{unit}")
            results.setTextFormat(Qt.TextFormat.RichText)
            results.setWordWrap(True)  # long breakdowns wrap instead of widening the grid
            results.setContentsMargins(18, 0, 0, 6)
            grid.addWidget(results, row + 1, 0, 1, 5)
            spin.valueChanged.connect(lambda _v, unit=unit: self._show_results(unit))
            spin.valueChanged.connect(self._recheck)
            spin.valueChanged.connect(self._name_order)
            self.results[unit] = results
            row += 2
        grid.setColumnStretch(0, 1)
        return scrolled(grid, 460)

    # Filling in -------------------------------------------------------------------------

    def roll(self, unit: str) -> int:
        """Roll one unit's initiative die with the encounter's dice; returns the value."""
        return self.inputs.roll(unit)

    def roll_all(self) -> None:
        """Roll for every unit whose roll is still empty (typed values are kept)."""
        self.inputs.roll_all()

    def set_value(self, unit: str, value: int) -> None:
        """Type a roll (what the GM does in the spin box)."""
        self.spins[unit].setValue(value)

    # What the rolls give ------------------------------------------------------------------

    def _checked(self) -> dict[str, int | str]:
        """Each unit's roll, or why it is missing or out of range."""
        names = {unit: unit_name(self.ctl.enc, e) for unit, e in self.entries.items()}
        return self.inputs.checked(names, tr("{name} : jet à lancer ou à saisir"))

    def rolls(self) -> dict[str, int]:
        """The roll of every unit whose value is set and in range."""
        return {unit: v for unit, v in self._checked().items() if isinstance(v, int)}

    def problems(self) -> list[str]:
        return [v for v in self._checked().values() if isinstance(v, str)]

    def initiatives(self, unit: str) -> list[ActionInitiative] | None:
        """The ruleset's initiative for each action of `unit`, None while it has no roll."""
        roll = self.rolls().get(unit)
        if roll is None:
            return None
        mode = self.ctl.mode()
        assert isinstance(mode, DeclareThenAct)
        return mode.action_initiatives(self.ctl.turn_context(), {unit: roll}).get(unit, [])

    def result_lines(self, unit: str) -> list[str]:
        """ "1. Tirer sur Gaspard : 12", … as shown under the unit's roll (plain text)."""
        acts = self.initiatives(unit)
        labels = self.entries[unit].declared or [""]
        if acts is None:
            return [action_line(n, None, label) for n, label in enumerate(labels, 1)]
        return [action_line(n, act, act.label) for n, act in enumerate(acts, 1)]

    def _show_results(self, unit: str) -> None:
        acts = self.initiatives(unit)
        lines, tips = [], []
        for n, text in enumerate(self.result_lines(unit), 1):
            act = acts[n - 1] if acts is not None and n <= len(acts) else None
            why = breakdown(act) if act is not None else ""
            html = escape(text, quote=False)
            if act is not None and act.value is None:
                html = f'<span style="color:{_CANCELLED}">{html}</span>'
            elif act is None:
                html = f'<span style="color:{self.muted}">{html}</span>'
            if why:
                small = escape(why, quote=False)
                html += f'&nbsp;&nbsp;<small style="color:{self.muted}">{small}</small>'
            lines.append(html)
            tips.append(f"{text}\n    {why}" if why else text)
        if acts is not None and not acts:
            lines = [escape(tr("aucune action ce tour"))]
        label = self.results[unit]
        label.setText("<br>".join(lines))
        label.setToolTip("\n".join(tips))

    # Result -----------------------------------------------------------------------------
