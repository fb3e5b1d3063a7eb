"""The encounter as an action's own changes leave it, read from those changes, never applied
(issue 35: no ruleset applies and reverts its own ChangeSet). What the ruleset writes after an
action's changes in the same resolution — the round's budget (D35-09), a disabled creature's
strain (D35-48), the windows of the attacks of opportunity it opens (D35-11) — reads and
writes the actor's states and sheet values, the windows and the log: those are read as the
action left them, so that the changes written after them start from its values."""

from __future__ import annotations

from gui.engine.state.changes import ABSENT, ChangeSet, is_log_append
from gui.engine.state.model import Encounter


def as_left(enc: Encounter, cs: ChangeSet, cid: str) -> Encounter:
    """`enc` with combatant `cid`'s states and sheet values, the windows and the log as `cs`
    leaves them: a shallow copy to read from (the rest is `enc`'s own; change nothing)."""
    c = enc.combatant(cid)
    states, stats = c.states, dict(c.stats)
    windows, log = enc.windows, list(enc.log)
    for ch in cs.changes:
        path = ch.path
        if path == ("combatants", cid, "states"):
            states = ch.new
        elif len(path) == 4 and path[:3] == ("combatants", cid, "stats"):
            if ch.new is ABSENT:
                stats.pop(str(path[3]), None)
            else:
                stats[str(path[3])] = ch.new
        elif path == ("windows",):
            windows = ch.new
        elif is_log_append(ch):
            log.append(ch.new)
    actor = c.replace(states=states, stats=stats)
    combatants = [actor if other.id == cid else other for other in enc.combatants]
    return enc.replace(combatants=combatants, windows=windows, log=log)
