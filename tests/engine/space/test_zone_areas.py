"""Areas of effect on a zone map (issue 37): a zone, a zone and the zones linked to it, the
zones within N metres by the map's lengths; refusals in the GM's words."""

import pytest

from gui.engine.space.areas import AreaError, ZoneShape, zones_in_area
from gui.engine.space.zones import ZoneGraph
from gui.engine.state.model import Edge, Map
from tests.engine.builders import zone


def graph() -> ZoneGraph:
    """z1 —4 m— z2 —5 m— z3 —1 m— z4, and z2 —20 m— z5; z6 linked to nothing."""
    zones = [zone(z, 150 * i) for i, z in enumerate(("z1", "z2", "z3", "z4", "z5", "z6"))]
    edges = [
        Edge(a="z1", b="z2", length_m=4),
        Edge(a="z2", b="z3", length_m=5),
        Edge(a="z3", b="z4", length_m=1),
        Edge(a="z2", b="z5", length_m=20),
    ]
    return ZoneGraph(Map(zones=zones, edges=edges))


def test_a_zone_alone_and_a_zone_with_its_links():
    g = graph()
    assert zones_in_area(g, ZoneShape.ZONE, "z2") == ["z2"]
    assert zones_in_area(g, ZoneShape.LINKED, "z2") == ["z2", "z1", "z3", "z5"]
    assert zones_in_area(g, ZoneShape.LINKED, "z6") == ["z6"]


def test_zones_within_metres_follow_the_shortest_way_by_the_links_lengths():
    g = graph()
    assert zones_in_area(g, ZoneShape.WITHIN, "z1", 9) == ["z1", "z2", "z3"]  # 0, 4, 9
    assert zones_in_area(g, ZoneShape.WITHIN, "z1", 10) == ["z1", "z2", "z3", "z4"]
    assert zones_in_area(g, ZoneShape.WITHIN, "z2", 1) == ["z2"]
    assert zones_in_area(g, ZoneShape.WITHIN, "z1", 30) == ["z1", "z2", "z3", "z4", "z5"]
    assert g.within("z1", 10) == {"z1": 0, "z2": 4, "z3": 9, "z4": 10}


def test_a_link_without_length_uses_the_map_scale_else_is_not_crossed():
    zones = [zone("a"), zone("b", 150)]
    unscaled = ZoneGraph(Map(zones=zones, edges=[Edge(a="a", b="b")]))
    assert zones_in_area(unscaled, ZoneShape.WITHIN, "a", 100) == ["a"]
    scaled = ZoneGraph(Map(zones=zones, edges=[Edge(a="a", b="b")], metres_per_px=0.1))
    assert zones_in_area(scaled, ZoneShape.WITHIN, "a", 15) == ["a", "b"]  # 150 px = 15 m
    assert zones_in_area(scaled, ZoneShape.WITHIN, "a", 14.9) == ["a"]


def test_refusals_name_the_problem_in_both_languages():
    g = graph()
    with pytest.raises(AreaError) as absent:
        zones_in_area(g, ZoneShape.ZONE, "nowhere")
    assert "zone absente" in absent.value.fr and "not on the map" in absent.value.en
    with pytest.raises(AreaError) as metres:
        zones_in_area(g, ZoneShape.WITHIN, "z1", 0)
    assert "mètres" in metres.value.fr and "metres" in metres.value.en
