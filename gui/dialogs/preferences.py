"""Préférences: the interface language (system, French, English); where the data and the
settings live (about.py)."""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QWidget

from gui.boot.i18n import tr
from gui.dialogs.about import locations

LANGUAGES = (
    ("system", "Langue du système / System language"),
    ("fr", "Français"),
    ("en", "English"),
)


class PreferencesDialog(QDialog):
    """Stored in QSettings; the language applies at the next start."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Préférences"))
        form = QFormLayout(self)
        self.language = QComboBox()
        for code, label in LANGUAGES:
            self.language.addItem(label, code)
        current = QSettings().value("language", "system")
        self.language.setCurrentIndex(max(0, self.language.findData(current)))
        form.addRow(tr("Langue de l’interface :"), self.language)
        note = QLabel(tr("Le changement de langue prend effet au prochain démarrage."))
        note.setWordWrap(True)
        form.addRow(note)
        for what, where in locations():  # where the data and settings live (issue 33)
            shown = QLabel(where)
            shown.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            shown.setWordWrap(True)
            shown.setToolTip(what)
            form.addRow(what.split(" (")[0] + " :", shown)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def accept(self) -> None:  # Qt override
        QSettings().setValue("language", self.language.currentData())
        super().accept()
