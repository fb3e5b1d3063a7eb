"""Reaction windows (Seams II): a resolution that is not finished opens a window where others
may react before it goes on (a hit before it is absorbed or before its damage, a move that
provokes). The window is saved in the encounter; the ruleset says what it offers (reactions,
and the steps that go on: Ruleset.window_offers); the actions taken in it name it
(Action.window); and the whole gesture, from the action that opened it to the one that closes
it, is one undo entry (the controller merges them by the window's `gesture`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, Protocol

from msgspec import Struct

from gui.engine.core.words import Label
from gui.engine.state.changes import ChangeSet
from gui.engine.state.model import Encounter, Scalar, Window
from gui.engine.state.schema import RulesetData


class Offer(Struct, frozen=True):
    """What a window offers the GM: `actor` may take the action `kind` (at `target`), as a
    reaction, or as the step that goes on and closes it."""

    window: str
    actor: str
    kind: str
    label: Label
    role: Literal["reaction", "follow_up"]
    target: str | None = None


def opening(
    edits: Staging,
    kind: str,
    actor: str | None,
    target: str | None,
    value: int | None = None,
    data: dict[str, Scalar] | None = None,
    within: Window | None = None,
) -> Window:
    """Open a window in `edits` (`within`: the window of the same gesture it comes from).
    Its id is new in the session (the log's length at its opening, which only grows as
    the gesture goes on), so that two gestures never share one."""
    windows: list[Window] = list(edits.get(("windows",)))
    taken = {w.id for w in windows} | {w.id for w in edits.enc.windows}
    n = 1
    while f"w{len(edits.enc.log)}.{n}" in taken:
        n += 1
    wid = f"w{len(edits.enc.log)}.{n}"
    window = Window(
        id=wid,
        kind=kind,
        gesture=within.gesture if within is not None else wid,
        actor=actor,
        target=target,
        value=value,
        data=data or {},
        round=edits.enc.turn.round,
    )
    edits.set(("windows",), [*windows, window])
    return window


def closing(edits: Staging, window: Window) -> None:
    """Close a window in `edits` (its resolution went on)."""
    windows: list[Window] = list(edits.get(("windows",)))
    edits.set(("windows",), [w for w in windows if w.id != window.id])


def describe(enc: Encounter, data: RulesetData, window: Window) -> Label:
    """How the GM reads the window, in both languages, from its kind's label in the
    ruleset's data (« Attaque de Ana : Brute encaisse 7 Qualités »)."""
    spec = data.window(window.kind)
    label = spec.label if spec is not None else Label(fr=window.kind, en=window.kind)
    names = {c.id: c.name for c in enc.combatants}
    values = {
        "actor": names.get(window.actor or "", "?"),
        "target": names.get(window.target or "", "?"),
        "value": "" if window.value is None else window.value,
    }
    return Label(fr=label.fr.format_map(values), en=label.en.format_map(values))


def open_on(enc: Encounter, target: str, kinds: tuple[str, ...] = ()) -> list[Window]:
    """The windows open on `target` (of these kinds, or any)."""
    return [w for w in enc.windows if w.target == target and (not kinds or w.kind in kinds)]


def get(enc: Encounter, wid: str) -> Window:
    """The open window `wid` (KeyError if it is not open)."""
    for window in enc.windows:
        if window.id == wid:
            return window
    raise KeyError(wid)


def gesture_of(cs: ChangeSet) -> str | None:
    """The gesture a ChangeSet belongs to: that of a window it opens or closes (None when it
    opens or closes none)."""
    for ch in cs.changes:
        if ch.path != ("windows",) or not isinstance(ch.old, list) or not isinstance(ch.new, list):
            continue
        old = {w.id: w for w in ch.old}
        new = {w.id: w for w in ch.new}
        moved = [w for k, w in old.items() if k not in new] + [
            w for k, w in new.items() if k not in old
        ]
        if moved:
            return moved[0].gesture
    return None


class Offering(Protocol):
    """What a window offers, as the ruleset says (Ruleset.window_offers)."""

    def window_offers(self, enc: Encounter, window: Window) -> list[Offer]: ...


class Staging(Protocol):
    """The changes of one resolution being gathered (the contract's Edits): a window opens
    or closes in them."""

    enc: Encounter

    def get(self, path: Sequence[str | int]) -> object: ...

    def set(self, path: Sequence[str | int], value: object) -> None: ...


def offers_in(ruleset: Offering, enc: Encounter, wid: str, actor: str | None = None) -> list[Offer]:
    """What the open window `wid` offers (its reactions and the steps that go on and close
    it: Ruleset.window_offers), to `actor` only when one is given; nothing once it closed.
    An action taken in the window is one of these (issue 34: not Attaquer beside them)."""
    window = next((w for w in enc.windows if w.id == wid), None)
    if window is None:
        return []
    offers = ruleset.window_offers(enc, window)
    return [o for o in offers if actor is None or o.actor == actor]
