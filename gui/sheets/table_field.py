"""A table field (weapons, armour…): rows of cells, a pick list from the ruleset's catalog."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gui.boot.i18n import labelled, pick, tr
from gui.engine.state.model import Scalar
from gui.engine.state.schema import FieldSpec, check_value
from gui.sheets import ErrorLabel, told

BLANK_ROW = -1  # the pick list's "Ligne vide"
NUMBERS = ("int", "float")
FITTED = (*NUMBERS, "bool", "dice")  # columns as wide as their cells


def catalog_name(spec: FieldSpec, row: dict[str, Scalar]) -> str:
    """What the pick list shows for a catalog row: its "nom", else its first text column."""
    keys = [c.key for c in spec.columns if c.kind == "text"]
    key = "nom" if "nom" in row else (keys[0] if keys else "")
    return str(row.get(key, "")) or "?"


def _shown(col: FieldSpec, value: Scalar) -> str:
    """A cell's text: a choice by its label in the interface's language (« Mêlée », not
    « melee », issue 34), anything else as it is."""
    if value is None:
        return ""
    return next((pick(c.label) for c in col.choices if c.value == value), str(value))


def _cell_value(col: FieldSpec, item: QTableWidgetItem | None) -> Scalar:
    """A cell as the model stores it; a number that does not parse stays text for
    check_value to refuse with the row and column."""
    if col.kind == "bool":
        return item is not None and item.checkState() == Qt.CheckState.Checked
    text = item.text().strip() if item is not None else ""
    if col.kind in NUMBERS:
        if not text and col.optional:
            return None
        try:
            return int(text) if col.kind == "int" else float(text.replace(",", "."))
        except ValueError:
            return text
    for choice in col.choices:  # a choice typed by its key or its label in either language
        if text.casefold() in {
            w.casefold() for w in (choice.value, choice.label.fr, choice.label.en)
        }:
            return choice.value
    return text


class _Grid(QTableWidget):
    """The cells, as tall as their rows (the sheet scrolls, not the table); Delete removes
    the selected rows while no cell is being edited."""

    delete_pressed = Signal()

    def sizeHint(self) -> QSize:  # Qt override
        rows = sum(self.rowHeight(r) for r in range(self.rowCount()))
        rows = max(rows, self.verticalHeader().defaultSectionSize())  # an empty table shows
        height = self.horizontalHeader().sizeHint().height() + rows + 2 * self.frameWidth()
        return QSize(super().sizeHint().width(), height)

    def minimumSizeHint(self) -> QSize:  # Qt override
        return QSize(super().minimumSizeHint().width(), self.sizeHint().height())

    def keyPressEvent(self, event: QKeyEvent) -> None:  # Qt override
        editing = self.state() == QAbstractItemView.State.EditingState
        if event.key() == Qt.Key.Key_Delete and not editing:
            self.delete_pressed.emit()
            return
        super().keyPressEvent(event)


class TableField(QWidget):
    """Edits a FieldSpec of kind "table"; every edit emits `committed(rows)` with the whole
    new list of row dicts. `show_value(rows)` displays model rows without emitting."""

    committed = Signal(object)

    def __init__(
        self, spec: FieldSpec, catalog_rows: list[dict[str, Scalar]], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.spec = spec
        self.catalog = list(catalog_rows)
        self._rows: list[dict[str, Scalar]] = []
        self._loading = False
        self.grid = _Grid(0, len(spec.columns))
        self.grid.setHorizontalHeaderLabels([pick(c.label) for c in spec.columns])
        self.grid.setAccessibleName(pick(spec.label))
        self.grid.verticalHeader().setVisible(False)
        self.grid.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.grid.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.grid.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.grid.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.grid.setTextElideMode(Qt.TextElideMode.ElideRight)
        header = self.grid.horizontalHeader()
        fitted, shared = QHeaderView.ResizeMode.ResizeToContents, QHeaderView.ResizeMode.Stretch
        for i, col in enumerate(spec.columns):  # short cells fit, texts share the rest
            header.setSectionResizeMode(i, fitted if col.kind in FITTED else shared)
        self.pick = QComboBox()
        self.pick.setPlaceholderText(tr("Ajouter depuis la liste…"))
        self.pick.setMinimumWidth(80)  # a narrow dock squeezes it, its list stays wide
        self.pick.addItem(tr("Ligne vide"), BLANK_ROW)
        if self.catalog:
            self.pick.insertSeparator(1)
        for i, row in enumerate(self.catalog):
            self.pick.addItem(catalog_name(spec, row), i)
            tip = self._summary(row)
            self.pick.setItemData(self.pick.count() - 1, tip, Qt.ItemDataRole.ToolTipRole)
        self.pick.setCurrentIndex(-1)
        self.remove = QPushButton(tr("Retirer la ligne"))
        self.remove.setEnabled(False)
        self.error = ErrorLabel()
        buttons = QHBoxLayout()
        buttons.addWidget(self.pick, 1)
        buttons.addWidget(self.remove)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.grid)
        layout.addLayout(buttons)
        layout.addWidget(self.error)
        self.grid.itemChanged.connect(self._edited)
        self.grid.itemSelectionChanged.connect(
            lambda: self.remove.setEnabled(bool(self.grid.selectedIndexes()))
        )
        self.grid.delete_pressed.connect(self.remove_selected)
        self.remove.clicked.connect(self.remove_selected)
        self.pick.activated.connect(self.add_from_list)
        self.show_value(spec.default if isinstance(spec.default, list) else [])

    def value(self) -> list[dict[str, Scalar]]:
        """The rows as shown (a number cell that does not parse is left as text)."""
        cols = self.spec.columns
        return [
            {c.key: _cell_value(c, self.grid.item(r, i)) for i, c in enumerate(cols)}
            for r in range(self.grid.rowCount())
        ]

    def problem(self) -> tuple[str, str] | None:
        """Why the shown rows do not fit the field (French, English), or None."""
        return check_value(self.spec, self.value())

    def show_value(self, rows: list[dict[str, Scalar]]) -> None:
        """Display rows from the model (no `committed` signal); cells are updated in place."""
        self._loading = True
        try:
            self._rows = [dict(r) for r in rows] if isinstance(rows, list) else []
            self.grid.setRowCount(len(self._rows))
            for r, row in enumerate(self._rows):
                for i, col in enumerate(self.spec.columns):
                    self._show_cell(r, i, col, row.get(col.key, col.default))
        finally:
            self._loading = False
        self.grid.updateGeometry()

    def add_from_list(self, index: int) -> None:
        """Append the pick list's row `index` (a catalog row, or a row of column defaults)."""
        chosen = self.pick.itemData(index)
        self.pick.setCurrentIndex(-1)
        if not isinstance(chosen, int):
            return
        row: dict[str, Scalar] = {c.key: c.default for c in self.spec.columns}
        if chosen != BLANK_ROW:
            row.update({k: v for k, v in self.catalog[chosen].items() if k in row})
        self._commit([*self._rows, row])

    def remove_selected(self) -> None:
        """Drop the selected rows."""
        gone = {index.row() for index in self.grid.selectedIndexes()}
        if gone:
            self._commit([row for r, row in enumerate(self._rows) if r not in gone])

    def _commit(self, rows: list[dict[str, Scalar]]) -> None:
        self.error.set_error("")
        self.show_value(rows)
        self.committed.emit([dict(r) for r in rows])

    def _edited(self, _item: QTableWidgetItem) -> None:
        if self._loading:
            return
        why = self.problem()
        if why:
            self.error.set_error(labelled(pick(self.spec.label), told(why)))
            self.show_value(self._rows)  # nothing is stored: back to the last rows
            return
        self._commit(self.value())

    def _show_cell(self, r: int, i: int, col: FieldSpec, value: Scalar) -> None:
        item = self.grid.item(r, i)
        if item is None:
            item = QTableWidgetItem()
            if col.kind == "bool":
                flags = item.flags() & ~Qt.ItemFlag.ItemIsEditable
                item.setFlags(flags | Qt.ItemFlag.ItemIsUserCheckable)
            if col.kind in NUMBERS:
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.grid.setItem(r, i, item)
        if col.kind == "bool":
            item.setCheckState(Qt.CheckState.Checked if value else Qt.CheckState.Unchecked)
        else:
            item.setText(_shown(col, value))

    def _summary(self, row: dict[str, Scalar]) -> str:
        """A catalog row for the pick list's tooltip: "Attaque : 0 · Dégâts : 1d8 · …"."""
        return " · ".join(
            labelled(pick(c.label), _shown(c, row[c.key]))
            for c in self.spec.columns[1:]
            if c.key in row
        )
