"""Special attacks of d20_35, each in the module that owns it: aid another and feint
(aid_and_feint.py), trip, bull rush and overrun (takedowns.py), disarm, snatch and sunder
(disarming.py), on the opposed-check machinery of opposed.py. The ruleset lists them through
`HANDLERS`; the attack code reads the aid states through `aid_bonus`."""

from __future__ import annotations

from .aid_and_feint import AID_ANOTHER, AID_ATTACK, AID_CA, FEINT_HANDLER, aid_bonus
from .context import Handler
from .disarming import DISARM_HANDLER, SUNDER_HANDLER
from .takedowns import BULL_RUSH_HANDLER, OVERRUN_HANDLER, TRIP_HANDLER

__all__ = ["AID_ATTACK", "AID_CA", "HANDLERS", "aid_bonus"]

HANDLERS: tuple[Handler, ...] = (
    AID_ANOTHER,
    TRIP_HANDLER,
    BULL_RUSH_HANDLER,
    DISARM_HANDLER,
    FEINT_HANDLER,
    SUNDER_HANDLER,
    OVERRUN_HANDLER,
)
