"""A helpless creature (D35-21), derived from its numbers and states rather than typed by the
GM: dying, stable or unconscious by its hit points (D35-38, D35-49, D35-50), or paralysed,
asleep, bound, or marked « sans défense » by the GM (SRD's list, hors extrait). Pinned is not
helpless: the SRD says so (« held immobile, but not helpless ») and the text gives pinning its
own −4 against other foes (D35-61). A dead creature is no longer a foe.

Against it: its Dex counts as 0, −5 to CA instead of its modifier (armour_class.dex_to_ca),
and −4 to CA against melee (A-D35-4: against every attack as the GM may set), so that the
preview's number to reach is the effective one; a coup de grâce may be dealt to it (D35-22)."""

from __future__ import annotations

from gui.engine.core.words import Label, Term
from gui.engine.rulesets.d20_35 import sheet
from gui.engine.state.model import Combatant

RULE = "D35-21"
STATE = "sans_defense"  # the GM's own word for it
FLAG = "A-D35-4"  # −4 against melee only (default) or every attack
# States that make a creature helpless (hors extrait, SRD: paralysed, asleep, bound…).
STATES: dict[str, Label] = {
    STATE: Label(fr="sans défense", en="helpless"),
    "paralyse": Label(fr="paralysé", en="paralysed"),
    "endormi": Label(fr="endormi", en="asleep"),
    "ligote": Label(fr="ligoté", en="bound"),
    "inconscient": Label(fr="inconscient", en="unconscious"),
    "mourant": Label(fr="mourant", en="dying"),
}
# The hit-point statuses that leave a creature unconscious (D35-38, D35-49, D35-50).
STATUSES: dict[str, Label] = {
    "mourant": Label(fr="mourant", en="dying"),
    "stable": Label(fr="stable, inconscient", en="stable, unconscious"),
    "inconscient": Label(fr="inconscient", en="unconscious"),
}
LABEL = Label(fr="Sans défense", en="Helpless")


def why(c: Combatant) -> Label | None:
    """Why `c` is helpless, in both languages, or None when it is not (nor when dead)."""
    status = sheet.status(c)
    if status == "mort":
        return None
    if status in STATUSES:
        return STATUSES[status]
    return next((label for key, label in STATES.items() if sheet.has_state(c, key)), None)


def is_helpless(c: Combatant) -> bool:
    return why(c) is not None


def shown(c: Combatant) -> bool:
    """Whether the token needs a « Sans défense » badge: helpless by its numbers or a state
    that does not already say so by its own name."""
    return is_helpless(c) and not sheet.has_state(c, STATE)


def ca_terms(target: Combatant, ranged: bool, every_attack: bool) -> list[Term]:
    """The CA terms against a helpless target: why it is helpless and its Dex counted as 0
    (the −5 is in the CA's Dex term), then −4 against melee (against every attack under
    A-D35-4 « toutes_attaques »). None when it is not helpless."""
    reason = why(target)
    if reason is None:
        return []
    terms = [
        Term(
            f"cible sans défense ({reason.fr}) : Dex comptée 0, −5 à la CA",
            "",
            RULE,
            f"helpless target ({reason.en}): Dex counts as 0, −5 to AC",
        )
    ]
    if every_attack or not ranged:
        against = (
            ("toute attaque", "every attack") if every_attack else ("le corps à corps", "melee")
        )
        terms.append(
            Term(
                f"CA : sans défense contre {against[0]}",
                -4,
                RULE,
                f"AC: helpless against {against[1]}",
            )
        )
    return terms


def effective_term(ca: int, ranged: bool, every_attack: bool) -> Term:
    """« CA effective 6 contre le corps à corps »: the number to reach, said once."""
    against = (
        ("toute attaque", "every attack")
        if every_attack
        else ("le tir", "a ranged attack")
        if ranged
        else ("le corps à corps", "melee")
    )
    return Term(
        f"CA effective contre {against[0]}",
        str(ca),
        RULE,
        f"effective AC against {against[1]}",
    )


def sheet_terms(c: Combatant) -> list[Term]:
    """The sheet's derived line: helpless, and why (none when it is not)."""
    reason = why(c)
    if reason is None:
        return []
    return [Term(LABEL.fr, reason.fr, RULE, LABEL.en, reason.en)]
