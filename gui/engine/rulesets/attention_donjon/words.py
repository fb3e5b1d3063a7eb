"""What attention_donjon says in both languages beyond its data: the English of its Traits
and weapon Types (as ruleset.json names them), the weapon the rules give when a sheet has
none, the Blessure Grave they name, and successes counted in words."""

from __future__ import annotations

from gui.engine.contract.base import Words

# The English names of ruleset.json's fields, by key (sheet.ATTRIBUTES, sheet.SKILLS).
ATTRIBUTES_EN = {
    "agilite": "Agility",
    "force": "Strength",
    "mental": "Mental",
    "savoir": "Knowledge",
    "vigueur": "Vigour",
}
SKILLS_EN = {"melee": "Melee", "tir": "Shooting", "lancer": "Throwing", "arcane": "Arcane"}
TRAITS_EN = {**ATTRIBUTES_EN, **SKILLS_EN}
TYPE_LABEL_EN = {"melee": "Melee", "tir": "Shooting", "lancer": "Throwing"}

UNARMED_NAME: Words = ("Mains nues", "Bare hands")
SERIOUS_WOUND: Words = ("Blessure Grave", "Serious Wound")


def weapon_name(w: dict) -> Words:
    """A weapon's name in both languages: the sheet's own (the same in both), or the bare
    hands the rules give a figurine without a weapon."""
    name = str(w.get("nom", ""))
    return UNARMED_NAME if name == UNARMED_NAME[0] else (name, name)


def successes_en(n: int) -> str:
    """« 3 succès » in English: "3 successes", "1 success"."""
    return f"{n} success" if abs(n) == 1 else f"{n} successes"
