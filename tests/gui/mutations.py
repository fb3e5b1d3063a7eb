"""Mutated encounter files and the GM's session each must survive (test_file_mutations.py).

A mutated file is either refused by `storage.loads` with a LoadError that is not an internal
error, or it opens in the window and survives Commencer le combat (or, mid-combat, goes on),
Suivant, Précédent, one action, undo of everything and a save. Only the app's own refusals
(BilingualError: Refused, TurnError, ActionError…) may stop a step.

Run `python -m tests.gui.mutations [examples per source]` for a soak that does not stop at the
first failure: it prints every failure class once (exception, last frames, the mutations).
"""

from __future__ import annotations

import copy
import json
import os
import random
import re
import shutil
import sys
import traceback
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Protocol, TypeVar

from msgspec import Struct

from gui.engine.checks.request import DiceResult
from gui.engine.contract.values import Action
from gui.engine.core.problems import BilingualError
from gui.engine.files import storage
from gui.engine.files.storage import LoadError
from gui.engine.play.table import Table
from gui.engine.rulesets import registry
from gui.engine.state.model import Encounter
from gui.engine.turns import AlternatingSides, CardInitiative, DeclareThenAct, current_entry
from gui.engine.turns.cards import DECK, is_joker
from tests.engine.acting import forced_if_blocked

T = TypeVar("T")

RULESETS = ("libre", "reserve_menace", "conteur", "attention_donjon")
# Every refusal the GM sees as a message: Refused, TurnError, ActionError, InputError, …
CLEAN = (BilingualError,)
# What Qt may say that is not a bug of ours (pyproject's qt_log_ignore).
QT_IGNORED = ("This plugin does not support propagateSizeHints",)


# Choosing: the same mutations from hypothesis (shrinkable) or from random (the soak) ------


class Chooser(Protocol):
    def choice(self, items: Sequence[T]) -> T: ...

    def integer(self, low: int, high: int) -> int: ...


class RandomChooser:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choice(self, items: Sequence[T]) -> T:
        return items[self.rng.randrange(len(items))]

    def integer(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)


class DataChooser:
    """Draws through hypothesis' `st.data()`, so failures shrink."""

    def __init__(self, data: Any) -> None:
        from hypothesis import strategies as st

        self.data, self.st = data, st

    def choice(self, items: Sequence[T]) -> T:
        return self.data.draw(self.st.sampled_from(list(items)))

    def integer(self, low: int, high: int) -> int:
        return self.data.draw(self.st.integers(min_value=low, max_value=high))


# The documents ---------------------------------------------------------------------------

Path_ = tuple[str | int, ...]

# Where the mutations go: a region is chosen first, then a kind of node in it (its path with
# `*` for list indices), then a node; so the 629 ints of a dice state or the many history
# snapshots do not crowd out the turn's few fields.
REGIONS: dict[str, re.Pattern[str]] = {
    name: re.compile(rx)
    for name, rx in {
        "turn": r"^turn(\.(mode|round|phase|current|holder|actions_per_unit|activation))?$"
        r"|^turn\.(side_order|spent)(\.|$)",
        "turn.order": r"^turn\.order(\.|$)",
        "turn.history": r"^turn\.history(\.|$)",
        # The last snapshot: the one Précédent restores first.
        "turn.history.last": r"^turn\.history\.\*\.",
        # Whole items: a combatant, a side, a zone, a turn entry removed or duplicated.
        "items": r"^(combatants|sides|map\.zones|map\.edges|turn\.order|turn\.side_order)"
        r"(\.\*)?$",
        "dice": r"^dice(\.|$)",
        "combatants": r"^combatants\.\*\.(stats|tracks|states|contacts|position)(\.|$)",
        "resources": r"^sides\.\*\.resources(\.|$)",
        "flags": r"^flags(\.|$)",
        "ids": r"^(combatants\.\*\.(id|side|tier)|sides\.\*\.id|map\.zones\.\*\.id"
        r"|map\.edges\.\*\.(a|b))$",
        "anywhere": r"",
    }.items()
}
# The turn state first (the brief of this harness), then the rest; "schema": a value the
# ruleset's schema knows (a stat at its edges, a track, a state, a resource, a flag).
WEIGHTED_REGIONS = (
    *("turn",) * 4,
    *("turn.order", "turn.history", "turn.history.last") * 2,
    "items",
    *("combatants", "schema") * 2,
    "dice",
    "resources",
    "flags",
    "ids",
    "anywhere",
)
TYPE_VALUES: tuple[Any, ...] = (
    None,
    True,
    False,
    0,
    1,
    -1,
    1.5,
    -0.5,
    "",
    "x",
    [],
    {},
    [None],
    [0],
    ["x"],
    {"x": 1},
    10**6,
    -(10**6),
    2**31,
    2**63,
    -(2**63) - 1,
    10**30,
    1e300,
)
FLOATS: tuple[float, ...] = (0.0, -0.0, 5e-324, 1e-300, 1e15, 1e300, -1e300)
INT_VALUES: tuple[int, ...] = (-(2**63), -1000, -2, -1, 0, 1, 2, 3, 99, 1000, 10**9, 2**63)
DANGLING = ("nobody", "x", "groupe.nobody", "mineurs.nobody", "groupe.", "mineurs.", "0")
# The values a text field of the turn state may take (TurnState.mode, .phase).
ENUMS: dict[str, tuple[str, ...]] = {
    "mode": ("none", "ranked", "gm_order", "cards", "alternating", "declare"),
    "phase": ("", "declare", "act"),
    # Log times at the edges of what a datetime holds, in far time zones.
    "time": (
        "0001-01-01T00:00:00Z",
        "0001-01-01T00:00:00+14:00",
        "9999-12-31T23:59:59Z",
        "9999-12-31T23:59:59-14:00",
        "2026-02-29T12:00:00Z",
        "2026-11-23T12:00:00+23:59",
    ),
}
# States the engines write themselves (some carry a count in `value`, or an id in their key).
ENGINE_STATES = (
    "joker_garde",
    "tirs",
    "decl_actions",
    "decl_magiques",
    "decl_depense.volonte_points",
    "interdit.attaquer",
    "interruption.attaquer",
    "dirige",
    "a_encaisser",
    "a_encaisser_protege",
    "degats.nobody",
    "touche.nobody",
    "etourdi",
    "hors_combat",
    "secoue",
    "mort",
)


