"""Attaquer (RM-24 to RM-29), with Contrer (RM-47) and Soutenir (RM-50) as reactions."""

from __future__ import annotations

from msgspec.structs import replace

from gui.engine.checks.request import DiceResult
from gui.engine.contract.edits import Edits
from gui.engine.contract.values import ActionError, ActionSpec, Aim, Preview, overridden
from gui.engine.core.words import Label, Notice, Term
from gui.engine.rulesets.reserve_menace import defense
from gui.engine.rulesets.reserve_menace.context import (
    ActionDef,
    Ctx,
    Spends,
    pool_terms,
    reserve_used,
)
from gui.engine.rulesets.reserve_menace.options import action_kind, number, pick, who
from gui.engine.rulesets.reserve_menace.passes import (
    BAN,
    KIND_LABELS,
    KIND_LABELS_EN,
    ban_mark,
)
from gui.engine.rulesets.reserve_menace.sheet import (
    DOMAINS,
    PENDING,
    is_character,
    is_out,
    reserve_of,
    reserve_path,
    stat,
    text,
)
from gui.engine.state.model import State
from gui.engine.timing import windows

KIND = "attaquer"
SACRIFICE = 3  # RM-29
COUNTER_MALUS = -3  # RM-47
COUNTER_GAIN = 2  # RM-47
ONE_COUNTER_FLAG = "CFG-RM-12"
SACRIFICE_LOWERS_FLAG = "CFG-RM-8"
EFFECTS = (
    ("aucun", "aucun", "none"),
    ("reserve_cible", "la cible perd 1D de Réserve", "target loses 1 Réserve die"),
    ("reserve_soi", "+1D dans sa Réserve", "+1 die to own Réserve"),
    ("reserve_allie", "+1D dans la Réserve d’un allié", "+1 die to an ally's Réserve"),
    ("defense_soi", "+1 à sa Défense", "+1 to own Défense"),
    ("interdire", "interdire un type d’action à la cible", "forbid the target an action type"),
)
_EXTRA = ("effet additionnel", "additional effect")
LABELS = {
    "poignee": Label(fr="Poignée (dés)", en="Poignée (dice)"),
    "defense": Label(fr="Défense de la cible", en="Target's Défense"),
}


def spec(ctx: Ctx) -> ActionSpec:
    enc, actor = ctx.enc, ctx.actor
    others = [c for c in enc.combatants if c.id != actor.id and not is_out(c)]
    foes = [c for c in others if c.side != actor.side]
    allies = [c for c in others if c.side == actor.side]
    keys = DOMAINS if is_character(actor) else ("valeur",)
    domains = [(d, d.capitalize(), ctx.field_label(d).en) for d in keys]
    opts = [
        pick("domaine", "Domaine", "Domain", "RM-24", domains),
        number("renfort", "Renfort (dés)", "Renfort (dice)", "RM-25"),
        number("des_reserve", "Dés de Réserve ajoutés", "Réserve dice added", "RM-25"),
        number("malus", "Autre Malus (portée, obstacles…)", "Other Malus (range…)", "RM-58"),
        who("contre_par", "Contré par (−3D)", "Countered by (−3D)", "RM-47", foes),
    ]
    if not ctx.flag(ONE_COUNTER_FLAG):
        opts.append(who("contre_par_2", "2e Contre (−3D)", "2nd Counter (−3D)", "A-RM-12", foes))
    opts += [
        who("soutenu_par", "Soutenu par (+1D)", "Supported by (+1D)", "RM-50", allies),
        pick(
            "effet",
            "Effet additionnel (3 Qualités)",
            "Additional effect (3 Qualités)",
            "RM-29",
            EFFECTS,
        ),
        who("allie", "Allié (effet Réserve)", "Ally (Réserve effect)", "RM-29", allies),
        action_kind("type_interdit", "Type interdit", "Forbidden type", "RM-30"),
    ]
    return ActionSpec(
        KIND,
        Label(fr="Attaquer", en="Attack"),
        "RM-24",
        True,
        tuple(opts),
        ("poignee", "defense"),
        LABELS,
        aim=Aim("foe", out_of_fight=False, rule="RM-39"),  # RM-39: out, no further part
    )


