"""Which zones a zone sees (issue 38): itself and every zone its links reach, one after the
other, through links that do not block sight (« bloque la vue »). A dark zone is seen only
within the viewer's darkvision, counted in metres along those links (`ZoneGraph.within`): its
own zone at 0 m, so a viewer without darkvision sees no dark zone, not even its own."""

from __future__ import annotations

from msgspec.structs import replace

from gui.engine.space.zones import ZoneGraph
from gui.engine.state.model import Map


def seen_zones(game_map: Map, zone: str, darkvision_m: float = 0.0) -> frozenset[str]:
    """The zones a creature in `zone` sees."""
    graph = ZoneGraph(replace(game_map, edges=[e for e in game_map.edges if not e.blocks_sight]))
    reached = {zone}
    todo = [zone]
    while todo:
        for nxt in graph.neighbours(todo.pop()):
            if nxt not in reached:
                reached.add(nxt)
                todo.append(nxt)
    dark = {z.id for z in game_map.zones if z.dark}
    near = graph.within(zone, darkvision_m) if darkvision_m > 0 and reached & dark else {}
    return frozenset(z for z in reached if z not in dark or z in near)
