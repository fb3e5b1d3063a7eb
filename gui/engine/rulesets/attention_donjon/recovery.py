"""Se Reprendre (AD-34), Récupération (AD-35) and Soins (AD-36)."""

from __future__ import annotations

from gui.engine.checks.request import DiceResult
from gui.engine.contract.base import Words
from gui.engine.contract.edits import Edits, finish
from gui.engine.contract.fields import choice_field
from gui.engine.contract.values import ActionSpec, Preview, Resolution
from gui.engine.core.words import Label, Notice, Term
from gui.engine.rulesets.attention_donjon import budget, reach
from gui.engine.rulesets.attention_donjon.context import (
    DICE,
    DIFFICULTY,
    OVERRIDE_LABELS,
    ActionDef,
    Ctx,
    Roll,
    seuil,
)
from gui.engine.rulesets.attention_donjon.sheet import SHAKEN, dead, shaken, stat
from gui.engine.rulesets.attention_donjon.words import successes_en
from gui.engine.space.zones import in_contact
from gui.engine.state.changes import ChangeSet
from gui.engine.state.model import Combatant

RALLY, RECOVER, HEAL = "se_reprendre", "recuperation", "soins"
ENEMIES_FLAG = "CFG-AD-13"
BOTH_FLAG = "CFG-AD-10"
HEALTH, STATE = "sante", "secoue"


def _spec(ctx: Ctx, kind: str, fr: str, en: str, rule: str, target: bool, *extra) -> ActionSpec:
    return ActionSpec(
        kind,
        Label(fr=fr, en=en),
        rule,
        target,
        (*extra, *ctx.roll_options()),
        (DICE, DIFFICULTY),
        OVERRIDE_LABELS,
    )


def _adjacent_enemies(ctx: Ctx, *who: Combatant) -> list[Combatant]:
    """A-AD-20: the enemies adjacent to any of `who`, each once (CFG-AD-13: every enemy,
    or only active ones)."""
    active_only = ctx.flag(ENEMIES_FLAG) == "actifs"
    seen: dict[str, Combatant] = {}
    for c in who:
        for foe in reach.enemies_in_contact(ctx.enc, c, active_only):
            seen.setdefault(foe.id, foe)
    return list(seen.values())


def _enemy_terms(ctx: Ctx, rule: str, *who: Combatant) -> list[Term]:
    terms = [Term("base", 2, rule, "base")]
    for foe in _adjacent_enemies(ctx, *who):
        terms.append(Term(f"ennemi adjacent : {foe.name}", 1, rule, f"adjacent enemy: {foe.name}"))
    return terms


def _heal(edits: Edits, c: Combatant, terms: list[Term], rule: str) -> Words:
    """+1 Santé, never above the maximum; what it did in French and English."""
    now, top = stat(c, "sante"), stat(c, "sante_max", 1)
    after = min(top, now + 1)
    edits.set(("combatants", c.id, "stats", "sante"), after)
    shown = f"{now} → {after}"
    terms.append(
        Term(f"Santé {shown} (maximum {top})", after - now, rule, f"Health {shown} (maximum {top})")
    )
    return f"Santé {shown}", f"Health {shown}"


# Se Reprendre ----------------------------------------------------------------------------


def rally_spec(ctx: Ctx) -> ActionSpec:
    return _spec(ctx, RALLY, "Se Reprendre", "Rally", "AD-34", False)


def _rally(ctx: Ctx) -> Roll:
    notices = budget.reminder(ctx)
    if not shaken(ctx.actor):
        notices.append(Notice("AD-34", "Pas Secoué", "Not Shaken"))
    label = ("Mental (sans malus de Secoué)", "Mental (no Shaken penalty)")
    dice = ctx.dice_terms("mental", label, "AD-34", shaken_applies=False)
    return ctx.roll(dice, [Term("Se Reprendre", 2, "AD-34", "Rally")], notices)


def rally_preview(ctx: Ctx) -> Preview:
    return ctx.preview_of(_rally(ctx))


def rally_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    """AD-34: success removes Secoué; a Seuil ≥ 2 gives the bonus action back."""
    roll, got, terms, edits = ctx.rolled(_rally(ctx), dice)
    c = ctx.actor
    ok = got >= roll.difficulty
    refund = ok and seuil(got, roll.difficulty) >= 2
    budget.charge(ctx, edits, 0 if refund else 1)
    if ok:
        edits.remove_state(c.id, SHAKEN)
        terms.append(Term("n’est plus Secoué", "", "AD-34", "no longer Shaken"))
    if refund:
        terms.append(
            Term(
                "Seuil ≥ 2 : action bonus rendue", "", "AD-34", "Seuil ≥ 2: bonus action given back"
            )
        )
    fr = "n’est plus Secoué" if ok else "reste Secoué" if shaken(c) else "échec"
    en = "no longer Shaken" if ok else "still Shaken" if shaken(c) else "failure"
    if refund:
        fr, en = f"{fr}, action bonus rendue", f"{en}, bonus action given back"
    outcome = (f"{c.name} : {fr} ({got} succès).", f"{c.name}: {en} ({successes_en(got)}).")
    return finish(edits, ctx.action, ("Se Reprendre", "Rally"), terms, dice, outcome, ok)


# Récupération ----------------------------------------------------------------------------