def _counterers(ctx: Ctx) -> list:
    found = [ctx.other("contre_par")]
    if not ctx.flag(ONE_COUNTER_FLAG):
        found.append(ctx.other("contre_par_2"))
    return [c for c in found if c is not None]


def numbers(ctx: Ctx, terms: list[Term]) -> tuple[int, int]:
    """The Poignée and the Défense to beat, GM overrides included."""
    actor, target = ctx.actor, ctx.target
    # RM-24: a Personnage tests a Domain (Agression, the usual choice, unless the dialog
    # says otherwise); an extra tests its Valeur.
    domain = ctx.choice("domaine", "agression") if is_character(actor) else "valeur"
    if domain not in (*DOMAINS, "valeur") or (domain == "valeur") == is_character(actor):
        raise ActionError(f"Domaine inconnu : {domain}", f"Unknown Domain: {domain}")
    base = stat(actor, domain)
    malus = [
        Term(f"Contre de {c.name}", COUNTER_MALUS, "RM-47", f"{c.name}'s Counter")
        for c in _counterers(ctx)
    ]
    if ctx.number("malus"):
        malus.append(Term("Malus", -ctx.number("malus"), "RM-58", "Malus"))
    supporter = ctx.other("soutenu_par")
    renfort = ctx.number("renfort") + (1 if supporter else 0)
    base_label = (domain.capitalize(), ctx.field_label(domain).en)
    pool, pool_t = pool_terms(base_label, base, renfort, ctx.number("des_reserve"), malus)
    if supporter:
        pool_t.insert(
            1,
            Term(
                f"Soutien de {supporter.name} (Renfort)",
                1,
                "RM-50",
                f"{supporter.name}'s Support (Renfort)",
            ),
        )
    terms += pool_t
    pool = int(overridden(ctx.action, "poignee", pool, ("Poignée", "Poignée"), terms))
    value, why = defense.against_next_attack(target)
    if why:
        terms.append(why)
    value = int(overridden(ctx.action, "defense", value, ("Défense", "Défense"), terms))
    terms.append(Term(f"Défense de {target.name}", str(value), "RM-27", f"{target.name}'s Défense"))
    return pool, value


def used_reserve(ctx: Ctx) -> int:
    """The Réserve dice the attack's Poignée takes (RM-25, RM-13: none beyond the cap)."""
    actor = ctx.actor
    base = stat(actor, ctx.choice("domaine", "agression") if is_character(actor) else "valeur")
    renfort = ctx.number("renfort") + (1 if ctx.other("soutenu_par") else 0)
    return reserve_used(base, renfort, ctx.number("des_reserve"))


def notices(ctx: Ctx) -> list[Notice]:
    actor, target = ctx.actor, ctx.target
    out = ctx.turn_notices()
    for c in [*_counterers(ctx), ctx.other("soutenu_par")]:
        if c is not None:
            out += ctx.reaction_notices(c)
    if ctx.number("des_reserve") > reserve_of(ctx.enc, actor):
        out.append(
            Notice("RM-25", "pas assez de dés dans la Réserve", "not enough Réserve dice", True)
        )
    here, there = actor.position.zone, target.position.zone
    if here and there and here != there:
        out.append(
            Notice(
                "RM-58",
                f"{target.name} est dans une autre zone : attaque à distance "
                "(Malus au choix du MJ)",
                f"{target.name} is in another zone: a ranged attack (Malus set by the GM)",
            )
        )
    if is_out(target):
        out.append(Notice("RM-39", f"{target.name} est hors combat", f"{target.name} is out", True))
    return out


