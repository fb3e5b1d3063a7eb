"""« Mettre à jour la bibliothèque »: what writing the fight's state back would change in each
library entry, the GM ticking which ones to write."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QLabel,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gui.boot.i18n import either, tr
from gui.engine.files.write_back import Update
from gui.widgets.buttons import ok_cancel


class WriteBackDialog(QDialog):
    """One ticked row per entry to update, its changes under it; `chosen()` after OK."""

    def __init__(self, updates: list[Update], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.updates = updates
        self.setWindowTitle(tr("Mettre à jour la bibliothèque"))
        intro = QLabel(
            tr(
                "Ces entrées de la bibliothèque prendront l’état actuel du combattant du même "
                "nom (toute sa fiche) :"
            )
        )
        intro.setWordWrap(True)
        self.tree = QTreeWidget()
        self.tree.setHeaderHidden(True)
        for update in updates:
            row = QTreeWidgetItem([update.name])
            row.setFlags(row.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            row.setCheckState(0, Qt.CheckState.Checked)
            for line in update.lines:
                row.addChild(QTreeWidgetItem([either(*line)]))
            self.tree.addTopLevelItem(row)
        self.tree.expandAll()
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.tree, 1)
        layout.addWidget(ok_cancel(self, tr("Écrire")))
        self.resize(480, 420)

    def chosen(self) -> list[Update]:
        """The updates whose row is ticked."""
        return [
            update
            for i, update in enumerate(self.updates)
            if self.tree.topLevelItem(i).checkState(0) == Qt.CheckState.Checked
        ]
