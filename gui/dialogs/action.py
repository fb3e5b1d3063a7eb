"""The action dialog: who does what to whom, the computation and odds, the dice, Appliquer."""

from __future__ import annotations

from msgspec.structs import replace
from PySide6.QtCore import QCoreApplication, QEvent, QPoint, QSignalBlocker, QSize, Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from gui.boot.i18n import either, message, pick, tr
from gui.control.controller import Controller, Refused, Trial
from gui.dialogs.action_choice import ActionChoice
from gui.dialogs.breakdown import BreakdownView
from gui.dialogs.dice_entry import DiceEntry
from gui.dialogs.follow_up import carried_options
from gui.dialogs.more_dice import MoreDice
from gui.dialogs.offers import OffersBox, window_text
from gui.dialogs.placement import TITLE_BAR, place_beside
from gui.engine.checks.request import DiceResult
from gui.engine.contract.values import FORCE, Action, ActionSpec, AreaOf, Preview, Resolution
from gui.engine.core.words import Label, Notice
from gui.engine.play.next_steps import next_step
from gui.engine.state.schema import FieldSpec
from gui.engine.timing.windows import Offer
from gui.engine.turns import current_entry
from gui.widgets.prompts import Prompts

_OUTCOME_COLOURS = {True: ("#e3f4e4", "#1b5e20"), False: ("#fde7e7", "#8e1c1c")}
_NEUTRAL = ("#e6eef8", "#1d3f6e")
_BANNER = "QLabel {{ background: {bg}; color: {fg}; border-radius: 4px; padding: 6px; }}"
_FORCE_STYLE = "QCheckBox { color: #8e1c1c; font-weight: bold; }"


