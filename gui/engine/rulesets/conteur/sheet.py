"""Reading a conteur sheet: stats, creature kind, weapons, armour, states."""

from __future__ import annotations

import zlib

from gui.engine.contract.base import Words
from gui.engine.contract.sheet_reading import cell as cell
from gui.engine.contract.sheet_reading import filled_rows, row_at
from gui.engine.contract.sheet_reading import has_state as has_state
from gui.engine.contract.sheet_reading import stat as stat
from gui.engine.core.words import Label
from gui.engine.state.model import Combatant, Scalar

MORTAL, VAMPIRE, WEREWOLF, SUPERNATURAL = "mortel", "vampire", "loup_garou", "surnaturel"
MELEE_USES = ("bagarre", "melee")
RANGED_USES = ("tir", "jet")
# CON-11, CON-17: the Ability of each use of a weapon.
ABILITY = {"bagarre": "bagarre", "melee": "melee", "tir": "armes_a_feu", "jet": "athletisme"}
# The names of the Abilities, as the sheet's fields give them (ruleset.json).
ABILITY_LABEL = {
    "bagarre": Label(fr="Bagarre", en="Brawl"),
    "melee": Label(fr="Mêlée", en="Melee"),
    "armes_a_feu": Label(fr="Armes à feu", en="Firearms"),
    "athletisme": Label(fr="Athlétisme", en="Athletics"),
}
UNARMED: dict[str, Scalar] = {
    "nom": "Mains nues",
    "usage": "bagarre",
    "allonge": 0,
    "force": True,
    "degats": 0,
    "type": "B",
    "source": "arme",
    "portee": 0,
    "cadence": 1,
    "automatique": False,
    "mod_des": 0,
    "mod_diff": 0,
    "mod_init": 0,
}


def weapon_name(w: dict[str, Scalar]) -> Words:
    """A weapon's name in French and English: the sheet's own name in both, bare hands
    (the weapon every combatant has) named in each language."""
    name = str(w["nom"])
    return (name, "Bare hands") if name == UNARMED["nom"] else (name, name)


def nature(c: Combatant) -> str:
    value = c.stats.get("nature", MORTAL)
    return value if isinstance(value, str) else MORTAL


def state_value(c: Combatant, key: str) -> int:
    """The value of a state (0 when absent or without one)."""
    for s in c.states:
        if s.key == key:
            return s.value or 0
    return 0


def weapons(c: Combatant) -> list[dict[str, Scalar]]:
    """The sheet's weapons, each with every column filled; bare hands are always there."""
    out = filled_rows(c, "armes", UNARMED)
    if not any(w["usage"] == "bagarre" for w in out):
        out.append(dict(UNARMED))
    return out


def weapon(c: Combatant, index: int) -> dict[str, Scalar]:
    """The weapon at `index` in `weapons(c)` (the first one when out of range)."""
    return row_at(weapons(c), index)


def in_hand(c: Combatant) -> dict[str, Scalar]:
    """The melee weapon in hand: the first melee or unarmed weapon on the sheet (CON-12)."""
    return next(w for w in weapons(c) if w["usage"] in MELEE_USES)


def armour(c: Combatant) -> int:
    """The armour rating that still counts (0 once destroyed, CON-30)."""
    return 0 if c.stats.get("armure_detruite") is True else stat(c, "armure")


def tag(cid: str) -> str:
    """A combatant id short enough to sit inside a state key (keys hold 64 characters)."""
    if len(cid) <= 40:
        return cid
    return f"{cid[:31]}-{zlib.crc32(cid.encode()):08x}"
