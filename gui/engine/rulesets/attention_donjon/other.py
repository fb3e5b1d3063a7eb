"""A free Jet de Trait against a Difficulty (AD-25 to AD-28) and the opposed roll (AD-29)."""

from __future__ import annotations

from gui.engine.checks.request import DiceResult
from gui.engine.contract.edits import finish
from gui.engine.contract.fields import bool_field, choice_field, int_field
from gui.engine.contract.values import ActionSpec, Preview, Resolution
from gui.engine.core.words import Label, Term
from gui.engine.rulesets.attention_donjon import traits
from gui.engine.rulesets.attention_donjon.context import (
    DICE,
    DIFFICULTY,
    OVERRIDE_LABELS,
    SHAKEN_FLAG,
    ActionDef,
    Ctx,
    Roll,
    seuil,
)
from gui.engine.rulesets.attention_donjon.sheet import TRAITS, shaken
from gui.engine.rulesets.attention_donjon.words import TRAITS_EN, successes_en
from gui.engine.state.changes import ChangeSet
from gui.engine.state.schema import FieldSpec

ROLL, OPPOSED = "jet", "jet_oppose"


OWN_ACTION = bool_field(
    "action",
    "Jet de sa propre action (Secoué : −1 dé)",
    "Its own action's roll (Shaken: −1 die)",
    "AD-33",
    True,
)


def _spec(
    ctx: Ctx, kind: str, label: Label, rule: str, target: bool, *fields: FieldSpec
) -> ActionSpec:
    """A roll of any Trait against a Difficulty, with `fields` between them and the rest."""
    items = [(key, name, TRAITS_EN[key]) for key, name in TRAITS.items()]
    trait = choice_field("trait", "Trait", "Trait", items, "AD-25", "agilite")
    return ActionSpec(
        kind,
        label,
        rule,
        target,
        (trait, *fields, OWN_ACTION, *ctx.roll_options()),
        (DICE, DIFFICULTY),
        OVERRIDE_LABELS,
    )


def roll_spec(ctx: Ctx) -> ActionSpec:
    difficulty = int_field("difficulte_jet", "Difficulté", "Difficulty", "AD-28", -5, 20, 2)
    return _spec(ctx, ROLL, Label(fr="Jet de Trait", en="Trait roll"), "AD-25", False, difficulty)


def _dice(ctx: Ctx) -> list[Term]:
    key = ctx.choice("trait", "agilite")
    own = ctx.yes("action", True) or not ctx.flag(SHAKEN_FLAG)
    label = (TRAITS.get(key, key), TRAITS_EN.get(key, key))
    return ctx.dice_terms(key, label, "AD-25", shaken_applies=own)


def _roll(ctx: Ctx) -> Roll:
    difficulty = [Term("choisie", ctx.number("difficulte_jet", 2), "AD-28", "chosen")]
    return ctx.roll(_dice(ctx), difficulty, [])


def roll_preview(ctx: Ctx) -> Preview:
    return ctx.preview_of(_roll(ctx))


def roll_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    """AD-28: success when successes ≥ Difficulty; Seuil = successes − Difficulty."""
    roll, got, terms, edits = ctx.rolled(_roll(ctx), dice)
    ok = got >= roll.difficulty
    margin = seuil(got, roll.difficulty)
    key = ctx.choice("trait", "agilite")
    name, name_en = TRAITS.get(key, "Trait"), TRAITS_EN.get(key, "Trait")
    outcome = (
        f"{'Réussi' if ok else 'Raté'} : {got} succès contre {roll.difficulty}, Seuil {margin}.",
        f"{'Success' if ok else 'Failure'}: {successes_en(got)} against {roll.difficulty},"
        f" Seuil {margin}.",
    )
    label = (f"Jet de {name}", f"{name_en} roll")
    return finish(edits, ctx.action, label, terms, dice, outcome, ok)


# Opposed roll ----------------------------------------------------------------------------


def opposed_spec(ctx: Ctx) -> ActionSpec:
    return _spec(
        ctx,
        OPPOSED,
        Label(fr="Jet opposé", en="Opposed roll"),
        "AD-29",
        True,
        int_field(
            "difficulte_jet", "Difficulté de l’action", "Action's Difficulty", "AD-29", -5, 20, 2
        ),
        int_field(
            "defenseur",
            "Succès du défenseur (jet à part)",
            "Defender's successes (rolled apart)",
            "AD-29",
            0,
            99,
            0,
        ),
    )


def _opposed(ctx: Ctx) -> Roll:
    roll = _roll(ctx)
    defender = ctx.target
    name = defender.name
    terms = [
        Term(
            f"succès de {name} (défenseur)",
            str(ctx.number("defenseur")),
            "AD-29",
            f"{name}'s successes (defender)",
        )
    ]
    if shaken(defender) and not ctx.flag(SHAKEN_FLAG):
        terms.append(
            Term(
                f"{name} Secoué : −1 dé à son jet de défense",
                "",
                "CFG-AD-12",
                f"{name} Shaken: −1 die on its defence roll",
            )
        )
    return Roll(roll.dice, roll.difficulty, (*roll.terms, *terms), roll.notices, roll.how)


def opposed_preview(ctx: Ctx) -> Preview:
    """AD-29: the odds of beating the defender's successes and the Difficulty."""
    computed = _opposed(ctx)
    settled = ctx.settle(computed)
    need = max(settled.difficulty, ctx.number("defenseur") + 1)
    why = (
        "(plus que le défenseur et au moins la Difficulté)",
        "(more than the defender and at least the Difficulty)",
    )
    return ctx.preview(settled, computed, need, why)


def opposed_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    """AD-29: more successes than the defender (a tie fails) and the action's Difficulty.
    A-AD-21: both margins are shown, the GM picks one if an effect needs a Seuil."""
    roll, got, terms, edits = ctx.rolled(_opposed(ctx), dice)
    defence = ctx.number("defenseur")
    ok = traits.opposed(got, defence, roll.difficulty)
    over, beyond = got - roll.difficulty, got - defence
    terms.append(
        Term(
            "marges (A-AD-21)",
            f"{over} sur la Difficulté, {beyond} sur le défenseur",
            "A-AD-21",
            "margins (A-AD-21)",
            value_en=f"{over} over the Difficulty, {beyond} over the defender",
        )
    )
    outcome = (
        f"{'Réussi' if ok else 'Raté'} : {got} succès contre {defence} du défenseur,"
        f" Difficulté {roll.difficulty}.",
        f"{'Success' if ok else 'Failure'}: {successes_en(got)} against the defender's {defence},"
        f" Difficulty {roll.difficulty}.",
    )
    return finish(edits, ctx.action, ("Jet opposé", "Opposed roll"), terms, dice, outcome, ok)


# This module's actions, in the order the dialog lists them (ruleset.ACTIONS).
ACTIONS: tuple[ActionDef, ...] = (
    ActionDef(ROLL, roll_spec, roll_preview, roll_resolve),
    ActionDef(OPPOSED, opposed_spec, opposed_preview, opposed_resolve),
)
