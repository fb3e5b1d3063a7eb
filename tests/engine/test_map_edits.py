"""map_edits: every builder's ChangeSet applies, does what it says, reverts exactly, and bad
input is refused with a MapEditError (French and English) before anything changes."""

import msgspec
import pytest

from gui.engine.edits import map as map_edits
from gui.engine.edits.map import MapEditError
from gui.engine.files.blank import blank_encounter
from gui.engine.state.changes import ChangeError, apply
from gui.engine.state.model import Background, Edge, Grid, Position, Rect
from tests.engine.builders import dump, fighter, libre_encounter, round_trip
from tests.engine.builders import libre_demo as demo


def rect(x=0.0, y=0.0, w=80.0, h=60.0):
    return Rect(x=x, y=y, width=w, height=h)


def refused(enc, build, *args):
    """`build(enc, *args)` raises a bilingual MapEditError and leaves the encounter as it was."""
    before = dump(enc)
    with pytest.raises(MapEditError) as err:
        build(enc, *args)
    assert err.value.fr and err.value.en and err.value.fr != err.value.en
    assert dump(enc) == before
    return err.value


def zone_ids(enc):
    return [z.id for z in enc.map.zones]


def edge_pairs(enc):
    return [(e.a, e.b, e.length_m) for e in enc.map.edges]


# add_zone -----------------------------------------------------------------------------------


def test_add_zone_on_an_empty_map_gives_z1_z2_z3_with_default_names():
    enc = blank_encounter("libre")
    made = []
    for _ in range(3):
        zid, cs = map_edits.add_zone(enc, rect())
        apply(enc, cs)
        made.append(zid)
    assert made == ["z1", "z2", "z3"]
    assert [z.name for z in enc.map.zones] == ["Zone 1", "Zone 2", "Zone 3"]
    assert zone_ids(enc) == made


def test_add_zone_uses_the_rect_a_palette_colour_and_reverts():
    enc = libre_encounter()
    zid, cs = map_edits.add_zone(enc, rect(400, 20, 90, 70))
    after = round_trip(enc, cs)
    assert after[0]["map"]["zones"][-1] == {
        "id": zid,
        "name": f"Zone {zid[1:]}",
        "rect": {"x": 400.0, "y": 20.0, "width": 90.0, "height": 70.0},
        "colour": map_edits.PALETTE[3 % len(map_edits.PALETTE)],
        "hidden": False,
        "dark": False,
        "explored": False,
    }
    assert zid not in zone_ids(enc)  # reverted


def test_add_zone_skips_ids_already_taken():
    enc = libre_encounter()  # z1, z2, z3
    zid, cs = map_edits.add_zone(enc, rect())
    assert zid == "z4"
    apply(enc, cs)
    assert enc.map.zones[-1].name == "Zone 4"


def test_add_zone_ids_stay_unique_after_deletions_and_odd_ids():
    enc = libre_encounter()
    apply(enc, map_edits.delete_zone(enc, "z2", None))  # z1, z3 left: a gap
    seen = set(zone_ids(enc))
    for _ in range(6):
        zid, cs = map_edits.add_zone(enc, rect())
        assert zid not in seen
        apply(enc, cs)
        seen.add(zid)
    assert len(zone_ids(enc)) == len(set(zone_ids(enc))) == 8


def test_add_zone_on_the_demo_map_does_not_reuse_a_name_as_id():
    enc = demo()
    zid, cs = map_edits.add_zone(enc, rect())
    assert zid not in zone_ids(enc)
    round_trip(enc, cs)


def test_add_zone_with_a_given_name_strips_it():
    enc = libre_encounter()
    _, cs = map_edits.add_zone(enc, rect(), "  Le pont  ")
    apply(enc, cs)
    assert enc.map.zones[-1].name == "Le pont"
    assert "Le pont" in cs.label


def test_add_zone_with_a_blank_name_gets_the_default_name():
    enc = libre_encounter()
    zid, cs = map_edits.add_zone(enc, rect(), "   ")
    apply(enc, cs)
    assert enc.map.zones[-1].name == f"Zone {zid[1:]}"


def test_add_zone_with_a_too_long_name_is_a_map_edit_error():
    enc = libre_encounter()
    refused(enc, map_edits.add_zone, rect(), "n" * 201)


# rename / recolour / rect -------------------------------------------------------------------


