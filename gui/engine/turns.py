"""Turn policies: ranked initiative, GM order, alternating sides with action budgets,
declare-then-act."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable

from .model import TurnEntry, TurnSnapshot, TurnState
from .problems import BilingualError

HISTORY_LIMIT = 200


class TurnError(BilingualError, ValueError):
    """A turn step that cannot be taken as asked; nothing was changed."""


def _push(turn: TurnState) -> TurnState:
    """A copy of `turn` whose history remembers where it was, so `previous` can return."""
    new = turn.model_copy(deep=True)
    snap = TurnSnapshot(
        round=turn.round,
        phase=turn.phase,
        current=turn.current,
        holder=turn.holder,
        order=[e.model_copy() for e in turn.order],
        spent={k: list(v) for k, v in turn.spent.items()},
        activation=turn.activation,
    )
    new.history = [*turn.history[-(HISTORY_LIMIT - 1) :], snap]
    return new


def previous(turn: TurnState) -> TurnState:
    """Step back over the last `next` (or other turn step) of any policy."""
    if not turn.history:
        raise TurnError("Rien à reprendre : début du combat", "Nothing to go back to")
    snap = turn.history[-1]
    new = turn.model_copy(deep=True)
    new.round, new.phase, new.current, new.holder = (
        snap.round,
        snap.phase,
        snap.current,
        snap.holder,
    )
    new.order = [e.model_copy() for e in snap.order]
    new.spent = {k: list(v) for k, v in snap.spent.items()}
    new.activation = snap.activation
    new.history = list(turn.history[:-1])
    return new


def current_entry(turn: TurnState) -> TurnEntry | None:
    """The unit whose turn it is, if any."""
    return turn.order[turn.current] if 0 <= turn.current < len(turn.order) else None


def _index(turn: TurnState, unit: str) -> int:
    for i, entry in enumerate(turn.order):
        if entry.unit == unit:
            return i
    raise TurnError(f"« {unit} » n’est pas dans l’ordre du tour", f"'{unit}' is not in the order")


def step_in(turn: TurnState, new: TurnState, index: int) -> TurnEntry:
    """Entry `index` of `new` (a copy of `turn`) acts now: it moves to the current rank, before
    the entry it interrupts, and takes that entry's initiative. Returns the moved entry."""
    moved = new.order.pop(index)
    at = turn.current if turn.current >= 0 else len(turn.order)
    if index < at:
        at -= 1
    acting = current_entry(turn)
    if acting is not None:
        moved.initiative = acting.initiative
    new.order.insert(at, moved)
    new.current = at
    return moved


def move_unit(turn: TurnState, unit: str, to: int) -> TurnState:
    """The GM reorders by hand (G-3); whoever's turn it was keeps it."""
    new = _push(turn)
    acting = current_entry(turn)
    entry = new.order.pop(_index(turn, unit))
    new.order.insert(max(0, min(to, len(new.order))), entry)
    if acting is not None:
        new.current = _index(new, acting.unit)
    return new


class TurnPolicy(ABC):
    """How the turn tracker moves on; every step returns a new TurnState."""

    kind: str

    @abstractmethod
    def next(self, turn: TurnState) -> TurnState:
        """The turn after this one (a new round when the order is done)."""

    def end(self, turn: TurnState) -> TurnState:
        """Fin du combat: the tracker is cleared."""
        return TurnState()


