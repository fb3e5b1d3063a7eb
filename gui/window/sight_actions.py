"""Doors, light and the fog of war from the menus (issue 38): Combat › Ouvrir ou fermer la
porte (O: the door beside the selected combatant); Affichage › Brouillard de guerre (the players'
view shows only what their side sees) and Voir comme les joueurs (the same fog as a light tint
on the GM's map); the brushes of the Édition menu — Obscurité, Révéler aux joueurs, Brouiller —
each stroke one undo entry."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction

from gui.boot.i18n import either, message, tr
from gui.control.controller import Controller, Refused
from gui.engine.edits.doors import door_near_space
from gui.engine.edits.grid import NO_GRID
from gui.engine.grid.squares import Footprint
from gui.engine.state.touched import Touched
from gui.map.scene import EncounterScene
from gui.map.tools import DARK, REVEAL

if TYPE_CHECKING:
    from gui.map.fog_item import FogItem


class SightActions:
    """The entries made by `add` (Menus.add), and the GM's tint on `scene`."""

    def __init__(
        self, controller: Controller, scene: EncounterScene, add: Callable[..., QAction]
    ) -> None:
        self.controller, self.scene = controller, scene
        self.tint: FogItem | None = None  # « Voir comme les joueurs », made when first asked
        self.door = add(
            "door",
            tr("Ouvrir ou fe&rmer la porte"),
            self.toggle_door,
            ["O"],
            tr("La porte à côté du combattant sélectionné"),
        )
        self.fog = add(
            "fog",
            tr("&Brouillard de guerre"),
            self._set_fog,
            tip=tr("La vue des joueurs ne montre que ce que voient leurs personnages"),
            checkable=True,
        )
        self.see_as_players = add(
            "see_as_players",
            tr("Voir comme les joueur&s"),
            self._show_tint,
            ["Shift+F9"],
            tr("Le brouillard des joueurs en teinte légère sur votre carte"),
            checkable=True,
        )
        controller.changed.connect(self._changed)
        controller.replaced.connect(self._follow)
        scene.cells_brushed.connect(self.brushed)
        self._follow()

    def _follow(self) -> None:
        """The check marks as the open encounter has them."""
        self.fog.blockSignals(True)
        self.fog.setChecked(self.controller.enc.map.fog)
        self.fog.blockSignals(False)
        self._tint(self.see_as_players.isChecked())

    def _changed(self, notice: Touched) -> None:
        if notice.map or notice.seen or notice.everything or notice.fields & {"position"}:
            self._follow()

    def _set_fog(self, on: bool) -> None:
        self._try(self.controller.set_fog, on)
        self._follow()

    def _show_tint(self, on: bool) -> None:
        """« Voir comme les joueurs » toggled: the tint, and a word when there is no fog."""
        self._tint(on)
        if on and not self.controller.enc.map.fog:
            self.controller.message.emit(
                tr("Le brouillard de guerre est éteint : les joueurs voient toute la carte")
            )

    def _tint(self, on: bool) -> None:
        if on and self.tint is None:
            from gui.map.fog_item import TINT, FogItem  # at the first tint, not at start (P1b)

            self.tint = FogItem(TINT)
            self.scene.addItem(self.tint)
        if self.tint is not None:
            ctl = self.controller
            self.tint.show_sight(ctl.enc, ctl.players_sight() if on else None)

    def brushed(self, tool: str, cells: object) -> None:
        """A brush stroke over squares: dark (or lit again, as the first square was dark),
        revealed to the players, or fogged again."""
        if not isinstance(cells, list):
            self.controller.message.emit(either(*NO_GRID))
            return
        if not cells:
            return
        ctl = self.controller
        if tool == DARK:
            dark = {tuple(s.cell) for s in ctl.enc.map.squares if s.dark}
            self._try(ctl.set_dark, cells, cells[0] not in dark)
        elif tool == REVEAL:
            self._try(ctl.reveal, cells, [])
        else:
            self._try(ctl.refog, cells, [])

    def toggle_door(self) -> None:
        ctl = self.controller
        cid = ctl.selected
        c = ctl.enc.combatant(cid) if cid is not None else None
        if c is None or c.position.cell is None:
            ctl.message.emit(tr("Sélectionnez un combattant sur la grille, à côté d’une porte"))
            return
        cells = Footprint(tuple(c.position.cell), ctl.ruleset.space(ctl.enc, c)).cells()
        door = door_near_space(ctl.enc, list(cells))
        if door is None:
            ctl.message.emit(tr("Aucune porte à côté de {name}").format(name=c.name))
            return
        self._try(ctl.toggle_door, door)

    def _try(self, fn: Callable[..., object], *args: object) -> None:
        try:
            fn(*args)
        except Refused as exc:
            self.controller.message.emit(message(exc))
