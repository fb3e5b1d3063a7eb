"""SIX-01, the sixth ruleset's own turn mode: two phases a round, the fast act in both."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Literal

from msgspec import Meta, field

from gui.engine.core.words import Label
from gui.engine.state.model import Encounter, TurnEntry, TurnState, register_turn_state
from gui.engine.turns import Step, TurnContext, TurnError, TurnMode, current_entry, index_of

FAST = 8  # SIX-01: from this speed on, a unit acts in both phases


class PhaseEntry(TurnEntry):
    """A unit with the phases it acts in this round and those it has acted in."""

    phases: list[int] = field(default_factory=list)
    acted_in: list[int] = field(default_factory=list)


@register_turn_state
class PhaseState(TurnState):
    mode: Literal["phases"] = "phases"
    phase: Annotated[int, Meta(ge=1, le=2)] = 1
    order: list[PhaseEntry] = field(default_factory=list)


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
        return Step(
            PhaseState(round=1, order=order, current=0 if order else -1), ("Phases", "Phases")
        )

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
        return Step(work, ("Suivant", "Next"))

    def hurry(self, ctx: TurnContext, work: TurnState, unit: str) -> Step:
        assert isinstance(work, PhaseState)
        entry = work.order[index_of(work, unit)]
        if work.phase != 1 or 2 not in entry.phases:
            raise TurnError("Pas de phase 2 à avancer", "No phase 2 to bring forward")
        entry.phases = [1]
        return Step(work, (f"Presser {ctx.unit_name(entry)}", f"Hurry {ctx.unit_name(entry)}"))

    def done(self, turn: TurnState, entry: TurnEntry) -> bool:
        return isinstance(entry, PhaseEntry) and set(entry.phases) <= set(entry.acted_in)

    def initiative_text(self, enc: Encounter, entry: TurnEntry) -> Label:
        phases = "+".join(map(str, getattr(entry, "phases", [])))
        return Label(fr=phases, en=phases)
