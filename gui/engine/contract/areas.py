"""Areas of effect through the rules contract (issue 37): where an area drawn by the GM falls
(the squares or zones it covers), whom it catches, what stands between each creature and its
origin, and what makes an area unfit to resolve. How one is resolved: area_effects.py."""

from __future__ import annotations

from collections.abc import Iterable

from gui.engine.contract.base import Ruleset
from gui.engine.contract.values import ActionError, AreaOf
from gui.engine.grid.areas import Shape, Template, caught, covered, index_spaces, origin_cover
from gui.engine.grid.board import Board
from gui.engine.grid.from_map import board_of
from gui.engine.grid.lines import Cover
from gui.engine.grid.placed import space_of
from gui.engine.grid.squares import Footprint
from gui.engine.space.areas import AreaError, ZoneShape, zones_in_area
from gui.engine.space.zones import ZoneGraph
from gui.engine.state.model import GRID_EXTENT, Combatant, Encounter

GRID_SHAPES = frozenset(s.value for s in Shape)
ZONE_SHAPES = frozenset(s.value for s in ZoneShape)


def on_grid(area: AreaOf) -> bool:
    return area.shape in GRID_SHAPES


def spreads(area: AreaOf) -> bool:
    """A spread goes round corners: cover from its origin gives no Reflex bonus (D35-03) and
    total cover does not stop it."""
    return area.shape == Shape.SPREAD


def template(area: AreaOf) -> Template:
    """The grid's template of a grid area (AreaError when it is none)."""
    if not on_grid(area) or area.origin is None:
        raise AreaError(
            "Cette aire n’a pas de point d’origine sur la grille",
            "This area has no point of origin on the grid",
        )
    return Template(Shape(area.shape), area.origin, int(area.reach), area.toward)


class AreaReader:
    """Where areas fall on one state of an encounter: its board, its zones and where each
    combatant stands are read once, then each area drawn is answered from them (the map's
    area tool asks at every pointer move: benchmark P13)."""

    def __init__(self, enc: Encounter, ruleset: Ruleset) -> None:
        self.enc, self.ruleset = enc, ruleset
        self._board: Board | None = None
        self._index: dict[tuple[int, int], tuple[str, ...]] | None = None
        self._graph: ZoneGraph | None = None
        self._spaces: dict[str, Footprint] = {}
        self._order = {c.id: i for i, c in enumerate(enc.combatants)}

    @property
    def board(self) -> Board:
        if self._board is None:
            self._board = board_of(self.enc.map)
        return self._board

    def squares(self, area: AreaOf) -> frozenset[tuple[int, int]]:
        """The squares a grid area covers, by the ruleset's counting of diagonals."""
        return covered(template(area), self.board, self.ruleset.diagonal(self.enc))

    def zones(self, area: AreaOf) -> list[str]:
        """The zones a zone area takes in (the aimed one first)."""
        if area.shape not in ZONE_SHAPES or area.zone is None:
            raise AreaError("Cette aire ne vise aucune zone", "This area aims at no zone")
        if self._graph is None:
            self._graph = ZoneGraph(self.enc.map)
        return zones_in_area(self._graph, ZoneShape(area.shape), area.zone, area.reach)

    def caught(self, area: AreaOf) -> tuple[str, ...]:
        """Every combatant the area takes in, in the encounter's order: on the grid, those
        with a square covered; on zones, those standing in its zones."""
        if on_grid(area):
            return self.caught_in(self.squares(area))
        zones = set(self.zones(area))
        return tuple(c.id for c in self.enc.combatants if c.position.zone in zones)

    def caught_in(self, squares: frozenset[tuple[int, int]]) -> tuple[str, ...]:
        """The combatants with a square among `squares`, in the encounter's order."""
        found = caught(squares, self._spaces_index())
        return tuple(sorted(set(found), key=self._order.__getitem__))

    def ordered(self, ids: Iterable[str]) -> tuple[str, ...]:
        """`ids` of combatants still there, each once, in the encounter's order."""
        return tuple(sorted({i for i in ids if i in self._order}, key=self._order.__getitem__))

    def space(self, cid: str) -> Footprint | None:
        """Where `cid` stands on the grid: None off it or no longer there (undone, deleted)."""
        self._spaces_index()
        return self._spaces.get(cid)

    def cover(self, area: AreaOf, cid: str) -> Cover | None:
        """The cover `cid` has against a grid area's origin from the map's walls and squares
        (D35-03: cover from the origin; creatures are soft cover, no Reflex bonus, D35-05);
        None on zones or off the grid."""
        space = self.space(cid)
        if not on_grid(area) or space is None:
            return None
        return origin_cover(template(area), self.board, space)

    def _spaces_index(self) -> dict[tuple[int, int], tuple[str, ...]]:
        if self._index is None:
            enc, ruleset = self.enc, self.ruleset
            self._spaces = {
                c.id: s for c in enc.combatants if (s := space_of(enc, ruleset, c)) is not None
            }
            self._index = index_spaces(self._spaces)
        return self._index


