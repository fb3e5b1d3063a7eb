"""The light and fog entries of a zone's and a link's menus (issue 38): a zone plunged in the
dark (edit mode), shown to the players or fogged again (under the fog of war); a link that
blocks sight (« bloque la vue », edit mode). Each one undo entry."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QMenu

from gui.boot.i18n import tr
from gui.control.controller import Controller
from gui.widgets.toggle_action import toggle_action


def zone_sight_actions(
    menu: QMenu, controller: Controller, zid: str, editing: bool, attempt: Callable[..., object]
) -> None:
    zone = controller.enc.map.zone(zid)
    if editing:
        toggle_action(
            menu,
            tr("Dans le noir"),
            zone.dark,
            lambda on: attempt(controller.set_zone_dark, zid, on),
        )
    if controller.enc.map.fog:
        if zone.explored:
            menu.addAction(tr("Brouiller à nouveau"), lambda: attempt(controller.refog, [], [zid]))
        else:
            menu.addAction(tr("Révéler aux joueurs"), lambda: attempt(controller.reveal, [], [zid]))


def link_sight_action(
    menu: QMenu, controller: Controller, a: str, b: str, attempt: Callable[..., object]
) -> None:
    edge = next(e for e in controller.enc.map.edges if {e.a, e.b} == {a, b})
    toggle_action(
        menu,
        tr("Bloque la vue"),
        edge.blocks_sight,
        lambda on: attempt(controller.set_link_blocks_sight, a, b, on),
    )
