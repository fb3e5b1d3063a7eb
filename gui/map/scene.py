"""The map scene: zones, links, grid, background and tokens, kept in step with the model."""

from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path

from msgspec.structs import replace
from PySide6.QtCore import QLineF, QPointF, QRectF, QTimer, Signal
from PySide6.QtGui import QColor, QPixmap
from PySide6.QtWidgets import QGraphicsPixmapItem, QGraphicsSceneHelpEvent

from gui.boot.i18n import either, pick, tr
from gui.engine.contract.base import Ruleset
from gui.engine.contract.riders import ridden
from gui.engine.edits import visibility
from gui.engine.grid.board import Board
from gui.engine.grid.from_map import board_of
from gui.engine.grid.left_square import WORDS as LEFT_WORDS
from gui.engine.grid.left_square import as_judged
from gui.engine.grid.route import route
from gui.engine.grid.squares import Footprint
from gui.engine.space.destination import cell_at, cell_centre
from gui.engine.space.zones import grid_squares
from gui.engine.state.model import Combatant, Encounter, Grid, Side, Zone
from gui.engine.state.touched import Touched
from gui.engine.turns import current_entry
from gui.map.aim_item import AimItem, aim_between
from gui.map.group_item import GroupItem
from gui.map.layout import TOKEN_DIAMETER, link_segment, token_slots
from gui.map.link_item import GridItem, LinkItem
from gui.map.path_item import PathItem
from gui.map.threat_item import ThreatItem, threatened_cells
from gui.map.token_item import RIDER_LIFT, TokenItem, initials, token_tooltip
from gui.map.token_text import MIN_PX
from gui.map.tools import ToolScene
from gui.map.walls_item import WallsItem, grid_point, scene_point, wall_near
from gui.map.zone_item import ZoneItem

__all__ = ["EncounterScene", "initials"]
MARGIN = 40.0  # around the map when it is fitted in the view or printed
ROOM = 400.0  # around it in the scene: room to draw new zones, the same in both modes
EDITING_OPACITY = 0.45  # the tokens while the map is edited
HIDDEN_OPACITY = 0.4  # what the players do not see, as the GM sees it
PATH_EVERY_MS = 50  # the path of a dragged token is restated at most this often


