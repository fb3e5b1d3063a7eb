"""Toolbar icons: the app's own SVGs for map tools, the platform style's for the rest."""

from __future__ import annotations

from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QStyle

from gui.engine.core.assets import ICONS_DIR

_SVG = {
    "edit_map": "edit-map",
    "tool_select": "tool-select",
    "tool_draw": "tool-zone",
    "tool_connect": "tool-connect",
    "action": "action",
}
_STANDARD = {
    "new": QStyle.StandardPixmap.SP_FileIcon,
    "open": QStyle.StandardPixmap.SP_DialogOpenButton,
    "save": QStyle.StandardPixmap.SP_DialogSaveButton,
    "undo": QStyle.StandardPixmap.SP_ArrowBack,
    "redo": QStyle.StandardPixmap.SP_ArrowForward,
    "fit": QStyle.StandardPixmap.SP_TitleBarMaxButton,
    "preview": QStyle.StandardPixmap.SP_FileDialogContentsView,
    "history": QStyle.StandardPixmap.SP_FileDialogListView,
    "about": QStyle.StandardPixmap.SP_MessageBoxInformation,
}


def icon_for(key: str, style: QStyle) -> QIcon | None:
    """The icon of a menu action by its key, or None when it has none."""
    if key in _SVG:
        return QIcon(str(ICONS_DIR / f"{_SVG[key]}.svg"))
    if key in _STANDARD:
        return style.standardIcon(_STANDARD[key])
    return None
