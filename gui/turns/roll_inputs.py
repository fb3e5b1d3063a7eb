"""What the turn modes' dialogs share: rows where the GM types a roll or lets the app roll it
(« Lancer », « Tout lancer »), as in the initiative dialogs: a spin box per key whose lowest
value means "not set yet"; a grid that scrolls; the grey of their small print."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QGridLayout, QLabel, QPushButton, QScrollArea, QSpinBox, QWidget

from gui.boot.i18n import message, tr
from gui.engine.checks.request import DiceRequest, DiceResult
from gui.engine.dice.rolling import DiceInputError

SPIN, ROLL, FACES = 2, 3, 4  # the grid columns a row of roll inputs takes


class RollInputs:
    """The spin box, « Lancer » button and rolled faces of each key (combatant or unit)."""

    def __init__(
        self, roll: Callable[[DiceRequest], DiceResult], requests: dict[str, DiceRequest]
    ) -> None:
        self._roll = roll
        self.requests = requests
        self.spins: dict[str, QSpinBox] = {}
        self.faces: dict[str, QLabel] = {}

    def add_row(
        self,
        grid: QGridLayout,
        row: int,
        key: str,
        name: str,
        accessible: str,
        tip: str,
        widest: str,
    ) -> QSpinBox:
        """The inputs of `key` in columns SPIN, ROLL and FACES of `row`; `widest` sizes the
        faces label."""
        request = self.requests[key]
        spin = QSpinBox()
        spin.setRange(request.minimum - 1, request.maximum)  # the lowest value: not yet set
        spin.setSpecialValueText("—")
        spin.setValue(spin.minimum())  # not 0, which is a roll when the range holds it (1d20−1)
        spin.setAccessibleName(accessible)
        spin.setToolTip(tip)
        grid.addWidget(spin, row, SPIN)
        roll = QPushButton(tr("Lancer"))
        roll.setToolTip(tr("Lancer {expr} pour {name}").format(expr=request.expr, name=name))
        roll.clicked.connect(lambda _checked=False, key=key: self.roll(key))
        grid.addWidget(roll, row, ROLL)
        faces = QLabel()
        faces.setMinimumWidth(faces.fontMetrics().horizontalAdvance(widest))
        grid.addWidget(faces, row, FACES)
        spin.valueChanged.connect(faces.clear)  # typed by hand: the rolled dice no longer hold
        self.spins[key], self.faces[key] = spin, faces
        return spin

    def roll(self, key: str) -> int:
        """Roll with the encounter's dice; returns the value."""
        request = self.requests[key]
        result = self._roll(request)
        value = result.total(request)
        self.spins[key].setValue(value)
        self.faces[key].setText(tr("dés : {faces}").format(faces=", ".join(map(str, result.faces))))
        return value

    def missing(self) -> list[str]:
        """The keys whose value is neither rolled nor typed yet."""
        return [key for key, spin in self.spins.items() if spin.value() == spin.minimum()]

    def roll_all(self) -> None:
        """Roll every value still empty (typed values are kept)."""
        for key in self.missing():
            self.roll(key)

    def name_button(self, button: QPushButton, one: str, many: str, none: str, tip: str) -> None:
        """A dialog's main button says what it does (issue 33): it rolls what is missing (`one`
        roll, or `many` with {n}), then goes on (`none` missing); `tip` while some are."""
        count = len(self.missing())
        button.setText(one if count == 1 else many.format(n=count) if count else none)
        button.setToolTip(tip if count else "")

    def checked(self, names: dict[str, str], missing: str) -> dict[str, int | str]:
        """Each key's value, or why it is missing (`missing` with {name}) or out of range."""
        out: dict[str, int | str] = {}
        for key, request in self.requests.items():
            name, spin = names[key], self.spins[key]
            if spin.value() == spin.minimum():
                out[key] = missing.format(name=name)
                continue
            try:
                out[key] = DiceResult.typed_aggregate(spin.value(), request).total(request)
            except DiceInputError as exc:
                out[key] = f"{name} : {message(exc)}"
        return out


def scrolled(grid: QGridLayout, max_height: int) -> QScrollArea:
    """`grid` in a scroll area as wide as it and at most `max_height` tall."""
    inner = QWidget()
    inner.setLayout(grid)
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setWidget(inner)
    area.setMinimumWidth(inner.sizeHint().width() + 24)
    area.setMinimumHeight(min(inner.sizeHint().height() + 8, max_height))
    return area


def muted_colour(palette: QPalette) -> str:
    """A grey halfway between text and background, readable in light and dark themes."""
    text = palette.color(QPalette.ColorRole.WindowText)
    back = palette.color(QPalette.ColorRole.Window)
    pairs = zip(text.getRgb()[:3], back.getRgb()[:3], strict=True)
    mix = [round(a * 0.55 + b * 0.45) for a, b in pairs]
    return "#{:02x}{:02x}{:02x}".format(*mix)
