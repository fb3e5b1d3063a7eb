"""roster_edits: add from the bestiary, duplicate, remove (contacts and turn order), rename,
tracks, states and sides — each ChangeSet applies, reverts exactly, and bad input is refused
with a RosterEditError (French and English) before anything changes."""

from types import SimpleNamespace

import msgspec
import pytest

from gui.engine.core.words import Label
from gui.engine.edits import roster as roster_edits
from gui.engine.edits.roster import RosterEditError
from gui.engine.files.blank import blank_encounter
from gui.engine.play.table import Table
from gui.engine.rulesets import registry
from gui.engine.state.changes import ChangeSet, apply, change, revert
from gui.engine.state.model import Expiry, Position, State
from gui.engine.state.schema import RulesetData, TrackSpec
from gui.engine.turns import RankedEntry, RankedState
from tests.engine.builders import dump, fighter, libre_encounter, round_trip
from tests.engine.builders import libre_demo as demo

LIBRE = registry.get("libre")


def refused(enc, build, *args, error=RosterEditError):
    """`build(*args)` raises a bilingual error and leaves the encounter as it was."""
    before = dump(enc)
    with pytest.raises(error) as err:
        build(*args)
    if isinstance(err.value, RosterEditError):
        assert err.value.fr and err.value.en and err.value.fr != err.value.en
    assert dump(enc) == before
    return err.value


def from_bestiary(enc, name, side):
    """A bestiary template made into a Combatant the way the GUI does: blank + its stats."""
    template = next(t for t in LIBRE.bestiary if t.name == name)
    made = roster_edits.blank(LIBRE, enc, template.name, side, template.tier)
    return made.replace(stats={**made.stats, **template.stats}, notes=template.notes), template


def ids(enc):
    return [c.id for c in enc.combatants]


# add_combatants -----------------------------------------------------------------------------


def test_three_goblins_from_the_bestiary_are_numbered_with_unique_ids_in_the_zone():
    enc = libre_encounter(fighter("x", "a"))
    gob, template = from_bestiary(enc, "Gobelin", "b")
    made, cs = roster_edits.add_combatants(LIBRE, enc, gob, 3, zone="z2")
    assert len(made) == len(set(made)) == 3 and "x" not in made
    after = round_trip(enc, cs)
    added = [c for c in after[0]["combatants"] if c["id"] in made]
    assert [c["name"] for c in added] == ["Gobelin 1", "Gobelin 2", "Gobelin 3"]
    for c in added:
        assert c["side"] == "b"
        assert c["position"] == {"zone": "z2", "cell": None}
        assert c["contacts"] == []
        assert {k: c["stats"][k] for k in template.stats} == template.stats
    assert ids(enc) == ["x"]


def test_add_goblins_with_stats_and_notes_from_the_template():
    enc = libre_encounter()
    bandit, template = from_bestiary(enc, "Bandit", "b")
    (cid,), cs = roster_edits.add_combatants(LIBRE, enc, bandit, 1, zone="z3")
    apply(enc, cs)
    c = enc.combatant(cid)
    assert c.name == "Bandit" and cid == "bandit"
    assert c.stats["pv"] == 9 and c.stats["armes"][0]["nom"] == "Épée courte"
    assert c.notes == template.notes == "Fuit à moins de 3 PV."


def test_adding_a_name_already_on_the_roster_numbers_it():
    enc = libre_encounter()
    gob, _ = from_bestiary(enc, "Gobelin", "b")
    (first,), cs = roster_edits.add_combatants(LIBRE, enc, gob, 1, zone="z1")
    apply(enc, cs)
    (second,), cs = roster_edits.add_combatants(LIBRE, enc, gob, 1, zone="z1")
    apply(enc, cs)
    assert (first, second) == ("gobelin", "gobelin_2")
    assert [c.name for c in enc.combatants] == ["Gobelin", "Gobelin 2"]


def test_adding_brigands_to_the_demo_never_repeats_a_name_or_an_id():
    enc = demo()
    assert {"Brigand 1", "Brigand 2"} <= {c.name for c in enc.combatants}
    bandit, _ = from_bestiary(enc, "Bandit", "brigands")
    bandit = bandit.replace(name="Brigand")
    made, cs = roster_edits.add_combatants(LIBRE, enc, bandit, 3, zone="gue")
    apply(enc, cs)
    names = [c.name for c in enc.combatants]
    assert len(names) == len(set(names)) == 10
    assert len(ids(enc)) == len(set(ids(enc))) == 10
    assert sorted(enc.combatant(cid).name for cid in made) == [
        "Brigand 3",
        "Brigand 4",
        "Brigand 5",
    ]


