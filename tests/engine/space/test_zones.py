"""Zone graph geometry (AD-01, AD-07, AD-11, AD-23), contact and grid distances."""

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gui.engine.space.zones import ZoneGraph, can_touch, grid_squares, in_contact
from gui.engine.state.model import Combatant, Edge, Map, Position, Rect, Zone


def make_map(ids, edges, scale=None, at=None, grid=None):
    """Zones 10×10 laid on a row 10 apart (or at `at[id]`); edges are (a, b) or (a, b, metres)."""
    at = at or {}
    zones = []
    for i, z in enumerate(ids):
        x, y = at.get(z, (10.0 * i, 0.0))
        zones.append(Zone(id=z, name=z.upper(), rect=Rect(x=x, y=y, width=10, height=10)))
    links = [Edge(a=e[0], b=e[1], length_m=e[2] if len(e) > 2 else None) for e in edges]
    return Map(zones=zones, edges=links, metres_per_px=scale, grid=grid)


def row():
    """The text's example: zones 1–2–3 in a row, plus zone 4 that no border reaches."""
    return ZoneGraph(make_map(["z1", "z2", "z3", "z4"], [("z1", "z2"), ("z2", "z3")]))


def fighter(cid, zone=None, contacts=()):
    return Combatant(
        id=cid, name=cid, side="pj", position=Position(zone=zone), contacts=list(contacts)
    )


def test_zone_distance_ad01_same_neighbouring_one_between_and_apart():
    g = row()
    assert g.distance("z1", "z1") == 0
    assert g.distance("z1", "z2") == 1
    assert g.distance("z1", "z3") == 2  # Allonge 3: "zone avec une zone d'écart"
    assert g.distance("z3", "z1") == 2
    assert g.distance("z1", "z4") is None
    assert g.path("z1", "z4") is None


def test_crossed_ad07_zone_1_to_3_crosses_zone_2():
    g = row()
    assert g.path("z1", "z3") == ["z1", "z2", "z3"]
    assert g.crossed("z1", "z3") == ["z2"]
    assert g.crossed("z1", "z2") == []  # neighbouring: nothing crossed
    assert g.crossed("z2", "z2") == []
    assert g.crossed("z1", "z4") == []  # unreachable


def test_crossed_counts_every_zone_strictly_between():
    ids = ["z1", "z2", "z3", "z4", "z5"]
    g = ZoneGraph(make_map(ids, list(itertools.pairwise(ids))))
    assert g.crossed("z1", "z5") == ["z2", "z3", "z4"]
    assert g.crossed("z5", "z1") == ["z4", "z3", "z2"]


@pytest.mark.parametrize(
    "edges",
    [
        [("a", "c"), ("c", "d"), ("a", "b"), ("b", "d")],
        [("b", "d"), ("a", "b"), ("c", "d"), ("a", "c")],
    ],
)
def test_path_ad23_is_deterministic_on_ties(edges):
    """Two equal routes a–b–d and a–c–d: the proposal does not depend on the edge order."""
    g = ZoneGraph(make_map(["a", "b", "c", "d"], edges))
    assert g.path("a", "d") == ["a", "b", "d"]
    assert g.crossed("a", "d") == ["b"]


def test_path_takes_fewest_borders():
    g = ZoneGraph(
        make_map(list("abcde"), [("a", "b"), ("b", "c"), ("c", "e"), ("a", "d"), ("d", "e")])
    )
    assert g.path("a", "e") == ["a", "d", "e"]
    assert g.distance("a", "e") == 2


def test_adjacency_and_sorted_neighbours():
    g = ZoneGraph(make_map(["m", "a", "z", "q"], [("m", "z"), ("m", "a")]))
    assert g.adjacent("m", "a") and g.adjacent("a", "m")
    assert not g.adjacent("a", "z")
    assert g.neighbours("m") == ["a", "z"]
    assert g.neighbours("q") == []
    g.neighbours("m").append("q")  # a copy: the graph is unchanged
    assert g.neighbours("m") == ["a", "z"]


@pytest.mark.parametrize("query", ["path", "distance", "crossed"])
def test_unknown_zone_raises_keyerror(query):
    g = row()
    with pytest.raises(KeyError):
        getattr(g, query)("z1", "nope")
    with pytest.raises(KeyError):
        getattr(g, query)("nope", "z1")
    with pytest.raises(KeyError):
        g.neighbours("nope")


def test_edge_metres_explicit_length_beats_scale():
    g = ZoneGraph(make_map(["a", "b"], [("a", "b", 7.5)], scale=0.1))
    assert g.edge_metres("a", "b") == 7.5
    assert g.edge_metres("b", "a") == 7.5


def test_edge_metres_scale_times_centre_distance():
    g = ZoneGraph(make_map(["a", "b"], [("a", "b")], scale=0.1, at={"a": (0, 0), "b": (30, 40)}))
    assert g.edge_metres("a", "b") == pytest.approx(5.0)  # centres 50 px apart


def test_edge_metres_none_without_length_or_scale():
    g = ZoneGraph(make_map(["a", "b"], [("a", "b")]))
    assert g.edge_metres("a", "b") is None


def test_metres_along_sums_edges():
    g = ZoneGraph(make_map(["a", "b", "c"], [("a", "b", 2.0), ("b", "c", 3.5)]))
    assert g.metres_along(["a", "b", "c"]) == pytest.approx(5.5)
    assert g.metres_along(iter(["c", "b"])) == pytest.approx(3.5)
    assert g.metres_along(["a"]) == 0.0
    holed = ZoneGraph(make_map(["a", "b", "c"], [("a", "b", 2.0), ("b", "c")]))
    assert holed.metres_along(["a", "b", "c"]) is None


