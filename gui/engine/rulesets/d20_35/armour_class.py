"""The armour class (SRD, D35-21, D35-34): the sheet's numbers (sheet.py), a helpless
creature's Dex counted as 0 (helpless.py), a running one's Dex bonus and dodge gone."""

from __future__ import annotations

from gui.engine.contract.sheet_reading import has_state, stat
from gui.engine.core.words import Term
from gui.engine.rulesets.d20_35.helpless import is_helpless
from gui.engine.rulesets.d20_35.sheet import RUNNING, SIZE_ATTACK, SRD, modifier, size
from gui.engine.state.model import Combatant


def dex_to_ca(c: Combatant) -> int:
    """The Dex bonus to CA, capped by the armour's (dex_max); a helpless creature's Dex
    counts as 0: −5 (D35-21), helpless as its numbers and states say (helpless.py)."""
    if is_helpless(c):
        return -5
    mod = modifier(c, "dexterite")
    cap = c.stats.get("dex_max")
    return min(mod, cap) if isinstance(cap, int) and not isinstance(cap, bool) else mod


def ca(c: Combatant, kind: str = "normal") -> tuple[int, list[Term]]:
    """10 + armour + shield + Dex + size + natural + deflection + dodge + misc (SRD); "touch"
    leaves out armour, shield and natural; "flat" (flat-footed) a positive Dex and dodge, as
    does running (`course`, D35-34: no Dex bonus to CA, and dodge goes with it, SRD)."""
    parts = [("base", 10, "base")]
    if kind != "touch":
        parts += [
            ("armure", stat(c, "ca_armure"), "armour"),
            ("bouclier", stat(c, "ca_bouclier"), "shield"),
        ]
    dex = dex_to_ca(c)
    running = has_state(c, RUNNING) and kind != "flat"
    if (kind != "flat" and not running) or dex < 0:
        parts.append(("Dex", dex, "Dex"))
    parts.append(("taille", SIZE_ATTACK[size(c)], "size"))
    if kind != "touch":
        parts.append(("naturelle", stat(c, "ca_naturelle"), "natural"))
    parts.append(("parade", stat(c, "ca_parade"), "deflection"))
    if kind != "flat" and not running:
        parts.append(("esquive", stat(c, "ca_esquive"), "dodge"))
    parts.append(("divers", stat(c, "ca_divers"), "misc."))
    terms = [Term(f"CA : {fr}", v, SRD, f"AC: {en}") for fr, v, en in parts if v or fr == "base"]
    if running:
        terms.append(
            Term("CA : court, sans bonus de Dex", 0, "D35-34", "AC: running, no Dex bonus")
        )
    return sum(int(t.value) for t in terms), terms  # type: ignore[arg-type]
