"""Ruleset `attention_donjon`: zones and Allonge, d6 success pools, Secoué / Blessé / Santé."""

from gui.engine.rulesets.attention_donjon.ruleset import AttentionDonjon as RULESET_CLASS

__all__ = ["RULESET_CLASS"]
