"""The main window: the zone map in the centre, turn order and log in docks."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence, QPainter
from PySide6.QtWidgets import (
    QDockWidget,
    QGraphicsView,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
)

from .engine.table import Table
from .engine.turns import current_entry
from .map.scene import EncounterScene


class MapView(QGraphicsView):
    """The zone map, antialiased, zoomed with the wheel, fitted on demand."""

    def __init__(self, scene: EncounterScene) -> None:
        super().__init__(scene)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)

    def fit(self) -> None:
        self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def wheelEvent(self, event) -> None:  # Qt override
        factor = 1.15 if event.angleDelta().y() > 0 else 1 / 1.15
        self.scale(factor, factor)


class MainWindow(QMainWindow):
    """Shows one encounter: map, turn order with states, and the log."""

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table
        enc = table.enc
        self.setWindowTitle(f"{enc.name} — Escarmouche")
        self.scene = EncounterScene(enc, table.ruleset)
        self.view = MapView(self.scene)
        self.setCentralWidget(self.view)
        self.order = QListWidget()
        self.order.setObjectName("turnOrder")
        self.log = QListWidget()
        self.log.setObjectName("log")
        self.log.setWordWrap(True)
        self._dock("Ordre du tour", self.order, Qt.DockWidgetArea.LeftDockWidgetArea)
        self._dock("Journal", self.log, Qt.DockWidgetArea.BottomDockWidgetArea)
        fit = QAction("Ajuster à la fenêtre", self)
        fit.setShortcut(QKeySequence("Ctrl+0"))
        fit.triggered.connect(self.view.fit)
        self.menuBar().addMenu("&Affichage").addAction(fit)
        self.resize(1200, 800)
        self.refresh()

    def _dock(self, title: str, widget, area: Qt.DockWidgetArea) -> None:
        dock = QDockWidget(title, self)
        dock.setObjectName(title)
        dock.setWidget(widget)
        self.addDockWidget(area, dock)

    def refresh(self) -> None:
        """Re-read everything from the model."""
        enc, ruleset = self.table.enc, self.table.ruleset
        self.scene.rebuild()
        self.order.clear()
        acting = current_entry(enc.turn)
        units = [e.members for e in enc.turn.order] or [[c.id] for c in enc.combatants]
        for members in units:
            for cid in members:
                c = enc.combatant(cid)
                side = enc.side(c.side).name
                marker = "▶ " if acting and cid in acting.members else ""
                badges = " · ".join(ruleset.badges(enc, c))
                item = QListWidgetItem(f"{marker}{c.name} ({side})\n    {badges}")
                item.setData(Qt.ItemDataRole.UserRole, cid)
                self.order.addItem(item)
        self.log.clear()
        for entry in enc.log:
            detail = f" — {'; '.join(entry.breakdown)}" if entry.breakdown else ""
            self.log.addItem(f"R{entry.round} {entry.outcome or entry.action}{detail}")
        state = f"Round {enc.turn.round}" if enc.turn.round else "Combat non commencé"
        self.statusBar().showMessage(f"{ruleset.data.name.fr} — {state}")

    def showEvent(self, event) -> None:  # Qt override
        super().showEvent(event)
        self.view.fit()