def test_add_without_zone_keeps_the_template_zone():
    enc = libre_encounter()
    gob, _ = from_bestiary(enc, "Gobelin", "a")
    gob = gob.replace(position=Position(zone="z3"))
    (cid,), cs = roster_edits.add_combatants(LIBRE, enc, gob, 1)
    apply(enc, cs)
    assert enc.combatant(cid).position.zone == "z3"


def test_add_drops_template_contacts():
    enc = libre_encounter(fighter("x", "a"))
    gob, _ = from_bestiary(enc, "Gobelin", "b")
    gob = gob.replace(contacts=["x"])
    made, cs = roster_edits.add_combatants(LIBRE, enc, gob, 2, zone="z1")
    apply(enc, cs)
    assert all(enc.combatant(cid).contacts == [] for cid in made)


def test_add_200_is_the_most_allowed():
    enc = libre_encounter()
    gob, _ = from_bestiary(enc, "Gobelin", "b")
    made, cs = roster_edits.add_combatants(LIBRE, enc, gob, 200, zone="z1")
    assert len(set(made)) == 200
    apply(enc, cs)
    assert enc.combatants[-1].name == "Gobelin 200"


@pytest.mark.parametrize("count", [0, -1, 201])
def test_add_count_outside_1_to_200_is_refused(count):
    enc = libre_encounter()
    gob, _ = from_bestiary(enc, "Gobelin", "b")
    refused(enc, roster_edits.add_combatants, LIBRE, enc, gob, count, "z1")


def test_add_to_an_unknown_side_is_refused():
    """The module documents a KeyError here (caught by the caller), not a RosterEditError."""
    enc = libre_encounter()
    gob, _ = from_bestiary(enc, "Gobelin", "nobody")
    refused(
        enc,
        roster_edits.add_combatants,
        LIBRE,
        enc,
        gob,
        1,
        "z1",
        error=(KeyError, RosterEditError),
    )


@pytest.mark.parametrize(
    ("stats", "fr"),
    [
        ({"pv": "abc"}, "nombre entier attendu"),
        ({"defense": 100}, "hors de 0–99"),
        ({"degats": "2d"}, ""),
        ({"armes": [{"nom": "Dague", "attaque": "x"}]}, "ligne 1"),
        ({"charisme": 3}, "champ inconnu"),
    ],
)
def test_add_a_template_with_an_impossible_stat_is_refused(stats, fr):
    enc = libre_encounter()
    gob, _ = from_bestiary(enc, "Gobelin", "b")
    bad = gob.replace(stats={**gob.stats, **stats})
    err = refused(enc, roster_edits.add_combatants, LIBRE, enc, bad, 3, "z1")
    assert fr in err.fr


def test_add_into_an_unknown_zone_never_reaches_the_encounter():
    enc = libre_encounter()
    gob, _ = from_bestiary(enc, "Gobelin", "b")
    before = dump(enc)
    with pytest.raises(ValueError):  # RosterEditError or the ChangeError of apply
        _, cs = roster_edits.add_combatants(LIBRE, enc, gob, 2, zone="nowhere")
        apply(enc, cs)
    assert dump(enc) == before


# duplicate ----------------------------------------------------------------------------------


def test_duplicate_numbers_copies_without_contacts_and_reverts():
    x = fighter("x", "a", "z2", pv=7).replace(name="Nom", contacts=["y"])
    y = fighter("y", "b", "z2").replace(contacts=["x"])
    enc = libre_encounter(x, y)
    made, cs = roster_edits.duplicate(LIBRE, enc, "x", 2)
    assert len(set(made)) == 2 and not {"x", "y"} & set(made)
    after = round_trip(enc, cs)
    copies = [c for c in after[0]["combatants"] if c["id"] in made]
    assert [c["name"] for c in copies] == ["Nom 2", "Nom 3"]
    for c in copies:
        assert c["contacts"] == []
        assert c["position"]["zone"] == "z2"
        assert c["stats"]["pv"] == 7 and c["side"] == "a"
    by_id = {c["id"]: c for c in after[0]["combatants"]}
    assert by_id["x"]["contacts"] == ["y"] and by_id["y"]["contacts"] == ["x"]


