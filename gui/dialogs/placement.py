"""Where a dialog opens (issue 33, item 1): whole within the screen's available geometry, never
over the actor's and the target's tokens, as little as it can over the lines an action explains,
and else where the window would have it (beside the map, at its right).

`place_beside` is the one function; `DialogPlacer` calls it for every dialog of a main window
when it shows, with what the map aims at, and gives the keyboard back to the main window when
the last of its dialogs closes (so that `A`, F9, `N` work at once)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QEvent, QMargins, QObject, QPoint, QRect, QSize, QTimer
from PySide6.QtWidgets import QApplication, QDialog, QWidget

GAP = 8  # pixels kept between a dialog and what it must not cover
TITLE_BAR = 32  # the window manager's frame above a dialog not shown yet, at least


def frame_margins(dialog: QWidget) -> QMargins:
    """The window manager's frame around `dialog` (a title bar above it if not known yet)."""
    frame, inner = dialog.frameGeometry(), dialog.geometry()
    margins = QMargins(
        inner.left() - frame.left(),
        inner.top() - frame.top(),
        frame.right() - inner.right(),
        frame.bottom() - inner.bottom(),
    )
    return margins if not margins.isNull() else QMargins(0, TITLE_BAR, 0, 0)


def _overlap(a: QRect, rects: Sequence[QRect]) -> int:
    total = 0
    for rect in rects:
        common = a.intersected(rect)
        if not common.isEmpty():
            total += common.width() * common.height()
    return total


def _spread(low: int, high: int, wanted: Sequence[int]) -> list[int]:
    """The wanted coordinates brought within [low, high], without repeats."""
    if high < low:
        return [low]
    return sorted({min(max(v, low), high) for v in wanted})


def best_frame(
    size: QSize,
    screen: QRect,
    preferred: QPoint,
    hard: Sequence[QRect] = (),
    soft: Sequence[QRect] = (),
) -> QRect:
    """The frame rectangle (window frame included) of `size` for a dialog: within `screen`;
    over none of `hard` (with GAP around them) if any place allows; over as little of `soft`
    as it can; then nearest `preferred` (its top-left corner)."""
    hard = [r.adjusted(-GAP, -GAP, GAP, GAP) for r in hard if not r.isEmpty()]
    soft = [r for r in soft if not r.isEmpty()]
    w, h = min(size.width(), screen.width()), min(size.height(), screen.height())
    xs, ys = [preferred.x(), screen.left(), screen.right() + 1 - w], [preferred.y(), screen.top()]
    ys.append(screen.bottom() + 1 - h)
    for rect in (*hard, *soft):
        xs += [rect.left() - GAP - w, rect.right() + 1 + GAP]
        ys += [rect.top() - GAP - h, rect.bottom() + 1 + GAP]
    best: tuple[tuple[int, int, int], QRect] | None = None
    for x in _spread(screen.left(), screen.right() + 1 - w, xs):
        for y in _spread(screen.top(), screen.bottom() + 1 - h, ys):
            frame = QRect(x, y, w, h)
            moved = abs(x - preferred.x()) + abs(y - preferred.y())
            score = (_overlap(frame, hard), _overlap(frame, soft), moved)
            if best is None or score < best[0]:
                best = score, frame
    assert best is not None
    return best[1]


def place_beside(
    dialog: QWidget,
    main: QWidget | None,
    hard: Sequence[QRect] = (),
    soft: Sequence[QRect] = (),
    preferred: QPoint | None = None,
) -> QRect:
    """Move (and if need be shrink) `dialog` so that its frame lies within the available
    geometry of `main`'s screen (else its own), off the `hard` rectangles (the actor's and
    the target's tokens, global coordinates), over as little of the `soft` ones (the lines of
    effect) as it can, else at `preferred` (default: where it is). A dialog taller than the
    screen is made as tall as the screen: what it holds scrolls (ActionDialog's choice)."""
    screen = (main or dialog).screen().availableGeometry()
    margins = frame_margins(dialog)
    extra = QSize(margins.left() + margins.right(), margins.top() + margins.bottom())
    room = screen.size() - extra
    if dialog.width() > room.width() or dialog.height() > room.height():
        dialog.resize(dialog.size().boundedTo(room))
    corner = preferred if preferred is not None else dialog.frameGeometry().topLeft()
    frame = best_frame(dialog.size() + extra, screen, corner, hard, soft)
    least = dialog.minimumSizeHint().expandedTo(dialog.minimumSize()) + extra
    if _covers(frame, hard) and least != frame.size():  # smaller, as small as it may be
        smaller = best_frame(least.boundedTo(frame.size()), screen, corner, hard, soft)
        if not _covers(smaller, hard):
            dialog.resize(smaller.size() - extra)
            frame = smaller
    dialog.move(frame.topLeft())  # move() places the frame's corner
    return frame


def _covers(frame: QRect, hard: Sequence[QRect]) -> bool:
    return any(frame.intersects(r) for r in hard if not r.isEmpty())


Aimed = Callable[[], tuple[list[QRect], list[QRect]]]


class DialogPlacer(QObject):
    """Places the dialogs of one main window (those whose parents lead to it): each is placed
    by `place_beside` as it shows, off what `aimed()` returns (hard, soft rectangles); after
    the last one hides, `give_back()` takes the keyboard back. A dialog that places itself
    (ActionDialog: `places_itself`) is left to it.

    It watches the main window's own events and, as a dialog child of it is polished (before
    it shows), that dialog's: never the whole application's (a Python filter on every event
    of the application made every gesture several times slower)."""

    def __init__(self, main: QWidget, aimed: Aimed, give_back: Callable[[], None]) -> None:
        super().__init__(main)
        self.main, self.aimed, self.give_back = main, aimed, give_back
        self._pending = False
        main.installEventFilter(self)

    def owns(self, widget: QObject) -> bool:
        if not isinstance(widget, QDialog) or not widget.isWindow():
            return False
        parent = widget.parentWidget()
        while parent is not None and parent is not self.main:
            parent = parent.parentWidget()
        return parent is self.main

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # Qt override
        kind = event.type()
        if watched is self.main:
            if kind == QEvent.Type.ChildPolished:
                child = event.child()  # type: ignore[attr-defined]
                if isinstance(child, QDialog) and not getattr(child, "_placed_by", None):
                    child._placed_by = self  # type: ignore[attr-defined]
                    child.installEventFilter(self)
            return False
        if kind not in (QEvent.Type.Show, QEvent.Type.Hide) or not self.owns(watched):
            return False
        if kind == QEvent.Type.Show and not getattr(watched, "places_itself", False):
            hard, soft = self.aimed()
            screen = self.main.screen().availableGeometry()
            if hard or soft or not screen.contains(watched.frameGeometry()):
                place_beside(watched, self.main, hard, soft)
        elif kind == QEvent.Type.Hide and not self._pending:
            self._pending = True
            QTimer.singleShot(0, self, self._closed)
        return False

    def _closed(self) -> None:
        """After a dialog hid (its successor, if any, shown since): the keyboard back to the
        main window when none of its dialogs is left open."""
        self._pending = False
        if not any(self.owns(w) and w.isVisible() for w in QApplication.topLevelWidgets()):
            self.give_back()
