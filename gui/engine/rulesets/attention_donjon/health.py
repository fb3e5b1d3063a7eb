"""Secoué, Blessé and Santé (AD-16, AD-17, AD-19, AD-20): what a damage roll does to its
target, death at 0 Santé and the hero's Héroïsme."""

from __future__ import annotations

from msgspec import Struct

from gui.engine.contract.edits import Edits
from gui.engine.contract.fields import choice_field, int_field
from gui.engine.core.words import Label, Term
from gui.engine.rulesets.attention_donjon.context import Ctx
from gui.engine.rulesets.attention_donjon.sheet import DEAD, SHAKEN, hero, shaken, stat
from gui.engine.rulesets.attention_donjon.words import SERIOUS_WOUND
from gui.engine.state.model import Combatant, State
from gui.engine.state.schema import FieldSpec

HEROISM_FLAG = "CFG-AD-11"
SPEND, DIE = "depenser", "mort"
SHAKEN_STATE = State(
    key=SHAKEN,
    label="Secoué",
    text="−1 dé au jet de Trait de ses actions, sauf Se Reprendre (AD-33).",
    text_en="−1 die on the Trait roll of its actions, except Rally (AD-33).",
)
DEAD_STATE = State(
    key=DEAD, label="Mort", text="À 0 Santé (AD-20).", text_en="At 0 Health (AD-20)."
)


def heroism_question(c: Combatant) -> FieldSpec:
    """« Mort ? »: a hero with Héroïsme may spend a point to avoid death (AD-20)."""
    return choice_field(
        "heroisme",
        f"{c.name} tombe à 0 Santé : mort ?",
        f"{c.name} drops to 0 Health: dead?",
        [
            (
                SPEND,
                f"Dépenser 1 point d’Héroïsme ({stat(c, 'heroisme')}) :"
                " reste en vie, Blessure Grave",
                f"Spend 1 Heroism point ({stat(c, 'heroisme')}): stays alive, Serious Wound",
            ),
            (DIE, "Mort", "Dead"),
        ],
        "AD-20",
        SPEND,
    )


WOUND_QUESTION = FieldSpec(
    key="blessure_grave",
    label=Label(fr="Blessure Grave (décision du MJ)", en="Serious Wound (the GM's decision)"),
    kind="text",
    default=SERIOUS_WOUND[0],
    max_length=300,
    rule="A-AD-18",
)


def health_question(c: Combatant) -> FieldSpec:
    """CFG-AD-11 « saisie »: the GM enters the hero's Santé after the spend."""
    return int_field(
        "sante_apres",
        f"Santé de {c.name} après l’Héroïsme",
        f"{c.name}'s Health after Heroism",
        "CFG-AD-11",
        0,
        stat(c, "sante_max", 1),
    )


def death_questions(c: Combatant) -> tuple[FieldSpec, ...]:
    """What a damage roll may ask about `c` once the dice are known (AD-20): spend a point
    of Héroïsme, the Blessure Grave, and with CFG-AD-11 « saisie » the Santé after it."""
    return (heroism_question(c), WOUND_QUESTION, health_question(c))


class Harm(Struct, frozen=True):
    """What a damage roll did: the Blessé, the Santé lost and the words of the outcome."""

    wounds: int
    lost: int
    text_fr: str
    text_en: str
    asks: tuple[FieldSpec, ...] = ()


