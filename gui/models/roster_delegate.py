"""The roster's counters, drawn large and changed in place.

A camp's row shows its GM Réserve as a big number between − and + and its Menace as a row
of boxes (a click on a box sets the Menace to it); a Personnage's row shows its Réserve (and
its Tension once there is some) the same way, and its name over its badges. Every change
goes through `RosterModel.set_counter`, so through the controller: one undo entry, a
refused value reported by the model's `refused`.

`setup_roster_view(view)` installs all this in a QTreeView showing a RosterModel; there,
+ and − change the current row's main counter from the keyboard.
"""

from __future__ import annotations

import re

from msgspec import Struct
from PySide6.QtCore import QEvent, QModelIndex, QObject, QPointF, QRect, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetrics,
    QHelpEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPalette,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QHeaderView,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QToolTip,
    QTreeView,
    QWidget,
)

from gui.models import SIZED_ROWS
from gui.models.roster import COMBATANT, COUNTERS_ROLE, KIND_ROLE, NAME, SIDE, STATE, Counter

PAD = 3  # above and below the counters, and at the cell's edges
SPACING = 8  # between two counters
# The widest an « État » text asks for, in average letters: hit points, reactions and a state
# whole at 1366×768 (issue 33: « PA 21/21 · réac. … »); longer badges are elided.
TEXT_AT_MOST = 30
BOX_GAP = 3
NAME_AT_LEAST = 60  # what a camp's name keeps beside its counters before they are cut


class _Metrics(Struct, frozen=True):
    """Sizes from the view's font, so that the counters follow the system's font size."""

    caption: QFont
    number: QFont
    glyph: QFont  # − and +
    caption_h: int
    number_h: int
    button: int  # side of the − and + buttons
    box: int  # side of a box

    @classmethod
    def of(cls, font: QFont) -> _Metrics:
        h = QFontMetrics(font).height()
        caption = QFont(font)
        caption.setPointSizeF(max(6.0, font.pointSizeF() * 0.8))
        number = QFont(font)
        number.setBold(True)
        number.setPixelSize(round(h * 1.4))
        glyph = QFont(font)
        glyph.setBold(True)
        glyph.setPixelSize(round(h * 1.05))
        return cls(
            caption=caption,
            number=number,
            glyph=glyph,
            caption_h=QFontMetrics(caption).height(),
            number_h=QFontMetrics(number).height(),
            button=h + 2,
            box=h - 1,
        )

    @property
    def content_h(self) -> int:
        return max(self.button, self.number_h, self.box)

    @property
    def row_h(self) -> int:
        return 2 * PAD + self.caption_h + self.content_h

    def number_w(self, counter: Counter) -> int:
        widest = str(counter.maximum) if counter.maximum is not None else "99"
        fm = QFontMetrics(self.number)
        return max(fm.horizontalAdvance(widest), fm.horizontalAdvance(str(counter.value))) + 8

    def content_w(self, counter: Counter) -> int:
        if counter.boxes:
            n = counter.maximum or 0
            return n * self.box + max(0, n - 1) * BOX_GAP
        if not counter.editable:
            return self.number_w(counter)
        return 2 * self.button + self.number_w(counter) + 4

    def caption_text(self, counter: Counter) -> str:
        """The counter's label over it; when that is much wider than the counter, without
        its parentheses, or its first word (« Réserve de combat » → « Réserve »); the
        tooltip has it in full."""
        fm = QFontMetrics(self.caption)
        room = self.content_w(counter) + 12
        label = counter.label
        if fm.horizontalAdvance(label) <= room:
            return label
        short = re.sub(r"\s*\([^)]*\)", "", label).strip() or label
        if fm.horizontalAdvance(short) <= room:
            return short
        return short.split()[0]

    def part_w(self, counter: Counter) -> int:
        """A counter's width: its content, or its caption when that is wider."""
        caption = QFontMetrics(self.caption).horizontalAdvance(self.caption_text(counter))
        return max(self.content_w(counter), caption + 4)

    def parts_w(self, counters: list[Counter]) -> int:
        return sum(self.part_w(c) for c in counters) + SPACING * (len(counters) - 1) + 2 * PAD


class _Part(Struct, frozen=True):
    """Where one counter is drawn in a cell, and its clickable areas."""

    counter: Counter
    rect: QRect  # caption and content
    caption: QRect
    minus: QRectF | None = None
    number: QRectF | None = None
    plus: QRectF | None = None
    boxes: tuple[QRectF, ...] = ()

    def hit(self, pos: QPointF) -> tuple[bool, int | None]:
        """Whether `pos` is on one of the counter's controls, and the value a click there
        sets (None when it does nothing: a bound is reached)."""
        c = self.counter
        if not c.editable:
            return False, None
        for i, box in enumerate(self.boxes):
            if box.adjusted(-1, -2, 1, 2).contains(pos):
                return True, c.box_value(i)
        for rect, step in ((self.minus, -1), (self.plus, 1)):
            if rect is not None and rect.adjusted(-1, -2, 1, 2).contains(pos):
                return True, c.stepped(step)
        return False, None


