"""Mourir et guérir (D35-49 to D35-54, D35-40, A-D35-8): the dying creature's d% at the start
of its turn (10 % to stabilise, otherwise −1 hp, dead at −10), offered as a due roll; a Heal
check DC 15 that stabilises another (Premiers secours); natural healing by rest (Repos):
hit points and ability damage by the night or the day, nonlethal damage by the hour; stable
with help (D35-52) or without (D35-53: no natural healing until its day roll, recovery.py).
Who cannot act (`unable`): the unconscious, dying, stable unconscious and dead creature."""

from __future__ import annotations

from fractions import Fraction

from gui.engine.checks import Check, EdgeRoll, check_odds
from gui.engine.checks.request import DiceResult
from gui.engine.checks.rolls import dice_request, outcome
from gui.engine.contract.base import Ruleset
from gui.engine.contract.edits import Edits, finish, refuse_blocked
from gui.engine.contract.fields import choice_field, int_field
from gui.engine.contract.values import ActionSpec, DueRoll, Preview, Resolution, unable_to_act
from gui.engine.core.words import Label, Notice, Term
from gui.engine.rulesets.d20_35 import budget, provoking, sheet
from gui.engine.rulesets.d20_35.context import ActionDef, Ctx
from gui.engine.rulesets.d20_35.opposed import D20
from gui.engine.state.changes import ChangeSet
from gui.engine.state.model import Combatant, Encounter, Expiry, State, TurnEntry

STABILISE, FIRST_AID, REST = "stabilisation", "premiers_secours", "repos"
RECOVER = "recuperation"  # the recovery rolls of a stable creature (recovery.py)
D100 = EdgeRoll(1, 100)
CHANCE = 10  # D35-50: d% 01–10 stabilises
HEAL_DC = 15  # D35-50
TRIED = "stabilisation_tentee"  # the roll of this turn is made (ends with the turn)
UNASSISTED = "sans_assistance"  # D35-53: stabilised by its own roll, nobody tends it
CONSCIOUS = "conscient"  # D35-52, D35-53: regained consciousness while stable
ABILITIES = tuple(sheet.ABILITY_LABEL)
STABILISE_LABEL = Label(fr="Stabilisation", en="Stabilisation")
RESTS = (
    ("nuit", "Une nuit de repos (1 pv par niveau)", "A night of rest (1 hp per level)"),
    ("journee", "Une journée de repos (2 pv par niveau)", "A full day of rest (2 hp per level)"),
    ("aucun", "Pas de nuit ni de journée", "No night nor day"),
)


def _pv(cid: str) -> tuple[str, ...]:
    return ("combatants", cid, "stats", "pv")


def _death_notices(ctx: Ctx, who: str) -> list[Notice]:
    c = ctx.enc.combatant(who)
    if sheet.status(c) == "mort":
        return [Notice("D35-51", f"{c.name} est mort", f"{c.name} is dead", True)]
    return []


# Who cannot act (D35-38, D35-49 to D35-53) ----------------------------------------------

_UNABLE = {
    "mourant": ("D35-49", "est mourant", "is dying"),
    "stable": ("D35-52", "est stabilisé mais inconscient", "is stable but unconscious"),
    "inconscient": ("D35-38", "est inconscient", "is unconscious"),
    "mort": ("D35-51", "est mort", "is dead"),
}


def unable(c: Combatant) -> Notice | None:
    """Why `c` cannot act: unconscious (D35-38, D35-49: dying is unconscious; D35-52, D35-53:
    stable until it regains consciousness) or dead (D35-51); a cowering undead neither
    (D35-72, hors extrait, SRD: « can take no actions »). None when it may act."""
    status = sheet.status(c)
    if status in _UNABLE:
        rule, fr, en = _UNABLE[status]
    elif sheet.has_state(c, "recroqueville"):
        rule, fr, en = "D35-72", "est recroquevillé (hors extrait, SRD)", "is cowering (SRD)"
    else:
        return None
    return unable_to_act(c, rule, fr, en)