def test_rename_zone_applies_strips_and_reverts():
    enc = libre_encounter()
    cs = map_edits.rename_zone(enc, "z2", "  Gué  ")
    after = round_trip(enc, cs)
    assert after[0]["map"]["zones"][1]["name"] == "Gué"
    assert enc.map.zones[1].name == "Z2"


def test_rename_zone_accepts_exactly_200_characters():
    enc = libre_encounter()
    apply(enc, map_edits.rename_zone(enc, "z1", "n" * 200))
    assert enc.map.zones[0].name == "n" * 200


@pytest.mark.parametrize("name", ["", "   ", "n" * 201])
def test_rename_zone_refuses_an_empty_or_too_long_name(name):
    refused(libre_encounter(), map_edits.rename_zone, "z1", name)


def test_rename_unknown_zone_is_refused():
    err = refused(libre_encounter(), map_edits.rename_zone, "nowhere", "X")
    assert "nowhere" in err.fr and "nowhere" in err.en


def test_recolour_zone_applies_and_reverts():
    enc = libre_encounter()
    after = round_trip(enc, map_edits.recolour_zone(enc, "z3", "#123abc"))
    assert after[0]["map"]["zones"][2]["colour"] == "#123abc"


def test_recolour_unknown_zone_is_refused():
    refused(libre_encounter(), map_edits.recolour_zone, "z9", "#123abc")


def test_recolour_with_an_impossible_colour_never_reaches_the_encounter():
    """Whichever step refuses it, "red" is not stored and the encounter is unchanged."""
    enc = libre_encounter()
    before = dump(enc)
    with pytest.raises((MapEditError, ChangeError)):
        apply(enc, map_edits.recolour_zone(enc, "z1", "red"))
    assert dump(enc) == before


def test_recolour_with_an_impossible_colour_is_a_map_edit_error():
    refused(libre_encounter(), map_edits.recolour_zone, "z1", "red")


def test_set_zone_rect_applies_and_reverts():
    enc = libre_encounter()
    after = round_trip(enc, map_edits.set_zone_rect(enc, "z2", rect(10, 20, 30, 40)))
    assert after[0]["map"]["zones"][1]["rect"] == {
        "x": 10.0,
        "y": 20.0,
        "width": 30.0,
        "height": 40.0,
    }
    assert enc.map.zones[1].rect == rect(150, 0, 100, 100)


def test_set_zone_rect_of_unknown_zone_is_refused():
    refused(libre_encounter(), map_edits.set_zone_rect, "z0", rect())


# delete_zone --------------------------------------------------------------------------------


def test_delete_zone_moves_occupants_to_the_chosen_zone_and_drops_its_links():
    enc = libre_encounter(fighter("x", "a", "z2"), fighter("y", "b", "z2"), fighter("w", "a"))
    apply(enc, map_edits.delete_zone(enc, "z2", "z3"))
    assert zone_ids(enc) == ["z1", "z3"]
    assert enc.map.edges == []  # z1–z2 and z2–z3 both went
    assert [c.position.zone for c in enc.combatants] == ["z3", "z3", "z1"]


def test_delete_zone_moves_occupants_off_the_map_when_no_zone_is_chosen():
    enc = libre_encounter(fighter("x", "a", "z1"), fighter("y", "b", "z3"))
    apply(enc, map_edits.delete_zone(enc, "z1", None))
    assert enc.combatant("x").position.zone is None
    assert enc.combatant("y").position.zone == "z3"
    assert edge_pairs(enc) == [("z2", "z3", None)]


def test_delete_zone_keeps_a_cell_and_other_links_untouched():
    x = fighter("x", "a", "z1").replace(position=Position(zone="z1", cell=(2, 3)))
    enc = libre_encounter(x)
    apply(enc, map_edits.connect(enc, "z1", "z3", 4.0))
    apply(enc, map_edits.delete_zone(enc, "z2", None))
    assert enc.combatant("x").position == Position(zone="z1", cell=(2, 3))
    assert edge_pairs(enc) == [("z1", "z3", 4.0)]


@pytest.mark.parametrize("evacuate", ["rive_est", None])
def test_delete_a_middle_zone_of_the_demo_reverts_exactly(evacuate):
    """The zone comes back at its original list position, with its links and occupants."""
    enc = demo()
    assert zone_ids(enc).index("gue") == 1
    assert {c.id for c in enc.combatants if c.position.zone == "gue"} == {"brig1", "brig2"}
    cs = map_edits.delete_zone(enc, "gue", evacuate)
    after = round_trip(enc, cs)
    assert "gue" not in [z["id"] for z in after[0]["map"]["zones"]]
    assert all("gue" not in (e["a"], e["b"]) for e in after[0]["map"]["edges"])
    moved = {c["id"]: c["position"]["zone"] for c in after[0]["combatants"]}
    assert moved["brig1"] == moved["brig2"] == evacuate
    assert zone_ids(enc)[1] == "gue"
    assert enc.combatant("brig1").position.zone == "gue"


