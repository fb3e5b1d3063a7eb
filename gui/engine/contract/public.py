"""What the players see of a foe's health (issue 21): a condition in words, never its numbers —
indemne, blessé, très blessé (half its health or more lost), hors de combat."""

from __future__ import annotations

from gui.engine.core.words import Label
from gui.engine.state.model import Combatant

OUT = Label(fr="Hors de combat", en="Out of the fight")
UNHURT = Label(fr="Indemne", en="Unhurt")
WOUNDED = Label(fr="Blessé", en="Wounded")
BADLY = Label(fr="Très blessé", en="Badly hurt")  # short: a badge under a token


def condition(out: bool, lost: float | None) -> Label | None:
    """The words for a creature out of the fight, or that lost `lost` (0 to 1) of its health;
    None when the ruleset keeps no measure of it."""
    if out:
        return OUT
    if lost is None:
        return None
    if lost <= 0:
        return UNHURT
    return WOUNDED if lost < 0.5 else BADLY


def pool_lost(c: Combatant, key: str, top_key: str) -> float | None:
    """The share lost of a pool kept as a current and a maximum stat (hit points…)."""
    now, top = c.stats.get(key), c.stats.get(top_key)
    if not isinstance(now, int) or not isinstance(top, int) or top <= 0:
        return None
    return min(1.0, max(0.0, (top - now) / top))
