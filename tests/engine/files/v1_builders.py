"""Version-1 files for the migration tests: the goldens, and v1 files written from fights."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec

from gui.engine.files import storage
from gui.engine.play.table import Table
from gui.engine.state.model import TURN_STATES
from gui.engine.turns import DeclareEntry, PassEntry, RankedEntry

V1 = Path(__file__).resolve().parents[2] / "data" / "v1"
GOLDENS = sorted(p.name for p in V1.glob("*.json"))
MODES = {
    "libre_mid.json": "ranked",
    "reserve_menace_mid.json": "alternating",
    "conteur_mid.json": "declare",
    "attention_donjon_mid.json": "gm_order",
    "attention_donjon_cartes_mid.json": "cards",
} | {name: "none" for name in GOLDENS if name.endswith("_demo.json")}

ENTRIES = {
    "ranked": RankedEntry,
    "gm_order": RankedEntry,
    "cards": RankedEntry,
    "alternating": PassEntry,
    "declare": DeclareEntry,
}
SNAPSHOT = ("round", "current", "spent", "phase", "holder", "activation")  # v1 kept these
V1_ENTRY = {
    "initiative": None,
    "score": 0,
    "delayed": False,
    "ready": "",
    "acted": False,
    "actions_left": 0,
    "budget": None,
    "declared": [],
}


def golden(name: str) -> dict:
    return json.loads((V1 / name).read_bytes())


def project(state: dict, mode: str) -> dict:
    """What a v1 snapshot and a v2 state both say (v1 or v2 JSON): the round, whose turn,
    the spent actions, the mode's own fields, and each entry with its mode's fields."""
    fields = TURN_STATES[mode].__struct_fields__
    out = {k: state[k] for k in SNAPSHOT if k in fields}
    kept = list(ENTRIES[mode].__struct_fields__)
    out["order"] = [{k: e[k] for k in kept} for e in state["order"]]
    return out


def as_json(turn) -> dict:
    return msgspec.to_builtins(turn)


def v1_entry(entry: dict) -> dict:
    return {**{k: entry[k] for k in ("unit", "members", "side")}, **V1_ENTRY} | {
        k: v for k, v in entry.items() if k in V1_ENTRY
    }


def v1_snapshot(state: dict) -> dict:
    return {
        "round": state["round"],
        "phase": state.get("phase", ""),
        "current": state["current"],
        "holder": state.get("holder"),
        "order": [v1_entry(e) for e in state["order"]],
        "spent": state["spent"],
        "activation": state.get("activation", 0),
    }


def v1_turn(live: dict, past: list[dict]) -> dict:
    """A v1 turn state: `live` (v2 JSON) with `past` (v2 JSON states, oldest first) as its
    snapshots. v1 called ranked initiative, the GM's order and cards all "ranked"."""
    return {
        "policy": {"gm_order": "ranked", "cards": "ranked"}.get(live["mode"], live["mode"]),
        "round": live["round"],
        "phase": live.get("phase", ""),
        "order": [v1_entry(e) for e in live["order"]],
        "current": live["current"],
        "holder": live.get("holder"),
        "side_order": live.get("side_order", []),
        "actions_per_unit": live.get("actions_per_unit", 2),
        "spent": live["spent"],
        "activation": live.get("activation", 0),
        "history": [v1_snapshot(s) for s in past],
    }


class Recorder:
    """A v2 fight whose every state after the start is kept, to write it as v1 did."""

    def __init__(self, t: Table) -> None:
        self.t = t
        self.states: list[dict] = []

    def do(self, build, *args, **kwargs) -> None:
        self.t.apply(build(*args, **kwargs))
        self.states.append(as_json(self.t.enc.turn))

    def v1_file(self) -> bytes:
        """The encounter as a v1 file, its history the states before each step."""
        doc = json.loads(storage.dumps(self.t.enc))
        doc["schema_version"] = 1
        doc["encounter"]["turn"] = v1_turn(self.states[-1], self.states[:-1])
        return json.dumps(doc, ensure_ascii=False).encode()
