"""What « Suite » carries from an action to the one its outcome calls for (the weapon that hit
deals the damage, a non-lethal blow deals non-lethal damage)."""

from __future__ import annotations

from gui.engine.contract.values import Action, ActionSpec
from gui.engine.core.words import Label
from gui.engine.state.model import StatValue
from gui.engine.state.schema import FieldSpec

# What the GM picked (the weapon, non-lethal…) goes on; a number typed for one roll (« Dés de
# situation ± ») belongs to that roll and does not.
CARRIED_KINDS = ("choice", "bool")


def carried_options(
    previous: Action, previous_spec: ActionSpec | None, spec: ActionSpec, actor: str | None
) -> dict[str, StatValue]:
    """The options of `previous` (offered as `previous_spec`) that `spec`, the next action
    taken by `actor`, also has: of the same kind, a choice only with a value it offers.
    When someone else takes it, an option goes on only where it reads the same in both (the
    same label, the same choice's label: a list of the same things, not the other's own
    weapons)."""
    same_actor = actor == previous.actor
    before = {o.key: o for o in previous_spec.options} if previous_spec is not None else {}
    carried: dict[str, StatValue] = {}
    for option in spec.options:
        earlier = before.get(option.key)
        value = previous.options.get(option.key)
        if option.kind not in CARRIED_KINDS or value is None:
            continue
        if earlier is not None and earlier.kind != option.kind:
            continue  # the same key for another thing
        if not same_actor and (earlier is None or earlier.label != option.label):
            continue
        if option.kind == "bool":
            if isinstance(value, bool):
                carried[option.key] = value
            continue
        offered = _labels(option)
        if value not in offered:
            continue  # the next action has no such choice: its own default stays
        if not same_actor and (earlier is None or _labels(earlier).get(value) != offered[value]):
            continue
        carried[option.key] = value
    return carried


def _labels(option: FieldSpec) -> dict[StatValue, Label]:
    """A choice option's values and what each reads."""
    return {c.value: c.label for c in option.choices}
