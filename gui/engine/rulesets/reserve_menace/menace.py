"""Menace (RM-52 to RM-56): drops when extras go out, and undermining morale."""

from __future__ import annotations

from gui.engine.checks.request import DiceResult
from gui.engine.contract.base import Words
from gui.engine.contract.edits import Edits
from gui.engine.contract.values import FOE_IN_FIGHT, ActionSpec, Preview
from gui.engine.core.words import Label, Notice, Term
from gui.engine.rulesets.reserve_menace.context import ActionDef, Ctx, Spends, pool_terms
from gui.engine.rulesets.reserve_menace.options import number, pick, toggle
from gui.engine.rulesets.reserve_menace.sheet import (
    DOMAINS,
    MAJOR,
    MINOR,
    STANDARD,
    is_character,
    is_gm_camp,
    is_out,
    stat,
)
from gui.engine.state.model import Combatant

MAJOR_FLAG = "CFG-RM-6"
EVERY_HALF_FLAG = "CFG-RM-7"
KIND = "saper_moral"


def drops(ctx: Ctx, edits: Edits, gone: Combatant, terms: list[Term]) -> None:
    """`gone` was just taken out: Menace −1 for a standard extra (RM-53; a major one too,
    CFG-RM-6), and when half of the camp's minors are out (RM-54: once, or at every further
    half with CFG-RM-7)."""
    enc, side = ctx.enc, gone.side
    if not is_gm_camp(enc, side):
        return
    path = ("sides", side, "resources", "menace")
    if gone.tier == STANDARD or (gone.tier == MAJOR and ctx.flag(MAJOR_FLAG)):
        _drop(
            edits,
            path,
            1,
            (f"{gone.name} hors combat", f"{gone.name} out of the fight"),
            "RM-53",
            terms,
        )
    if gone.tier != MINOR:
        return
    camp = [c for c in enc.combatants if c.side == side and c.tier == MINOR]
    resources = enc.side(side).resources
    initial = resources.get("mineurs_depart") or len(camp)
    half = -(-initial // 2)  # A-RM-7: ceil(initial / 2)
    out = sum(1 for c in camp if c.id == gone.id or is_out(c))
    due = out // half if half else 0
    if not ctx.flag(EVERY_HALF_FLAG):
        due = min(1, due)
    applied = edits.number(("sides", side, "resources", "moities"))
    if due > applied:
        edits.set(("sides", side, "resources", "moities"), due)
        why = (
            f"{out} mineurs sur {initial} hors combat (moitié : {half})",
            f"{out} of {initial} minors out of the fight (half: {half})",
        )
        _drop(edits, path, due - applied, why, "RM-54", terms)


def _drop(edits: Edits, path: tuple, count: int, why: Words, rule: str, terms: list[Term]) -> None:
    """Menace −`count`, for the reason `why` (in French and English)."""
    before = edits.number(path)
    after = edits.add(path, -count)
    terms.append(
        Term(
            f"{why[0]} : Menace {before} → {after}",
            after - before,
            rule,
            f"{why[1]}: Menace {before} → {after}",
        )
    )


def _spec(ctx: Ctx) -> ActionSpec | None:
    if not is_character(ctx.actor):
        return None
    return ActionSpec(
        KIND,
        Label(fr="Saper le moral (Interagir verbalement)", en="Undermine morale (verbal)"),
        "RM-55",
        True,
        (
            pick(
                "domaine",
                "Domaine",
                "Domain",
                "RM-56",
                [
                    (d, d.capitalize(), ctx.field_label(d).en)
                    for d in ("influence", "agression", "prouesse", "ruse")
                ],
            ),
            number("renfort", "Renfort (dés)", "Renfort (dice)", "RM-25"),
            number(
                "qualites_meneur",
                "Qualités du meneur (Test en opposition)",
                "Leader's Qualités (opposed Test)",
                "RM-55",
                top=99,
            ),
            toggle(
                "possible",
                "Le moral de ce groupe peut être sapé",
                "This group's morale can be undermined",
                "RM-56",
                True,
            ),
        ),
        aim=FOE_IN_FIGHT,
    )


def _pool(ctx: Ctx, terms: list[Term]) -> int:
    domain = ctx.choice("domaine", "influence")
    domain = domain if domain in DOMAINS else "influence"
    base_label = (domain.capitalize(), ctx.field_label(domain).en)
    pool, pool_t = pool_terms(base_label, stat(ctx.actor, domain), ctx.number("renfort"), 0, [])
    terms += pool_t
    terms.append(
        Term(
            "Qualités du meneur à dépasser",
            str(ctx.number("qualites_meneur")),
            "RM-55",
            "Leader's Qualités to beat",
        )
    )
    return pool


def _notices(ctx: Ctx) -> list[Notice]:
    out = ctx.turn_notices()
    if not ctx.yes("possible", True):  # RM-56: the toggle is on by default
        out.append(
            Notice(
                "RM-56",
                "le MJ juge ce groupe insensible (p. ex. morts-vivants)",
                "the GM rules this group immune (e.g. undead)",
                True,
            )
        )
    target = ctx.target
    if not target.stats.get("meneur") and any(
        c.side == target.side and c.stats.get("meneur") is True for c in ctx.enc.combatants
    ):
        out.append(
            Notice(
                "RM-55",
                f"{target.name} n’est pas le meneur du groupe",
                f"{target.name} is not the group's leader",
            )
        )
    if not is_gm_camp(ctx.enc, ctx.target.side):
        out.append(
            Notice(
                "RM-55",
                "la cible n’est pas dans un camp du MJ",
                "the target is not on a GM side",
                True,
            )
        )
    return out


def _preview(ctx: Ctx) -> Preview:
    terms: list[Term] = []
    pool = _pool(ctx, terms)
    dist, note = ctx.test_odds(pool)
    if dist is not None:
        note = ("P(Qualités > meneur)", "P(Qualités > leader)")
    leader = ctx.number("qualites_meneur")
    return Preview(
        ctx.action,
        tuple(terms),
        ctx.test_request(pool),
        target_number=leader + 1,
        odds=dist.at_least(leader + 1) if dist else None,
        odds_note=note[0],
        distribution=dist,
        notices=tuple(_notices(ctx)),
        odds_note_en=note[1],
    )


def _resolve(ctx: Ctx, dice: DiceResult):
    """RM-55: an opposed Test against the leader; winning (more Qualités) lowers Menace."""
    terms: list[Term] = []
    pool = _pool(ctx, terms)
    ctx.blocked(_notices(ctx), terms)
    edits = Edits(ctx.enc)
    ctx.pay(edits, terms)
    q = ctx.qualities(dice, pool)
    leader = ctx.number("qualites_meneur")
    terms.append(Term("Qualités", str(q), "A-RM-1", "Qualités"))
    side = ctx.target.side
    camp = ctx.enc.side(side).name
    won = ctx.succeeded(q, pool) and q > leader
    label = (
        f"{ctx.actor.name} sape le moral de {camp}",
        f"{ctx.actor.name} undermines {camp}'s morale",
    )
    if won:
        _drop(
            edits,
            ("sides", side, "resources", "menace"),
            1,
            (f"{q} Q contre {leader}", f"{q} Q against {leader}"),
            "RM-55",
            terms,
        )
        outcome = (
            f"Gagné ({q} contre {leader}) : Menace de {camp} −1",
            f"Won ({q} against {leader}): {camp}'s Menace −1",
        )
    else:
        outcome = (
            f"Perdu ({q} contre {leader}) : la Menace ne change pas",
            f"Lost ({q} against {leader}): Menace unchanged",
        )
    return ctx.finish(edits, label, terms, dice, outcome, won)


# RM-55: an Interagir verbalement; listed with it (simple.ACTIONS).
ACTIONS: tuple[ActionDef, ...] = (
    ActionDef(KIND, _spec, _preview, _resolve, cost=Spends("interagir_verbal")),
)
