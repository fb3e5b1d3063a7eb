"""ChangeSets: old values captured, apply/revert round trips, all-or-nothing refusal."""

import json
from datetime import UTC, datetime

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gui.engine.state.changes import (
    ABSENT,
    Change,
    ChangeError,
    ChangeSet,
    apply,
    change,
    read,
    revert,
)
from gui.engine.state.model import (
    Combatant,
    Edge,
    Encounter,
    LogEntry,
    Map,
    Position,
    Rect,
    Side,
    Zone,
)

T0 = datetime(2024, 5, 1, 20, 30, tzinfo=UTC)


def zone(zid):
    return Zone(id=zid, name=zid.upper(), rect=Rect(x=0, y=0, width=10, height=10))


def encounter():
    """a and b in contact (z1, z2), m in between on the roster, two log lines."""
    return Encounter(
        id="e1",
        name="Crypte",
        ruleset="libre",
        sides=[Side(id="pj", name="PJ"), Side(id="mj", name="MJ", resources={"menace": 2})],
        combatants=[
            Combatant(
                id="a",
                name="Aria",
                side="pj",
                stats={"pv": 10, "def": 3},
                position=Position(zone="z1"),
                contacts=["b"],
            ),
            Combatant(id="m", name="Mire", side="mj"),
            Combatant(
                id="b",
                name="Brute",
                side="mj",
                stats={"pv": 8},
                position=Position(zone="z2"),
                contacts=["a"],
            ),
        ],
        map=Map(zones=[zone("z1"), zone("z2"), zone("z3")], edges=[Edge(a="z1", b="z2")]),
        log=[LogEntry(time=T0, action="Début"), LogEntry(time=T0, round=1, action="Attaque")],
    )


def typed_dump(enc):
    """The encounter as JSON that tells 1 from True (dict key order ignored)."""
    return json.dumps(msgspec.to_builtins(enc), sort_keys=True)


def roster(enc):
    return [c.id for c in enc.combatants]


def one(enc, path, new, index=None, label="test"):
    return ChangeSet(label, (change(enc, path, new, index),))


def test_change_captures_old_value_as_a_copy():
    enc = encounter()
    ch = change(enc, ("combatants", "a", "stats"), {"pv": 1})
    assert (ch.path, ch.old, ch.new, ch.index) == (
        ("combatants", "a", "stats"),
        {"pv": 10, "def": 3},
        {"pv": 1},
        None,
    )
    enc.combatant("a").stats["pv"] = 99
    assert ch.old["pv"] == 10
    pos = change(enc, ["combatants", "b", "position"], Position(zone="z1"))
    assert pos.path == ("combatants", "b", "position") and pos.old == Position(zone="z2")
    assert pos.old is not enc.combatant("b").position


NEW_LOG = LogEntry(time=T0, round=2, actor="a", target="b", action="Tir", dice=[6, 3])
ROUND_TRIPS = {
    "stat value": (("combatants", "a", "stats", "pv"), 4, None, 10),
    "new stat key": (("combatants", "a", "stats", "xp"), 12, None, ABSENT),
    "removed stat key": (("combatants", "a", "stats", "def"), ABSENT, None, 3),
    "position model": (
        ("combatants", "m", "position"),
        Position(zone="z3", cell=(1, 2)),
        None,
        Position(),
    ),
    "side resource": (("sides", "mj", "resources", "menace"), 5, None, 2),
    "append combatant": (
        ("combatants", "d"),
        Combatant(id="d", name="Dé", side="pj"),
        None,
        ABSENT,
    ),
    "insert combatant": (("combatants", "d"), Combatant(id="d", name="Dé", side="pj"), 0, ABSENT),
    "remove combatant": (("combatants", "m"), ABSENT, 1, Combatant(id="m", name="Mire", side="mj")),
    "log entry at int": (("log", 2), NEW_LOG, None, ABSENT),
}


@pytest.mark.parametrize("name", list(ROUND_TRIPS))
def test_apply_then_revert_restores_an_equal_encounter(name):
    path, new, index, old = ROUND_TRIPS[name]
    enc = encounter()
    before = msgspec.to_builtins(enc)
    cs = one(enc, path, new, index)
    assert cs.changes[0].old == old
    apply(enc, cs)
    assert read(enc, path) == new
    assert msgspec.to_builtins(enc) != before
    revert(enc, cs)
    assert msgspec.to_builtins(enc) == before
    assert read(enc, path) == old


