"""The action dialog: who does what to whom, the computation and odds, the dice, Appliquer."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ..controller import Controller, Refused
from ..engine.problems import BilingualError
from ..engine.rulesets.base import Preview, Resolution
from ..engine.rulesets.schema import Label
from ..i18n import language, message, pick, tr
from .action_choice import ActionChoice
from .breakdown import BreakdownView
from .dice_entry import DiceEntry

_OUTCOME_COLOURS = {True: ("#e3f4e4", "#1b5e20"), False: ("#fde7e7", "#8e1c1c")}
_NEUTRAL = ("#e6eef8", "#1d3f6e")
_BANNER = "QLabel {{ background: {bg}; color: {fg}; border-radius: 4px; padding: 6px; }}"


class ActionDialog(QDialog):
    """One action from choice to outcome: actor, target and action, options and GM overrides,
    the breakdown with exact odds, then the dice (rolled or typed) and Appliquer.

    Nothing is written before Appliquer, which calls `controller.resolve` once (one undo
    entry) with dice already rolled or typed, so undoing never involves chance. The outcome
    then shows in the dialog and Annuler becomes Fermer. `applied(resolution)` fires."""

    applied = Signal(object)

    def __init__(
        self,
        controller: Controller,
        actor: str | None,
        target: str | None,
        kind: str | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.controller = controller
        self.preview: Preview | None = None
        self.resolution: Resolution | None = None
        self._busy = False
        self.choice = ActionChoice(controller, actor, target, kind)
        self.breakdown = BreakdownView(controller.ruleset)
        self.dice = DiceEntry(controller.table.roll)
        self.outcome = QLabel()
        self.outcome.setObjectName("outcome")
        self.outcome.setWordWrap(True)
        font = self.outcome.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.2)
        self.outcome.setFont(font)
        self.problem = QLabel()
        self.problem.setObjectName("problem")
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet(_BANNER.format(bg="#fde7e7", fg="#8e1c1c"))
        self.apply_button = QPushButton(tr("&Appliquer"))
        self.apply_button.setDefault(True)
        self.close_button = QPushButton(tr("Ann&uler"))
        self._layout()
        self.outcome.hide()
        self.problem.hide()
        self.choice.changed.connect(self.refresh)
        self.dice.changed.connect(self._update_buttons)
        self.apply_button.clicked.connect(self.apply)
        self.close_button.clicked.connect(self._close)
        controller.changed.connect(self._model_changed)
        controller.replaced.connect(self.reject)
        self.refresh()
        self.dice.focus_input()  # Espace rolls, Entrée applies

    def _layout(self) -> None:
        buttons = QDialogButtonBox()
        buttons.addButton(self.apply_button, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(self.close_button, QDialogButtonBox.ButtonRole.RejectRole)
        layout = QVBoxLayout(self)
        widgets = (self.choice, self.breakdown, self.dice, self.outcome, self.problem, buttons)
        for widget in widgets:
            layout.addWidget(widget)
        self.setMinimumWidth(660)

    def _model_changed(self) -> None:
        """Another edit (an undo, the sheet…) changed the encounter: recompute."""
        if self.resolution is None and not self._busy:
            choice, spec = self.choice, self.choice.spec()
            choice.reload(choice.actor_id(), choice.target_id(), spec.kind if spec else None)

    # Preview and apply ---------------------------------------------------------------------

    def refresh(self) -> None:
        """Recompute the preview; a problem shows inline and blocks Appliquer (a ruleset's
        warnings show in the breakdown and never block: G-3)."""
        if self.resolution is not None or self._busy:
            return
        self.setWindowTitle(self.choice.title())
        self.preview, problem = self._compute_preview()
        if self.preview is None:
            self.breakdown.clear()
        else:
            self.breakdown.show_preview(self.preview)
            self.dice.set_request(self.preview.dice)
            self.choice.show_computed(self.preview)
        self.dice.setEnabled(self.preview is not None)
        self._show_problem(problem)
        self._update_buttons()

    def _compute_preview(self) -> tuple[Preview | None, str]:
        choice = self.choice
        spec = choice.spec()
        if spec is None:
            return None, tr("Aucune action possible pour cet acteur.")
        if spec.needs_target and choice.target_id() is None:
            return None, tr("Choisissez une cible.")
        for editor in choice.option_editors.values():
            why = editor.problem()
            if why:
                reason = pick(Label(fr=why[0], en=why[1]))
                return None, f"{pick(editor.spec.label)} : {reason}"
        try:
            return self.controller.table.preview(choice.action()), ""
        except BilingualError as exc:  # ActionError, DiceInputError
            return None, message(exc)
        except KeyError as exc:
            return None, tr("Introuvable : {what}").format(what=exc)

    def apply(self) -> None:
        """Appliquer: resolve once with the dice shown, then show the outcome; a refusal
        shows inline and changes nothing."""
        if self.resolution is not None:
            return
        self.refresh()
        dice = self.dice.result()
        if self.preview is None or dice is None:
            return
        self._busy = True
        try:
            resolution = self.controller.resolve(self.choice.action(), dice)
        except Refused as exc:
            self._show_problem(message(exc))
            return
        finally:
            self._busy = False
        self._show_outcome(resolution)
        self.applied.emit(resolution)

    def _show_outcome(self, resolution: Resolution) -> None:
        self.resolution = resolution
        self.choice.setEnabled(False)
        self.dice.lock()
        self.breakdown.show_terms(resolution.terms)
        bg, fg = _OUTCOME_COLOURS.get(resolution.success, _NEUTRAL)
        self.outcome.setStyleSheet(_BANNER.format(bg=bg, fg=fg))
        text = resolution.outcome_en if language() == "en" else resolution.outcome_fr
        self.outcome.setText(text)
        self.outcome.show()
        self._show_problem("")
        self.apply_button.hide()
        self.close_button.setText(tr("&Fermer"))
        self.close_button.setDefault(True)
        self.close_button.setFocus()

    def _show_problem(self, text: str) -> None:
        self.problem.setText(text)
        self.problem.setVisible(bool(text))

    def _update_buttons(self) -> None:
        ready = self.preview is not None and self.dice.result() is not None
        self.apply_button.setEnabled(self.resolution is None and ready)

    def _close(self) -> None:
        if self.resolution is not None:
            self.accept()
        else:
            self.reject()
