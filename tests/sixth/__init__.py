"""A sixth ruleset that lives only in its own files (this package and its ruleset.json): its
own turn mode (two phases a round, the fast act in both) and moves counted in grid cells.
The boundary tests register it with one registry line and play it through the generic
engine and GUI, which must need no change to run it."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Literal

from pydantic import Field

from gui.engine.changes import ChangeSet
from gui.engine.model import Combatant, Encounter, TurnEntry, TurnState, register_turn_state
from gui.engine.moves import Destination
from gui.engine.rulesets.base import (
    Action,
    ActionSpec,
    DiceResult,
    Notice,
    Preview,
    Resolution,
    Ruleset,
)
from gui.engine.turns import Step, TurnContext, TurnError, TurnMode, current_entry, index_of

DATA_FOLDER = Path(__file__).parent
FAST = 8  # SIX-01: from this speed on, a unit acts in both phases


class PhaseEntry(TurnEntry):
    """A unit with the phases it acts in this round and those it has acted in."""

    phases: list[int] = Field(default_factory=list)
    acted_in: list[int] = Field(default_factory=list)


@register_turn_state
class PhaseState(TurnState):
    mode: Literal["phases"] = "phases"
    phase: int = Field(default=1, ge=1, le=2)
    order: list[PhaseEntry] = Field(default_factory=list)


class Phases(TurnMode):
    """SIX-01: each round has two phases; every unit acts in phase 1, the fast also in 2.
    Its own step: `hurry`, a unit of phase 2 acts now in phase 1."""

    kind = "phases"
    state = PhaseState
    entry = PhaseEntry
    steps = ("hurry",)

    def __init__(self, speeds: Mapping[str, int]) -> None:
        self.speeds = dict(speeds)

    def _phases(self, entry: TurnEntry) -> list[int]:
        fast = all(self.speeds.get(m, 0) >= FAST for m in entry.members)
        return [1, 2] if fast else [1]

    def start(self, ctx: TurnContext, initiatives: Mapping[str, int], **inputs: object) -> Step:
        order = self.entries(ctx.units())
        for entry in order:
            entry.phases = self._phases(entry)
        return Step(PhaseState(round=1, order=order, current=0 if order else -1), "Phases")

    def _first(self, work: PhaseState, start: int) -> int:
        for i in range(start, len(work.order)):
            entry = work.order[i]
            if work.phase in entry.phases and work.phase not in entry.acted_in:
                return i
        return -1

    def next(self, ctx: TurnContext, work: TurnState) -> Step:
        assert isinstance(work, PhaseState)
        acting = current_entry(work)
        if acting is not None:
            acting.acted_in = [*acting.acted_in, work.phase]
        nxt = self._first(work, work.current + 1)
        while nxt == -1:
            if work.phase == 1:
                work.phase = 2
            else:
                work.phase, work.round = 1, work.round + 1
                for entry in work.order:
                    entry.acted_in = []
                    entry.phases = self._phases(entry)
            nxt = self._first(work, 0)
            if nxt == -1 and work.phase == 1:
                break  # nobody at all
        work.current = nxt
        return Step(work, "Suivant")

    def hurry(self, ctx: TurnContext, work: TurnState, unit: str) -> Step:
        assert isinstance(work, PhaseState)
        entry = work.order[index_of(work, unit)]
        if work.phase != 1 or 2 not in entry.phases:
            raise TurnError("Pas de phase 2 à avancer", "No phase 2 to bring forward")
        entry.phases = [1]
        return Step(work, f"Presser {ctx.unit_name(entry)}")

    def done(self, turn: TurnState, entry: TurnEntry) -> bool:
        return isinstance(entry, PhaseEntry) and set(entry.phases) <= set(entry.acted_in)

    def initiative_text(self, enc: Encounter, entry: TurnEntry) -> str:
        phases = getattr(entry, "phases", [])
        return "+".join(map(str, phases))


def _stat(c: Combatant, key: str, default: int) -> int:
    value = c.stats.get(key, default)
    return value if isinstance(value, int) and not isinstance(value, bool) else default


class Sixieme(Ruleset):
    """Phases and moves in cells, nothing else: enough to need every seam."""

    def turn_mode(self, enc: Encounter) -> Phases:
        return Phases({c.id: _stat(c, "vitesse", 4) for c in enc.combatants})

    def check_move(self, enc: Encounter, c: Combatant, dest: Destination) -> list[Notice]:
        """SIX-02: a move covers at most Vitesse cells (the larger of the two offsets)."""
        here, there = c.position.cell, dest.cell
        if here is None or there is None:
            return []
        cells = max(abs(here[0] - there[0]), abs(here[1] - there[1]))
        speed = _stat(c, "vitesse", 4)
        if cells <= speed:
            return []
        return [
            Notice(
                "SIX-02",
                f"{c.name} parcourt {cells} cases, Vitesse {speed}",
                f"{c.name} covers {cells} squares, Speed {speed}",
            )
        ]

    def actions(self, enc: Encounter, actor: str, target: str | None) -> list[ActionSpec]:
        return []

    def preview(self, enc: Encounter, action: Action) -> Preview:
        return Preview(action, ())

    def resolve(
        self, enc: Encounter, action: Action, dice: DiceResult
    ) -> tuple[Resolution, ChangeSet]:
        raise NotImplementedError  # no action in this ruleset


RULESET_CLASS = Sixieme
