"""Ruleset `douaratil`: the D&D 5e SRD combat chapter rewritten for 3d6 (spec section 4)."""

from gui.engine.rulesets.douaratil.ruleset import Douaratil

RULESET_CLASS = Douaratil
