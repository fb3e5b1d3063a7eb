"""The other actions of a Passe: Alimenter une Réserve (RM-15), Diriger (RM-43), the free
entries for the "[todo]" actions and powers (RM-44, RM-21), Récupérer son arme (RM-63)."""

from __future__ import annotations

from gui.engine.contract.aims import Aim
from gui.engine.contract.base import ActionError, ActionSpec, DiceResult, Notice, Preview, Term
from gui.engine.contract.edits import Edits
from gui.engine.contract.schema import Label
from gui.engine.rulesets.reserve_menace.context import ActionDef, Ctx, pool_terms
from gui.engine.rulesets.reserve_menace.options import free_text, number, toggle, who
from gui.engine.rulesets.reserve_menace.passes import KIND_LABELS, KIND_LABELS_EN, action_notices
from gui.engine.rulesets.reserve_menace.sheet import MINOR, is_character, is_out, stat
from gui.engine.state.model import State

COUNTER_MALUS = -3  # RM-47, RM-63


# Alimenter une Réserve -------------------------------------------------------------------


def _feed_spec(ctx: Ctx) -> ActionSpec | None:
    if not is_character(ctx.actor):
        return None
    return ActionSpec(
        "alimenter",
        Label(fr="Alimenter une Réserve", en="Feed a Réserve"),
        "RM-15",
        False,
        aim=Aim("ally_or_self", out_of_fight=False),  # its own or another Personnage's
    )


def _feed_whom(ctx: Ctx):
    """Its own Réserve, or another Personnage's when one is the target (RM-15)."""
    if ctx.action.target is None or ctx.action.target == ctx.actor.id:
        return ctx.actor
    target = ctx.target
    if not is_character(target):
        raise ActionError(
            "Seul un Personnage reçoit ce dé (RM-15)",
            "Only a player character gets this die (RM-15)",
        )
    return target


def _feed_preview(ctx: Ctx) -> Preview:
    whom = _feed_whom(ctx)
    terms = [
        Term(
            f"+1D dans la Réserve de {whom.name} (au plus 12)",
            1,
            "RM-15",
            f"+1 die to {whom.name}'s Réserve (12 at most)",
        )
    ]
    return ctx.test_preview(terms, None, action_notices(ctx.enc, ctx.actor, "alimenter"))


def _feed_resolve(ctx: Ctx, dice: DiceResult):
    whom = _feed_whom(ctx)
    terms: list[Term] = []
    ctx.blocked(action_notices(ctx.enc, ctx.actor, "alimenter"), terms)
    edits = Edits(ctx.enc)
    ctx.spend(edits, "alimenter")
    term = ctx.gain(edits, whom, 1, ("Alimenter", "Feed"), "RM-15")
    terms.append(term)
    after = edits.number(("combatants", whom.id, "stats", "reserve"))
    return ctx.finish(
        edits,
        (
            f"{ctx.actor.name} alimente la Réserve de {whom.name}",
            f"{ctx.actor.name} feeds {whom.name}'s Réserve",
        ),
        terms,
        DiceResult("none"),
        (f"Réserve de {whom.name} : {after}", f"{whom.name}'s Réserve: {after}"),
    )


FEED = ActionDef("alimenter", _feed_spec, _feed_preview, _feed_resolve)


# Diriger des figurants mineurs -------------------------------------------------------------


def _direct_spec(ctx: Ctx) -> ActionSpec | None:
    actor = ctx.actor
    if not any(c.side == actor.side and c.tier == MINOR for c in ctx.enc.combatants):
        return None
    return ActionSpec(
        "diriger",
        Label(fr="Diriger des figurants mineurs", en="Direct minor extras"),
        "RM-43",
        True,
        aim=Aim("ally", out_of_fight=False),  # a minor extra of its own side
    )


def _direct_notices(ctx: Ctx) -> list[Notice]:
    out = action_notices(ctx.enc, ctx.actor, "diriger")
    target = ctx.target
    if target.side != ctx.actor.side or target.tier != MINOR:
        out.append(
            Notice(
                "RM-43",
                f"{target.name} n’est pas un figurant mineur de son camp",
                f"{target.name} is not a minor extra of its side",
                True,
            )
        )
    return out


def _direct_preview(ctx: Ctx) -> Preview:
    terms = [
        Term(
            f"{ctx.target.name} fera une action (sans la réserve d’actions des mineurs)",
            "",
            "A-RM-17",
            f"{ctx.target.name} will take one action (not from the minors' actions)",
        )
    ]
    return ctx.test_preview(terms, None, _direct_notices(ctx))


def _direct_resolve(ctx: Ctx, dice: DiceResult):
    terms: list[Term] = []
    ctx.blocked(_direct_notices(ctx), terms)
    edits = Edits(ctx.enc)
    ctx.spend(edits, "diriger")
    target = ctx.target
    edits.add_state(
        target.id,
        State(
            key="dirige",
            label="Dirigé",
            text=f"Une action, dirigée par {ctx.actor.name} (RM-43).",
            text_en=f"One action, directed by {ctx.actor.name} (RM-43).",
        ),
    )
    terms.append(
        Term(
            f"{target.name} peut faire une action",
            "",
            "A-RM-17",
            f"{target.name} may take an action",
        )
    )
    return ctx.finish(
        edits,
        (f"{ctx.actor.name} dirige {target.name}", f"{ctx.actor.name} directs {target.name}"),
        terms,
        DiceResult("none"),
        (
            f"{target.name} agit sur l’ordre de {ctx.actor.name}",
            f"{target.name} acts on {ctx.actor.name}'s order",
        ),
    )


