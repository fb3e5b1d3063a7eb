"""Désarmement (RM-59 to RM-62): instead of Encaisser, the target tests its Ténacité."""

from __future__ import annotations

from gui.engine.checks.request import DiceResult
from gui.engine.contract.edits import Edits
from gui.engine.contract.values import ActionSpec, Preview
from gui.engine.core.words import Label, Notice, Term
from gui.engine.rulesets.reserve_menace.absorb import pending, pending_hit
from gui.engine.rulesets.reserve_menace.attack import (
    SACRIFICE,
    SACRIFICE_LOWERS_FLAG,
    first_attack_received,
)
from gui.engine.rulesets.reserve_menace.context import ActionDef, Ctx, pool_terms
from gui.engine.rulesets.reserve_menace.options import free_text, number, pick, toggle, who
from gui.engine.rulesets.reserve_menace.passes import add_actions, in_passes
from gui.engine.rulesets.reserve_menace.sheet import is_character, is_out, stat
from gui.engine.state.model import State
from gui.engine.timing import windows

KIND = "desarmer"
STRICT_FLAG = "CFG-RM-9"
GAIN = 2  # RM-60
EFFECTS = (
    ("aucun", "aucun", "none"),
    ("saisir", "s’emparer de l’arme (3 Q)", "seize the weapon (3 Q)"),
    ("projeter", "projeter l’arme où l’on veut (3 Q)", "send the weapon anywhere (3 Q)"),
)


def _spec(ctx: Ctx) -> ActionSpec | None:
    if ctx.action.target is None or pending(ctx.enc, ctx.target) is None:
        return None
    target = ctx.target
    allies = [
        o
        for o in ctx.enc.combatants
        if o.side == target.side and o.id != target.id and not is_out(o)
    ]
    return ActionSpec(
        KIND,
        Label(fr="Désarmer (au lieu d’Encaisser)", en="Disarm (instead of absorbing)"),
        "RM-59",
        True,
        (
            pick("option", "Effet (3 Qualités)", "Effect (3 Qualités)", "RM-61", EFFECTS),
            free_text("ou", "Où tombe l’arme", "Where the weapon lands", "RM-61"),
            number("renfort", "Renfort de la cible (dés)", "Target's Renfort (dice)", "RM-25"),
            who(
                "soutenu_par",
                "Cible soutenue par (+1D)",
                "Target supported by (+1D)",
                "RM-50",
                allies,
            ),
            toggle(
                "avantage",
                "La cible a l’Avantage (noté, règle absente)",
                "Target has Avantage (noted, rule missing)",
                "RM-62",
            ),
        ),
    )


def _numbers(ctx: Ctx, terms: list[Term]) -> tuple[int, int, int]:
    """Q, the target's Défense, and the target's Ténacité pool (Valeur for an extra)."""
    target = ctx.target
    q, d, _protect = pending_hit(ctx.enc, target, terms, "RM-59")
    if ctx.choice("option", "aucun") != "aucun" and ctx.flag(SACRIFICE_LOWERS_FLAG):
        q -= SACRIFICE
        terms.append(
            Term(
                "Qualités dépensées pour l’effet",
                -SACRIFICE,
                "RM-61",
                "Qualités spent on the effect",
            )
        )
    malus = max(0, q - d)
    supporter = ctx.other("soutenu_par")
    base_key = "tenacite" if is_character(target) else "valeur"
    base_label = (
        ("Ténacité", ctx.field_label("tenacite").en)
        if is_character(target)
        else ("Valeur (Ténacité, A-RM-21)", "Valeur (as Ténacité, A-RM-21)")
    )
    pool, pool_t = pool_terms(
        base_label,
        stat(target, base_key),
        ctx.number("renfort") + (1 if supporter else 0),
        0,
        [Term("Malus (Q − Défense)", -malus, "RM-60", "Malus (Q − Défense)")] if malus else [],
    )
    terms += pool_t
    if ctx.yes("avantage"):
        terms.append(
            Term(
                "Avantage : règle des Tests absente, à appliquer par le MJ",
                "",
                "RM-62",
                "Avantage: the rule for Tests is missing, for the GM to apply",
            )
        )
    return q, d, pool


def _notices(ctx: Ctx, q: int, d: int) -> list[Notice]:
    out = []
    state = pending(ctx.enc, ctx.target)
    if state is not None and state.value is not None:
        raw = state.value
        if ctx.flag(STRICT_FLAG) and raw <= d:
            out.append(
                Notice(
                    "A-RM-9",
                    "il faut Q strictement supérieur à la Défense",
                    "needs Q strictly above the Défense",
                    True,
                )
            )
    if ctx.choice("option", "aucun") != "aucun" and state is not None and (state.value or 0) < 3:
        out.append(
            Notice(
                "RM-61", "il faut 3 Qualités pour cet effet", "this effect needs 3 Qualités", True
            )
        )
    supporter = ctx.other("soutenu_par")
    if supporter:
        out += ctx.reaction_notices(supporter)
    return out


