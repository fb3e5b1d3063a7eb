"""One editor widget per ruleset field kind (sheets and action options share them)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QValidator
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QHBoxLayout,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from gui.boot.i18n import pick, tr
from gui.engine.state.model import StatValue
from gui.engine.state.schema import FieldSpec, check_value

_BIG = 1_000_000
NONE_TEXT = "—"  # what an optional number without a value shows


class _Blankable:
    """A spin box of an optional number: its lowest value, shown « — », is no value (the
    spec's None). Emptied, the box goes back to it; stepping up from it gives the field's
    usual value, stepping down past the rule's minimum gives it again."""

    spec: FieldSpec

    def blank(self) -> bool:
        return self.value() == self.minimum()  # type: ignore[attr-defined]

    def validate(self, text: str, pos: int) -> object:  # Qt override
        if not text.strip() or text.strip() == NONE_TEXT:
            return QValidator.State.Acceptable, text, pos
        return super().validate(text, pos)  # type: ignore[misc]

    def valueFromText(self, text: str) -> float:  # Qt override
        if not text.strip() or text.strip() == NONE_TEXT:
            return self.minimum()  # type: ignore[attr-defined]
        return super().valueFromText(text)  # type: ignore[misc]

    def fixup(self, text: str) -> str:  # Qt override
        return NONE_TEXT if not text.strip() else super().fixup(text)  # type: ignore[misc]

    def stepBy(self, steps: int) -> None:  # Qt override
        spec, value = self.spec, self.value()  # type: ignore[attr-defined]
        if self.blank():
            if steps > 0:
                self.setValue(_usual(spec))  # type: ignore[attr-defined]
            return
        low = spec.minimum
        if steps < 0 and low is not None and value >= low > value + steps:
            self.setValue(self.minimum())  # type: ignore[attr-defined]
            return
        super().stepBy(steps)  # type: ignore[misc]


class _OptionalSpinBox(_Blankable, QSpinBox):
    """An optional int field's box (« — »: no value)."""


class _OptionalDoubleSpinBox(_Blankable, QDoubleSpinBox):
    """An optional float field's box (« — »: no value)."""


def _usual(spec: FieldSpec) -> float:
    """The value an optional number takes first: its default, else 0 within its range."""
    if isinstance(spec.default, int | float) and not isinstance(spec.default, bool):
        return spec.default
    low = spec.minimum if spec.minimum is not None else -_BIG
    high = spec.maximum if spec.maximum is not None else _BIG
    return min(max(0, low), high)


class FieldEditor(QWidget):
    """Edits one value of a FieldSpec; `committed(value)` fires when the GM finishes an edit.

    `value()` reads what is shown; `show_value()` displays a model value without emitting.
    """

    committed = Signal(object)

    def __init__(self, spec: FieldSpec, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.spec = spec
        self._loading = False
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.widget = self._make()
        layout.addWidget(self.widget)
        tip = pick(spec.help) if spec.help else ""
        if spec.rule:
            tip = f"{spec.rule} — {tip}" if tip else spec.rule
        self.setToolTip(tip)
        self.widget.setAccessibleName(pick(spec.label))
        self.show_value(spec.default)

    def _make(self) -> QWidget:
        spec = self.spec
        # A number beyond the rule's range is taken by the box and explained (`problem`),
        # not dropped in silence as a spin box does with what it cannot hold.
        if spec.kind in ("int", "float"):
            return self._number()
        if spec.kind == "bool":
            w = QCheckBox()
            w.toggled.connect(self._emit)
            return w
        if spec.kind == "choice":
            w = QComboBox()
            for choice in spec.choices:
                w.addItem(pick(choice.label), choice.value)
            narrow(w)
            w.activated.connect(self._emit)
            return w
        w = QLineEdit()
        if spec.kind == "list":
            w.setPlaceholderText(tr("éléments séparés par « ; »"))
        elif spec.kind == "dice":
            w.setPlaceholderText(tr("p. ex. 2d6+1"))
        w.editingFinished.connect(self._emit)
        return w

    def _number(self) -> QSpinBox | QDoubleSpinBox:
        """A spin box; an optional field's has « — » below every number: no value."""
        spec = self.spec
        w: QSpinBox | QDoubleSpinBox
        if spec.kind == "int":
            w = _OptionalSpinBox() if spec.optional else QSpinBox()
        else:
            w = _OptionalDoubleSpinBox() if spec.optional else QDoubleSpinBox()
            w.setDecimals(2)
        if isinstance(w, _Blankable):
            w.spec = spec
            w.setSpecialValueText(NONE_TEXT)
        w.setRange(-_BIG - (1 if spec.optional else 0), _BIG)
        w.setKeyboardTracking(False)
        w.valueChanged.connect(self._emit)
        return w

    def value(self) -> StatValue:
        w, kind = self.widget, self.spec.kind
        if isinstance(w, _Blankable) and w.blank():
            return None
        if isinstance(w, QSpinBox | QDoubleSpinBox):
            return w.value()
        if isinstance(w, QCheckBox):
            return w.isChecked()
        if isinstance(w, QComboBox):
            return w.currentData()
        text = w.text()
        if kind == "list":
            return [part.strip() for part in text.split(";") if part.strip()]
        return text.strip() if kind == "dice" else text

    def show_value(self, value: StatValue) -> None:
        """Display a value from the model (no `committed` signal)."""
        self._loading = True
        try:
            w = self.widget
            if isinstance(w, _Blankable) and value is None:
                w.setValue(w.minimum())  # « — », not the number shown before
            elif isinstance(w, QSpinBox) and isinstance(value, int):
                w.setValue(value)
            elif isinstance(w, QDoubleSpinBox) and isinstance(value, int | float):
                w.setValue(float(value))
            elif isinstance(w, QCheckBox):
                w.setChecked(bool(value))
            elif isinstance(w, QComboBox):
                w.setCurrentIndex(max(0, w.findData(value)))
            elif isinstance(w, QLineEdit):
                shown = "; ".join(value) if isinstance(value, list) else str(value or "")
                if w.text() != shown:
                    w.setText(shown)
                    w.setCursorPosition(0)
        finally:
            self._loading = False

    def problem(self) -> tuple[str, str] | None:
        """Why the shown value does not fit the field (French, English), or None."""
        return check_value(self.spec, self.value())

    def _emit(self, *_args: object) -> None:
        if not self._loading:
            self.committed.emit(self.value())


def make_editor(spec: FieldSpec, parent: QWidget | None = None) -> FieldEditor:
    """An editor for any non-table field (tables have their own widget in gui/sheets)."""
    if spec.kind == "table":
        raise ValueError("table fields use gui.sheets.table_field")
    editor = FieldEditor(spec, parent)
    editor.widget.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
    return editor


NARROW_LETTERS = 18  # a choice box asks this much room; its list shows each choice whole


def narrow(box: QComboBox) -> None:
    """A choice box that does not widen its dialog to its longest choice (issue 33: an action
    dialog wider than the laptop's map): as wide as its longest choice up to NARROW_LETTERS
    letters; the current choice is in its tooltip, and its list opens as wide as its longest
    choice."""
    box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)

    def fit() -> None:
        longest = max((len(box.itemText(i)) for i in range(box.count())), default=0)
        box.setMinimumContentsLength(min(NARROW_LETTERS, max(longest, 1)))
        box.view().setMinimumWidth(box.view().sizeHintForColumn(0) + 24)

    fit()
    box.model().rowsInserted.connect(fit)  # the actor's and target's lists are refilled
    box.model().modelReset.connect(fit)
    box.setToolTip(box.currentText())
    box.currentTextChanged.connect(box.setToolTip)
