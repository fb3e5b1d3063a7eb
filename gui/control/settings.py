"""The GM's preferences the controller follows, kept with QSettings."""

from __future__ import annotations

from PySide6.QtCore import QSettings

SKIP_OUT_KEY = "turns/skip_out"  # pass the turns of units out of the fight (on by default)


def skip_out() -> bool:
    """Whether Suivant passes the turns of units whose every member is out of the fight."""
    return QSettings().value(SKIP_OUT_KEY, True, type=bool)


def set_skip_out(on: bool) -> None:
    QSettings().setValue(SKIP_OUT_KEY, on)
