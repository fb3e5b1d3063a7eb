"""A checkable menu entry for an on/off setting of the encounter (« Caché aux joueurs », « Camp
des joueurs »): checked as it stands, toggling it calls `set_to` with the new value."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu


def toggle_action(menu: QMenu, text: str, on: bool, set_to: Callable[[bool], object]) -> QAction:
    action = menu.addAction(text)
    action.setCheckable(True)
    action.setChecked(on)
    action.toggled.connect(set_to)
    return action
