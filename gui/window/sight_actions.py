"""Combat › Ouvrir ou fermer la porte (O, issue 38): the door beside the selected combatant
opened or closed from the keyboard, as a click on it does."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QAction

from gui.boot.i18n import message, tr
from gui.control.controller import Controller, Refused
from gui.engine.edits.doors import door_near_space
from gui.engine.grid.squares import Footprint


class SightActions:
    """The entries made by `add` (Menus.add) for doors."""

    def __init__(self, controller: Controller, add: Callable[..., QAction]) -> None:
        self.controller = controller
        self.door = add(
            "door",
            tr("Ouvrir ou fe&rmer la porte"),
            self.toggle_door,
            ["O"],
            tr("La porte à côté du combattant sélectionné"),
        )

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
        try:
            ctl.toggle_door(door)
        except Refused as exc:
            ctl.message.emit(message(exc))
