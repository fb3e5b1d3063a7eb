"""Reading a douaratil sheet: abilities and their modifiers (A-DOU-5), the VD (DOU-33), the
weapons with their VO and VOG (DOU-32, DOU-34, A-DOU-26), sizes (DOU-16), resistances and
vulnerabilities (DOU-61), the critical threshold (DOU-60) and the defensive reactions a round
allows (DOU-45, A-DOU-12)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from msgspec import Struct

from gui.engine.checks import damage_taken
from gui.engine.contract.sheet_reading import filled_rows, has_state, row_at, stat
from gui.engine.core.words import Label, Term
from gui.engine.state.model import Combatant, Scalar

__all__ = ["has_state", "stat"]

ABILITIES = ("force", "dexterite", "constitution", "intelligence", "sagesse", "charisme")
ABILITY_LABEL = {
    "force": Label(fr="Force", en="Strength"),
    "dexterite": Label(fr="Dextérité", en="Dexterity"),
    "constitution": Label(fr="Constitution", en="Constitution"),
    "intelligence": Label(fr="Intelligence", en="Intelligence"),
    "sagesse": Label(fr="Sagesse", en="Wisdom"),
    "charisme": Label(fr="Charisme", en="Charisma"),
}
# DOU-16, smallest first: a creature is "n sizes larger" by its index here.
SIZES = ("tiny", "small", "medium", "large", "huge", "gargantuan")
SIZE_SHORT = {
    "tiny": ("TP", "T"),
    "small": ("P", "S"),
    "medium": ("M", "M"),
    "large": ("G", "L"),
    "huge": ("TG", "H"),
    "gargantuan": ("Gig", "G"),
}
MODIFIER_FLAG = "CFG-DOU-5"
UNARMED: dict[str, Scalar] = {
    "nom": "Mains nues",
    "portee_type": "melee",
    "prise": "main_nue",
    "legere": False,
    "finesse": False,
    "lancer": False,
    "maitrise": True,  # DOU-38: every creature is proficient with its bare hands
    "des": 0,
    "bonus_degats": 0,
    "type": "contondant",
    "portee": 0.0,
    "portee_longue": 0.0,
    "allonge": 1.5,
    "magie": 0,
}
WEAPON_DEFAULTS: dict[str, Scalar] = {**UNARMED, "nom": "?", "prise": "une_main", "des": 1}


def score(c: Combatant, ability: str) -> int:
    return stat(c, ability, 10)


# CFG-DOU-5 « table »: the modifiers are the GM's, typed on the sheet (bonus_<ability>). The
# ruleset sets it around each of its calls (ruleset.py, with_flags), from the encounter's flag.
_GM_TABLE: ContextVar[bool] = ContextVar("douaratil_gm_table", default=False)


@contextmanager
def gm_table(on: bool) -> Iterator[None]:
    token = _GM_TABLE.set(on)
    try:
        yield
    finally:
        _GM_TABLE.reset(token)


def typed_modifier(c: Combatant, ability: str) -> int | None:
    """The modifier the GM's table gives (CFG-DOU-5 « table »), None when not read."""
    typed = c.stats.get(f"bonus_{ability}")
    if _GM_TABLE.get() and isinstance(typed, int) and not isinstance(typed, bool):
        return typed
    return None


def modifier(c: Combatant, ability: str) -> int:
    """A-DOU-5: floor((score − 10) / 2), as in 5e; CFG-DOU-5 « table »: the GM's."""
    typed = typed_modifier(c, ability)
    return (score(c, ability) - 10) // 2 if typed is None else typed


def modifier_term(c: Combatant, ability: str, rule: str = "A-DOU-5") -> Term:
    name = ABILITY_LABEL[ability]
    if typed_modifier(c, ability) is not None:
        rule = "CFG-DOU-5"
    return Term(f"bonus de {name.fr}", modifier(c, ability), rule, f"{name.en} modifier")


def size(c: Combatant) -> str:
    value = c.stats.get("taille", "medium")
    return value if value in SIZES else "medium"


def size_index(c: Combatant) -> int:
    return SIZES.index(size(c))


def size_text(c: Combatant) -> tuple[str, str]:
    return SIZE_SHORT[size(c)]


def proficiency(c: Combatant) -> int:
    return stat(c, "maitrise", 2)


def weapons(c: Combatant) -> list[dict[str, Scalar]]:
    """Bare hands first (every creature has them, DOU-38), then the sheet's weapons."""
    return [dict(UNARMED), *filled_rows(c, "armes", WEAPON_DEFAULTS)]


def weapon(c: Combatant, index: int) -> dict[str, Scalar]:
    return row_at(weapons(c), index)


def weapon_name(w: dict[str, Scalar]) -> tuple[str, str]:
    name = str(w["nom"])
    return (name, "Bare hands") if w.get("prise") == "main_nue" else (name, name)


def is_ranged(w: dict[str, Scalar], thrown: bool = False) -> bool:
    """A shot, or a melee weapon with the thrown property used to throw it."""
    return w.get("portee_type") == "distance" or (thrown and bool(w.get("lancer")))


def attack_ability(c: Combatant, w: dict[str, Scalar], ranged: bool) -> tuple[str, str]:
    """The ability of an attack and its rule: Str in melee, Dex at range (DOU-32); finesse
    takes the better of the two, thrown the melee ability, Dex if finesse too (A-DOU-26)."""
    if w.get("finesse"):
        best = "dexterite" if modifier(c, "dexterite") > modifier(c, "force") else "force"
        return best, "A-DOU-26"
    if ranged and w.get("lancer"):
        return "force", "A-DOU-26"
    return ("dexterite" if ranged else "force"), "DOU-32"


