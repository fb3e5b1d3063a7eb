"""What follows an outcome, as the GM is offered it in one click (issue 34, item 3): the
action the rules call for next (Resolution.next_kind: the damage after a hit, the soak after
the damage), taken by whom it concerns (Resolution.next_actor: the target soaks), and the
steps of the reaction windows the outcome opened (Ruleset.window_offers: Encaisser…)."""

from __future__ import annotations

from msgspec import Struct

from gui.engine.contract.base import Ruleset
from gui.engine.contract.values import Resolution
from gui.engine.core.words import Label
from gui.engine.state.model import Encounter
from gui.engine.timing.windows import Offer, offers_in


class NextStep(Struct, frozen=True):
    """The action `kind` (read `label`) that `actor` takes next, at `target`."""

    actor: str
    target: str | None
    kind: str
    label: Label


def next_step(ruleset: Ruleset, enc: Encounter, resolution: Resolution) -> NextStep | None:
    """The action the outcome calls for, as its taker has it now: the same actor at the same
    target, or `next_actor` (at no target) when it is someone else's; None when the outcome
    calls for none, or nobody has that action now."""
    action = resolution.action
    if not resolution.next_kind or action.actor is None:
        return None
    by = resolution.next_actor
    actor, target = (action.actor, action.target) if by is None else (by, None)
    specs = ruleset.actions(enc, actor, target)
    spec = next((s for s in specs if s.kind == resolution.next_kind), None)
    return None if spec is None else NextStep(actor, target, spec.kind, spec.label)


def window_steps(ruleset: Ruleset, enc: Encounter, before: set[str]) -> list[Offer]:
    """What the windows opened since `before` (their ids then) offer."""
    return [o for w in enc.windows if w.id not in before for o in offers_in(ruleset, enc, w.id)]