def harm(
    ctx: Ctx, edits: Edits, target: Combatant, got: int, difficulty: int, terms: list[Term]
) -> Harm:
    """AD-16, AD-17: s < D no effect; else Secoué, or +1 Blessé if already Secoué, plus one
    Blessé per Seuil; each Blessé takes 1 Santé (never below 0); the target ends Secoué.
    At 0 Santé, AD-20."""
    if got < difficulty:
        return Harm(0, 0, "aucun effet", "no effect")
    was_shaken = shaken(target)
    margin = got - difficulty
    wounds = margin + (1 if was_shaken else 0)
    if was_shaken:
        terms.append(Term("déjà Secoué : Blessé", 1, "AD-16", "already Shaken: Blessé"))
    else:
        terms.append(Term("devient Secoué", "", "AD-16", "becomes Shaken"))
    if margin:
        terms.append(
            Term("Blessé par Seuil de réussite", margin, "AD-16", "Blessé per point of Seuil")
        )
    edits.add_state(target.id, SHAKEN_STATE)
    if not wounds:
        return Harm(0, 0, "devient Secoué", "becomes Shaken")
    health = stat(target, "sante")
    lost = min(wounds, health)
    edits.set(("combatants", target.id, "stats", "sante"), health - lost)
    edits.add(("combatants", target.id, "stats", "blesses"), wounds)
    after = f"{health} → {health - lost}"
    terms.append(Term(f"Santé {after}", -lost, "AD-17", f"Health {after}"))
    fr = f"{wounds} Blessé, Santé {health} → {health - lost}, Secoué"
    en = f"{wounds} Blessé, Health {health} → {health - lost}, Shaken"
    if lost < wounds:
        terms.append(
            Term(
                "Blessé au-delà de la Santé : sans effet",
                wounds - lost,
                "A-AD-18",
                "Blessé beyond Health: no effect",
            )
        )
    if health - lost > 0:
        return Harm(wounds, lost, fr, en)
    death = dies(ctx, edits, target, terms)
    return Harm(wounds, lost, f"{fr} ; {death.text_fr}", f"{en}; {death.text_en}", death.asks)


def dies(ctx: Ctx, edits: Edits, c: Combatant, terms: list[Term]) -> Harm:
    """AD-20: at 0 Santé the figurine dies and is no longer active, unless a hero with
    Héroïsme spends a point (asked once the dice are known): alive at Santé 0 with a
    Blessure Grave (A-AD-18; CFG-AD-11 « saisie »: the GM enters the new Santé)."""
    points = stat(c, "heroisme")
    if hero(c) and points >= 1:
        question = heroism_question(c)
        if ctx.choice("heroisme", SPEND) == SPEND:
            return _spend(ctx, edits, c, points, terms, question)
        asks: tuple[FieldSpec, ...] = (question,)
    else:
        asks = ()
    edits.add_state(c.id, DEAD_STATE)
    edits.set(("combatants", c.id, "stats", "actif"), False)
    terms.append(
        Term("0 Santé : mort, plus active", "", "AD-20", "0 Health: dead, no longer active")
    )
    return Harm(0, 0, "mort", "dead", asks)


def _spend(
    ctx: Ctx, edits: Edits, c: Combatant, points: int, terms: list[Term], question: FieldSpec
) -> Harm:
    edits.set(("combatants", c.id, "stats", "heroisme"), points - 1)
    wound = ctx.choice("blessure_grave", "").strip() or str(WOUND_QUESTION.default)
    before = c.stats.get("blessures_graves")
    listed = f"{before}\n{wound}" if isinstance(before, str) and before.strip() else wound
    edits.set(("combatants", c.id, "stats", "blessures_graves"), listed[:2000])
    asks = [question, WOUND_QUESTION]
    wound_en = SERIOUS_WOUND[1] if wound == SERIOUS_WOUND[0] else wound
    spent = f"{points} → {points - 1}"
    terms.append(
        Term(
            f"Héroïsme {spent} : évite la mort ({wound})",
            "",
            "AD-20",
            f"Heroism {spent}: escapes death ({wound_en})",
        )
    )
    fr, en = "Héroïsme dépensé : reste en vie à 0 Santé", "Heroism spent: alive at 0 Health"
    if ctx.flag(HEROISM_FLAG) == "saisie":
        asks.append(health_question(c))
        after = max(0, min(ctx.number("sante_apres"), stat(c, "sante_max", 1)))
        edits.set(("combatants", c.id, "stats", "sante"), after)
        terms.append(
            Term(
                "Santé après l’Héroïsme, saisie par le MJ",
                str(after),
                "CFG-AD-11",
                "Health after Heroism, entered by the GM",
            )
        )
        fr, en = f"Héroïsme dépensé : Santé {after}", f"Heroism spent: Health {after}"
    return Harm(0, 0, fr, en, tuple(asks))
