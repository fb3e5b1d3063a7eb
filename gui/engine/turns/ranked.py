"""Ranked initiative (highest first, the same order every round, delay and ready) and the
GM's order (no initiative: the roster order, then the GM drags units)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from msgspec import field

from gui.engine.core.problems import Words
from gui.engine.core.words import Label
from gui.engine.state.model import (
    Encounter,
    LogEntry,
    Text,
    TurnEntry,
    TurnState,
    register_turn_state,
)
from gui.engine.turns.base import Step, TurnContext, TurnError, TurnMode, index_of, step_in


class RankedEntry(TurnEntry):
    """A unit with its initiative (None: none yet), its tie-breaking score, and whether it
    acted this round, delays, or readies an action for a trigger."""

    initiative: int | None = None
    score: int = 0
    acted: bool = False
    delayed: bool = False
    ready: Text = ""


@register_turn_state
class RankedState(TurnState):
    mode: Literal["ranked"] = "ranked"
    order: list[RankedEntry] = field(default_factory=list)


@register_turn_state
class GmOrderState(TurnState):
    mode: Literal["gm_order"] = "gm_order"
    order: list[RankedEntry] = field(default_factory=list)


class RankedInitiative(TurnMode):
    """Highest initiative first; ties by score then roster order; delay and ready."""

    kind = "ranked"
    state = RankedState
    entry = RankedEntry
    steps = ("delay", "ready", "act_now", "reorder")

    def start(self, ctx: TurnContext, initiatives: Mapping[str, int], **inputs: object) -> Step:
        """Round 1 in initiative order; every unit needs an initiative value."""
        scores = ctx.scores()
        entries = self.entries(ctx.units())
        for entry in entries:
            if entry.unit not in initiatives:
                raise TurnError(
                    f"Initiative manquante pour « {entry.unit} »",
                    f"Missing initiative for '{entry.unit}'",
                )
            entry.initiative = initiatives[entry.unit]
            entry.score = scores.get(entry.unit, 0)
        ranked = sorted(
            enumerate(entries), key=lambda ie: (-(ie[1].initiative or 0), -ie[1].score, ie[0])
        )
        order = [e for _, e in ranked]
        return Step(
            self._begun(order),
            ("Commencer le combat", "Start the fight"),
            logs=[_initiative_log(ctx, order)],
        )

    def _begun(self, order: list[RankedEntry]) -> TurnState:
        return self.state(round=1, order=order, current=self._first(order, 0))

    def _first(self, order: list, start: int) -> int:
        """The first unit from `start` on that takes its turn now (not waiting), or -1."""
        for i in range(start, len(order)):
            if not order[i].delayed and not order[i].ready:
                return i
        return -1

    def next(self, ctx: TurnContext, work: TurnState) -> Step:
        if work.current >= 0:
            work.order[work.current].acted = True
        self._advance(work, work.current + 1)
        return Step(work, ("Tour suivant", "Next turn"))

    def _advance(self, work: TurnState, start: int) -> None:
        """The next unit able to act from `start` on, wrapping into a new round."""
        nxt = self._first(work.order, start)
        if nxt == -1:
            work.round += 1
            for entry in work.order:
                entry.acted = False
            nxt = self._first(work.order, 0)
        work.current = nxt

    def done(self, turn: TurnState, entry: TurnEntry) -> bool:
        return bool(getattr(entry, "acted", False))

    def initiative_text(self, enc: Encounter, entry: TurnEntry) -> Label:
        value = getattr(entry, "initiative", None)
        shown = "" if value is None else str(value)
        return Label(fr=shown, en=shown)

    def status(self, turn: TurnState, entry: TurnEntry) -> list[Label]:
        out = []
        if getattr(entry, "acted", False):
            out.append(Label(fr="a agi", en="acted"))
        if getattr(entry, "delayed", False):
            out.append(Label(fr="retardé", en="delaying"))
        ready = getattr(entry, "ready", "")
        if ready:
            out.append(Label(fr=f"action préparée : {ready}", en=f"readied action: {ready}"))
        return out

    # Steps ------------------------------------------------------------------------------

    def delay(self, ctx: TurnContext, work: TurnState, unit: str) -> Step:
        """The acting unit waits; it will act when the GM says so (`act_now`)."""
        return self._hold(work, unit, delayed=True, ready="", label=("Retarder", "Delay"))

    def ready(self, ctx: TurnContext, work: TurnState, unit: str, trigger: str) -> Step:
        """The acting unit readies an action for a trigger."""
        if not isinstance(trigger, str) or not trigger.strip():
            raise TurnError("Préciser le déclencheur", "Say what triggers the readied action")
        return self._hold(
            work, unit, delayed=False, ready=trigger.strip(), label=("Préparer", "Ready")
        )

    def _hold(self, work: TurnState, unit: str, delayed: bool, ready: str, label: Words) -> Step:
        i = index_of(work, unit)
        if i != work.current:
            raise TurnError(
                "Seule l’unité dont c’est le tour peut attendre", "Only the acting unit can wait"
            )
        work.order[i].delayed, work.order[i].ready = delayed, ready
        self._advance(work, i + 1)
        return Step(work, label)

    def act_now(self, ctx: TurnContext, work: TurnState, unit: str) -> Step:
        """A delayed or readied unit acts now, before the current one; this is its new rank."""
        i = index_of(work, unit)
        entry = work.order[i]
        if not entry.delayed and not entry.ready:
            raise TurnError(f"« {unit} » n’attend pas", f"'{unit}' is not waiting")
        moved = step_in(ctx.enc.turn, work, i)
        moved.delayed, moved.ready = False, ""
        return Step(work, ("Agir maintenant", "Act now"))


class GmOrder(RankedInitiative):
    """Rounds in the order the GM sets, with no initiative: the roster order to start, then
    the GM drags units (`reorder`); delay and act now as with ranked initiative."""

    kind = "gm_order"
    state = GmOrderState

    def start(self, ctx: TurnContext, initiatives: Mapping[str, int], **inputs: object) -> Step:
        order = self.entries(ctx.units())
        for entry in order:
            entry.initiative = initiatives.get(entry.unit)
        return Step(self._begun(order), ("Commencer le combat", "Start the fight"))


def _initiative_log(ctx: TurnContext, order: list[RankedEntry]) -> LogEntry:
    """The initiatives as the order took them, with the score that breaks a tie."""
    tied = {e.initiative for e in order if sum(o.initiative == e.initiative for o in order) > 1}
    lines = [
        (
            f"{ctx.unit_name(e)} : {e.initiative}"
            + (f" (départage : score {e.score})" if e.initiative in tied else ""),
            f"{ctx.unit_name(e)}: {e.initiative}"
            + (f" (tie broken by score {e.score})" if e.initiative in tied else ""),
        )
        for e in order
    ]
    return LogEntry.of(
        ("Initiative", "Initiative"),
        ("Ordre du tour établi", "Turn order set"),
        lines,
        round=1,
        dice=[e.initiative for e in order if e.initiative is not None],
    )
