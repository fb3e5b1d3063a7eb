"""Where the figurines stand: zone distance, contact, Allonge (AD-01) and the attack
Difficulty of Mêlée, Tir and Lancer (AD-03 to AD-12)."""

from __future__ import annotations

from gui.engine.core.words import Notice, Term
from gui.engine.rulesets.attention_donjon.sheet import active, cell, dead, parade
from gui.engine.space.zones import ZoneGraph, in_contact
from gui.engine.state.model import Combatant, Encounter

REACH_FLAG = "CFG-AD-7"
THROW_FLAG = "CFG-AD-5"


def distance(enc: Encounter, a: Combatant, b: Combatant) -> int | None:
    """Zone distance d: 0 same zone, 1 neighbouring, 2 one zone in between (None: unknown)."""
    za, zb = a.position.zone, b.position.zone
    if za is None or zb is None:
        return None
    return ZoneGraph(enc.map).distance(za, zb)


def zone_names(enc: Encounter, ids: list[str]) -> str:
    names = {z.id: z.name for z in enc.map.zones}
    return ", ".join(names.get(z, z) for z in ids)


def enemies_in_contact(enc: Encounter, c: Combatant, active_only: bool) -> list[Combatant]:
    """The enemy figurines in contact with `c` (adjacent, across a zone border too); a dead
    one is out of the fight (AD-20) and no longer counts, active or not (A-AD-20)."""
    return [
        o
        for o in enc.combatants
        if o.side != c.side and in_contact(c, o) and not dead(o) and (active(o) or not active_only)
    ]


def reach_notice(enc: Encounter, cap: str, w: dict, a: Combatant, b: Combatant) -> Notice | None:
    """AD-01: Allonge n reaches an adjacent figurine, or one up to n − 1 zones away (CFG-AD-7:
    with « limite_3 », never beyond 2 zones). None when legal; a blocking notice otherwise,
    which the GM may pass over (G-3)."""
    allonge = max(1, cell(w, "allonge"))
    if in_contact(a, b):
        return None
    d = distance(enc, a, b)
    if d is None:
        return Notice(
            "AD-01",
            "Distance en zones inconnue (zone manquante ou sans chemin)",
            "Zone distance unknown (no zone or no path)",
        )
    reach = allonge - 1 if cap != "limite_3" else min(allonge, 3) - 1
    if d <= reach:
        return None
    return Notice(
        "AD-01",
        f"{w['nom']} (Allonge {allonge}) n’atteint pas une cible à {d} zone(s) non adjacente",
        f"{w['nom']} (Reach {allonge}) cannot reach a non-adjacent target {d} zone(s) away",
        blocking=True,
    )


def melee_terms(enc: Encounter, a: Combatant, b: Combatant) -> list[Term]:
    """AD-03, AD-04: the target's Parade, +1 if it is not in the attacker's zone (flat,
    A-AD-10), even when adjacent across the border."""
    guard = parade(b)
    terms = [Term(f"Parade de {b.name}", guard.value, "AD-03", f"{b.name}'s Parade")]
    terms += guard.imposed()
    if a.position.zone != b.position.zone:
        terms.append(Term("cible dans une autre zone", 1, "AD-04", "target in another zone"))
    return terms


def crossed(enc: Encounter, a: Combatant, b: Combatant) -> list[str]:
    """AD-07, AD-23: the zones strictly between shooter and target on the shortest path."""
    za, zb = a.position.zone, b.position.zone
    if za is None or zb is None:
        return []
    return ZoneGraph(enc.map).crossed(za, zb)


def shooting_terms(enc: Encounter, a: Combatant, b: Combatant, zones: int) -> list[Term]:
    """AD-05 to AD-09: 2, +1 adjacent active target, +1 per zone crossed (`zones`, the GM
    may change the path: AD-23), +1 if at least one active enemy is in contact (A-AD-6)."""
    terms = [Term("base du Tir", 2, "AD-05", "Shooting base")]
    if in_contact(a, b) and active(b):
        terms.append(Term("cible adjacente et active", 1, "AD-06", "adjacent and active target"))
    if zones:
        path = crossed(enc, a, b)
        named = f" ({zone_names(enc, path)})" if len(path) == zones else ""
        terms.append(
            Term(f"zone(s) traversée(s){named}", zones, "AD-07", f"zone(s) crossed{named}")
        )
    foes = enemies_in_contact(enc, a, active_only=True)
    if foes:
        names = ", ".join(f.name for f in foes)
        terms.append(
            Term(
                f"ennemi actif au contact du tireur ({names})",
                1,
                "AD-08",
                f"active enemy in contact with the shooter ({names})",
            )
        )
    return terms


def throwing_terms(
    enc: Encounter, cfg_other_zone: bool, a: Combatant, b: Combatant, crossed: int | None = None
) -> list[Term]:
    """AD-10 to AD-12: adjacent → Parade (no zone modifier; CFG-AD-5 adds the Mêlée +1 for
    another zone); else 2 + d, d the zone distance (zones covered after the first), or the
    zones the GM says the throw crosses + 1 (AD-23). No other modifier (A-AD-8, A-AD-9)."""
    if in_contact(a, b):
        guard = parade(b)
        terms = [
            Term(
                f"cible adjacente : Parade de {b.name}",
                guard.value,
                "AD-10",
                f"adjacent target: {b.name}'s Parade",
            )
        ]
        terms += guard.imposed()
        if cfg_other_zone and a.position.zone != b.position.zone:
            terms.append(
                Term(
                    "cible adjacente dans une autre zone",
                    1,
                    "CFG-AD-5",
                    "adjacent target in another zone",
                )
            )
        return terms
    d = distance(enc, a, b) or 0
    if crossed is not None and a.position.zone != b.position.zone:
        d = crossed + 1
    terms = [Term("base du Lancer", 2, "AD-11", "Throwing base")]
    if d:
        terms.append(
            Term(
                "zone(s) couverte(s) après la première",
                d,
                "AD-11",
                "zone(s) covered after the first",
            )
        )
    return terms