def test_duplicate_a_numbered_name_takes_the_next_free_number():
    enc = demo()
    made, cs = roster_edits.duplicate(LIBRE, enc, "brig1", 1)
    apply(enc, cs)
    assert enc.combatant(made[0]).name == "Brigand 3"
    assert len(ids(enc)) == len(set(ids(enc)))


@pytest.mark.parametrize("count", [0, 201])
def test_duplicate_count_outside_1_to_200_is_refused(count):
    enc = libre_encounter(fighter("x", "a"))
    refused(enc, roster_edits.duplicate, LIBRE, enc, "x", count)


# remove_combatant ---------------------------------------------------------------------------


def three_in_contact():
    x = fighter("x", "a").replace(contacts=["y", "w"])
    y = fighter("y", "b").replace(contacts=["x"])
    w = fighter("w", "b").replace(contacts=["x"])
    return libre_encounter(x, y, w)


def test_remove_breaks_contacts_both_ways_and_reverts_in_place():
    enc = three_in_contact()
    after = round_trip(enc, roster_edits.remove_combatant(enc, "x"))
    assert [c["id"] for c in after[0]["combatants"]] == ["y", "w"]
    assert all(c["contacts"] == [] for c in after[0]["combatants"])
    assert ids(enc) == ["x", "y", "w"]
    assert enc.combatant("x").contacts == ["y", "w"]


def test_remove_a_middle_combatant_of_the_demo_reverts_exactly():
    enc = demo()
    cs = roster_edits.remove_combatant(enc, "chef")
    after = round_trip(enc, cs)
    assert "chef" not in [c["id"] for c in after[0]["combatants"]]
    assert ids(enc).index("chef") == 3


def in_combat(current_unit):
    """x, y, z, v in initiative order, with `current_unit` acting in round 1."""
    t = Table(
        libre_encounter(fighter("x", "a"), fighter("y", "b"), fighter("z", "a"), fighter("v", "b"))
    )
    t.apply(t.start_combat({"x": 20, "y": 15, "z": 10, "v": 5}))
    while t.enc.turn.order[t.enc.turn.current].unit != current_unit:
        t.apply(t.next_turn())
    return t


def acting(enc):
    return enc.turn.order[enc.turn.current].unit


def order(enc):
    return [e.unit for e in enc.turn.order]


@pytest.mark.parametrize(
    ("current", "removed", "order_after", "acting_after"),
    [
        ("z", "x", ["y", "z", "v"], "z"),  # a unit before the current one
        ("y", "z", ["x", "y", "v"], "y"),  # a unit after it
        ("y", "v", ["x", "y", "z"], "y"),  # the last unit
        ("y", "y", ["x", "z", "v"], "z"),  # the current unit: the next one acts
        ("x", "x", ["y", "z", "v"], "y"),  # the current first unit
    ],
)
def test_remove_mid_combat_leaves_the_order_and_current_follows(
    current, removed, order_after, acting_after
):
    t = in_combat(current)
    before = dump(t.enc)
    cs = roster_edits.remove_combatant(t.enc, removed)
    t.apply(cs)
    assert order(t.enc) == order_after
    assert acting(t.enc) == acting_after
    assert t.enc.turn.round == 1
    t.revert(cs)
    assert dump(t.enc) == before
    assert acting(t.enc) == current


def test_remove_the_current_last_unit_leaves_a_valid_current():
    t = in_combat("v")
    cs = roster_edits.remove_combatant(t.enc, "v")
    t.apply(cs)
    assert order(t.enc) == ["x", "y", "z"]
    assert 0 <= t.enc.turn.current < 3
    t.revert(cs)
    assert acting(t.enc) == "v"


def test_remove_the_only_unit_of_the_order():
    t = Table(libre_encounter(fighter("x", "a")))
    t.apply(t.start_combat({"x": 12}))
    cs = roster_edits.remove_combatant(t.enc, "x")
    t.apply(cs)
    assert t.enc.turn.order == [] and t.enc.turn.current == -1
    t.revert(cs)
    assert order(t.enc) == ["x"] and t.enc.turn.current == 0


def test_previous_turn_after_removing_an_earlier_unit_returns_to_the_right_unit():
    t = in_combat("z")  # x acted, then y, now z; history remembers y acting
    t.apply(roster_edits.remove_combatant(t.enc, "x"))
    t.apply(t.previous_turn())
    assert acting(t.enc) == "y"