# Stabilisation (D35-49 to D35-51) --------------------------------------------------------


def _stabilise_spec(ctx: Ctx) -> ActionSpec | None:
    if sheet.status(ctx.actor) != "mourant":
        return None
    return ActionSpec(STABILISE, STABILISE_LABEL, "D35-50", False)


def _stabilise_notices(ctx: Ctx) -> list[Notice]:
    if sheet.status(ctx.actor) == "mourant":
        return []
    return [
        Notice(
            "D35-49",
            f"{ctx.actor.name} n’est pas mourant",
            f"{ctx.actor.name} is not dying",
            True,
        )
    ]


def _stabilise_terms(ctx: Ctx) -> list[Term]:
    return [
        Term("d% : 01–10 stabilise", "", "D35-50", "d%: 01–10 stabilises"),
        Term("sinon −1 pv", "", "D35-49", "otherwise −1 hp"),
        Term(
            "mort à",
            f"{sheet.death_threshold(ctx.actor)} pv",
            "A-D35-8",
            "dead at",
            f"{sheet.death_threshold(ctx.actor)} hp",
        ),
    ]


def _stabilise_preview(ctx: Ctx) -> Preview:
    return Preview(
        ctx.action,
        tuple(_stabilise_terms(ctx)),
        dice_request(D100),
        target_number=CHANCE,
        odds=Fraction(CHANCE, 100),
        odds_note="chance de se stabiliser (d% ≤ 10)",
        odds_note_en="chance to stabilise (d% ≤ 10)",
        notices=tuple(_stabilise_notices(ctx)),
    )


def _stabilise_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    actor = ctx.actor
    terms = _stabilise_terms(ctx)
    refuse_blocked(ctx.action, _stabilise_notices(ctx), terms)
    result, _assumed = outcome(D100, dice, Check(0, CHANCE, strict=True))
    roll = result.total
    stable = roll <= CHANCE
    edits = Edits(ctx.enc)
    edits.add_state(
        actor.id,
        State(key=TRIED, label="Stabilisation tentée", expiry=Expiry(at="turn_end")),
    )
    if stable:
        terms.append(Term(f"d% {roll}", "stabilisé", "D35-50", f"d% {roll}", "stable"))
        _stabilised(edits, actor.id, helped=False)  # D35-53: nobody helped
        said = (f"{actor.name} se stabilise", f"{actor.name} is stable")
    else:
        pv = sheet.stat(actor, "pv") - 1
        edits.set(_pv(actor.id), pv)
        terms.append(Term(f"d% {roll}", "−1 pv", "D35-49", f"d% {roll}", "−1 hp"))
        if pv <= sheet.death_threshold(actor):
            recovered(edits, actor.id)
            edits.add_state(actor.id, State(key="mort", label="Mort"))
            terms.append(Term("seuil de mort atteint", pv, "A-D35-8", "death threshold reached"))
            said = (f"{actor.name} meurt ({pv} pv)", f"{actor.name} dies ({pv} hp)")
        else:
            said = (
                f"{actor.name} reste mourant ({pv} pv)",
                f"{actor.name} is still dying ({pv} hp)",
            )
    label = (f"Stabilisation de {actor.name}", f"{actor.name}'s stabilisation")
    return finish(edits, ctx.action, label, terms, dice, said, stable, {"roll": roll})


def _stabilised(edits: Edits, cid: str, helped: bool = True) -> None:
    """D35-50: the creature stops dying; stable with help (D35-52: first aid, any healing) or
    without (D35-53: its own d%), which recovery.py reads."""
    edits.remove_state(cid, "mourant")
    edits.add_state(cid, State(key="stable", label="Stabilisé"))
    if helped:
        edits.remove_state(cid, UNASSISTED)
    else:
        edits.add_state(cid, State(key=UNASSISTED, label="Sans assistance"))


