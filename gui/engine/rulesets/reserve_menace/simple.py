"""The other actions of a Passe: Alimenter une Réserve (RM-15), Diriger (RM-43), the free
entries for the "[todo]" actions and powers (RM-44, RM-21), Récupérer son arme (RM-63)."""

from __future__ import annotations

from functools import partial

from gui.engine.checks.request import DiceResult
from gui.engine.contract.edits import Edits
from gui.engine.contract.values import ActionError, ActionSpec, Aim, Preview
from gui.engine.core.words import Label, Notice, Term
from gui.engine.rulesets.reserve_menace import menace
from gui.engine.rulesets.reserve_menace.context import ActionDef, Ctx, Spends, pool_terms
from gui.engine.rulesets.reserve_menace.options import free_text, number, toggle, who
from gui.engine.rulesets.reserve_menace.passes import KIND_LABELS, KIND_LABELS_EN
from gui.engine.rulesets.reserve_menace.sheet import MINOR, is_character, is_out, stat
from gui.engine.state.model import State

COUNTER_MALUS = -3  # RM-47, RM-63
FEED, DIRECT, RECOVER = "alimenter", "diriger", "recuperer_arme"
ENVIRONMENT, VERBAL, POWER = "interagir_env", "interagir_verbal", "pouvoir"  # free entries


# Alimenter une Réserve -------------------------------------------------------------------


def _feed_spec(ctx: Ctx) -> ActionSpec | None:
    if not is_character(ctx.actor):
        return None
    return ActionSpec(
        FEED,
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
    return ctx.test_preview(terms, None, ctx.turn_notices())


def _feed_resolve(ctx: Ctx, dice: DiceResult):
    whom = _feed_whom(ctx)
    terms: list[Term] = []
    ctx.blocked(ctx.turn_notices(), terms)
    edits = Edits(ctx.enc)
    ctx.pay(edits, terms)
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


# Diriger des figurants mineurs -------------------------------------------------------------


def _direct_spec(ctx: Ctx) -> ActionSpec | None:
    actor = ctx.actor
    if not any(c.side == actor.side and c.tier == MINOR for c in ctx.enc.combatants):
        return None
    return ActionSpec(
        DIRECT,
        Label(fr="Diriger des figurants mineurs", en="Direct minor extras"),
        "RM-43",
        True,
        aim=Aim("ally", out_of_fight=False),  # a minor extra of its own side
    )


def _direct_notices(ctx: Ctx) -> list[Notice]:
    out = ctx.turn_notices()
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
    ctx.pay(edits, terms)
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


# Free entries ------------------------------------------------------------------------------


def _free_spec(kind: str, rule: str, ctx: Ctx) -> ActionSpec:
    """An action the text leaves undefined ("[todo]", powers), named after its type: logged as
    the GM writes it, and counted in the Passe like any action of its type (RM-21, RM-44,
    G-6)."""
    return ActionSpec(
        kind,
        Label(fr=KIND_LABELS[kind], en=KIND_LABELS_EN[kind]),
        rule,
        False,
        (free_text("description", "Ce qui se passe", "What happens", rule),),
    )


def _free_entry(ctx: Ctx) -> ActionSpec:
    """The free entry being taken, as its definition offers it (its name, its rule)."""
    return ctx.ruleset.definition(ctx.action.kind).spec(ctx)


def _free_preview(ctx: Ctx) -> Preview:
    entry = _free_entry(ctx)
    terms = [
        Term(
            f"{entry.label.fr} : à décrire, sans règle dans le texte",
            "",
            entry.rule,
            f"{entry.label.en}: to describe, no rule in the text",
        )
    ]
    return ctx.test_preview(terms, None, ctx.turn_notices())


def _free_resolve(ctx: Ctx, dice: DiceResult):
    entry = _free_entry(ctx)
    terms: list[Term] = []
    ctx.blocked(ctx.turn_notices(), terms)
    edits = Edits(ctx.enc)
    ctx.pay(edits, terms)
    typed = ctx.choice("description").strip()  # the GM's words, the same in both
    outcome = (typed, typed) if typed else (entry.label.fr, entry.label.en)
    label = (f"{ctx.actor.name} : {entry.label.fr}", f"{ctx.actor.name}: {entry.label.en}")
    return ctx.finish(edits, label, terms, DiceResult("none"), outcome)


# Récupérer son arme ----------------------------------------------------------------------


def _recover_spec(ctx: Ctx) -> ActionSpec | None:
    actor = ctx.actor
    if not any(s.key == "desarme" for s in actor.states):
        return None
    foes = [c for c in ctx.enc.combatants if c.side != actor.side and not is_out(c)]
    return ActionSpec(
        RECOVER,
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
    out = ctx.turn_notices()
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
    ctx.pay(edits, terms)
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


# The actions of a Passe by their type (RM-21), in the order the dialog lists them: Saper le
# moral (menace.py) is an Interagir verbalement (RM-55), Récupérer son arme an Interagir
# avec l'environnement (RM-63).
ACTIONS: tuple[ActionDef, ...] = (
    ActionDef(FEED, _feed_spec, _feed_preview, _feed_resolve, cost=Spends(FEED)),
    ActionDef(DIRECT, _direct_spec, _direct_preview, _direct_resolve, cost=Spends(DIRECT)),
    ActionDef(
        ENVIRONMENT,
        partial(_free_spec, ENVIRONMENT, "RM-44"),
        _free_preview,
        _free_resolve,
        cost=Spends(ENVIRONMENT),
    ),
    ActionDef(
        VERBAL,
        partial(_free_spec, VERBAL, "RM-44"),
        _free_preview,
        _free_resolve,
        cost=Spends(VERBAL),
    ),
    *menace.ACTIONS,
    ActionDef(
        POWER, partial(_free_spec, POWER, "RM-21"), _free_preview, _free_resolve, cost=Spends(POWER)
    ),
    ActionDef(RECOVER, _recover_spec, _recover_preview, _recover_resolve, cost=Spends(ENVIRONMENT)),
)
