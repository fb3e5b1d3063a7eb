"""The map view: wheel zoom, pan with the middle button or Space + drag, fit to the window."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, Qt, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent, QPainter, QWheelEvent
from PySide6.QtWidgets import QGraphicsView

MIN_ZOOM, MAX_ZOOM = 0.05, 8.0


class MapView(QGraphicsView):
    """A short tap on Space (no drag) is reported as `space_tapped` (Suivant); holding Space
    while dragging pans the map."""

    space_tapped = Signal()
    zoom_changed = Signal(float)

    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.setObjectName("mapView")
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontSavePainterState)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._pan_from: QPoint | None = None
        self._space = False
        self._space_dragged = False

    def zoom(self) -> float:
        return self.transform().m11()

    def zoom_by(self, factor: float) -> None:
        target = min(MAX_ZOOM, max(MIN_ZOOM, self.zoom() * factor))
        factor = target / self.zoom()
        self.scale(factor, factor)
        self._zoomed()

    def fit(self) -> None:
        scene = self.scene()
        rect = scene.content_rect() if hasattr(scene, "content_rect") else scene.sceneRect()
        self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
        self._zoomed()

    def _zoomed(self) -> None:
        """The scene's level of detail follows the zoom (group labels, issue 33)."""
        scene = self.scene()
        if hasattr(scene, "set_view_scale"):
            scene.set_view_scale(self.zoom())
        self.zoom_changed.emit(self.zoom())

    def reset_zoom(self) -> None:
        self.zoom_by(1.0 / self.zoom())

    def wheelEvent(self, event: QWheelEvent) -> None:  # Qt override
        steps = event.angleDelta().y() / 120
        if steps:
            self.zoom_by(1.15**steps)
        event.accept()

    # Panning ---------------------------------------------------------------------------

    def _start_pan(self, pos: QPoint) -> None:
        self._pan_from = pos
        self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)

    def _end_pan(self) -> None:
        self._pan_from = None
        self.viewport().unsetCursor()

    def mousePressEvent(self, event: QMouseEvent) -> None:  # Qt override
        middle = event.button() == Qt.MouseButton.MiddleButton
        if middle or (self._space and event.button() == Qt.MouseButton.LeftButton):
            self._space_dragged = self._space
            self._start_pan(event.position().toPoint())
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # Qt override
        if self._pan_from is not None:
            pos = event.position().toPoint()
            delta = pos - self._pan_from
            self._pan_from = pos
            h, v = self.horizontalScrollBar(), self.verticalScrollBar()
            h.setValue(h.value() - delta.x())
            v.setValue(v.value() - delta.y())
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # Qt override
        if self._pan_from is not None:
            self._end_pan()
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def event(self, event: QEvent) -> bool:  # Qt override
        # Claim Space before the window's shortcuts see it: a tap is Suivant, a hold pans.
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and event.key() == Qt.Key.Key_Space
            and not event.modifiers()
        ):
            event.accept()
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # Qt override
        if event.key() == Qt.Key.Key_Space and not event.modifiers():
            if not event.isAutoRepeat():
                self._space, self._space_dragged = True, False
                self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            event.accept()
            return
        super().keyPressEvent(event)

    def keyReleaseEvent(self, event: QKeyEvent) -> None:  # Qt override
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = False
            self.viewport().unsetCursor()
            if not self._space_dragged:
                self.space_tapped.emit()
            event.accept()
            return
        super().keyReleaseEvent(event)
