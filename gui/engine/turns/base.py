"""The turn-mode contract: what a mode owns (its state type, its steps and their log lines),
what it is given (TurnContext), and the helpers every mode shares."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import ClassVar, Protocol

from msgspec import Struct, field

from gui.engine.core.arguments import argument_problem
from gui.engine.core.copies import deep_copy
from gui.engine.core.problems import BilingualError, Words
from gui.engine.core.words import Label
from gui.engine.state.changes import Change
from gui.engine.state.model import Combatant, Encounter, LogEntry, TurnEntry, TurnState
from gui.engine.state.schema import RulesetData


class RoundWords(Struct, frozen=True):
    """What a round is called (« Round », « Passe ») and the log line that opens one."""

    name: Label
    opening: Label


ROUND = RoundWords(Label(fr="Round", en="Round"), Label(fr="Début du round", en="Start of round"))


class TurnError(BilingualError, ValueError):
    """A turn step that cannot be taken as asked; nothing was changed."""


class Step(Struct):
    """What a turn step makes: the new turn state, the undo label, and besides the turn the
    log lines and other changes it makes (a kept Joker, a ruleset's resource…)."""

    turn: TurnState
    label: Words
    logs: list[LogEntry] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)


class TurnRules(Protocol):
    """What a turn mode asks of its ruleset (the contract's Ruleset answers it): who takes
    turns, the initiative scores, the mode the flags pick, the house-rule flags. The turn
    modes know no ruleset (issue 35)."""

    @property
    def data(self) -> RulesetData: ...

    def turn_units(self, enc: Encounter) -> list[TurnEntry]: ...

    def initiative_score(self, enc: Encounter, c: Combatant) -> int: ...

    def turn_mode(self, enc: Encounter) -> TurnMode: ...

    def flag(self, enc: Encounter, flag_id: str) -> bool | int | str: ...


class TurnContext(Struct, frozen=True):
    """What a mode may read: the encounter as it is, and its ruleset's answers."""

    enc: Encounter
    ruleset: TurnRules

    def units(self) -> list[TurnEntry]:
        """Who takes turns (the ruleset groups combatants into units)."""
        return self.ruleset.turn_units(self.enc)

    def scores(self) -> dict[str, int]:
        """Each combatant's initiative score (tie-breaker, declaration order), and each
        unit's: the best of its members'."""
        out = {c.id: self.ruleset.initiative_score(self.enc, c) for c in self.enc.combatants}
        for unit in self.units():
            out.setdefault(unit.unit, max(out[cid] for cid in unit.members))
        return out

    def unit_name(self, entry: TurnEntry) -> str:
        """A unit's members by name (« Brigand 1, Brigand 2 »)."""
        return ", ".join(self.enc.combatant(cid).name for cid in entry.members)


