"""Collecting the changes of one resolution (one Change per path, log lines in order), the
G-3 refusal of blocked actions, and turning the edits into a Resolution."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gui.engine.checks.request import DiceResult
from gui.engine.contract.base import Words
from gui.engine.contract.values import FORCE, Action, ActionError, Resolution, make_log
from gui.engine.core.words import Notice, Term
from gui.engine.state.changes import Change, ChangeSet, log_change, read
from gui.engine.state.model import Encounter, LogEntry, State
from gui.engine.turns.history import turn_changes


class Edits:
    """Values to write at paths of an encounter; reading a path sees what was written."""

    def __init__(self, enc: Encounter) -> None:
        self.enc = enc
        self._new: dict[tuple, Any] = {}
        self._old: dict[tuple, Any] = {}
        self._logs: list[LogEntry] = []

    def get(self, path: Sequence[str | int]) -> Any:
        key = tuple(path)
        return self._new[key] if key in self._new else read(self.enc, key)

    def number(self, path: Sequence[str | int]) -> int:
        """An int at `path` as written so far (0 when absent)."""
        value = self.get(path)
        return value if isinstance(value, int) and not isinstance(value, bool) else 0

    def set(self, path: Sequence[str | int], value: Any) -> None:
        key = tuple(path)
        if key not in self._old:
            self._old[key] = read(self.enc, key)
        self._new[key] = value

    def add(self, path: Sequence[str | int], delta: int, cap: int | None = None) -> int:
        """Add to an int (never below 0, at most `cap`); the new value."""
        value = max(0, self.number(path) + delta)
        if cap is not None:
            value = min(cap, value)
        self.set(path, value)
        return value

    def states(self, cid: str) -> list[State]:
        """A copy of the combatant's states as written so far."""
        return [s.replace() for s in self.get(("combatants", cid, "states"))]

    def add_state(self, cid: str, state: State) -> None:
        """Add a state (replacing one with the same key)."""
        kept = [s for s in self.states(cid) if s.key != state.key]
        self.set(("combatants", cid, "states"), [*kept, state])

    def remove_state(self, cid: str, *keys: str) -> None:
        states = self.states(cid)
        if any(s.key in keys for s in states):
            self.set(("combatants", cid, "states"), [s for s in states if s.key not in keys])

    def log(self, entry: LogEntry) -> None:
        self._logs.append(entry)

    def changes(self) -> tuple[Change, ...]:
        """The changes written, the turn state's as what it changed (turns/history.py)."""
        out: list[Change] = []
        for k, v in self._new.items():
            if k == ("turn",) and type(v) is type(self._old[k]):
                out += turn_changes(self.enc, v)
            elif self._old[k] != v:
                out.append(Change(k, self._old[k], v))
        for entry in self._logs:
            out.append(log_change(self.enc, entry, out))
        return tuple(out)


def refuse_blocked(action: Action, notices: Sequence[Notice], terms: list[Term]) -> None:
    """Refuse when a notice blocks, unless the GM overrides it (G-3, logged in `terms`)."""
    blocking = [n for n in notices if n.blocking]
    if not blocking:
        return
    if not action.overrides.get(FORCE):
        first = blocking[0]
        raise ActionError(f"{first.rule} {first.fr}", f"{first.rule} {first.en}")
    for n in blocking:
        terms.append(
            Term(f"passé outre par le MJ : {n.fr}", "", "G-3", f"overridden by the GM: {n.en}")
        )


def finish(
    edits: Edits,
    action: Action,
    label: Words,
    terms: list[Term],
    dice: DiceResult,
    outcome: Words,
    success: bool | None = None,
    amounts: Mapping[str, int] | None = None,
) -> tuple[Resolution, ChangeSet]:
    """The Resolution of `action` and its ChangeSet: the edits plus the log line."""
    entry = make_log(edits.enc, action, label, terms, dice, outcome)
    edits.log(entry)
    resolution = Resolution(
        action, outcome[0], outcome[1], tuple(terms), dice, success, entry, amounts=amounts or {}
    )
    return resolution, ChangeSet(label[0], edits.changes(), label[1])
