"""Schema 2 → 3: files written by version 2 (tests/data/v2) load and play on. A timed state
keeps its end (G-4), and reserve_menace's hit waiting as a state becomes its reaction window
(RM-28, RM-49), whose gesture goes on."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gui.engine.files import storage
from gui.engine.files.migrations import migrate
from gui.engine.play.table import Table
from gui.engine.rulesets import registry
from gui.engine.state.model import Expiry
from gui.engine.timing import windows
from tests.engine.files.test_migration_v2 import loads_or_refuses
from tests.engine.rulesets.reserve_menace.builders import act

V2 = Path(__file__).resolve().parents[2] / "data" / "v2"
GOLDENS = sorted(p.name for p in V2.glob("*.json"))


def golden(name: str) -> dict:
    return json.loads((V2 / name).read_bytes())


def load(name: str) -> Table:
    return Table(storage.loads((V2 / name).read_bytes(), name))


@pytest.mark.parametrize("name", GOLDENS)
def test_every_v2_golden_loads_and_saves_in_the_current_version(name):
    t = load(name)
    data = storage.dumps(t.enc)
    assert json.loads(data)["schema_version"] == storage.SCHEMA_VERSION
    assert storage.loads(data) == t.enc
    body = golden(name)["encounter"]
    assert [c.id for c in t.enc.combatants] == [c["id"] for c in body["combatants"]]
    assert len(t.enc.log) == len(body["log"]) and t.enc.turn.round == body["turn"]["round"]


def test_g_4_a_state_counted_in_rounds_still_ends_at_the_same_round_start():
    """v2: Étourdi with 1 round left in round 2 (it went at the start of round 3)."""
    t = load("libre_timed_state.json")
    (state,) = t.enc.combatant("y").states
    assert state.expiry == Expiry(at="rounds", rounds=1)
    assert t.enc.turn.round == 2
    while t.enc.turn.round == 2:
        assert t.enc.combatant("y").states == [state]
        t.apply(t.next_turn())
    assert t.enc.combatant("y").states == []
    assert t.enc.log[-1].outcome == "Y n’est plus Étourdi"


def test_rm_28_a_hit_waiting_as_a_state_becomes_its_window_and_is_absorbed():
    """v2: Ana's 7 Qualités wait on S1 as the state « À encaisser »."""
    t = load("reserve_menace_pending.json")
    enc = t.enc
    assert all(s.key != "a_encaisser" for c in enc.combatants for s in c.states)
    (window,) = enc.windows
    assert (window.kind, window.actor, window.target, window.value, window.round) == (
        "a_encaisser",
        "ana",  # the log shows her attack on S1
        "s1",
        7,
        enc.turn.round,
    )
    assert window.gesture == window.id
    assert [(o.actor, o.kind) for o in t.offers()][:2] == [("s1", "encaisser"), ("ana", "desarmer")]
    label = windows.describe(enc, registry.get("reserve_menace").data, window)
    assert label.fr.startswith("Attaque de Ana : ") and label.en.startswith("Ana's attack: ")
    act(t, "encaisser", "s1", q=1)
    assert enc.windows == []


def test_rm_49_a_protectors_hit_becomes_its_window():
    t = load("reserve_menace_protected.json")
    (window,) = t.enc.windows
    assert (window.kind, window.target, window.value) == ("a_encaisser_protege", "bea", 9)
    label = windows.describe(t.enc, t.ruleset.data, window)
    assert (label.fr, label.en) == (
        "Bea protège et encaisse 9 Qualités",
        "Bea protects and absorbs 9 Qualités",
    )
    preview, _r, _cs = act(t, "encaisser", "bea", q=1)
    assert preview.dice.expr.count == 2  # RM-49: Malus max(0, 9 − Défense 6) = 3 from 5
    assert t.enc.windows == []


def test_a_state_of_that_key_stays_a_state_where_the_ruleset_has_no_such_window():
    doc = golden("libre_timed_state.json")["encounter"]
    doc["combatants"][0]["states"] = [{"key": "a_encaisser", "label": "À encaisser", "text": ""}]
    out = migrate(doc, 2, 3)
    assert out["combatants"][0]["states"] == [
        {"key": "a_encaisser", "label": "À encaisser", "text": ""}
    ]
    assert "windows" not in out


def test_the_v2_document_read_is_left_as_it_was():
    doc = golden("reserve_menace_pending.json")["encounter"]
    before = json.dumps(doc)
    migrate(doc, 2, 3)
    assert json.dumps(doc) == before


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 99) | st.sampled_from(["", "a_encaisser", "s1"]),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(
            st.sampled_from(["key", "value", "rounds_left", "target", "actor"]),
            inner,
            max_size=3,
        )
    ),
    max_leaves=6,
)
PLACES = ("combatants", "log", "turn", "windows")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(GOLDENS), st.data())
def test_any_value_in_what_the_step_reads_loads_or_is_refused_cleanly(name, data):
    doc = golden(name)
    body = doc["encounter"]
    where = data.draw(st.sampled_from(PLACES))
    if where == "combatants" and body["combatants"]:
        c = data.draw(st.sampled_from(body["combatants"]))
        c["states"] = data.draw(st.lists(JSON, max_size=2) | JSON)
    elif where == "log" and body["log"]:
        k = data.draw(st.integers(0, len(body["log"]) - 1))
        body["log"][k] = data.draw(JSON)
    else:
        body[where] = data.draw(JSON)
    loads_or_refuses(doc, name)