class _ChoiceArea(QScrollArea):
    """The action's choice, asking for its whole height, scrolling when the dialog has less
    (a short screen, or the outcome and the reactions shown below it)."""

    def __init__(self, inner: QWidget) -> None:
        super().__init__()
        self.setWidgetResizable(True)
        self.setFrameShape(QScrollArea.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setWidget(inner)

    def sizeHint(self) -> QSize:
        return self.widget().sizeHint() + QSize(self._bar(), 0)

    def minimumSizeHint(self) -> QSize:
        return QSize(self.widget().minimumSizeHint().width() + self._bar(), 120)

    def _bar(self) -> int:
        """Room kept for the vertical scroll bar, so that it never covers the options."""
        return self.verticalScrollBar().sizeHint().width()


class ActionDialog(QDialog):
    """One action from choice to outcome: actor, target and action, options and GM overrides,
    the breakdown with exact odds, then the dice (rolled or typed) and Appliquer.

    Nothing is written before Appliquer, which calls `controller.resolve` once (one undo
    entry) with dice already rolled or typed, so undoing never involves chance. The outcome
    then shows in the dialog and Annuler becomes Fermer. `applied(resolution)` fires.

    A blocking notice (the rules forbid the action) keeps Appliquer disabled until the GM
    ticks « Passer outre », which puts FORCE into the action's overrides (logged, G-3). The
    box shows only while there is a blocking notice, and unticks when they change.

    Questions the outcome raises once the dice are known (« Mort ? », Resolution.asks) are
    asked through `prompts` before anything is written; cancelling one applies nothing.
    When the outcome calls for another action (Dommages after a hit), « Suite » opens it
    for the same actor and target (`next_dialog`), with the choices the two share (the
    weapon that hit: follow_up.py). When it opens a reaction window (a hit
    waiting to be absorbed…), the window's offers show under the outcome: the steps that go
    on, the reactions others may take, « Laisser passer » when it may; each opens in a new
    dialog taken in that window (`window`), and the whole gesture is one undo entry."""

    applied = Signal(object)
    places_itself = True  # placement.py: after its own fit to the screen, off the aim

    def __init__(
        self,
        controller: Controller,
        actor: str | None,
        target: str | None,
        kind: str | None = None,
        parent: QWidget | None = None,
        window: str | None = None,
        forcing: bool = False,
        area: AreaOf | None = None,
    ) -> None:
        super().__init__(parent)
        self.controller = controller
        self.preview: Preview | None = None
        # The action and the encounter's version the preview shown was computed for.
        self._previewed: tuple[Action, int] | None = None
        self.resolution: Resolution | None = None
        self.blocking: tuple[Notice, ...] = ()  # what « Passer outre » overrides
        self.prompts = Prompts(self)
        self.next_dialog: ActionDialog | None = None
        self._blocking_key: tuple[str | None, tuple[Notice, ...]] = (actor, ())
        self._busy = False
        self._sized = False
        self._placed = False  # opened beside the map once; then moved only if it must
        self._rolls_next = False  # « Suite » rolls and applies the next step (issue 33, 6)
        self.choice = ActionChoice(controller, actor, target, kind, None, window, forcing, area)
        self.within = QLabel()  # the window this action is taken in
        self.within.setObjectName("window")
        self.within.setWordWrap(True)
        self.within.setStyleSheet(_BANNER.format(bg=_NEUTRAL[0], fg=_NEUTRAL[1]))
        self.within.setVisible(window is not None)
        if window is not None:
            opened = [w for w in controller.enc.windows if w.id == window]
            label = window_text(controller, opened[0]) if opened else ""
            self.within.setText(tr("Dans la fenêtre de réaction : {label}").format(label=label))
        self.offers = OffersBox(controller)
        self.offers.picked.connect(self.open_offer)
        self.offers.hide()
        self._windows_before = {w.id for w in controller.enc.windows}
        self.breakdown = BreakdownView(controller.ruleset)
        self.dice = DiceEntry(controller.roll)
        self.more_dice = MoreDice(controller.roll)  # the rolls that follow (Preview.more)
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
        self.next_button = QPushButton()
        self.next_button.setObjectName("nextAction")
        self.next_button.setAutoDefault(False)  # Entrée means Appliquer until the outcome
        self.end_turn_button = QPushButton(tr("Tour &suivant"))
        self.end_turn_button.setObjectName("endTurn")
        self.end_turn_button.setAutoDefault(False)
        self.end_turn_button.setToolTip(tr("Fermer et passer au tour suivant (« Suivant »)"))
        # The window's Suivant, when the dialog opens over a main window (MainWindow.end_turn).
        self._end_turn = getattr(parent.window(), "end_turn", None) if parent else None
        # The window's map, which draws the lines of effect to the target (MainWindow.aim).
        self._aim = getattr(parent.window(), "aim", None) if parent else None
        if self._aim is not None:
            self.finished.connect(lambda _result: self._aim(self, None, None))
        self.force_check = QCheckBox(tr("&Passer outre (décision du MJ, G-3)"))
        self.force_check.setObjectName("force")
        self.force_check.setStyleSheet(_FORCE_STYLE)
        self.force_check.setToolTip(
            tr(
                "Les règles interdisent cette action. Cochée, la case l’autorise quand même ;"
                " la décision est notée au journal."
            )
        )
        self._layout()
        self.next_button.hide()  # until an outcome calls for another action
        self.end_turn_button.hide()  # until an outcome ends the acting unit's action
        self.outcome.hide()
        self.problem.hide()
        self.force_check.hide()
        self.force_check.toggled.connect(self.choice.set_force)
        self.choice.changed.connect(self.refresh)
        self.dice.changed.connect(self._update_buttons)
        self.more_dice.changed.connect(self._update_buttons)
        self.apply_button.clicked.connect(self.apply)
        self.next_button.clicked.connect(self._next_clicked)
        self.end_turn_button.clicked.connect(self.close_and_end_turn)
        self.close_button.clicked.connect(self._close)
        controller.changed.connect(self._model_changed)
        controller.replaced.connect(self.reject)
        self.refresh()
        self.dice.focus_input()  # Espace rolls, Entrée applies

    def _layout(self) -> None:
        buttons = QDialogButtonBox()
        buttons.addButton(self.apply_button, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(self.next_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.end_turn_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.close_button, QDialogButtonBox.ButtonRole.RejectRole)
        layout = QVBoxLayout(self)
        widgets = (
            self.within,
            self.choice,
            self.breakdown,
            self.dice,
            self.more_dice,
            self.outcome,
            self.offers,
            self.problem,
            self.force_check,
            buttons,
        )
        for widget in widgets:
            if widget is self.choice:
                layout.addWidget(_ChoiceArea(widget), 1)
                continue
            # Only the choice gives up height when the screen is short: the rest keeps it.
            policy = widget.sizePolicy()
            grows = policy.verticalPolicy().value & QSizePolicy.PolicyFlag.ExpandFlag.value
            policy.setVerticalPolicy(
                QSizePolicy.Policy.MinimumExpanding if grows else QSizePolicy.Policy.Minimum
            )
            widget.setSizePolicy(policy)
            layout.addWidget(widget)

    def showEvent(self, event: QShowEvent) -> None:
        """Never taller than the screen (a 768-pixel laptop): the choice scrolls instead,
        and the outcome and what comes next stay in view."""
        super().showEvent(event)
        if not self._sized:  # Qt opens a window at most 2/3 of the screen tall: ask for all
            self._sized = True
            self._fit()

    def _fit(self) -> None:
        """As tall as the content asks, within the screen (the layouts brought up to date
        first: what just changed posted its requests)."""
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        screen = self.screen().availableGeometry()
        room = screen.height() - TITLE_BAR
        hint = self.sizeHint()
        self.resize(max(hint.width(), self.width()), min(max(hint.height(), self.height()), room))
        if self.isVisible():
            self._place()

    def _place(self) -> None:
        """Within the screen and off what the action aims at (placement.py, issue 33): first
        beside the map at the window's right; afterwards where it is unless it must move (it
        grew past the screen, or the aim moved under it)."""
        main = self.parentWidget().window() if self.parentWidget() is not None else None
        aimed = getattr(main, "aimed_rects", None)
        hard, soft = aimed() if aimed is not None else ([], [])
        corner = None
        if not self._placed and main is not None:
            width = self.frameGeometry().width()
            corner = main.mapToGlobal(QPoint(main.width() - width - 8, 40))
        self._placed = True
        place_beside(self, main, hard, soft, corner)
        clear = getattr(main, "clear_of", None)
        if clear is not None:  # too wide for the map's free side: the map slides the aim out
            clear(self)

    def _model_changed(self) -> None:
        """Another edit (an undo, the sheet…) changed the encounter: recompute."""
        if self.resolution is None and not self._busy:
            choice, spec = self.choice, self.choice.spec()
            choice.reload(choice.actor_id(), choice.target_id(), spec.kind if spec else None)

    # Preview and apply ---------------------------------------------------------------------

    def refresh(self) -> None:
        """Recompute the preview; a problem shows inline and blocks Appliquer, and so does a
        blocking notice until the GM ticks « Passer outre » (other warnings show in the
        breakdown and never block: G-3)."""
        if self.resolution is not None or self._busy:
            return
        self.setWindowTitle(self.choice.title())
        if self._aim is not None:
            self._aim(self, self.choice.actor_id(), self.choice.target_id())
            if self._placed and self.isVisible():  # another target: not under the dialog
                self._place()
        self.preview, problem = self._compute_preview()
        if self._show_blocking(self._blocking_notices()):  # FORCE dropped: preview again
            self.preview, problem = self._compute_preview()
            self._show_blocking(self._blocking_notices())
        if self.preview is None:
            self.breakdown.clear()
            self.more_dice.set_requests(())
        else:
            shown = self.preview.notices
            shown += tuple(n for n in self.blocking if n not in shown)
            self.breakdown.show_preview(replace(self.preview, notices=shown))
            self.dice.set_request(self.preview.dice, self.preview.dice_bonus)
            self.more_dice.set_requests(self.preview.more)
            self.choice.show_computed(self.preview)
        self._previewed = (self.choice.action(), self.controller.version)
        self.dice.setEnabled(self.preview is not None)
        self._show_problem(problem)
        self._update_buttons()

    def _blocking_notices(self) -> tuple[Notice, ...]:
        """The blocking notices of the action, even when the overridden preview drops them."""
        if self.preview is None:
            return ()
        found = tuple(n for n in self.preview.notices if n.blocking)
        if found or not self.choice.forced():
            return found
        action = self.choice.action()  # the rules' view without the GM's decision
        plain = replace(action, overrides={k: v for k, v in action.overrides.items() if k != FORCE})
        try:
            return tuple(n for n in self.controller.preview(plain).notices if n.blocking)
        except Refused:
            return ()

    def _show_blocking(self, notices: tuple[Notice, ...]) -> bool:
        """Show « Passer outre » while the rules forbid the action; when the reasons or the
        actor change (or the reasons go), the GM's decision is dropped: FORCE leaves the
        action. True when it was dropped."""
        key = (self.choice.actor_id(), notices)
        dropped = False
        if key != self._blocking_key:
            self._blocking_key = key
            dropped = self.choice.forced()
            with QSignalBlocker(self.force_check):
                self.force_check.setChecked(False)
            with QSignalBlocker(self.choice):
                self.choice.set_force(False)
        self.blocking = notices
        self.force_check.setVisible(bool(notices))
        return dropped

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
            return self.controller.preview(choice.action()), ""
        except Refused as exc:  # ActionError, DiceInputError, a combatant not found
            return None, message(exc)

    def apply(self) -> None:
        """Appliquer: resolve once with the dice shown (rolled now if the app rolls and the
        GM has not), then show the outcome; a refusal shows inline and changes nothing. The
        preview shown serves while the action and the encounter are those it was computed
        for, and the trial that the outcome's questions were answered on is what the
        controller applies: one resolution per Appliquer."""
        if self.resolution is not None:
            return
        if not all([self.dice.roll_if_needed(), self.more_dice.roll_if_needed()]):
            return  # rolled: a Coup de Poker to decide first
        if self._previewed != (self.choice.action(), self.controller.version):
            self.refresh()  # the preview shown is not this action's any more
        dice, then = self.dice.result(), self.more_dice.results()
        if self.preview is None or dice is None or then is None or self._blocked():
            return
        dice = replace(dice, then=then)
        trial = self._answered(self.choice.action(), dice)
        if trial is None:
            return
        self._busy = True
        try:
            resolution = self.controller.resolve(trial.action, dice, trial)
        except Refused as exc:
            self._show_problem(message(exc))
            return
        finally:
            self._busy = False
        self._show_outcome(resolution)
        self._show_offers()
        self._fit()  # the outcome and what comes next in view, the choice scrolling if need be
        self.applied.emit(resolution)

    def _answered(self, action: Action, dice: DiceResult) -> Trial | None:
        """The trial of the action with the GM's answers to what its outcome asks
        (Resolution.asks), tried without writing anything until nothing is left to ask;
        None if the GM cancels a question, or if the rules refuse the action (shown)."""
        while True:
            try:
                trial = self.controller.trial(action, dice)
            except Refused as exc:
                self._show_problem(message(exc))
                return None
            missing = [f for f in trial.resolution.asks if f.key not in action.options]
            if not missing:
                return trial
            answer = self._ask(missing[0])
            if answer is None:
                return None
            action = replace(action, options={**action.options, missing[0].key: answer})

    def _ask(self, spec: FieldSpec) -> str | int | None:
        """One question of an outcome, as a choice, a number or a text."""
        title, label = self.windowTitle(), pick(spec.label)
        if spec.kind == "choice":
            index = self.prompts.choice(title, label, [pick(c.label) for c in spec.choices])
            return None if index is None else spec.choices[index].value
        if spec.kind == "int":
            low, high = int(spec.minimum or 0), int(spec.maximum or 0)
            default = spec.default if isinstance(spec.default, int) else low
            return self.prompts.integer(title, label, default, low, high)
        return self.prompts.text(title, label, str(spec.default or ""))

    def open_next(self) -> ActionDialog | None:
        """« Suite »: the action the outcome calls for, in a new dialog: same actor and
        target, or taken by whom it concerns (the target soaks); this one closes."""
        if self.resolution is None:
            return None
        step = next_step(self.controller.ruleset, self.controller.enc, self.resolution)
        if step is None:
            return None
        follows = (self.resolution.action, self.choice.spec())  # its weapon… (follow_up.py)
        return self._hand_over(step.actor, step.target, step.kind, follows=follows)

    def _next_clicked(self) -> ActionDialog | None:
        """« Suite » clicked: the next step in its dialog, rolled and applied at once when
        `_rolls_next` (its numbers all shown there, with Tour suivant); else to fill in."""
        dialog = self.open_next()
        if dialog is not None and self._rolls_next:
            dialog.apply()
        return dialog

    def carry_over(self, previous: Action, previous_spec: ActionSpec | None) -> None:
        """Show the options of the action this one follows that it also has (the weapon
        that hit deals the damage), before the GM changes anything."""
        spec = self.choice.spec()
        if spec is None or self.resolution is not None:
            return
        carried = carried_options(previous, previous_spec, spec, self.choice.actor_id())
        editors = self.choice.option_editors
        shown = {k: v for k, v in carried.items() if k in editors and editors[k].value() != v}
        for key, value in shown.items():
            editors[key].show_value(value)
        if shown:
            self.refresh()

    def _show_offers(self) -> None:
        """The windows this action opened, or that its gesture keeps open: their offers."""
        enc = self.controller.enc
        gesture = next((w.gesture for w in enc.windows if w.id == self.choice.window), None)
        shown = [
            w
            for w in enc.windows
            if w.id not in self._windows_before or (gesture and w.gesture == gesture)
        ]
        self.offers.show_windows(shown)
        if (
            self.offers.isVisible()
            and self.offers.first is not None
            and self.next_button.isHidden()
        ):
            self.offers.first.setDefault(True)
            self.offers.first.setFocus()

    def open_offer(self, offer: Offer) -> ActionDialog:
        """One of a window's offers, in a new dialog taken in that window; this one closes."""
        return self._hand_over(offer.actor, offer.target, offer.kind, offer.window)

    def _hand_over(
        self,
        actor: str | None,
        target: str | None,
        kind: str,
        window: str | None = None,
        follows: tuple[Action, ActionSpec | None] | None = None,
    ) -> ActionDialog:
        """The next action in a new dialog (whose outcomes are this one's `applied` too),
        with the options it shares with the action it `follows`; this one closes."""
        dialog = ActionDialog(
            self.controller, actor, target, kind, self.parentWidget(), window=window
        )
        if follows is not None:
            dialog.carry_over(*follows)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.applied.connect(self.applied)
        self.next_dialog = dialog
        self.accept()
        dialog.open()
        return dialog

    def _show_outcome(self, resolution: Resolution) -> None:
        self.resolution = resolution
        self.choice.setEnabled(False)
        self.force_check.setEnabled(False)
        self.dice.lock()
        self.more_dice.lock()
        self.breakdown.show_terms(resolution.terms)
        bg, fg = _OUTCOME_COLOURS.get(resolution.success, _NEUTRAL)
        self.outcome.setStyleSheet(_BANNER.format(bg=bg, fg=fg))
        self.outcome.setText(either(resolution.outcome_fr, resolution.outcome_en))
        self.outcome.show()
        self._show_problem("")
        self.apply_button.hide()
        self.close_button.setText(tr("&Fermer"))
        follow = self._next_label(resolution)
        # The app rolled these dice, and the actor takes the next step too (its damage): one
        # click rolls and applies it, shown in its own dialog (issue 33, item 6).
        self._rolls_next = self.dice.mode() == "rolled" and resolution.next_actor in (
            None,
            resolution.action.actor,
        )
        if follow and self._rolls_next:
            self.next_button.setText(tr("&Suite : {action} (lancer)").format(action=follow))
            self.next_button.setToolTip(
                tr(
                    "Lancer et appliquer l’action suivante, même acteur et même cible. Pour en"
                    " saisir les dés, choisissez « Saisir les dés » avant d’appliquer celle-ci."
                )
            )
        elif follow:
            self.next_button.setText(tr("&Suite : {action}").format(action=follow))
            self.next_button.setToolTip(tr("Ouvrir l’action suivante, même acteur et même cible"))
        if follow:
            self.next_button.show()
            self.next_button.setDefault(True)
            self.next_button.setFocus()
        elif self._end_turn is not None and self._in_turn(resolution.action.actor):
            self.end_turn_button.show()
            self.end_turn_button.setDefault(True)
            self.end_turn_button.setFocus()
        else:
            self.close_button.setDefault(True)
            self.close_button.setFocus()

    def _in_turn(self, actor: str | None) -> bool:
        """Whether `actor` acts in its own turn (its unit is the acting one)."""
        acting = current_entry(self.controller.enc.turn)
        return actor is not None and acting is not None and actor in acting.members

    def close_and_end_turn(self) -> None:
        """Tour suivant: the action is done; close and hand the turn on as « Suivant » does."""
        end_turn = self._end_turn
        self.accept()
        if end_turn is not None:
            end_turn()

    def _next_label(self, resolution: Resolution) -> str:
        """The label of the action the outcome calls for, if its taker has it now (the
        target's soak after the damage: next_steps.py)."""
        step = next_step(self.controller.ruleset, self.controller.enc, resolution)
        return pick(step.label) if step is not None else ""

    def _show_problem(self, text: str) -> None:
        self.problem.setText(text)
        self.problem.setVisible(bool(text))

    def _blocked(self) -> bool:
        """True while the rules forbid the action and the GM has not overridden them."""
        return bool(self.blocking) and not self.choice.forced()

    def _update_buttons(self) -> None:
        ready = (
            self.preview is not None
            and self.dice.can_apply()
            and all(entry.can_apply() for entry in self.more_dice.entries)
        )
        self.apply_button.setEnabled(self.resolution is None and ready and not self._blocked())

    def _close(self) -> None:
        if self.resolution is not None:
            self.accept()
        else:
            self.reject()


def open_action_dialog(
    controller: Controller,
    actor: str | None,
    target: str | None,
    kind: str | None,
    parent: QWidget | None,
    window: str | None = None,
    forcing: bool = False,
    area: AreaOf | None = None,
) -> ActionDialog:
    """Open the action dialog window-modal without blocking (taken in the reaction window
    `window`, if any; `forcing`: « Forcer une action (MJ) », all the actions of an actor that
    cannot act; `area`: an area of effect drawn on the map, issue 37); it deletes itself when
    closed."""
    dialog = ActionDialog(
        controller, actor, target, kind, parent, window=window, forcing=forcing, area=area
    )
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()
    return dialog