def pretty(path: Path_) -> str:
    """`("encounter", "turn", "order", 0)` → `$.encounter.turn.order[0]`."""
    out = "$"
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def pattern(path: Path_) -> str:
    """The path with list indices as `*` (how failures are grouped)."""
    return ".".join("*" if isinstance(p, int) else p for p in path)


def walk(node: Any, path: Path_ = ()) -> Iterator[tuple[Path_, Any]]:
    yield path, node
    if isinstance(node, dict):
        for key, value in node.items():
            yield from walk(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from walk(value, (*path, i))


def get(doc: Any, path: Path_) -> Any:
    for part in path:
        doc = doc[part]
    return doc


def dicts(node: Any, *keys: str) -> list[dict[str, Any]]:
    """The objects of the list at `keys` under `node` (none when a mutation broke it)."""
    for k in keys:
        node = node.get(k) if isinstance(node, dict) else None
    return [x for x in node if isinstance(x, dict)] if isinstance(node, list) else []


def indexed(node: Any) -> list[tuple[int, dict[str, Any]]]:
    """The objects of a list with their index (none when a mutation broke the list)."""
    return (
        [(i, x) for i, x in enumerate(node) if isinstance(x, dict)]
        if isinstance(node, list)
        else []
    )


@dataclass
class Vocabulary:
    """Ids and values that make plausible-but-wrong mutations for one document."""

    ruleset: str
    ids: dict[str, list[str]] = field(default_factory=dict)
    ints: list[int] = field(default_factory=list)

    @classmethod
    def of(cls, enc: dict[str, Any]) -> Vocabulary:
        voc = cls(str(enc.get("ruleset")))
        comb = [c.get("id") for c in dicts(enc, "combatants")]
        sides = [s.get("id") for s in dicts(enc, "sides")]
        zones = [z.get("id") for z in dicts(enc, "map", "zones")]
        order = dicts(enc, "turn", "order")
        units = [e.get("unit") for e in order]
        voc.ids = {
            "combatant": [c for c in comb if isinstance(c, str)],
            "side": [s for s in sides if isinstance(s, str)],
            "zone": [z for z in zones if isinstance(z, str)],
            "unit": [u for u in units if isinstance(u, str)],
            "dangling": list(DANGLING),
        }
        data = voc.data()
        if data is not None:
            voc.ids["state"] = [s.key for s in data.states]
            voc.ids["field"] = [f.key for f in data.fields]
            voc.ids["flag"] = [f.id for f in data.flags]
            voc.ids["resource"] = [r.key for r in data.resources]
            voc.ids["track"] = [t.key for t in data.tracks]
            voc.ids["tier"] = [t.value for t in data.tiers]
        n_order, n_comb = len(order), len(comb)
        voc.ints = sorted(
            {*INT_VALUES, n_order, n_order - 1, n_order + 1, n_comb, n_comb + 1, len(sides)}
        )
        return voc

    def data(self):
        try:
            return registry.get(self.ruleset).data
        except KeyError:
            return None

    def all_ids(self) -> list[str]:
        return [i for ids in self.ids.values() for i in ids] or list(DANGLING)


def boundary_values(spec) -> list[Any]:
    """Values at and just past a field's edges, its choices, and its default."""
    out: list[Any] = [spec.default]
    if spec.kind in ("int", "float"):
        for edge in (spec.minimum, spec.maximum):
            if edge is not None:
                e = int(edge) if spec.kind == "int" else edge
                out += [e, e - 1, e + 1]
        out += [0, -1, 10**6]
    elif spec.kind == "choice":
        out += [c.value for c in spec.choices] + ["", "inconnu"]
    elif spec.kind == "bool":
        out += [True, False, 0]
    elif spec.kind in ("text", "dice"):
        out += ["", "0d6", "1d1", "100d1000", "d6!", "1d6+99", "x"]
    elif spec.kind == "list":
        out += [[], [""], ["x"] * 50]
    elif spec.kind == "table":
        out += [[], [{}], [{c.key: None for c in spec.columns}]]
        for col in spec.columns:
            out += [[{col.key: v}] for v in boundary_values(col)[:4]]
    if spec.optional:
        out.append(None)
    return out


class Mutation(Struct, frozen=True):
    """One change to the document: where, what, and the value put there."""

    path: str
    op: str
    value: str

    def __str__(self) -> str:
        return f"{self.op} {self.path} = {self.value}"


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if value is not None else "null"
    return text if len(text) <= 90 else text[:87] + "…"


def _schema_mutation(doc: dict[str, Any], voc: Vocabulary, ch: Chooser) -> Mutation | None:
    """A value the ruleset's schema knows: a stat at its edges, a track, a state, a side
    resource, a flag; on an existing combatant or side."""
    data = voc.data()
    enc = doc["encounter"]
    if data is None:
        return None
    combs, sides = indexed(enc.get("combatants")), indexed(enc.get("sides"))
    what = ch.choice(
        ("stat", "stat", "track", "state", "resource", "flag", "flag", "map", "contact", "tier")
    )
    if what == "map":
        return _map_mutation(enc, ch)
    if what == "flag" and data.flags:
        spec = ch.choice(data.flags)
        values = [spec.default, *(c.value for c in spec.choices), *TYPE_VALUES[:8]]
        if isinstance(spec.default, int) and not isinstance(spec.default, bool):
            values += list(voc.ints)
        value = ch.choice(values)
        if not isinstance(enc.get("flags"), dict):
            enc["flags"] = {}
        enc["flags"][spec.id] = copy.deepcopy(value)
        return Mutation(pretty(("encounter", "flags", spec.id)), "flag", _short(value))
    if what == "resource" and sides:
        i, side = ch.choice(sides)
        specs = list(data.resources)
        key = ch.choice(specs).key if specs else ch.choice(("reserve", "menace", "x"))
        value = ch.choice(
            [*(boundary_values(ch.choice(specs)) if specs else []), *voc.ints, None, "x"]
        )
        res = side.setdefault("resources", {})
        if isinstance(res, dict):
            res[key] = copy.deepcopy(value)
        return Mutation(
            pretty(("encounter", "sides", i, "resources", key)), "resource", _short(value)
        )
    if not combs:
        return None
    i, c = ch.choice(combs)
    where: Path_ = ("encounter", "combatants", i)
    if what == "contact" and len(combs) > 1:  # both ways, whatever their zones and states
        (i, a), (j, b) = ch.choice(combs), ch.choice(combs)
        if i != j and isinstance(a.get("id"), str) and isinstance(b.get("id"), str):
            for x, y in ((a, b), (b, a)):
                if not isinstance(x.get("contacts"), list):
                    x["contacts"] = []
                if y["id"] not in x["contacts"]:
                    x["contacts"].append(y["id"])
            where = ("encounter", "combatants", i, "contacts")
            return Mutation(pretty(where), "contact", _short(b["id"]))
    if what == "tier" and data.tiers:
        c["tier"] = ch.choice([t.value for t in data.tiers])
        return Mutation(pretty((*where, "tier")), "tier", _short(c["tier"]))
    if what == "stat" and data.fields:
        spec = ch.choice(data.fields)
        value = ch.choice(boundary_values(spec))
        if not isinstance(c.get("stats"), dict):
            c["stats"] = {}
        c["stats"][spec.key] = copy.deepcopy(value)
        return Mutation(pretty((*where, "stats", spec.key)), "stat", _short(value))
    if what == "track" and data.tracks:
        spec = ch.choice(data.tracks)
        size = ch.choice((0, 1, spec.size - 1, spec.size, spec.size + 1))
        mark = ch.choice([*spec.marks, "", "?"])
        marks = [mark] * max(0, size)
        if not isinstance(c.get("tracks"), dict):
            c["tracks"] = {}
        c["tracks"][spec.key] = {"marks": marks}
        return Mutation(pretty((*where, "tracks", spec.key)), "track", _short(marks))
    if what == "state":
        keys = [*voc.ids.get("state", []), *ENGINE_STATES]
        keys += [f"{p}{c}" for p in ("degats.", "touche.") for c in voc.ids.get("combatant", [])]
        state: dict[str, Any] = {"key": ch.choice(keys), "label": "Muté"}
        extra = ch.choice(("", "value", "expiry", "both"))
        if extra in ("value", "both"):
            state["value"] = ch.choice(voc.ints)
        if extra in ("expiry", "both"):
            state["expiry"] = ch.choice(
                (
                    {"at": "rounds", "rounds": ch.choice((1, 2, 99, 10**9))},
                    {"at": "turn_end", "whose": "source"},
                    {"at": "use", "skip": ch.choice((0, 1, 2))},
                )
            )
        if not isinstance(c.get("states"), list):
            c["states"] = []
        c["states"].append(state)
        return Mutation(pretty((*where, "states", len(c["states"]) - 1)), "state", _short(state))
    return None


def _map_mutation(enc: dict[str, Any], ch: Chooser) -> Mutation | None:
    """A map that loads but stretches the drawing: a grid, a scale, a zone, a background
    at the edges of what floats hold."""
    if not isinstance(enc.get("map"), dict):
        return None
    m = enc["map"]
    what = ch.choice(("grid", "grid", "scale", "zone", "background", "edge"))
    if what == "grid":
        value: Any = {
            "cell_px": ch.choice((1e-300, 1e-3, 0.5, 50.0, 1e300)),
            "cell_m": ch.choice((1e-300, 1.5, 1e300)),
            "origin_x": ch.choice((0.0, 1e300, -1e300, 1e15)),
            "origin_y": ch.choice((0.0, -1e300)),
            "visible": ch.choice((True, False)),
            "snap": ch.choice((True, False)),
        }
        path: Path_ = ("grid",)
    elif what == "scale":
        value, path = ch.choice((1e-300, 5e-324, 1e300)), ("metres_per_px",)
    elif what == "background":
        value = {
            "path": ch.choice(("", ".", "/nonexistent.png", "x" * 300, "/dev/zero")),
            "scale": ch.choice((1e-300, 1.0, 1e300)),
            "x": ch.choice((0.0, 1e300)),
            "opacity": ch.choice((0.0, 1.0)),
        }
        path = ("background",)
    else:
        key = "zones" if what == "zone" else "edges"
        items = indexed(m.get(key))
        if not items:
            return None
        i, _item = ch.choice(items)
        if what == "zone":
            value = {
                "x": ch.choice((0.0, 1e300, -1e300, 1e15)),
                "y": ch.choice((0.0, -1e300)),
                "width": ch.choice((1e-300, 1.0, 1e300)),
                "height": ch.choice((5e-324, 1.0, 1e300)),
            }
            path = ("zones", i, "rect")
        else:
            value, path = ch.choice((0.0, 1e-300, 1e300)), ("edges", i, "length_m")
    parent = get(m, path[:-1])
    parent[path[-1]] = copy.deepcopy(value)
    return Mutation(pretty(("encounter", "map", *path)), "map", _short(value))


def _generic_mutation(doc: dict[str, Any], voc: Vocabulary, ch: Chooser, region: str) -> Mutation:
    """A node of a region of the document replaced by a plausible value of its type or by
    another type, removed, emptied, duplicated, given another id…"""
    by_kind: dict[str, list[Path_]] = {}
    turn = doc["encounter"].get("turn")
    history = turn.get("history") if isinstance(turn, dict) else None
    last = len(history) - 1 if isinstance(history, list) else -2
    for p, _n in walk(doc["encounter"], ("encounter",)):
        kind = pattern(p[1:])
        if region == "turn.history.last" and p[1:4] != ("turn", "history", last):
            continue
        if len(p) > 1 and REGIONS[region].search(kind):
            by_kind.setdefault(kind, []).append(p)
    if not by_kind:
        by_kind = {"*": [p for p, _n in walk(doc["encounter"], ("encounter",)) if len(p) > 1]}
    path = ch.choice(by_kind[ch.choice(sorted(by_kind))])
    node = get(doc, path)
    parent, key = get(doc, path[:-1]), path[-1]
    ops = ["type", "remove", "transplant", "id"]
    if isinstance(node, bool):
        ops += ["flip", "flip"]
    elif isinstance(node, int | float):
        ops += ["int", "int", "int"]
    elif isinstance(node, str):
        ops += ["id", "id"] + ["enum"] * 3 * (key in ENUMS) + ["tier"] * 3 * (key == "tier")
    elif node is None:
        ops += ["int"]
    elif isinstance(node, list):
        ops += ["empty", "duplicate", "duplicate", "swap", "drop_item", "append"]
    elif isinstance(node, dict):
        ops += ["empty", "add_key", "add_key", "drop_key"]
    op = ch.choice(ops)
    value: Any = node
    if op == "type":
        value = ch.choice(TYPE_VALUES)
    elif op == "flip":
        value = not node
    elif op == "enum":
        value = ch.choice(ENUMS[key])
    elif op == "tier":
        value = ch.choice([*voc.ids.get("tier", []), None])
    elif op == "id":
        value = ch.choice(ch.choice([ids for ids in voc.ids.values() if ids]))
    elif op == "int":
        value = ch.choice((*voc.ints, *FLOATS) if isinstance(node, float) else voc.ints)
    elif op == "remove":
        if isinstance(parent, dict):
            del parent[key]
        else:
            parent.pop(key)
        return Mutation(pretty(path), "remove", "")
    elif op == "transplant":
        others = [n for p, n in walk(doc["encounter"], ("encounter",)) if p != path]
        value = copy.deepcopy(ch.choice(others)) if others else None
    elif op == "empty":
        value = type(node)()
    elif op == "duplicate" and node:
        value = list(node)
        value.insert(ch.integer(0, len(node)), copy.deepcopy(ch.choice(node)))
    elif op == "swap" and len(node) > 1:
        value = list(node)
        i, j = ch.integer(0, len(node) - 1), ch.integer(0, len(node) - 1)
        value[i], value[j] = value[j], value[i]
    elif op == "append":
        value = [*node, ch.choice(voc.all_ids())]
    elif op == "drop_item" and node:
        value = list(node)
        value.pop(ch.integer(0, len(node) - 1))
    elif op == "add_key":
        value = dict(node)
        new_key = ch.choice(voc.all_ids())
        siblings = list(node.values())
        if siblings and ch.choice((True, True, False)):
            value[new_key] = copy.deepcopy(ch.choice(siblings))
        else:
            value[new_key] = ch.choice(
                (*TYPE_VALUES, *voc.ids.get("combatant", []), [], *([c] for c in voc.all_ids()))
            )
        parent[key] = copy.deepcopy(value)
        return Mutation(pretty((*path, new_key)), "add_key", _short(value[new_key]))
    elif op == "drop_key" and node:
        value = dict(node)
        del value[ch.choice(list(node))]
    parent[key] = copy.deepcopy(value)  # never a constant shared with the next example
    return Mutation(pretty(path), op, _short(value))


def mutate(doc: dict[str, Any], ch: Chooser) -> list[Mutation]:
    """Apply 1 to 3 mutations to a parsed encounter file in place; says what was done."""
    done = []
    for _ in range(ch.choice((1, 1, 2, 3))):
        if not isinstance(doc.get("encounter"), dict):
            break
        voc = Vocabulary.of(doc["encounter"])
        region = ch.choice(WEIGHTED_REGIONS)
        found = _schema_mutation(doc, voc, ch) if region == "schema" else None
        if found is None:
            found = _generic_mutation(doc, voc, ch, "anywhere" if region == "schema" else region)
        done.append(found)
    return done


# The GM's session ------------------------------------------------------------------------


def refusing(call: Callable, *args: Any, **kwargs: Any) -> BilingualError | None:
    """Call; a clean refusal is returned (the GM would read it), anything else escapes."""
    try:
        call(*args, **kwargs)
    except CLEAN as exc:
        return exc
    return None


def _roll(table: Table, request) -> DiceResult:
    if request.aggregate_only:
        return DiceResult("aggregate", (), request.minimum)
    return table.roll(request)


def _initiatives(table: Table) -> dict[str, int]:
    out = {}
    for cid, request in table.initiative_requests().items():
        out[cid] = _roll(table, request).total(request)
    return out


def _cards(table: Table, units) -> dict[str, int]:
    """A card for each unit that draws (card initiative): the highest left first, no Joker."""
    enc, mode = table.enc, table.mode()
    deck = [c for c in reversed(DECK) if not is_joker(c)]
    return {e.unit: deck[i] for i, e in enumerate(u for u in units if mode.rules.draws(enc, u))}


def start_inputs(table: Table) -> tuple[dict[str, int] | None, dict[str, Any]]:
    """What Commencer le combat takes in each turn mode, as the combat dock gives it: each
    unit's initiative (a roll, a card) and the mode's other inputs."""
    enc, mode = table.enc, table.mode()
    if isinstance(mode, CardInitiative):
        return _cards(table, table.ruleset.turn_units(enc)), {"keeping": {}}
    if isinstance(mode, DeclareThenAct):
        return None, {}
    if isinstance(mode, AlternatingSides):
        return None, {"first_side": enc.sides[0].id if enc.sides else None}
    return _initiatives(table), {}


def start(ctl) -> None:
    """Commencer le combat as the combat dock does for each turn mode."""
    initiatives, inputs = start_inputs(ctl.table)
    ctl.start_combat(initiatives, **inputs)


def turn_inputs(table: Table) -> list[tuple[str, dict[str, Any]]]:
    """The turn steps Suivant takes as the combat dock does, by name ("next" last): a
    declaration before it, the initiative roll after the last one (declare-then-act), the cards
    of a new round (AD-CARTES)."""
    enc, mode = table.enc, table.mode()
    steps: list[tuple[str, dict[str, Any]]] = []
    if isinstance(mode, DeclareThenAct) and enc.turn.mode == "declare":
        if mode.needs_initiative(enc.turn):
            rolls = _initiatives(table)
            return [
                ("begin_act", {"rolls": {e.unit: rolls.get(e.unit, 5) for e in enc.turn.order}})
            ]
        acting = current_entry(enc.turn)
        if enc.turn.phase == "declare" and acting is not None:
            steps.append(("declare", {"unit": acting.unit, "actions": ["Frapper", "Esquiver"]}))
    if isinstance(mode, CardInitiative) and mode.needs_cards(enc.turn):
        return [*steps, ("deal", {"cards": _cards(table, enc.turn.order), "keeping": {}})]
    return [*steps, ("next", {})]


def suivant(ctl) -> None:
    """Suivant as the combat dock does (turn_inputs); a declaration may be refused."""
    *before, (name, args) = turn_inputs(ctl.table)
    for step, inputs in before:
        refusing(lambda step=step, inputs=inputs: ctl.turn_step(step, **inputs))
    if name == "next":
        ctl.next_turn()
    else:
        ctl.turn_step(name, **args)


def act(ctl) -> None:
    """One action: the acting unit (or the holding side's first fighter) against someone of
    another side, the first action offered, Passer outre when the rules block it (G-3)."""
    enc, ruleset = ctl.enc, ctl.ruleset
    combatants = list(enc.combatants)
    if len(combatants) < 2:
        return
    acting = current_entry(enc.turn)
    ids = {c.id for c in combatants}
    actor = acting.members[0] if acting and acting.members and acting.members[0] in ids else None
    if actor is None:
        holder = getattr(enc.turn, "holder", None)
        holders = [c.id for c in combatants if c.side == holder]
        actor = holders[0] if holders else combatants[0].id
    side = enc.combatant(actor).side
    others = [c.id for c in combatants if c.id != actor]
    target = next((c.id for c in combatants if c.side != side), others[0])
    ctl.select(actor)
    specs = ruleset.actions(enc, actor, target)
    if not specs:
        return
    spec = specs[0]
    options = {f.key: f.default for f in spec.options if f.default is not None}
    action = Action(spec.kind, actor, target if spec.needs_target else None, options)
    action, preview = forced_if_blocked(ctl.table, action)
    dice = DiceResult("none") if preview.dice is None else _roll(ctl.table, preview.dice)
    ctl.resolve(action, dice)


def session(ctl, folder: Path) -> list[str]:
    """The GM's session on the open encounter; returns what was refused along the way.

    Raises on anything but a clean refusal, and on a refused save."""
    from gui.models import in_combat

    said: list[str] = []

    def step(name: str, call: Callable, *args: Any) -> None:
        exc = refusing(call, *args)
        if exc is not None:
            said.append(f"{name}: {type(exc).__name__}: {exc.en}")

    if in_combat(ctl.enc):  # back into the file's own history snapshots first
        step("précédent", ctl.previous_turn)
        step("précédent", ctl.previous_turn)
    else:
        step("start", start, ctl)
    step("suivant", suivant, ctl)
    step("suivant", suivant, ctl)
    step("précédent", ctl.previous_turn)
    step("action", act, ctl)
    step("suivant", suivant, ctl)
    ctl.save(folder / "after_actions.json")
    storage.load(folder / "after_actions.json")
    while ctl.undo_stack.canUndo():
        ctl.undo_stack.undo()
    ctl.save(folder / "after_undo.json")
    storage.load(folder / "after_undo.json")
    return said


# Sources: each demo, and each demo in the middle of a fight --------------------------------

V2 = Path(__file__).resolve().parents[1] / "data" / "v2"


def demo_bytes(ruleset: str) -> bytes:
    return registry.get(ruleset).demo_path.read_bytes()


def mid_combat(ruleset: str, flags: dict[str, Any] | None = None) -> bytes:
    """The demo after Commencer, eight Suivant and three actions (turn state, spent kinds,
    declarations, history snapshots, log and dice state populated), as saved."""
    from gui.control.controller import Controller

    enc = storage.loads(demo_bytes(ruleset))
    enc.flags = {**enc.flags, **(flags or {})}
    ctl = Controller(Table(enc))
    try:
        start(ctl)
        for i in range(8):  # declare-then-act: 6 declarations, the roll, then actions
            suivant(ctl)
            if i in (1, 4, 7):
                refusing(act, ctl)  # some are refused (reserve_menace: a second attack)
        mode = ctl.table.mode()
        if isinstance(mode, CardInitiative) and mode.needs_cards(ctl.enc.turn):
            suivant(ctl)  # a round with its cards dealt
        ctl.table.enc.dice = ctl.table.dice_state()
        return storage.dumps(ctl.enc)
    finally:
        ctl.undo_stack.clear()
        ctl.deleteLater()


@cache
def sources() -> dict[str, bytes]:
    """Name → file content; needs a QApplication (the controller is a QObject)."""
    out = {f"{r}.demo": demo_bytes(r) for r in RULESETS}
    out |= {f"{r}.mid": mid_combat(r) for r in RULESETS}
    out["attention_donjon.cartes.mid"] = mid_combat("attention_donjon", {"AD-CARTES": True})
    # A hit waiting in its reaction window (RM-28), from a version-2 file, saved again.
    out["reserve_menace.window"] = storage.dumps(
        storage.loads((V2 / "reserve_menace_pending.json").read_bytes())
    )
    return out


def with_values(source: bytes, *edits: tuple[Path_, Any]) -> bytes:
    """`source` with the value at each path (inside `encounter`; -1: the last item) replaced."""
    doc = json.loads(source)
    for path, value in edits:
        get(doc["encounter"], path[:-1])[path[-1]] = value
    return json.dumps(doc, ensure_ascii=False).encode("utf-8")


def mutated(source: bytes, ch: Chooser) -> tuple[bytes, list[Mutation]]:
    doc = json.loads(source)
    done = mutate(doc, ch)
    return json.dumps(doc, ensure_ascii=False).encode("utf-8"), done


# The oracle ------------------------------------------------------------------------------


@contextmanager
def qt_problems() -> Iterator[list[str]]:
    """Collect what escapes into Qt (exceptions in slots and virtual methods, which PySide
    hands to sys.excepthook) and Qt's warnings, for the duration of one example."""
    from PySide6.QtCore import QtMsgType, qInstallMessageHandler

    found: list[str] = []
    old_hook = sys.excepthook

    def hook(kind, value, tb):
        found.append("".join(traceback.format_exception(kind, value, tb)))

    def messages(mode, _context, text):
        quiet = mode in (QtMsgType.QtDebugMsg, QtMsgType.QtInfoMsg)
        if not quiet and not any(ignored in text for ignored in QT_IGNORED):
            found.append(f"Qt {mode.name}: {text}")

    sys.excepthook = hook
    old_handler = qInstallMessageHandler(messages)
    try:
        yield found
    finally:
        sys.excepthook = old_hook
        qInstallMessageHandler(old_handler)


class Hang(AssertionError):
    """A step still running after the watchdog's time: an endless loop on this file."""


@contextmanager
def watchdog(seconds: float) -> Iterator[None]:
    """Raise Hang in the main thread after `seconds`, then every 0.2 s until the block ends
    (a Python loop in a paint event is interrupted each time Qt calls it again)."""
    import signal
    import threading

    if (
        not hasattr(signal, "setitimer")
        or threading.current_thread() is not threading.main_thread()
    ):
        yield
        return

    def fire(_signum, _frame):
        raise Hang(f"still running after {seconds} s: endless loop?")

    old = signal.signal(signal.SIGALRM, fire)
    signal.setitimer(signal.ITIMER_REAL, seconds, 0.2)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


class EscapedIntoQt(AssertionError):
    """An exception raised in a slot or a Qt virtual method (or a Qt warning)."""


def verdict(data: bytes, folder: Path) -> Encounter | None:
    """The loader's verdict: an encounter, or None after a clean LoadError; `load` of the
    file must say the same as `loads`."""
    path = folder / "mutated.json"
    path.write_bytes(data)
    try:
        enc = storage.loads(data, path.name)
    except LoadError as err:
        assert "internal error" not in err.en, err
        assert err.path.startswith("$") and err.fr and err.en, err
        try:
            storage.load(path)
        except LoadError as again:
            assert (again.path, again.en) == (err.path, err.en), (again, err)
        else:
            raise AssertionError(f"load accepts what loads refuses: {err}") from None
        return None
    assert storage.load(path) == enc, "load and loads disagree"
    return enc


def open_window(enc: Encounter, path: Path | None = None):
    """The real window on `enc`, shown, as Ouvrir gives it (prompts answered by a script)."""
    from PySide6.QtWidgets import QApplication

    from gui.control.controller import Controller
    from gui.window.main_window import MainWindow
    from tests.gui.fakes import ScriptedPrompts

    window = MainWindow(Controller(Table(enc), path), ScriptedPrompts(confirm=False))
    window.show()
    QApplication.processEvents()
    return window


def close_window(window) -> None:
    from PySide6.QtCore import QCoreApplication, QEvent

    window.controller.undo_stack.setClean()  # nothing to ask on close
    window.close()
    window.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def check(data: bytes, folder: Path, seconds: float = 20) -> list[str]:
    """The whole oracle on one file: refused cleanly, or it opens in a new window and
    survives the session (in `seconds`). Returns the clean refusals met on the way."""
    with watchdog(seconds):
        return _check(data, folder)


def _check(data: bytes, folder: Path) -> list[str]:
    from PySide6.QtWidgets import QApplication

    enc = verdict(data, folder)
    if enc is None:
        return ["refused by the loader"]
    window = None
    with qt_problems() as problems:
        try:
            window = open_window(enc, folder / "mutated.json")
            said = session(window.controller, folder)
            QApplication.processEvents()
        finally:
            if window is not None:
                close_window(window)
    if problems:
        raise EscapedIntoQt(problems[0])
    return said


# The soak ------------------------------------------------------------------------------------


def failure_key(exc: BaseException) -> tuple[str, str]:
    """Group failures: the exception type and the two innermost frames in the app."""
    text = str(exc)
    if isinstance(exc, EscapedIntoQt):
        found = [
            (f, n)
            for f, n in re.findall(r'File "([^"]+)", line (\d+)', text)
            if "/gui/" in f and "/tests/" not in f
        ]
        kind = text.strip().splitlines()[-1].split(":")[0].split(".")[-1] if text.strip() else ""
        where = " ← ".join(f"gui/{f.rsplit('/gui/', 1)[1]}:{n}" for f, n in reversed(found[-2:]))
        return f"EscapedIntoQt({kind or 'Qt'})", where or text[:120]
    frames = traceback.extract_tb(exc.__traceback__)
    app = [f for f in frames if "/gui/" in f.filename] or frames
    root = Path(__file__).parents[2]

    def at(frame: traceback.FrameSummary) -> str:
        name = Path(frame.filename)
        return f"{name.relative_to(root) if name.is_relative_to(root) else name}:{frame.lineno}"

    return type(exc).__name__, " ← ".join(at(f) for f in reversed(app[-2:]))


def refusal_class(said: str) -> str:
    """A refusal met in a session, without its ids and numbers (how they are grouped)."""
    said = re.sub(r"'[^']*'|« [^»]* »", "'…'", said)
    return re.sub(r"\d+", "N", said)


def soak(
    examples: int, seed: int = 0, refusals: dict[str, list[str]] | None = None
) -> dict[tuple[str, str], list[str]]:
    """Run `examples` mutations of each source, never stopping; failures by class (and in
    `refusals`, the clean refusals met by files that loaded, by class)."""
    import tempfile

    from PySide6.QtCore import QCoreApplication, QSettings
    from PySide6.QtWidgets import QApplication

    _app = QApplication.instance() or QApplication([])
    home = Path(tempfile.mkdtemp(prefix="escarmouche-soak-"))
    os.fsync = lambda fd: None  # a soak process: durability of its scratch files is moot
    os.environ["ESCARMOUCHE_DATA_DIR"] = str(home / "userdata")
    QCoreApplication.setOrganizationName("EscarmoucheTests")
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(home / "qs"))
    failures: dict[tuple[str, str], list[str]] = {}
    counts = {"refused": 0, "opened": 0, "failed": 0}
    rng = random.Random(seed)
    for name, source in sources().items():
        for n in range(examples):
            done: list[Mutation] = []
            folder = home / f"{name}-{n}"
            folder.mkdir()
            try:
                data, done = mutated(source, RandomChooser(rng))
                said = check(data, folder)
            except Exception as exc:
                counts["failed"] += 1
                key = failure_key(exc)
                tail = "".join(traceback.format_exception(exc)[-5:])[-2000:]
                entry = f"{name}: {'; '.join(map(str, done))}\n{tail}"
                if key not in failures:
                    print(f"new failure class {key}:\n{entry}", file=sys.stderr, flush=True)
                failures.setdefault(key, []).append(entry)
            else:
                opened = said != ["refused by the loader"]
                counts["opened" if opened else "refused"] += 1
                for line in said if opened and refusals is not None else ():
                    cases = refusals.setdefault(refusal_class(line), [])
                    cases.append(f"{name}: {'; '.join(map(str, done))}")
            shutil.rmtree(folder, ignore_errors=True)
        print(f"{name}: {counts}", file=sys.stderr, flush=True)
    return failures


if __name__ == "__main__":
    per_source = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    refused: dict[str, list[str]] = {}
    found = soak(per_source, int(sys.argv[2]) if len(sys.argv) > 2 else 0, refused)
    print("Clean refusals met by files that loaded:")
    for line, cases in sorted(refused.items(), key=lambda kv: -len(kv[1])):
        print(f"  {len(cases):5d}  {line}\n         e.g. {cases[0]}")
    for (kind, where), cases in sorted(found.items(), key=lambda kv: -len(kv[1])):
        print(f"\n=== {kind} at {where} — {len(cases)} case(s)")
        for case in cases[:4]:
            print("  " + case.replace("\n", "\n    "))
