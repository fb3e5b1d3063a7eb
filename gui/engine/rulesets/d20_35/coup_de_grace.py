"""Coup de grâce (D35-22), a full-round action against a helpless creature (D35-21, as
helpless.py derives it): it hits automatically and is a critical (the weapon's dice and static
bonuses × its multiplier, A-D35-1); the target then makes a Fortitude save DC 10 + the damage
dealt, or dies — the save rolled as the action's second roll, a natural 1 failing and a
natural 20 succeeding (hors extrait, SRD). It provokes attacks of opportunity (provoking.py),
with a melee weapon or, from an adjacent square, a bow or a crossbow. Blocking (the GM may pass
over it, G-3): a target not next to the actor on the grid, another ranged weapon, a creature
immune to critical hits (SRD). A blow that takes the hit points to the death threshold kills
without a save (D35-51, A-D35-8); D35-37's massive damage is within this save (any total below
15 fails DC 10 + 50 too)."""

from __future__ import annotations

from fractions import Fraction

from msgspec.structs import replace

from gui.engine.checks.request import DiceRequest, DiceResult
from gui.engine.contract.edits import Edits, finish, refuse_blocked
from gui.engine.contract.values import ActionSpec, Preview, Resolution, chained
from gui.engine.core.words import Label, Notice, Term
from gui.engine.dice.odds import Distribution, from_expr
from gui.engine.dice.rolling import DiceExpr
from gui.engine.grid.placed import squares_apart
from gui.engine.rulesets.d20_35 import budget, criticals, damage, helpless, provoking, sheet
from gui.engine.rulesets.d20_35.action_pieces import blocking, listed_target, weapon_field
from gui.engine.rulesets.d20_35.context import ActionDef, Ctx, always
from gui.engine.state.changes import ChangeSet
from gui.engine.state.model import Combatant, Scalar

KIND = "coup_de_grace"
RULE = "D35-22"
LABEL = Label(fr="Coup de grâce", en="Coup de grâce")
_SAVE = Label(fr="JS de Vigueur (DD 10 + dégâts)", en="Fortitude save (DC 10 + damage)")
_TOTAL = Label(fr="total des dés", en="dice total")
# D35-22: « possible avec arc ou arbalète si sur une case adjacente ».
_BOWS = ("arc", "arbalète", "arbalete", "bow", "crossbow")


def _spec(ctx: Ctx) -> ActionSpec | None:
    """Offered against a helpless creature (not the actor itself, not a dead one)."""
    target = listed_target(ctx)
    if target is None or target.id == ctx.action.actor or not helpless.is_helpless(target):
        return None
    arms = weapon_field("arme", "Arme", "Weapon", ctx.actor, RULE)
    return ActionSpec(KIND, LABEL, RULE, True, (arms,))


def _save_request(target: Combatant) -> DiceRequest:
    expr = DiceExpr(1, 20, modifier=sheet.save(target, "vigueur"))
    return DiceRequest(expr, _TOTAL, expr.minimum, expr.maximum or 20, label=_SAVE)


def _bow(w: dict[str, Scalar]) -> bool:
    name = str(w.get("nom", "")).lower()
    return any(name.startswith(word) for word in _BOWS)


def _notices(ctx: Ctx, w: dict[str, Scalar]) -> list[Notice]:
    actor, target = ctx.actor, ctx.target
    out: list[Notice] = []
    why = helpless.why(target)
    if why is None:
        out.append(
            blocking(
                RULE,
                f"{target.name} n’est pas sans défense (D35-21)",
                f"{target.name} is not helpless (D35-21)",
            )
        )
    immune = criticals.immune(target)
    if immune is not None:
        out.append(
            blocking(
                criticals.RULE,
                f"Immunisé contre les critiques ({immune.fr}) : pas de coup de grâce"
                " (hors extrait, SRD)",
                f"Immune to critical hits ({immune.en}): no coup de grâce (SRD, not in excerpt)",
            )
        )
    if sheet.is_ranged(w) and not _bow(w):
        out.append(
            blocking(
                RULE,
                "À distance, seulement avec un arc ou une arbalète",
                "At range, only with a bow or a crossbow",
            )
        )
    enc, ruleset = ctx.enc, ctx.ruleset
    ways = [
        squares_apart(enc, ruleset, enc.combatant(cid), target)
        for cid in {actor.id} | ruleset.together(enc, actor)
    ]
    apart = min((d for d in ways if d is not None), default=None)
    if apart is not None and apart != 1:
        out.append(
            blocking(
                RULE,
                f"{target.name} est à {apart} case(s) : le coup de grâce se donne au contact",
                f"{target.name} is {apart} square(s) away: a coup de grâce is dealt adjacent",
            )
        )
    return out