def test_remove_a_member_of_a_group_keeps_the_group():
    enc = libre_encounter(fighter("x", "a"), fighter("y", "a"), fighter("z", "b"))
    turn = RankedState(
        round=1,
        order=[
            RankedEntry(unit="g", members=["x", "y"], side="a", initiative=15),
            RankedEntry(unit="z", members=["z"], side="b", initiative=9),
        ],
        current=1,
    )
    t = Table(enc)
    t.apply(ChangeSet("groupe", (change(enc, ("turn",), turn),)))
    before = dump(enc)
    cs = roster_edits.remove_combatant(enc, "x")
    apply(enc, cs)
    assert [(e.unit, e.members) for e in enc.turn.order] == [("g", ["y"]), ("z", ["z"])]
    assert acting(enc) == "z"
    cs2 = roster_edits.remove_combatant(enc, "y")
    apply(enc, cs2)
    assert order(enc) == ["z"] and acting(enc) == "z"
    revert(enc, cs2)
    revert(enc, cs)
    assert dump(enc) == before


def test_remove_out_of_combat_does_not_touch_the_turn():
    enc = libre_encounter(fighter("x", "a"), fighter("y", "b"))
    cs = roster_edits.remove_combatant(enc, "y")
    assert all(c.path[0] != "turn" for c in cs.changes)
    round_trip(enc, cs)


def test_remove_unknown_combatant_is_refused():
    enc = libre_encounter(fighter("x", "a"))
    refused(enc, roster_edits.remove_combatant, enc, "nobody", error=(KeyError, RosterEditError))


# rename / notes / side ----------------------------------------------------------------------


def test_rename_strips_applies_and_reverts():
    enc = libre_encounter(fighter("x", "a"), fighter("y", "b"))
    after = round_trip(enc, roster_edits.rename(enc, "y", "  Grom le Rouge "))
    assert after[0]["combatants"][1]["name"] == "Grom le Rouge"


@pytest.mark.parametrize("name", ["", "   ", "n" * 201])
def test_rename_refuses_an_empty_or_too_long_name_in_the_gms_words(name):
    enc = libre_encounter(fighter("x", "a"), fighter("y", "b"))
    err = refused(enc, roster_edits.rename, enc, "y", name)
    assert err.fr.startswith("Y : un nom a de 1 à 200 caractères")
    assert err.en.startswith("Y: a name has 1 to 200 characters")
    assert "$" not in err.fr + err.en


def test_set_notes_and_set_side_round_trip():
    enc = libre_encounter(fighter("x", "a"))
    round_trip(enc, roster_edits.set_notes(enc, "x", "Blessé à la jambe."))
    after = round_trip(enc, roster_edits.set_side(enc, "x", "b"))
    assert after[0]["combatants"][0]["side"] == "b"
    refused(enc, roster_edits.set_notes, enc, "x", "n" * 20_001)


# set_track ----------------------------------------------------------------------------------


def ruleset_with_track():
    """set_track only reads `ruleset.data`: libre's fields plus a four-box track."""
    data = RulesetData(
        id="essai",
        name=Label(fr="Essai", en="Test"),
        fields=LIBRE.data.fields,
        tracks=(
            TrackSpec(key="sante", label=Label(fr="Santé", en="Health"), size=4, marks=("/", "X")),
        ),
    )
    return SimpleNamespace(data=data)


@pytest.mark.parametrize("marks", [["/", "X", "", ""], ["X"], [], ["", "", "", "/"]])
def test_set_track_with_allowed_marks_applies_and_reverts(marks):
    enc = libre_encounter(fighter("x", "a"))
    cs = roster_edits.set_track(ruleset_with_track(), enc, "x", "sante", marks)
    assert cs.label == "X : Santé"
    after = round_trip(enc, cs)
    assert after[0]["combatants"][0]["tracks"] == {"sante": {"marks": marks}}
    assert enc.combatant("x").tracks == {}


def test_set_track_replaces_existing_marks_and_reverts():
    enc = libre_encounter(fighter("x", "a"))
    rs = ruleset_with_track()
    apply(enc, roster_edits.set_track(rs, enc, "x", "sante", ["/", "", "", ""]))
    after = round_trip(enc, roster_edits.set_track(rs, enc, "x", "sante", ["X", "X", "/", ""]))
    assert after[0]["combatants"][0]["tracks"]["sante"]["marks"] == ["X", "X", "/", ""]
    assert enc.combatant("x").tracks["sante"].marks == ["/", "", "", ""]


