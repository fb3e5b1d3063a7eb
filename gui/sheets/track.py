"""Tracks: rows of boxes where a click cycles a box through the marks, a right-click clears it."""

from __future__ import annotations

from contextlib import suppress
from functools import partial

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QResizeEvent,
)
from PySide6.QtWidgets import QFormLayout, QGroupBox, QSizePolicy, QVBoxLayout, QWidget

from ..controller import Controller
from ..engine.model import Combatant
from ..engine.rulesets.schema import RulesetData, TrackSpec
from ..i18n import pick, tr
from . import ErrorLabel, rule_tip

BOX = 24  # side of a box, in pixels
GAP = 4
STEP = BOX + GAP
MARGIN = 2  # room for the focus frame
PER_ROW = 10  # boxes in a row at most


class TrackWidget(QWidget):
    """The boxes of one TrackSpec, wrapped to the widget's width: `spec.size` of them, or
    the combatant's own number (`set_box_count`, from the spec's `size_field`).

    A click (or Space on the current box) cycles it through "" and each of the spec's marks;
    a right-click (or Delete) clears it; Left/Right move the current box. Every change emits
    `committed(marks)` with the whole row; `show_value(marks)` displays without emitting.
    """

    committed = Signal(list)

    def __init__(self, spec: TrackSpec, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.spec = spec
        self.current = 0
        self.box_count = spec.size
        self._marks = [""] * spec.size
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAccessibleName(pick(spec.label))
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def marks(self) -> list[str]:
        return list(self._marks)

    def set_box_count(self, size: int) -> None:
        """Show `size` boxes (a combatant's own number, at most the spec's size)."""
        size = max(0, min(self.spec.size, size))
        if size != self.box_count:
            self.box_count = size
            self._marks = (self._marks + [""] * size)[:size]
            self.current = min(self.current, max(0, size - 1))
            self.updateGeometry()
            self.update()

    def show_value(self, marks: list[str]) -> None:
        """Display a track from the model (padded with empty boxes), without emitting."""
        self._marks = ([*marks] + [""] * self.box_count)[: self.box_count]
        self.update()

    def next_mark(self, mark: str) -> str:
        """The mark after `mark` in the cycle "", marks[0], marks[1]… back to ""."""
        cycle = ("", *self.spec.marks)
        at = cycle.index(mark) if mark in cycle else 0
        return cycle[(at + 1) % len(cycle)]

    def box_at(self, x: float, y: float) -> int | None:
        """The index of the box under a point, or None between boxes."""
        for i in range(self.box_count):
            if self._box(i).contains(x, y):
                return i
        return None

    def _set(self, index: int, mark: str) -> None:
        self.current = index
        if self._marks[index] != mark:
            self._marks[index] = mark
            self.committed.emit(self.marks())
        self.update()

    def _per_row(self, width: int) -> int:
        return max(1, min(PER_ROW, (width - 2 * MARGIN + GAP) // STEP))

    def _box(self, index: int) -> QRectF:
        per_row = self._per_row(self.width())
        row, col = divmod(index, per_row)
        return QRectF(MARGIN + col * STEP, MARGIN + row * STEP, BOX, BOX)

    # Qt overrides --------------------------------------------------------------------------

    def hasHeightForWidth(self) -> bool:  # Qt override
        return True

    def heightForWidth(self, width: int) -> int:  # Qt override
        rows = -(-self.box_count // self._per_row(width))
        return 2 * MARGIN + max(0, rows * STEP - GAP)

    def sizeHint(self) -> QSize:  # Qt override
        # The height follows the width the layout actually gave (see resizeEvent).
        width = 2 * MARGIN + max(0, min(self.box_count, PER_ROW) * STEP - GAP)
        return QSize(width, self.heightForWidth(self.width()))

    def resizeEvent(self, event: QResizeEvent) -> None:  # Qt override
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.updateGeometry()  # the rows wrap differently: ask for another height

    def minimumSizeHint(self) -> QSize:  # Qt override
        return QSize(2 * MARGIN + BOX, 2 * MARGIN + BOX)

    def paintEvent(self, event: QPaintEvent) -> None:  # Qt override
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        font = painter.font()
        for i, mark in enumerate(self._marks):
            rect = self._box(i).adjusted(0.5, 0.5, -0.5, -0.5)
            focused = self.hasFocus() and i == self.current
            colour = palette.color(
                QPalette.ColorRole.Highlight if focused else QPalette.ColorRole.Mid
            )
            painter.setPen(QPen(colour, 2.0 if focused else 1.0))
            painter.setBrush(palette.color(QPalette.ColorRole.Base))
            painter.drawRoundedRect(rect, 3, 3)
            if mark:
                font.setPixelSize(13 if len(mark) <= 2 else 9)
                painter.setFont(font)
                painter.setPen(palette.color(QPalette.ColorRole.Text))
                painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, mark)
        painter.end()

    def mousePressEvent(self, event: QMouseEvent) -> None:  # Qt override
        index = self.box_at(event.position().x(), event.position().y())
        if index is None:
            super().mousePressEvent(event)
            return
        self.setFocus(Qt.FocusReason.MouseFocusReason)
        if event.button() == Qt.MouseButton.RightButton:
            self._set(index, "")
        elif event.button() == Qt.MouseButton.LeftButton:
            self._set(index, self.next_mark(self._marks[index]))

    def keyPressEvent(self, event: QKeyEvent) -> None:  # Qt override
        key, last = event.key(), self.box_count - 1
        if last < 0:
            super().keyPressEvent(event)
        elif key == Qt.Key.Key_Left:
            self.current = max(0, self.current - 1)
            self.update()
        elif key == Qt.Key.Key_Right:
            self.current = min(last, self.current + 1)
            self.update()
        elif key == Qt.Key.Key_Space:
            self._set(self.current, self.next_mark(self._marks[self.current]))
        elif key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            self._set(self.current, "")
        else:
            super().keyPressEvent(event)

    def focusInEvent(self, event) -> None:  # Qt override
        super().focusInEvent(event)
        self.update()

    def focusOutEvent(self, event) -> None:  # Qt override
        super().focusOutEvent(event)
        self.update()


class TracksBox(QGroupBox):
    """The sheet's "Pistes": one TrackWidget per track of the ruleset that applies to the
    tier shown, with the combatant's own number of boxes. A change goes to the controller
    for the combatant shown; a refusal is explained under its track."""

    def __init__(self, controller: Controller, parent: QWidget | None = None) -> None:
        super().__init__(tr("Pistes"), parent)
        self.controller = controller
        self.cid: str | None = None
        self.form = QFormLayout(self)
        self.form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.tracks: dict[str, TrackWidget] = {}
        self.errors: dict[str, ErrorLabel] = {}

    def build(self, data: RulesetData, tier: str | None = None) -> None:
        """Make the tracks of a tier (the box hides when it has none)."""
        while self.form.rowCount():
            self.form.removeRow(0)
        self.tracks, self.errors = {}, {}
        specs = [t for t in data.tracks if not t.tiers or tier in t.tiers]
        for spec in specs:
            track, error = TrackWidget(spec), ErrorLabel()
            track.setToolTip(rule_tip(data, spec.rule) if spec.rule else "")
            cell = QVBoxLayout()
            cell.addWidget(track)
            cell.addWidget(error)
            self.form.addRow(pick(spec.label), cell)
            track.committed.connect(partial(self._commit, spec.key))
            self.tracks[spec.key], self.errors[spec.key] = track, error
        self.setVisible(bool(specs))

    def align_labels(self, width: int) -> None:
        """Give the tracks' labels the width of the sheet's field labels: boxes line up
        with the fields above."""
        for row in range(self.form.rowCount()):
            item = self.form.itemAt(row, QFormLayout.ItemRole.LabelRole)
            if item is not None and item.widget() is not None:
                item.widget().setMinimumWidth(width)

    def show_value(self, c: Combatant) -> None:
        """Display a combatant's tracks (one it does not have yet shows empty boxes)."""
        if c.id != self.cid:
            self.cid = c.id
            for error in self.errors.values():
                error.set_error("")
        for key, widget in self.tracks.items():
            widget.set_box_count(widget.spec.size_for(c))
            widget.show_value(c.tracks[key].marks if key in c.tracks else [])

    def _commit(self, key: str, marks: list[str]) -> None:
        cid = self.cid or ""
        if not self.errors[key].attempt(self.controller.set_track, cid, key, marks):
            with suppress(KeyError):  # nothing was stored: show the model again
                self.show_value(self.controller.enc.combatant(cid))
