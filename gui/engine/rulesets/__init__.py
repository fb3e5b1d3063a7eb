"""Rulesets: the contract (base), data schemas, the registry and one module per ruleset."""