def _layout(rect: QRect, counters: list[Counter], m: _Metrics, below: bool = False) -> list[_Part]:
    """The counters from the cell's right edge leftwards (the first one rightmost, so that
    every Réserve of the roster lines up), the block centred vertically, or at the bottom
    of the cell (`below` a camp's name)."""
    parts = []
    right = rect.right() - PAD
    if below:
        top = rect.bottom() - PAD - m.caption_h - m.content_h + 1
    else:
        top = rect.top() + (rect.height() - m.caption_h - m.content_h) // 2
    content_top = top + m.caption_h
    for counter in counters:
        width = m.part_w(counter)
        area = QRect(right - width + 1, top, width, m.caption_h + m.content_h)
        caption = QRect(area.left(), top, width, m.caption_h)
        x = area.left() + (width - m.content_w(counter)) / 2
        if counter.boxes:
            y = content_top + (m.content_h - m.box) / 2
            boxes = tuple(
                QRectF(x + i * (m.box + BOX_GAP), y, m.box, m.box)
                for i in range(counter.maximum or 0)
            )
            parts.append(_Part(counter, area, caption, boxes=boxes))
        elif not counter.editable:
            number = QRectF(x, content_top, m.number_w(counter), m.content_h)
            parts.append(_Part(counter, area, caption, number=number))
        else:
            y = content_top + (m.content_h - m.button) / 2
            minus = QRectF(x, y, m.button, m.button)
            number = QRectF(minus.right() + 2, content_top, m.number_w(counter), m.content_h)
            plus = QRectF(number.right() + 2, y, m.button, m.button)
            parts.append(_Part(counter, area, caption, minus, number, plus))
        right = area.left() - SPACING
    return parts


def _spanned(option: QStyleOptionViewItem, index: QModelIndex) -> bool:
    """A row drawn over both columns (a camp with counters, a group of minors)."""
    view = option.widget
    return (
        index.column() == NAME
        and isinstance(view, QTreeView)
        and view.isFirstColumnSpanned(index.row(), index.parent())
    )