class RankedInitiative(TurnPolicy):
    """Highest initiative first; ties by score then roster order; delay and ready."""

    kind = "ranked"

    def start(
        self,
        units: Iterable[TurnEntry],
        initiatives: dict[str, int],
        scores: dict[str, int] | None = None,
    ) -> TurnState:
        """Round 1 in initiative order; every unit needs an initiative value."""
        scores = scores or {}
        entries = []
        for entry in units:
            if entry.unit not in initiatives:
                raise TurnError(
                    f"Initiative manquante pour « {entry.unit} »",
                    f"Missing initiative for '{entry.unit}'",
                )
            entries.append(
                entry.model_copy(
                    update={
                        "initiative": initiatives[entry.unit],
                        "score": scores.get(entry.unit, 0),
                    }
                )
            )
        ranked = sorted(enumerate(entries), key=lambda ie: (-ie[1].initiative, -ie[1].score, ie[0]))
        order = [e for _, e in ranked]
        return TurnState(policy=self.kind, round=1, order=order, current=self._first(order, 0))

    @staticmethod
    def _first(order: list[TurnEntry], start: int) -> int:
        for i in range(start, len(order)):
            if not order[i].delayed and not order[i].ready:
                return i
        return -1

    def next(self, turn: TurnState) -> TurnState:
        new = _push(turn)
        if turn.current >= 0:
            new.order[turn.current].acted = True
        self._advance(new, turn.current + 1)
        return new

    def _advance(self, new: TurnState, start: int) -> None:
        """The next unit able to act from `start` on, wrapping into a new round."""
        nxt = self._first(new.order, start)
        if nxt == -1:
            new.round += 1
            for entry in new.order:
                entry.acted = False
            nxt = self._first(new.order, 0)
        new.current = nxt

    def delay(self, turn: TurnState, unit: str) -> TurnState:
        """The acting unit waits; it will act when the GM says so (`act_now`)."""
        return self._hold(turn, unit, delayed=True, ready="")

    def ready(self, turn: TurnState, unit: str, trigger: str) -> TurnState:
        """The acting unit readies an action for a trigger."""
        if not trigger.strip():
            raise TurnError("Préciser le déclencheur", "Say what triggers the readied action")
        return self._hold(turn, unit, delayed=False, ready=trigger.strip())

    def _hold(self, turn: TurnState, unit: str, delayed: bool, ready: str) -> TurnState:
        i = _index(turn, unit)
        if i != turn.current:
            raise TurnError(
                "Seule l’unité dont c’est le tour peut attendre", "Only the acting unit can wait"
            )
        new = _push(turn)
        new.order[i].delayed, new.order[i].ready = delayed, ready
        self._advance(new, i + 1)
        return new

    def act_now(self, turn: TurnState, unit: str) -> TurnState:
        """A delayed or readied unit acts now, before the current one; this is its new rank."""
        i = _index(turn, unit)
        entry = turn.order[i]
        if not entry.delayed and not entry.ready:
            raise TurnError(f"« {unit} » n’attend pas", f"'{unit}' is not waiting")
        new = _push(turn)
        moved = step_in(turn, new, i)
        moved.delayed, moved.ready = False, ""
        return new


class GmOrder(RankedInitiative):
    """Rounds in the order the GM sets, with no initiative: the roster order to start, then
    the GM drags units (`move_unit`); delay and act now as with ranked initiative."""

    def start(
        self,
        units: Iterable[TurnEntry],
        initiatives: dict[str, int],
        scores: dict[str, int] | None = None,
    ) -> TurnState:
        order = [e.model_copy(update={"initiative": initiatives.get(e.unit)}) for e in units]
        return TurnState(policy=self.kind, round=1, order=order, current=self._first(order, 0))


