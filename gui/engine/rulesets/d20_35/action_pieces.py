"""Pieces every d20_35 special action shares: its target while the dialog lists the
actions, a blocking notice (G-3), the weapon options (the actor's and the target's),
distances in words."""

from __future__ import annotations

from gui.engine.contract.fields import choice_field
from gui.engine.core.words import Notice
from gui.engine.rulesets.d20_35 import sheet
from gui.engine.rulesets.d20_35.context import Ctx
from gui.engine.state.model import Combatant, Scalar
from gui.engine.state.schema import FieldSpec


def listed_target(ctx: Ctx) -> Combatant | None:
    """The target while the dialog lists the actions (there may be none yet)."""
    tid = ctx.action.target
    return next((c for c in ctx.enc.combatants if c.id == tid), None)


def blocking(rule: str, fr: str, en: str) -> Notice:
    return Notice(rule, fr, en, True)


def weapon_choices(c: Combatant | None) -> list[tuple[str, str, str]]:
    arms = sheet.weapons(c) if c is not None else [dict(sheet.UNARMED)]
    return [(str(i), *sheet.weapon_name(w)) for i, w in enumerate(arms)]


def weapon_field(key: str, fr: str, en: str, c: Combatant | None, rule: str) -> FieldSpec:
    arms = weapon_choices(c)
    return choice_field(key, fr, en, arms, rule, "1" if len(arms) > 1 else "0")


def weapon_of(ctx: Ctx, c: Combatant, key: str) -> dict[str, Scalar]:
    """The weapon an option names; absent, as its field's default: the sheet's first weapon,
    or bare hands when it has none."""
    raw = ctx.choice(key, "1")
    return sheet.weapon(c, int(raw) if raw.isdigit() else 1)


def metres_words(m: float) -> tuple[str, str]:
    return f"{m:.2f} m".replace(".", ","), f"{m:.2f} m"
