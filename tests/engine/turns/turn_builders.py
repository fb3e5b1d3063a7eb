"""Turn-mode helpers: a libre bench playing any mode, steps checked for exact undo (G-4)."""

from __future__ import annotations

import json
from collections.abc import Mapping

import msgspec

from gui.engine.files import storage
from gui.engine.play.table import Table
from gui.engine.rulesets import registry
from gui.engine.rulesets.libre.ruleset import Libre
from gui.engine.state.changes import ChangeSet, apply, revert
from gui.engine.state.model import Encounter, Map, Side, TurnEntry, TurnState
from gui.engine.turns import ActionInitiative, Declarations, TurnMode, current_entry
from tests.engine.builders import dump, fighter, zone


class Bench(Libre):
    """libre, but its turns run in `mode` and each combatant's score is the one given."""

    def __init__(self, mode: TurnMode, scores: Mapping[str, int] | None = None) -> None:
        base = registry.get("libre")
        self.folder, self.data = base.folder, base.data
        self.mode, self.scores = mode, dict(scores or {})

    def turn_mode(self, enc: Encounter) -> TurnMode:
        return self.mode

    def initiative_score(self, enc: Encounter, c) -> int:
        return self.scores.get(c.id, 0)


class Planned(Declarations):
    """Declarations whose actions get the initiatives planned per unit (the roll unused):
    `plan` unit → one value per action, an empty list for none."""

    def __init__(self) -> None:
        self.plan: dict[str, list[int]] = {}

    def initiatives(self, enc: Encounter, entry, roll: int) -> list[ActionInitiative]:
        values = self.plan[entry.unit]
        labels = [*entry.declared, *[""] * len(values)][: len(values)]
        return [ActionInitiative(label, v) for label, v in zip(labels, values, strict=True)]


def bench(
    mode: TurnMode,
    spec: str = "A B C D",
    scores: Mapping[str, int] | None = None,
    sides: tuple[str, ...] = ("pj", "mj"),
) -> Table:
    """A Table of one combatant per unit of `spec` ("A B:mj": a bare name is on the first
    side) playing `mode`, no combat yet."""
    pairs = [(s + ":" + sides[0]).split(":")[:2] for s in spec.split()]
    enc = Encounter(
        id="banc",
        name="Banc",
        ruleset="libre",
        sides=[Side(id=s, name=s.upper()) for s in sides],
        combatants=[fighter(u, side) for u, side in pairs],
        map=Map(zones=[zone("z1")]),
    )
    t = Table(enc)
    t.ruleset = Bench(mode, scores)
    return t


def go(t: Table, name: str | None = None, **args) -> TurnState:
    """Apply one step (Suivant without a name, else the named step); the new turn state."""
    t.apply(t.next_turn() if name is None else t.turn_step(name, **args))
    return t.enc.turn


def back(t: Table) -> TurnState:
    """Apply Précédent; the turn state it lands on."""
    t.apply(t.previous_turn())
    return t.enc.turn


def begin(t: Table, plan: Mapping[str, list[int]]) -> TurnState:
    """Declare-then-act: the initiative of every declared action as planned (unit → values)."""
    t.ruleset.mode.rules.plan = dict(plan)
    return go(t, "begin_act", rolls=dict.fromkeys(plan, 0))


def names(turn: TurnState) -> list[str]:
    return [e.unit for e in turn.order]


def acting(turn: TurnState) -> str | None:
    entry = current_entry(turn)
    return entry.unit if entry else None


def entry(turn: TurnState, uid: str) -> TurnEntry:
    return next(e for e in turn.order if e.unit == uid)


def state(turn: TurnState) -> str:
    """The turn state without its history, as JSON (to compare states exactly)."""
    return json.dumps(
        {k: v for k, v in msgspec.to_builtins(turn).items() if k != "history"}, sort_keys=True
    )


def exact_undo(t: Table, cs: ChangeSet) -> None:
    """Apply `cs`, revert it: the encounter dumps and saves byte-identical; then apply it."""
    before, saved = dump(t.enc), storage.dumps(t.enc, "t")
    apply(t.enc, cs)
    assert dump(t.enc) != before
    revert(t.enc, cs)
    assert dump(t.enc) == before and storage.dumps(t.enc, "t") == saved
    t.apply(cs)


class Run:
    """Steps taken one by one through the Table, each first undone exactly (exact_undo);
    the turn state and history each one reaches, to walk them back with Précédent."""

    def __init__(self, t: Table) -> None:
        self.t = t
        self.states: list[str] = []
        self.histories: list[list] = []

    def do(self, build, *args, **kwargs) -> TurnState:
        """Build the ChangeSet now (`build(*args, **kwargs)`), check its undo, apply it."""
        exact_undo(self.t, build(*args, **kwargs))
        turn = self.t.enc.turn
        self.states.append(state(turn))
        self.histories.append([msgspec.to_builtins(s) for s in turn.history])
        return turn

    def walk_back(self) -> None:
        """Précédent over every step since the start: each lands exactly on the state (and
        history) of the step before, its own undo exact too; then there is nothing left."""
        t = self.t
        for k in range(len(self.states) - 2, -1, -1):
            exact_undo(t, t.previous_turn())
            assert state(t.enc.turn) == self.states[k], k
            assert [msgspec.to_builtins(s) for s in t.enc.turn.history] == self.histories[k]
        assert not t.enc.turn.history