def _dies(pv: int, threshold: int, damage_dealt: int, natural: int, fortitude: int) -> bool:
    """Dead by the hit points, or by a failed save DC 10 + damage (a natural 1 fails, a
    natural 20 succeeds: hors extrait, SRD)."""
    if pv - damage_dealt <= threshold:
        return True
    if natural == 1:
        return True
    return natural != 20 and natural + fortitude < 10 + damage_dealt


def death_odds(dist: Distribution, target: Combatant) -> Fraction:
    """The exact chance the target dies of the blow, before the dice."""
    pv, threshold = sheet.stat(target, "pv"), sheet.death_threshold(target)
    fortitude = sheet.save(target, "vigueur")
    odds = Fraction(0)
    for dealt in dist:
        fails = sum(_dies(pv, threshold, max(1, dealt), n, fortitude) for n in range(1, 21))
        odds += dist.probability(dealt) * Fraction(fails, 20)
    return odds


def _blow(ctx: Ctx) -> tuple[DiceExpr, list[Term]]:
    """The blow's damage, a critical's, with what the rule says of it."""
    expr, terms = damage.expression(ctx, critical=True)
    said = ("touche automatiquement, un critique", "hits automatically, a critical hit")
    terms.insert(0, Term(said[0], "", RULE, said[1]))
    terms.append(Term("action complexe", "", RULE, "full-round action"))
    return expr, terms


def preview(ctx: Ctx) -> Preview:
    w = ctx.weapon()
    expr, terms = _blow(ctx)
    dist = from_expr(expr)
    chance = death_odds(dist, ctx.target)
    note = (
        "la cible meurt : pv au seuil de la mort, ou JS de Vigueur raté (DD 10 + dégâts)",
        "the target dies: hit points at the death threshold, or a failed Fortitude save"
        " (DC 10 + damage)",
    )
    return Preview(
        ctx.action,
        tuple(terms),
        damage.request(expr),
        odds=chance,
        odds_note=note[0],
        odds_note_en=note[1],
        distribution=dist,
        notices=tuple(_notices(ctx, w)),
        more=(_save_request(ctx.target),),
    )


def resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    w = ctx.weapon()
    expr, terms = _blow(ctx)
    refuse_blocked(ctx.action, _notices(ctx, w), terms)
    actor, target = ctx.actor, ctx.target
    dealt = max(1, dice.total(damage.request(expr)))  # SRD: at least 1 damage
    edits = Edits(ctx.enc)
    after = damage.wound(edits, target, dealt)
    pv = sheet.stat(target, "pv") - dealt
    terms.append(Term("dégâts du coup de grâce", dealt, RULE, "coup de grâce damage"))
    dc = 10 + dealt
    amounts = {"damage": dealt, "target": dc}
    said = (
        f"Coup de grâce : {target.name} subit {dealt} dégâts ({pv} pv)",
        f"Coup de grâce: {target.name} takes {dealt} damage ({pv} hp)",
    )
    if pv <= sheet.death_threshold(target):
        said = (f"{said[0]} et meurt", f"{said[1]} and dies")
    else:
        request = _save_request(target)
        save = chained(dice, 0, request)
        natural = save - request.expr.modifier
        dead = _dies(
            pv + dealt, sheet.death_threshold(target), dealt, natural, request.expr.modifier
        )
        amounts["total"] = save
        verdict = ("raté : mort", "failed: dead") if dead else ("réussi", "succeeded")
        terms.append(
            Term(
                f"JS de Vigueur {save} contre DD {dc} (10 + dégâts)",
                verdict[0],
                RULE,
                f"Fortitude save {save} against DC {dc} (10 + damage)",
                verdict[1],
            )
        )
        if dead:
            edits.add_state(target.id, ctx.listed_state("mort"))
            said = (
                f"{said[0]} ; JS de Vigueur {save} contre DD {dc} raté : il meurt",
                f"{said[1]}; Fortitude save {save} against DC {dc} failed: it dies",
            )
        else:
            said = (
                f"{said[0]} ; JS de Vigueur {save} contre DD {dc} réussi : il survit",
                f"{said[1]}; Fortitude save {save} against DC {dc} succeeded: it survives",
            )
    damage.let_go_if_out(ctx, edits, target, after)
    label = (f"Coup de grâce de {actor.name}", f"{actor.name}'s coup de grâce")
    resolution, cs = finish(edits, ctx.action, label, terms, dice, said, True, amounts)
    return replace(resolution, critical=True), cs


# D35-22: a full-round action that « provoque une AO » from every foe that threatens the actor;
# D35-48: strenuous.
ACTIONS = (
    ActionDef(
        KIND,
        _spec,
        preview,
        resolve,
        cost=budget.full_round,
        provokes=provoking.from_all,
        strenuous=always,
    ),
)
