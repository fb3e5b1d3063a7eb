"""The menu of a wall or a door (issues 18 and 38): while the map is edited, make a door of the
stretch under the pointer, make a door a wall again, remove the wall; in play, open or close
the door."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QMenu

from gui.boot.i18n import tr
from gui.control.controller import Controller
from gui.engine.edits.doors import edge_under
from gui.map.scene import EncounterScene


def wall_actions(
    menu: QMenu,
    controller: Controller,
    scene: EncounterScene,
    index: int,
    at: QPointF,
    attempt: Callable[..., object],
) -> None:
    """Fill `menu` for the wall `index`, right-clicked at the scene point `at`; `attempt`
    calls the controller and tells a refusal."""
    wall, grid = controller.enc.map.walls[index], controller.enc.map.grid
    if wall.door is not None:
        text = tr("Fermer la porte") if wall.door == "open" else tr("Ouvrir la porte")
        menu.addAction(text, lambda: attempt(controller.toggle_door, index))
    if not scene.editing or grid is None:
        return
    if wall.door is None:
        gx = (at.x() - grid.origin_x) / grid.cell_px
        gy = (at.y() - grid.origin_y) / grid.cell_px
        start = edge_under(wall, gx, gy)
        menu.addAction(
            tr("Faire une porte ici"), lambda: attempt(controller.make_door, index, start)
        )
    else:
        menu.addAction(
            tr("Changer la porte en mur"), lambda: attempt(controller.unmake_door, index)
        )
    menu.addAction(tr("Retirer le mur"), lambda: attempt(controller.remove_wall, index))
