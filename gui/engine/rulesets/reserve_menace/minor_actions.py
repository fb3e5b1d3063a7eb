"""Extra actions for a camp's minor extras, bought with GM Réserve dice (RM-18, RM-19)."""

from __future__ import annotations

from gui.engine.checks.request import DiceResult
from gui.engine.contract.edits import Edits
from gui.engine.contract.values import ActionSpec, Preview
from gui.engine.core.words import Label, Notice, Term
from gui.engine.rulesets.reserve_menace.context import ActionDef, Ctx
from gui.engine.rulesets.reserve_menace.passes import add_actions, in_passes, unit_of
from gui.engine.rulesets.reserve_menace.sheet import (
    MINOR,
    characters_in_play,
    is_gm_camp,
    is_out,
    minors,
    reserve_of,
)

KIND = "acheter_action"


def _spec(ctx: Ctx) -> ActionSpec | None:
    actor = ctx.actor
    if actor.tier != MINOR or not is_gm_camp(ctx.enc, actor.side):
        return None
    return ActionSpec(
        KIND,
        Label(
            fr="Action de plus pour les mineurs (1 dé du MJ)",
            en="One more action for the minors (1 GM die)",
        ),
        "RM-18",
        False,
    )


def _notices(ctx: Ctx) -> list[Notice]:
    enc, actor = ctx.enc, ctx.actor
    in_play = [c for c in minors(enc, actor.side) if not is_out(c)]
    pcs = characters_in_play(enc)
    out = []
    if not in_passes(enc):
        out.append(Notice("RM-17", "seulement pendant les Passes", "only during the passes", True))
    if len(in_play) <= len(pcs):
        out.append(
            Notice(
                "RM-18",
                f"{len(in_play)} mineurs pour {len(pcs)} Personnages : "
                "il faut qu’ils soient plus nombreux",
                f"{len(in_play)} minors against {len(pcs)} characters: they must outnumber them",
                True,
            )
        )
    if reserve_of(enc, actor) < 1:
        out.append(Notice("RM-18", "Réserve du MJ vide", "the GM's Réserve is empty", True))
    i = unit_of(enc.turn, actor.id) if in_passes(enc) else -1
    if i >= 0 and enc.turn.order[i].actions_left > 0:
        out.append(
            Notice(
                "RM-18",
                "il leur reste des actions : on achète la 3e et les suivantes",
                "they still have actions: buying is for the 3rd and later",
            )
        )
    return out


def _preview(ctx: Ctx) -> Preview:
    terms = [
        Term("1 dé de la Réserve du MJ", -1, "RM-18", "1 die from the GM's Réserve"),
        Term(
            "le nombre de mineurs doit rendre l’action plausible",
            "",
            "RM-19",
            "the number of minors must make the action plausible",
        ),
    ]
    return ctx.test_preview(terms, None, _notices(ctx))


def _resolve(ctx: Ctx, dice: DiceResult):
    enc, actor = ctx.enc, ctx.actor
    terms: list[Term] = []
    ctx.blocked(_notices(ctx), terms)
    edits = Edits(enc)
    path = ("sides", actor.side, "resources", "reserve")
    edits.add(path, -1)
    after = edits.number(path)
    terms.append(Term(f"Réserve du MJ → {after}", -1, "RM-18", f"GM's Réserve → {after}"))
    if in_passes(enc):
        edits.set(("turn",), add_actions(enc.turn, actor.id, 1))
    camp = enc.side(actor.side).name
    return ctx.finish(
        edits,
        (f"{camp} : action de plus pour les mineurs", f"{camp}: one more action for the minors"),
        terms,
        DiceResult("none"),
        (f"Les mineurs de {camp} gagnent une action", f"{camp}'s minors gain an action"),
    )


# Paid with a GM Réserve die (RM-18), not with an action of the Passe.
ACTIONS: tuple[ActionDef, ...] = (ActionDef(KIND, _spec, _preview, _resolve),)
