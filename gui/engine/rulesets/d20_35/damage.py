"""Dégâts (SRD damage, CFG-D35-1; D35-37 to D35-40, D35-48 to D35-51): the weapon's dice +
Str in melee (×1,5 with two hands, SRD) + its bonus, all of it multiplied by the weapon's
multiplier on a confirmed critical (A-D35-1, criticals.py: the option `critique`, which the
attack's « Suite » carries); lethal damage lowers the hit points,
nonlethal damage adds to its own total (D35-38: staggered when equal to the hit points,
unconscious above them); 50 or more from one attack asks a Fortitude save DC 15 or death
(D35-37), rolled as a second roll."""

from __future__ import annotations

from msgspec.structs import replace

from gui.engine.checks.request import DiceRequest, DiceResult
from gui.engine.contract.edits import Edits, finish
from gui.engine.contract.fields import bool_field, choice_field
from gui.engine.contract.values import ActionSpec, Preview, Resolution, chained
from gui.engine.core.words import Label, Term
from gui.engine.dice.rolling import DiceExpr
from gui.engine.rulesets.d20_35 import criticals, grapple, sheet
from gui.engine.rulesets.d20_35.context import ActionDef, Ctx
from gui.engine.state.changes import ChangeSet
from gui.engine.state.model import Combatant, State

KIND = "degats"
CRITICAL = "critique"  # a confirmed critical (attack.CRITICAL)
MASSIVE = 50  # D35-37
MASSIVE_DC = 15
_TOTAL = Label(fr="total des dés", en="dice total")
_SAVE = Label(fr="JS de Vigueur (DD 15)", en="Fortitude save (DC 15)")


def _spec(ctx: Ctx) -> ActionSpec:
    arms = [(str(i), *sheet.weapon_name(w)) for i, w in enumerate(sheet.weapons(ctx.actor))]
    options = (
        choice_field("arme", "Arme", "Weapon", arms, "D35-80", "1" if len(arms) > 1 else "0"),
        bool_field("non_letal", "Dégâts non létaux", "Nonlethal damage", "D35-38"),
        bool_field(
            CRITICAL,
            "Coup critique confirmé (dés et bonus × multiplicateur)",
            "Confirmed critical hit (dice and bonuses × multiplier)",
            criticals.RULE,
        ),
        bool_field(
            "massif", "Jet de Vigueur si 50 ou plus", "Fortitude save at 50 or more", "D35-37", True
        ),
    )
    return ActionSpec(KIND, Label(fr="Dégâts", en="Damage"), sheet.SRD, True, options)


def expression(ctx: Ctx, critical: bool | None = None) -> tuple[DiceExpr, list[Term]]:
    """The weapon's dice with Str in melee (×1,5 two-handed, SRD) and its own bonus; on a
    critical (the option `critique`, unless `critical` says), all of it × the weapon's
    multiplier (A-D35-1)."""
    w = ctx.weapon()
    dice = DiceExpr.parse(str(w.get("degats") or "1d3"))
    terms = [Term(f"dés de l’arme ({dice})", "", sheet.SRD, f"weapon dice ({dice})")]
    mod = 0
    if not sheet.is_ranged(w):
        strength = sheet.modifier(ctx.actor, "force")
        if w.get("categorie") == "deux_mains" and strength > 0:
            strength = strength * 3 // 2
        mod += strength
        terms.append(Term("mod. de For", strength, sheet.SRD, "Str modifier"))
    own = sheet.int_of(w.get("bonus_degats"))
    if own:
        mod += own
        terms.append(Term("bonus de l’arme", own, sheet.SRD, "weapon bonus"))
    expr = DiceExpr(dice.count, dice.sides, dice.modifier + mod)
    crit = criticals.of_weapon(w)
    if not (ctx.yes(CRITICAL) if critical is None else critical):
        return expr, terms
    times = crit.multiplier if crit is not None else 2
    expr = criticals.multiplied(expr, times)
    terms.append(
        Term(
            f"coup critique : dés et bonus ×{times} (hors extrait, SRD) : {expr}",
            "",
            criticals.RULE,
            f"critical hit: dice and bonuses ×{times} (SRD, not in excerpt): {expr}",
        )
    )
    return expr, terms


