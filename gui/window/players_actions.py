"""Affichage › Vue des joueurs and what goes with it: open or close the players' window (F9),
show them the GM's part of the map (F10) or the whole of it, the screen it goes full screen on,
whether the dice of the GM's rolls are shown to them."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction, QActionGroup, QGuiApplication
from PySide6.QtWidgets import QMenu

from gui.boot.i18n import tr
from gui.control.controller import Controller
from gui.map.view import MapView
from gui.player.token_size import size_menu

if TYPE_CHECKING:
    from gui.player.window import PlayersWindow
from gui.player.screens import DICE_KEY, chosen_screen


class PlayersActions:
    """The players' window of `controller`'s encounter, and the part of the GM's `view` it
    shows; its entries are made by `add` (Menus.add: text, slot, shortcuts, tip…)."""

    def __init__(self, controller: Controller, view: MapView, add: Callable[..., QAction]) -> None:
        self.controller = controller
        self.view = view
        self.players: PlayersWindow | None = None
        self.toggle = add(
            "players_view",
            tr("Vue des &joueurs"),
            self.set_open,
            ["F9"],
            tip=tr("Une fenêtre pour les joueurs, sur un second écran, sans ce qui est caché"),
            checkable=True,
        )
        self.show_mine = add(
            "players_show",
            tr("M&ontrer aux joueurs"),
            self.show_gm_view,
            ["F10"],
            tip=tr("La vue des joueurs montre la partie de la carte que vous voyez"),
        )
        self.show_all = add(
            "players_all", tr("Leur montrer toute la &carte"), lambda: self._area(None)
        )
        self.gm_dice = add(
            "players_dice", tr("Montrer les &dés des jets du MJ"), self._gm_dice, checkable=True
        )
        self.gm_dice.setChecked(bool(QSettings().value(DICE_KEY, False, type=bool)))
        self._enable()

    def fill(self, menu: QMenu) -> None:
        menu.addAction(self.toggle)
        menu.addAction(self.show_mine)
        menu.addAction(self.show_all)
        menu.addAction(self.gm_dice)
        size_menu(menu, lambda f: self.players.text_size_changed(f) if self.players else None)
        self.screens = menu.addMenu(tr("Écran de la vue des joueurs"))
        self.screens.aboutToShow.connect(self._fill_screens)

    def _fill_screens(self) -> None:
        self.screens.clear()
        group = QActionGroup(self.screens)
        current = chosen_screen()
        for screen in QGuiApplication.screens():
            size = screen.geometry()
            text = f"{screen.name()} ({size.width()} × {size.height()})"
            if screen == QGuiApplication.primaryScreen():
                text += " — " + tr("celui du MJ")
            action = QAction(text, group)
            action.setCheckable(True)
            action.setChecked(screen == current)
            action.triggered.connect(lambda _=False, s=screen: self._to_screen(s))
            self.screens.addAction(action)

    def _to_screen(self, screen) -> None:
        self.set_open(True)
        if self.players is not None:
            self.players.show_on(screen)

    def set_open(self, on: bool) -> None:
        if on and self.players is None:
            from gui.player.window import PlayersWindow  # at its first opening (P1b)

            self.players = PlayersWindow(self.controller)
            self.players.destroyed.connect(self._gone)
            self.players.show_on(chosen_screen())
        elif not on and self.players is not None:
            players, self.players = self.players, None
            players.close()
        self.toggle.setChecked(self.players is not None)
        self._enable()

    def close(self) -> None:
        self.set_open(False)

    def _gone(self) -> None:
        """The players' window was closed (by the GM, or with the application)."""
        self.players = None
        if shiboken6.isValid(self.toggle):  # the main window may be going too
            self.toggle.setChecked(False)
            self._enable()

    def show_gm_view(self) -> None:
        """« Montrer aux joueurs »: the part of the map the GM's view shows."""
        view = self.view
        self._area(view.mapToScene(view.viewport().rect()).boundingRect())

    def _area(self, rect) -> None:
        if self.players is not None:
            self.players.show_area(rect)

    def _gm_dice(self, on: bool) -> None:
        if self.players is not None:
            self.players.set_gm_dice(on)

    def _enable(self) -> None:
        for action in (self.show_mine, self.show_all):
            action.setEnabled(self.players is not None)
