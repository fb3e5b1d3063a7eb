"""Alternating sides: one unit of the side holding the initiative spends actions, then the
next side holds; a round ends when nobody can act (a round may be called a Passe)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Annotated, Literal

from msgspec import Meta, field

from gui.engine.core.words import Label
from gui.engine.state.model import Id, TurnEntry, TurnState, register_turn_state
from gui.engine.turns.base import (
    ROUND,
    RoundWords,
    Step,
    TurnContext,
    TurnError,
    TurnMode,
    index_of,
)


class PassEntry(TurnEntry):
    """A unit with the actions it has left this round and its own budget per round (None:
    the mode's)."""

    actions_left: Annotated[int, Meta(ge=0)] = 0
    budget: Annotated[int, Meta(ge=0)] | None = None


@register_turn_state
class PassState(TurnState):
    """Who holds the initiative, the sides' order of play, the actions per unit and per
    round, and how many actions the acting unit took since it was picked."""

    mode: Literal["alternating"] = "alternating"
    order: list[PassEntry] = field(default_factory=list)
    holder: Id | None = None
    side_order: list[Id] = field(default_factory=list)
    actions_per_unit: Annotated[int, Meta(ge=1)] = 2
    activation: Annotated[int, Meta(ge=0)] = 0

    def mode_problem(self, side_ids: set[str]) -> tuple[tuple[str | int, ...], str, str] | None:
        if self.holder is not None and self.holder not in side_ids:
            return ("holder",), f"camp inconnu « {self.holder} »", f"unknown side '{self.holder}'"
        for k, sid in enumerate(self.side_order):
            if sid not in side_ids or sid in self.side_order[:k]:
                return (
                    ("side_order", k),
                    f"camp inconnu ou en double « {sid} »",
                    f"unknown or repeated side '{sid}'",
                )
        return None


class AlternatingSides(TurnMode):
    """Sides take turns; one unit of the holding side spends actions, then the next side holds.

    A unit's actions per round are its `budget` (or `actions` for all). A ruleset configures
    what a round is called (« Passe »), the sides that play first, and which units can no
    longer act (`out`: their members are all out of the fight)."""

    kind = "alternating"
    state = PassState
    entry = PassEntry
    steps = ("select", "spend", "pass_unit", "grant", "give_initiative", "reorder")

    def __init__(
        self,
        actions: int = 2,
        round_words: RoundWords = ROUND,
        first: Iterable[str] = (),
        out: Iterable[str] = (),
    ) -> None:
        self.actions = actions
        self.round_words = round_words
        self.first = set(first)  # these sides come first in the alternation
        self.out = set(out)

    def can_act(self, entry: TurnEntry) -> bool:
        """True while the unit takes part in the fight (one member not out)."""
        return not all(m in self.out for m in entry.members)

    def start(self, ctx: TurnContext, initiatives: Mapping[str, int], **inputs: object) -> Step:
        """Round 1: every unit gets its budget; `first_side` holds the initiative."""
        sides = sorted((s.id for s in ctx.enc.sides), key=lambda s: s not in self.first)
        first = inputs.get("first_side") or (sides[0] if sides else "")
        if first not in sides:
            raise TurnError(f"Camp inconnu « {first} »", f"Unknown side '{first}'")
        work = PassState(
            round=1,
            order=self.entries(ctx.units()),
            holder=str(first),
            side_order=sides,
            actions_per_unit=self.actions,
        )
        self._refill(work)
        return Step(work, ("Commencer le combat", "Start the fight"))

    def _refill(self, work: PassState) -> None:
        for entry in work.order:
            budget = work.actions_per_unit if entry.budget is None else entry.budget
            entry.actions_left = budget if self.can_act(entry) else 0

    def has_actions(self, turn: PassState, side: str) -> bool:
        """True when a unit of `side` can still act this round."""
        return any(e.side == side and e.actions_left > 0 and self.can_act(e) for e in turn.order)

    def able(self, turn: PassState) -> list[PassEntry]:
        """The units that can still act this round."""
        return [e for e in turn.order if e.actions_left > 0 and self.can_act(e)]

    def done(self, turn: TurnState, entry: TurnEntry) -> bool:
        return not (getattr(entry, "actions_left", 0) > 0 and self.can_act(entry))

    def status(self, turn: TurnState, entry: TurnEntry) -> list[Label]:
        if not isinstance(turn, PassState) or not isinstance(entry, PassEntry):
            return []
        per_round = turn.actions_per_unit if entry.budget is None else entry.budget
        left = f"{entry.actions_left}/{per_round}"
        if not self.can_act(entry):
            return [Label(fr="hors combat", en="out of the fight")]
        return [Label(fr=f"actions restantes {left}", en=f"actions left {left}")]

    # Steps ------------------------------------------------------------------------------

    def check_select(self, turn: PassState, unit: str) -> None:
        """Why the holding side may not pick `unit` now (TurnError), if it may not."""
        i = index_of(turn, unit)
        entry = turn.order[i]
        if entry.side != turn.holder:
            raise TurnError("Ce camp n’a pas l’initiative", "That side does not hold initiative")
        if entry.actions_left == 0 or not self.can_act(entry):
            raise TurnError("Plus d’action ce tour-ci", "No action left this round")
        if turn.current not in (-1, i) and turn.activation:
            raise TurnError(
                "Une seule unité agit par initiative : « Suivant » d’abord",
                "One unit acts per initiative: « Suivant » first",
            )

    def select(self, ctx: TurnContext, work: PassState, unit: str, force: bool = False) -> Step:
        """The holding side picks which of its units acts (force: GM override, G-3)."""
        if not force:
            self.check_select(work, unit)
        i = index_of(work, unit)
        if work.current != i:
            work.current, work.activation = i, 0
        return Step(work, ("Faire agir", "Have act"))

    def spend(
        self, ctx: TurnContext, work: PassState, unit: str, count: int = 1, force: bool = False
    ) -> Step:
        """The unit uses `count` actions (force: beyond its budget, G-3)."""
        i = index_of(work, unit)
        left = work.order[i].actions_left
        if count > left and not force:
            raise TurnError(f"{left} action(s) restante(s)", f"{left} action(s) left")
        work.order[i].actions_left = max(0, left - count)
        if i == work.current:
            work.activation += count
        return Step(work, ("Action", "Action"))

    def pass_unit(self, ctx: TurnContext, work: PassState, unit: str) -> Step:
        """The unit gives up its remaining actions this round."""
        work.order[index_of(work, unit)].actions_left = 0
        return Step(work, ("Passer", "Pass"))

    def grant(self, ctx: TurnContext, work: PassState, unit: str, count: int = 1) -> Step:
        """Extra actions for a unit (bought, or a GM decision)."""
        if not isinstance(count, int) or not 1 <= count <= 99:
            raise TurnError("Entre 1 et 99 actions de plus", "Between 1 and 99 more actions")
        work.order[index_of(work, unit)].actions_left += count
        return Step(work, ("Action de plus", "One more action"))

    def give_initiative(self, ctx: TurnContext, work: PassState, side: str) -> Step:
        """The GM hands the initiative to a side (first initiative, or an override)."""
        if side not in work.side_order:
            raise TurnError(f"Camp inconnu « {side} »", f"Unknown side '{side}'")
        work.holder, work.current, work.activation = side, -1, 0
        return Step(work, ("Donner l’initiative", "Give the initiative"))

    def next(self, ctx: TurnContext, work: TurnState) -> Step:
        """The holding side is done: the next side with actions left holds. When nobody can
        act, a new round: budgets refill, used action kinds clear, and the initiative goes
        on alternating from the side that held it last. A side with nobody able to act hands
        the initiative on, also at a new round (the alternation would otherwise give it to a
        beaten side)."""
        assert isinstance(work, PassState)
        sides = work.side_order
        start = sides.index(work.holder) if work.holder in sides else -1
        work.current, work.activation = -1, 0
        for step in range(1, len(sides) + 1):
            side = sides[(start + step) % len(sides)]
            if self.has_actions(work, side):
                work.holder = side
                return Step(work, ("Tour suivant", "Next turn"))
        work.round += 1
        work.spent = {}
        self._refill(work)
        work.holder = sides[(start + 1) % len(sides)] if sides else None
        if work.holder is not None and not self.has_actions(work, work.holder):
            at = sides.index(work.holder)
            for step in range(1, len(sides)):
                side = sides[(at + step) % len(sides)]
                if self.has_actions(work, side):
                    work.holder = side
                    break
        return Step(work, ("Tour suivant", "Next turn"))