def recover_spec(ctx: Ctx) -> ActionSpec:
    return _spec(ctx, RECOVER, "Récupération", "Recovery", "AD-35", False)


def _recover(ctx: Ctx) -> Roll:
    notices = budget.reminder(ctx)
    c = ctx.actor
    if stat(c, "sante") >= stat(c, "sante_max", 1):
        notices.append(Notice("AD-35", "Santé déjà au maximum", "Health already at maximum"))
    dice = ctx.dice_terms("vigueur", ("Vigueur", "Vigour"), "AD-35", shaken_applies=True)
    return ctx.roll(dice, _enemy_terms(ctx, "AD-35", c), notices)


def recover_preview(ctx: Ctx) -> Preview:
    return ctx.preview_of(_recover(ctx))


def recover_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    """AD-35: success → +1 Santé, never above the maximum."""
    roll, got, terms, edits = ctx.rolled(_recover(ctx), dice)
    c = ctx.actor
    budget.charge(ctx, edits)
    ok = got >= roll.difficulty
    what = _heal(edits, c, terms, "AD-35") if ok else ("échec", "failure")
    outcome = (
        f"{c.name} : {what[0]} ({got} succès contre {roll.difficulty}).",
        f"{c.name}: {what[1]} ({successes_en(got)} against {roll.difficulty}).",
    )
    return finish(edits, ctx.action, ("Récupération", "Recovery"), terms, dice, outcome, ok)


# Soins -----------------------------------------------------------------------------------


def heal_spec(ctx: Ctx) -> ActionSpec:
    effect = choice_field(
        "effet",
        "Effet choisi (Seuil < 2)",
        "Chosen effect (Seuil < 2)",
        [(HEALTH, "+1 Santé", "+1 Health"), (STATE, "Retirer Secoué", "Remove Shaken")],
        "AD-36",
        HEALTH,
    )
    return _spec(ctx, HEAL, "Soins", "Healing", "AD-36", False, effect)


def patient(ctx: Ctx) -> Combatant:
    """Soins on oneself (no target) or on the target."""
    return ctx.actor if ctx.action.target is None else ctx.target


def _heal_roll(ctx: Ctx) -> Roll:
    healer, other = ctx.actor, patient(ctx)
    notices = budget.reminder(ctx)
    if other.id != healer.id:
        if other.side != healer.side:
            notices.append(
                Notice("AD-36", f"{other.name} n’est pas un allié", f"{other.name} is not an ally")
            )
        if not in_contact(healer, other):
            notices.append(
                Notice(
                    "AD-36",
                    f"{other.name} n’est pas adjacent au soigneur",
                    f"{other.name} is not adjacent to the healer",
                    blocking=True,
                )
            )
    if dead(other):
        notices.append(
            Notice("AD-20", f"{other.name} est mort", f"{other.name} is dead", blocking=True)
        )
    dice = ctx.dice_terms("savoir", ("Savoir", "Knowledge"), "AD-36", shaken_applies=True)
    return ctx.roll(dice, _enemy_terms(ctx, "AD-36", healer, other), notices)


def heal_preview(ctx: Ctx) -> Preview:
    return ctx.preview_of(_heal_roll(ctx))


def heal_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    """AD-36: success → the chosen effect (+1 Santé or Secoué removed); a Seuil ≥ 2 gives
    both (A-AD-17, CFG-AD-10)."""
    roll, got, terms, edits = ctx.rolled(_heal_roll(ctx), dice)
    healer, other = ctx.actor, patient(ctx)
    budget.charge(ctx, edits)
    ok = got >= roll.difficulty
    done: list[Words] = []
    if ok:
        both = seuil(got, roll.difficulty) >= 2 and bool(ctx.flag(BOTH_FLAG))
        if both:
            terms.append(
                Term("Seuil ≥ 2 : les deux effets", "", "A-AD-17", "Seuil ≥ 2: both effects")
            )
        chosen = ctx.choice("effet", HEALTH)
        if both or chosen == HEALTH:
            done.append(_heal(edits, other, terms, "AD-36"))
        if both or chosen == STATE:
            edits.remove_state(other.id, SHAKEN)
            terms.append(Term("Secoué retiré", "", "AD-36", "Shaken removed"))
            done.append(("Secoué retiré", "Shaken removed"))
    what = (", ".join(d[0] for d in done), ", ".join(d[1] for d in done))
    if not ok:
        what = ("échec", "failure")
    outcome = (
        f"Soins de {healer.name} sur {other.name} : {what[0]}"
        f" ({got} succès contre {roll.difficulty}).",
        f"{healer.name} heals {other.name}: {what[1]}"
        f" ({successes_en(got)} against {roll.difficulty}).",
    )
    return finish(edits, ctx.action, ("Soins", "Healing"), terms, dice, outcome, ok)


# This module's actions, in the order the dialog lists them (ruleset.ACTIONS).
ACTIONS: tuple[ActionDef, ...] = (
    ActionDef(RALLY, rally_spec, rally_preview, rally_resolve, cost=budget.bonus),
    ActionDef(RECOVER, recover_spec, recover_preview, recover_resolve, cost=budget.bonus),
    ActionDef(HEAL, heal_spec, heal_preview, heal_resolve, cost=budget.standard),
)