def wound(edits: Edits, target: Combatant, amount: int) -> dict[str, int]:
    """Lethal damage: the target's hit points lowered by `amount` (kept above −100); the
    stats changed."""
    pv = max(sheet.stat(target, "pv") - amount, -99)
    edits.set(("combatants", target.id, "stats", "pv"), pv)
    return {"pv": pv}


def taken(
    edits: Edits, target: Combatant, amount: int, nonlethal: bool, terms: list[Term]
) -> tuple[dict[str, int], tuple[str, str]]:
    """`amount` of damage written on `target`: nonlethal damage adds to its own total
    (D35-38), lethal lowers its hit points (`wound`); the stats changed, and the outcome in
    words (its term added to `terms`)."""
    if nonlethal:
        total = sheet.stat(target, "degats_non_letaux") + amount
        edits.set(("combatants", target.id, "stats", "degats_non_letaux"), total)
        terms.append(Term("dégâts non létaux", amount, "D35-38", "nonlethal damage"))
        said = (
            f"{target.name} subit {amount} dégâts non létaux",
            f"{target.name} takes {amount} nonlethal damage",
        )
        return {"degats_non_letaux": total}, said
    after = wound(edits, target, amount)
    terms.append(Term("dégâts", amount, sheet.SRD, "damage"))
    said = (
        f"{target.name} subit {amount} dégâts ({after['pv']} pv)",
        f"{target.name} takes {amount} damage ({after['pv']} hp)",
    )
    return after, said


def let_go_if_out(ctx: Ctx, edits: Edits, target: Combatant, after: dict[str, int]) -> None:
    """A creature the blow put out of the fight lets go of its grapple (D35-58)."""
    struck = {"stats": {**target.stats, **after}, "states": edits.states(target.id)}
    if ctx.ruleset.is_out(ctx.enc, target.replace(**struck)):
        grapple.let_go(edits, target.id)


def request(expr: DiceExpr) -> DiceRequest:
    return DiceRequest(expr, _TOTAL, expr.minimum, expr.maximum or expr.minimum)


def _massive_save(ctx: Ctx) -> DiceRequest:
    expr = DiceExpr(1, 20, modifier=sheet.save(ctx.target, "vigueur"))
    return DiceRequest(expr, _TOTAL, expr.minimum, expr.maximum or 20, label=_SAVE)


def preview(ctx: Ctx) -> Preview:
    expr, terms = expression(ctx)
    more = (
        (_massive_save(ctx),) if ctx.yes("massif", True) and (expr.maximum or 0) >= MASSIVE else ()
    )
    return Preview(ctx.action, tuple(terms), request(expr), more=more)


def resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    expr, terms = expression(ctx)
    amount = max(1, dice.total(request(expr)))  # SRD: at least 1 damage
    actor, target = ctx.actor, ctx.target
    edits = Edits(ctx.enc)
    after, said = taken(edits, target, amount, ctx.yes("non_letal"), terms)
    massive = amount >= MASSIVE and ctx.yes("massif", True)
    if massive and not ctx.yes("non_letal"):  # D35-37
        save = chained(dice, 0, _massive_save(ctx))
        terms.append(
            Term(
                "JS de Vigueur contre les dégâts excessifs",
                save,
                "D35-37",
                "Fortitude save against massive damage",
            )
        )
        if save < MASSIVE_DC:
            edits.add_state(target.id, State(key="mort", label="Mort"))
            said = (said[0] + " ; dégâts excessifs : mort", said[1] + "; massive damage: dead")
    let_go_if_out(ctx, edits, target, after)
    label = (f"Dégâts de {actor.name}", f"{actor.name}'s damage")
    done = finish(edits, ctx.action, label, terms, dice, said, None, {"damage": amount})
    return replace(done[0], critical=ctx.yes(CRITICAL)), done[1]


ACTIONS = (ActionDef(KIND, _spec, preview, resolve),)
