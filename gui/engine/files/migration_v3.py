"""Version 2 → 3: a state's duration in rounds becomes one of the expiries every state may
have (durations.py), and a state its ruleset now keeps as a reaction window becomes that
window (windows.py).

Version 2 counted a timed state down in `rounds_left`; version 3 says `expiry: {"at":
"rounds", "rounds": n}`, which ends it at the same round start. A hit waiting to be dealt
with was a state on the combatant it concerned; the ruleset's data lists the window kinds
that were such states (`was_state`), and the window keeps the state's value, on the same
combatant, opened by whoever the log last shows acting on it. Works on plain JSON data, as
every migration does."""

from __future__ import annotations

from gui.engine.files.migration_v2 import _list
from gui.engine.rulesets import registry


def migrate_2_to_3(doc: dict) -> dict:
    kinds = _former_states(doc)
    windows: list[dict] = []
    for c in _list(doc.get("combatants")):
        if not isinstance(c, dict):
            continue
        kept = []
        for state in _list(c.get("states")):
            if isinstance(state, dict) and "rounds_left" in state:
                _expiry(state)
            if isinstance(state, dict) and state.get("key") in kinds:
                windows.append(_window(doc, c.get("id"), state, len(windows) + 1))
            else:
                kept.append(state)
        if isinstance(c.get("states"), list):
            c["states"] = kept
    if windows:
        doc["windows"] = [*_list(doc.get("windows")), *windows]
    return doc


def _expiry(state: dict) -> None:
    rounds = state.pop("rounds_left")
    if rounds is not None:
        state["expiry"] = {"at": "rounds", "rounds": rounds}


def _window(doc: dict, target: object, state: dict, n: int) -> dict:
    log = _list(doc.get("log"))
    turn = doc.get("turn")
    wid = f"w{len(log)}.{n}"
    return {
        "id": wid,
        "kind": state["key"],
        "gesture": wid,
        "actor": _last_actor_on(log, target),
        "target": target,
        "value": state.get("value"),
        "round": turn.get("round", 0) if isinstance(turn, dict) else 0,
    }


def _last_actor_on(log: list, target: object) -> object:
    """Who last acted on `target`, by the log (the attacker whose hit waits on it)."""
    acted = (e for e in reversed(log) if isinstance(e, dict) and e.get("target") == target)
    return next((e["actor"] for e in acted if e.get("actor") not in (None, target)), None)


def _former_states(doc: dict) -> set[str]:
    """The window kinds the encounter's ruleset declares were states (none when the ruleset
    is unknown: the loader says so afterwards)."""

    try:
        data = registry.get(doc["ruleset"]).data
    except Exception:
        return set()
    return {w.kind for w in data.windows if w.was_state}
