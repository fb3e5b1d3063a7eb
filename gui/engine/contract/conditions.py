"""Conditions at the GM's hand (G-3): any state of the ruleset, with its rules text, or a free
condition, put on any combatant with a duration and a source, or taken off; each one a
logged undo entry. The durations are those of durations.py."""

from __future__ import annotations

import unicodedata
from typing import Literal

from msgspec import Struct

from gui.engine.contract.base import Ruleset
from gui.engine.core.problems import BilingualError
from gui.engine.core.words import Label
from gui.engine.state.changes import ChangeSet, change, log_change
from gui.engine.state.model import Encounter, LogEntry, State
from gui.engine.state.schema import StateValueSpec
from gui.engine.timing import durations
from gui.engine.turns import current_entry

FREE = "autre"  # the choice of a free condition among the ruleset's states
Lasting = Literal["removed", "rounds", "turn_start", "turn_end", "use"]
MAX_ROUNDS = 999


class ConditionError(BilingualError, ValueError):
    """A condition that cannot be put on as asked; nothing was changed."""


class Duration(Struct, frozen=True):
    """How long a condition lasts as the GM chooses it: until removed, `rounds` rounds, until
    the start or end of the next turn of its owner or of its source, or until used."""

    lasting: Lasting = "removed"
    rounds: int = 0
    whose: Literal["owner", "source"] = "owner"


UNTIL_REMOVED = Duration()


def free_key(label: str) -> str:
    """The key of a free condition: "x_" and its name folded ("Béni" → "x_beni")."""
    folded = unicodedata.normalize("NFKD", label.lower()).encode("ascii", "ignore").decode()
    return "x_" + ("".join(ch if ch.isalnum() else "_" for ch in folded)[:40] or "etat")


def condition(
    ruleset: Ruleset,
    enc: Encounter,
    cid: str,
    key: str,
    duration: Duration = UNTIL_REMOVED,
    source: str | None = None,
    name: str = "",
    text: str = "",
    value: int | None = None,
) -> State:
    """The state `key` of the ruleset (its label and rules text, `text` replacing the text
    when given; the number it carries, `value` or its rules' default), or with FREE a
    condition named `name`, lasting `duration`, caused by `source`. ConditionError when it
    cannot be."""
    enc.combatant(cid)  # KeyError for an unknown combatant
    if source is not None:
        enc.combatant(source)
    text = text.strip()
    if key == FREE:
        name = name.strip()
        if not name:
            raise ConditionError("Donner un nom à l’état", "Give the condition a name")
        if len(name) > 60:
            raise ConditionError(
                "Un nom d’état a 60 caractères au plus",
                "A condition's name has 60 characters at most",
            )
        label, key = name, free_key(name)
    else:
        spec = next((s for s in ruleset.data.states if s.key == key), None)
        if spec is None:
            raise ConditionError(f"État inconnu « {key} »", f"Unknown condition '{key}'")
        label, text = spec.label.fr, text or spec.text.fr
        value = _value(spec.value, value)
    return State(
        key=key,
        label=label,
        text=text,
        source=source,
        expiry=_expiry(enc, cid, duration, source),
        value=value,
    )


def _value(spec: StateValueSpec | None, value: int | None) -> int | None:
    """The number a listed state carries: the GM's within its range, else the default; none
    for a state that carries none."""
    if spec is None:
        return None
    if value is None:
        return spec.default
    if not spec.minimum <= value <= spec.maximum:
        raise ConditionError(
            f"{spec.label.fr} : de {spec.minimum} à {spec.maximum}",
            f"{spec.label.en}: from {spec.minimum} to {spec.maximum}",
        )
    return value


def _expiry(enc: Encounter, cid: str, d: Duration, source: str | None):
    if d.lasting == "removed":
        return None
    if d.lasting == "rounds":
        if not 1 <= d.rounds <= MAX_ROUNDS:
            raise ConditionError(
                f"Durée entre 1 et {MAX_ROUNDS} rounds",
                f"Duration between 1 and {MAX_ROUNDS} rounds",
            )
        return durations.expiry(enc, "rounds", cid, rounds=d.rounds)
    if d.whose == "source" and source is None:
        raise ConditionError(
            "Choisir la source : sa durée se compte sur son tour",
            "Choose the source: the duration counts on its turn",
        )
    return durations.expiry(enc, d.lasting, cid, d.whose, source)