def preview(ctx: Ctx) -> Preview:
    terms: list[Term] = []
    pool, value = numbers(ctx, terms)
    plain: list[Term] = []
    computed = numbers(Ctx(ctx.ruleset, ctx.enc, replace(ctx.action, overrides={})), plain)
    dist, note = ctx.test_odds(pool)
    if dist is not None:
        note = (
            "P(Qualités ≥ Défense : la cible encaisse)",
            "P(Qualités ≥ Défense: the target absorbs the hit)",
        )
    return Preview(
        ctx.action,
        tuple(terms),
        ctx.test_request(pool),
        target_number=value,
        odds=dist.at_least(max(value, 1)) if dist else None,
        odds_note=note[0],
        distribution=dist,
        notices=tuple(notices(ctx)),
        computed={"poignee": computed[0], "defense": computed[1]},
        odds_note_en=note[1],
    )


def resolve(ctx: Ctx, dice: DiceResult):
    """RM-25 to RM-29: spend the Réserve dice, pay the reactions, read the Qualités, then
    the additional effect and its sacrifice before comparing with the Défense (A-RM-8)."""
    actor, target, enc = ctx.actor, ctx.target, ctx.enc
    terms: list[Term] = []
    pool, value = numbers(ctx, terms)
    ctx.blocked(notices(ctx), terms)
    edits = Edits(enc)
    spent = used_reserve(ctx)
    if spent:
        edits.add(reserve_path(enc, actor), -spent)
    counterers = _counterers(ctx)
    for c in [*counterers, ctx.other("soutenu_par")]:
        if c is not None:
            ctx.pay_reaction(edits, c, terms)
    ctx.pay(edits, terms)
    q = ctx.qualities(dice, pool)
    terms.append(Term("Qualités", str(q), "A-RM-1", "Qualités"))
    label = (
        f"Attaque de {actor.name} contre {target.name}",
        f"{actor.name}'s attack on {target.name}",
    )
    if not ctx.succeeded(q, pool):  # RM-26: a failed attack does nothing to the target
        for c in counterers:
            terms.append(
                ctx.gain(edits, c, COUNTER_GAIN, ("Contre réussi", "successful Counter"), "RM-47")
            )
        first_attack_received(edits, target)
        outcome = (f"Raté : aucun effet sur {target.name}", f"Failed: no effect on {target.name}")
        return ctx.finish(edits, label, terms, dice, outcome, False, {"qualites": q})
    q = _effect(ctx, edits, q, terms)
    if q < value:
        after = max(0, stat(target, "defense") - 1)
        edits.set(("combatants", target.id, "stats", "defense"), after)
        terms.append(
            Term(
                f"Qualités {q} < Défense {value} : Défense de {target.name} −1",
                -1,
                "RM-27",
                f"Qualités {q} < Défense {value}: {target.name}'s Défense −1",
            )
        )
        first_attack_received(edits, target)
        outcome = (
            f"Réussi ({q} Q) : {target.name} perd 1 Défense ({after})",
            f"Success ({q} Q): {target.name} loses 1 Défense ({after})",
        )
    else:
        windows.opening(  # RM-28: Encaisser, Désarmer or Protéger (a reaction) goes on
            edits,
            PENDING,
            actor.id,
            target.id,
            value=q,
        )
        terms.append(
            Term(
                f"Qualités {q} ≥ Défense {value} : {target.name} encaisse",
                "",
                "RM-28",
                f"Qualités {q} ≥ Défense {value}: {target.name} absorbs the hit",
            )
        )
        outcome = (
            f"Réussi ({q} Q ≥ Défense {value}) : {target.name} doit encaisser",
            f"Success ({q} Q ≥ Défense {value}): {target.name} must absorb the hit",
        )
    return ctx.finish(edits, label, terms, dice, outcome, True, {"qualites": q, "defense": value})


