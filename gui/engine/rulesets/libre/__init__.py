"""Ruleset `libre`: initiative, hit points, conditions with durations, for any game."""

from gui.engine.rulesets.libre.ruleset import Libre

RULESET_CLASS = Libre
