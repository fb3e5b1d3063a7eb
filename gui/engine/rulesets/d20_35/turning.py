"""Renvoi des morts-vivants (D35-69 to D35-75, A-D35-15): 3 + Cha modifier uses a day; the
turning check's table is not in the excerpt, so the GM types the highest DV it affects
(D35-70); turning damage 2d6 + cleric level + Cha modifier is spent from the nearest undead
within 18 m (D35-71), each counted by its virtual HD once bolstered (D35-75); each is turned
for 10 rounds (D35-72), or destroyed when the cleric's level is at least twice its DV (D35-73);
an evil cleric rebukes them: they cower. A good cleric may note its turning check's result on
the undead it turns (the states' value), for an evil cleric's dispel.

The evil cleric's action has an option `usage`: rebuke (default), dispel a good cleric's
turning (D35-74) or bolster undead (D35-75), both in rebuking.py."""

from __future__ import annotations

from msgspec import Struct

from gui.engine.checks.request import DiceResult
from gui.engine.contract.edits import Edits, finish, refuse_blocked
from gui.engine.contract.fields import bool_field, choice_field, int_field
from gui.engine.contract.values import ActionError, ActionSpec, Preview, Resolution, chained
from gui.engine.core.words import Label, Notice, Term
from gui.engine.rulesets.d20_35 import budget, rebuking, sheet
from gui.engine.rulesets.d20_35.context import ActionDef, Ctx
from gui.engine.rulesets.d20_35.undead import (
    ROUNDS,
    check_bonus_term,
    check_request,
    damage_request,
    hd_term,
    in_range,
    spend_use,
    table_hd,
    use_terms_and_notices,
    uses_per_day,
    virtual_hd,
)
from gui.engine.state.changes import ChangeSet
from gui.engine.state.model import Expiry, State

__all__ = ["ACTIONS", "in_range", "uses_per_day"]

KIND = "renvoi"
REBUKE = "intimider"
USAGES = (
    (REBUKE, "Intimider (recroquevillés)", "Rebuke (cowering)"),
    (rebuking.DISPEL, "Dissiper le renvoi d’un prêtre bon", "Dispel a good cleric's turning"),
    (rebuking.BOLSTER, "Augmenter le moral des morts-vivants", "Bolster undead"),
)


def _evil(ctx: Ctx) -> bool:
    return ctx.actor.stats.get("pretre") == "mauvais"


def usage(ctx: Ctx) -> str:
    """The evil cleric's use of its energy (a good cleric only turns)."""
    if not _evil(ctx):
        return REBUKE
    chosen = ctx.choice("usage", REBUKE)
    if chosen not in {u for u, _fr, _en in USAGES}:
        raise ActionError(f"Usage inconnu « {chosen} »", f"Unknown use '{chosen}'")
    return chosen


def _spec(ctx: Ctx) -> ActionSpec | None:
    actor = ctx.actor
    if actor.stats.get("pretre", "aucun") == "aucun":
        return None
    evil = _evil(ctx)
    hd_max = (
        int_field(
            "dv_max",
            "DV maximum affectés (−1 : par le test, table du SRD)",
            "Highest HD affected (−1: by the check, the SRD's table)",
            "D35-70",
            BY_TABLE,
            60,
            BY_TABLE,
        ),
    )
    if evil:
        options = (
            choice_field("usage", "Usage", "Use", list(USAGES), "D35-74", REBUKE),
            *hd_max,
            *rebuking.dispel_options(ctx),
        )
    else:
        options = (
            *hd_max,
            bool_field(
                "accules",
                "Les renvoyés ne peuvent pas fuir (recroquevillés)",
                "The turned cannot flee (cowering)",
                "D35-72",
            ),
            int_field(
                "test",
                "Test de renvoi noté pour une dissipation (0 : celui lancé, ou aucun)",
                "Turning check noted for a dispel (0: the one rolled, or none)",
                "D35-74",
                0,
                99,
                0,
            ),
        )
    label = (
        Label(fr="Intimider les morts-vivants", en="Rebuke undead")
        if evil
        else Label(fr="Renvoi des morts-vivants", en="Turn undead")
    )
    return ActionSpec(KIND, label, "D35-69", False, options)


BY_TABLE = -1  # dv_max: the highest HD by the turning check and the SRD's table


class Turning(Struct, frozen=True):
    bonus: int
    gm_hd_max: int | None  # the GM's highest HD, None: by the check and the table
    terms: tuple[Term, ...]
    notices: tuple[Notice, ...]


def numbers(ctx: Ctx) -> Turning:
    actor = ctx.actor
    level = sheet.stat(actor, "niveau_pretre")
    cha = sheet.modifier(actor, "charisme")
    typed = ctx.number("dv_max", BY_TABLE)
    terms, notices = use_terms_and_notices(actor)
    if typed == BY_TABLE:
        terms += [
            check_bonus_term(actor),
            Term("DV maximum : table du SRD", "", sheet.SRD, "highest HD: the SRD's table"),
        ]
    else:
        terms.append(Term("DV maximum affectés (MJ)", typed, "D35-70", "highest HD (GM)"))
    terms += [
        Term("niveau de prêtre", level, "D35-71", "cleric level"),
        Term("mod. de Cha", cha, "D35-71", "Cha modifier"),
    ]
    gm = None if typed == BY_TABLE else typed
    return Turning(level + cha, gm, tuple(terms), tuple(notices))


