"""What every d20_35 action reads: the action, its actor and target, the weapon chosen."""

from __future__ import annotations

from dataclasses import dataclass

from gui.engine.contract.actions import ActionCtx
from gui.engine.contract.actions import ActionDef as BaseActionDef
from gui.engine.rulesets.d20_35 import sheet
from gui.engine.state.model import Scalar


@dataclass(frozen=True)
class Ctx(ActionCtx):
    """One d20_35 action being previewed or resolved."""

    def weapon(self) -> dict[str, Scalar]:
        """The weapon of the option `arme`: the sheet's first by default, as the dialog's."""
        raw = self.action.options.get("arme", "1")
        index = int(raw) if isinstance(raw, str) and raw.isdigit() else self.number("arme")
        return sheet.weapon(self.actor, index)


ActionDef = BaseActionDef[Ctx]
