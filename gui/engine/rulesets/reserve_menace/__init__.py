"""Ruleset `reserve_menace` (spec section 2): one module per part of the rules."""

from gui.engine.rulesets.reserve_menace.ruleset import ReserveMenace

RULESET_CLASS = ReserveMenace
