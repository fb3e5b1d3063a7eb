"""Qt-free rules engine: model, dice, zones, turns, rulesets, changes and storage."""
