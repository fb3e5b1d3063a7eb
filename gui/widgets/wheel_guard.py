"""The mouse wheel scrolls what is under the pointer and never changes a field it passes over:
a spin box, a list or a slider takes the wheel only once it has the focus (a click or Tab).

The guard watches the wheel of each window the GM works in (its QWindow, which sees the
window's own input before any widget does) rather than every event of the application: an
application-wide Python filter had every Qt object of every event wrapped for Python, a fifth
of the main window's build and paint (issue 22). The first wheel turn over a field gives that
field the guard's own filter, before Qt delivers the turn to it."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QGuiApplication, QWheelEvent, QWindow
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QComboBox, QSlider, QWidget

_FIELDS = (QAbstractSpinBox, QComboBox, QSlider)  # not scroll bars: they are for the wheel
_WHEEL = QEvent.Type.Wheel
_GUARDED = "wheelGuarded"


class WheelGuard(QObject):
    """The filter of the watched windows and of the fields found under their wheel."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # Qt override
        if event.type() != _WHEEL:
            return False
        if isinstance(watched, QWindow):
            assert isinstance(event, QWheelEvent)
            field = _field_at(watched, event)
            if field is not None:
                _guard_field(field, self)
            return False
        if isinstance(watched, _FIELDS) and not watched.hasFocus():
            event.ignore()  # QApplication then offers it to the parent widget
            return True
        return False

    def watch(self, window: QWindow | None) -> None:
        """Guard the fields of `window` (once)."""
        if window is not None and not window.property(_GUARDED):
            window.installEventFilter(self)
            window.setProperty(_GUARDED, True)


def _field_at(window: QWindow, event: QWheelEvent) -> QWidget | None:
    """The field under the pointer in `window`, or the field whose part it is (a spin box's
    line edit)."""
    top = next((w for w in QApplication.topLevelWidgets() if w.windowHandle() is window), None)
    widget = top and top.childAt(event.position().toPoint())
    while widget is not None and not isinstance(widget, _FIELDS):
        widget = None if widget.isWindow() else widget.parentWidget()
    return widget


def _guard_field(field: QWidget, guard: WheelGuard) -> None:
    if not field.property(_GUARDED):
        field.installEventFilter(guard)
        field.setProperty(_GUARDED, True)
        if field.focusPolicy() == Qt.FocusPolicy.WheelFocus:
            field.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # the wheel gives no focus


def install(app: QGuiApplication) -> WheelGuard:
    """The application's guard (made once): it watches every window that takes the focus;
    `watch` adds one before that (the main window, as it is first shown)."""
    guard = app.property("wheelGuard")
    if guard is None:
        guard = WheelGuard(app)
        app.focusWindowChanged.connect(guard.watch)
        app.setProperty("wheelGuard", guard)
    return guard
