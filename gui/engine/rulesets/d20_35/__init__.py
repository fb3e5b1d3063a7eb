"""Ruleset `d20_35`: D&D 3.5 combat on the grid (spec section 3)."""

from gui.engine.rulesets.d20_35.ruleset import D20

RULESET_CLASS = D20
