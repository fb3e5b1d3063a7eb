"""A dialog's OK and Cancel buttons, OK named for what it does."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QDialog, QDialogButtonBox

from gui.boot.i18n import tr


def ok_cancel(
    dialog: QDialog, ok_text: str, on_ok: Callable[[], None] | None = None
) -> QDialogButtonBox:
    """OK (`ok_text`, calling `on_ok`, else closing the dialog accepted) and Annuler."""
    box = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
    )
    box.button(QDialogButtonBox.StandardButton.Ok).setText(ok_text)
    box.button(QDialogButtonBox.StandardButton.Cancel).setText(tr("Annuler"))
    box.accepted.connect(on_ok or dialog.accept)
    box.rejected.connect(dialog.reject)
    return box
