"""Schema 1 → 2 (then on to the current version): v1 goldens and v1 files of fights load in
their mode, step back, and save again."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gui.engine.core.copies import deep_copy
from gui.engine.files import storage
from gui.engine.play.table import Table
from gui.engine.turns.cards import parse_card
from tests.engine.builders import fighter, libre_encounter
from tests.engine.files.v1_builders import GOLDENS, MODES, V1, Recorder, as_json, golden, project
from tests.engine.rulesets.attention_donjon import builders as ad
from tests.engine.rulesets.conteur import builders as con
from tests.engine.rulesets.reserve_menace import builders as rm
from tests.engine.turns.turn_builders import state

PHASES = {"declare": 0, "act": 1}


def saves_current(t: Table) -> None:
    """The encounter saves in the current version and loads again identically."""
    data = storage.dumps(t.enc)
    assert json.loads(data)["schema_version"] == storage.SCHEMA_VERSION
    again = storage.loads(data)
    assert again == t.enc and storage.dumps(again) == data


def suivant(t: Table) -> None:
    """Suivant, first dealing the round's cards or rolling the initiative when the mode
    waits for them."""
    mode, turn = t.mode(), t.enc.turn
    if getattr(mode, "needs_cards", lambda _t: False)(turn):
        hand = (parse_card("R♥"), parse_card("2♣"))
        cards = {e.unit: card for e, card in zip(turn.order, hand, strict=False)}
        t.apply(t.turn_step("deal", cards=cards))
    elif getattr(mode, "needs_initiative", lambda _t: False)(turn):
        t.apply(t.turn_step("begin_act", rolls={e.unit: 5 for e in turn.order}))
    t.apply(t.next_turn())


def when(turn) -> tuple:
    """Where the fight stands in time: round, phase, whose turn (ranked modes, declare)."""
    return (turn.round, PHASES.get(getattr(turn, "phase", ""), 0), turn.current)


@pytest.mark.parametrize("name", GOLDENS)
def test_every_golden_loads_in_its_mode_plays_on_and_steps_back(name):
    """G-4: Précédent goes back over every step the v1 file remembers."""
    data = (V1 / name).read_bytes()
    assert json.loads(data)["schema_version"] == 1
    t = Table(storage.loads(data, name))
    assert t.enc.turn.mode == MODES[name]
    saves_current(t)
    if t.enc.turn.mode == "none":
        t.apply(t.start_combat({u: 10 for u in t.initiative_requests()}))
    loaded, remembered = state(t.enc.turn), len(t.enc.turn.history)
    assert remembered == len(golden(name)["encounter"]["turn"]["history"])
    for _ in range(3):
        suivant(t)
    saves_current(t)
    while len(t.enc.turn.history) > remembered:
        t.apply(t.previous_turn())
    assert state(t.enc.turn) == loaded
    stepping = t.enc.turn.mode in ("ranked", "gm_order", "cards", "declare")
    for _ in range(remembered):
        before = deep_copy(t.enc.turn)
        t.apply(t.previous_turn())
        assert t.enc.turn.round <= before.round
        if stepping:
            assert when(t.enc.turn) <= when(before)
    assert not t.enc.turn.history
    saves_current(t)


@pytest.mark.parametrize("name", [n for n in GOLDENS if n.endswith("_mid.json")])
def test_precedent_over_the_migrated_history_gives_the_v1_snapshots(name):
    doc = golden(name)
    v1 = doc["encounter"]["turn"]
    t = Table(storage.loads((V1 / name).read_bytes()))
    mode = t.enc.turn.mode
    assert project(as_json(t.enc.turn), mode) == project(v1, mode)
    for k in range(len(v1["history"]) - 1, -1, -1):
        t.apply(t.previous_turn())
        assert project(as_json(t.enc.turn), mode) == project(v1["history"][k], mode), k
    assert not t.enc.turn.history


# v1 files written from fights ------------------------------------------------------------


def _ranked():
    r = Recorder(Table(libre_encounter(fighter("x", "a"), fighter("y", "b"), fighter("z", "a"))))
    r.do(r.t.start_combat, {"x": 15, "y": 12, "z": 4})
    r.do(r.t.next_turn)
    r.do(r.t.turn_step, "delay", unit="y")
    r.do(r.t.next_turn)
    r.do(r.t.turn_step, "act_now", unit="y")
    r.do(r.t.next_turn)
    return r


def _ad(flags):
    t = ad.table(
        ad.figure("ysolde", heros=True), ad.enemy("g1"), ad.figure("bertrand"), flags=flags
    )
    r = Recorder(t)
    if flags.get("AD-CARTES"):
        r.do(t.start_combat, {"ysolde": parse_card("D♥"), "groupe.monstres": parse_card("3♣")})
        r.do(t.turn_step, "wait", unit="ysolde", card=parse_card("2♦"))
        r.do(t.next_turn)
        r.do(t.next_turn)
        r.do(t.turn_step, "deal", cards={"ysolde": parse_card("A♠")})
    else:
        r.do(t.start_combat)
        r.do(t.next_turn)
        r.do(t.turn_step, "reorder", unit="bertrand", to=0)
        for _ in range(3):
            r.do(t.next_turn)
    return r


def _alternating():
    t = Table(rm.encounter(rm.pc("ana"), rm.extra("s1", "standard"), rm.extra("m1")))
    r = Recorder(t)
    r.do(t.start_combat, first_side=rm.PJ)
    r.do(t.turn_step, "select", unit="ana")
    r.do(t.turn_step, "spend", unit="ana", count=2)
    r.do(t.next_turn)
    r.do(t.turn_step, "give_initiative", side=rm.PJ)
    r.do(t.turn_step, "pass_unit", unit="s1")
    r.do(t.next_turn)
    return r


def _declare():
    t = con.table(con.fighter("a", dexterite=4), con.fighter("b", con.MJ))
    r = Recorder(t)
    r.do(t.start_combat)
    r.do(t.turn_step, "declare", unit="a", actions=["Frapper", "Parer"])
    r.do(t.next_turn)
    r.do(t.turn_step, "declare", unit="b", actions=["Fuir"])
    r.do(t.turn_step, "begin_act", rolls={"a": 7, "b": 3})
    r.do(t.next_turn)
    return r


FIGHTS = {
    "ranked": _ranked,
    "gm_order": lambda: _ad({}),
    "gm_order (flag off)": lambda: _ad({"AD-CARTES": False}),
    "cards": lambda: _ad({"AD-CARTES": True}),
    "alternating": _alternating,
    "declare": _declare,
}


@pytest.mark.parametrize("fight", sorted(FIGHTS))
def test_a_v1_file_of_any_mode_migrates_to_the_same_fight(fight):
    """v1 "ranked" is the ruleset's mode now: attention_donjon's GM order, or its cards with
    AD-CARTES (A-AD-12)."""
    r = FIGHTS[fight]()
    data = r.v1_file()
    assert json.loads(data)["encounter"]["turn"]["policy"] in ("ranked", "alternating", "declare")
    t = Table(storage.loads(data))
    assert t.enc.turn.mode == fight.split()[0]
    assert state(t.enc.turn) == state(r.t.enc.turn)
    assert len(t.enc.turn.history) == len(r.states) - 1
    for k in range(len(r.states) - 2, -1, -1):
        t.apply(t.previous_turn())
        assert as_json(t.enc.turn) | {"history": []} == r.states[k] | {"history": []}, k
    saves_current(t)
    suivant(t)  # and it plays on from its start
    assert t.enc.turn.history and as_json(t.enc.turn)["current"] is not None
    assert as_json(t.enc.turn) | {"history": []} != r.states[0] | {"history": []}


# Bad v1 files: a LoadError, never another exception ----------------------------------------


def _set(where: str, value):
    """A change to a v1 document: the value at a dotted path (`-` deletes it)."""

    def spoil(doc: dict) -> None:
        *parents, last = [int(p) if p.lstrip("-").isdigit() else p for p in where.split(".")]
        node = doc
        for part in parents:
            node = node[part]
        if value == "-":
            del node[last]
        else:
            node[last] = value

    return spoil


TURN = "encounter.turn"
BAD = {
    "history not a list": ("libre_mid.json", _set(f"{TURN}.history", {"0": {}})),
    "history a number": ("reserve_menace_mid.json", _set(f"{TURN}.history", 5)),
    "snapshot not a dict": ("libre_mid.json", _set(f"{TURN}.history.3", [1, 2])),
    "snapshot a string": ("conteur_mid.json", _set(f"{TURN}.history.0", "avant")),
    "snapshot order not a list": ("libre_mid.json", _set(f"{TURN}.history.2.order", "x")),
    "snapshot entry not a dict": ("reserve_menace_mid.json", _set(f"{TURN}.history.1.order.0", 7)),
    "snapshot entry without unit": ("libre_mid.json", _set(f"{TURN}.history.4.order.1.unit", "-")),
    "snapshot entry without members": (
        "conteur_mid.json",
        _set(f"{TURN}.history.11.order.0.members", "-"),
    ),
    "live entry without side": ("attention_donjon_mid.json", _set(f"{TURN}.order.0.side", "-")),
    "live entry empty": ("attention_donjon_cartes_mid.json", _set(f"{TURN}.order.1", {})),
    "snapshot without round": ("libre_mid.json", _set(f"{TURN}.history.0.round", "-")),
    "snapshot in an unknown phase": ("conteur_mid.json", _set(f"{TURN}.history.5.phase", "x")),
    "snapshot current as text": (
        "attention_donjon_mid.json",
        _set(f"{TURN}.history.2.current", "2"),
    ),
    "unknown policy": ("libre_mid.json", _set(f"{TURN}.policy", "chaos")),
    "policy a list": ("libre_mid.json", _set(f"{TURN}.policy", ["ranked"])),
    "no policy": ("reserve_menace_mid.json", _set(f"{TURN}.policy", "-")),
    "turn not a dict": ("conteur_mid.json", _set(TURN, [])),
    "ranked with bad flags": (
        "attention_donjon_mid.json",
        _set("encounter.flags", {"AD-CARTES": 3}),
    ),
    "ranked without a ruleset": (
        "attention_donjon_cartes_mid.json",
        _set("encounter.ruleset", "-"),
    ),
    "ranked of an unknown ruleset": ("libre_mid.json", _set("encounter.ruleset", "inconnu")),
}


def loads_or_refuses(doc: dict, name: str) -> None:
    """The loader gives an encounter that saves and loads, or a located LoadError."""
    try:
        enc = storage.loads(json.dumps(doc).encode(), name)
    except storage.LoadError as err:
        assert err.path.startswith("$") and err.fr and err.en
        assert "internal error" not in err.en, err
    else:
        assert storage.loads(storage.dumps(enc)) == enc


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_bad_v1_file_loads_or_is_refused_cleanly(case):
    name, spoil = BAD[case]
    doc = golden(name)
    spoil(doc)
    loads_or_refuses(doc, name)


def _places(node, at=()):
    """Every place inside a JSON value, as paths of keys and indices."""
    yield at
    items = (
        node.items()
        if isinstance(node, dict)
        else enumerate(node if isinstance(node, list) else ())
    )
    for key, child in items:
        yield from _places(child, (*at, key))


MIDS = {n: golden(n) for n in GOLDENS if n.endswith("_mid.json")}
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 99) | st.sampled_from(["", "x", "act", "mj"]),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.sampled_from(["unit", "round", "order"]), inner, max_size=3)
    ),
    max_leaves=6,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(MIDS)), st.data())
def test_any_value_anywhere_in_a_v1_turn_loads_or_is_refused_cleanly(name, data):
    doc = json.loads(json.dumps(MIDS[name]))
    turn = doc["encounter"]["turn"]
    place = data.draw(st.sampled_from(list(_places(turn))[1:]))
    node = turn
    for key in place[:-1]:
        node = node[key]
    node[place[-1]] = data.draw(JSON)
    loads_or_refuses(doc, name)
