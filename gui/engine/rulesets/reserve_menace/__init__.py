"""Ruleset `reserve_menace` (spec section 2): one module per part of the rules."""

from .ruleset import ReserveMenace

RULESET_CLASS = ReserveMenace