class AlternatingSides(TurnPolicy):
    """Sides take turns; one unit of the holding side spends actions, then the next side holds.

    A unit's actions per round are its `budget` (or `actions` for all). Subclasses say which
    units can no longer act (`can_act`), e.g. when all their members are out of the fight."""

    kind = "alternating"

    def start(
        self, units: Iterable[TurnEntry], side_order: list[str], first: str, actions: int = 2
    ) -> TurnState:
        """Round 1: every unit gets its budget; `first` holds the initiative."""
        if first not in side_order:
            raise TurnError(f"Camp inconnu « {first} »", f"Unknown side '{first}'")
        turn = TurnState(
            policy=self.kind,
            round=1,
            order=[u.model_copy() for u in units],
            holder=first,
            side_order=list(side_order),
            actions_per_unit=actions,
        )
        self._refill(turn)
        return turn

    def can_act(self, entry: TurnEntry) -> bool:
        """True while the unit takes part in the fight (every unit, unless a subclass says)."""
        return True

    def _refill(self, turn: TurnState) -> None:
        for entry in turn.order:
            budget = turn.actions_per_unit if entry.budget is None else entry.budget
            entry.actions_left = budget if self.can_act(entry) else 0

    def has_actions(self, turn: TurnState, side: str) -> bool:
        """True when a unit of `side` can still act this round."""
        return any(e.side == side and e.actions_left > 0 and self.can_act(e) for e in turn.order)

    def select(self, turn: TurnState, unit: str, force: bool = False) -> TurnState:
        """The holding side picks which of its units acts (force: GM override, G-3)."""
        i = _index(turn, unit)
        entry = turn.order[i]
        if not force:
            if entry.side != turn.holder:
                raise TurnError(
                    "Ce camp n’a pas l’initiative", "That side does not hold initiative"
                )
            if entry.actions_left == 0 or not self.can_act(entry):
                raise TurnError("Plus d’action ce tour-ci", "No action left this round")
            if turn.current not in (-1, i) and turn.activation:
                raise TurnError(
                    "Une seule unité agit par initiative : « Suivant » d’abord",
                    "One unit acts per initiative: « Suivant » first",
                )
        new = _push(turn)
        if new.current != i:
            new.current, new.activation = i, 0
        return new

    def spend(self, turn: TurnState, unit: str, count: int = 1, force: bool = False) -> TurnState:
        """The unit uses `count` actions (force: beyond its budget, G-3)."""
        i = _index(turn, unit)
        left = turn.order[i].actions_left
        if count > left and not force:
            raise TurnError(f"{left} action(s) restante(s)", f"{left} action(s) left")
        new = _push(turn)
        new.order[i].actions_left = max(0, left - count)
        if i == new.current:
            new.activation += count
        return new

    def pass_unit(self, turn: TurnState, unit: str) -> TurnState:
        """The unit gives up its remaining actions this round."""
        new = _push(turn)
        new.order[_index(turn, unit)].actions_left = 0
        return new

    def grant(self, turn: TurnState, unit: str, count: int) -> TurnState:
        """Extra actions for a unit (bought, or a GM decision)."""
        new = _push(turn)
        new.order[_index(turn, unit)].actions_left += count
        return new

    def give_initiative(self, turn: TurnState, side: str) -> TurnState:
        """The GM hands the initiative to a side (first initiative, or an override)."""
        if side not in turn.side_order:
            raise TurnError(f"Camp inconnu « {side} »", f"Unknown side '{side}'")
        new = _push(turn)
        new.holder, new.current, new.activation = side, -1, 0
        return new

    def next(self, turn: TurnState) -> TurnState:
        """The holding side is done: the next side with actions left holds. When nobody can
        act, a new round: budgets refill, used action kinds clear, and the initiative goes
        on alternating from the side that held it last."""
        new = _push(turn)
        new.current, new.activation = -1, 0
        sides = turn.side_order
        start = sides.index(turn.holder) if turn.holder in sides else -1
        for step in range(1, len(sides) + 1):
            side = sides[(start + step) % len(sides)]
            if self.has_actions(new, side):
                new.holder = side
                return new
        new.round += 1
        new.spent = {}
        self._refill(new)
        new.holder = sides[(start + 1) % len(sides)] if sides else None
        return new