class RosterDelegate(QStyledItemDelegate):
    """Draws the roster's rows that have counters (the rest as usual, a long « État »
    elided) and turns clicks on their − / + buttons and boxes into
    `RosterModel.set_counter`.

    A camp's row spans both columns: its name on the left, its counters on the right. A
    combatant with counters has them in « État », and its name over its badges.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._metrics: tuple[QFont, _Metrics] | None = None

    def metrics(self, font: QFont) -> _Metrics:
        if self._metrics is None or self._metrics[0] != font:
            self._metrics = (QFont(font), _Metrics.of(font))
        return self._metrics[1]

    @staticmethod
    def counters(index: QModelIndex) -> list[Counter]:
        """The counters of `index`'s row."""
        if not index.isValid():
            return []
        return index.siblingAtColumn(STATE).data(COUNTERS_ROLE) or []

    def parts(self, option: QStyleOptionViewItem, index: QModelIndex) -> list[_Part]:
        """Where the counters are drawn in the cell `option.rect` of `index` (none in a
        name cell, unless its row spans both columns)."""
        if index.column() != STATE and not _spanned(option, index):
            return []
        counters = self.counters(index)
        if not counters:
            return []
        below = index.column() == NAME  # a camp's row: its counters under its name
        return _layout(option.rect, counters, self.metrics(option.font), below)

    # Size and painting ---------------------------------------------------------------------

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex) -> QSize:  # Qt override
        hint = super().sizeHint(option, index)
        counters = self.counters(index)
        if counters:
            m = self.metrics(option.font)
            if index.column() == STATE:
                return QSize(m.parts_w(counters), m.row_h)
            if index.data(KIND_ROLE) == SIDE:  # its name, then its counters under it
                return QSize(hint.width(), hint.height() + m.row_h - PAD)
            return QSize(hint.width(), max(hint.height(), m.row_h))
        if index.column() == STATE:
            most = option.fontMetrics.averageCharWidth() * TEXT_AT_MOST
            return QSize(min(hint.width(), most), hint.height())
        return hint

    def paint(
        self, painter: QPainter, option: QStyleOptionViewItem, index: QModelIndex
    ) -> None:  # Qt override
        counters = self.counters(index)
        kind = index.data(KIND_ROLE)
        name_over_badges = index.column() == NAME and kind == COMBATANT and bool(counters)
        parts = self.parts(option, index)
        if not parts and not name_over_badges:
            super().paint(painter, option, index)
            return
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        widget = opt.widget
        style = widget.style() if widget is not None else QApplication.style()
        style.drawPrimitive(QStyle.PrimitiveElement.PE_PanelItemViewItem, opt, painter, widget)
        text = self._text_colour(opt)
        m = self.metrics(option.font)
        if parts and index.column() == NAME:  # a camp over both columns: its name on top
            name = QStyleOptionViewItem(opt)
            name.rect.setBottom(parts[0].rect.top() - 1)
            style.drawControl(QStyle.ControlElement.CE_ItemViewItem, name, painter, widget)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if name_over_badges:
            self._paint_name(painter, opt, index, m, text)
        for part in parts:
            self._paint_part(painter, opt.palette, part, m, text)
        painter.restore()

    @staticmethod
    def _text_colour(opt: QStyleOptionViewItem) -> QColor:
        active = opt.state & QStyle.StateFlag.State_Active
        group = QPalette.ColorGroup.Active if active else QPalette.ColorGroup.Inactive
        selected = opt.state & QStyle.StateFlag.State_Selected
        role = QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
        return opt.palette.color(group, role)

    def _paint_name(
        self,
        painter: QPainter,
        opt: QStyleOptionViewItem,
        index: QModelIndex,
        m: _Metrics,
        text: QColor,
    ) -> None:
        """A combatant's name, and under it its badges in the captions' small font."""
        rect = opt.rect.adjusted(PAD + 1, 0, -PAD, 0)
        name_h = opt.fontMetrics.height()
        top = rect.top() + (rect.height() - name_h - m.caption_h) // 2
        painter.setFont(opt.font)
        painter.setPen(text)
        line = QRect(rect.left(), top, rect.width(), name_h)
        elided = opt.fontMetrics.elidedText(opt.text, Qt.TextElideMode.ElideRight, line.width())
        painter.drawText(line, Qt.AlignmentFlag.AlignVCenter, elided)
        badges = str(index.siblingAtColumn(STATE).data() or "")
        faint = QColor(text)
        faint.setAlphaF(0.7)
        painter.setFont(m.caption)
        painter.setPen(faint)
        line = QRect(rect.left(), line.bottom() + 1, rect.width(), m.caption_h)
        elided = QFontMetrics(m.caption).elidedText(
            badges, Qt.TextElideMode.ElideRight, line.width()
        )
        painter.drawText(line, Qt.AlignmentFlag.AlignVCenter, elided)

    def _paint_part(
        self, painter: QPainter, palette: QPalette, part: _Part, m: _Metrics, text: QColor
    ) -> None:
        c = part.counter
        caption = QColor(text)
        caption.setAlphaF(0.7)
        painter.setFont(m.caption)
        painter.setPen(caption)
        label = QFontMetrics(m.caption).elidedText(
            m.caption_text(c), Qt.TextElideMode.ElideRight, part.caption.width()
        )
        painter.drawText(part.caption, Qt.AlignmentFlag.AlignCenter, label)
        frame = palette.color(QPalette.ColorRole.Mid)
        base = palette.color(QPalette.ColorRole.Base)
        if c.boxes:
            fill = QColor(c.colour) if c.colour else palette.color(QPalette.ColorRole.Highlight)
            for i, box in enumerate(part.boxes):
                filled = i < c.value
                painter.setPen(fill.darker(130) if filled else frame)
                painter.setBrush(fill if filled else base)
                painter.drawRoundedRect(box.adjusted(0.5, 0.5, -0.5, -0.5), 2.5, 2.5)
            return
        assert part.number is not None
        painter.setPen(QColor(c.colour) if c.colour else frame)
        painter.setBrush(base)
        painter.drawRoundedRect(part.number.adjusted(0.5, 0.5, -0.5, -0.5), 4, 4)
        painter.setFont(m.number)
        painter.setPen(palette.color(QPalette.ColorRole.Text))
        painter.drawText(part.number, Qt.AlignmentFlag.AlignCenter, str(c.value))
        if part.minus is None or part.plus is None:
            return
        painter.setFont(m.glyph)
        for rect, glyph, step in ((part.minus, "−", -1), (part.plus, "+", 1)):
            enabled = c.stepped(step) is not None
            painter.setPen(frame)
            painter.setBrush(palette.color(QPalette.ColorRole.Button))
            painter.drawRoundedRect(rect.adjusted(0.5, 0.5, -0.5, -0.5), 3, 3)
            group = QPalette.ColorGroup.Active if enabled else QPalette.ColorGroup.Disabled
            painter.setPen(palette.color(group, QPalette.ColorRole.ButtonText))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, glyph)

    # Clicks and tooltips ------------------------------------------------------------------

    def hit(
        self, option: QStyleOptionViewItem, index: QModelIndex, pos: QPointF
    ) -> tuple[Counter, int | None] | None:
        """The counter whose control is under `pos` and the value a click there sets (None
        at a bound), or None when `pos` is on no control."""
        for part in self.parts(option, index):
            on, value = part.hit(pos)
            if on:
                return part.counter, value
        return None

    def editorEvent(self, event: QEvent, model, option, index) -> bool:  # Qt override
        kinds = (
            QEvent.Type.MouseButtonPress,
            QEvent.Type.MouseButtonDblClick,
            QEvent.Type.MouseButtonRelease,
        )
        if (
            event.type() not in kinds
            or not isinstance(event, QMouseEvent)
            or event.button() != Qt.MouseButton.LeftButton
        ):
            return super().editorEvent(event, model, option, index)
        hit = self.hit(option, index, event.position())
        if hit is None:
            return super().editorEvent(event, model, option, index)
        counter, value = hit
        if event.type() == QEvent.Type.MouseButtonRelease and value is not None:
            set_counter = getattr(model, "set_counter", None)
            if set_counter is not None:
                set_counter(index, counter.key, value)
        return True  # the click was the counter's: no selection change, no editor

    def helpEvent(self, event: QHelpEvent, view, option, index) -> bool:  # Qt override
        if event.type() == QEvent.Type.ToolTip:
            for part in self.parts(option, index):
                if part.rect.contains(event.pos()):
                    QToolTip.showText(event.globalPos(), part.counter.tip, view)
                    return True
        return super().helpEvent(event, view, option, index)


