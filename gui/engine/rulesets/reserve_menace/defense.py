"""Défense: its value at the start of combat (RM-01 to RM-10) and against the next attack."""

from __future__ import annotations

from gui.engine.core.words import Term
from gui.engine.rulesets.reserve_menace.sheet import CHARACTER, flag, is_character, stat, text
from gui.engine.state.model import Combatant

CAP = 12  # RM-02
BEARER_CAP = 15  # RM-02
EXTRA_CAP_FLAG = "CFG-RM-3"  # A-RM-3: no cap for extras unless set
APTITUDE = {"mediocre": 0, "bonne": 3, "tres_bonne": 6, "extremement_bonne": 9}  # RM-06
APTITUDE_LABEL = {
    "mediocre": "Médiocre",
    "bonne": "Bonne",
    "tres_bonne": "Très bonne",
    "extremement_bonne": "Extrêmement bonne",
}
APTITUDE_LABEL_EN = {  # as the ruleset's data names them in English
    "mediocre": "Médiocre (poor)",
    "bonne": "Bonne (good)",
    "tres_bonne": "Très bonne (very good)",
    "extremement_bonne": "Extrêmement bonne (extremely good)",
}


def cap(c: Combatant, extras_capped: bool) -> int | None:
    """The highest Défense `c` may have (RM-02; extras: A-RM-3, CFG-RM-3)."""
    if c.tier == CHARACTER:
        return BEARER_CAP if flag(c, "porteur_arme") else CAP
    return CAP if extras_capped else None


def bounded(c: Combatant, value: int, extras_capped: bool) -> int:
    """A Défense kept within 0 (RM-10, A-RM-4) and its cap (RM-02, also for increases)."""
    top = cap(c, extras_capped)
    return max(0, value if top is None else min(top, value))


def unaware(c: Combatant) -> bool:
    """Unconscious, asleep or completely inattentive at the start (RM-08)."""
    return is_character(c) and text(c, "vigilance_etat", "attentif") != "attentif"


def starting(c: Combatant, extras_capped: bool) -> tuple[int, list[Term]]:
    """The Défense at the start of combat, with its terms (RM-01, RM-06)."""
    terms: list[Term] = []
    if is_character(c):
        total = stat(c, "vigilance")
        terms.append(Term("Vigilance", total, "RM-01", "Vigilance"))
        if flag(c, "aspect_adapte"):
            terms.append(
                Term("Aspect adapté à la situation", 3, "RM-03", "Aspect suited to the situation")
            )
            total += 3
    else:
        aptitude = text(c, "aptitude", "bonne")
        total = APTITUDE.get(aptitude, 0)
        terms.append(
            Term(
                f"Aptitude {APTITUDE_LABEL.get(aptitude, aptitude)}",
                total,
                "RM-06",
                f"Aptitude {APTITUDE_LABEL_EN.get(aptitude, aptitude)}",
            )
        )
    if flag(c, "equipe", True):
        rule = "RM-04" if is_character(c) else "RM-06"
        terms.append(Term("équipement suffisant", 3, rule, "enough equipment"))
        total += 3
    reasons = []
    if flag(c, "tres_defavorable"):
        reasons.append(
            ("circonstances très défavorables", "RM-05", "very unfavourable circumstances")
        )
    if is_character(c) and flag(c, "surpris"):
        reasons.append(("surpris", "RM-07", "surprised"))
    if unaware(c):
        reasons.append(
            (
                "inattentif ou inconscient (après la 1re attaque)",
                "RM-09",
                "inattentive or unconscious (after the 1st attack)",
            )
        )
    if reasons:
        # RM-07: surprise counts as very unfavourable and does not stack with it.
        label = " / ".join(r[0] for r in reasons)
        label_en = " / ".join(r[2] for r in reasons)
        terms.append(Term(label, -3, reasons[0][1], label_en))
        total -= 3
    value = bounded(c, total, extras_capped)
    if value != total:
        top = cap(c, extras_capped)
        rule = "RM-10" if value == 0 else ("RM-02" if is_character(c) else "A-RM-3")
        bound = 0 if value == 0 else top
        terms.append(
            Term(f"plafond/plancher ({bound})", value - total, rule, f"cap/floor ({bound})")
        )
    return value, terms


def against_next_attack(c: Combatant) -> tuple[int, Term | None]:
    """The Défense the next attack must beat: 0 while unaware (RM-08, RM-09, A-RM-5)."""
    if text(c, "vigilance_etat", "attentif") == "inconscient":
        return 0, Term(
            "inconscient ou endormi : Défense 0", "", "RM-08", "unconscious or asleep: Défense 0"
        )
    if any(s.key == "sans_defense" for s in c.states):
        return 0, Term(
            "sans défense contre la 1re attaque : Défense 0",
            "",
            "RM-08",
            "defenceless against the 1st attack: Défense 0",
        )
    return stat(c, "defense"), None
