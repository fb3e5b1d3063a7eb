"""libre's area of effect (LIB-09, issue 37): the damage rolled once for every creature the
area catches, each with an optional save — its dice against the number the GM sets — that
halves the damage or negates it; each target's hit points then go down as LIB-03 says."""

from __future__ import annotations

from gui.engine.checks.check import Check
from gui.engine.checks.edges import EdgeRoll
from gui.engine.checks.request import DiceResult
from gui.engine.contract.area_effects import (
    Save,
    Struck,
    area_finish,
    area_preview,
    halves,
    save_outcomes,
    success_field,
    taken,
)
from gui.engine.contract.areas import check_area
from gui.engine.contract.fields import int_field
from gui.engine.contract.values import ActionError, ActionSpec, Preview, Resolution
from gui.engine.core.words import Label, Term
from gui.engine.dice.rolling import DiceExpr
from gui.engine.rulesets.libre.actions import (
    AMOUNT,
    ActionDef,
    Ctx,
    damage_dice,
    exact,
    expr,
    hurt_words,
    lowered,
    request,
)
from gui.engine.state.changes import ChangeSet, change
from gui.engine.state.model import Combatant
from gui.engine.state.schema import FieldSpec

AREA = "area"
RULE = "LIB-09"
_SAVE_DICE = FieldSpec(
    key="jet_sauvegarde",
    label=Label(fr="Dés du jet de sauvegarde", en="Saving throw dice"),
    kind="dice",
    default="1d20",
    rule=RULE,
)


def spec(ctx: Ctx) -> ActionSpec | None:
    """Offered for an area drawn; a creature's own area attack (its sheet's « aire »
    fields) gives the damage and the number to reach."""
    own = ctx.own_area()
    amount = AMOUNT.replace(default=own.damage) if own and own.damage else AMOUNT
    options = (
        amount,
        int_field(
            "sauvegarde",
            "Sauvegarde : nombre à atteindre (0 : aucune)",
            "Save: number to reach (0: none)",
            RULE,
            0,
            99,
            own.dc if own else 0,
        ),
        _SAVE_DICE,
        success_field(RULE),
    )
    label = Label(fr="Aire d’effet : dégâts", en="Area of effect: damage")
    return ActionSpec(AREA, label, RULE, False, options)


def _dice(ctx: Ctx) -> DiceExpr:
    """The dice typed, else the actor's area attack's, else its damage (LIB-03)."""
    own = ctx.own_area()
    typed = ctx.action.options.get("des")
    if not (isinstance(typed, str) and typed.strip()) and own is not None and own.damage:
        return expr(own.damage, "1d6")
    return damage_dice(ctx)


def _save_roll(ctx: Ctx) -> EdgeRoll:
    """The save's dice: one kind of die (1d20, 2d6…) read as a check (LIB-09)."""
    text = ctx.choice("jet_sauvegarde", "1d20") or "1d20"
    dice = DiceExpr.parse(text)
    if dice.modifier or dice.explode or dice.count < 1:
        raise ActionError(
            f"Jet de sauvegarde « {text} » : des dés d’une sorte, sans modificateur (1d20, 3d6)",
            f"Saving throw '{text}': dice of one kind, no modifier (1d20, 3d6)",
        )
    return EdgeRoll(dice.count, dice.sides)


def _saves(ctx: Ctx, targets: tuple[Combatant, ...]) -> list[Save]:
    """LIB-09: each target's save against the number set, if one is."""
    own = ctx.own_area()
    number = ctx.number("sauvegarde", own.dc if own else 0)
    if number <= 0:
        return []
    roll, halved = _save_roll(ctx), halves(ctx.action)
    return [Save(c.id, c.name, roll, Check(0, number), halves=halved) for c in targets]


def preview(ctx: Ctx) -> Preview:
    targets = check_area(ctx.enc, ctx.ruleset, ctx.action.area)
    dice = _dice(ctx)
    distribution, notices = exact(dice)
    names = ", ".join(c.name for c in targets)
    terms = [
        Term(f"dégâts {dice}, un jet pour tous", "", RULE, f"damage {dice}, one roll for all"),
        Term("prises dans l’aire", names, RULE, "caught in the area"),
    ]
    return area_preview(
        ctx.action, terms, request(dice), _saves(ctx, targets), distribution, notices
    )


def resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    targets = check_area(ctx.enc, ctx.ruleset, ctx.action.area)
    rolled = _dice(ctx)
    amount = max(0, dice.total(request(rolled)))
    saves = {s.cid: s for s in _saves(ctx, targets)}
    results = save_outcomes(dice, list(saves.values()))
    struck = []
    for target in targets:
        share, terms = taken(amount, saves.get(target.id), results.get(target.id))
        new, more = lowered(ctx, target, share)
        pv_path = ("combatants", target.id, "stats", "pv")
        struck.append(
            Struck(
                target.id,
                (change(ctx.enc, pv_path, new),),
                (Term(f"total {rolled}", str(amount), RULE, f"total {rolled}"), *terms, *more),
                hurt_words(target, new),
            )
        )
    label = ("Aire d’effet", "Area of effect")
    return area_finish(ctx.enc, ctx.action, label, dice, struck, {"damage": amount})


ACTIONS = (ActionDef(AREA, spec, preview, resolve, area=True),)
