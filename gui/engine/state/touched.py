"""What a ChangeSet touched, told to the views so that each refreshes only that (the typed
change notices of Tiled's change events and Anki's OpChanges): read from its paths."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from msgspec import Struct

from gui.engine.state.changes import ABSENT, Change, ChangeSet
from gui.engine.state.model import Encounter


class Touched(Struct, frozen=True):
    """The parts of the encounter a change reached.

    `combatants`, `sides` and `zones` name those whose values changed (a combatant named
    by a reaction window that opened or closed counts: its badges say so); `fields` says
    which of the combatants' fields (position, stats, side…), `stats` which sheet values
    and `side_fields` which of the sides' fields (resources, colour…). `roster`: a
    combatant or a side came, went or moved in its list (rows change); `map`: zones came or
    went, links, background, grid or scale changed; `seen`: what the players' side is
    remembered to have seen (issue 38: the fog's memory, that only the players' view and the
    GM's « voir comme les joueurs » show). `everything`: what the rest cannot say
    (the house rules, the whole encounter): every view re-reads it all."""

    combatants: frozenset[str] = frozenset()
    sides: frozenset[str] = frozenset()
    zones: frozenset[str] = frozenset()
    fields: frozenset[str] = frozenset()
    side_fields: frozenset[str] = frozenset()
    stats: frozenset[str] = frozenset()
    roster: bool = False
    map: bool = False
    seen: bool = False
    turn: bool = False
    log: bool = False
    windows: bool = False
    everything: bool = False

    @classmethod
    def all(cls) -> Touched:
        """Another encounter, or a change nothing more precise can be said of."""
        return cls(
            roster=True, map=True, seen=True, turn=True, log=True, windows=True, everything=True
        )

    def regrouped(self, grouping: Iterable[str] = ()) -> bool:
        """Whether a combatant may have changed group or side (its rank, its side, a sheet
        value among the ruleset's `grouping` ones): the rows of the roster and the outlines
        of grouped tokens may be other ones."""
        return bool(self.fields & {"side", "tier"} or self.stats.intersection(grouping))

    @property
    def sides_shown(self) -> bool:
        """Whether the rows of the sides and their combatants may be other ones."""
        return self.everything or self.roster


_TOP_FLAGS = ("turn", "log", "windows")  # said as a whole


def touched(cs: ChangeSet, enc: Encounter) -> Touched:
    """The notice for `cs`, just applied to `enc` or reverted (both read the same paths)."""
    combatants: set[str] = set()
    sides: set[str] = set()
    zones: set[str] = set()
    flags: set[str] = set()
    fields: dict[str, set[str]] = {"combatants": set(), "sides": set()}
    stats: set[str] = set()
    for ch in cs.changes:
        _read(ch, combatants, sides, zones, flags)
        if ch.path[0] in fields and len(ch.path) >= 3:
            fields[str(ch.path[0])].add(str(ch.path[2]))
            if ch.path[0] == "combatants" and ch.path[2] == "stats":
                stats.update(_stat_keys(ch))
        if ch.path[:1] == ("windows",) and len(ch.path) >= 3 and isinstance(ch.path[1], str):
            combatants.update(_window_people([w for w in enc.windows if w.id == ch.path[1]]))
    return Touched(
        combatants=frozenset(combatants),
        sides=frozenset(sides),
        zones=frozenset(zones),
        fields=frozenset(fields["combatants"]),
        side_fields=frozenset(fields["sides"]),
        stats=frozenset(stats),
        roster="roster" in flags,
        map="map" in flags,
        seen="seen" in flags,
        turn="turn" in flags,
        log="log" in flags,
        windows="windows" in flags,
        everything="everything" in flags,
    )


def _stat_keys(ch: Change) -> Iterable[str]:
    """The sheet values a change of a combatant's stats reaches (all of them when it
    replaces the whole sheet)."""
    if len(ch.path) >= 4:
        return (str(ch.path[3]),)
    return (str(k) for side in (ch.old, ch.new) if isinstance(side, dict) for k in side)


def _read(ch: Change, combatants: set, sides: set, zones: set, flags: set) -> None:
    path = ch.path
    top = path[0] if path else None
    if top in _TOP_FLAGS:
        flags.add(str(top))
        if top == "windows":  # whom the windows opened or closed name
            combatants.update(_window_people(ch.old))
            combatants.update(_window_people(ch.new))
        return
    if top in ("combatants", "sides"):
        named = combatants if top == "combatants" else sides
        if len(path) >= 3 and isinstance(path[1], str):  # a value of one of them
            named.add(path[1])
            return
        flags.add("roster")  # one came or went, or the whole list
        for value in (ch.old, ch.new):
            named.update(_ids(value))
        return
    if top == "map":
        if path[1:2] == ("explored",) or path[3:4] == ("explored",):
            flags.add("seen")
        elif len(path) >= 4 and path[1] == "zones" and isinstance(path[2], str):
            zones.add(path[2])
        else:
            flags.add("map")
        return
    if top in ("name", "notes", "dice", "id"):
        return  # shown by no view of the table (the title is read at each change)
    flags.add("everything")  # the house rules, the ruleset, the whole encounter


def _ids(value: Any) -> Iterable[str]:
    items = value if isinstance(value, list) else [value]
    return [item.id for item in items if item is not ABSENT and hasattr(item, "id")]


def _window_people(value: Any) -> Iterable[str]:
    items = value if isinstance(value, list) else [value]
    for w in items:
        for cid in (getattr(w, "actor", None), getattr(w, "target", None)):
            if isinstance(cid, str):
                yield cid