def test_metres_dijkstra_prefers_shorter_metric_route():
    """The direct border is one hop but 10 m; going round by b and c is 3 m."""
    edges = [("a", "d", 10.0), ("a", "b", 1.0), ("b", "c", 1.0), ("c", "d", 1.0)]
    g = ZoneGraph(make_map(list("abcd"), edges))
    assert g.distance("a", "d") == 1
    assert g.metres("a", "d") == pytest.approx(3.0)
    assert g.metres("d", "a") == pytest.approx(3.0)
    assert g.metres("b", "b") == 0.0


def test_metres_none_with_unknown_length_and_no_scale():
    g = ZoneGraph(make_map(list("abc"), [("a", "b", 1.0), ("b", "c")]))
    assert g.metres("a", "c") is None
    scaled = ZoneGraph(make_map(list("abc"), [("a", "b", 1.0), ("b", "c")], scale=0.5))
    assert scaled.metres("a", "c") == pytest.approx(1.0 + 10 * 0.5)


def test_metres_none_when_disconnected():
    g = ZoneGraph(make_map(list("abc"), [("a", "b", 1.0)]))
    assert g.metres("a", "c") is None


def test_metres_skips_unknown_length_edges_and_stays_symmetric():
    """Regression (HEAD b5b8347 returned None on meeting any unknown edge): a–c has no length
    and leads nowhere, so a→b is 1 m both ways; a detour of known length is used."""
    g = ZoneGraph(make_map(list("abc"), [("a", "b", 1.0), ("a", "c")]))
    assert g.metres("a", "b") == g.metres("b", "a") == pytest.approx(1.0)
    assert g.metres("a", "c") is None
    detour = ZoneGraph(make_map(list("abc"), [("a", "b"), ("a", "c", 1.0), ("c", "b", 1.5)]))
    assert detour.metres("a", "b") == pytest.approx(2.5)


def test_metres_unknown_zone_raises_keyerror():
    """Regression: metres(known, unknown) used to return None instead of KeyError."""
    g = ZoneGraph(make_map(["a", "b"], [("a", "b", 1.0)]))
    with pytest.raises(KeyError):
        g.metres("a", "nope")
    with pytest.raises(KeyError):
        g.metres("nope", "a")
    with pytest.raises(KeyError):
        g.metres("nope", "nope")


def test_in_contact_needs_both_links():
    a, b = fighter("a", contacts=["b"]), fighter("b", contacts=["a"])
    assert in_contact(a, b) and in_contact(b, a)
    lone = fighter("b")
    assert not in_contact(a, lone)
    assert not in_contact(lone, a)


def test_can_touch_same_or_neighbouring_zone_only():
    g = row()
    assert can_touch(g, fighter("a", "z1"), fighter("b", "z1"))
    assert can_touch(g, fighter("a", "z1"), fighter("b", "z2"))
    assert not can_touch(g, fighter("a", "z1"), fighter("b", "z3"))
    assert not can_touch(g, fighter("a", "z3"), fighter("b", "z4"))
    assert can_touch(g, fighter("a", None), fighter("b", "z3"))  # no zone known: no limit


@pytest.mark.parametrize(
    ("b", "chebyshev", "alternate", "manhattan"),
    [
        ((3, 3), 3, 4, 6),
        ((2, 2), 2, 3, 4),
        ((1, 1), 1, 1, 2),
        ((4, 1), 4, 4, 5),
        ((5, 2), 5, 6, 7),
        ((0, 0), 0, 0, 0),
        ((-3, 0), 3, 3, 3),
    ],
)
def test_grid_squares_diagonal_rules(b, chebyshev, alternate, manhattan):
    """d20 counts diagonals 1-2-1 (alternate); (0,0)→(3,3) is 4 squares, →(2,2) is 3."""
    assert grid_squares((0, 0), b) == chebyshev
    assert grid_squares((0, 0), b, "chebyshev") == chebyshev
    assert grid_squares((0, 0), b, "alternate") == alternate
    assert grid_squares(b, (0, 0), "alternate") == alternate
    assert grid_squares((0, 0), b, "manhattan") == manhattan


@st.composite
def connected_graphs(draw):
    """A random spanning tree on 2–9 zones plus a few extra borders."""
    n = draw(st.integers(2, 9))
    ids = [f"z{i}" for i in range(n)]
    pairs = {frozenset((ids[i], ids[draw(st.integers(0, i - 1))])) for i in range(1, n)}
    extra = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=8))
    pairs |= {frozenset((ids[i], ids[j])) for i, j in extra if i != j}
    return ZoneGraph(make_map(ids, [tuple(sorted(p)) for p in pairs])), ids


@given(connected_graphs(), st.data())
def test_zone_distance_properties_on_random_connected_graphs(gi, data):
    g, ids = gi
    a, b, c = (data.draw(st.sampled_from(ids)) for _ in range(3))
    d = g.distance(a, b)
    assert d is not None and d == g.distance(b, a)
    route = g.path(a, b)
    assert route[0] == a and route[-1] == b and len(route) - 1 == d
    assert all(g.adjacent(x, y) for x, y in itertools.pairwise(route))
    assert len(set(route)) == len(route)
    assert g.distance(a, c) <= d + g.distance(b, c)
    crossed = g.crossed(a, b)
    assert len(crossed) == max(d - 1, 0)
    assert a not in crossed and b not in crossed
