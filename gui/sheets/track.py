"""Tracks: rows of boxes where a click cycles a box through the marks, a right-click clears it."""

from __future__ import annotations

from contextlib import suppress
from functools import partial

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QHelpEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QFormLayout,
    QGroupBox,
    QLabel,
    QSizePolicy,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from gui.boot.i18n import language, pick, tr
from gui.control.controller import Controller
from gui.engine.contract.values import TrackView
from gui.engine.state.model import Combatant
from gui.engine.state.schema import RulesetData, TrackSpec
from gui.sheets import ErrorLabel, rule_tip

BOX = 24  # side of a box, in pixels
GAP = 4
STEP = BOX + GAP
MARGIN = 2  # room for the focus frame
PER_ROW = 10  # boxes in a row at most
LEVEL_GAP = 2  # between the lines of a grid of levels
NAME_CHARS = 10  # a level's name keeps at least this many average characters, then elides
LEADER_CHARS = 2  # room for the dotted leader between a level's name and its note
GLYPH_PX = 17  # size of a glyph in a box (a one- or two-character one)


class TrackWidget(QWidget):
    """The boxes of one TrackSpec: `spec.size` of them, or the combatant's own number
    (`set_box_count`, from the spec's `size_field`).

    By default the boxes wrap in rows to the widget's width and show the stored mark. With a
    ruleset's TrackView (`set_view`) a box shows the view's glyph for its mark, and when the
    view names the boxes they stand one per line, top to bottom, like the health grid of a
    character sheet: the level's name, its note (wound penalty) right-aligned, the box.

    A click (or Space on the current box) cycles it through "" and each of the spec's marks;
    a right-click (or Delete) clears it; Left/Right (and Up/Down in a grid) move the current
    box. Every change emits `committed(marks)` with the whole track; `show_value(marks)`
    displays without emitting.
    """

    committed = Signal(list)

    def __init__(self, spec: TrackSpec, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.spec = spec
        self.current = 0
        self.box_count = spec.size
        self._marks = [""] * spec.size
        self.view = TrackView()
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
            self._changed(geometry=True)

    def set_view(self, view: TrackView | None) -> None:
        """Show the boxes as the ruleset says (None: the plain row of marks)."""
        view = view or TrackView()
        view = view.in_english() if language() == "en" else view
        if view != self.view:
            self.view = view
            self._changed(geometry=True)

    def show_value(self, marks: list[str]) -> None:
        """Display a track from the model (padded with empty boxes), without emitting."""
        self._marks = ([*marks] + [""] * self.box_count)[: self.box_count]
        self._changed()

    @property
    def is_grid(self) -> bool:
        """True when the boxes stand one per line with their level's name."""
        return bool(self.view.rows)

    def level(self, index: int) -> tuple[str, str]:
        """The (name, note) of a box's line in a grid, ("", "") when the view has none."""
        rows = self.view.rows
        return rows[index] if index < len(rows) else ("", "")

    def shown(self, index: int) -> str:
        """The text drawn in a box: the view's glyph for its mark, else the mark itself."""
        mark = self._marks[index]
        return self.view.glyphs.get(mark, mark) if mark else ""

    def box_tip(self, index: int) -> str:
        """A box in words, for its tooltip and screen readers:
        "Case 2 : Blessé légèrement — létal"."""
        mark = self._marks[index]
        words = (self.view.names.get(mark) or self.shown(index)) if mark else tr("vide")
        name = self.level(index)[0]
        if name:
            return tr("Case {n} : {level} — {mark}").format(n=index + 1, level=name, mark=words)
        return tr("Case {n} : {mark}").format(n=index + 1, mark=words)

    def next_mark(self, mark: str) -> str:
        """The mark after `mark` in the cycle "", marks[0], marks[1]… back to ""."""
        cycle = ("", *self.spec.marks)
        at = cycle.index(mark) if mark in cycle else 0
        return cycle[(at + 1) % len(cycle)]

    def box_at(self, x: float, y: float) -> int | None:
        """The index of the box under a point (in a grid: of the line), or None between."""
        for i in range(self.box_count):
            hit = self._line(i) if self.is_grid else self._box(i)
            if hit.contains(x, y):
                return i
        return None

    def _changed(self, geometry: bool = False) -> None:
        if self.box_count:
            self.setAccessibleDescription(self.box_tip(self.current))
        if geometry:
            self.updateGeometry()
        self.update()

    def _set(self, index: int, mark: str) -> None:
        self.current = index
        if self._marks[index] != mark:
            self._marks[index] = mark
            self.committed.emit(self.marks())
        self._changed()

    def _move(self, step: int) -> None:
        self.current = max(0, min(self.box_count - 1, self.current + step))
        self._changed()

    # Geometry: a row of boxes -------------------------------------------------------------

    def _per_row(self, width: int) -> int:
        return max(1, min(PER_ROW, (width - 2 * MARGIN + GAP) // STEP))

    def _box(self, index: int) -> QRectF:
        if self.is_grid:
            line = self._line(index)
            return QRectF(line.right() - BOX, line.top(), BOX, BOX)
        per_row = self._per_row(self.width())
        row, col = divmod(index, per_row)
        return QRectF(MARGIN + col * STEP, MARGIN + row * STEP, BOX, BOX)

    # Geometry: a grid of levels -----------------------------------------------------------

    def _line_step(self) -> int:
        return BOX + LEVEL_GAP

    def _note_width(self) -> int:
        metrics = self.fontMetrics()
        return max((metrics.horizontalAdvance(note) for _, note in self.view.rows), default=0)

    def _grid_width(self, name_cap: int | None = None) -> int:
        """The width a grid needs for its names (each cut to `name_cap` pixels if given),
        their leaders and notes, and the boxes."""
        metrics = self.fontMetrics()
        leader = metrics.averageCharWidth() * LEADER_CHARS
        widest = 0
        for name, note in self.view.rows:
            name_width = metrics.horizontalAdvance(name)
            if name_cap is not None:
                name_width = min(name_width, name_cap)
            widest = max(widest, name_width + leader + metrics.horizontalAdvance(note))
        return 2 * MARGIN + GAP + widest + GAP + BOX

    def _line(self, index: int) -> QRectF:
        """A grid's line: the level's name on the left, the box at the right end; a wide
        sheet does not stretch it further than its names need (plus a little air)."""
        width = min(self.width(), self._grid_width() + 6 * GAP) - 2 * MARGIN
        return QRectF(MARGIN, MARGIN + index * self._line_step(), max(BOX, width), BOX)

    # Qt overrides --------------------------------------------------------------------------

    def hasHeightForWidth(self) -> bool:  # Qt override
        return True

    def heightForWidth(self, width: int) -> int:  # Qt override
        if self.is_grid:
            return 2 * MARGIN + max(0, self.box_count * self._line_step() - LEVEL_GAP)
        rows = -(-self.box_count // self._per_row(width))
        return 2 * MARGIN + max(0, rows * STEP - GAP)

    def sizeHint(self) -> QSize:  # Qt override
        # The height follows the width the layout actually gave (see resizeEvent).
        if self.is_grid:
            width = self._grid_width()
        else:
            width = 2 * MARGIN + max(0, min(self.box_count, PER_ROW) * STEP - GAP)
        return QSize(width, self.heightForWidth(self.width()))

    def resizeEvent(self, event: QResizeEvent) -> None:  # Qt override
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.updateGeometry()  # the rows wrap differently: ask for another height

    def minimumSizeHint(self) -> QSize:  # Qt override
        if self.is_grid:
            name_cap = self.fontMetrics().averageCharWidth() * NAME_CHARS
            return QSize(self._grid_width(name_cap), self.heightForWidth(self.width()))
        return QSize(2 * MARGIN + BOX, 2 * MARGIN + BOX)

    def paintEvent(self, event: QPaintEvent) -> None:  # Qt override
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.is_grid:
            for i in range(self.box_count):
                self._paint_level(painter, i)
        for i in range(self.box_count):
            self._paint_box(painter, i)
        painter.end()

    def _paint_box(self, painter: QPainter, index: int) -> None:
        palette = self.palette()
        rect = self._box(index).adjusted(0.5, 0.5, -0.5, -0.5)
        focused = self.hasFocus() and index == self.current
        role = QPalette.ColorRole.Highlight if focused else QPalette.ColorRole.Mid
        painter.setPen(QPen(palette.color(role), 2.0 if focused else 1.0))
        painter.setBrush(palette.color(QPalette.ColorRole.Base))
        painter.drawRoundedRect(rect, 3, 3)
        text = self.shown(index)
        if text:
            font = self.font()
            if self.view.glyphs:  # a glyph: big and bold
                font.setPixelSize(GLYPH_PX if len(text) <= 2 else 9)
                font.setBold(len(text) <= 2)
            else:
                font.setPixelSize(13 if len(text) <= 2 else 9)
            painter.setFont(font)
            painter.setPen(palette.color(QPalette.ColorRole.Text))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)

    def _paint_level(self, painter: QPainter, index: int) -> None:
        """A grid line's name, dotted leader and note (the box is painted after)."""
        palette = self.palette()
        metrics = self.fontMetrics()
        line = self._line(index)
        if self.hasFocus() and index == self.current:
            shade = palette.color(QPalette.ColorRole.Highlight)
            shade.setAlpha(40)
            painter.fillRect(line, shade)
        name, note = self.level(index)
        note_width = self._note_width()
        note_rect = QRectF(line.right() - BOX - GAP - note_width, line.top(), note_width, BOX)
        # A name may run up to its own note (a short "−1" leaves it more room).
        leader = metrics.averageCharWidth() * LEADER_CHARS
        note_left = note_rect.right() - metrics.horizontalAdvance(note)
        name_room = max(0, int(note_left - line.left() - GAP - leader))
        name = metrics.elidedText(name, Qt.TextElideMode.ElideRight, name_room)
        middle = Qt.AlignmentFlag.AlignVCenter
        painter.setFont(self.font())
        painter.setPen(palette.color(QPalette.ColorRole.Text))
        name_rect = QRectF(line.left() + GAP, line.top(), name_room, BOX)
        painter.drawText(name_rect, middle | Qt.AlignmentFlag.AlignLeft, name)
        painter.drawText(note_rect, middle | Qt.AlignmentFlag.AlignRight, note)
        # A dotted leader from the name to the note (or the box) guides the eye along.
        start = line.left() + GAP + metrics.horizontalAdvance(name) + GAP
        stop = note_left - GAP
        if stop - start >= 2 * GAP:
            baseline = line.top() + (BOX + metrics.ascent() - metrics.descent()) / 2
            painter.setPen(QPen(palette.color(QPalette.ColorRole.Mid), 1.0, Qt.PenStyle.DotLine))
            painter.drawLine(QPointF(start, baseline), QPointF(stop, baseline))

    def event(self, event: QEvent) -> bool:  # Qt override
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            index = self.box_at(event.pos().x(), event.pos().y())
            if index is not None:
                tip = "\n".join(t for t in (self.box_tip(index), self.toolTip()) if t)
                QToolTip.showText(event.globalPos(), tip, self, self._box(index).toRect())
                return True
        return super().event(event)

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
        key = event.key()
        back = (Qt.Key.Key_Left, Qt.Key.Key_Up) if self.is_grid else (Qt.Key.Key_Left,)
        forth = (Qt.Key.Key_Right, Qt.Key.Key_Down) if self.is_grid else (Qt.Key.Key_Right,)
        if self.box_count == 0:
            super().keyPressEvent(event)
        elif key in back:
            self._move(-1)
        elif key in forth:
            self._move(1)
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
    tier shown, with the combatant's own number of boxes, shown as the ruleset's
    `track_view` says (a health grid, glyphs). A change goes to the controller
    for the combatant shown; a refusal is explained under its track."""

    def __init__(self, controller: Controller, parent: QWidget | None = None) -> None:
        super().__init__(tr("Pistes"), parent)
        self.controller = controller
        self.cid: str | None = None
        self.form = QFormLayout(self)
        self.form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.tracks: dict[str, TrackWidget] = {}
        self.errors: dict[str, ErrorLabel] = {}
        self.labels: dict[str, QLabel] = {}
        self.cells: dict[str, QWidget] = {}  # a track and its error message

    def build(self, data: RulesetData, tier: str | None = None) -> None:
        """Make the tracks of a tier (the box hides when it has none)."""
        # Taken out, not removeRow: once _place has moved a row, removing rows crashes
        # PySide6 (a new encounter, then a combatant with a health grid selected).
        while self.form.rowCount():
            taken = self.form.takeRow(0)
            for item in (taken.labelItem, taken.fieldItem):
                if item is not None and item.widget() is not None:
                    item.widget().hide()
                    item.widget().deleteLater()
        self.tracks, self.errors, self.labels, self.cells = {}, {}, {}, {}
        specs = [t for t in data.tracks if not t.tiers or tier in t.tiers]
        for spec in specs:
            track, error = TrackWidget(spec), ErrorLabel()
            track.setToolTip(rule_tip(data, spec.rule) if spec.rule else "")
            label, cell = QLabel(pick(spec.label)), QWidget()
            label.setBuddy(track)
            layout = QVBoxLayout(cell)
            layout.setContentsMargins(0, 0, 0, 0)
            layout.addWidget(track)
            layout.addWidget(error)
            self.form.addRow(label, cell)
            track.committed.connect(partial(self._commit, spec.key))
            self.tracks[spec.key], self.errors[spec.key] = track, error
            self.labels[spec.key], self.cells[spec.key] = label, cell
        self.setVisible(bool(specs))

    def _place(self, key: str) -> None:
        """A grid of levels goes under its label, across the box (like a table field); a
        row of boxes stays beside it."""
        label, cell = self.labels[key], self.cells[key]
        row, role = self.form.getWidgetPosition(cell)
        stacked = role == QFormLayout.ItemRole.SpanningRole
        if self.tracks[key].is_grid == stacked:
            return
        if stacked:
            self.form.takeRow(row)
            self.form.takeRow(row - 1)
            self.form.insertRow(row - 1, label, cell)
        else:
            self.form.takeRow(row)
            self.form.insertRow(row, label)
            self.form.insertRow(row + 1, cell)
        label.show()
        cell.show()

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
        ruleset, enc = self.controller.ruleset, self.controller.enc
        for key, widget in self.tracks.items():
            widget.set_box_count(widget.spec.size_for(c))
            widget.set_view(ruleset.track_view(enc, c, key))
            self._place(key)
            widget.show_value(c.tracks[key].marks if key in c.tracks else [])

    def _commit(self, key: str, marks: list[str]) -> None:
        cid = self.cid or ""
        if not self.errors[key].attempt(self.controller.set_track, cid, key, marks):
            with suppress(KeyError):  # nothing was stored: show the model again
                self.show_value(self.controller.enc.combatant(cid))