def test_inserted_combatant_goes_at_index_or_at_the_end():
    enc, dee = encounter(), Combatant(id="d", name="Dé", side="pj")
    apply(enc, one(enc, ("combatants", "d"), dee))
    assert roster(enc) == ["a", "m", "b", "d"]
    enc = encounter()
    apply(enc, one(enc, ("combatants", "d"), dee, index=1))
    assert roster(enc) == ["a", "d", "m", "b"]


def test_removed_combatant_comes_back_at_its_place_with_index():
    enc = encounter()
    cs = one(enc, ("combatants", "m"), ABSENT, index=1)
    apply(enc, cs)
    assert roster(enc) == ["a", "b"]
    revert(enc, cs)
    assert roster(enc) == ["a", "m", "b"]
    enc = encounter()
    cs = one(enc, ("combatants", "m"), ABSENT)  # change() remembers where it was
    assert cs.changes[0].index == 1
    apply(enc, cs)
    revert(enc, cs)
    assert roster(enc) == ["a", "m", "b"]


def test_log_entry_inserted_at_int_position():
    enc = encounter()
    apply(enc, one(enc, ("log", 2), NEW_LOG))
    assert [e.action for e in enc.log] == ["Début", "Attaque", "Tir"]
    assert read(enc, ("log", 2)) == NEW_LOG and read(enc, ("log", 3)) is ABSENT


def test_stale_second_change_rolls_back_the_first():
    enc = encounter()
    before = msgspec.to_builtins(enc)
    good = change(enc, ("combatants", "a", "stats", "pv"), 1)
    stale = Change(("combatants", "b", "stats", "pv"), 999, 0)
    with pytest.raises(ChangeError) as err:
        apply(enc, ChangeSet("deux coups", (good, stale)))
    assert msgspec.to_builtins(enc) == before
    assert "Valeur inattendue" in err.value.fr and "Unexpected value" in err.value.en
    assert "$.combatants.b.stats.pv" in err.value.en


@pytest.mark.parametrize(
    ("path", "new"),
    [
        (("combatants", "a", "position", "zone"), "nowhere"),
        (("combatants", "m", "contacts"), ["a"]),  # a does not list m: one-sided
        (("combatants", "m", "contacts"), ["ghost"]),
        (("combatants", "m", "side"), "elfes"),
        (("map", "edges"), [Edge(a="z1", b="nowhere")]),
    ],
)
def test_change_breaking_references_is_refused_and_nothing_changes(path, new):
    enc = encounter()
    before = msgspec.to_builtins(enc)
    first = change(enc, ("combatants", "a", "stats", "pv"), 3)
    with pytest.raises(ChangeError) as err:
        apply(enc, ChangeSet("déplacer", (first, change(enc, path, new))))
    assert err.value.fr and err.value.en
    assert msgspec.to_builtins(enc) == before


@pytest.mark.parametrize(
    ("path", "new"),
    [
        (("combatants", "a", "name"), 5),
        (("combatants", "a", "stats"), "beaucoup"),
        (("map", "zones", "z1", "rect", "width"), -4.0),
        (("map", "edges", 0, "b"), "z1"),  # Edge's own validator: a loop z1–z1
        (("notes",), ABSENT),  # a model attribute cannot be removed
    ],
)
def test_wrong_value_on_a_model_attribute_is_refused(path, new):
    enc = encounter()
    before = msgspec.to_builtins(enc)
    with pytest.raises(ChangeError):
        apply(enc, one(enc, path, new))
    assert msgspec.to_builtins(enc) == before


def test_inverted_add_and_bool():
    enc = encounter()
    cs = one(enc, ("combatants", "a", "stats", "pv"), 2, label="Dégâts")
    other = one(enc, ("combatants", "m"), ABSENT, index=1, label="Retirer")
    both = cs + other
    assert both.label == "Dégâts" and both.changes == cs.changes + other.changes
    assert both.inverted().inverted() == both
    inv = both.inverted()
    assert [c.path[-1] for c in inv.changes] == ["m", "pv"]  # last change undone first
    assert inv.changes[0] == Change(("combatants", "m"), ABSENT, other.changes[0].old, 1)
    assert bool(cs) and not ChangeSet("vide")


