"""Nouveau: pick a ruleset, and start empty or from its demo encounter."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from gui.boot.i18n import pick, tr
from gui.engine.rulesets import registry


class NewEncounterDialog(QDialog):
    """The rulesets available, and a choice between an empty encounter and the demo."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Nouvelle rencontre"))
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(tr("Jeu de règles :")))
        self.rulesets = QListWidget()
        for rid in registry.available():
            ruleset = registry.get(rid)
            item = QListWidgetItem(pick(ruleset.data.name))
            item.setData(Qt.ItemDataRole.UserRole, rid)
            self.rulesets.addItem(item)
        self.rulesets.setCurrentRow(0)
        self.rulesets.itemDoubleClicked.connect(lambda _item: self.accept())
        layout.addWidget(self.rulesets)
        self.empty = QRadioButton(tr("Rencontre vide (dessiner la carte, ajouter les combattants)"))
        self.demo = QRadioButton(tr("Rencontre de démonstration du jeu"))
        self.empty.setChecked(True)
        layout.addWidget(self.empty)
        self.name_edit = QLineEdit(tr("Nouvelle rencontre"))
        self.name_edit.setMaxLength(200)
        named = QFormLayout()
        named.setContentsMargins(24, 0, 0, 0)
        named.addRow(tr("&Nom :"), self.name_edit)
        layout.addLayout(named)
        layout.addWidget(self.demo)
        self.empty.toggled.connect(self.name_edit.setEnabled)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def ruleset_id(self) -> str:
        item = self.rulesets.currentItem()
        return str(item.data(Qt.ItemDataRole.UserRole)) if item else registry.DEFAULT

    def wants_demo(self) -> bool:
        return self.demo.isChecked()

    def name(self) -> str:
        """The empty encounter's name as typed (the demo keeps its own)."""
        return self.name_edit.text()
