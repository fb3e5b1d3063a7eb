"""Which rulesets exist: one line per ruleset, loaded on first use."""

from __future__ import annotations

import importlib
from functools import cache
from pathlib import Path

from ..model import Encounter
from ..problems import Problem, json_path
from .base import Ruleset
from .schema import check_combatant, check_flags, check_resources

RULESET_DATA_DIR = Path(__file__).resolve().parents[3] / "ruleset_data"

# Adding a ruleset: its module, its ruleset_data/<id>/ folder, and one line here.
_MODULES = {
    "libre": "gui.engine.rulesets.libre",
    "reserve_menace": "gui.engine.rulesets.reserve_menace",
    "conteur": "gui.engine.rulesets.conteur",
    "attention_donjon": "gui.engine.rulesets.attention_donjon",
}


def available() -> list[str]:
    """The ids of every ruleset, in menu order."""
    return list(_MODULES)


@cache
def get(ruleset_id: str) -> Ruleset:
    """The ruleset with that id (KeyError if there is none)."""
    module = importlib.import_module(_MODULES[ruleset_id])
    return module.RULESET_CLASS(RULESET_DATA_DIR / ruleset_id)


def check_encounter(enc: Encounter) -> Problem | None:
    """The first problem of an encounter against its ruleset (ruleset, flags, sheets)."""
    if enc.ruleset not in _MODULES:
        known = ", ".join(_MODULES)
        return Problem(
            json_path(("ruleset",)),
            f"jeu de règles inconnu « {enc.ruleset} » (connus : {known})",
            f"unknown ruleset '{enc.ruleset}' (known: {known})",
        )
    data = get(enc.ruleset).data
    problem = check_flags(data, enc.flags)
    if problem:
        return problem
    for i, side in enumerate(enc.sides):
        problem = check_resources(data, side.resources, ("sides", i, "resources"))
        if problem:
            return problem
    for i, c in enumerate(enc.combatants):
        problem = check_combatant(data, c, ("combatants", i))
        if problem:
            return problem
    return None
