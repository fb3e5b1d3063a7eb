"""Which zones a zone sees (issue 38): through links that do not block sight, one after the
other; a dark zone only within darkvision, counted along those links (its own at 0 m)."""

from gui.engine.sight.zones import seen_zones
from gui.engine.state.model import Edge, Map, Zone
from tests.engine.builders import zone


def _map() -> Map:
    """hall — corridor — crypt (dark), 10 m each; hall | vault behind a link that blocks
    sight; crypt — tomb (dark, 5 m further)."""
    zones = [zone("hall"), zone("corridor", 200), zone("crypt", 400), zone("vault", 600)]
    zones += [zone("tomb", 800)]
    zones = [Zone(z.id, z.name, z.rect, dark=z.id in ("crypt", "tomb")) for z in zones]
    return Map(
        zones=zones,
        edges=[
            Edge("hall", "corridor", 10.0),
            Edge("corridor", "crypt", 10.0),
            Edge("hall", "vault", 1.0, blocks_sight=True),
            Edge("crypt", "tomb", 5.0),
        ],
    )


def test_sight_goes_through_open_links_not_through_blocking_ones() -> None:
    assert seen_zones(_map(), "hall") == {"hall", "corridor"}
    assert seen_zones(_map(), "vault") == {"vault"}


def test_dark_zones_are_seen_within_darkvision_only() -> None:
    assert seen_zones(_map(), "hall", 20.0) == {"hall", "corridor", "crypt"}
    assert seen_zones(_map(), "hall", 25.0) == {"hall", "corridor", "crypt", "tomb"}
    assert seen_zones(_map(), "crypt") == {"hall", "corridor"}
    assert seen_zones(_map(), "crypt", 1.0) == {"hall", "corridor", "crypt"}