class CounterKeys(QObject):
    """+ and − on the current row change its main counter (a camp's GM Réserve, a
    Personnage's Réserve): the counters without the mouse."""

    def __init__(self, view: QTreeView) -> None:
        super().__init__(view)
        self.view = view

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # Qt override
        if event.type() != QEvent.Type.KeyPress or not isinstance(event, QKeyEvent):
            return False
        step = {Qt.Key.Key_Plus: 1, Qt.Key.Key_Equal: 1, Qt.Key.Key_Minus: -1}.get(
            Qt.Key(event.key())
        )
        index = self.view.currentIndex()
        if step is None or self.view.state() == QAbstractItemView.State.EditingState:
            return False
        counters = [c for c in RosterDelegate.counters(index) if c.editable]
        if not counters:
            return False
        value = counters[0].stepped(step)
        set_counter = getattr(self.view.model(), "set_counter", None)
        if value is not None and set_counter is not None:
            set_counter(index, counters[0].key, value)
        return True


def setup_roster_view(view: QTreeView) -> RosterDelegate:
    """Install the counters in a QTreeView showing a RosterModel: « État » as wide as its
    counters (they are never cut), the names take the rest and are elided in a narrow
    dock; camps with counters and groups of minors span both columns."""
    delegate = RosterDelegate(view)
    view.setItemDelegate(delegate)
    header = view.header()
    header.setStretchLastSection(False)
    header.setSectionResizeMode(NAME, QHeaderView.ResizeMode.Stretch)
    header.setSectionResizeMode(STATE, QHeaderView.ResizeMode.ResizeToContents)
    view.setIndentation(16)
    view.setRootIsDecorated(False)  # camps stay open (a double-click folds one)
    view.setTextElideMode(Qt.TextElideMode.ElideRight)
    # By row: per pixel, the scroll bar would need the height of every row of a thousand.
    view.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerItem)
    view.installEventFilter(CounterKeys(view))
    header.setResizeContentsPrecision(SIZED_ROWS)  # « État » fits the rows in sight
    model = view.model()
    model.modelReset.connect(lambda: span_rows(view))
    model.dataChanged.connect(
        lambda first, last, *_roles: span_rows(view, first.parent(), first.row(), last.row())
    )
    span_rows(view)
    return delegate


def span_rows(
    view: QTreeView, parent: QModelIndex | None = None, first: int = 0, last: int | None = None
) -> None:
    """Camps with counters or nothing else to show, and « Figurants mineurs (n en jeu /
    N) », over both columns: every row, or the rows `first` to `last` under `parent` (a
    row that changed: a side's rows keep theirs)."""
    model = view.model()
    parent = parent or QModelIndex()
    if parent.isValid() and model.data(parent, KIND_ROLE) != SIDE:
        return  # a group's minors span nothing
    every = last is None
    last = model.rowCount(parent) - 1 if last is None else last
    if parent.isValid():  # a side: its group's row only, not its thousand (benchmark P9)
        group = model.group_row(parent)
        if first <= group <= last and not view.isFirstColumnSpanned(group, parent):
            view.setFirstColumnSpanned(group, parent, True)
        return
    for row in range(first, last + 1):
        index = model.index(row, NAME, parent)
        spans = bool(RosterDelegate.counters(index)) or not index.siblingAtColumn(STATE).data()
        if view.isFirstColumnSpanned(row, parent) != spans:
            view.setFirstColumnSpanned(row, parent, spans)
        if every:
            span_rows(view, index)
