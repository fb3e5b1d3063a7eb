"""Reading an attention_donjon sheet: Traits, weapons, protections, Parade and Endurance
(AD-30, AD-31), health and the states Secoué and mort."""

from __future__ import annotations

from msgspec import Struct

from gui.engine.contract.sheet_reading import cell as cell
from gui.engine.contract.sheet_reading import filled_rows, has_state, row_at
from gui.engine.contract.sheet_reading import stat as stat
from gui.engine.core.words import Term
from gui.engine.rulesets.attention_donjon.words import ATTRIBUTES_EN, UNARMED_NAME, weapon_name
from gui.engine.state.model import Combatant, Scalar

SHAKEN, DEAD = "secoue", "mort"
ATTRIBUTES = {
    "agilite": "Agilité",
    "force": "Force",
    "mental": "Mental",
    "savoir": "Savoir",
    "vigueur": "Vigueur",
}
SKILLS = {"melee": "Mêlée", "tir": "Tir", "lancer": "Lancer", "arcane": "Arcane"}
TRAITS = {**ATTRIBUTES, **SKILLS}
# AD-02: the weapon Type is the skill rolled.
TYPE_LABEL = {"melee": "Mêlée", "tir": "Tir", "lancer": "Lancer"}
UNARMED: dict[str, Scalar] = {
    "nom": UNARMED_NAME[0],
    "type": "melee",
    "allonge": 1,
    "attribut": "force",
    "dommages": 0,
    "penetration": 0,
    "regles": "Hors extrait (G-6) : le MJ ajuste.",
}


def shaken(c: Combatant) -> bool:
    """AD-19: Secoué (Indemne otherwise)."""
    return has_state(c, SHAKEN)


def dead(c: Combatant) -> bool:
    return has_state(c, DEAD)


def hero(c: Combatant) -> bool:
    """AD-20: heroes can spend Héroïsme."""
    return c.stats.get("heros") is True


def active(c: Combatant) -> bool:
    """A-AD-5: the GM's « actif » toggle (never active once dead, AD-20)."""
    return c.stats.get("actif", True) is not False and not dead(c)


def weapons(c: Combatant) -> list[dict[str, Scalar]]:
    """The sheet's weapons with every column filled; bare hands when there is none."""
    return filled_rows(c, "armes", UNARMED) or [dict(UNARMED)]


def weapon(c: Combatant, index: int) -> dict[str, Scalar]:
    """The weapon at `index` in `weapons(c)` (the first one when out of range)."""
    return row_at(weapons(c), index)


def damage_text(w: dict[str, Scalar], names: dict[str, str] = ATTRIBUTES) -> str:
    """Dommages as the text writes them: « 5 », « Force », « Force + 2 » (`names`: the
    attributes' names, ATTRIBUTES_EN for English)."""
    attribute = names.get(str(w.get("attribut", "-")))
    k = cell(w, "dommages")
    if attribute is None:
        return str(k)
    return attribute if k == 0 else f"{attribute} {'+' if k > 0 else '−'} {abs(k)}"


def damage_dice(c: Combatant, w: dict[str, Scalar]) -> Term:
    """AD-14: fixed N → N dice; « Attribut + k » → the attribute's value + k dice (a damage
    roll, not an attribute roll: no bonus or penalty to that attribute's rolls applies)."""
    key = str(w.get("attribut", "-"))
    k = cell(w, "dommages")
    fr, en = weapon_name(w)
    if key not in ATTRIBUTES:
        return Term(f"Dommages fixes de {fr} : {k} dés", k, "AD-14", f"{en} fixed damage: {k} dice")
    values = f" = {stat(c, key)}{f' + {k}' if k else ''}"
    shown, shown_en = damage_text(w) + values, damage_text(w, ATTRIBUTES_EN) + values
    return Term(
        f"Dommages de {fr} ({shown})", stat(c, key) + k, "AD-14", f"{en} damage ({shown_en})"
    )


def _protection(c: Combatant, kinds: tuple[str, ...]) -> list[tuple[str, int]]:
    rows = c.stats.get("protections", [])
    if not isinstance(rows, list):
        return []
    return [
        (str(r.get("nom", "")) or "?", cell(r, "bonus"))
        for r in rows
        if isinstance(r, dict) and r.get("type", "armure") in kinds
    ]


class Derived(Struct, frozen=True):
    """A derived value with its terms; `armour` is Endurance's armour part (AD-31)."""

    value: int
    terms: tuple[Term, ...]
    armour: int = 0

    def imposed(self) -> list[Term]:
        """The GM's imposed value, if any (G-3), for the breakdown of a Difficulty."""
        return [t for t in self.terms if t.rule == "G-3"]

    def endurance_text(self) -> str:
        """AD-31: « total(armure) », e.g. « 4(3) »."""
        return f"{self.value}({self.armour})"


def _ceil_half(n: int) -> int:
    return -(-max(0, n) // 2)


def parade(c: Combatant) -> Derived:
    """AD-30: ceil(Mêlée / 2) + shield and other bonuses; the GM may impose it (G-3)."""
    terms = [
        Term(
            f"Mêlée {stat(c, 'melee')} ÷ 2, arrondi au supérieur",
            _ceil_half(stat(c, "melee")),
            "AD-30",
            f"Melee {stat(c, 'melee')} ÷ 2, rounded up",
        )
    ]
    terms += [
        Term(name, bonus, "AD-30", name) for name, bonus in _protection(c, ("bouclier", "parade"))
    ]
    value = sum(int(t.value) for t in terms)
    imposed = c.stats.get("parade_imposee")
    if isinstance(imposed, int) and not isinstance(imposed, bool):
        terms.append(
            Term(
                f"Parade imposée (calculée : {value})",
                str(imposed),
                "G-3",
                f"Parade imposed (computed: {value})",
            )
        )
        value = imposed
    return Derived(value, tuple(terms))


def endurance(c: Combatant) -> Derived:
    """AD-31: ceil(Vigueur / 2) + armour (+ other bonuses), stored with its armour part;
    a profile « 4(3) » is entered as an imposed total of 4 and 3 points of armour."""
    terms = [
        Term(
            f"Vigueur {stat(c, 'vigueur')} ÷ 2, arrondi au supérieur",
            _ceil_half(stat(c, "vigueur")),
            "AD-31",
            f"Vigour {stat(c, 'vigueur')} ÷ 2, rounded up",
        )
    ]
    armour_rows = _protection(c, ("armure",))
    terms += [
        Term(f"armure : {name}", bonus, "AD-31", f"armour: {name}") for name, bonus in armour_rows
    ]
    terms += [Term(name, bonus, "AD-31", name) for name, bonus in _protection(c, ("endurance",))]
    value = sum(int(t.value) for t in terms)
    armour = sum(bonus for _name, bonus in armour_rows)
    imposed = c.stats.get("endurance_imposee")
    if isinstance(imposed, int) and not isinstance(imposed, bool):
        terms.append(
            Term(
                f"Endurance imposée (calculée : {value})",
                str(imposed),
                "G-3",
                f"Endurance imposed (computed: {value})",
            )
        )
        value = imposed
    return Derived(value, tuple(terms), min(armour, value))
