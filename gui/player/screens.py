"""Where the players' view goes and what it remembers (Affichage › Écran de la vue des joueurs,
Montrer les dés des jets du MJ): read by the menus at start, the window itself made at its
first opening (benchmark P1b)."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtGui import QGuiApplication, QScreen

SCREEN_KEY = "players/screen"  # the name of the screen the view goes full screen on
DICE_KEY = "players/gm_dice"  # whether the dice of the GM's rolls are shown


def chosen_screen() -> QScreen | None:
    """The screen remembered for the players' view, else the first that is not the GM's."""
    screens = QGuiApplication.screens()
    key = QSettings().value(SCREEN_KEY, "")
    remembered = next((s for s in screens if screen_key(s) == key), None)
    others = [s for s in screens if s != QGuiApplication.primaryScreen()]
    return remembered or (others[0] if others else None)


def screen_key(screen: QScreen) -> str:
    """A screen as it is remembered: its name and place (two X screens share a name)."""
    g = screen.geometry()
    return f"{screen.name()} {g.width()}x{g.height()}+{g.x()}+{g.y()}"
