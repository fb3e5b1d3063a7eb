"""An action before its dice, as the planned actions build it (kind.Planned: other.py,
mounts.py): its terms, what the rules object and the 3d6 check it rolls, if any; and its
preview with the check's exact odds. What it spends of the turn is its Kind's cost."""

from __future__ import annotations

from msgspec import Struct, field

from gui.engine.checks import Check, check_odds
from gui.engine.checks.edges import NetEdge
from gui.engine.checks.rolls import dice_request
from gui.engine.contract.values import Preview
from gui.engine.core.words import Notice, Term
from gui.engine.rulesets.douaratil.context import Ctx


class Plan(Struct):
    """An action before the dice: its terms, what the rules object, and the check it rolls,
    if any (with the values the GM may override)."""

    terms: list[Term] = field(default_factory=list)
    notices: list[Notice] = field(default_factory=list)
    edge: NetEdge | None = None
    check: Check | None = None
    rule: str = ""  # the check's rule
    computed: dict[str, int] = field(default_factory=dict)

    def block(self, rule: str, fr: str, en: str) -> None:
        self.notices.append(Notice(rule, fr, en, True))

    def warn(self, rule: str, fr: str, en: str) -> None:
        self.notices.append(Notice(rule, fr, en))


def total_needed(check: Check) -> int:
    """What the total (dice + modifier) must reach: the target, one more when a tie fails;
    the chart of the totals marks it."""
    return check.target + (1 if check.strict else 0)


def plan_preview(ctx: Ctx, plan: Plan) -> Preview:
    """The plan's terms and objections, and its check's dice and exact odds."""
    terms, notices = tuple(plan.terms), tuple(plan.notices)
    if plan.edge is None or plan.check is None:
        return Preview(ctx.action, terms, None, notices=notices)
    odds = check_odds(plan.edge.roll, plan.check)
    return Preview(
        ctx.action,
        terms,
        dice_request(plan.edge.roll),
        target_number=total_needed(plan.check),
        odds=odds.success,
        distribution=odds.totals(),
        notices=notices,
        computed=plan.computed,
    )