def _preview(ctx: Ctx) -> Preview:
    terms: list[Term] = []
    q, d, pool = _numbers(ctx, terms)
    dist, note = ctx.test_odds(pool)
    if dist is not None:
        note = ("P(la cible garde son arme)", "P(the target keeps the weapon)")
    return Preview(
        ctx.action,
        tuple(terms),
        ctx.test_request(pool),
        odds=dist.at_least(int(ctx.flag("CFG-RM-1"))) if dist else None,
        odds_note=note[0],
        distribution=dist,
        notices=tuple(_notices(ctx, q, d)),
        odds_note_en=note[1],
    )


def _resolve(ctx: Ctx, dice: DiceResult):
    """RM-59, RM-60: the target loses 1 Défense anyway; failed → disarmed and the attacker
    gains 2 Réserve dice; 1–2 Qualités → it loses an action; 3+ → nothing more."""
    actor, target = ctx.actor, ctx.target
    terms: list[Term] = []
    q, d, pool = _numbers(ctx, terms)
    ctx.blocked(_notices(ctx, q, d), terms)
    edits = Edits(ctx.enc)
    windows.closing(edits, pending(ctx.enc, target))  # type: ignore[arg-type] (in _numbers)
    first_attack_received(edits, target)
    supporter = ctx.other("soutenu_par")
    if supporter:
        ctx.pay_reaction(edits, supporter, terms)
    path = ("combatants", target.id, "stats", "defense")
    after = max(0, edits.number(path) - 1)
    edits.set(path, after)
    terms.append(
        Term(
            f"Défense de {target.name} −1 ({after})",
            -1,
            "RM-59",
            f"{target.name}'s Défense −1 ({after})",
        )
    )
    result = ctx.qualities(dice, pool)
    terms.append(Term("Qualités (Ténacité)", str(result), "A-RM-1", "Qualités (Ténacité)"))
    label = (
        f"{actor.name} tente de désarmer {target.name}",
        f"{actor.name} tries to disarm {target.name}",
    )
    if not ctx.succeeded(result, pool):
        seized = ctx.choice("option", "aucun") == "saisir"
        typed = ctx.choice("ou").strip()  # the GM's words, the same in both
        where = f"aux mains de {actor.name}" if seized else typed or "à terre, à portée"
        where_en = f"in {actor.name}'s hands" if seized else typed or "on the ground, within reach"
        edits.add_state(
            target.id,
            State(
                key="desarme",
                label="Désarmé",
                text=f"Arme : {where} (RM-63).",
                text_en=f"Weapon: {where_en} (RM-63).",
            ),
        )
        # The sheet's field keeps the French: it is text the sheet saves, the GM's to edit.
        edits.set(("combatants", target.id, "stats", "arme_ou"), where)
        terms.append(
            ctx.gain(edits, actor, GAIN, ("désarmement réussi", "successful disarm"), "RM-60")
        )
        return ctx.finish(
            edits,
            label,
            terms,
            dice,
            (f"{target.name} est désarmé", f"{target.name} is disarmed"),
            True,
        )
    if result < 3:
        _lose_action(ctx, edits, target, terms)
        return ctx.finish(
            edits,
            label,
            terms,
            dice,
            (
                f"{target.name} garde son arme mais perd une action",
                f"{target.name} keeps the weapon but loses an action",
            ),
            False,
        )
    return ctx.finish(
        edits,
        label,
        terms,
        dice,
        (f"{target.name} garde son arme", f"{target.name} keeps the weapon"),
        False,
    )


def _lose_action(ctx: Ctx, edits: Edits, target, terms: list[Term]) -> None:
    if not in_passes(ctx.enc):
        terms.append(
            Term(
                "perd une action (hors Passes : à noter)",
                "",
                "RM-60",
                "loses an action (outside the passes: make a note)",
            )
        )
        return
    edits.set(("turn",), add_actions(edits.get(("turn",)), target.id, -1))
    terms.append(
        Term(f"{target.name} perd une action", -1, "RM-60", f"{target.name} loses an action")
    )


# Instead of Encaisser (RM-59): nothing of the attacker's Passe spent.
ACTIONS: tuple[ActionDef, ...] = (ActionDef(KIND, _spec, _preview, _resolve),)
