"""Declare then act: everyone declares in score order, then every declared action gets its
own initiative from the unit's roll and resolves on its own (the Storyteller's turns)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from msgspec import Struct, field

from gui.engine.core.words import Label, Term
from gui.engine.state.changes import Change
from gui.engine.state.model import (
    Combatant,
    Encounter,
    LogEntry,
    StatValue,
    Text,
    TurnEntry,
    TurnState,
    register_turn_state,
)
from gui.engine.state.schema import FieldSpec
from gui.engine.turns.base import (
    Step,
    TurnContext,
    TurnError,
    TurnMode,
    current_entry,
    index_of,
    step_in,
)


class DeclareEntry(TurnEntry):
    """A unit while it declares (its score, what it announces), or one of its declared
    actions once the initiative is rolled (its initiative, done, delayed)."""

    score: int = 0
    initiative: int | None = None
    declared: list[Text] = field(default_factory=list)
    acted: bool = False
    delayed: bool = False


@register_turn_state
class DeclareState(TurnState):
    mode: Literal["declare"] = "declare"
    phase: Literal["declare", "act"] = "declare"
    order: list[DeclareEntry] = field(default_factory=list)

    def repeats_units(self) -> bool:
        return self.phase == "act"  # acting, a unit has a row per declared action


class ActionInitiative(Struct, frozen=True):
    """The initiative of one declared action, with how it was computed; `value` None: the
    action is cancelled (its terms say why)."""

    label: str
    value: int | None
    terms: tuple[Term, ...] = ()


class Declarations:
    """What a ruleset says about declarations: the fields a unit fills besides its actions,
    what declaring changes, each action's initiative from the unit's roll, and what follows
    once the initiatives are rolled. By default: nothing more, and roll + score each.

    The rule ids the mode's views cite (G-2) are the ruleset's, none by default: the score
    that orders the declarations, the actions taken from the highest initiative down, actions
    at the same time, a delayed action."""

    score_rule = ""
    order_rule = ""
    together_rule = ""
    delay_rule = ""

    def options(self, enc: Encounter, c: Combatant) -> tuple[FieldSpec, ...]:
        return ()

    def declared(
        self, enc: Encounter, entry: TurnEntry, actions: list[str], options: Mapping[str, StatValue]
    ) -> list[Change]:
        return []

    def initiatives(self, enc: Encounter, entry: DeclareEntry, roll: int) -> list[ActionInitiative]:
        labels = entry.declared or [""]
        term = Term("score d'initiative", entry.score, "", "initiative score")
        return [ActionInitiative(label, roll + entry.score, (term,)) for label in labels]

    def act_started(
        self, enc: Encounter, acts: Mapping[str, list[ActionInitiative]]
    ) -> list[Change]:
        return []


class DeclareThenAct(TurnMode):
    """Everyone declares in score order, then actions resolve by initiative, each on its own."""

    kind = "declare"
    state = DeclareState
    entry = DeclareEntry
    steps = ("declare", "begin_act", "delay", "act_now", "reorder")

    def __init__(self, rules: Declarations | None = None, declare_descending: bool = True) -> None:
        self.rules = rules or Declarations()
        self.declare_descending = declare_descending

    def start(self, ctx: TurnContext, initiatives: Mapping[str, int], **inputs: object) -> Step:
        """Round 1, declaration phase."""
        scores = ctx.scores()
        entries = self.entries(ctx.units())
        for entry in entries:
            entry.score = scores.get(entry.unit, 0)
        order = self._declaration_order(entries)
        state = DeclareState(round=1, order=order, current=0 if order else -1)
        return Step(state, ("Commencer le combat", "Start the fight"))

    def _declaration_order(self, entries: list[DeclareEntry]) -> list[DeclareEntry]:
        sign = -1 if self.declare_descending else 1
        ranked = sorted(enumerate(entries), key=lambda ie: (sign * ie[1].score, ie[0]))
        return [e.replace(initiative=None, declared=[], acted=False) for _, e in ranked]

    def _rescored(self, ctx: TurnContext, work: DeclareState) -> None:
        """The units' scores as they are now (wounds change them)."""
        scores = ctx.scores()
        for entry in work.order:
            if entry.members:
                entry.score = scores.get(entry.members[0], entry.score)

    # What the views ask -------------------------------------------------------------------

    def needs_initiative(self, turn: TurnState) -> bool:
        """True when the next step is the initiative roll (after the last declaration)."""
        return (
            isinstance(turn, DeclareState)
            and turn.phase == "declare"
            and turn.current >= len(turn.order) - 1
        )

    def declaring(self, turn: TurnState) -> bool:
        return isinstance(turn, DeclareState) and turn.phase == "declare"

    def done(self, turn: TurnState, entry: TurnEntry) -> bool:
        return bool(getattr(entry, "acted", False))

    def initiative_text(self, enc: Encounter, entry: TurnEntry) -> Label:
        if self.declaring(enc.turn):
            score = str(getattr(entry, "score", ""))
            return Label(fr=score, en=score)
        value = getattr(entry, "initiative", None)
        shown = "" if value is None else str(value)
        return Label(fr=shown, en=shown)

    def status(self, turn: TurnState, entry: TurnEntry) -> list[Label]:
        if not isinstance(entry, DeclareEntry):
            return []
        out = [Label(fr=a, en=a) for a in entry.declared]
        if entry.delayed:
            out.append(Label(fr="retardée", en="delayed"))
        if entry.acted:
            out.append(Label(fr="faite", en="done"))
        return out

    def action_initiatives(
        self, ctx: TurnContext, rolls: Mapping[str, int]
    ) -> dict[str, list[ActionInitiative]]:
        """Each unit's actions with their initiative from its roll."""
        return {
            e.unit: self.rules.initiatives(ctx.enc, e, rolls[e.unit])
            for e in ctx.enc.turn.order
            if e.unit in rolls and isinstance(e, DeclareEntry)
        }

    @staticmethod
    def simultaneous(turn: TurnState) -> list[list[str]]:
        """Groups of act entries with equal initiative and score: they act at the same time."""
        groups: dict[tuple[int, int], list[str]] = {}
        for entry in turn.order:
            if isinstance(entry, DeclareEntry) and entry.initiative is not None:
                groups.setdefault((entry.initiative, entry.score), []).append(entry.unit)
        return [units for units in groups.values() if len(units) > 1]

    # Steps ------------------------------------------------------------------------------

    def declare(
        self,
        ctx: TurnContext,
        work: DeclareState,
        unit: str,
        actions: list[str],
        options: Mapping[str, StatValue] | None = None,
    ) -> Step:
        """Record what a unit announces (several entries for multiple actions), and what
        the ruleset makes of it."""
        if work.phase != "declare":
            raise TurnError("Les déclarations sont closes", "Declarations are over")
        entry = work.order[index_of(work, unit)]
        entry.declared = [a for a in actions if a.strip()]
        extra = self.rules.declared(ctx.enc, entry, entry.declared, options or {})
        name = ctx.unit_name(entry)
        log = self._declared_log(ctx, entry, options or {}, work.round)
        return Step(work, (f"Déclaration de {name}", f"{name} declares"), [log], extra)

    def _declared_log(
        self,
        ctx: TurnContext,
        entry: DeclareEntry,
        options: Mapping[str, StatValue],
        round_no: int,
    ) -> LogEntry:
        """The journal's line of a declaration, in French and English (issue 34): what the
        unit announces, and the ruleset's fields filled with it (magical actions, points
        spent…)."""
        name, said = ctx.unit_name(entry), entry.declared
        fr = " ; ".join(f"« {a} »" for a in said) or "aucune action annoncée"
        en = "; ".join(f"'{a}'" for a in said) or "no action announced"
        lines = []
        for spec in self.rules.options(ctx.enc, ctx.enc.combatant(entry.members[0])):
            value = options.get(spec.key)
            if value in (None, "", 0, False, []):
                continue
            shown = ("oui", "yes") if value is True else (str(value),) * 2
            lines.append((f"{spec.label.fr} : {shown[0]}", f"{spec.label.en}: {shown[1]}"))
        return LogEntry.of(
            ("Déclaration", "Declaration"),
            (f"{name} : {fr}", f"{name}: {en}"),
            lines,
            round=round_no,
            actor=entry.members[0],
        )

    def begin_act(self, ctx: TurnContext, work: DeclareState, rolls: Mapping[str, int]) -> Step:
        """The initiative rolls are in: one act entry per action, highest first; ties by
        score. A unit given no initiative at all (an empty list: stunned, or every action
        cancelled) keeps one entry at the end, already done, so it declares again next
        round. The log says each action's initiative and how it was computed."""
        if work.phase != "declare":
            raise TurnError("L’initiative est déjà lancée", "Initiative was already rolled")
        acts = self.action_initiatives(ctx, rolls)
        self._rescored(ctx, work)
        entries, idle = [], []
        for entry in work.order:
            if entry.unit not in acts:
                raise TurnError(
                    f"Initiative manquante pour « {entry.unit} »",
                    f"Missing initiative for '{entry.unit}'",
                )
            values = [a.value for a in acts[entry.unit] if a.value is not None]
            if not values:
                idle.append(entry.replace(acted=True, declared=[]))
            labels = entry.declared or [""]
            for n, value in enumerate(values):
                label = labels[n] if n < len(labels) else ""
                entries.append(entry.replace(initiative=value, declared=[label] if label else []))
        work.phase, work.order = "act", [*rank_actions(entries), *idle]
        work.current = self._first(work.order, 0)
        log = self._initiative_log(ctx, work, acts, rolls)
        return Step(
            work,
            ("Initiative", "Initiative"),
            logs=[log],
            changes=self.rules.act_started(ctx.enc, acts),
        )

    @staticmethod
    def _initiative_log(
        ctx: TurnContext,
        work: DeclareState,
        acts: Mapping[str, list[ActionInitiative]],
        rolls: Mapping[str, int],
    ) -> LogEntry:
        lines = []
        for entry in ctx.enc.turn.order:
            name = ctx.enc.combatant(entry.members[0]).name
            for n, act in enumerate(acts.get(entry.unit, []), 1):
                shown = ("annulée", "cancelled") if act.value is None else (str(act.value),) * 2
                why = ", ".join(map(str, act.terms)), ", ".join(t.english() for t in act.terms)
                fr = f"{name} action {n}" + (f" « {act.label} »" if act.label else "")
                en = f"{name} action {n}" + (f" '{act.label}'" if act.label else "")
                lines.append(
                    (
                        f"{fr} : {shown[0]}" + (f" ({why[0]})" if why[0] else ""),
                        f"{en}: {shown[1]}" + (f" ({why[1]})" if why[1] else ""),
                    )
                )
        return LogEntry.of(
            ("Initiative", "Initiative"),
            ("Ordre des actions établi", "Order of actions set"),
            lines,
            round=work.round,
            dice=[rolls[e.unit] for e in ctx.enc.turn.order if e.unit in rolls],
        )

    @staticmethod
    def _first(order: list[DeclareEntry], start: int) -> int:
        """The first entry from `start` on still to act (not done, not delayed), or -1."""
        for i in range(start, len(order)):
            if not order[i].acted and not order[i].delayed:
                return i
        return -1

    def delay(self, ctx: TurnContext, work: DeclareState) -> Step:
        """CON-05: the acting entry waits; it acts when the GM says so (`act_now`)."""
        if work.phase != "act" or current_entry(work) is None:
            raise TurnError("Aucune action en cours", "No action under way")
        work.order[work.current].delayed = True
        work.current = self._first(work.order, work.current + 1)
        return Step(work, ("Retarder", "Delay"))

    def act_now(self, ctx: TurnContext, work: DeclareState, index: int) -> Step:
        """CON-05: a delayed action happens now, before the current one (after its own rank:
        it takes the initiative of the action it interrupts)."""
        if not isinstance(index, int) or not (0 <= index < len(work.order)):
            raise TurnError("Cette action n’est pas retardée", "That action is not delayed")
        if not work.order[index].delayed:
            raise TurnError("Cette action n’est pas retardée", "That action is not delayed")
        step_in(ctx.enc.turn, work, index).delayed = False
        return Step(work, ("Agir maintenant", "Act now"))

    def next(self, ctx: TurnContext, work: TurnState) -> Step:
        assert isinstance(work, DeclareState)
        if self.needs_initiative(work):
            raise TurnError("Lancer l’initiative d’abord", "Roll initiative first")
        if work.phase == "declare":
            work.current += 1
            return Step(work, ("Tour suivant", "Next turn"))
        if work.current >= 0:
            work.order[work.current].acted = True
        nxt = self._first(work.order, work.current + 1)
        if nxt != -1:
            work.current = nxt
            return Step(work, ("Tour suivant", "Next turn"))
        # Back to declarations: one entry per unit, as at the start (delayed actions never
        # taken are lost with the round), in the order of the scores as they are now.
        units: dict[str, DeclareEntry] = {}
        for entry in work.order:
            units.setdefault(entry.unit, entry)
        work.round += 1
        work.phase = "declare"
        work.order = list(units.values())
        self._rescored(ctx, work)
        work.order = self._declaration_order(work.order)
        work.current = 0
        return Step(work, ("Tour suivant", "Next turn"))


def rank_actions(entries: list[DeclareEntry]) -> list[DeclareEntry]:
    """CON-04: act entries from the highest initiative down; ties by the higher score, then
    in the given order (a unit's own actions stay in their declared order)."""
    ranked = sorted(
        enumerate(entries), key=lambda ie: (-(ie[1].initiative or 0), -ie[1].score, ie[0])
    )
    return [e for _, e in ranked]


def in_act_phase(turn: TurnState) -> bool:
    """True once the initiative of the declared actions is rolled (one row per action)."""
    return isinstance(turn, DeclareState) and turn.phase == "act"
