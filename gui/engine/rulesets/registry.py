"""Which rulesets exist: one line per ruleset, loaded on first use."""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from functools import cache

from gui.engine import turns  # noqa: F401 (importing registers the generic turn modes)
from gui.engine.contract.base import Ruleset
from gui.engine.core.assets import RULESET_DATA_DIR
from gui.engine.core.problems import Problem, json_path
from gui.engine.state.model import Encounter, on_ruleset_read
from gui.engine.state.schema import check_combatant, check_flags, check_resources

# Adding a ruleset: its module, its ruleset_data/<id>/ folder, and one line here.
_MODULES = {
    "libre": "gui.engine.rulesets.libre",
    "reserve_menace": "gui.engine.rulesets.reserve_menace",
    "conteur": "gui.engine.rulesets.conteur",
    "attention_donjon": "gui.engine.rulesets.attention_donjon",
    "douaratil": "gui.engine.rulesets.douaratil",
    "d20_35": "gui.engine.rulesets.d20_35",
}


DEFAULT = "libre"  # the ruleset of a new encounter and of the demo opened by default


def register(ruleset_id: str, module: str) -> None:
    """Make known a ruleset kept outside this tree (a user's, a test's): `module`, a dotted
    name, gives RULESET_CLASS and may give DATA_FOLDER (its ruleset_data folder)."""
    _MODULES[ruleset_id] = module
    get.cache_clear()


def unregister(ruleset_id: str) -> None:
    """Forget a ruleset `register` made known."""
    _MODULES.pop(ruleset_id, None)
    get.cache_clear()


def available() -> list[str]:
    """The ids of every ruleset, in menu order."""
    return list(_MODULES)


@cache
def get(ruleset_id: str) -> Ruleset:
    """The ruleset with that id (KeyError if there is none)."""
    module = importlib.import_module(_MODULES[ruleset_id])
    # A ruleset kept elsewhere (a user's, a test's) names its own data folder.
    folder = getattr(module, "DATA_FOLDER", RULESET_DATA_DIR / ruleset_id)
    return module.RULESET_CLASS(folder)


def load_modes(ruleset_id: str) -> None:
    """Make known to the loader the turn modes an encounter of `ruleset_id` may hold: the
    generic ones, and the ruleset's own (its module registers them when imported)."""
    if ruleset_id in _MODULES:
        importlib.import_module(_MODULES[ruleset_id])


on_ruleset_read(load_modes)


def check_encounter(enc: Encounter) -> Problem | None:
    """The first problem of an encounter against its ruleset (ruleset, flags, sheets, the
    turn tracker's mode)."""
    return _ruleset_problem(enc) or _parts_problem(get(enc.ruleset), enc, None)


def change_problem(
    ruleset: Ruleset, enc: Encounter, paths: Iterable[tuple[str | int, ...]]
) -> Problem | None:
    """The first problem, against its ruleset, of what the changes at `paths` touched: the
    invariant every applied ChangeSet keeps, so that whatever state play reaches saves."""
    touched: set[object] = set()
    for path in paths:
        if not path or path[0] == "ruleset":
            return check_encounter(enc)
        if path[0] in ("combatants", "sides") and len(path) == 1:
            touched.add(path[0])
        elif path[0] in ("combatants", "sides"):
            touched.add((path[0], path[1]))
        else:
            touched.add(path[0])
    return _parts_problem(ruleset, enc, touched)


def _ruleset_problem(enc: Encounter) -> Problem | None:
    if enc.ruleset not in _MODULES:
        known = ", ".join(_MODULES)
        return Problem(
            json_path(("ruleset",)),
            f"jeu de règles inconnu « {enc.ruleset} » (connus : {known})",
            f"unknown ruleset '{enc.ruleset}' (known: {known})",
        )
    return None


def _parts_problem(ruleset: Ruleset, enc: Encounter, touched: set[object] | None) -> Problem | None:
    """Check the parts named in `touched` (every part when None)."""

    def wanted(part: str) -> bool:
        return touched is None or part in touched

    def items(part: str) -> set[object] | None:
        """The ids or positions of the touched items of a list (None: every item)."""
        if touched is None or part in touched:
            return None
        return {k[1] for k in touched if isinstance(k, tuple) and k[0] == part}

    data = ruleset.data
    if wanted("flags"):
        problem = check_flags(data, enc.flags)
        if problem:
            return problem
    sides, combatants = items("sides"), items("combatants")
    for i, side in enumerate(enc.sides):
        if sides is None or side.id in sides or i in sides:
            problem = check_resources(data, side.resources, ("sides", i, "resources"))
            if problem:
                return problem
    if combatants is None or combatants:
        for i, c in enumerate(enc.combatants):
            if combatants is None or c.id in combatants or i in combatants:
                problem = check_combatant(data, c, ("combatants", i))
                if problem:
                    return problem
    mode = enc.turn.mode
    turn_touched = wanted("turn") or wanted("flags")
    if turn_touched and mode not in ("none", ruleset.turn_mode(enc).kind):
        return Problem(
            json_path(("turn", "mode")),
            f"ce jeu de règles ne joue pas les tours en mode « {mode} »",
            f"this ruleset does not run turns in '{mode}' mode",
        )
    return None
