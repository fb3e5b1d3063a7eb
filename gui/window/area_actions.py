"""Combat › Aire d'effet… (E, issue 37): the map's area tool and its bar, for the selected
combatant (else whoever's turn it is); « Résoudre… » opens the action dialog on the creatures
kept, and an area applied, cancelled or left for another tool is gone from the map (and from
the players' view)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow

from gui.boot.i18n import tr
from gui.control.controller import Controller
from gui.dialogs.action_menus import open_action_dialog
from gui.map.scene import EncounterScene
from gui.map.tools import AREA, SELECT
from gui.map.view import MapView

if TYPE_CHECKING:
    from gui.map.area_bar import AreaBar
    from gui.map.area_item import AreaItem
    from gui.map.area_tool import AreaTool


class AreaActions:
    """The tool, its bar over `view`, and the entries made by `add` (Menus.add)."""

    def __init__(
        self,
        window: QMainWindow,
        controller: Controller,
        scene: EncounterScene,
        view: MapView,
        add: Callable[..., QAction],
    ) -> None:
        self.window, self.controller, self.scene, self.view = window, controller, scene, view
        self._tool: AreaTool | None = None  # made at first use: the start imports none of it
        self.bar: AreaBar | None = None
        self.action = add(
            "area",
            tr("Aire d’e&ffet…"),
            self.start,
            ["E"],
            tr("Tracer une aire d’effet (souffle, boule de feu…) : un jet pour tous"),
        )
        self.cancel_action = add(
            "area_cancel", tr("Annuler l’aire d’effet"), lambda: self.tool.cancel(), ["Esc"]
        )
        self.resolve_action = add(
            "area_resolve", tr("Résoudre l’aire d’effet"), self.resolve, ["Return", "Enter"]
        )
        for action in (self.cancel_action, self.resolve_action):  # only while one is drawn
            action.setEnabled(False)
        scene.tool_changed.connect(self._tool_changed)

    @property
    def tool(self) -> AreaTool:
        """The map's area tool and its bar, made the first time they are needed."""
        if self._tool is None:
            # Imported here, not at the start (benchmark P1b).
            from gui.map.area_bar import AreaBar
            from gui.map.area_tool import AreaTool

            tool = self._tool = AreaTool(self.controller, self.scene)
            self.bar = AreaBar(tool, self.view)
            self.scene.area_hovered.connect(tool.hover)
            self.scene.area_pressed.connect(tool.press)
            self.bar.resolve.connect(self.resolve)
            tool.changed.connect(self._enable)
            tool.ended.connect(self._ended)
        return self._tool

    def drawn(self) -> AreaItem | None:
        """The area shown on the map, if any (the dialogs open off it)."""
        shown = self._tool is not None and self._tool.item.isVisible()
        return self._tool.item if shown else None

    def start(self) -> None:
        """The area tool on, for the selected combatant (else whose turn it is)."""
        if self.scene.editing:
            self.controller.message.emit(tr("Quittez d’abord le mode édition (Ctrl+E)"))
            return
        actor = self.controller.default_actor()
        if self.scene.tool != AREA:
            self.scene.set_tool(AREA)
        self.tool.start(actor)
        self.view.setFocus()

    def resolve(self) -> None:
        """The action dialog on the area as it lies, its creatures as kept."""
        area = self.tool.area
        if area is None or not area.caught:
            self.controller.message.emit(tr("L’aire n’atteint personne"))
            return
        dialog = open_action_dialog(
            self.controller, self.tool.actor, None, None, self.window, area=area
        )
        dialog.applied.connect(lambda _resolution: self.tool.cancel())

    def _enable(self) -> None:
        self.cancel_action.setEnabled(self.tool.active)
        self.resolve_action.setEnabled(self.tool.area is not None and bool(self.tool.area.caught))

    def _tool_changed(self, tool: str) -> None:
        if tool != AREA and self._tool is not None:
            self._tool.cancel()

    def _ended(self) -> None:
        if self.scene.tool == AREA:
            self.scene.set_tool(SELECT)
