"""Small encounter builders shared by the engine tests."""

import json

import msgspec

from gui.engine.files import storage
from gui.engine.rulesets import registry
from gui.engine.state.changes import apply, revert
from gui.engine.state.model import Combatant, Edge, Encounter, Map, Position, Rect, Side, Zone


def zone(zid: str, x: float = 0) -> Zone:
    return Zone(id=zid, name=zid.upper(), rect=Rect(x=x, y=0, width=100, height=100))


def fighter(cid: str, side: str, zone_id: str = "z1", **stats) -> Combatant:
    base = {"init_mod": 0, "attaque": 0, "defense": 10, "degats": "1d6", "pv": 10, "pv_max": 10}
    base.update(stats)
    return Combatant(
        id=cid, name=cid.capitalize(), side=side, stats=base, position=Position(zone=zone_id)
    )


def libre_encounter(*combatants: Combatant, flags: dict | None = None) -> Encounter:
    """Two sides, zones z1–z2–z3 in a row, the given combatants."""
    return Encounter(
        id="t",
        name="Test",
        ruleset="libre",
        flags=flags or {},
        sides=[Side(id="a", name="A"), Side(id="b", name="B")],
        combatants=list(combatants),
        map=Map(
            zones=[zone("z1"), zone("z2", 150), zone("z3", 300)],
            edges=[Edge(a="z1", b="z2"), Edge(a="z2", b="z3")],
        ),
    )


def libre_demo() -> Encounter:
    """The libre demo encounter, freshly loaded."""
    return storage.load(registry.get("libre").demo_path)


def dump(enc):
    """The encounter as builtins, plus a typed JSON form so that 1 and True are not taken for
    each other (a whole float and its int are the same number: a change reads 3 as 3.0 where
    the field is a float)."""
    plain = msgspec.to_builtins(enc)
    return plain, json.dumps(_whole(plain), sort_keys=True)


def _whole(value):
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, list):
        return [_whole(v) for v in value]
    if isinstance(value, dict):
        return {k: _whole(v) for k, v in value.items()}
    return value


def round_trip(enc, cs):
    """Apply `cs`, check that something changed, revert it and check nothing is left."""
    before = dump(enc)
    apply(enc, cs)
    assert dump(enc) != before
    after = dump(enc)
    revert(enc, cs)
    assert dump(enc) == before
    return after