def recovered(edits: Edits, cid: str) -> None:
    """Back to 0 hp or more, dead, or dying again: no longer stable nor waiting for a
    recovery roll (D35-52, D35-53)."""
    edits.remove_state(cid, "mourant", "stable", UNASSISTED, CONSCIOUS)


def due(enc: Encounter, ruleset: Ruleset, entry: TurnEntry) -> list[DueRoll]:
    """D35-49, D35-50: each dying member's turn starts with its d%, once a turn."""
    return [
        DueRoll(cid, STABILISE, STABILISE_LABEL, "D35-50")
        for cid in entry.members
        if sheet.status(enc.combatant(cid)) == "mourant"
        and not sheet.has_state(enc.combatant(cid), TRIED)
    ]


def _unassisted(c: Combatant) -> bool:
    """Stable without help at negative hit points (D35-53): first aid gives it help."""
    return sheet.has_state(c, UNASSISTED) and sheet.stat(c, "pv") < 0 and sheet.status(c) != "mort"


# Premiers secours (D35-50) ----------------------------------------------------------------


def _aid_spec(ctx: Ctx) -> ActionSpec:
    return ActionSpec(FIRST_AID, Label(fr="Premiers secours", en="First aid"), "D35-50", True)


def _aid(ctx: Ctx) -> tuple[Check, list[Term], list[Notice]]:
    bonus = sheet.stat(ctx.actor, "premiers_secours")
    terms = [
        Term("Premiers secours", bonus, "D35-50", "Heal"),
        Term("DD", HEAL_DC, "D35-50", "DC"),
    ]
    notices = []
    target = ctx.target
    if sheet.status(target) != "mourant" and not _unassisted(target):
        notices.append(
            Notice(
                "D35-50",
                f"{target.name} n’est pas mourant",
                f"{target.name} is not dying",
                True,
            )
        )
    return Check(bonus, HEAL_DC), terms, notices


def _aid_preview(ctx: Ctx) -> Preview:
    check, terms, notices = _aid(ctx)
    return Preview(
        ctx.action,
        tuple(terms),
        dice_request(D20),
        target_number=HEAL_DC,
        odds=check_odds(D20, check).success,
        notices=tuple(notices),
    )


def _aid_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    check, terms, notices = _aid(ctx)
    refuse_blocked(ctx.action, notices, terms)
    result, _assumed = outcome(D20, dice, check)
    terms.append(Term("d20 + Premiers secours", result.total, "D35-50", "d20 + Heal"))
    actor, target = ctx.actor, ctx.target
    edits = Edits(ctx.enc)
    if result.success and _unassisted(target):  # D35-52: now tended, stable with help
        edits.remove_state(target.id, UNASSISTED)
        said = (f"{target.name} est soigné (stable)", f"{target.name} is tended (stable)")
    elif result.success:
        _stabilised(edits, target.id)
        said = (f"{target.name} est stabilisé", f"{target.name} is stable")
    elif _unassisted(target):
        said = (f"{target.name} reste sans assistance", f"{target.name} stays unassisted")
    else:
        said = (f"{target.name} reste mourant", f"{target.name} is still dying")
    label = (f"Premiers secours de {actor.name}", f"{actor.name}'s first aid")
    amounts = {"total": result.total, "target": HEAL_DC}
    return finish(edits, ctx.action, label, terms, dice, said, result.success, amounts)


# Repos (D35-54, D35-40) -------------------------------------------------------------------


def _rest_spec(ctx: Ctx) -> ActionSpec:
    options = (
        choice_field("repos", "Repos", "Rest", list(RESTS), "D35-54", "nuit"),
        int_field(
            "heures",
            "Heures (dégâts non létaux)",
            "Hours (nonlethal damage)",
            "D35-40",
            0,
            48,
            0,
        ),
    )
    return ActionSpec(REST, Label(fr="Repos", en="Rest"), "D35-54", False, options)


