"""What every d20_35 action reads: the action, its actor and target, the weapon chosen."""

from __future__ import annotations

from dataclasses import dataclass

from ...model import Scalar
from ..action_ctx import ActionCtx
from ..action_ctx import Handler as BaseHandler
from . import sheet


@dataclass(frozen=True)
class Ctx(ActionCtx):
    """One d20_35 action being previewed or resolved."""

    def weapon(self) -> dict[str, Scalar]:
        """The weapon of the option `arme`: the sheet's first by default, as the dialog's."""
        raw = self.action.options.get("arme", "1")
        index = int(raw) if isinstance(raw, str) and raw.isdigit() else self.number("arme")
        return sheet.weapon(self.actor, index)


Handler = BaseHandler[Ctx]
