"""Dialogs that list what is missing or wrong under their fields and refuse OK until fixed."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel


def error_label(name: str) -> QLabel:
    """The hidden red label where a dialog lists its problems."""
    label = QLabel()
    label.setObjectName(name)
    label.setWordWrap(True)
    label.setStyleSheet("color: #b00020;")
    label.hide()
    return label


class ChecksBeforeAccept:
    """Mixed into a QDialog that has an `error` label and a `problems()` method."""

    error: QLabel

    def problems(self) -> list[str]:
        raise NotImplementedError

    def _show_problems(self) -> bool:
        problems = self.problems()
        self.error.setText("\n".join(problems))
        self.error.setVisible(bool(problems))
        return bool(problems)

    def _recheck(self) -> None:
        """Once the GM was told what is missing, the list shrinks as values come in."""
        if not self.error.isHidden():
            self._show_problems()

    def accept(self) -> None:  # Qt override
        if not self._show_problems():
            super().accept()  # type: ignore[misc]
