"""How a douaratil action is declared, once (issue 35: one way to declare an action): a Kind
names it and its rule, says when the actor has it and with which options, how it is
previewed and resolved, what it spends of the turn (budget.Spend: its ActionDef's `cost`)
and whether a controlled mount may take it (DOU-67); `definition()` yields the contract's
ActionDef. An action whose numbers are a Plan (plan.py) is declared by `Kind.planned`, with
its plan and its effect. No douaratil action provokes an attack of opportunity: moving does
(DOU-43, movement.py), so no `provokes` is set."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from msgspec import Struct, field

from gui.engine.checks import CheckOutcome
from gui.engine.checks.request import DiceResult
from gui.engine.checks.rolls import outcome
from gui.engine.contract.edits import Edits, finish, refuse_blocked
from gui.engine.contract.values import ANYONE, ActionSpec, Aim, Preview, Resolution
from gui.engine.core.problems import Words
from gui.engine.core.words import Label, Term
from gui.engine.rulesets.douaratil import budget, riding
from gui.engine.rulesets.douaratil.budget import Spend
from gui.engine.rulesets.douaratil.context import ActionDef, Ctx
from gui.engine.rulesets.douaratil.plan import Plan, plan_preview
from gui.engine.state.changes import ChangeSet
from gui.engine.state.schema import FieldSpec

Cost = Callable[[Ctx], Spend | None]
Effect = Callable[[Ctx, Edits, Plan, CheckOutcome | None], Words]


def free(_ctx: Ctx) -> None:
    """The cost of an action that spends nothing of the turn's budget."""
    return None


def spends(what: Spend) -> Cost:
    """The cost of an action that always spends `what`."""
    return lambda _ctx: what


def _no_options(_ctx: Ctx) -> Sequence[FieldSpec]:
    return ()


def _always(_ctx: Ctx) -> bool:
    return True


class Kind(Struct, frozen=True):
    """One action: its kind, names and rule, its options, when the actor has it
    (`available`), its preview and resolution, what it spends of the turn (`cost`, which its
    preview objects to and its resolution spends) and whether a controlled mount may take it
    (`mount_may`, DOU-67: Dash, Disengage, Dodge, and its reactions and a window's steps)."""

    kind: str
    label: Label
    rule: str
    preview: Callable[[Ctx], Preview]
    resolve: Callable[[Ctx, DiceResult], tuple[Resolution, ChangeSet]]
    options: Callable[[Ctx], Sequence[FieldSpec]] = _no_options
    available: Callable[[Ctx], bool] = _always
    needs_target: bool = False
    overridable: tuple[str, ...] = ()
    override_labels: Mapping[str, Label] = field(default_factory=dict)
    aim: Aim = ANYONE
    cost: Cost = free
    mount_may: bool = False

    @classmethod
    def planned(
        cls,
        kind: str,
        label: Label,
        rule: str,
        plan: Callable[[Ctx], Plan],
        effect: Effect,
        cost: Cost = free,
        **more,
    ) -> Kind:
        """An action whose numbers are a Plan, and what it does once rolled (`effect`)."""
        steps = Planned(label, plan, effect, cost)
        return cls(kind, label, rule, steps.preview, steps.resolve, cost=cost, **more)

    def definition(self) -> ActionDef:
        return ActionDef(self.kind, self._spec, self.preview, self.resolve, self.cost)

    def _spec(self, ctx: Ctx) -> ActionSpec | None:
        if not self.mount_may and riding.is_controlled_mount(ctx.enc, ctx.actor):
            return None
        if not self.available(ctx):
            return None
        return ActionSpec(
            self.kind,
            self.label,
            self.rule,
            self.needs_target,
            tuple(self.options(ctx)),
            self.overridable,
            self.override_labels,
            aim=self.aim,
        )


class Planned(Struct, frozen=True):
    """The preview and resolution of a planned action: the plan with what the turn's budget
    objects to its cost first; once rolled, the plan's check if any, its cost spent, then its
    effect (the changes and what the log says)."""

    label: Label
    plan: Callable[[Ctx], Plan]
    effect: Effect
    cost: Cost

    def _plan(self, ctx: Ctx) -> Plan:
        plan = self.plan(ctx)
        plan.notices[:0] = budget.notices(ctx.actor, self.cost(ctx))
        return plan

    def preview(self, ctx: Ctx) -> Preview:
        return plan_preview(ctx, self._plan(ctx))

    def resolve(self, ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
        plan = self._plan(ctx)
        terms = plan.terms
        refuse_blocked(ctx.action, plan.notices, terms)
        result, amounts = None, {}
        if plan.edge is not None and plan.check is not None:
            # No rule reads a check's 6s or 1s: a typed total needs no count (G-1 c).
            result, _assumed = outcome(plan.edge.roll, dice, plan.check)
            terms.append(Term("3d6 + modificateur", result.total, plan.rule, "3d6 + modifier"))
            amounts = {"total": result.total, "target": plan.check.target}
        edits = Edits(ctx.enc)
        actor = ctx.actor
        budget.spend(edits, actor, self.cost(ctx), terms)
        said = self.effect(ctx, edits, plan, result)
        label = (f"{actor.name} : {self.label.fr}", f"{actor.name}: {self.label.en}")
        success = None if result is None else result.success
        return finish(edits, ctx.action, label, terms, dice, said, success, amounts)
