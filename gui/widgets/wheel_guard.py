"""The mouse wheel scrolls what is under the pointer and never changes a field it passes over:
a spin box, a list or a slider takes the wheel only once it has the focus (a click or Tab)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QComboBox, QSlider, QWidget

_FIELDS = (QAbstractSpinBox, QComboBox, QSlider)  # not scroll bars: they are for the wheel
_WHEEL, _POLISH = QEvent.Type.Wheel, QEvent.Type.Polish


class WheelGuard(QObject):
    """An application-wide filter: a wheel turn over a field without the focus is refused by
    the field and goes to its parent (the sheet or the dialog scrolls instead)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # Qt override
        kind = event.type()  # every event of the application passes here: asked once
        if kind == _WHEEL and isinstance(watched, _FIELDS) and not watched.hasFocus():
            event.ignore()  # QApplication then offers it to the parent widget
            return True
        if kind == _POLISH and isinstance(watched, _FIELDS):
            assert isinstance(watched, QWidget)
            if watched.focusPolicy() == Qt.FocusPolicy.WheelFocus:
                watched.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # the wheel gives no focus
        return False


def install(app: QApplication) -> None:
    """Guard every field of the application (once)."""
    if app.property("wheelGuard") is None:
        guard = WheelGuard(app)
        app.installEventFilter(guard)
        app.setProperty("wheelGuard", guard)
