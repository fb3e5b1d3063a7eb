"""The map scene: zones, links, grid, background and tokens, kept in step with the model."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, Signal
from PySide6.QtGui import QColor, QPixmap
from PySide6.QtWidgets import QGraphicsPixmapItem

from ..engine.model import Combatant, Encounter
from ..engine.moves import cell_centre
from ..engine.rulesets.base import Ruleset
from ..engine.rulesets.schema import Label
from ..engine.turns import current_entry
from ..i18n import pick
from .group_item import GroupItem
from .layout import TOKEN_DIAMETER, link_segment, token_slots
from .link_item import GridItem, LinkItem
from .token_item import TokenItem, initials, token_tooltip
from .tools import ToolScene
from .zone_item import ZoneItem

__all__ = ["EncounterScene", "initials"]
MARGIN = 40.0
EDIT_MARGIN = 400.0


class EncounterScene(ToolScene):
    """Items are created, updated and removed by `sync()` from the encounter; mouse gestures
    become signals (the map's interaction layer asks the controller, then calls `sync()`)."""

    token_pressed = Signal(str)
    token_dropped = Signal(str, object, object)  # combatant, the drop point, other token or None
    zone_edited_to = Signal(str, QRectF)

    def __init__(self, enc: Encounter, ruleset: Ruleset) -> None:
        super().__init__()
        self.enc, self.ruleset = enc, ruleset
        self.selected: str | None = None
        self.editing = False
        self.zone_items: dict[str, ZoneItem] = {}
        self.link_items: dict[frozenset[str], LinkItem] = {}
        self.token_items: dict[str, TokenItem] = {}
        self.group_items: dict[tuple[str, str], GroupItem] = {}
        self.grid_item = GridItem()
        self.addItem(self.grid_item)
        self.background: QGraphicsPixmapItem | None = None
        self._background_key: tuple | None = None
        self._active: set[str] = set()  # the members of the acting unit (one sync's)
        self._groups: dict[str, tuple[str, Label] | None] = {}  # each token's group (idem)
        self.sync()

    def set_encounter(self, enc: Encounter, ruleset: Ruleset) -> None:
        self.enc, self.ruleset = enc, ruleset
        self.selected = None
        self.sync()

    def set_editing(self, on: bool) -> None:
        """Edit mode: zones move and resize, tokens stay put; play mode: the reverse."""
        self.editing = on
        if not on:
            self.set_tool("select")
        for item in self.zone_items.values():
            item.set_editable(on)
        for token in self.token_items.values():
            token.setEnabled(not on)
            token.setOpacity(0.45 if on else 1.0)
        self.sync()

    # Model → items ------------------------------------------------------------------------

    def sync(self) -> None:
        """Bring every item in line with the model; only what changed is touched."""
        self._sync_background()
        self._sync_zones()
        self._sync_links()
        self._sync_tokens()
        self._sync_grid()
        bounds = self.itemsBoundingRect() if self.zone_items else QRectF(0, 0, 800, 600)
        pad = EDIT_MARGIN if self.editing else MARGIN  # room to draw new zones around the map
        self.setSceneRect(bounds.adjusted(-pad, -pad, pad, pad))

    @staticmethod
    def _prune(items: dict, keep: set) -> None:
        for key in [k for k in items if k not in keep]:
            item = items.pop(key)
            if item.scene() is not None:
                item.scene().removeItem(item)

    def _sync_zones(self) -> None:
        zones = self.enc.map.zones
        self._prune(self.zone_items, {z.id for z in zones})
        for z in zones:
            item = self.zone_items.get(z.id)
            if item is None:
                item = self.zone_items[z.id] = ZoneItem(z.id)
                item.set_editable(self.editing)
                self.addItem(item)
            r = z.rect
            item.show_zone(z.name, z.colour, r.x, r.y, r.width, r.height)

    def _sync_links(self) -> None:
        rects = {z.id: z.rect for z in self.enc.map.zones}
        edges = {frozenset((e.a, e.b)): e for e in self.enc.map.edges}
        self._prune(self.link_items, set(edges))
        for key, e in edges.items():
            item = self.link_items.get(key)
            if item is None:
                item = self.link_items[key] = LinkItem(e.a, e.b)
                self.addItem(item)
            p1, p2 = link_segment(rects[e.a], rects[e.b])
            item.show_link(p1, p2, "" if e.length_m is None else f"{e.length_m:g} m")

    def _sync_tokens(self) -> None:
        """Tokens with a grid cell sit on it (a map with a grid); the others share their
        zone's slots."""
        enc = self.enc
        grid = enc.map.grid
        on_cells = [c for c in enc.combatants if grid is not None and c.position.cell is not None]
        cells = {c.id for c in on_cells}
        in_zones = [c for c in enc.combatants if c.position.zone is not None and c.id not in cells]
        self._prune(self.token_items, {c.id for c in (*on_cells, *in_zones)})
        by_zone: dict[str, list[Combatant]] = {}
        for c in in_zones:
            by_zone.setdefault(c.position.zone or "", []).append(c)
        acting = current_entry(enc.turn)
        self._active = set(acting.members) if acting else set()
        self._groups = {c.id: self.ruleset.token_group(enc, c) for c in (*on_cells, *in_zones)}
        outlines: dict[tuple[str, str], tuple[str, QColor, list, float]] = {}
        for zone in enc.map.zones:
            # A group's tokens sit together, first, so that one outline takes them in.
            members = sorted(
                by_zone.get(zone.id, []), key=lambda c: _group_order(self._groups[c.id])
            )
            size, slots = token_slots(zone.rect, len(members))
            for c, (x, y) in zip(members, slots, strict=True):
                self._show_token(c, x, y, size, zone.id, outlines)
        if grid is not None:
            size = min(TOKEN_DIAMETER, grid.cell_px * 0.8)
            for c in on_cells:
                x, y = cell_centre(grid, c.position.cell)  # type: ignore[arg-type]
                self._show_token(c, x, y, size, c.position.zone or "", outlines)
        self._sync_groups(outlines)

    def _show_token(
        self, c: Combatant, x: float, y: float, size: float, zone: str, outlines: dict
    ) -> None:
        """One token at (x, y), its group's outline growing to take it in."""
        enc = self.enc
        item = self.token_items.get(c.id)
        if item is None:
            item = self.token_items[c.id] = TokenItem(c.id)
            item.setEnabled(not self.editing)
            item.setOpacity(0.45 if self.editing else 1.0)
            self.addItem(item)
        side = enc.side(c.side)
        badges = self.ruleset.badges(enc, c)
        details = [str(t) for t in self.ruleset.derived(enc, c)]
        item.show_state(
            c.name,
            QColor(side.colour),
            badges,
            token_tooltip(c.name, side.name, badges, details, c.notes),
            c.id == self.selected,
            c.id in self._active,
        )
        item.place(x, y, size)
        group = self._groups[c.id]
        if group is not None:
            outline = (pick(group[1]), QColor(side.colour), [], size)
            outlines.setdefault((zone, group[0]), outline)[2].append((x, y))

    def _sync_groups(self, outlines: dict) -> None:
        self._prune(self.group_items, set(outlines))
        for key, (label, colour, cells, size) in outlines.items():
            item = self.group_items.get(key)
            if item is None:
                item = self.group_items[key] = GroupItem()
                self.addItem(item)
            item.show_group(f"{label} ×{len(cells)}", colour, cells, size)

    def _sync_grid(self) -> None:
        grid = self.enc.map.grid
        self.grid_item.setVisible(grid is not None and grid.visible)
        if grid is not None:
            area = self.itemsBoundingRect() if self.zone_items else QRectF(0, 0, 800, 600)
            if self.background is not None:
                area = area.united(self.background.sceneBoundingRect())
            origin = QPointF(grid.origin_x, grid.origin_y)
            self.grid_item.show_grid(area.adjusted(-200, -200, 200, 200), grid.cell_px, origin)

    def _sync_background(self) -> None:
        bg = self.enc.map.background
        key = None if bg is None else (bg.path, bg.x, bg.y, bg.scale, bg.opacity)
        if key == self._background_key:
            return
        self._background_key = key
        if self.background is not None:
            self.removeItem(self.background)
            self.background = None
        if bg is None or not _is_file(bg.path):
            return
        self.background = self.addPixmap(QPixmap(bg.path))
        self.background.setPos(bg.x, bg.y)
        self.background.setScale(bg.scale)
        self.background.setOpacity(bg.opacity)
        self.background.setZValue(-10)

    # Items → gestures ---------------------------------------------------------------------

    def snap(self, p: QPointF) -> QPointF:
        """A point on the grid's corners when the grid snaps, else the point itself."""
        grid = self.enc.map.grid
        if grid is None or not grid.snap:
            return p
        c = grid.cell_px
        return QPointF(
            grid.origin_x + round((p.x() - grid.origin_x) / c) * c,
            grid.origin_y + round((p.y() - grid.origin_y) / c) * c,
        )

    def zone_at(self, p: QPointF) -> str | None:
        """The topmost zone under a scene point."""
        for item in self.items(p):
            if isinstance(item, ZoneItem):
                return item.zid
        return None

    def token_at(self, p: QPointF, exclude: str | None = None) -> str | None:
        for item in self.items(p):
            if isinstance(item, TokenItem) and item.cid != exclude:
                return item.cid
        return None

    def token_released(self, token: TokenItem) -> None:
        """A token was let go: report where, unless it was only clicked."""
        if (token.pos() - token.home).manhattanLength() < 3:
            token.setPos(token.home)
            return
        centre = token.pos()
        self.token_dropped.emit(token.cid, centre, self.token_at(centre, exclude=token.cid))

    def zone_edited(self, item: ZoneItem) -> None:
        r = item.scene_rect()
        top_left = self.snap(r.topLeft())
        bottom_right = self.snap(r.bottomRight())
        self.zone_edited_to.emit(item.zid, QRectF(top_left, bottom_right).normalized())


def _group_order(group: tuple | None) -> tuple[bool, str]:
    """Grouped tokens first, each group's together."""
    return (group is None, group[0] if group else "")


def _is_file(path: str) -> bool:
    """Whether a background's path names a file; a name the system refuses (too long, a NUL
    byte) is a missing image, not an error."""
    try:
        return Path(path).is_file()
    except (OSError, ValueError):
        return False
