"""The combatant's states on the sheet: label, how long it lasts, rules text, a remove button,
and « Ajouter un état… » (G-3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from gui.boot.i18n import either, pick, tr
from gui.control.controller import Controller
from gui.engine.contract.base import Ruleset
from gui.engine.contract.conditions import describe
from gui.engine.state.model import Combatant, Encounter, State
from gui.sheets import ErrorLabel

if TYPE_CHECKING:
    from gui.dialogs.add_state import AddStateDialog


def state_text(ruleset: Ruleset, enc: Encounter, state: State, owner: str | None = None) -> str:
    """ "Béni ×2 (3 r.)", "Camouflé 20 %": the label, its value if any (a listed state's
    with its unit, or its default), how long it lasts if it ends."""
    name = pick(ruleset.state_label(state))
    words = ruleset.state_value_words(state)
    text = f"{name} {words}" if words else name
    lasting = pick(describe(enc, state, owner))
    return f"{text} ({lasting})" if lasting else text


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
        self.add = QPushButton(tr("Ajouter un état…"))
        self.add.setToolTip(
            tr("Un état des règles ou un état libre, avec sa durée et sa source (G-3)")
        )
        self.add.clicked.connect(self.open_add)
        self.dialog: AddStateDialog | None = None
        self._layout.addWidget(self.empty)
        self._layout.addWidget(self.error)
        self._layout.addWidget(self.add, 0, Qt.AlignmentFlag.AlignLeft)
        self.rows: list[QWidget] = []
        self._shown: list[State] | None = None

    def show_value(self, c: Combatant) -> None:
        """Display a combatant's states (rows are remade only when they differ)."""
        if c.id != self.cid:
            self.cid = c.id
            self.error.set_error("")
        if c.states == self._shown:
            return
        self._shown = [s.replace() for s in c.states]
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
        if self.cid is not None:
            self.error.attempt(self.controller.remove_condition, self.cid, index)

    def open_add(self) -> AddStateDialog | None:
        """« Ajouter un état… » on the combatant shown (window-modal)."""
        if self.cid is None:
            return None
        from gui.dialogs.add_state import open_add_state  # at its first opening (P1b)

        self.dialog = open_add_state(self.controller, self.cid, self)
        return self.dialog

    def _row(self, index: int, state: State) -> QWidget:
        row = QWidget()
        layout = QHBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        label = QLabel(state_text(self.controller.ruleset, self.controller.enc, state, self.cid))
        label.setToolTip(either(*state.texts()))
        label.setWordWrap(True)
        remove = QToolButton()
        remove.setText("✕")
        remove.setAutoRaise(True)
        remove.setToolTip(tr("Retirer cet état"))
        name = pick(self.controller.ruleset.state_label(state))
        remove.setAccessibleName(tr("Retirer {state}").format(state=name))
        remove.setCursor(Qt.CursorShape.PointingHandCursor)
        remove.clicked.connect(lambda _checked=False, i=index: self.remove(i))
        layout.addWidget(label, 1)
        layout.addWidget(remove)
        return row
