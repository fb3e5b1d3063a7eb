"""Areas of effect on a zone map (issue 37): one zone, a zone and the zones linked to it, or
the zones within N metres of it by the map's lengths (a link's length, else the distance
between the zones' centres at the map's scale: ZoneGraph.edge_metres)."""

from __future__ import annotations

from enum import StrEnum

from gui.engine.core.problems import BilingualError
from gui.engine.space.zones import ZoneGraph


class ZoneShape(StrEnum):
    """How an area takes in the zones around the one it is aimed at."""

    ZONE = "zone"  # the zone alone
    LINKED = "zone_linked"  # the zone and every zone linked to it
    WITHIN = "zones_within"  # every zone within N metres, by the map's lengths


class AreaError(BilingualError, ValueError):
    """An area that cannot be drawn where it was asked (in the GM's words)."""


def zones_in_area(graph: ZoneGraph, shape: ZoneShape, zone: str, metres: float = 0) -> list[str]:
    """The zones the area takes in, the aimed zone first and the others by distance, then
    by id (a stable order for the list of who is caught)."""
    if zone not in {z.id for z in graph.map.zones}:
        raise AreaError(
            f"L’aire vise une zone absente de la carte ({zone})",
            f"The area aims at a zone not on the map ({zone})",
        )
    if shape is ZoneShape.ZONE:
        return [zone]
    if shape is ZoneShape.LINKED:
        return [zone, *graph.neighbours(zone)]
    if metres <= 0:
        raise AreaError(
            "Une aire « à N mètres » demande un nombre de mètres positif",
            "An area 'within N metres' needs a positive number of metres",
        )
    reached = graph.within(zone, metres)
    return sorted(reached, key=lambda z: (reached[z], z != zone, z))