def vo(c: Combatant, w: dict[str, Scalar], ranged: bool) -> tuple[int, list[Term]]:
    """DOU-32 (A-DOU-20): proficiency if proficient + the ability modifier + magic."""
    ability, rule = attack_ability(c, w, ranged)
    terms = []
    if w.get("maitrise"):
        terms.append(Term("bonus de maîtrise", proficiency(c), "DOU-32", "proficiency bonus"))
    terms.append(modifier_term(c, ability, rule))
    magic = int_of(w.get("magie"))
    if magic:
        terms.append(Term("arme magique", magic, "DOU-32", "magic weapon"))
    return sum(int(t.value) for t in terms), terms  # type: ignore[arg-type]


def vog(vo_value: int) -> int:
    """DOU-34: VOG = 10 + VO."""
    return 10 + vo_value


def vd(c: Combatant) -> tuple[int, list[Term]]:
    """DOU-33: 10 + Dex bonus + Wis bonus + armour + shield (A-DOU-21: no cap); a VD typed
    on the sheet (a stat block's) stands as it is."""
    typed = c.stats.get("vd")
    if isinstance(typed, int) and not isinstance(typed, bool):
        return typed, [Term("VD de la fiche", str(typed), "DOU-33", "VD from the sheet")]
    terms = [Term("VD : base", 10, "DOU-33", "VD: base")]
    for ability in ("dexterite", "sagesse"):
        mod = modifier_term(c, ability, "DOU-33")
        terms.append(Term(f"VD : {mod.label}", mod.value, "DOU-33", f"VD: {mod.label_en}"))
    for key, fr, en in (("armure", "armure", "armour"), ("bouclier", "bouclier", "shield")):
        if stat(c, key):
            terms.append(Term(f"VD : {fr}", stat(c, key), "DOU-33", f"VD: {en}"))
    return sum(int(t.value) for t in terms), terms  # type: ignore[arg-type]


def has_shield(c: Combatant) -> bool:
    return stat(c, "bouclier") > 0


def critical_threshold(c: Combatant) -> int:
    """DOU-60 (A-DOU-9): the SC is the Constitution score."""
    return score(c, "constitution")


def defensive_reactions(c: Combatant) -> int:
    """DOU-45 (A-DOU-12): floor(Dex score / 5) per round."""
    return max(0, score(c, "dexterite") // 5)


def action_points(c: Combatant) -> int:
    return stat(c, "pa", 0)


NON_MAGICAL = "non_magique"  # DOU-61's own example: « tous les dégâts non magiques »


class Defences(Struct, frozen=True):
    """DOU-61: what a creature's sheet does to one blow — halve it, double it, or (5e basis,
    hors extrait) take none of it — with the rows that say so (type, effect)."""

    resistant: bool = False
    vulnerable: bool = False
    immune: bool = False
    rows: tuple[tuple[str, str], ...] = ()

    def taken(self, raw: int) -> int:
        """DOU-58, DOU-61: never negative, halved once then doubled once; none when immune."""
        return 0 if self.immune else damage_taken(raw, self.resistant, self.vulnerable)


def resistance(c: Combatant, damage_type: str, magical: bool = False) -> Defences:
    """DOU-61: the rows of the blow's type, and the « non magique » rows when the blow is not
    magical (the text's example: resistance to fire and to all non-magical damage). Several
    instances of the same effect count once: a non-magical fire blow against both is halved
    once (5e: resistances do not stack)."""
    rows = c.stats.get("resistances", [])
    kinds = {damage_type} if magical else {damage_type, NON_MAGICAL}
    pairs: list[tuple[str, str]] = []
    for row in rows if isinstance(rows, list) else []:
        pair = (str(row.get("type")), str(row.get("effet"))) if isinstance(row, dict) else None
        if pair is not None and pair[0] in kinds and pair not in pairs:
            pairs.append(pair)
    effects = {effect for _kind, effect in pairs}
    return Defences(
        "resistance" in effects, "vulnerabilite" in effects, "immunite" in effects, tuple(pairs)
    )


def speed(c: Combatant, key: str = "vitesse") -> float:
    """A speed in metres (walking by default; 0 when the creature has none of that kind)."""
    return metres(c.stats, key, 9.0 if key == "vitesse" else 0.0)


def metres(w: dict[str, Scalar], key: str, default: float = 0.0) -> float:
    value = w.get(key, default)
    good = isinstance(value, int | float) and not isinstance(value, bool)
    return float(value) if good else default


def metres_text(value: float) -> tuple[str, str]:
    """Metres as each language writes them: « 16,5 m », "16.5 m"."""
    shown = f"{value:g}"
    return f"{shown.replace('.', ',')} m", f"{shown} m"


def metres_term(label: str, value: float, rule: str, label_en: str) -> Term:
    """A breakdown term in metres, written as each language writes it."""
    fr, en = metres_text(value)
    return Term(label, fr, rule, label_en, en)


def save_modifier(c: Combatant, ability: str) -> int:
    """A-DOU-4: a save is 3d6 + the ability modifier, + proficiency if proficient."""
    return modifier(c, ability) + (proficiency(c) if c.stats.get(f"js_{ability}") else 0)


def int_of(value: object) -> int:
    """An int cell (0 when absent or not a number)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else 0
