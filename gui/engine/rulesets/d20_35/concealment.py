"""Concealment's miss chance (D35-16 to D35-19): 20 % by default, 50 % against an invisible
target or one the attacker cannot see on the map — in the dark beyond its darkvision, say
(total concealment, D35-17: line of effect but no line of sight, issue 38), the degree
the GM set on the « Camouflé » state otherwise (D35-19: its value, typed in the condition
dialog, the rules' 20 % when set without one);
several concealments do not add up, only the highest counts (D35-16)."""

from __future__ import annotations

from gui.engine.rulesets.d20_35 import sheet
from gui.engine.state.model import Combatant

STATE, INVISIBLE = "camouflage", "invisible"
DEFAULT, TOTAL = 20, 50  # D35-16, D35-17


def miss_percent(target: Combatant, unseen: bool = False) -> tuple[int, str] | None:
    """The miss chance against `target` and its rule (the highest of its concealments), or
    None when it has none; `unseen`: the attacker cannot see it on the map."""
    total = unseen or sheet.has_state(target, INVISIBLE)
    found = [(TOTAL, "D35-17")] if total else []
    for s in target.states:
        if s.key == STATE:
            percent = DEFAULT if s.value is None else s.value
            if percent > 0:
                found.append((percent, "D35-16" if percent == DEFAULT else "D35-19"))
    return max(found, default=None, key=lambda f: f[0])
