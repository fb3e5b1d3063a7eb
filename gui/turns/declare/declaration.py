"""The dialog of « Déclarer… » (declare-then-act, CON-03): what a unit announces this turn."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QSettings
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from gui.boot.i18n import pick, tr
from gui.control.controller import Controller
from gui.dialogs.checked import ChecksBeforeAccept, error_label
from gui.engine.core.words import Label
from gui.engine.state.model import StatValue
from gui.engine.turns import current_entry
from gui.models import unit_name
from gui.turns.roll_inputs import muted_colour
from gui.widgets.field_editor import FieldEditor, make_editor

ADVANCE_KEY = "turns/advance_after_declaring"  # QSettings: the « Passer ensuite » box


def action_lines(text: str) -> list[str]:
    """The actions typed one per line, blank lines dropped."""
    return [line.strip() for line in text.splitlines() if line.strip()]


class DeclarationDialog(ChecksBeforeAccept, QDialog):
    """A unit's declared actions, one per line and in order (at least one), and the ruleset's
    declaration options (Volonté, Célérité…). When the unit is the one declaring now, the
    « Passer ensuite » box (kept between sessions) moves on once it is accepted.

    Once accepted, read `actions()`, `options()` and `advance()`."""

    def __init__(self, controller: Controller, unit: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctl = controller
        enc = controller.enc
        self.unit = unit
        self.entry = next(e for e in enc.turn.order if e.unit == unit)
        name = unit_name(enc, self.entry)
        self.setWindowTitle(tr("Déclaration — {name}").format(name=name))
        self.actions_edit = QPlainTextEdit()
        self.actions_edit.setObjectName("declaredActions")
        self.actions_edit.setAccessibleName(tr("Actions déclarées"))
        self.actions_edit.setPlaceholderText(
            tr("Une action par ligne, dans l’ordre :\nTirer sur Gaspard\nEsquiver")
        )
        self.actions_edit.setTabChangesFocus(True)
        lines = self.fontMetrics().lineSpacing()
        self.actions_edit.setMinimumHeight(lines * 5 + 12)
        self.actions_edit.setMinimumWidth(self.fontMetrics().averageCharWidth() * 60)
        self.actions_edit.setPlainText("\n".join(self.entry.declared))
        self.count_label = QLabel()
        self.count_label.setObjectName("actionCount")
        self.actions_edit.textChanged.connect(self._recount)
        self.editors: dict[str, FieldEditor] = {}
        self.advance_box = QCheckBox()
        self.error = error_label("declarationError")
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(tr("Déclarer"))
        ok.setToolTip(tr("Enregistrer la déclaration (Ctrl+Entrée)"))
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(tr("Annuler"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        # Return types a new line in the list: Ctrl+Return declares.
        for keys in ("Ctrl+Return", "Ctrl+Enter"):
            QShortcut(QKeySequence(keys), self, activated=self.accept)
        heading = QLabel(tr("&Actions annoncées (une par ligne) :"))
        heading.setBuddy(self.actions_edit)
        layout = QVBoxLayout(self)
        layout.addWidget(self._header())
        earlier = self._earlier()
        if earlier is not None:
            layout.addWidget(earlier)
        layout.addWidget(heading)
        layout.addWidget(self.actions_edit, 1)
        layout.addWidget(self.count_label)
        options = self._options()
        if options is not None:
            layout.addWidget(options)
        self._advance_box()
        layout.addWidget(self.advance_box)
        layout.addWidget(self.error)
        layout.addWidget(buttons)
        self._recount()
        self.actions_edit.setFocus()

    def _header(self) -> QLabel:
        enc, entry = self.ctl.enc, self.entry
        colour = enc.side(entry.side).colour
        rank = enc.turn.order.index(entry) + 1
        text = tr("score d’initiative {score} — rang {rank} sur {total}").format(
            score=entry.score, rank=rank, total=len(enc.turn.order)
        )
        label = QLabel(
            f'<span style="color:{colour}">■</span> <b>{escape(unit_name(enc, entry))}</b>'
            f" — {escape(text)}"
        )
        label.setWordWrap(True)
        return label

    def _earlier(self) -> QLabel | None:
        """What the faster units announced: the slower ones declare knowing it (§5.3)."""
        enc = self.ctl.enc
        said = [
            f"<b>{escape(unit_name(enc, e))}</b> : {escape(' ; '.join(e.declared))}"
            for e in enc.turn.order
            if e.declared and e.unit != self.unit
        ]
        if not said:
            return None
        label = QLabel(tr("Déjà annoncé :") + "<br>" + "<br>".join(said))
        label.setObjectName("earlierDeclarations")
        label.setWordWrap(True)
        label.setStyleSheet(f"color: {muted_colour(label.palette())};")
        return label

    def _options(self) -> QGroupBox | None:
        enc = self.ctl.enc
        combatant = enc.combatant(self.entry.members[0])
        mode = self.ctl.mode()
        rules = getattr(mode, "rules", None)  # declare-then-act: the ruleset's declarations
        specs = rules.options(enc, combatant) if rules is not None else ()
        if not specs:
            return None
        box = QGroupBox(tr("Options de la déclaration"))
        form = QFormLayout(box)
        for spec in specs:
            editor = make_editor(spec)
            label = QLabel(pick(spec.label))
            label.setBuddy(editor.widget)
            label.setToolTip(editor.toolTip())
            form.addRow(label, editor)
            self.editors[spec.key] = editor
        return box

    def _advance_box(self) -> None:
        """« Passer ensuite à … » for the unit declaring now; hidden when amending another."""
        turn = self.ctl.enc.turn
        acting = current_entry(turn)
        box = self.advance_box
        box.setObjectName("advanceAfterDeclaring")
        if acting is None or acting.unit != self.unit:
            box.setChecked(False)
            box.hide()
            return
        at = turn.order.index(acting)
        if at + 1 < len(turn.order):
            following = unit_name(self.ctl.enc, turn.order[at + 1])
            box.setText(tr("&Passer ensuite à {name}").format(name=following))
        else:
            box.setText(tr("&Puis lancer l’initiative"))
        box.setToolTip(tr("Comme « Suivant » après la déclaration (un pas d’annulation de plus)"))
        box.setChecked(QSettings().value(ADVANCE_KEY, True, type=bool))
        box.toggled.connect(lambda on: QSettings().setValue(ADVANCE_KEY, on))

    def _recount(self) -> None:
        n = len(self.actions())
        if n == 0:
            self.count_label.setText(tr("Aucune action : en écrire au moins une."))
        elif n == 1:
            self.count_label.setText(tr("1 action"))
        else:
            self.count_label.setText(tr("{n} actions").format(n=n))
        if not self.error.isHidden():
            self._show_problems()

    # Filling in -------------------------------------------------------------------------

    def set_actions(self, actions: list[str]) -> None:
        """Type the actions (what the GM does in the list)."""
        self.actions_edit.setPlainText("\n".join(actions))

    def set_option(self, key: str, value: StatValue) -> None:
        self.editors[key].show_value(value)

    # Result -----------------------------------------------------------------------------

    def actions(self) -> list[str]:
        return action_lines(self.actions_edit.toPlainText())

    def options(self) -> dict[str, StatValue]:
        return {key: editor.value() for key, editor in self.editors.items()}

    def advance(self) -> bool:
        """True when the GM wants « Suivant » (or the initiative) right after."""
        return not self.advance_box.isHidden() and self.advance_box.isChecked()

    def problems(self) -> list[str]:
        out = []
        if not self.actions():
            out.append(tr("Déclarer au moins une action."))
        for editor in self.editors.values():
            why = editor.problem()
            if why:
                reason = pick(Label(fr=why[0], en=why[1]))
                out.append(f"{pick(editor.spec.label)} : {reason}")
        return out
