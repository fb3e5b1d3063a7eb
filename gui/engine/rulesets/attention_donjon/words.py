"""What attention_donjon says in both languages beyond its data: the English of its Traits
and weapon Types (as ruleset.json names them), the weapon the rules give when a sheet has
none, and the terms whose value is words."""

from __future__ import annotations

from dataclasses import dataclass

from ..base import Term, Words

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


@dataclass(frozen=True)
class WordTerm(Term):
    """A Term whose value is words (« Secoué (−1 dé) »), with the value in English too.

    TRANSITION: base.Term gives its label an English slot, not its value; this keeps the
    value's English for `english()` (the log, the sheet, the tooltips) until it has one."""

    value_en: str = ""

    def english(self) -> str:
        value = self.value_en or self.value
        return Term(self.label, value, self.rule, self.label_en).english()