DIRECT = ActionDef("diriger", _direct_spec, _direct_preview, _direct_resolve)


# Free entries ------------------------------------------------------------------------------


def _free(kind: str, type_kind: str, fr: str, en: str, rule: str) -> ActionDef:
    """An action the text leaves undefined ("[todo]", powers): logged as the GM writes it,
    and counted in the Passe like any action of its type (RM-21, RM-44, G-6)."""

    def spec(ctx: Ctx) -> ActionSpec:
        return ActionSpec(
            kind,
            Label(fr=fr, en=en),
            rule,
            False,
            (free_text("description", "Ce qui se passe", "What happens", rule),),
        )

    def preview(ctx: Ctx) -> Preview:
        terms = [
            Term(
                f"{KIND_LABELS[type_kind]} : à décrire, sans règle dans le texte",
                "",
                rule,
                f"{KIND_LABELS_EN[type_kind]}: to describe, no rule in the text",
            )
        ]
        return ctx.test_preview(terms, None, action_notices(ctx.enc, ctx.actor, type_kind))

    def resolve(ctx: Ctx, dice: DiceResult):
        terms: list[Term] = []
        ctx.blocked(action_notices(ctx.enc, ctx.actor, type_kind), terms)
        edits = Edits(ctx.enc)
        ctx.spend(edits, type_kind)
        typed = ctx.choice("description").strip()  # the GM's words, the same in both
        outcome = (typed, typed) if typed else (fr, en)
        label = (f"{ctx.actor.name} : {fr}", f"{ctx.actor.name}: {en}")
        return ctx.finish(edits, label, terms, DiceResult("none"), outcome)

    return ActionDef(kind, spec, preview, resolve)


ENVIRONMENT = _free(
    "interagir_env",
    "interagir_env",
    "Interagir avec l’environnement",
    "Interact with the environment",
    "RM-44",
)
VERBAL = _free(
    "interagir_verbal", "interagir_verbal", "Interagir verbalement", "Interact verbally", "RM-44"
)
POWER = _free("pouvoir", "pouvoir", "Utiliser un pouvoir", "Use a power", "RM-21")


# Récupérer son arme ----------------------------------------------------------------------


def _recover_spec(ctx: Ctx) -> ActionSpec | None:
    actor = ctx.actor
    if not any(s.key == "desarme" for s in actor.states):
        return None
    foes = [c for c in ctx.enc.combatants if c.side != actor.side and not is_out(c)]
    return ActionSpec(
        "recuperer_arme",
        Label(fr="Récupérer son arme", en="Recover one's weapon"),
        "RM-63",
        False,
        (
            toggle(
                "laisse_faire",
                "L’adversaire le laisse faire (pas de Test)",
                "The opponent lets it happen (no Test)",
                "RM-63",
            ),
            number("renfort", "Renfort (dés)", "Renfort (dice)", "RM-25"),
            who("contre_par", "Contré par (−3D)", "Countered by (−3D)", "RM-63", foes),
        ),
    )


def _recover_pool(ctx: Ctx, terms: list[Term]) -> int:
    if ctx.yes("laisse_faire"):
        terms.append(
            Term("personne ne s’y oppose : pas de Test", "", "RM-63", "nobody opposes it: no Test")
        )
        return 0
    counter = ctx.other("contre_par")
    malus = (
        [Term(f"Contre de {counter.name}", COUNTER_MALUS, "RM-63", f"{counter.name}'s Counter")]
        if counter
        else []
    )
    base_label = ("Prouesse", ctx.field_label("prouesse").en)
    pool, pool_t = pool_terms(
        base_label, stat(ctx.actor, "prouesse"), ctx.number("renfort"), 0, malus
    )
    terms += pool_t
    return pool


def _recover_notices(ctx: Ctx) -> list[Notice]:
    out = action_notices(ctx.enc, ctx.actor, "interagir_env")
    counter = ctx.other("contre_par")
    return out + (ctx.reaction_notices(counter) if counter else [])


def _recover_preview(ctx: Ctx) -> Preview:
    terms: list[Term] = []
    pool = _recover_pool(ctx, terms)
    return ctx.test_preview(terms, None if ctx.yes("laisse_faire") else pool, _recover_notices(ctx))


def _recover_resolve(ctx: Ctx, dice: DiceResult):
    actor = ctx.actor
    terms: list[Term] = []
    pool = _recover_pool(ctx, terms)
    ctx.blocked(_recover_notices(ctx), terms)
    edits = Edits(ctx.enc)
    ctx.spend(edits, "interagir_env")
    counter = ctx.other("contre_par")
    if counter:
        ctx.pay_reaction(edits, counter, terms)
    ok = ctx.yes("laisse_faire")
    if not ok:
        q = ctx.qualities(dice, pool)
        terms.append(Term("Qualités (Prouesse)", str(q), "A-RM-1", "Qualités (Prouesse)"))
        ok = ctx.succeeded(q, pool)
    if ok:
        edits.remove_state(actor.id, "desarme")
        edits.set(("combatants", actor.id, "stats", "arme_ou"), "")
    outcome = (
        (f"{actor.name} récupère son arme", f"{actor.name} recovers the weapon")
        if ok
        else (f"{actor.name} n’y arrive pas", f"{actor.name} fails to recover it")
    )
    label = (f"{actor.name} récupère son arme", f"{actor.name} recovers the weapon")
    return ctx.finish(edits, label, terms, dice, outcome, ok)


RECOVER = ActionDef("recuperer_arme", _recover_spec, _recover_preview, _recover_resolve)