def first_attack_received(edits: Edits, target) -> None:
    """RM-08, RM-09: the first attack is received; an inattentive character is now aware
    (its Défense already carries the −3), a sleeper stays at 0 until woken (A-RM-5)."""
    if not any(s.key == "sans_defense" for s in target.states):
        return
    # RM-08: the first attack is received. A sleeper stays at 0 through its
    # vigilance_etat, not through this state, so that once the GM wakes it the Défense
    # with the −3 counts at once (A-RM-5).
    edits.remove_state(target.id, "sans_defense")
    if text(target, "vigilance_etat", "attentif") != "inconscient":
        edits.set(("combatants", target.id, "stats", "vigilance_etat"), "attentif")


def _effect(ctx: Ctx, edits: Edits, q: int, terms: list[Term]) -> int:
    """RM-29: one additional effect for 3 Qualités; they leave Q unless CFG-RM-8 is off."""
    effect = ctx.choice("effet", "aucun")
    if effect == "aucun":
        return q
    if q < SACRIFICE:
        raise ActionError(
            f"Effet additionnel : il faut au moins {SACRIFICE} Qualités (RM-29)",
            f"Additional effect: needs at least {SACRIFICE} Qualités (RM-29)",
        )
    actor, target, enc = ctx.actor, ctx.target, ctx.enc
    if effect == "reserve_cible":
        path = reserve_path(enc, target)
        before = edits.number(path)
        edits.add(path, -1)
        after = edits.number(path)
        terms.append(
            Term(
                f"{target.name} perd 1D de Réserve ({before} → {after})",
                -1 if before else 0,
                "RM-29",
                f"{target.name} loses 1 Réserve die ({before} → {after})",
            )
        )
    elif effect == "reserve_soi":
        terms.append(ctx.gain(edits, actor, 1, _EXTRA, "RM-29"))
    elif effect == "reserve_allie":
        ally = ctx.other("allie")
        if ally is None:
            raise ActionError(
                "Choisir l’allié qui reçoit le dé", "Choose the ally who gets the die"
            )
        terms.append(ctx.gain(edits, ally, 1, _EXTRA, "RM-29"))
    elif effect == "defense_soi":
        path = ("combatants", actor.id, "stats", "defense")
        before = edits.number(path)
        after = defense.bounded(actor, before + 1, bool(ctx.flag(defense.EXTRA_CAP_FLAG)))
        edits.set(path, after)
        terms.append(
            Term(
                f"Défense de {actor.name} {before} → {after} (plafond RM-02)",
                after - before,
                "RM-29",
                f"{actor.name}'s Défense {before} → {after} (cap RM-02)",
            )
        )
    elif effect == "interdire":
        kind = ctx.choice("type_interdit", "attaquer")
        name = KIND_LABELS.get(kind, kind)
        name_en = KIND_LABELS_EN.get(kind, kind)
        edits.add_state(
            target.id,
            State(
                key=f"{BAN}{kind}",
                label=f"Interdit : {name}",
                text=f"{target.name} ne peut pas « {name} » à son prochain tour (RM-30).",
                text_en=f"{target.name} may not '{name_en}' on their next turn (RM-30).",
                value=ban_mark(enc, target),  # A-RM-14: laid during its own turn
            ),
        )
        terms.append(
            Term(
                f"{target.name} ne peut pas « {name} » à son prochain tour",
                "",
                "RM-30",
                f"{target.name} may not '{name_en}' on their next turn",
            )
        )
    if ctx.flag(SACRIFICE_LOWERS_FLAG):
        terms.append(Term("Qualités sacrifiées", -SACRIFICE, "A-RM-8", "Qualités sacrificed"))
        return q - SACRIFICE
    terms.append(Term("effet gratuit : Q inchangé", "", "CFG-RM-8", "free effect: Q unchanged"))
    return q


ACTIONS: tuple[ActionDef, ...] = (ActionDef(KIND, spec, preview, resolve, cost=Spends(KIND)),)
