"""The « Aire d'effet » tool (issue 37): the area follows the pointer, snapped as the rules say
(a burst's origin on the nearest intersection, a cone or a line from the corner of the
actor's space nearest the pointer, a zone under it); a click sets it down; then a click on a
token adds or removes that creature; « Résoudre » opens the action dialog on the creatures
kept (one roll for all, each its save)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from msgspec.structs import replace
from PySide6.QtCore import QObject, QPointF, Signal
from PySide6.QtGui import QPainterPath

from gui.boot.i18n import message, tr
from gui.control.controller import Controller
from gui.engine.contract.areas import AreaReader, on_grid
from gui.engine.contract.values import AreaOf
from gui.engine.core.problems import BilingualError
from gui.engine.grid.areas import Shape, corner_toward, nearest_corner
from gui.engine.space.areas import ZoneShape
from gui.engine.state.model import Encounter
from gui.map.area_item import AreaItem, Mark
from gui.map.token_item import TokenItem
from gui.map.walls_item import scene_point

# The shapes offered, in the order the bar lists them: on a grid, then on zones.
GRID_CHOICES = (
    (Shape.BURST, "Explosion", "Burst"),
    (Shape.SPREAD, "Étendue", "Spread"),
    (Shape.EMANATION, "Émanation", "Emanation"),
    (Shape.CONE, "Cône", "Cone"),
    (Shape.LINE, "Ligne", "Line"),
    (Shape.CYLINDER, "Cylindre", "Cylinder"),
)
ZONE_CHOICES = (
    (ZoneShape.ZONE, "Une zone", "One zone"),
    (ZoneShape.LINKED, "Une zone et les zones reliées", "A zone and the zones linked to it"),
    (ZoneShape.WITHIN, "Les zones à N mètres", "The zones within N metres"),
)
FROM_ACTOR = frozenset({Shape.CONE, Shape.LINE})  # they start at a corner of its space
DEFAULT_METRES = 6.0


class AreaTool(QObject):
    """What the GM is drawing: its shape and size, the actor, where it lies, whom it catches
    and whom the GM added or removed. `changed` fires whenever any of that may differ."""

    changed = Signal()
    ended = Signal()

    def __init__(self, controller: Controller, scene: object) -> None:
        super().__init__()
        self.controller = controller
        self.scene = scene
        self.item = AreaItem()
        scene.addItem(self.item)  # type: ignore[attr-defined]
        self.active = False
        self.fixed = False  # set down by a click: the pointer no longer moves it
        self.actor: str | None = None
        self.shape = Shape.BURST.value
        self.metres = DEFAULT_METRES
        self.area: AreaOf | None = None  # as drawn, `caught` the creatures kept
        self.found: tuple[str, ...] = ()  # whom the shape catches by the rules
        self.removed: set[str] = set()
        self.added: set[str] = set()
        self.problem = ""  # why the area cannot lie where the pointer is, in words
        self._last: QPointF | None = None
        self._placed: AreaOf | None = None  # the shape where it lies, before the GM's picks
        self._squares: frozenset[tuple[int, int]] = frozenset()
        self._reader: AreaReader | None = None
        controller.changed.connect(self._model_changed)
        controller.replaced.connect(self.cancel)

    # Starting and ending ------------------------------------------------------------------

    def on_grid(self) -> bool:
        return self.controller.enc.map.grid is not None

    def choices(self) -> tuple[tuple[str, str, str], ...]:
        return GRID_CHOICES if self.on_grid() else ZONE_CHOICES

    def start(self, actor: str | None) -> None:
        """Draw an area for `actor`: its own area attack's shape and size when it has one
        (Ruleset.area_attack: a breath), else a 6 m burst on a grid or its zone."""
        self.active, self.fixed, self.actor = True, False, actor
        self.removed, self.added, self.area, self.found = set(), set(), None, ()
        kinds = [k.value for k, _fr, _en in self.choices()]
        own = None
        if actor is not None:
            c = self.controller.enc.combatant(actor)
            own = self.controller.ruleset.area_attack(self.controller.enc, c)
        if own is not None and own.shape in kinds:
            self.shape, self.metres = own.shape, own.metres or DEFAULT_METRES
        elif self.shape not in kinds:
            self.shape = kinds[0]  # a burst on a grid, one zone on zones
        self._reader = None
        self.item.clear()
        self.changed.emit()

    def cancel(self) -> None:
        if not self.active:
            return
        self.active, self.fixed, self.area, self.found = False, False, None, ()
        self.item.clear()
        self.controller.area_shown.emit(None)
        self.changed.emit()
        self.ended.emit()

    def set_shape(self, shape: str) -> None:
        self.shape = shape
        self._again()

    def set_metres(self, metres: float) -> None:
        self.metres = metres
        self._again()

    # The pointer --------------------------------------------------------------------------

    def hover(self, at: QPointF) -> None:
        """The area follows the pointer until it is set down."""
        if self.active and not self.fixed:
            self._place(at)

    def press(self, at: QPointF, token: str | None) -> None:
        """A click: on a token once the area lies, that creature in or out; elsewhere the
        area set down there."""
        if not self.active:
            return
        if self.fixed and token is not None:
            self.toggle(token)
            return
        self._place(at)
        self.fixed = self.area is not None
        self._show()

    def toggle(self, cid: str) -> None:
        """The GM adds a creature the rules leave out, or removes one they catch."""
        caught = self.area.caught if self.area else ()
        if cid in caught:
            (self.removed.add if cid in self.found else self.added.discard)(cid)
        else:
            (self.added.add if cid not in self.found else self.removed.discard)(cid)
        self._keep()
        self._show()

    def _again(self) -> None:
        if self.active and self._last is not None:
            self._place(self._last, again=True)
        self.changed.emit()

    def _place(self, at: QPointF, again: bool = False) -> None:
        """The area where the pointer is; nothing is done while it snaps to the same place
        (most mouse moves: benchmark P13), unless `again` (its size, shape or the map
        changed)."""
        self._last = at
        try:
            area = self._area_at(at)
            if not again and area == self._placed and self.area is not None:
                return
            self._placed = area
            if area is not None and on_grid(area):
                self._squares = self.reader().squares(area)
                self.found = self.reader().caught_in(self._squares)
            else:
                self.found = self.reader().caught(area) if area is not None else ()
        except BilingualError as exc:
            self.area, self.found, self.problem, self._placed = None, (), message(exc), None
            self.item.clear()
            self.changed.emit()
            return
        self.problem = "" if area is not None else tr("Placez l’aire sur une zone")
        self.area = area
        self._keep()
        self._show()

    def _keep(self) -> None:
        if self.area is None:
            return
        kept = self.found  # in the encounter's order already, unless the GM picked
        if self.removed or self.added:
            picked = [c for c in self.found if c not in self.removed] + sorted(self.added)
            kept = self.reader().ordered(picked)
        self.area = replace(self.area, caught=kept)

    def _area_at(self, at: QPointF) -> AreaOf | None:
        enc = self.controller.enc
        grid = enc.map.grid
        if grid is None:
            zone = self.scene.zone_at(at)  # type: ignore[attr-defined]
            if zone is None:
                return None
            return AreaOf(str(self.shape), reach=self.metres, zone=zone)
        x, y = (at.x() - grid.origin_x) / grid.cell_px, (at.y() - grid.origin_y) / grid.cell_px
        reach = max(1, round(self.metres / grid.cell_m))
        aim = nearest_corner(x, y)
        space = self.reader().space(self.actor) if self.actor is not None else None
        if self.shape in FROM_ACTOR:
            if space is None:
                raise BilingualError(
                    "Un cône ou une ligne part de l’acteur : placez-le sur la grille",
                    "A cone or a line starts from the actor: put it on the grid",
                )
            origin = corner_toward(space, x, y)
            if aim == origin:
                return self._placed  # the pointer on the corner: no direction yet
            return AreaOf(self.shape, reach=reach, origin=origin, toward=aim)
        return AreaOf(self.shape, reach=reach, origin=aim)

    def reader(self) -> AreaReader:
        if self._reader is None:
            self._reader = AreaReader(self.controller.enc, self.controller.ruleset)
        return self._reader

    def _model_changed(self, _notice: object = None) -> None:
        self._reader = None
        if self.active and self._last is not None:
            self._place(self._last, again=True)

    # Drawing ------------------------------------------------------------------------------

    def _show(self) -> None:
        if self.area is None:
            self.item.clear()
        else:
            tokens = self.scene.token_items  # type: ignore[attr-defined]
            draw_area(
                self.item,
                self.controller.enc,
                self.reader(),
                self.area,
                tokens,
                self.fixed,
                self._squares if on_grid(self.area) else None,
            )
            self.controller.area_shown.emit(self.area)
        self.changed.emit()


def draw_area(
    item: AreaItem,
    enc: Encounter,
    reader: AreaReader,
    area: AreaOf,
    tokens: Mapping[str, TokenItem],
    covers: bool,
    squares: frozenset[tuple[int, int]] | None = None,
) -> None:
    """Draw `area` on `item`: the squares (`squares` when already known) or zones it covers
    as `reader` reads `enc`, its origin, and a ring round each creature caught that has a
    token; with `covers`, the line from the origin to each in the colour of its cover."""
    region = QPainterPath()
    origin = None
    grid = enc.map.grid
    if on_grid(area) and grid is not None:
        ox, oy = area.origin  # type: ignore[misc]
        cells = reader.squares(area) if squares is None else squares
        near = frozenset((x - ox, y - oy) for x, y in cells)
        origin = scene_point(grid, area.origin)  # type: ignore[arg-type]
        region = _outline(near, grid.cell_px).translated(origin)
    else:
        rects = {z.id: z.rect for z in enc.map.zones}
        for zid in reader.zones(area):
            r = rects[zid]
            region.addRect(r.x, r.y, r.width, r.height)
        region = region.simplified()
    marks = []
    for cid in area.caught:
        token = tokens.get(cid)
        if token is not None:
            cover = reader.cover(area, cid) if covers else None
            marks.append(Mark(token.pos(), token.size / 2, cover.value if cover else ""))
    item.show_area(region, origin, tuple(marks))


@lru_cache(maxsize=64)
def _outline(squares: frozenset[tuple[int, int]], cell_px: float) -> QPainterPath:
    """The outline of squares given from the area's origin, drawn once for each set of them:
    an area that meets no wall is the same set wherever it is laid (benchmark P13)."""
    region = QPainterPath()
    for x, y, width in _runs(squares):
        region.addRect(x * cell_px, y * cell_px, width * cell_px, cell_px)
    return region.simplified()


def _runs(squares: frozenset[tuple[int, int]]) -> list[tuple[int, int, int]]:
    """The squares as runs along their rows (x, y, width): a few rectangles to draw and to
    merge into one outline instead of one per square."""
    runs: list[tuple[int, int, int]] = []
    for y, x in sorted([(y, x) for x, y in squares]):
        if runs and runs[-1][1] == y and runs[-1][0] + runs[-1][2] == x:
            runs[-1] = (runs[-1][0], y, runs[-1][2] + 1)
        else:
            runs.append((x, y, 1))
    return runs
