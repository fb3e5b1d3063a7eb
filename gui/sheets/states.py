"""The combatant's states on the sheet: label, rounds left, rules text and a remove button."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGroupBox, QHBoxLayout, QLabel, QToolButton, QVBoxLayout, QWidget

from ..control.controller import Controller
from ..engine.model import Combatant, State
from ..i18n import tr
from . import ErrorLabel


def state_text(state: State) -> str:
    """ "Béni ×2 (3 r.)": the label, its value if any, the rounds left if any."""
    text = state.label if state.value is None else f"{state.label} ×{state.value}"
    if state.rounds_left:
        text = tr("{state} ({n} r.)").format(state=text, n=state.rounds_left)
    return text


class StatesBox(QGroupBox):
    """The sheet's "États": one row per state of the combatant shown; its ✕ asks the
    controller to remove that state (a refusal is explained under the list)."""

    def __init__(self, controller: Controller, parent: QWidget | None = None) -> None:
        super().__init__(tr("États"), parent)
        self.controller = controller
        self.cid: str | None = None
        self._layout = QVBoxLayout(self)
        self._layout.setSpacing(2)
        self.empty = QLabel(tr("Aucun état"))
        self.empty.setEnabled(False)
        self.error = ErrorLabel()
        self._layout.addWidget(self.empty)
        self._layout.addWidget(self.error)
        self.rows: list[QWidget] = []
        self._shown: list[State] | None = None

    def show_value(self, c: Combatant) -> None:
        """Display a combatant's states (rows are remade only when they differ)."""
        if c.id != self.cid:
            self.cid = c.id
            self.error.set_error("")
        if c.states == self._shown:
            return
        self._shown = [s.model_copy() for s in c.states]
        for row in self.rows:
            # A row's button may be the one being clicked: delete it once its signal is done.
            self._layout.removeWidget(row)
            row.hide()
            row.deleteLater()
        self.rows = [self._row(i, s) for i, s in enumerate(c.states)]
        for i, row in enumerate(self.rows):
            self._layout.insertWidget(i, row)
            row.show()
        self.empty.setVisible(not c.states)

    def remove(self, index: int) -> None:
        """Ask the controller to take the state at `index` off the combatant shown."""
        try:
            c = self.controller.enc.combatant(self.cid or "")
        except KeyError:
            return  # the combatant is gone; the sheet shows its hint
        remaining = [s for i, s in enumerate(c.states) if i != index]
        self.error.attempt(self.controller.set_states, c.id, remaining)

    def _row(self, index: int, state: State) -> QWidget:
        row = QWidget()
        layout = QHBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        label = QLabel(state_text(state))
        label.setToolTip(state.text)
        label.setWordWrap(True)
        remove = QToolButton()
        remove.setText("✕")
        remove.setAutoRaise(True)
        remove.setToolTip(tr("Retirer cet état"))
        remove.setAccessibleName(tr("Retirer {state}").format(state=state.label))
        remove.setCursor(Qt.CursorShape.PointingHandCursor)
        remove.clicked.connect(lambda _checked=False, i=index: self.remove(i))
        layout.addWidget(label, 1)
        layout.addWidget(remove)
        return row
