"""Affichage › Taille des pions (vue des joueurs): how big the tokens' names and conditions are
drawn on the players' view, read from across the room (issue 33). The medium size draws them
TEXT_PX pixels high on a 1080-pixel-high screen (more on a taller one); the choice is
remembered (QSettings)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu

from gui.boot.i18n import tr

SIZE_KEY = "players/token_size"
TEXT_PX = 24.0  # the names and conditions at the medium size, on a 1080-pixel-high screen
FACTORS = (0.75, 1.0, 1.5, 2.0)
DEFAULT = 1.0


def names() -> tuple[str, ...]:
    return (tr("Petits"), tr("Moyens"), tr("Grands"), tr("Très grands"))


def factor() -> float:
    """The size chosen (one of FACTORS; the medium one by default or when unknown)."""
    value = QSettings().value(SIZE_KEY, DEFAULT)
    try:
        chosen = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return DEFAULT
    return chosen if chosen in FACTORS else DEFAULT


def text_px(screen_height: float) -> float:
    """How high the tokens' texts are drawn on the players' screen, in pixels."""
    return TEXT_PX * factor() * max(1.0, screen_height / 1080)


def size_menu(menu: QMenu, chosen: Callable[[float], None]) -> QMenu:
    """« Taille des pions (vue des joueurs) » under `menu`: one checked choice; `chosen` is
    called with the new factor once it is remembered."""
    sub = menu.addMenu(tr("Taille des pions (vue des joueurs)"))
    group = QActionGroup(sub)
    for value, name in zip(FACTORS, names(), strict=True):
        action = QAction(name, group)
        action.setCheckable(True)
        action.setChecked(value == factor())
        action.triggered.connect(lambda _=False, v=value: _choose(v, chosen))
        sub.addAction(action)
    return sub


def _choose(value: float, chosen: Callable[[float], None]) -> None:
    QSettings().setValue(SIZE_KEY, value)
    chosen(value)
