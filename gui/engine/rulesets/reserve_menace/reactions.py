"""Reactions paid from the Réserve or with Tension (RM-22, RM-23): Interrompre (RM-48),
Protéger (RM-49) and reaction powers (RM-51). Contrer and Soutenir are options of the
Test they act on (RM-47, RM-50)."""

from __future__ import annotations

from gui.engine.checks.request import DiceResult
from gui.engine.contract.edits import Edits
from gui.engine.contract.values import ActionError, ActionSpec, Preview
from gui.engine.core.words import Label, Notice, Term
from gui.engine.rulesets.reserve_menace import defense
from gui.engine.rulesets.reserve_menace.absorb import pending
from gui.engine.rulesets.reserve_menace.context import REACTION, ActionDef, Ctx
from gui.engine.rulesets.reserve_menace.options import action_kind, free_text, number, toggle
from gui.engine.rulesets.reserve_menace.passes import (
    KIND_LABELS,
    KIND_LABELS_EN,
    add_actions,
    in_passes,
    unit_of,
)
from gui.engine.rulesets.reserve_menace.sheet import PENDING_PROTECT
from gui.engine.state.model import State
from gui.engine.timing import windows

PROTECT_ANYWAY_FLAG = "CFG-RM-20"
INTERRUPT, PROTECT, REACTION_POWER = "interrompre", "proteger", "pouvoir_reaction"


# Interrompre ---------------------------------------------------------------------------------


def _interrupt_spec(ctx: Ctx) -> ActionSpec:
    return ActionSpec(
        INTERRUPT,
        Label(fr="Interrompre (réaction)", en="Interrupt (reaction)"),
        "RM-48",
        False,
        (action_kind("type", "Action faite", "Action taken", "RM-48"),),
    )


def _interrupt_notices(ctx: Ctx) -> list[Notice]:
    actor, enc = ctx.actor, ctx.enc
    out = ctx.turn_notices()
    kind = ctx.choice("type", "attaquer")
    if kind in enc.turn.spent.get(actor.id, []):
        out.append(
            Notice(
                "A-RM-11",
                f"« {KIND_LABELS[kind]} » déjà utilisé pendant cette Passe",
                f"'{KIND_LABELS_EN[kind]}' already used this pass",
                True,
            )
        )
    i = unit_of(enc.turn, actor.id) if in_passes(enc) else -1
    if in_passes(enc) and (i < 0 or enc.turn.order[i].actions_left < 1):
        out.append(
            Notice(
                "RM-48",
                f"{actor.name} n’a plus d’action à dépenser",
                f"{actor.name} has no unspent action",
                True,
            )
        )
    return out


def _interrupt_preview(ctx: Ctx) -> Preview:
    kind = ctx.choice("type", "attaquer")
    terms = [
        Term(
            "coût de la réaction (Réserve, sinon Tension)",
            "",
            "RM-22",
            "cost of the reaction (Réserve, else Tension)",
        ),
        Term(
            f"une action dépensée : « {KIND_LABELS[kind]} » juste après l’adversaire",
            -1,
            "A-RM-11",
            f"one action spent: '{KIND_LABELS_EN[kind]}' right after the opponent",
        ),
    ]
    return ctx.test_preview(terms, None, _interrupt_notices(ctx))


def _interrupt_resolve(ctx: Ctx, dice: DiceResult):
    """RM-48, A-RM-11: pay, spend the action now (its type counts), then act out of turn."""
    actor, enc = ctx.actor, ctx.enc
    kind = ctx.choice("type", "attaquer")
    terms: list[Term] = []
    ctx.blocked(_interrupt_notices(ctx), terms)
    edits = Edits(enc)
    ctx.pay(edits, terms)
    if in_passes(enc):
        turn = add_actions(enc.turn, actor.id, -1)
        turn.spent = {**turn.spent, actor.id: [*turn.spent.get(actor.id, []), kind]}
        edits.set(("turn",), turn)
    edits.add_state(
        actor.id,
        State(
            key=f"interruption.{kind}",
            label=f"Interruption : {KIND_LABELS[kind]}",
            text="Agit juste après l’action adverse (RM-48).",
            text_en="Acts right after the opponent's action (RM-48).",
        ),
    )
    terms.append(
        Term(
            f"action « {KIND_LABELS[kind]} » payée et comptée",
            -1,
            "A-RM-11",
            f"action '{KIND_LABELS_EN[kind]}' paid and counted",
        )
    )
    return ctx.finish(
        edits,
        (f"{actor.name} interrompt", f"{actor.name} interrupts"),
        terms,
        DiceResult("none"),
        (
            f"{actor.name} interrompt : « {KIND_LABELS[kind]} » maintenant",
            f"{actor.name} interrupts: '{KIND_LABELS_EN[kind]}' now",
        ),
    )


# Protéger --------------------------------------------------------------------------------------


