"""Ruleset `conteur`: Storyteller combat for Vampire: the Masquerade (spec section 5)."""

from gui.engine.rulesets.conteur.ruleset import Conteur

RULESET_CLASS = Conteur