def test_read_returns_absent_for_a_missing_key():
    enc = encounter()
    assert read(enc, ("combatants", "a", "stats", "pv")) == 10
    assert read(enc, ("combatants", "a", "stats", "nope")) is ABSENT
    assert read(enc, ("combatants", "zz")) is ABSENT
    assert read(enc, ("log", 7)) is ABSENT
    assert read(enc, ("combatants", "a", "nope")) is ABSENT
    assert repr(ABSENT) == "ABSENT"


BROKEN_TOP_LEVEL = {
    "combatants": lambda enc: [
        c.replace(position=Position(zone="nowhere")) for c in enc.combatants
    ],
    "sides": lambda enc: [Side(id="pj", name="PJ")],  # m and b are on side mj
    "map": lambda enc: Map(zones=[zone("z1")]),  # b stands in z2
}


@pytest.mark.parametrize("attr", list(BROKEN_TOP_LEVEL))
def test_refused_encounter_attribute_replacement_leaves_nothing_changed(attr):
    """A refused replacement of an encounter attribute leaves the old value in place."""
    enc = encounter()
    before = msgspec.to_builtins(enc)
    with pytest.raises(ChangeError):
        apply(enc, one(enc, (attr,), BROKEN_TOP_LEVEL[attr](enc)))
    assert msgspec.to_builtins(enc) == before


def test_insert_past_the_end_is_refused():
    """Regression: ("log", 9) was appended at 2, and its revert then failed (stale)."""
    enc = encounter()
    before = msgspec.to_builtins(enc)
    with pytest.raises(ChangeError):
        apply(enc, one(enc, ("log", 9), NEW_LOG))
    with pytest.raises(ChangeError):
        apply(enc, one(enc, ("combatants", "d"), Combatant(id="d", name="D", side="pj"), 7))
    assert msgspec.to_builtins(enc) == before


@pytest.mark.parametrize(
    ("path", "new"),
    [
        (("combatants", "a", "stats", "pv"), {"not": "a stat"}),
        (("combatants", "a", "tracks", "pv"), "pas une piste"),
        (("log", 2), "pas une entrée"),
    ],
)
def test_wrong_typed_dict_or_list_item_is_refused(path, new):
    """Regression: items of dicts and lists were stored without validation."""
    enc = encounter()
    before = msgspec.to_builtins(enc)
    with pytest.raises(ChangeError):
        apply(enc, one(enc, path, new))
    assert msgspec.to_builtins(enc) == before


STAT = st.one_of(
    st.integers(-100, 100),
    st.booleans(),
    st.none(),
    st.text("abcé", max_size=4),
    st.lists(st.text("xy", max_size=2), max_size=2),
    st.just(ABSENT),
)


@given(
    st.lists(
        st.tuples(st.sampled_from(["a", "b"]), st.sampled_from(["pv", "def", "xp"]), STAT),
        max_size=12,
    )
)
def test_random_stat_edits_revert_in_reverse_order(edits):
    enc = encounter()
    before = typed_dump(enc)
    done = []
    for cid, key, value in edits:
        path = ("combatants", cid, "stats", key)
        if value is ABSENT and read(enc, path) is ABSENT:
            continue  # nothing to remove
        cs = one(enc, path, value)
        apply(enc, cs)
        assert read(enc, path) == value
        done.append(cs)
    for cs in reversed(done):
        revert(enc, cs)
    assert typed_dump(enc) == before


def test_undoing_a_key_removal_puts_the_key_back_in_its_place():
    """Undo restores everything, down to the order of keys in the saved JSON."""
    enc = encounter()
    keys = list(enc.combatant("a").stats)
    assert len(keys) >= 2
    cs = one(enc, ("combatants", "a", "stats", keys[0]), ABSENT)
    apply(enc, cs)
    assert list(enc.combatant("a").stats) == keys[1:]
    revert(enc, cs)
    assert list(enc.combatant("a").stats) == keys