def _protect_spec(ctx: Ctx) -> ActionSpec | None:
    target = ctx.enc.combatant(ctx.action.target) if ctx.action.target else None
    if target is None or target.id == ctx.actor.id or target.side != ctx.actor.side:
        return None
    opts = []
    if pending(ctx.enc, target) is None and ctx.flag(PROTECT_ANYWAY_FLAG):
        opts = [
            number("qualites", "Qualités de l’attaque", "Qualités of the attack", "RM-49", 99),
            toggle(
                "rendre_defense",
                "Rendre à la cible le point de Défense perdu",
                "Give the target back the Défense it lost",
                "RM-49",
                True,
            ),
        ]
    return ActionSpec(
        PROTECT,
        Label(fr="Protéger (réaction)", en="Protect (reaction)"),
        "RM-49",
        True,
        tuple(opts),
    )


def _protect_notices(ctx: Ctx) -> list[Notice]:
    out = ctx.turn_notices()
    if pending(ctx.enc, ctx.target) is None and not ctx.flag(PROTECT_ANYWAY_FLAG):
        out.append(
            Notice(
                "A-RM-20",
                f"l’attaque n’a pas battu la Défense de {ctx.target.name}",
                f"the attack did not beat {ctx.target.name}'s Défense",
                True,
            )
        )
    return out


def _protected_q(ctx: Ctx) -> int:
    state = pending(ctx.enc, ctx.target)
    if state is not None and state.value is not None:
        return state.value
    if ctx.number("qualites") <= 0:
        raise ActionError("Saisir les Qualités de l’attaque", "Type the attack's Qualités")
    return ctx.number("qualites")


def _protect_preview(ctx: Ctx) -> Preview:
    terms = [
        Term(
            f"{ctx.actor.name} encaisse à la place de {ctx.target.name}, comme si sa "
            "Défense était battue",
            "",
            "RM-49",
            f"{ctx.actor.name} absorbs the hit instead of {ctx.target.name}, as if their "
            "Défense were beaten",
        )
    ]
    return ctx.test_preview(terms, None, _protect_notices(ctx))


def _protect_resolve(ctx: Ctx, dice: DiceResult):
    actor, target = ctx.actor, ctx.target
    terms: list[Term] = []
    ctx.blocked(_protect_notices(ctx), terms)
    q = _protected_q(ctx)
    edits = Edits(ctx.enc)
    ctx.pay(edits, terms)
    hit = pending(ctx.enc, target)
    if hit is not None:
        windows.closing(edits, hit)
    elif ctx.yes("rendre_defense", True):  # RM-49: on by default
        path = ("combatants", target.id, "stats", "defense")
        capped = bool(ctx.flag(defense.EXTRA_CAP_FLAG))
        edits.set(path, defense.bounded(target, edits.number(path) + 1, capped))  # RM-02
        terms.append(
            Term(
                f"{target.name} n’est pas affecté : Défense rendue",
                1,
                "RM-49",
                f"{target.name} is not affected: Défense given back",
            )
        )
    windows.opening(  # RM-49: the protector now absorbs it, in the same gesture
        edits,
        PENDING_PROTECT,
        hit.actor if hit is not None else None,
        actor.id,
        value=q,
        within=hit,
    )
    terms.append(
        Term(
            f"{actor.name} encaisse {q} Qualités à la place de {target.name}",
            "",
            "RM-49",
            f"{actor.name} absorbs {q} Qualités instead of {target.name}",
        )
    )
    return ctx.finish(
        edits,
        (f"{actor.name} protège {target.name}", f"{actor.name} protects {target.name}"),
        terms,
        DiceResult("none"),
        (
            f"{actor.name} s’interpose : il doit encaisser",
            f"{actor.name} steps in and must absorb the hit",
        ),
    )


# Pouvoir de réaction -------------------------------------------------------------------------


def _power_spec(ctx: Ctx) -> ActionSpec:
    return ActionSpec(
        REACTION_POWER,
        Label(fr="Pouvoir de réaction", en="Reaction power"),
        "RM-51",
        False,
        (free_text("description", "Ce qui se passe", "What happens", "RM-51"),),
    )


def _power_preview(ctx: Ctx) -> Preview:
    terms = [
        Term(
            "effet décidé par le MJ ; coût d’une réaction",
            "",
            "RM-51",
            "effect decided by the GM; costs a reaction",
        )
    ]
    return ctx.test_preview(terms, None, ctx.turn_notices())


def _power_resolve(ctx: Ctx, dice: DiceResult):
    terms: list[Term] = []
    ctx.blocked(ctx.turn_notices(), terms)
    edits = Edits(ctx.enc)
    ctx.pay(edits, terms)
    typed = ctx.choice("description").strip()  # the GM's words, the same in both
    outcome = (typed, typed) if typed else ("Pouvoir de réaction", "Reaction power")
    label = (f"{ctx.actor.name} : pouvoir de réaction", f"{ctx.actor.name}: reaction power")
    return ctx.finish(edits, label, terms, DiceResult("none"), outcome)


# Each a reaction (RM-22, RM-23). Interrompre also spends, out of turn, the action it takes
# (A-RM-11: its resolution), and stays a Terrassé's last act (RM-48).
ACTIONS: tuple[ActionDef, ...] = (
    ActionDef(
        INTERRUPT,
        _interrupt_spec,
        _interrupt_preview,
        _interrupt_resolve,
        cost=REACTION,
        while_unable=True,
    ),
    ActionDef(PROTECT, _protect_spec, _protect_preview, _protect_resolve, cost=REACTION),
    ActionDef(REACTION_POWER, _power_spec, _power_preview, _power_resolve, cost=REACTION),
)
