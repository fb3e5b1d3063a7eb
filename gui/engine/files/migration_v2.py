"""Version 1 → 2: the turn tracker becomes a turn mode's own state.

Version 1 kept one `policy` among four names, an entry type carrying every mode's fields,
and a full copy of the state per step in its history. Version 2 names the mode (the GM's
order and cards are modes of their own, told apart by asking the encounter's ruleset), keeps
in each state and entry the fields of its mode only, and keeps per step only the values the
step changed (turns/history.py). Works on plain JSON data, as every migration does."""

from __future__ import annotations

from typing import Any

from gui.engine.rulesets import registry
from gui.engine.state.model import Encounter

# The fields each mode keeps, beside unit, members and side in an entry, and beside mode,
# round, current, order, spent and history in the state.
_ENTRY_FIELDS = {
    "ranked": ("initiative", "score", "acted", "delayed", "ready"),
    "alternating": ("actions_left", "budget"),
    "declare": ("score", "initiative", "declared", "acted", "delayed"),
    "none": (),
}
_STATE_FIELDS = {
    "alternating": ("holder", "side_order", "actions_per_unit", "activation"),
    "declare": ("phase",),
}
_RANKED_FAMILY = ("ranked", "gm_order", "cards")
_SNAPSHOT = ("round", "phase", "current", "holder", "order", "spent", "activation")


def migrate_1_to_2(doc: dict) -> dict:
    turn = doc.get("turn")
    if isinstance(turn, dict):
        doc["turn"] = _turn(turn, _mode(doc, turn.get("policy", "none")))
    return doc


def _mode(doc: dict, policy: object) -> object:
    """Version 1 called ranked initiative, the GM's order and cards all "ranked": the
    encounter's ruleset says which one it runs now."""
    if policy != "ranked":
        return policy

    try:
        probe = Encounter(id="migration", name="migration", ruleset=doc["ruleset"])
        probe.flags = doc.get("flags", {})
        kind = registry.get(probe.ruleset).turn_mode(probe).kind
    except Exception:  # an unknown ruleset or bad flags: the loader says so afterwards
        return policy
    return kind if kind in _RANKED_FAMILY else policy


def _turn(turn: dict, mode: object) -> dict:
    family = "ranked" if mode in _RANKED_FAMILY else mode
    entry_fields = ("unit", "members", "side", *_ENTRY_FIELDS.get(family, ()))  # type: ignore[call-overload]
    state_fields = _STATE_FIELDS.get(family, ())  # type: ignore[call-overload]

    def state(source: dict, base: dict) -> dict:
        """A version-2 state from a version-1 state or snapshot (`base` fills the rest)."""
        out = {"mode": mode, **{k: v for k, v in base.items() if k not in ("history",)}}
        for key in ("round", "current", "spent", *state_fields):
            if key in source:
                out[key] = source[key]
        if "order" in source:
            out["order"] = [_entry(e, entry_fields) for e in _list(source["order"])]
        if family == "declare" and out.get("phase") not in ("declare", "act"):
            out["phase"] = "declare"
        return out

    live = state(turn, {})
    states = [state(s, live) for s in _list(turn.get("history")) if isinstance(s, dict)]
    following = [*states[1:], live] if states else []
    live["history"] = [
        {"patches": patches}
        for before, after in zip(states, following, strict=True)
        if (patches := _patches(before, after))
    ]
    return live


def _entry(entry: Any, fields: tuple[str, ...]) -> Any:
    return {k: v for k, v in entry.items() if k in fields} if isinstance(entry, dict) else entry


def _list(value: Any) -> list:
    return value if isinstance(value, list) else []


def _patches(before: dict, after: dict) -> list[dict]:
    """The values of `before` where `after` differs: a state field, or a field of an entry
    when both orders hold the same units, else the whole order."""
    out = []
    for key, old in before.items():
        new = after.get(key)
        if key in ("mode", "history") or old == new:
            continue
        same_units = (
            key == "order"
            and isinstance(old, list)
            and isinstance(new, list)
            and len(old) == len(new)
            and all(
                isinstance(a, dict) and isinstance(b, dict) and a.get("unit") == b.get("unit")
                for a, b in zip(old, new, strict=True)
            )
        )
        if not same_units:
            out.append({"path": [key], "value": old})
            continue
        for i, (a, b) in enumerate(zip(old, new, strict=True)):
            out += [{"path": ["order", i, f], "value": a[f]} for f in a if a[f] != b.get(f)]
    return out
