"""What a turn step changed, and nothing more: the changes that move the turn state, the
history entry that « Précédent » takes back, and the replay that checks a saved history.

A step touches a few fields (whose turn it is, who acted, the round); the ChangeSet and the
history keep only those, with their old values, so that memory and time stay flat over a long
fight (a copy of the whole state per step grew a session to gigabytes)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise
from typing import Any

import msgspec
from msgspec import Struct

from gui.engine.core.checking import checked, field_type
from gui.engine.core.copies import deep_copy
from gui.engine.core.problems import Problem, json_path
from gui.engine.state.changes import ABSENT, Change, change, read
from gui.engine.state.model import HISTORY_LIMIT, Encounter, TurnPatch, TurnState, TurnStep
from gui.engine.state.references import turn_state_problem
from gui.engine.turns.base import TurnError, scratch

Path = tuple[str | int, ...]


def diff(old: TurnState, new: TurnState) -> list[tuple[Path, Any]]:
    """Where `new` differs from `old` (the history aside), with the new values: a field of
    the state, or a field of an entry when the order keeps its units, else the whole order."""
    out: list[tuple[Path, Any]] = []
    for name in new.__struct_fields__:
        before, after = getattr(old, name), getattr(new, name)
        if name == "history" or before == after:
            continue
        if name == "order" and _same_units(before, after):
            for i, (a, b) in enumerate(zip(before, after, strict=True)):
                if a != b:
                    out += [
                        (("order", i, f), getattr(b, f))
                        for f in b.__struct_fields__
                        if getattr(a, f) != getattr(b, f)
                    ]
        else:
            out.append(((name,), after))
    return out


def _same_units(before: list, after: list) -> bool:
    return len(before) == len(after) and all(
        a.unit == b.unit and type(a) is type(b) for a, b in zip(before, after, strict=True)
    )


def turn_changes(enc: Encounter, new: TurnState) -> list[Change]:
    """The changes that make `enc.turn` into `new` (its history aside); another mode (start,
    end) replaces the whole state."""
    old = enc.turn
    if type(old) is not type(new):
        return [change(enc, ("turn",), new)]
    return [change(enc, ("turn", *path), value) for path, value in diff(old, new)]


def remembered(enc: Encounter, changes: list[Change]) -> list[Change]:
    """The history entry of a turn step made of `changes`: the value before the step of
    every field of the turn state they touch (the step's and what the ruleset does with it;
    a field of an entry when only that changes), so that « Précédent » takes it all back.
    Nothing when they replace the whole state (a new mode)."""
    turn = enc.turn
    places: list[Path] = []
    for c in changes:
        if c.path[0] != "turn" or c.path[1:2] == ("history",):
            continue
        if len(c.path) == 1:
            return []
        path = c.path[1:]
        entry = path[0] == "order" and len(path) >= 3 and isinstance(path[1], int)
        place = path[:3] if entry and read(turn, path[:3]) is not ABSENT else path[:1]
        places.append(place)
    whole = {p[0] for p in places if len(p) == 1}
    places = list(dict.fromkeys(p for p in places if len(p) == 1 or p[0] not in whole))
    if not places:
        return []
    record = TurnStep(
        patches=[TurnPatch(path=list(p), value=_saved(read(turn, p))) for p in places]
    )
    at = len(turn.history)
    out = []
    if at >= HISTORY_LIMIT:  # the oldest step can no longer be taken back
        out.append(change(enc, ("turn", "history", 0), ABSENT, index=0))  # undo: back at 0
        at -= 1
    out.append(Change(("turn", "history", at), ABSENT, record))
    return out


def _saved(value: Any) -> Any:
    """A value as the file keeps it (models as dicts)."""
    return msgspec.to_builtins(value)


def previous(enc: Encounter) -> list[Change]:
    """« Précédent »: the changes that take the last step back, and drop its history entry."""
    turn = enc.turn
    if not turn.history:
        raise TurnError("Rien à reprendre : début du combat", "Nothing to go back to")
    record = turn.history[-1]
    restored = scratch(turn)
    restore(restored, record)
    paths = {tuple(p.path) for p in record.patches}
    covered = {p for p in paths if any(p[:n] in paths for n in range(1, len(p)))}
    places = [p for p in dict.fromkeys(tuple(p.path) for p in record.patches) if p not in covered]
    changes = [change(enc, ("turn", *path), read(restored, path)) for path in places]
    changes.append(change(enc, ("turn", "history", len(turn.history) - 1), ABSENT))
    return changes


def restore(state: TurnState, record: TurnStep) -> None:
    """Put back, in `state`, the values a step changed (each checked against its field);
    ValueError when a value or a place does not fit."""
    for patch in record.patches:
        node: Any = state
        *parents, last = patch.path
        for part in parents:
            node = _child(node, part)
        if not isinstance(node, Struct) or not isinstance(last, str):
            raise ValueError("a step changes fields of the state or of its entries")
        if last not in node.__struct_fields__ or last == "history":
            raise ValueError(f"no field '{last}' here")
        # Checked: a saved entry becomes a typed one.
        setattr(node, last, checked(patch.value, field_type(type(node), last)))


def _child(node: Any, part: str | int) -> Any:
    if isinstance(node, Struct) and isinstance(part, str) and part in node.__struct_fields__:
        return getattr(node, part)
    if isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
        return node[part]
    raise ValueError(f"no place '{part}' here")


def replay(turn: TurnState) -> Iterator[tuple[int, TurnState, set[str]]]:
    """Step back through the history, newest first: (index of the entry, the state it
    restores, what it touched: the state's fields by name, "order.<field>" for a field of
    some entries). One working copy is
    changed in place, so the states yielded are the same object; a HistoryError, with the
    index in `args`, when an entry cannot be taken back."""
    state = scratch(turn)
    for k in range(len(turn.history) - 1, -1, -1):
        record = turn.history[k]
        try:
            restore(state, record)
        except ValueError as exc:
            raise HistoryError(k, exc) from exc
        yield k, state, {_touched(p.path) for p in record.patches}


def _touched(path: list[str | int]) -> str:
    """ "current", "order", or "order.acted" for a field of an entry."""
    return str(path[0]) if len(path) == 1 else f"{path[0]}.{path[-1]}"


class HistoryError(ValueError):
    """A history entry that cannot be taken back: its index and why."""

    def __init__(self, index: int, cause: Exception) -> None:
        super().__init__(index, cause)
        self.index = index
        self.cause = cause


def snapshots(turn: TurnState) -> list[TurnState]:
    """Every state the history can go back to, oldest first, then the state itself."""
    states = [scratch(turn)]
    for _, state, _ in replay(turn):
        states.append(deep_copy(state))
    return states[::-1]


def rebuilt(states: list[TurnState]) -> TurnState:
    """The last of `states` with a history that steps back through the others: what a
    rewrite of every past state (a combatant leaving the fight) needs."""
    history = []
    for before, after in pairwise(states):
        places = diff(before, after)
        if places:
            history.append(
                TurnStep(
                    patches=[
                        TurnPatch(path=list(p), value=_saved(read(before, p))) for p, _ in places
                    ]
                )
            )
    return states[-1].replace(history=history[-HISTORY_LIMIT:])


def history_problem(enc: Encounter) -> Problem | None:
    """Each step of the turn history a file holds names only what exists, and can be taken
    back: a file that loads can play Suivant and Précédent."""
    side_ids = {s.id for s in enc.sides}
    ids = {c.id for c in enc.combatants}
    try:
        for k, state, touched in replay(enc.turn):
            problem = turn_state_problem(state, side_ids, ids, ("turn", "history", k), touched)
            if problem is not None:
                return problem
    except HistoryError as exc:
        return Problem(
            json_path(("turn", "history", exc.index, "patches")),
            "étape de l’historique du tour impossible à reprendre",
            "a step of the turn history that cannot be taken back",
        )
    return None
