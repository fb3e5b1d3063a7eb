"""« Mettre à jour la bibliothèque »: after a fight, the encounter's combatants written back to
the library entries of the same name (hit points, resources, tracks, states: the whole sheet),
with what each would change told in French and English for the GM to confirm.

The match is by name within the ruleset's library: a combatant keeps no link to the entry it
came from (that would change the encounter's schema), so a combatant renamed in the fight, or
a name two combatants share, is not matched."""

from __future__ import annotations

from collections import Counter

from msgspec import Struct

from gui.engine.contract.base import Ruleset
from gui.engine.core.problems import Words
from gui.engine.files.library import Library, kept
from gui.engine.state.model import Combatant, Encounter, StatValue


class Update(Struct, frozen=True):
    """A library entry that a combatant of the encounter would change, and how."""

    entry: str
    combatant: str
    name: str
    lines: tuple[Words, ...]


def updates(lib: Library, enc: Encounter, ruleset: Ruleset) -> list[Update]:
    """The entries the encounter's combatants would change, in the encounter's order."""
    counts = Counter(c.name for c in enc.combatants)
    out = []
    for c in enc.combatants:
        entry = lib.named(c.name)
        if entry is None or counts[c.name] > 1:
            continue
        lines = differences(ruleset, entry, c)
        if lines:
            out.append(Update(entry.id, c.id, c.name, tuple(lines)))
    return out


def written(lib: Library, enc: Encounter, chosen: list[Update]) -> Library:
    """`lib` with the chosen entries replaced by their combatants as they are now."""
    for update in chosen:
        lib = kept(lib, enc.combatant(update.combatant))
    return lib


def differences(ruleset: Ruleset, old: Combatant, new: Combatant) -> list[Words]:
    """What of a sheet differs, one line each: a field, a track, the states, the notes."""
    data, lines = ruleset.data, []
    specs = {**data.field_map(old.tier), **data.field_map(new.tier)}
    for key in dict.fromkeys([*specs, *old.stats, *new.stats]):
        spec = specs.get(key)
        default = spec.default if spec is not None else None
        before, after = old.stats.get(key, default), new.stats.get(key, default)
        if before != after:
            fr, en = (spec.label.fr, spec.label.en) if spec is not None else (key, key)
            if isinstance(before, list) or isinstance(after, list):
                lines.append((f"{fr} : modifié", f"{en}: changed"))
            else:
                (a_fr, a_en), (b_fr, b_en) = _value(before), _value(after)
                lines.append((f"{fr} : {a_fr} → {b_fr}", f"{en}: {a_en} → {b_en}"))
    labels = {t.key: t.label for t in data.tracks}
    for key in dict.fromkeys([*old.tracks, *new.tracks]):
        before, after = (_marked(c, key) for c in (old, new))
        if (old.tracks.get(key), new.tracks.get(key)) != (None, None) and before != after:
            label = labels.get(key)
            fr, en = (label.fr, label.en) if label is not None else (key, key)
            lines.append(
                (f"{fr} : {before} → {after} case(s) cochée(s)", f"{en}: {before} → {after} marked")
            )
    lines += _states(ruleset, old, new)
    if old.notes != new.notes:
        lines.append(("Notes modifiées", "Notes changed"))
    return lines


def _marked(c: Combatant, key: str) -> int:
    track = c.tracks.get(key)
    return sum(1 for mark in track.marks if mark) if track is not None else 0


def _states(ruleset: Ruleset, old: Combatant, new: Combatant) -> list[Words]:
    """« États : + Étourdi, − Blessé » (« modifiés » when only a value or a duration moved)."""
    if old.states == new.states:
        return []
    before = {s.key: ruleset.state_label(s) for s in old.states}
    after = {s.key: ruleset.state_label(s) for s in new.states}
    parts = [("+", after[k]) for k in after if k not in before]
    parts += [("−", before[k]) for k in before if k not in after]
    fr = ", ".join(f"{sign} {label.fr}" for sign, label in parts) or "modifiés"
    en = ", ".join(f"{sign} {label.en}" for sign, label in parts) or "changed"
    return [(f"États : {fr}", f"Conditions: {en}")]


def _value(value: StatValue) -> Words:
    """A value as a reader of each language writes it (1,5 and 1.5; oui and yes)."""
    if isinstance(value, bool):
        return ("oui", "yes") if value else ("non", "no")
    if value is None:
        return ("—", "—")
    return (str(value).replace(".", ",") if isinstance(value, float) else str(value), str(value))
