"""Zone and grid geometry: distances, paths, zones crossed, metres, contact."""

from __future__ import annotations

import heapq
import itertools
import math
from collections import deque
from collections.abc import Iterable
from typing import Literal

from gui.engine.state.model import Combatant, Map


class ZoneGraph:
    """The adjacency of a map's zones, built once and queried many times."""

    def __init__(self, game_map: Map) -> None:
        self.map = game_map
        self._zones = {z.id: z for z in game_map.zones}
        self._neighbours: dict[str, list[str]] = {z.id: [] for z in game_map.zones}
        self._length: dict[frozenset[str], float | None] = {}
        for edge in game_map.edges:
            self._neighbours[edge.a].append(edge.b)
            self._neighbours[edge.b].append(edge.a)
            self._length[frozenset((edge.a, edge.b))] = edge.length_m
        # Sorted neighbours make the chosen shortest path deterministic.
        for ids in self._neighbours.values():
            ids.sort()

    def neighbours(self, zone: str) -> list[str]:
        return list(self._neighbours[zone])

    def adjacent(self, a: str, b: str) -> bool:
        return frozenset((a, b)) in self._length

    def path(self, a: str, b: str) -> list[str] | None:
        """The shortest path by number of borders, both ends included; None if unreachable."""
        if a not in self._zones or b not in self._zones:
            raise KeyError(a if a not in self._zones else b)
        previous: dict[str, str | None] = {a: None}
        queue = deque([a])
        while queue:
            here = queue.popleft()
            if here == b:
                break
            for nxt in self._neighbours[here]:
                if nxt not in previous:
                    previous[nxt] = here
                    queue.append(nxt)
        if b not in previous:
            return None
        route = [b]
        while (step := previous[route[-1]]) is not None:
            route.append(step)
        return route[::-1]

    def distance(self, a: str, b: str) -> int | None:
        """Zone distance: 0 same zone, 1 neighbouring, 2 one zone in between; None if apart."""
        route = self.path(a, b)
        return None if route is None else len(route) - 1

    def crossed(self, a: str, b: str) -> list[str]:
        """The zones strictly between a and b on the shortest path (the line of fire)."""
        route = self.path(a, b)
        return [] if route is None else route[1:-1]

    def edge_metres(self, a: str, b: str) -> float | None:
        """An edge's length: as set, else centre-to-centre times the map scale, else None."""
        length = self._length[frozenset((a, b))]
        if length is not None:
            return length
        if self.map.metres_per_px is None:
            return None
        (ax, ay), (bx, by) = self._zones[a].rect.centre(), self._zones[b].rect.centre()
        return math.hypot(ax - bx, ay - by) * self.map.metres_per_px

    def metres_along(self, route: Iterable[str]) -> float | None:
        """Metres along a path of zones; None if an edge has neither length nor map scale."""
        stops = list(route)
        total = 0.0
        for a, b in itertools.pairwise(stops):
            step = self.edge_metres(a, b)
            if step is None:
                return None
            total += step
        return total

    def metres(self, a: str, b: str) -> float | None:
        """The shortest distance in metres (Dijkstra), over edges whose length is known.

        An edge with neither a length nor a map scale is not used; None when no route of
        known length joins the two zones.
        """
        if b not in self._zones:
            raise KeyError(b)
        return self._nearest(a, stop=b).get(b)

    def within(self, zone: str, metres: float) -> dict[str, float]:
        """Every zone at most `metres` away from `zone` by the map's lengths (itself at 0),
        with its distance: the zones an area « within N metres » takes in (issue 37)."""
        return self._nearest(zone, limit=metres)

    def _nearest(
        self, a: str, stop: str | None = None, limit: float = math.inf
    ) -> dict[str, float]:
        """Dijkstra from `a` over edges of known length: the zones reached and their
        distance, up to `stop` or `limit` metres."""
        if a not in self._zones:
            raise KeyError(a)
        best = {a: 0.0}
        done: dict[str, float] = {}
        heap = [(0.0, a)]
        while heap:
            dist, here = heapq.heappop(heap)
            if here in done:
                continue
            done[here] = dist
            if here == stop:
                break
            for nxt in self._neighbours[here]:
                step = self.edge_metres(here, nxt)
                if step is None or nxt in done:
                    continue
                far = dist + step
                if far <= limit + 1e-9 and far < best.get(nxt, math.inf):
                    best[nxt] = far
                    heapq.heappush(heap, (far, nxt))
        return done


def in_contact(a: Combatant, b: Combatant) -> bool:
    """Contact is a link stored on both combatants; it may cross a zone border."""
    return b.id in a.contacts and a.id in b.contacts


def can_touch(graph: ZoneGraph, a: Combatant, b: Combatant) -> bool:
    """Two combatants may be put in contact when in the same or neighbouring zones."""
    za, zb = a.position.zone, b.position.zone
    if za is None or zb is None:
        return True
    return za == zb or graph.adjacent(za, zb)


Diagonal = Literal["chebyshev", "alternate", "manhattan"]


def grid_squares(a: tuple[int, int], b: tuple[int, int], diagonal: Diagonal = "chebyshev") -> int:
    """Squares between two cells: chebyshev (diagonal = 1), alternate (1-2-1, d20), manhattan."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    if diagonal == "manhattan":
        return dx + dy
    if diagonal == "alternate":
        return max(dx, dy) + min(dx, dy) // 2
    return max(dx, dy)