def test_delete_the_first_zone_reverts_to_the_first_position():
    enc = libre_encounter(fighter("x", "a", "z1"))
    round_trip(enc, map_edits.delete_zone(enc, "z1", "z2"))
    assert zone_ids(enc) == ["z1", "z2", "z3"]


def test_delete_an_empty_unlinked_zone_is_one_change():
    enc = libre_encounter()
    zid, cs = map_edits.add_zone(enc, rect())
    apply(enc, cs)
    cs = map_edits.delete_zone(enc, zid, None)
    assert len(cs.changes) == 1
    round_trip(enc, cs)


def test_delete_zone_refuses_to_evacuate_into_itself():
    refused(libre_encounter(fighter("x", "a")), map_edits.delete_zone, "z1", "z1")


def test_delete_zone_refuses_an_unknown_target_zone():
    refused(libre_encounter(fighter("x", "a")), map_edits.delete_zone, "z1", "z9")


def test_delete_unknown_zone_is_refused():
    refused(libre_encounter(), map_edits.delete_zone, "z9", None)


def test_occupants_lists_names_in_a_zone():
    enc = libre_encounter(fighter("x", "a", "z2"), fighter("y", "b", "z1"))
    assert map_edits.occupants(enc, "z2") == ["X"]
    assert map_edits.occupants(enc, "z3") == []


# connect / disconnect / length --------------------------------------------------------------


def test_connect_two_zones_with_a_length_applies_and_reverts():
    enc = libre_encounter()
    after = round_trip(enc, map_edits.connect(enc, "z3", "z1", 7.5))
    assert after[0]["map"]["edges"][-1] == {
        "a": "z3",
        "b": "z1",
        "length_m": 7.5,
        "blocks_sight": False,
    }
    assert edge_pairs(enc) == [("z1", "z2", None), ("z2", "z3", None)]


def test_connect_without_length():
    enc = libre_encounter()
    apply(enc, map_edits.connect(enc, "z1", "z3"))
    assert enc.map.edges[-1] == Edge(a="z1", b="z3")


def test_connect_a_zone_to_itself_is_refused():
    refused(libre_encounter(), map_edits.connect, "z1", "z1")


@pytest.mark.parametrize(("a", "b"), [("z1", "z2"), ("z2", "z1")])
def test_connect_refuses_a_link_that_exists_in_either_direction(a, b):
    err = refused(libre_encounter(), map_edits.connect, a, b)
    assert "Z1" in err.fr and "Z2" in err.fr


def test_connect_unknown_zone_is_refused():
    refused(libre_encounter(), map_edits.connect, "z1", "z9")


def test_connect_with_a_negative_length_is_a_map_edit_error():
    refused(libre_encounter(), map_edits.connect, "z1", "z3", -1.0)


@pytest.mark.parametrize(("a", "b"), [("z2", "z3"), ("z3", "z2")])
def test_disconnect_in_either_direction_applies_and_reverts(a, b):
    enc = libre_encounter()
    after = round_trip(enc, map_edits.disconnect(enc, a, b))
    assert after[0]["map"]["edges"] == [
        {"a": "z1", "b": "z2", "length_m": None, "blocks_sight": False}
    ]


def test_disconnect_first_edge_reverts_to_its_position():
    enc = demo()
    first = enc.map.edges[0]
    round_trip(enc, map_edits.disconnect(enc, first.b, first.a))
    assert enc.map.edges[0] == first


def test_disconnect_zones_that_are_not_linked_is_refused():
    refused(libre_encounter(), map_edits.disconnect, "z1", "z3")


def test_disconnect_unknown_zone_is_refused():
    refused(libre_encounter(), map_edits.disconnect, "z1", "z9")