@pytest.mark.parametrize(
    ("key", "marks"),
    [
        ("sante", ["/", "/", "/", "/", "/"]),  # five boxes on a four-box track
        ("sante", ["/", "Z"]),  # a mark the track does not allow
        ("moral", ["/"]),  # a track the ruleset does not have
    ],
)
def test_set_track_refuses_a_wrong_size_mark_or_track(key, marks):
    """Said in the GM's words: whose track, no JSON path (issue 17, deliver 3)."""
    enc = libre_encounter(fighter("x", "a"))
    err = refused(enc, roster_edits.set_track, ruleset_with_track(), enc, "x", key, marks)
    assert err.fr.startswith("X : ") and err.en.startswith("X: ")
    assert "$" not in err.fr + err.en


def test_set_track_with_a_too_long_mark_is_a_roster_edit_error():
    enc = libre_encounter(fighter("x", "a"))
    refused(enc, roster_edits.set_track, ruleset_with_track(), enc, "x", "sante", ["XXXXX"])


def test_libre_has_no_track_so_any_track_is_refused():
    enc = libre_encounter(fighter("x", "a"))
    refused(enc, roster_edits.set_track, LIBRE, enc, "x", "sante", ["/"])


# set_states ---------------------------------------------------------------------------------


def test_set_states_applies_and_reverts():
    enc = demo()
    states = [
        State(key="a_terre", label="À terre", text="Se relever coûte un déplacement."),
        State(key="x_beni", label="Béni", expiry=Expiry(at="rounds", rounds=3)),
    ]
    after = round_trip(enc, roster_edits.set_states(enc, "ysolde", states))
    assert after[0]["combatants"][0]["states"] == [msgspec.to_builtins(s) for s in states]
    assert enc.combatant("ysolde").states == []


def test_set_states_to_none_clears_and_reverts():
    enc = demo()
    kept = list(enc.combatant("archer").states)
    assert kept
    round_trip(enc, roster_edits.set_states(enc, "archer", []))
    assert enc.combatant("archer").states == kept


# add_side -----------------------------------------------------------------------------------


def test_add_side_gets_an_id_from_its_name_and_reverts():
    enc = blank_encounter("libre")
    sid, cs = roster_edits.add_side(enc, "  Les Loups de l'Étang ", "#445566")
    assert sid == "les_loups_de_l_etang"
    after = round_trip(enc, cs)
    assert after[0]["sides"][-1] == {
        "id": sid,
        "name": "Les Loups de l'Étang",
        "colour": "#445566",
        "resources": {},
        "players": False,
    }
    assert [s.id for s in enc.sides] == ["pj", "adversaires"]


def test_add_side_with_a_taken_name_gets_a_fresh_id():
    enc = blank_encounter("libre")
    first, cs = roster_edits.add_side(enc, "Camp", "#000000")
    apply(enc, cs)
    second, cs = roster_edits.add_side(enc, "Camp", "#ffffff")
    apply(enc, cs)
    assert (first, second) == ("camp", "camp_2")
    assert len({s.id for s in enc.sides}) == 4


def test_combatants_can_join_a_new_side():
    enc = libre_encounter(fighter("x", "a"))
    sid, cs = roster_edits.add_side(enc, "Neutres", "#777777")
    apply(enc, cs)
    gob, _ = from_bestiary(enc, "Gobelin", sid)
    made, cs = roster_edits.add_combatants(LIBRE, enc, gob, 2, zone="z1")
    apply(enc, cs)
    assert {enc.combatant(c).side for c in made} == {sid}


@pytest.mark.parametrize("name", ["", "   "])
def test_add_side_without_a_name_is_refused(name):
    enc = blank_encounter("libre")
    refused(enc, roster_edits.add_side, enc, name, "#123456")


@pytest.mark.parametrize(("name", "colour"), [("Camp", "red"), ("n" * 201, "#123456")])
def test_add_side_with_an_impossible_colour_or_name_is_a_roster_edit_error(name, colour):
    enc = blank_encounter("libre")
    refused(enc, roster_edits.add_side, enc, name, colour)
