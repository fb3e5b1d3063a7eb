"""PNG grabs made by the GUI tests, to be looked at: `$ESCARMOUCHE_SHOTS` (or a temp dir)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget


def shot(widget: QWidget, name: str) -> Path:
    """Grab `widget` to `<shots>/<name>.png` and check the file was written, once the
    events a user's screen would have seen are processed (the layouts brought up to date)."""
    QCoreApplication.processEvents()
    folder = Path(os.environ.get("ESCARMOUCHE_SHOTS") or tempfile.gettempdir()) / "escarmouche"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    assert widget.grab().save(str(path)), path
    return path
