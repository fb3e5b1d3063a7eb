"""Turns map gestures into controller calls, asks the GM when needed, and re-syncs the scene."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QPoint, QPointF, QRectF
from PySide6.QtWidgets import QMenu, QWidget

from gui.boot.i18n import either, message, tr
from gui.control.controller import Controller, Refused
from gui.dialogs.action_menus import window_actions
from gui.dialogs.condition_menu import condition_actions
from gui.engine.edits import grid as grid_edits
from gui.engine.edits.map import occupants
from gui.engine.space.destination import destination_at
from gui.engine.state.model import Rect
from gui.library.keep import keep_actions
from gui.map.scene import EncounterScene
from gui.map.sight_menu import link_sight_action, zone_sight_actions
from gui.map.tools import CONNECT, DRAW
from gui.map.wall_menu import wall_actions
from gui.sheets.quick_steps import quick_step_actions
from gui.widgets.prompts import Prompts
from gui.widgets.toggle_action import toggle_action


class MapInteraction(QObject):
    """The map's side of the controller: drops, edits and context menus."""

    def __init__(
        self, controller: Controller, scene: EncounterScene, parent: QWidget, prompts: Prompts
    ) -> None:
        super().__init__(parent)
        self.controller, self.scene, self.parent_widget, self.prompts = (
            controller,
            scene,
            parent,
            prompts,
        )
        # Set by the main window: adds the actor's actions against a token to its menu.
        self.token_menu_hook: Callable[[QMenu, str], None] | None = None
        controller.changed.connect(scene.refresh)
        controller.replaced.connect(self._replaced)
        controller.selection_changed.connect(self._selected)
        scene.token_pressed.connect(controller.select)
        scene.token_dropped.connect(self.drop)
        scene.zone_drawn.connect(self.draw_zone)
        scene.zone_edited_to.connect(self.reshape_zone)
        scene.connect_requested.connect(self.connect_zones)
        scene.wall_drawn.connect(self.draw_wall)
        scene.door_clicked.connect(lambda i: self._try(controller.toggle_door, i))
        scene.square_clicked.connect(self.cycle_square)
        scene.zone_double_clicked.connect(self._double_clicked)
        scene.context_requested.connect(self.context_menu)

    def _replaced(self) -> None:
        self.scene.set_encounter(self.controller.enc, self.controller.ruleset)

    def _selected(self, cid: object) -> None:
        self.scene.select(cid if isinstance(cid, str) else None)

    def _try(self, fn: Callable[..., object], *args: object) -> object:
        """Call the controller; a refusal is told in the status bar and the map snaps back."""
        try:
            return fn(*args)
        except Refused as exc:
            self.controller.message.emit(message(exc))
            if self.scene.editing:
                self.scene.sync()  # a zone drawn or dragged goes back
            else:
                self.scene.snap_back()
            return None

    # The grid's walls and squares (issue 18) -------------------------------------------

    def draw_wall(self, start: object, end: object) -> None:
        """A wall drawn along a grid line, one undo entry (refused without a grid)."""
        if start is None:
            self.controller.message.emit(either(*grid_edits.NO_GRID))
            return
        self._try(self.controller.add_wall, start, end)

    def cycle_square(self, cell: object) -> None:
        """The terrain tool: a click turns a square difficult, then impassable, then clear."""
        if cell is None:
            self.controller.message.emit(either(*grid_edits.NO_GRID))
            return
        squares = {tuple(s.cell): s for s in self.controller.enc.map.squares}
        square = squares.get(cell) if isinstance(cell, tuple) else None
        now, blocks = (square.terrain, square.blocks) if square else (None, None)
        after = {None: "difficult", "difficult": "impassable"}.get(now)
        self._try(self.controller.set_square, cell, after, blocks)  # an obstacle stays

    # Play -------------------------------------------------------------------------------

    def drop(self, cid: str, at: QPointF, other: object) -> None:
        """A token let go at a point of the map (maybe on another token): the engine decides
        where it goes (zone, cell, contact); one undo entry, or the GM's override (G-3)."""
        onto = other if isinstance(other, str) else None
        enc = self.controller.enc
        side = self.controller.ruleset.space(enc, enc.combatant(cid))
        dest = destination_at(enc, at.x(), at.y(), onto, side)
        notices = self._try(self.controller.move, cid, dest, False)
        if notices:
            why = "\n".join(
                f"{n.rule} {either(n.fr, n.en)}"
                for n in notices  # type: ignore[union-attr]
            )
            self.scene.snap_back()  # first: the move has not happened
            self.controller.message.emit(tr("Déplacement refusé : {why}").format(why=why))
            if (
                self.prompts.confirm(
                    tr("Déplacement contraire aux règles"),
                    tr("{why}\n\nDéplacer quand même (décision du MJ) ?").format(why=why),
                    tr("Forcer le déplacement"),
                )
                and self._try(self.controller.move, cid, dest, True) is not None
            ):
                self.controller.message.emit(tr("Déplacement imposé par le MJ (G-3)"))

    # Edit -------------------------------------------------------------------------------

    def draw_zone(self, rect: QRectF) -> None:
        zid = self._try(
            self.controller.add_zone,
            Rect(x=rect.x(), y=rect.y(), width=rect.width(), height=rect.height()),
        )
        if isinstance(zid, str):
            self.scene.zone_items[zid].setSelected(True)

    def reshape_zone(self, zid: str, rect: QRectF) -> None:
        if rect.width() <= 0 or rect.height() <= 0:
            self.scene.sync()
            return
        new = Rect(x=rect.x(), y=rect.y(), width=rect.width(), height=rect.height())
        self._try(self.controller.set_zone_rect, zid, new)
        self.scene.sync()  # a refused or unchanged edit puts the zone back

    def connect_zones(self, a: str, b: str) -> None:
        self._try(self.controller.connect_zones, a, b)

    def _double_clicked(self, zid: str) -> None:
        if self.scene.editing:
            self.rename_zone(zid)

    def rename_zone(self, zid: str) -> None:
        zone = self.controller.enc.map.zone(zid)
        name = self.prompts.text(tr("Renommer la zone"), tr("Nom de la zone :"), zone.name)
        if name is not None:
            self._try(self.controller.rename_zone, zid, name)

    def recolour_zone(self, zid: str) -> None:
        zone = self.controller.enc.map.zone(zid)
        colour = self.prompts.colour(zone.colour)
        if colour is not None:
            self._try(self.controller.recolour_zone, zid, colour)

    def delete_zone(self, zid: str) -> None:
        """Delete a zone; its tokens go to another zone the GM picks (or off the map)."""
        enc = self.controller.enc
        zone = next(z for z in enc.map.zones if z.id == zid)
        people = occupants(enc, zid)
        target: str | None = None
        if people:
            others = [z for z in enc.map.zones if z.id != zid]
            names = [z.name for z in others] + [tr("Hors de la carte")]
            text = tr("« {zone} » contient : {who}.\nOù vont ces combattants ?").format(
                zone=zone.name, who=", ".join(people)
            )
            picked = self.prompts.choice(tr("Supprimer la zone"), text, names)
            if picked is None:
                return
            target = others[picked].id if picked < len(others) else None
        elif not self.prompts.confirm(
            tr("Supprimer la zone"), tr("Supprimer « {zone} » ?").format(zone=zone.name)
        ):
            return
        self._try(self.controller.delete_zone, zid, target)

    def set_link_length(self, a: str, b: str) -> None:
        edge = next(e for e in self.controller.enc.map.edges if {e.a, e.b} == {a, b})
        value = self.prompts.number(
            tr("Longueur de la liaison"),
            tr("Longueur en mètres (0 = inconnue) :"),
            edge.length_m or 0.0,
            0.0,
            100_000.0,
        )
        if value is not None:
            self._try(self.controller.set_edge_length, a, b, value or None)

    # Context menus --------------------------------------------------------------------------

    def context_menu(self, kind: str, key: object, at: QPointF, screen: QPoint) -> None:
        menu = QMenu(self.parent_widget)
        self.fill_menu(menu, kind, key, at)
        if not menu.isEmpty():
            menu.exec(screen)

    def fill_menu(self, menu: QMenu, kind: str, key: object, at: QPointF) -> None:
        """The context menu of a token, zone, link or empty spot (split out for tests)."""
        enc = self.controller.enc
        if kind == "token" and isinstance(key, str):
            c = enc.combatant(key)
            if self.token_menu_hook is not None:
                self.token_menu_hook(menu, key)
            menu.addAction(tr("Sélectionner"), lambda: self.controller.select(key))
            window_actions(menu, self.controller, key, self.parent_widget)
            menu.addSeparator()
            quick_step_actions(menu, self.controller, key)
            menu.addSeparator()
            condition_actions(menu, self.controller, key, self.parent_widget)
            self._hide_action(menu, c.hidden, lambda on: self.controller.hide_combatant(key, on))
            keep_actions(menu, self.controller, key, self.prompts)
            for other in c.contacts:
                name = enc.combatant(other).name
                menu.addAction(
                    tr("Rompre le contact avec {name}").format(name=name),
                    lambda o=other: self._try(self.controller.set_contact, key, o, False),
                )
        elif kind == "zone" and isinstance(key, str):
            if self.scene.editing:
                self._zone_menu(menu, key)
            hidden = enc.map.zone(key).hidden
            self._hide_action(menu, hidden, lambda on: self.controller.hide_zone(key, on))
            zone_sight_actions(menu, self.controller, key, self.scene.editing, self._try)
        elif kind == "wall" and isinstance(key, int):
            wall_actions(menu, self.controller, self.scene, key, at, self._try)
        elif kind == "link" and isinstance(key, tuple) and self.scene.editing:
            a, b = key
            menu.addAction(tr("Longueur en mètres…"), lambda: self.set_link_length(a, b))
            link_sight_action(menu, self.controller, a, b, self._try)
            menu.addAction(
                tr("Supprimer la liaison"),
                lambda: self._try(self.controller.disconnect_zones, a, b),
            )
        elif self.scene.editing:
            menu.addAction(tr("Dessiner une zone"), lambda: self.scene.set_tool(DRAW))
            menu.addAction(tr("Relier deux zones"), lambda: self.scene.set_tool(CONNECT))

    def _hide_action(self, menu: QMenu, hidden: bool, hide: Callable[[bool], None]) -> None:
        """« Caché aux joueurs »: checked while hidden; toggling it is one undo entry."""
        menu.addSeparator()
        toggle_action(menu, tr("Caché aux joueurs"), hidden, lambda on: self._try(hide, on))

    def _zone_menu(self, menu: QMenu, zid: str) -> None:
        enc = self.controller.enc
        menu.addAction(tr("Renommer…"), lambda: self.rename_zone(zid))
        menu.addAction(tr("Couleur…"), lambda: self.recolour_zone(zid))
        linked = {e.b if e.a == zid else e.a for e in enc.map.edges if zid in (e.a, e.b)}
        link_to = menu.addMenu(tr("Relier à"))
        unlink = menu.addMenu(tr("Délier de"))
        for z in enc.map.zones:
            if z.id == zid:
                continue
            if z.id in linked:
                unlink.addAction(
                    z.name, lambda o=z.id: self._try(self.controller.disconnect_zones, zid, o)
                )
            else:
                link_to.addAction(
                    z.name, lambda o=z.id: self._try(self.controller.connect_zones, zid, o)
                )
        link_to.setEnabled(not link_to.isEmpty())
        unlink.setEnabled(not unlink.isEmpty())
        menu.addSeparator()
        menu.addAction(tr("Supprimer la zone…"), lambda: self.delete_zone(zid))