def _rest(ctx: Ctx) -> tuple[int, int, int, list[Term]]:
    """The hit points, the points of each ability damage and the nonlethal points healed."""
    level = max(1, sheet.stat(ctx.actor, "niveau", 1))
    kind = ctx.choice("repos", "nuit")
    per = {"nuit": 1, "journee": 2}.get(kind, 0)
    hours = max(0, ctx.number("heures"))
    terms = [Term("niveau", level, "D35-54", "level")]
    healing = per
    if per and _unassisted(ctx.actor):  # D35-53, A-D35-9: no hit points until its day roll
        healing = 0
        terms.append(
            Term(
                "sans assistance : ne regagne pas de pv",
                "",
                "D35-53",
                "unassisted: regains no hp",
            )
        )
    words = ("nuit", "night") if per == 1 else ("journée", "day")
    if healing:
        terms.append(
            Term(f"pv par niveau ({words[0]})", per, "D35-54", f"hp per level ({words[1]})")
        )
    if per:
        terms.append(
            Term("affaiblissement par caractéristique", per, "D35-54", "ability damage each")
        )
    if hours:
        terms.append(
            Term(
                "non létaux : 1 par heure et par niveau",
                hours * level,
                "D35-40",
                "nonlethal: 1 per hour per level",
            )
        )
    return healing * level, per, hours * level, terms


def _rest_preview(ctx: Ctx) -> Preview:
    _hp, _ability, _nonlethal, terms = _rest(ctx)
    return Preview(ctx.action, tuple(terms), notices=tuple(_death_notices(ctx, ctx.actor.id)))


def _rest_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    hp, ability, nonlethal, terms = _rest(ctx)
    actor = ctx.actor
    refuse_blocked(ctx.action, _death_notices(ctx, actor.id), terms)
    edits = Edits(ctx.enc)
    stats = ("combatants", actor.id, "stats")
    before = sheet.stat(actor, "pv")
    top = sheet.stat(actor, "pv_max", 1)
    pv = max(before, min(top, before + hp))
    if pv != before:
        edits.set((*stats, "pv"), pv)
    if pv >= 0:
        recovered(edits, actor.id)
        edits.remove_state(actor.id, TRIED)
    elif pv > before:  # D35-50: any healing stabilises
        _stabilised(edits, actor.id)
    for key in ABILITIES:
        damage = sheet.stat(actor, f"dommage_{key}")
        if ability and damage:
            edits.set((*stats, f"dommage_{key}"), max(0, damage - ability))
    hurt = sheet.stat(actor, "degats_non_letaux")
    if nonlethal and hurt:
        edits.set((*stats, "degats_non_letaux"), max(0, hurt - nonlethal))
    gained = pv - before
    freed = min(hurt, nonlethal)
    terms.append(Term("pv regagnés", gained, "D35-54", "hp regained"))
    said = (
        f"{actor.name} regagne {gained} pv ({pv} pv) et récupère {freed} non létaux",
        f"{actor.name} regains {gained} hp ({pv} hp) and recovers {freed} nonlethal",
    )
    label = (f"Repos de {actor.name}", f"{actor.name}'s rest")
    return finish(edits, ctx.action, label, terms, dice, said, None, {"pv": gained})


# A creature that cannot act still takes the rolls its state makes (D35-50) and its rest
# (D35-54: a stable creature heals at the normal rate); first aid takes a standard action and
# provokes from every foe that threatens the healer (SRD, D35-11).
ACTIONS = (
    ActionDef(
        STABILISE, _stabilise_spec, _stabilise_preview, _stabilise_resolve, while_unable=True
    ),
    ActionDef(
        FIRST_AID,
        _aid_spec,
        _aid_preview,
        _aid_resolve,
        cost=budget.standard,
        provokes=provoking.from_all,
    ),
    ActionDef(REST, _rest_spec, _rest_preview, _rest_resolve, while_unable=True),
)