class TurnMode(ABC):
    """How a combat's turns run. A ruleset picks a mode and configures it (`turn_mode`);
    `Table` calls it through this interface and never asks which mode it is.

    A step gets `work`, a copy of the turn state without its history, changes it and returns
    it in a Step; the Table turns the difference into changes and a history entry, so that
    « Précédent » and undo take the step back. `steps` names the steps a mode offers beyond
    start and next (each a method with that name taking `ctx, work` and keywords)."""

    kind: ClassVar[str]
    state: ClassVar[type[TurnState]]
    entry: ClassVar[type[TurnEntry]] = TurnEntry
    steps: ClassVar[tuple[str, ...]] = ()
    round_words: RoundWords = ROUND

    @abstractmethod
    def start(self, ctx: TurnContext, initiatives: Mapping[str, int], **inputs: object) -> Step:
        """Commencer le combat: round 1. `initiatives`: each unit's initiative (a roll, a
        card…) when the mode takes one; other inputs by name (the first side…)."""

    @abstractmethod
    def next(self, ctx: TurnContext, work: TurnState) -> Step:
        """Suivant: the turn after this one (a new round when the order is done)."""

    def step(self, ctx: TurnContext, name: str, args: Mapping[str, object]) -> Step:
        """One of the mode's own steps (`steps`), on a working copy of the current state."""
        if name not in self.steps:
            raise TurnError(
                f"Étape « {name} » inconnue dans ce mode de tour",
                f"No step '{name}' in this turn mode",
            )
        method: Callable[..., Step] = getattr(type(self), name)
        work = self.work(ctx.enc.turn)
        problem = argument_problem(method, (self, ctx, work), dict(args))
        if problem is not None:
            raise TurnError(*problem)
        return method(self, ctx, work, **args)

    def work(self, turn: TurnState) -> TurnState:
        """A copy of `turn` to change, without its history (the Table keeps that)."""
        if not isinstance(turn, self.state):
            raise TurnError(
                "Aucun combat en cours dans ce mode", "No combat under way in this mode"
            )
        return scratch(turn)

    def entries(self, units: list[TurnEntry], **fields: object) -> list[TurnEntry]:
        """The ruleset's units as this mode's entries (the fields it gives kept)."""
        out = []
        for unit in units:
            known = set(self.entry.__struct_fields__)
            data = {k: getattr(unit, k) for k in unit.__struct_fields__ if k in known}
            out.append(self.entry(**{**data, **fields}))
        return out

    # What the views ask -----------------------------------------------------------------

    def acting(self, turn: TurnState) -> TurnEntry | None:
        """The unit whose turn it is, if any."""
        return current_entry(turn)

    def done(self, turn: TurnState, entry: TurnEntry) -> bool:
        """True when the unit has no more turn this round (shown greyed)."""
        return False

    def initiative_text(self, enc: Encounter, entry: TurnEntry) -> Label:
        """How a unit's initiative reads in the order (empty when it has none)."""
        return Label(fr="", en="")

    def status(self, turn: TurnState, entry: TurnEntry) -> list[Label]:
        """Where a unit stands this round, in a few words (the printed order)."""
        return []

    def round_label(self, turn: TurnState) -> Label:
        """« Round 3 », « Passe 3 »."""
        name = self.round_words.name
        return Label(fr=f"{name.fr} {turn.round}", en=f"{name.en} {turn.round}")

    def round_log(self, round_no: int) -> LogEntry:
        """The log line that opens a round."""
        words = self.round_words
        return LogEntry.of(
            (f"{words.name.fr} {round_no}", f"{words.name.en} {round_no}"),
            (f"{words.opening.fr} {round_no}", f"{words.opening.en} {round_no}"),
            round=round_no,
        )

    def can_go_back(self, turn: TurnState) -> bool:
        """True when « Précédent » has a step to take back."""
        return bool(turn.history)

    # Shared steps -----------------------------------------------------------------------

    def reorder(self, ctx: TurnContext, work: TurnState, unit: str, to: int) -> Step:
        """The GM reorders by hand (G-3); whoever's turn it was keeps it."""
        acting = current_entry(work)
        entry = work.order.pop(index_of(work, unit))
        work.order.insert(max(0, min(to, len(work.order))), entry)
        if acting is not None:
            work.current = next(i for i, e in enumerate(work.order) if e is acting)
        return Step(work, ("Réordonner", "Reorder"))


def scratch(turn: TurnState) -> TurnState:
    """A copy of `turn` to change, without its history (which only turn steps write, and
    which is not copied at all: a deep copy would copy it before dropping it)."""
    return deep_copy(turn.replace(history=[]))


def current_entry(turn: TurnState) -> TurnEntry | None:
    """The unit whose turn it is, if any."""
    return turn.order[turn.current] if 0 <= turn.current < len(turn.order) else None


def index_of(turn: TurnState, unit: str) -> int:
    """The position of `unit` in the order (TurnError if it is not there)."""
    for i, entry in enumerate(turn.order):
        if entry.unit == unit:
            return i
    raise TurnError(f"« {unit} » n’est pas dans l’ordre du tour", f"'{unit}' is not in the order")


def unit_of(turn: TurnState, cid: str) -> int:
    """The position of the unit `cid` acts in, or -1."""
    for i, entry in enumerate(turn.order):
        if cid in entry.members:
            return i
    return -1


def step_in(turn: TurnState, new: TurnState, index: int) -> TurnEntry:
    """Entry `index` of `new` (a copy of `turn`) acts now: it moves to the current rank, before
    the entry it interrupts, and takes that entry's initiative. Returns the moved entry."""
    moved = new.order.pop(index)
    at = turn.current if turn.current >= 0 else len(turn.order)
    if index < at:
        at -= 1
    acting = current_entry(turn)
    if acting is not None and hasattr(acting, "initiative"):
        moved.initiative = acting.initiative  # type: ignore[attr-defined]
    new.order.insert(at, moved)
    new.current = at
    return moved
