"""The questions the UI asks the GM (confirm, type a name, pick a colour…), in one place so
that tests can answer them without modal dialogs."""

from __future__ import annotations

from PySide6.QtGui import QColor
from PySide6.QtWidgets import QWidget

from gui.boot.i18n import tr


class Prompts:
    """Modal questions; each returns None (or False) when the GM cancels. Qt's dialog classes
    are imported at their first opening, not at start-up (P1b)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        self.parent = parent

    def confirm(self, title: str, text: str, yes: str = "") -> bool:
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(QMessageBox.Icon.Question, title, text, parent=self.parent)
        ok = box.addButton(yes or tr("Oui"), QMessageBox.ButtonRole.AcceptRole)
        box.addButton(tr("Annuler"), QMessageBox.ButtonRole.RejectRole)
        box.exec()
        return box.clickedButton() is ok

    def warn(self, title: str, text: str) -> None:
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.warning(self.parent, title, text)

    def text(self, title: str, label: str, value: str = "") -> str | None:
        from PySide6.QtWidgets import QInputDialog

        answer, ok = QInputDialog.getText(self.parent, title, label, text=value)
        return answer if ok else None

    def number(
        self, title: str, label: str, value: float, low: float, high: float, decimals: int = 1
    ) -> float | None:
        from PySide6.QtWidgets import QInputDialog

        answer, ok = QInputDialog.getDouble(self.parent, title, label, value, low, high, decimals)
        return answer if ok else None

    def integer(self, title: str, label: str, value: int, low: int, high: int) -> int | None:
        from PySide6.QtWidgets import QInputDialog

        answer, ok = QInputDialog.getInt(self.parent, title, label, value, low, high)
        return answer if ok else None

    def choice(self, title: str, label: str, items: list[str]) -> int | None:
        from PySide6.QtWidgets import QInputDialog

        answer, ok = QInputDialog.getItem(self.parent, title, label, items, 0, False)
        return items.index(answer) if ok and answer in items else None

    def colour(self, value: str) -> str | None:
        from PySide6.QtWidgets import QColorDialog

        picked = QColorDialog.getColor(QColor(value), self.parent, tr("Couleur de la zone"))
        return picked.name() if picked.isValid() else None
