"""Reading reserve_menace sheets: tiers, scores, who is out, camps and their Réserves."""

from __future__ import annotations

from gui.engine.contract.sheet_reading import has_state as has_state
from gui.engine.contract.sheet_reading import stat as stat
from gui.engine.state.model import Combatant, Encounter, Side

CHARACTER, MINOR, STANDARD, MAJOR = "personnage", "mineur", "standard", "majeur"
EXTRAS = (MINOR, STANDARD, MAJOR)
RESERVE_CAP = 12  # RM-13
POOL_CAP = 12  # RM-25
OUT_STATES = ("terrasse", "brise", "hors_combat")  # RM-39, RM-64
PENDING = "a_encaisser"  # RM-28: a hit waiting to be absorbed, value = Q
PENDING_PROTECT = "a_encaisser_protege"  # RM-49: taken for an ally, Défense counts as beaten
DOMAINS = ("agression", "influence", "prouesse", "ruse")  # RM-24


def flag(c: Combatant, key: str, default: bool = False) -> bool:
    value = c.stats.get(key, default)
    return value if isinstance(value, bool) else default


def text(c: Combatant, key: str, default: str = "") -> str:
    value = c.stats.get(key, default)
    return value if isinstance(value, str) else default


def is_character(c: Combatant) -> bool:
    return c.tier == CHARACTER


def is_out(c: Combatant) -> bool:
    """Terrassé, Brisé or hors combat: no longer takes part (RM-39)."""
    return any(s.key in OUT_STATES for s in c.states)


def players_sides(enc: Encounter) -> set[str]:
    """The players' sides: those with at least one Personnage; the others are GM camps."""
    return {c.side for c in enc.combatants if is_character(c)}


def is_gm_camp(enc: Encounter, side: str) -> bool:
    return side not in players_sides(enc)


def camp(enc: Encounter, c: Combatant) -> Side:
    return enc.side(c.side)


def minors(enc: Encounter, side: str) -> list[Combatant]:
    return [c for c in enc.combatants if c.side == side and c.tier == MINOR]


def characters_in_play(enc: Encounter) -> list[Combatant]:
    return [c for c in enc.combatants if is_character(c) and not is_out(c)]


def reserve_path(enc: Encounter, c: Combatant) -> tuple[str, ...]:
    """Where `c`'s Réserve lives: its own (a Personnage) or its camp's GM Réserve (RM-12)."""
    if is_character(c):
        return ("combatants", c.id, "stats", "reserve")
    return ("sides", c.side, "resources", "reserve")


def capped(value: int, cap: int = RESERVE_CAP) -> int:
    """A Réserve after a gain or loss: within 0–12, anything beyond is lost (RM-13)."""
    return max(0, min(cap, value))


def reserve_of(enc: Encounter, c: Combatant) -> int:
    """The dice in `c`'s Réserve: its own, or its camp's GM Réserve (RM-12)."""
    if is_character(c):
        return stat(c, "reserve")
    return enc.side(c.side).resources.get("reserve", 0)
