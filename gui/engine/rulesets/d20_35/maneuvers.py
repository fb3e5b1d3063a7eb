"""Special attacks of d20_35, each in the module that owns it: aid another and feint
(aid_and_feint.py), trip, bull rush and overrun (takedowns.py), disarm, snatch and sunder
(disarming.py), on the opposed-check machinery of opposed.py. The ruleset lists them through
`HANDLERS`; the attack code reads the aid states through `aid_bonus`."""

from __future__ import annotations

from gui.engine.rulesets.d20_35.aid_and_feint import (
    AID_ANOTHER,
    AID_ATTACK,
    AID_CA,
    FEINT_HANDLER,
    aid_bonus,
)
from gui.engine.rulesets.d20_35.context import ActionDef
from gui.engine.rulesets.d20_35.disarming import DISARM_HANDLER, SUNDER_HANDLER
from gui.engine.rulesets.d20_35.takedowns import BULL_RUSH_HANDLER, OVERRUN_HANDLER, TRIP_HANDLER

__all__ = ["AID_ATTACK", "AID_CA", "HANDLERS", "aid_bonus"]

HANDLERS: tuple[ActionDef, ...] = (
    AID_ANOTHER,
    TRIP_HANDLER,
    BULL_RUSH_HANDLER,
    DISARM_HANDLER,
    FEINT_HANDLER,
    SUNDER_HANDLER,
    OVERRUN_HANDLER,
)