@pytest.mark.parametrize("length", [0.0, 12.5, 100_000.0, None])
def test_set_edge_length_applies_and_reverts(length):
    enc = demo()
    # The demo's rive_ouest–chemin link has no length; gue–rive_est has 6 m.
    a, b = ("gue", "rive_est") if length is None else ("chemin", "rive_ouest")
    cs = map_edits.set_edge_length(enc, a, b, length)
    after = round_trip(enc, cs)
    lengths = {frozenset((e["a"], e["b"])): e["length_m"] for e in after[0]["map"]["edges"]}
    assert lengths[frozenset((a, b))] == length
    assert [(e["a"], e["b"]) for e in after[0]["map"]["edges"]] == [
        (e.a, e.b) for e in enc.map.edges
    ]


@pytest.mark.parametrize("length", [-0.5, -1, 100_000.5, float("nan"), float("inf")])
def test_set_edge_length_refuses_impossible_lengths(length):
    refused(libre_encounter(), map_edits.set_edge_length, "z1", "z2", length)


def test_set_edge_length_of_an_unknown_link_is_refused():
    refused(libre_encounter(), map_edits.set_edge_length, "z1", "z3", 3.0)


# background / grid / scale ------------------------------------------------------------------


def test_set_background_round_trip_and_removal():
    enc = libre_encounter()
    bg = Background(path="cartes/gue.png", x=5, y=-3, scale=0.5, opacity=0.8)
    cs = map_edits.set_background(enc, bg)
    after = round_trip(enc, cs)
    assert after[0]["map"]["background"] == msgspec.to_builtins(bg)
    apply(enc, cs)
    removal = map_edits.set_background(enc, None)
    assert removal.label == "Retirer le fond de carte"
    round_trip(enc, removal)
    assert enc.map.background == bg


def test_set_grid_round_trip_and_removal():
    enc = libre_encounter()
    grid = Grid(cell_px=40, cell_m=2, origin_x=3, origin_y=4, visible=False, snap=True)
    cs = map_edits.set_grid(enc, grid)
    after = round_trip(enc, cs)
    assert after[0]["map"]["grid"] == msgspec.to_builtins(grid)
    apply(enc, cs)
    round_trip(enc, map_edits.set_grid(enc, None))
    assert enc.map.grid == grid


def test_set_scale_round_trip_and_removal():
    enc = demo()
    assert enc.map.metres_per_px == 0.05
    after = round_trip(enc, map_edits.set_scale(enc, 0.1))
    assert after[0]["map"]["metres_per_px"] == 0.1
    after = round_trip(enc, map_edits.set_scale(enc, None))
    assert after[0]["map"]["metres_per_px"] is None
    assert enc.map.metres_per_px == 0.05


@pytest.mark.parametrize("scale", [0.0, -1.0])
def test_impossible_scale_never_reaches_the_encounter(scale):
    enc = libre_encounter()
    before = dump(enc)
    with pytest.raises((MapEditError, ChangeError)):
        apply(enc, map_edits.set_scale(enc, scale))
    assert dump(enc) == before


# Contacts that no longer hold ----------------------------------------------------------------


def in_contact_pair(enc, a, b):
    return b in enc.combatant(a).contacts and a in enc.combatant(b).contacts


def touching(x_zone, y_zone, z_zone="z3"):
    """x and y in contact, y and z in contact; zones z1–z2–z3 in a row."""
    x, y, z = fighter("x", "a", x_zone), fighter("y", "b", y_zone), fighter("z", "b", z_zone)
    x = x.replace(contacts=["y"])
    y = y.replace(contacts=["x", "z"])
    z = z.replace(contacts=["y"])
    return libre_encounter(x, y, z)


def test_disconnect_breaks_a_contact_across_that_border_and_reverts():
    enc = touching("z1", "z2")
    after = round_trip(enc, map_edits.disconnect(enc, "z1", "z2"))
    contacts = {c["id"]: c["contacts"] for c in after[0]["combatants"]}
    assert contacts == {"x": [], "y": ["z"], "z": ["y"]}  # y–z still share z2–z3
    assert in_contact_pair(enc, "x", "y")


def test_delete_zone_breaks_contacts_its_evacuees_can_no_longer_hold():
    """x (z1) touches y across the z1–z2 border; z2 goes and y lands in z3, far from x."""
    enc = touching("z1", "z2")
    apply(enc, map_edits.delete_zone(enc, "z2", "z3"))
    assert enc.combatant("x").contacts == []
    assert in_contact_pair(enc, "y", "z")  # both now in z3


def test_delete_zone_keeps_contacts_off_the_map():
    enc = touching("z1", "z2")
    apply(enc, map_edits.delete_zone(enc, "z2", None))
    assert in_contact_pair(enc, "x", "y") and in_contact_pair(enc, "y", "z")
