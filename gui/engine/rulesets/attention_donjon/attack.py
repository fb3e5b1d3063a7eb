"""Attaquer (AD-01 to AD-13): Allonge, the Difficulty of Mêlée, Tir or Lancer, the Trait
roll with the weapon's skill; a hit leaves « Touché » until the Dommages roll."""

from __future__ import annotations

import re

from msgspec.structs import replace

from gui.engine.checks.request import DiceResult
from gui.engine.contract.edits import finish
from gui.engine.contract.values import ActionSpec, Aim, Preview, Resolution, overridden
from gui.engine.core.words import Label, Notice, Term
from gui.engine.rulesets.attention_donjon import budget, reach
from gui.engine.rulesets.attention_donjon.context import (
    CROSSED,
    DICE,
    DIFFICULTY,
    OVERRIDE_LABELS,
    ActionDef,
    Ctx,
    Roll,
    seuil,
    weapon_option,
)
from gui.engine.rulesets.attention_donjon.sheet import SKILLS, TYPE_LABEL, dead
from gui.engine.rulesets.attention_donjon.words import (
    TYPE_LABEL_EN,
    UNARMED_NAME,
    successes_en,
    weapon_name,
)
from gui.engine.state.changes import ChangeSet
from gui.engine.state.model import Combatant, State

KIND = "attaquer"
HIT = "touche."  # + attacker id: a hit waiting for its Dommages roll (AD-13)


def hit_key(attacker: Combatant) -> str:
    return f"{HIT}{attacker.id}"[:64]


def hit_label(state: State) -> Label | None:
    """The name of a hit waiting for its Dommages roll in both languages (None for another
    state, or one the GM renamed)."""
    found = re.fullmatch(r"Touché par (.+) \((.*)\)", state.label, re.S)
    if not state.key.startswith(HIT) or found is None:
        return None
    who, arm = found.groups()
    arm = UNARMED_NAME[1] if arm == UNARMED_NAME[0] else arm
    return Label(fr=state.label, en=f"Hit by {who} ({arm})")


def pending_hit(target: Combatant, attacker: Combatant) -> State | None:
    """The hit `attacker` scored on `target` and has not rolled damage for yet."""
    return next((s for s in target.states if s.key == hit_key(attacker)), None)


def spec(ctx: Ctx) -> ActionSpec:
    return ActionSpec(
        KIND,
        Label(fr="Attaquer", en="Attack"),
        "AD-02",
        True,
        (weapon_option(ctx.actor), *ctx.roll_options()),
        (DICE, DIFFICULTY, CROSSED),
        OVERRIDE_LABELS,
        aim=Aim("foe", out_of_fight=False, rule="AD-20"),  # AD-20: the dead take no part
    )


def _roll(ctx: Ctx) -> Roll:
    a, b, w = ctx.actor, ctx.target, ctx.weapon()
    kind = str(w["type"])
    notices: list[Notice] = []
    found = reach.reach_notice(ctx.enc, str(ctx.flag(reach.REACH_FLAG)), w, a, b)
    if found:
        notices.append(found)
    if a.id == b.id:
        notices.append(Notice("AD-02", "Attaquer soi-même ?", "Attack oneself?", blocking=True))
    if dead(b):
        notices.append(Notice("AD-20", f"{b.name} est mort", f"{b.name} is dead"))
    notices += budget.reminder(ctx)
    skill = kind if kind in SKILLS else "melee"
    label = (
        f"{TYPE_LABEL.get(kind, kind)} de {a.name}",
        f"{a.name}'s {TYPE_LABEL_EN.get(kind, kind)}",
    )
    dice = ctx.dice_terms(skill, label, "AD-02", shaken_applies=True)
    if kind == "tir":
        zones, path = _crossed(ctx)
        difficulty = [*reach.shooting_terms(ctx.enc, a, b, zones), *path]
    elif kind == "lancer":
        zones, path = _crossed(ctx)
        flag = bool(ctx.flag(reach.THROW_FLAG))
        given = zones if path else None
        difficulty = [*reach.throwing_terms(ctx.enc, flag, a, b, given), *path]
    else:
        difficulty = reach.melee_terms(ctx.enc, a, b)
    return ctx.roll(dice, difficulty, notices)


def _crossed(ctx: Ctx) -> tuple[int, list[Term]]:
    """AD-07, AD-23: the zones the shot or throw crosses on the shortest path, or as many
    as the GM says when the path is another one (a term then shows it)."""
    computed = len(reach.crossed(ctx.enc, ctx.actor, ctx.target))
    name = ("zones traversées", "zones crossed")
    zones = int(overridden(ctx.action, CROSSED, computed, name, []))
    if zones == computed:
        return zones, []
    why = f"zones traversées données par le MJ (calculé : {computed})"
    why_en = f"zones crossed as the GM says (computed: {computed})"
    return zones, [Term(why, str(zones), "AD-23", why_en)]


def preview(ctx: Ctx) -> Preview:
    return ctx.preview_of(_roll(ctx))


def resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    """AD-02, AD-13: successes ≥ Difficulty is a hit, and only a hit rolls damage."""
    roll, got, terms, edits = ctx.rolled(_roll(ctx), dice)
    a, b, w = ctx.actor, ctx.target, ctx.weapon()
    budget.charge(ctx, edits)
    hit = got >= roll.difficulty
    fr, en = weapon_name(w)
    label = (f"Attaquer ({fr})", f"Attack ({en})")
    if not hit:
        outcome = (
            f"Raté : {got} succès contre Difficulté {roll.difficulty} (AD-28),"
            " pas de Dommages (AD-13).",
            f"Miss: {successes_en(got)} against Difficulty {roll.difficulty} (AD-28),"
            " no damage (AD-13).",
        )
        amounts = {"successes": got, "difficulty": roll.difficulty}
        return finish(edits, ctx.action, label, terms, dice, outcome, False, amounts)
    margin = seuil(got, roll.difficulty)
    index = ctx.action.options.get("arme", "0")
    edits.add_state(
        b.id,
        State(
            key=hit_key(a),
            label=f"Touché par {a.name} ({w['nom']})",
            text=f"Dommages {w['nom']} à lancer par {a.name} (AD-13)",
            text_en=f"{en} damage for {a.name} to roll (AD-13)",
            value=int(index) if isinstance(index, str) and index.isdigit() else 0,
        ),
    )
    outcome = (
        f"Touché : {got} succès contre Difficulté {roll.difficulty}, Seuil {margin} (AD-28)."
        f" « Dommages » ensuite (AD-13).",
        f"Hit: {successes_en(got)} against Difficulty {roll.difficulty}, Seuil {margin} (AD-28)."
        " Roll Damage next (AD-13).",
    )
    amounts = {"successes": got, "difficulty": roll.difficulty}
    resolution, cs = finish(edits, ctx.action, label, terms, dice, outcome, True, amounts)
    return replace(resolution, next_kind="dommages"), cs


# This module's actions, in the order the dialog lists them (ruleset.ACTIONS).
ACTIONS: tuple[ActionDef, ...] = (ActionDef(KIND, spec, preview, resolve, cost=budget.standard),)