class EncounterScene(ToolScene):
    """Items are created, updated and removed from the encounter by `sync()` (everything) and
    `refresh()` (what a change touched); mouse gestures become signals (the map's
    interaction layer asks the controller, which tells what changed)."""

    token_pressed = Signal(str)
    token_dropped = Signal(str, object, object)  # combatant, the drop point, other token or None
    zone_edited_to = Signal(str, QRectF)

    def __init__(self, enc: Encounter, ruleset: Ruleset) -> None:
        super().__init__()
        self.enc, self.ruleset = enc, ruleset
        self.selected: str | None = None
        self.zone_items: dict[str, ZoneItem] = {}
        self.link_items: dict[frozenset[str], LinkItem] = {}
        self.token_items: dict[str, TokenItem] = {}
        self.group_items: dict[tuple[str, str], GroupItem] = {}
        self.grid_item = GridItem()
        self.addItem(self.grid_item)
        self.walls_item = WallsItem()
        self.addItem(self.walls_item)
        self.path_item = PathItem()
        self.addItem(self.path_item)
        self.threat_item = ThreatItem()
        self.addItem(self.threat_item)
        self.show_threats = False  # Affichage › Cases menacées
        self.aim_item = AimItem()
        self.addItem(self.aim_item)
        self.aim: tuple[str, str] | None = None  # (actor, target) of the action under way
        self.aim_window: str | None = None  # the reaction window it is taken in
        self._path_to: tuple[int, int] | None = None
        self._board: Board | None = None
        self._dragged: TokenItem | None = None
        self._path_timer = QTimer(self)
        self._path_timer.setSingleShot(True)
        self._path_idle = True  # no path shown yet in this drag: the first shows at once
        self._path_timer.timeout.connect(self._show_path)
        self.background: QGraphicsPixmapItem | None = None
        self._background_key: tuple | None = None
        self._active: set[str] = set()  # the members of the acting unit, as shown
        self._fresh_rect = True  # the next sync sets the scene's rectangle anew
        self._by_zone: dict[str, set[str]] = {}  # the tokens laid out with each zone
        self._zone_of: dict[str, str] = {}  # and the other way round
        self.text_floor = 0.0  # the players' view: tokens' texts at least this high
        self.view_scale = 1.0  # the view's zoom: group labels keep their height on screen
        self.label_px = MIN_PX  # their least height there
        self._carried: tuple[TokenItem, list[TokenItem]] | None = None  # dragged along
        self.sync()

    def set_encounter(self, enc: Encounter, ruleset: Ruleset) -> None:
        self.enc, self.ruleset = enc, ruleset
        self.selected = self.aim = self.aim_window = None
        self._fresh_rect = True
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
        self.sync()

    # Model → items ------------------------------------------------------------------------

    def sync(self) -> None:
        """Bring every item in line with the model; only what changed is touched."""
        self._sync_background()
        self._sync_zones()
        self._sync_links()
        self._sync_tokens()
        laid = self._laid_bounds()  # once for the grid and the scene's rectangle (P9)
        self._sync_grid(laid)
        m = self.enc.map
        self.walls_item.show_walls(m.grid, m.walls, m.squares)
        self._board, self._path_to = None, None  # a path shown is computed again
        if self.mouseGrabberItem() is None:  # no drag under way: no path left on the map
            self._dragged = None
            self.path_item.hide()
        self.restate_threats()
        self.restate_aim()
        content = self._items_bounds(laid).adjusted(-MARGIN, -MARGIN, MARGIN, MARGIN)
        self._take_in(content.adjusted(-ROOM, -ROOM, ROOM, ROOM))  # (content_rect())

    def content_rect(self) -> QRectF:
        """The map and its tokens with a margin: what the view fits and the summary prints."""
        return self._items_bounds().adjusted(-MARGIN, -MARGIN, MARGIN, MARGIN)

    def _items_bounds(self, laid: QRectF | None = None) -> QRectF:
        """What is drawn — zones, tokens, walls and squares, the background — leaving out
        the grid (drawn over all that and more: counted in, it would grow at each change)
        and the overlays; 800 × 600 on an empty map. `laid`: `_laid_bounds()`, when the
        caller has it."""
        bounds = self._laid_bounds() if laid is None else QRectF(laid)
        for item in (self.walls_item, self.background):
            if item is not None and item.isVisible():
                bounds |= item.sceneBoundingRect()
        return bounds if not bounds.isEmpty() else QRectF(0, 0, 800, 600)

    def _laid_bounds(self) -> QRectF:
        """The zones and tokens shown, united in that order (then walls and background:
        `_items_bounds`). A sync needs them twice; a thousand tokens make them dear (P9)."""
        bounds = QRectF()
        for item in (*self.zone_items.values(), *self.token_items.values()):
            if item.isVisible():
                bounds |= item.sceneBoundingRect()
        return bounds

    def _take_in(self, rect: QRectF) -> None:
        """Make the scene take in `rect`. It only grows while an encounter is open, and each
        view keeps the same place of the map in its centre: nothing jumps under the GM's
        pointer when a zone is drawn, a token dropped or edit mode toggled."""
        if not self._fresh_rect:
            if self.sceneRect().contains(rect):
                return
            rect = rect.united(self.sceneRect())
        self._fresh_rect = False
        centres = [(v, v.mapToScene(v.viewport().rect().center())) for v in self.views()]
        self.setSceneRect(rect)
        for view, centre in centres:
            view.centerOn(centre)

    @staticmethod
    def _prune(items: dict, keep: set) -> None:
        for key in [k for k in items if k not in keep]:
            item = items.pop(key)
            if item.scene() is not None:
                item.scene().removeItem(item)

    def _zones(self) -> list[Zone]:
        """The zones drawn (the players' view leaves the hidden ones out)."""
        return self.enc.map.zones

    def _sync_zones(self) -> None:
        zones = self._zones()
        self._prune(self.zone_items, {z.id for z in zones})
        for z in zones:
            item = self.zone_items.get(z.id)
            fresh = item is None
            if item is None:  # made whole before it joins the scene (benchmark P9)
                item = self.zone_items[z.id] = ZoneItem(z.id)
                if self.editing:  # (a new zone is not editable)
                    item.set_editable(True)
            r = z.rect
            item.show_zone(z.name, z.colour, r.x, r.y, r.width, r.height, z.dark)
            opacity = HIDDEN_OPACITY if z.hidden else 1.0
            if item.opacity() != opacity:
                item.setOpacity(opacity)
            if fresh:
                self.addItem(item)

    def _sync_links(self) -> None:
        rects = {z.id: z.rect for z in self._zones()}
        edges = {
            frozenset((e.a, e.b)): e for e in self.enc.map.edges if e.a in rects and e.b in rects
        }
        self._prune(self.link_items, set(edges))
        for key, e in edges.items():
            item = self.link_items.get(key)
            fresh = item is None
            if item is None:  # made whole before it joins the scene (benchmark P9)
                item = self.link_items[key] = LinkItem(e.a, e.b)
            p1, p2 = link_segment(rects[e.a], rects[e.b])
            item.show_link(p1, p2, "" if e.length_m is None else f"{e.length_m:g} m")
            if fresh:
                self.addItem(item)

    def _sync_tokens(self) -> None:
        """Every token, zone by zone: tokens with a grid cell sit on it (a map with a grid),
        the others share their zone's slots."""
        enc = self.enc
        placed = [c for c in enc.combatants if self._place_of(c) is not None]
        self._prune(self.token_items, {c.id for c in placed})
        self._active = self._acting_now()
        self._by_zone, self._zone_of = {}, {}
        in_order: dict[str, list[Combatant]] = {}  # each zone's, in the encounter's order
        for c in placed:
            key = self._place_of(c) or ""
            self._zone_of[c.id] = key
            self._by_zone.setdefault(key, set()).add(c.id)
            in_order.setdefault(key, []).append(c)
        self._prune(self.group_items, {k for k in self.group_items if k[0] in self._by_zone})
        for key in self._by_zone:
            self._lay_out(key, in_order[key])

    def _place_of(self, c: Combatant) -> str | None:
        """The zone a token is laid out with ("" on a cell outside every zone), None when
        the combatant has no token (no zone, no cell on the map's grid)."""
        if c.position.zone is not None:
            return c.position.zone
        return "" if self.enc.map.grid is not None and c.position.cell is not None else None

    def _acting_now(self) -> set[str]:
        acting = current_entry(self.enc.turn)
        return set(acting.members) if acting else set()

    def _lay_out(self, key: str, members: list[Combatant] | None = None) -> None:
        """The tokens of one zone (`key`) in their slots or on their cells, in the
        encounter's order, a group's together first, and the outlines of its groups.
        `members`: the zone's combatants in that order, when the caller has them (a sync
        lays out every zone: benchmark P9)."""
        enc, grid = self.enc, self.enc.map.grid
        if members is None:
            members = sorted(
                (enc.combatant(cid) for cid in self._by_zone.get(key, ())),
                key=lambda c: enc.position("combatants", c.id),
            )
        groups = self.ruleset.token_groups(enc, members)
        on_cells = [c for c in members if grid is not None and c.position.cell is not None]
        in_zone = sorted(
            (c for c in members if c not in on_cells), key=lambda c: _group_order(groups[c.id])
        )
        outlines: dict[tuple[str, str], tuple[str, QColor, list, float]] = {}
        if in_zone:
            size, slots = token_slots(
                enc.map.zones[enc.map.position("zones", key)].rect, len(in_zone)
            )
            for c, (x, y) in zip(in_zone, slots, strict=True):
                self._show_token(c, x, y, size, groups[c.id], outlines)
        if on_cells and grid is not None:
            mounts = {c.id: self._mount(c) for c in on_cells}
            carrying = {m.id for m in mounts.values() if m is not None}
            for c in on_cells:  # a token covers its space (its size's footprint)
                x, y, size, anchor = self._on_cell(c, grid, mounts[c.id])
                self._show_token(c, x, y, size, groups[c.id], outlines, anchor)
                self.token_items[c.id].set_carrying(c.id in carrying)
        outlines = {k: o for k, o in outlines.items() if len(o[2]) > 1}  # a group of one: none
        standing = Counter(  # « ×N » counts those still in the fight (issue 34)
            (c.position.zone or "", g[0])
            for c in members
            if (g := groups[c.id]) is not None and not self.ruleset.is_out(enc, c)
        )
        self._prune(self.group_items, {k for k in self.group_items if k[0] != key} | set(outlines))
        for group_key, (label, colour, cells, size) in outlines.items():
            item = self.group_items.get(group_key)
            if item is None:
                item = self.group_items[group_key] = GroupItem()
                self.addItem(item)
            name = f"{label} ×{standing[group_key]}" if standing[group_key] else label
            item.show_group(name, colour, cells, size, self.view_scale, self.label_px)

    def set_view_scale(self, scale: float) -> None:
        """The view's zoom (screen pixels per scene unit): group labels follow it."""
        self.view_scale = scale
        for item in self.group_items.values():
            item.set_scale(scale, self.label_px)

    def _mount(self, c: Combatant) -> Combatant | None:
        """The mount `c` rides on its square (riders.ridden), if any."""
        if c.position.cell is None or not any(s.source for s in c.states):
            return None  # (quick: most tokens carry no state with a source)
        mount = ridden(self.enc, c, self.ruleset.together(self.enc, c))
        return mount if mount is not None and mount.position == c.position else None

    def _on_cell(
        self, c: Combatant, grid: Grid, mount: Combatant | bool | None = False
    ) -> tuple[float, float, float, QPointF | None]:
        """Where a token on the grid is drawn and its diameter: over its space; a rider on
        its mount's top-left quarter, half the mount's diameter at most, and how far its
        own space's centre is from there (None for a token not on a mount): it is drawn
        over the mount and clicked there (issue 33, D35-24, DOU-67). `mount`: `_mount(c)`
        when the caller has it (False: found here)."""
        side = self.ruleset.space(self.enc, c)
        size = _token_size(grid) * side
        x, y = cell_centre(grid, c.position.cell, side)  # type: ignore[arg-type]
        if mount is False:
            mount = self._mount(c)
        if mount is None:
            return x, y, size, None
        mount_side = self.ruleset.space(self.enc, mount)
        mount_size = _token_size(grid) * mount_side
        mx, my = cell_centre(grid, mount.position.cell, mount_side)  # type: ignore[arg-type]
        rx, ry = mx - mount_size / 4, my - mount_size / 4
        return rx, ry, min(size, mount_size / 2), QPointF(x - rx, y - ry)

    def _show_token(
        self,
        c: Combatant,
        x: float,
        y: float,
        size: float,
        group: tuple | None,
        outlines: dict,
        anchor: QPointF | None = None,
    ) -> None:
        """One token at (x, y), its group's outline growing to take it in; `anchor`: a
        rider drawn on its mount (_on_cell). A new token is made whole before it joins the
        scene: Qt then indexes it once (benchmark P9: a thousand tokens as a big map opens)."""
        side, look, faint = self._look(c)
        item = self.token_items.get(c.id)
        if item is None:
            item = TokenItem(c.id, *look, size, self.text_floor, x, y)
            self.token_items[c.id] = item
            if self.editing:
                item.setEnabled(False)
            if faint != 1.0:
                item.setOpacity(faint)
            if anchor is not None:
                item.set_lift(RIDER_LIFT, anchor)
            self.addItem(item)
        else:
            item.show_state(*look)
            if item.opacity() != faint:
                item.setOpacity(faint)
            item.place(x, y, size)
            item.set_floor(self.text_floor)
            if anchor is not None or item.lift:  # (else lifted by nothing, as it is)
                item.set_lift(RIDER_LIFT if anchor is not None else 0, anchor or QPointF())
        if group is not None:
            outline = (pick(group[1]), QColor(side.colour), [], size)
            outlines.setdefault((c.position.zone or "", group[0]), outline)[2].append((x, y))

    def _restate(self, item: TokenItem, c: Combatant) -> Side:
        """A token's look from the model (its item repaints only if it changed)."""
        side, look, faint = self._look(c)
        item.show_state(*look)
        if item.opacity() != faint:
            item.setOpacity(faint)
        return side

    def _look(self, c: Combatant) -> tuple[Side, tuple, float]:
        """A token's side, its look (TokenItem.show_state's arguments) and its opacity."""
        enc = self.enc
        side = enc.side(c.side)
        look = (
            c.name,
            _colour(side.colour),
            self._badges(c),
            c.id == self.selected,
            c.id in self._active,
            self.ruleset.is_out(enc, c),
        )
        hidden = visibility.unseen(enc, c)
        faint = (EDITING_OPACITY if self.editing else 1.0) * (HIDDEN_OPACITY if hidden else 1.0)
        return side, look, faint

    def _badges(self, c: Combatant) -> list[str]:
        """The lines under a token's name: the ruleset's badges."""
        return [pick(b) for b in self.ruleset.badge_labels(self.enc, c)]

    def tooltip(self, cid: str) -> str:
        """A token's tooltip, read when it shows: the sheet at a glance."""
        enc = self.enc
        c = enc.combatant(cid)
        badges = [pick(b) for b in self.ruleset.badge_labels(enc, c)]
        details = [either(str(t), t.english()) for t in self.ruleset.derived(enc, c)]
        return token_tooltip(c.name, enc.side(c.side).name, badges, details, c.notes)

    # What a change touched ----------------------------------------------------------------

    def refresh(self, notice: Touched) -> None:
        """Bring the items in line with what a change touched: the tokens of the combatants
        touched and of those whose turn begins or ends, the zones they left or entered laid
        out again. A change of the map, of the rows or of a side's look: everything."""
        if (
            notice.everything
            or notice.map
            or notice.roster
            or notice.zones
            or notice.side_fields - {"resources"}
            or notice.regrouped(self.ruleset.grouping_stats)
        ):
            self.sync()
            return
        enc = self.enc
        touched = set(notice.combatants)
        if notice.turn:
            active = self._acting_now()
            touched |= active ^ self._active
            self._active = active
        zones: set[str] = set()
        for cid in touched:
            try:
                c = enc.combatant(cid)
            except KeyError:
                continue
            key, before = self._place_of(c), self._zone_of.get(cid)
            if key != before or "position" in notice.fields:
                for old_or_new in (before, key):
                    if old_or_new is not None:
                        zones.add(old_or_new)
                self._by_zone.get(before or "", set()).discard(cid)
                if key is None:
                    self._zone_of.pop(cid, None)
                    self._prune(self.token_items, set(self.token_items) - {cid})
                else:
                    self._zone_of[cid] = key
                    self._by_zone.setdefault(key, set()).add(cid)
        for key in zones:
            self._lay_out(key)
        laid = {cid for key in zones for cid in self._by_zone.get(key, ())}
        resized = {self._zone_of[cid] for cid in touched - laid if self._resized(cid)}
        for key in resized:  # a size changed: its token covers another space
            self._lay_out(key)
        laid |= {cid for key in resized for cid in self._by_zone.get(key, ())}
        fell: set[str] = set()  # a group's member fell or rose: its « ×N » follows
        for cid in touched - laid:
            item = self.token_items.get(cid)
            if item is not None:
                was = item.out
                self._restate(item, enc.combatant(cid))
                self._grow_to(item)
                if item.out != was and cid in self._zone_of:
                    fell.add(self._zone_of[cid])
        for key in fell:
            self._lay_out(key)
        for key in zones:
            for cid in self._by_zone.get(key, ()):
                self._grow_to(self.token_items[cid])
        if self.show_threats and self.selected in touched:  # it moved, or its reach changed
            self.restate_threats()
        if self.aim is not None and touched:  # a creature moved or fell: cover may change
            self.restate_aim()

    def _resized(self, cid: str) -> bool:
        """Whether a token on a square no longer covers its combatant's space."""
        item, grid = self.token_items.get(cid), self.enc.map.grid
        if item is None or grid is None or cid not in self._zone_of:
            return False
        c = self.enc.combatant(cid)
        if c.position.cell is None:
            return False
        return item.size != self._on_cell(c, grid)[2]

    def _grow_to(self, item: TokenItem) -> None:
        """The scene takes in a token that went beyond it."""
        self._take_in(item.sceneBoundingRect().adjusted(-ROOM, -ROOM, ROOM, ROOM))

    def select(self, cid: str | None) -> None:
        """The selected combatant's token is ringed (the one before loses its ring)."""
        before, self.selected = self.selected, cid
        for one in (before, cid):
            item = self.token_items.get(one or "")
            if item is not None:
                self._restate(item, self.enc.combatant(item.cid))
        self.restate_threats()

    def restate_threats(self) -> None:
        """The selected combatant's threatened squares, when the GM shows them."""
        grid, cid = self.enc.map.grid, self.selected
        cells: frozenset[tuple[int, int]] = frozenset()
        if self.show_threats and grid is not None and cid in self.token_items:
            cells = threatened_cells(self.enc, self.ruleset, self.enc.combatant(cid), self.board())
        self.threat_item.show_cells(grid, cells)

    def set_aim(self, aim: tuple[str, str] | None, window: str | None = None) -> None:
        """An action aims `aim[0]` at `aim[1]` (None: no longer): the lines of effect and
        the cover they give show while both stand on the grid; taken in the reaction window
        `window`, from where that window says its target stood (the square it left)."""
        self.aim, self.aim_window = aim, window
        self.restate_aim()

    def restate_aim(self) -> None:
        grid, shown = self.enc.map.grid, None
        if self.aim is not None and grid is not None:
            # A reaction to a move at the square its target left (an attack of opportunity).
            judged = as_judged(self.enc, self.ruleset, self.aim_window)
            shown = aim_between(judged, self.ruleset, *self.aim, self.board())
            if shown is not None and judged is not self.enc:
                shown = replace(shown, text=f"{shown.text}\n{either(*LEFT_WORDS)}")
        if shown is None or grid is None:
            self.aim_item.hide()
        else:
            self.aim_item.show_aim(grid, shown)

    def snap_back(self) -> None:
        """Tokens dragged but not moved (a refused move) go back to their places."""
        for item in self.token_items.values():
            if item.pos() != item.home:
                item.setPos(item.home)

    def _sync_grid(self, laid: QRectF | None = None) -> None:
        grid = self.enc.map.grid
        if grid is not None:
            area = self._items_bounds(laid)
            origin = QPointF(grid.origin_x, grid.origin_y)
            self.grid_item.show_grid(area.adjusted(-200, -200, 200, 200), grid.cell_px, origin)
        self.grid_item.setVisible(grid is not None and grid.visible)

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

    def helpEvent(self, event: QGraphicsSceneHelpEvent) -> None:  # Qt override
        """A token's tooltip is read from the model when it is about to show."""
        cid = self.token_at(event.scenePos())
        if cid is not None:
            self.token_items[cid].setToolTip(self.tooltip(cid))
        super().helpEvent(event)

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

    def grid_point_at(self, p: QPointF) -> tuple[int, int] | None:
        grid = self.enc.map.grid
        return None if grid is None else grid_point(grid, p)

    def grid_cell_at(self, p: QPointF) -> tuple[int, int] | None:
        grid = self.enc.map.grid
        return None if grid is None else cell_at(grid, p.x(), p.y())

    def scene_point(self, point: tuple[int, int]) -> QPointF:
        return scene_point(self.enc.map.grid or Grid(), point)

    def measure(self, a: QPointF, b: QPointF) -> str:
        """The ruler: squares and metres on a grid (the ruleset's diagonal rule, straight, walls
        not counted), else metres at the map's scale."""
        grid = self.enc.map.grid
        if grid is not None:
            n = grid_squares(
                cell_at(grid, a.x(), a.y()),
                cell_at(grid, b.x(), b.y()),
                self.ruleset.diagonal(self.enc),
            )
            m = n * grid.cell_m
            fr = f"{n} case{'s' * (n > 1)} ({m:g} m)".replace(".", ",")
            return either(fr, f"{n} square{'s' * (n != 1)} ({m:g} m)")
        scale = self.enc.map.metres_per_px
        if scale is None:
            return tr("Échelle inconnue : Édition › Échelle de la carte")
        metres = QLineF(a, b).length() * scale
        return either(f"{metres:.1f} m".replace(".", ","), f"{metres:.1f} m")

    def wall_at(self, p: QPointF) -> int | None:
        grid = self.enc.map.grid
        if grid is None:
            return None
        return wall_near(grid, self.enc.map.walls, p, doors_only=not self.editing)

    def zone_at(self, p: QPointF) -> str | None:
        """The topmost zone under a scene point."""
        for item in self.items(p):
            if isinstance(item, ZoneItem):
                return item.zid
        return None

    def token_at(self, p: QPointF, exclude: str | None = None) -> str | None:
        return self._token_at(p, {exclude} if exclude else set())

    def _token_at(self, p: QPointF, exclude: set[str]) -> str | None:
        """The topmost token under `p` (a rider over its mount), leaving out `exclude`."""
        for item in self.items(p):
            if isinstance(item, TokenItem) and item.cid not in exclude:
                return item.cid
        return None

    def _along(self, cid: str) -> list[TokenItem]:
        """The tokens that move with `cid`'s on its square: a rider and its mount (issue 33)."""
        enc = self.enc
        c = enc.combatant(cid)
        return [
            self.token_items[o]
            for o in sorted(self.ruleset.together(enc, c))
            if o in self.token_items and enc.combatant(o).position == c.position
        ]

    def mover(self, cid: str) -> str:
        """Whose move a drag of `cid`'s token is, and who is selected by a click on it: a
        mount's rider when the rider's unit holds the turn (the mount acts in it, D35-24,
        DOU-67), else `cid`."""
        for item in self._along(cid):
            rider = self.enc.combatant(item.cid)
            if item.cid in self._active and self._mount(rider) is self.enc.combatant(cid):
                return item.cid
        return cid

    def token_clicked(self, token: TokenItem) -> None:
        """A token was pressed: its mover is selected (a mount's rider holding the turn)."""
        self.token_pressed.emit(self.mover(token.cid))

    def token_dragged(self, token: TokenItem) -> None:
        """A token moves under the pointer: on a grid, the cheapest way from its space to
        the space under it (around walls) and its cost, restated when that square changes —
        at most every PATH_EVERY_MS while the pointer runs on (the last square always
        shown), so that a fast drag stays as smooth as without it (P3)."""
        if self._carried is None or self._carried[0] is not token:  # once a drag
            self._carried = (token, self._along(token.cid))
        for item in self._carried[1]:  # a rider and its mount move as one drag
            item.setPos(item.home + token.pos() - token.home)
        grid = self.enc.map.grid
        if grid is None or self.enc.combatant(token.cid).position.cell is None:
            return
        self._dragged = token
        if not self._path_timer.isActive():
            self._path_timer.start(0 if self._path_idle else PATH_EVERY_MS)
            self._path_idle = False

    def _show_path(self) -> None:
        token, grid = self._dragged, self.enc.map.grid
        if token is None or grid is None or token.scene() is not self:
            return
        c = self.enc.combatant(token.cid)
        if c.position.cell is None:
            return
        side = self.ruleset.space(self.enc, c)
        target = cell_at(grid, token.pos().x(), token.pos().y(), side)
        if target == self._path_to:
            return
        self._path_to = target
        space = Footprint(c.position.cell, side)
        path = route(
            self.board(), space, target, self.ruleset.diagonal(self.enc), avoid=self._foes(c)
        )
        points = [QPointF(*cell_centre(grid, cell, side)) for cell in path.cells]
        cost = path.cost.times(self.ruleset.move_factor(self.enc, c))  # squeezing: ×2
        self.path_item.show_path(points, either(cost.fr, cost.en), cost.allowed)

    def _foes(self, c: Combatant) -> frozenset[tuple[int, int]]:
        """The squares a way goes round: those of the creatures in `c`'s way (foes in the
        fight, by default: Ruleset.blocks_way)."""
        out: set[tuple[int, int]] = set()
        for o in self.enc.combatants:
            if o.position.cell is not None and self.ruleset.blocks_way(self.enc, c, o):
                out.update(Footprint(o.position.cell, self.ruleset.space(self.enc, o)).cells())
        return frozenset(out)

    def board(self) -> Board:
        """The map's walls and squares as the geometry reads them (built once per change)."""
        if self._board is None:
            self._board = board_of(self.enc.map)
        return self._board

    def token_released(self, token: TokenItem) -> None:
        """A token was let go: report where, unless it was only clicked."""
        self._path_timer.stop()
        self._path_idle = True
        self._dragged = None
        self.path_item.hide()
        self._path_to = None
        along, self._carried = self._along(token.cid), None
        if (token.pos() - token.home).manhattanLength() < 3:
            for item in (token, *along):
                item.setPos(item.home)
            return
        mover = self.mover(token.cid)  # the rider, dragging its mount in its turn
        item = self.token_items.get(mover, token)
        centre = item.pos() + item.anchor  # the centre of the mover's own space
        exclude = {token.cid, mover} | {a.cid for a in along}
        self.token_dropped.emit(mover, centre, self._token_at(centre, exclude))

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


@cache
def _colour(name: str) -> QColor:
    """A side's colour, parsed once: a thousand tokens share their side's (never changed in
    place; benchmark P9)."""
    return QColor(name)


def _token_size(grid: Grid) -> float:
    """A Medium token's diameter on the grid: within its square."""
    return min(TOKEN_DIAMETER, grid.cell_px * 0.8)