def check_area(enc: Encounter, ruleset: Ruleset, area: AreaOf | None) -> tuple[Combatant, ...]:
    """The creatures an area resolves on, or a refusal in the GM's words: no area drawn, an
    area that catches no one, an origin off the map, a creature no longer there."""
    if area is None:
        raise ActionError("Tracer l’aire sur la carte", "Draw the area on the map")
    if on_grid(area):
        if enc.map.grid is None:
            raise ActionError("La carte n’a pas de grille", "The map has no grid")
        if any(abs(v) > GRID_EXTENT for v in template(area).origin):
            raise ActionError(
                "Le point d’origine de l’aire est hors de la carte",
                "The area's point of origin is off the map",
            )
    elif area.shape in ZONE_SHAPES:
        try:
            AreaReader(enc, ruleset).zones(area)
        except AreaError as exc:  # an unknown zone, no metres
            raise ActionError(exc.fr, exc.en) from exc
    else:
        raise ActionError(
            f"Forme d’aire inconnue « {area.shape} »", f"Unknown area shape '{area.shape}'"
        )
    if not area.caught:
        raise ActionError("L’aire n’atteint personne", "The area catches no one")
    present = {c.id for c in enc.combatants}
    gone = [cid for cid in area.caught if cid not in present]
    if gone:
        raise ActionError(
            f"L’aire prend un combattant absent ({', '.join(gone)})",
            f"The area catches a combatant who is not there ({', '.join(gone)})",
        )
    return tuple(enc.combatant(cid) for cid in area.caught)


_SHAPE_WORDS = {
    "burst": ("explosion", "burst"),
    "spread": ("étendue", "spread"),
    "emanation": ("émanation", "emanation"),
    "cone": ("cône", "cone"),
    "line": ("ligne", "line"),
    "cylinder": ("cylindre", "cylinder"),
}


def area_words(enc: Encounter, area: AreaOf) -> tuple[str, str]:
    """The area as the log and the printed summary say it: « cône de 9 m », « zone Salle
    et zones reliées », « zones à 10 m de Salle »."""
    if on_grid(area):
        metres = f"{area.reach * (enc.map.grid.cell_m if enc.map.grid else 1.5):g} m"
        fr, en = _SHAPE_WORDS[area.shape]
        return f"{fr} de {metres}", f"{metres} {en}"
    zone = next((z.name for z in enc.map.zones if z.id == area.zone), area.zone or "?")
    if area.shape == ZoneShape.LINKED:
        return f"zone {zone} et zones reliées", f"zone {zone} and the zones linked to it"
    if area.shape == ZoneShape.WITHIN:
        return f"zones à {area.reach:g} m de {zone}", f"zones within {area.reach:g} m of {zone}"
    return f"zone {zone}", f"zone {zone}"