def preview(ctx: Ctx) -> Preview:
    chosen = usage(ctx)
    if chosen == rebuking.DISPEL:
        return rebuking.dispel_preview(ctx)
    if chosen == rebuking.BOLSTER:
        return rebuking.bolster_preview(ctx)
    t = numbers(ctx)
    more = (check_request(ctx.actor),) if t.gm_hd_max is None else ()
    return Preview(ctx.action, t.terms, damage_request(), notices=t.notices, more=more)


def resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    chosen = usage(ctx)
    if chosen == rebuking.DISPEL:
        return rebuking.dispel_resolve(ctx, dice)
    if chosen == rebuking.BOLSTER:
        return rebuking.bolster_resolve(ctx, dice)
    t = numbers(ctx)
    terms = list(t.terms)
    refuse_blocked(ctx.action, t.notices, terms)
    actor = ctx.actor
    level = sheet.stat(actor, "niveau_pretre")
    evil = actor.stats.get("pretre") == "mauvais"
    roll = dice.total(damage_request())
    total = roll + t.bonus
    check = None
    hd_max = t.gm_hd_max
    if hd_max is None:  # D35-70 by the SRD's table
        check = chained(dice, 0, check_request(actor))
        hd_max = table_hd(level, check)
        terms.append(Term("test de renvoi", check, "A-D35-15", "turning check"))
        terms.append(Term("DV maximum affectés (table du SRD)", hd_max, "D35-70", "highest HD"))
    terms.append(Term(f"2d6 ({roll}) + niveau + mod. de Cha", total, "D35-71", "turning damage"))
    edits = Edits(ctx.enc)
    spend_use(edits, actor)
    noted = ctx.number("test") or check  # D35-74: the check a dispel must beat
    left = total
    turned: list[str] = []
    destroyed: list[str] = []
    cowering: list[str] = []
    lasting = Expiry(at="rounds", rounds=ROUNDS)
    for c in in_range(ctx):
        hd = virtual_hd(c)  # D35-75
        shown = hd_term(c)
        if shown is not None:
            terms.append(shown)
        if hd > hd_max or hd > left:
            why = "au-delà des DV maximum" if hd > hd_max else "au-delà des DV restants"
            terms.append(
                Term(
                    f"{c.name} ({hd} DV) : {why}",
                    "",
                    "D35-70" if hd > hd_max else "D35-71",
                    f"{c.name} ({hd} HD): beyond the HD left or allowed",
                )
            )
            continue
        left -= hd
        if evil:  # an evil cleric's rebuked undead cower
            edits.add_state(
                c.id,
                State(key="recroqueville", label="Recroquevillé", source=actor.id, expiry=lasting),
            )
            cowering.append(c.name)
            terms.append(Term(f"{c.name} ({hd} DV)", "intimidé", "D35-72", f"{c.name}", "rebuked"))
        elif level >= 2 * hd:  # D35-73
            edits.add_state(c.id, State(key="mort", label="Mort", source=actor.id))
            edits.remove_state(c.id, "renvoye", "recroqueville")
            destroyed.append(c.name)
            terms.append(
                Term(
                    f"{c.name} ({hd} DV) : niveau {level} ≥ 2 × {hd}",
                    "détruit",
                    "D35-73",
                    f"{c.name} ({hd} HD): level {level} ≥ 2 × {hd}",
                    "destroyed",
                )
            )
        else:
            edits.add_state(
                c.id,
                State(key="renvoye", label="Renvoyé", source=actor.id, expiry=lasting, value=noted),
            )
            turned.append(c.name)
            if ctx.yes("accules"):
                edits.add_state(
                    c.id,
                    State(
                        key="recroqueville",
                        label="Recroquevillé",
                        source=actor.id,
                        expiry=lasting,
                        value=noted,
                    ),
                )
                cowering.append(c.name)
            terms.append(
                Term(f"{c.name} ({hd} DV)", "renvoyé", "D35-72", f"{c.name} ({hd} HD)", "turned")
            )
    said = _said(turned, destroyed, cowering)
    label = (f"Renvoi des morts-vivants par {actor.name}", f"{actor.name} turns undead")
    amounts = {
        "total": total,
        "turned": len(turned),
        "destroyed": len(destroyed),
        "cowering": len(cowering),
    }
    success = bool(turned or destroyed or cowering)
    return finish(edits, ctx.action, label, terms, dice, said, success, amounts)


def _said(turned: list[str], destroyed: list[str], cowering: list[str]) -> tuple[str, str]:
    fr, en = [], []
    if destroyed:
        fr.append("détruits : " + ", ".join(destroyed))
        en.append("destroyed: " + ", ".join(destroyed))
    if turned:
        fr.append("renvoyés : " + ", ".join(turned))
        en.append("turned: " + ", ".join(turned))
    if cowering:
        fr.append("recroquevillés : " + ", ".join(cowering))
        en.append("cowering: " + ", ".join(cowering))
    if not fr:
        return "Aucun mort-vivant affecté", "No undead affected"
    return " ; ".join(fr), "; ".join(en)


ACTIONS = (ActionDef(KIND, _spec, preview, resolve, cost=budget.standard),)  # D35-69, SRD
