"""What every d20_35 action reads (the action, its actor and target, the weapon chosen) and how
each is declared: one ActionDef (ruleset.py says how to add one)."""

from __future__ import annotations

from collections.abc import Callable

from gui.engine.contract.actions import ActionCtx
from gui.engine.contract.actions import ActionDef as BaseActionDef
from gui.engine.rulesets.d20_35 import sheet
from gui.engine.state.model import Scalar


class Ctx(ActionCtx):
    """One d20_35 action being previewed or resolved."""

    def weapon(self) -> dict[str, Scalar]:
        """The weapon of the option `arme`: the sheet's first by default, as the dialog's."""
        raw = self.action.options.get("arme", "1")
        index = int(raw) if isinstance(raw, str) and raw.isdigit() else self.number("arme")
        return sheet.weapon(self.actor, index)


def never(_ctx: Ctx) -> bool:
    return False


def always(_ctx: Ctx) -> bool:
    return True


class ActionDef(BaseActionDef[Ctx]):
    """One d20_35 action, declared once: the contract's ActionDef, whose `cost` is a
    budget.Cost (D35-09) and `provokes` a provoking.Scope (D35-11), whose `while_unable` are
    a creature's own rolls (D35-31, D35-50, D35-52 to D35-54), with one word of d20's own:
    `strenuous`, whether it strains a disabled creature (D35-48, disabled.py)."""

    strenuous: Callable[[Ctx], bool] = never