def add(ruleset: Ruleset, enc: Encounter, cid: str, state: State) -> ChangeSet:
    """Put `state` on `cid` (replacing one with the same key): one undo entry, logged."""
    c = enc.combatant(cid)
    states = [s for s in c.states if s.key != state.key] + [state]
    changes = [change(enc, ("combatants", cid, "states"), states)]
    lasting, name = describe(enc, state, cid), durations.state_names(ruleset, [state])
    lines = [
        (
            f"G-3 {name.fr}" + (f" ({lasting.fr})" if lasting.fr else ""),
            f"G-3 {name.en}" + (f" ({lasting.en})" if lasting.en else ""),
        )
    ]
    entry = LogEntry.of(
        ("État ajouté par le MJ", "Condition added by the GM"),
        (f"{c.name} : {name.fr}", f"{c.name}: {name.en}"),
        lines + ([(state.text, state.text)] if state.text else []),
        round=enc.turn.round,
        actor=state.source,
        target=cid,
    )
    changes.append(log_change(enc, entry, changes))
    return ChangeSet(f"{c.name} : {name.fr}", tuple(changes), f"{c.name}: {name.en}")


def remove(ruleset: Ruleset, enc: Encounter, cid: str, index: int) -> ChangeSet:
    """Take the state at `index` off `cid`: one undo entry, logged."""
    c = enc.combatant(cid)
    if not 0 <= index < len(c.states):
        raise ConditionError("Cet état n’est plus là", "That condition is no longer there")
    gone = c.states[index]
    kept = [s for i, s in enumerate(c.states) if i != index]
    changes = [change(enc, ("combatants", cid, "states"), kept)]
    name = durations.state_names(ruleset, [gone])
    entry = LogEntry.of(
        ("État retiré par le MJ", "Condition removed by the GM"),
        (f"{c.name} n’est plus {name.fr}", f"{c.name} is no longer {name.en}"),
        [(f"G-3 {name.fr}", f"G-3 {name.en}")],
        round=enc.turn.round,
        target=cid,
    )
    changes.append(log_change(enc, entry, changes))
    label = (f"Retirer {name.fr} ({c.name})", f"Remove {name.en} ({c.name})")
    return ChangeSet(label[0], tuple(changes), label[1])


def describe(enc: Encounter, state: State, owner: str | None = None) -> Label:
    """How long `owner`'s state lasts, in a few words ("" until removed)."""
    e = state.expiry
    if e is None:
        return Label(fr="", en="")
    if e.at == "rounds":
        return Label(fr=f"{e.rounds} r.", en=f"{e.rounds} rd.")
    if e.at == "use":
        return Label(fr="jusqu’à utilisation", en="until used")
    whom = ""
    if e.whose == "source" and state.source is not None:
        try:
            whom = enc.combatant(state.source).name
        except KeyError:
            whom = state.source
    if e.at == "turn_start":
        fr = f"jusqu’au début du prochain tour de {whom}" if whom else "jusqu’à son prochain tour"
        en = f"until the start of {whom}'s next turn" if whom else "until its next turn"
    elif e.skip == 0 and _acting(enc, state.source if e.whose == "source" else owner):
        # The end met next is that of the turn under way: say "this turn", not "next".
        fr = f"jusqu’à la fin de ce tour de {whom}" if whom else "jusqu’à la fin de ce tour"
        en = f"until the end of {whom}'s turn" if whom else "until the end of this turn"
    else:
        fr = (
            f"jusqu’à la fin du prochain tour de {whom}"
            if whom
            else "jusqu’à la fin de son prochain tour"
        )
        en = f"until the end of {whom}'s next turn" if whom else "until the end of its next turn"
    return Label(fr=fr, en=en)


def _acting(enc: Encounter, cid: str | None) -> bool:
    """Whether `cid` is a member of the unit whose turn is under way."""
    acting = current_entry(enc.turn)
    return cid is not None and acting is not None and cid in acting.members
