"""« Ajouter un état… »: the GM puts any state of the ruleset (with its rules text) or a free
condition on a combatant, with a duration and a source (G-3); one undo entry, logged."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gui.boot.i18n import either, message, pick, tr
from gui.control.controller import Controller
from gui.dialogs.checked import ChecksBeforeAccept, error_label
from gui.engine.contract.conditions import FREE, MAX_ROUNDS, ConditionError, Duration, condition
from gui.engine.core.problems import BilingualError
from gui.engine.state.model import State
from gui.engine.turns import current_entry


def lastings() -> tuple[tuple[Duration, str], ...]:
    """The durations offered, with their words in the interface's language."""
    return (
        (Duration("removed"), tr("Jusqu’à ce que le MJ le retire")),
        (Duration("rounds"), tr("Un nombre de rounds")),
        (Duration("turn_start", whose="owner"), tr("Jusqu’au début de son prochain tour")),
        (Duration("turn_end", whose="owner"), tr("Jusqu’à la fin de son prochain tour")),
        (
            Duration("turn_start", whose="source"),
            tr("Jusqu’au début du prochain tour de la source"),
        ),
        (Duration("turn_end", whose="source"), tr("Jusqu’à la fin du prochain tour de la source")),
        (Duration("use"), tr("Jusqu’à ce qu’il serve (une attaque, un jet)")),
    )


class AddStateDialog(ChecksBeforeAccept, QDialog):
    """The state (the ruleset's list, or « Autre… » with a name and a text), how long it
    lasts, and who causes it (by default `source`). Accepted, it is on the combatant."""

    def __init__(
        self,
        controller: Controller,
        cid: str,
        source: str | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.ctl, self.cid = controller, cid
        enc, ruleset = controller.enc, controller.ruleset
        self.setWindowTitle(tr("Ajouter un état — {name}").format(name=enc.combatant(cid).name))
        self.kind = QComboBox()
        for spec in ruleset.data.states:
            self.kind.addItem(pick(spec.label), spec.key)
        self.kind.addItem(tr("Autre (état libre)…"), FREE)
        self.rules = QLabel()
        self.rules.setWordWrap(True)
        self.rules.setStyleSheet("color: palette(placeholder-text);")
        self.name = QLineEdit()
        self.name.setMaxLength(60)
        self.name.setPlaceholderText(tr("ex. Aveuglé, À couvert"))
        self.text = QPlainTextEdit()
        self.text.setPlaceholderText(tr("Ce que l’état fait (facultatif)"))
        self.text.setFixedHeight(60)
        self.lasting = QComboBox()
        for duration, words in lastings():
            self.lasting.addItem(words, duration)
        self.value = QSpinBox()  # the number a state carries (a concealment's %), its default
        self.value_label = QLabel()
        self.value_label.setBuddy(self.value)
        self.rounds = QSpinBox()
        self.rounds.setRange(1, MAX_ROUNDS)
        self.rounds.setSuffix(tr(" round(s)"))
        self.source = QComboBox()
        self.source.addItem(tr("— aucune —"), None)
        for c in enc.combatants:
            self.source.addItem(c.name, c.id)
        if source is not None:
            self.source.setCurrentIndex(max(0, self.source.findData(source)))
        self.error = error_label("addStateError")
        from PySide6.QtWidgets import QDialogButtonBox  # at the dialog's first opening (P1b)

        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(tr("Ajouter"))
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(tr("Annuler"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout()
        form.addRow(tr("&État :"), self.kind)
        form.addRow("", self.rules)
        form.addRow(self.value_label, self.value)
        form.addRow(tr("&Nom :"), self.name)
        form.addRow(tr("&Texte :"), self.text)
        form.addRow(tr("&Durée :"), self.lasting)
        form.addRow(tr("&Rounds :"), self.rounds)
        form.addRow(tr("&Source :"), self.source)
        self.form = form
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addWidget(buttons)
        self._value_of: str | None = None  # the state whose default the value box shows
        self._carries = False
        for signal in (self.kind.currentIndexChanged, self.lasting.currentIndexChanged):
            signal.connect(self._refresh)
        for signal in (self.name.textChanged, self.source.currentIndexChanged):
            signal.connect(self._recheck)
        self._refresh()

    def _refresh(self) -> None:
        """Show the rules text of a listed state, the name and text of a free one, the
        rounds only for a duration in rounds."""
        free = self.kind.currentData() == FREE
        spec = next(
            (s for s in self.ctl.ruleset.data.states if s.key == self.kind.currentData()), None
        )
        self.rules.setText(pick(spec.text) if spec is not None else "")
        self.rules.setVisible(spec is not None)
        carried = spec.value if spec is not None else None
        self._carries = carried is not None
        if carried is not None and self._value_of != spec.key:  # its default, once chosen
            self._value_of = spec.key
            self.value_label.setText(either(f"{carried.label.fr} :", f"{carried.label.en}:"))
            self.value.setRange(carried.minimum, carried.maximum)
            self.value.setSuffix(f" {carried.unit}" if carried.unit else "")
            self.value.setValue(carried.default)
        for widget, shown in (
            (self.value, carried is not None),
            (self.name, free),
            (self.text, free),
            (self.rounds, self.duration().lasting == "rounds"),
        ):
            widget.setVisible(shown)
            self.form.labelForField(widget).setVisible(shown)
        self._recheck()

    def duration(self) -> Duration:
        chosen: Duration = self.lasting.currentData()
        return Duration(chosen.lasting, self.rounds.value(), chosen.whose)

    def state(self) -> State | None:
        """The state as chosen, or None when something is missing (see `problems`)."""
        try:
            return self._state()
        except ConditionError:
            return None

    def _state(self) -> State:
        return condition(
            self.ctl.ruleset,
            self.ctl.enc,
            self.cid,
            self.kind.currentData(),
            self.duration(),
            self.source.currentData(),
            name=self.name.text(),
            text=self.text.toPlainText(),
            value=self.value.value() if self._carries else None,
        )

    def problems(self) -> list[str]:
        try:
            self._state()
        except ConditionError as exc:
            return [message(exc)]
        return []


def default_source(controller: Controller, cid: str) -> str | None:
    """Who most likely causes a condition: the combatant whose turn it is (not the target)."""
    acting = current_entry(controller.enc.turn)
    if acting is None:
        return None
    return next((m for m in acting.members if m != cid), None)


def open_add_state(controller: Controller, cid: str, parent: QWidget) -> AddStateDialog:
    """« Ajouter un état… » on `cid`, window-modal; accepted, the condition is put on (one
    undo entry), or the controller's refusal is told in the status bar."""
    dialog = AddStateDialog(controller, cid, default_source(controller, cid), parent)

    def accepted() -> None:
        state = dialog.state()
        if state is None:
            return
        try:
            controller.add_condition(cid, state)
        except BilingualError as exc:
            controller.message.emit(message(exc))

    dialog.accepted.connect(accepted)
    dialog.open()
    return dialog
