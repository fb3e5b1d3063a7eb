"""The dialog of « Commencer le combat »: each combatant's initiative, or the first side."""

from __future__ import annotations

from html import escape

from PySide6.QtGui import QColor, QIcon, QPixmap
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from gui.boot.i18n import tr
from gui.control.controller import Controller
from gui.dialogs.checked import ChecksBeforeAccept, error_label
from gui.models import unit_label
from gui.turns.roll_inputs import RollInputs, scrolled


class InitiativeDialog(ChecksBeforeAccept, QDialog):
    """What the turn mode needs to start: an initiative per turn unit the ruleset asks one
    of (a group rolls once), rolled by the app (« Lancer », « Tout lancer ») or typed, or
    (`first_side`: sides alternate) the side that takes the first initiative. Once
    accepted, read `initiatives()` and `inputs()`.
    """

    def __init__(
        self, controller: Controller, parent: QWidget | None = None, first_side: bool = False
    ) -> None:
        super().__init__(parent)
        self.ctl = controller
        self.setWindowTitle(tr("Commencer le combat"))
        self.alternating = first_side
        requests = {} if first_side else controller.initiative_requests()
        self.inputs = RollInputs(controller.roll, requests)
        self.requests, self.spins, self.faces = requests, self.inputs.spins, self.inputs.faces
        # The turn units asking a roll, and their names (a group: « Brigands ×3 »).
        self.units = {u.unit: u for u in controller.ruleset.turn_units(controller.enc)}
        self.names = {unit: unit_label(controller, self.units[unit]) for unit in requests}
        self.sides = QButtonGroup(self)
        self.error = error_label("initiativeError")
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.start_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.start_button.setText(tr("Commencer le combat"))
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(tr("Annuler"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        if self.alternating:
            layout.addWidget(self._side_choice())
        elif not self.requests:
            layout.addWidget(QLabel(tr("Aucun jet d’initiative n’est demandé pour commencer.")))
        else:
            layout.addWidget(self._rolls(), 1)
            roll_all = QPushButton(tr("Tout lancer"))
            roll_all.setToolTip(tr("Lancer les dés de tous ceux dont l’initiative est vide"))
            roll_all.clicked.connect(self.roll_all)
            row = QHBoxLayout()
            row.addWidget(roll_all)
            row.addStretch(1)
            layout.addLayout(row)
        layout.addWidget(self.error)
        layout.addWidget(buttons)
        self._name_start()

    def _name_start(self) -> None:
        """The main button rolls what is missing, then starts; the GM may still roll or type
        any of them first."""
        self.inputs.name_button(
            self.start_button,
            tr("Lancer l’initiative manquante et commencer"),
            tr("Lancer les {n} initiatives manquantes et commencer"),
            tr("Commencer le combat"),
            tr("Les initiatives vides sont lancées par l’application, les valeurs saisies gardées"),
        )

    def accept(self) -> None:  # Qt override
        """Roll every initiative still empty (typed ones are kept), then start."""
        self.roll_all()
        super().accept()

    def _rolls(self) -> QScrollArea:
        grid = QGridLayout()
        for column, title in enumerate((tr("Combattant"), tr("Jet"), tr("Initiative"))):
            grid.addWidget(QLabel(f"<b>{escape(title)}</b>"), 0, column)
        enc = self.ctl.enc
        for row, (unit, request) in enumerate(self.requests.items(), start=1):
            name = self.names[unit]
            colour = enc.side(self.units[unit].side).colour
            grid.addWidget(QLabel(f'<span style="color:{colour}">■</span> {escape(name)}'), row, 0)
            grid.addWidget(QLabel(str(request.expr)), row, 1)
            spin = self.inputs.add_row(
                grid,
                row,
                unit,
                name,
                tr("Initiative de {name}").format(name=name),
                tr("Entre {low} et {high}").format(low=request.minimum, high=request.maximum),
                tr("dés : {faces}").format(faces="20, 20"),
            )
            spin.valueChanged.connect(self._recheck)
            spin.valueChanged.connect(self._name_start)
        grid.setColumnStretch(0, 1)
        return scrolled(grid, 420)

    def _side_choice(self) -> QGroupBox:
        box = QGroupBox(tr("Quel camp prend la première initiative ?"))
        column = QVBoxLayout(box)
        for side in self.ctl.enc.sides:
            swatch = QPixmap(12, 12)
            swatch.fill(QColor(side.colour))
            button = QRadioButton(side.name)
            button.setIcon(QIcon(swatch))
            button.setProperty("side", side.id)
            self.sides.addButton(button)
            column.addWidget(button)
        if self.sides.buttons():
            self.sides.buttons()[0].setChecked(True)
        return box

    # Filling in -------------------------------------------------------------------------

    def roll(self, unit: str) -> int:
        """Roll one unit's initiative with the encounter's dice; returns the value."""
        return self.inputs.roll(unit)

    def roll_all(self) -> None:
        """Roll for everyone whose initiative is still empty (typed values are kept)."""
        self.inputs.roll_all()

    def set_value(self, unit: str, value: int) -> None:
        """Type an initiative (what the GM does in the spin box)."""
        self.spins[unit].setValue(value)

    def set_first_side(self, side: str) -> None:
        for button in self.sides.buttons():
            button.setChecked(button.property("side") == side)

    # Result -----------------------------------------------------------------------------

    def _checked(self) -> dict[str, int | str]:
        """Each unit's initiative, or why it is missing or out of range."""
        return self.inputs.checked(self.names, tr("{name} : initiative à lancer ou à saisir"))

    def problems(self) -> list[str]:
        return [v for v in self._checked().values() if isinstance(v, str)]

    def initiatives(self) -> dict[str, int]:
        """The initiative of every unit whose value is set and in range."""
        return {cid: v for cid, v in self._checked().items() if isinstance(v, int)}

    def first_side(self) -> str | None:
        """The side chosen to take the first initiative (None unless sides alternate)."""
        button = self.sides.checkedButton()
        return button.property("side") if button is not None else None

    def mode_inputs(self) -> dict[str, object]:
        """What the mode takes besides the initiatives: the first side, when asked."""
        side = self.first_side()
        return {"first_side": side} if side is not None else {}
