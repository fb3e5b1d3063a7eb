"""Durations: when states end by themselves, one mechanism for every ruleset. A state's
`expiry` says when (the start or end of its owner's or its source's next turn, a number of
rounds, or once used); the Table calls `at_round_start` and `at_turn` as turns go, each end
is a log line, and all of it is undone with the step that caused it (G-4)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, Protocol

from gui.engine.core.words import Label
from gui.engine.state.changes import Change, change, log_change
from gui.engine.state.model import Combatant, Encounter, Expiry, LogEntry, State
from gui.engine.turns import current_entry

Moment = Literal["turn_start", "turn_end"]


class StateNaming(Protocol):
    """What names a state in both languages (a Ruleset: its own name for a state of its list)."""

    def state_label(self, state: State) -> Label: ...


# What becomes of a state: None, it goes on as it is; True, it ends; a State, counted down.
Decision = Callable[[Combatant, State], State | bool | None]
_WHY = {
    "turn_start": ("début de tour", "start of turn"),
    "turn_end": ("fin de tour", "end of turn"),
    "rounds": ("durée écoulée", "duration over"),
    "use": ("utilisé", "used"),
}


def expiry(
    enc: Encounter,
    at: Literal["turn_start", "turn_end", "rounds", "use"],
    owner: str,
    whose: Literal["owner", "source"] = "owner",
    source: str | None = None,
    rounds: int | None = None,
) -> Expiry:
    """An expiry set now: "the end of the next turn" of a unit whose turn is under way
    skips the end of this one (its next turn is the one after)."""
    acting = current_entry(enc.turn)
    concerned = owner if whose == "owner" else source
    skip = int(at == "turn_end" and acting is not None and concerned in acting.members)
    return Expiry(at=at, whose=whose, rounds=rounds, skip=skip)


def _changes(enc: Encounter, naming: StateNaming, decide: Decision, why: str) -> list[Change]:
    """Every combatant's states as `decide` has them, and a log line for those that end."""
    changes: list[Change] = []
    logs: list[LogEntry] = []
    for c in enc.combatants:
        kept, gone = [], []
        for state in c.states:
            decision = decide(c, state)
            if decision is True:
                gone.append(state)
            else:
                kept.append(state if decision is None else decision)
        if kept == c.states:
            continue
        changes.append(change(enc, ("combatants", c.id, "states"), kept))
        if gone:
            logs.append(_log(naming, enc, c, gone, why))
    for entry in logs:
        changes.append(log_change(enc, entry, changes))
    return changes


def state_names(naming: StateNaming, states: list[State]) -> Label:
    """The states' names in both languages (the ruleset's own for a state of its list)."""
    labels = [naming.state_label(s) for s in states]
    return Label(fr=", ".join(x.fr for x in labels), en=", ".join(x.en for x in labels))


def _log(
    naming: StateNaming, enc: Encounter, c: Combatant, gone: list[State], why: str
) -> LogEntry:
    names = [state_names(naming, [s]) for s in gone]
    every = state_names(naming, gone)
    fr, en = _WHY[why]
    return LogEntry.of(
        ("Fin d’un état", "A condition ends"),
        (f"{c.name} n’est plus {every.fr}", f"{c.name} is no longer {every.en}"),
        [(f"G-4 {n.fr} : fin ({fr})", f"G-4 {n.en}: ends ({en})") for n in names],
        round=enc.turn.round,
        actor=c.id,
    )


def at_round_start(enc: Encounter, naming: StateNaming) -> list[Change]:
    """A new round: durations in rounds count down; at their end the state goes."""

    def decide(_c: Combatant, state: State) -> State | bool | None:
        e = state.expiry
        if e is None or e.at != "rounds" or e.rounds is None:
            return None
        if e.rounds <= 1:
            return True
        return state.replace(expiry=e.replace(rounds=e.rounds - 1))

    return _changes(enc, naming, decide, "rounds")


def at_turn(
    enc: Encounter, naming: StateNaming, members: list[str], moment: Moment
) -> list[Change]:
    """The turn of the unit made of `members` starts or ends: the states that end then (at
    their owner's or their source's turn); a "next turn" met during the turn it began in is
    only counted."""
    unit = set(members)

    def decide(c: Combatant, state: State) -> State | bool | None:
        e = state.expiry
        if e is None or e.at != moment:
            return None
        if (c.id if e.whose == "owner" else state.source) not in unit:
            return None
        if e.skip:
            return state.replace(expiry=e.replace(skip=0))
        return True

    return _changes(enc, naming, decide, moment)


def used(enc: Encounter, naming: StateNaming, cid: str, key: str) -> list[Change]:
    """A state that lasts "until used" is used up (by the attack or roll that uses it)."""
    return _changes(enc, naming, lambda c, s: True if c.id == cid and s.key == key else None, "use")


def naming(enc: Encounter, cid: str) -> list[Change]:
    """The states that name `cid` as their source, gone with it (it leaves the encounter)."""
    return [
        change(enc, ("combatants", c.id, "states"), [s for s in c.states if s.source != cid])
        for c in enc.combatants
        if c.id != cid and any(s.source == cid for s in c.states)
    ]