class DeclareThenAct(TurnPolicy):
    """Everyone declares in score order, then actions resolve by initiative, each on its own."""

    kind = "declare"

    def __init__(self, declare_descending: bool = True) -> None:
        self.declare_descending = declare_descending

    def start(self, units: Iterable[TurnEntry], scores: dict[str, int]) -> TurnState:
        """Round 1, declaration phase."""
        entries = [u.model_copy(update={"score": scores.get(u.unit, 0)}) for u in units]
        return TurnState(
            policy=self.kind,
            round=1,
            phase="declare",
            order=self._declaration_order(entries),
            current=0 if entries else -1,
        )

    def _declaration_order(self, entries: list[TurnEntry]) -> list[TurnEntry]:
        sign = -1 if self.declare_descending else 1
        ranked = sorted(enumerate(entries), key=lambda ie: (sign * ie[1].score, ie[0]))
        return [
            e.model_copy(update={"initiative": None, "declared": [], "acted": False})
            for _, e in ranked
        ]

    def rescore(self, turn: TurnState, scores: dict[str, int], reorder: bool = False) -> TurnState:
        """The units' scores as they are now (wounds change them); `reorder` sorts a fresh
        declaration phase by them again. Part of the step that calls it: no history entry."""
        new = turn.model_copy(deep=True)
        for entry in new.order:
            if entry.members:
                entry.score = scores.get(entry.members[0], entry.score)
        if reorder:
            new.order = self._declaration_order(new.order)
        return new

    def declare(self, turn: TurnState, unit: str, actions: list[str]) -> TurnState:
        """Record what a unit announces (several entries for multiple actions)."""
        if turn.phase != "declare":
            raise TurnError("Les déclarations sont closes", "Declarations are over")
        new = _push(turn)
        new.order[_index(turn, unit)].declared = [a for a in actions if a.strip()]
        return new

    def needs_initiative(self, turn: TurnState) -> bool:
        """True when the next step is the initiative roll (after the last declaration)."""
        return turn.phase == "declare" and turn.current >= len(turn.order) - 1

    def begin_act(self, turn: TurnState, initiatives: dict[str, list[int]]) -> TurnState:
        """Initiatives are rolled: one act entry per action, highest first; ties by score.

        A unit given no initiative at all (an empty list: stunned, or every action cancelled)
        keeps one entry at the end, already done, so it declares again next round."""
        if turn.phase != "declare":
            raise TurnError("L’initiative est déjà lancée", "Initiative was already rolled")
        entries, idle = [], []
        for entry in turn.order:
            values = initiatives.get(entry.unit)
            if values is None:
                raise TurnError(
                    f"Initiative manquante pour « {entry.unit} »",
                    f"Missing initiative for '{entry.unit}'",
                )
            if not values:
                idle.append(entry.model_copy(update={"acted": True, "declared": []}))
            labels = entry.declared or [""]
            for n, value in enumerate(values):
                label = labels[n] if n < len(labels) else ""
                entries.append(
                    entry.model_copy(
                        update={"initiative": value, "declared": [label] if label else []}
                    )
                )
        new = _push(turn)
        new.phase, new.order = "act", [*rank_actions(entries), *idle]
        new.current = self._first(new.order, 0)
        return new

    @staticmethod
    def _first(order: list[TurnEntry], start: int) -> int:
        """The first entry from `start` on still to act (not done, not delayed), or -1."""
        for i in range(start, len(order)):
            if not order[i].acted and not order[i].delayed:
                return i
        return -1

    def delay(self, turn: TurnState) -> TurnState:
        """CON-05: the acting entry waits; it acts when the GM says so (`act_now`)."""
        if turn.phase != "act" or current_entry(turn) is None:
            raise TurnError("Aucune action en cours", "No action under way")
        new = _push(turn)
        new.order[turn.current].delayed = True
        new.current = self._first(new.order, turn.current + 1)
        return new

    def act_now(self, turn: TurnState, index: int) -> TurnState:
        """CON-05: a delayed action happens now, before the current one (after its own rank:
        it takes the initiative of the action it interrupts)."""
        if not (0 <= index < len(turn.order)) or not turn.order[index].delayed:
            raise TurnError("Cette action n’est pas retardée", "That action is not delayed")
        new = _push(turn)
        step_in(turn, new, index).delayed = False
        return new

    def simultaneous(self, turn: TurnState) -> list[list[str]]:
        """Groups of act entries with equal initiative and score: they act at the same time."""
        groups: dict[tuple[int, int], list[str]] = {}
        for entry in turn.order:
            if entry.initiative is not None:
                groups.setdefault((entry.initiative, entry.score), []).append(entry.unit)
        return [units for units in groups.values() if len(units) > 1]

    def next(self, turn: TurnState) -> TurnState:
        if self.needs_initiative(turn):
            raise TurnError("Lancer l’initiative d’abord", "Roll initiative first")
        new = _push(turn)
        if turn.phase == "declare":
            new.current = turn.current + 1
            return new
        if turn.current >= 0:
            new.order[turn.current].acted = True
        nxt = self._first(new.order, turn.current + 1)
        if nxt != -1:
            new.current = nxt
            return new
        # Back to declarations: one entry per unit, as at the start (delayed actions never
        # taken are lost with the round).
        units: dict[str, TurnEntry] = {}
        for entry in turn.order:
            units.setdefault(entry.unit, entry)
        new.round += 1
        new.phase = "declare"
        new.order = self._declaration_order(list(units.values()))
        new.current = 0
        return new


def rank_actions(entries: list[TurnEntry]) -> list[TurnEntry]:
    """CON-04: act entries from the highest initiative down; ties by the higher score, then
    in the given order (a unit's own actions stay in their declared order)."""
    ranked = sorted(
        enumerate(entries), key=lambda ie: (-(ie[1].initiative or 0), -ie[1].score, ie[0])
    )
    return [e for _, e in ranked]


POLICIES: dict[str, type[TurnPolicy]] = {
    p.kind: p for p in (RankedInitiative, AlternatingSides, DeclareThenAct)
}
