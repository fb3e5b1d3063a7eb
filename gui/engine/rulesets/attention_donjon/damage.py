"""Dommages (AD-13 to AD-18): the weapon's damage dice against the target's Endurance, lowered
by Pénétration on its armour part; the outcome by health.harm."""

from __future__ import annotations

from msgspec.structs import replace

from gui.engine.checks.request import DiceResult
from gui.engine.contract.edits import finish
from gui.engine.contract.values import ActionSpec, Preview, Resolution
from gui.engine.core.words import Label, Notice, Term
from gui.engine.rulesets.attention_donjon.attack import hit_key, pending_hit
from gui.engine.rulesets.attention_donjon.context import (
    DICE,
    DIFFICULTY,
    OVERRIDE_LABELS,
    ROLL_OPTIONS,
    SHAKEN_FLAG,
    SITUATION_DICE,
    ActionDef,
    Ctx,
    Roll,
    weapon_option,
)
from gui.engine.rulesets.attention_donjon.health import death_questions, harm
from gui.engine.rulesets.attention_donjon.sheet import cell, damage_dice, endurance, shaken, weapon
from gui.engine.rulesets.attention_donjon.words import successes_en, weapon_name
from gui.engine.state.changes import ChangeSet
from gui.engine.state.model import Scalar

KIND = "dommages"


def _weapon(ctx: Ctx) -> dict[str, Scalar]:
    """AD-13, AD-14: the weapon chosen in the `arme` option; without one, the weapon of the
    pending hit (the one that hit), not the sheet's first weapon."""
    if "arme" in ctx.action.options:
        return ctx.weapon()
    hit = pending_hit(ctx.target, ctx.actor)
    return weapon(ctx.actor, (hit.value or 0) if hit else 0)


def spec(ctx: Ctx) -> ActionSpec:
    default = 0
    if ctx.action.target is not None:
        hit = pending_hit(ctx.target, ctx.actor)
        default = hit.value or 0 if hit else 0
    joker = ctx.joker_option()
    target = ctx.enc.combatant(ctx.action.target) if ctx.action.target else None
    return ActionSpec(
        KIND,
        Label(fr="Dommages", en="Damage"),
        "AD-14",
        True,
        (
            weapon_option(ctx.actor, default),
            *ROLL_OPTIONS,
            *((joker,) if joker else ()),
            SITUATION_DICE,
        ),
        (DICE, DIFFICULTY),
        OVERRIDE_LABELS,
        asks=death_questions(target) if target is not None else (),
    )


def _roll(ctx: Ctx) -> Roll:
    a, b, w = ctx.actor, ctx.target, _weapon(ctx)
    notices = []
    if pending_hit(b, a) is None:
        notices.append(
            Notice(
                "AD-13",
                f"Pas d’attaque réussie de {a.name} sur {b.name} à résoudre",
                f"No successful attack by {a.name} on {b.name} to resolve",
                blocking=True,
            )
        )
    dice = [damage_dice(a, w)]
    if shaken(a) and not ctx.flag(SHAKEN_FLAG):
        dice.append(Term("Secoué (aussi aux Dommages)", -1, "CFG-AD-12", "Shaken (on damage too)"))
    dice = ctx.with_situation(dice)
    tough = endurance(b)
    pen = cell(w, "penetration")
    shown = tough.endurance_text()
    difficulty = [
        Term(
            f"Endurance de {b.name} {shown}", tough.value, "AD-15", f"{b.name}'s Endurance {shown}"
        )
    ]
    difficulty += tough.imposed()
    if pen:
        removed = min(tough.armour, pen)
        why = (
            ("pas d’armure : sans effet", "no armour: no effect")
            if not tough.armour
            else (f"retire {removed} point(s) d’armure", f"removes {removed} armour point(s)")
        )
        difficulty.append(
            Term(
                f"Pénétration {pen} ({why[0]})", -removed, "AD-18", f"Penetration {pen} ({why[1]})"
            )
        )
    return ctx.roll(dice, difficulty, notices)


def preview(ctx: Ctx) -> Preview:
    return ctx.preview_of(_roll(ctx))


def resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    """AD-13 to AD-20: the damage successes against D, then Secoué / Blessé / Santé."""
    roll, got, terms, edits = ctx.rolled(_roll(ctx), dice)
    a, b, w = ctx.actor, ctx.target, _weapon(ctx)
    edits.remove_state(b.id, hit_key(a))
    done = harm(ctx, edits, b, got, roll.difficulty, terms)
    fr, en = weapon_name(w)
    label = (f"Dommages ({fr})", f"Damage ({en})")
    outcome = (
        f"{b.name} : {done.text_fr} ({got} succès contre Endurance {roll.difficulty}).",
        f"{b.name}: {done.text_en} ({successes_en(got)} against Endurance {roll.difficulty}).",
    )
    amounts = {"successes": got, "difficulty": roll.difficulty}
    hurt = got >= roll.difficulty
    resolution, cs = finish(edits, ctx.action, label, terms, dice, outcome, hurt, amounts)
    return replace(resolution, asks=done.asks), cs


# This module's actions, in the order the dialog lists them (ruleset.ACTIONS).
ACTIONS: tuple[ActionDef, ...] = (ActionDef(KIND, spec, preview, resolve),)
