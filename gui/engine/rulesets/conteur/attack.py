"""Attaquer (CON-11 to CON-21, CON-33 to CON-41): pool, difficulty, hit, miss and botch."""

from __future__ import annotations

from gui.engine.checks.request import DiceResult
from gui.engine.contract.edits import Edits, finish
from gui.engine.contract.values import Preview, Resolution, followed
from gui.engine.core.words import Notice, Term
from gui.engine.rulesets.conteur import health, initiative
from gui.engine.rulesets.conteur.attack_options import KIND, spec
from gui.engine.rulesets.conteur.context import ActionDef, Ctx, Pool, total
from gui.engine.rulesets.conteur.damage import DAMAGE
from gui.engine.rulesets.conteur.sheet import (
    ABILITY,
    ABILITY_LABEL,
    MELEE_USES,
    RANGED_USES,
    cell,
    has_state,
    in_hand,
    stat,
    state_value,
    tag,
    weapon_name,
    weapons,
)
from gui.engine.state.changes import ChangeSet
from gui.engine.state.model import Combatant, Scalar, State
from gui.engine.turns import current_entry
from gui.engine.turns.declare import in_act_phase

MISS_FLAG = "CFG-CON-6"
RECOIL_FLAG = "CFG-CON-7"
OWN_COVER_FLAG = "CFG-CON-8a"
SHOTS = "tirs"  # state: shots fired with an automatic weapon this turn (CON-19)
HIT = "touche."  # on the target: "touche.<attacker tag>.<weapon row>.<n>"
# State key: (dice, French, English), the English as the states' own names (ruleset.json).
COVER = {
    "plat_ventre": (-1, "à plat ventre", "lying flat"),
    "poteau": (-2, "derrière un poteau", "behind a post"),
    "coin": (-3, "derrière un coin d'immeuble", "behind a building corner"),
}
POSITIONS = {
    "face": (0, "", ""),
    "flanc": (1, "attaque de flanc", "flank attack"),
    "dos": (2, "attaque de dos", "attack from behind"),
}


def is_ranged(w: dict[str, Scalar]) -> bool:
    return w["usage"] in RANGED_USES


def numbers(ctx: Ctx) -> tuple[Pool, bool]:
    """The attack's pool and difficulty with every term, and whether it hits by itself."""
    actor, target, w = ctx.actor, ctx.target, ctx.weapon()
    ranged = is_ranged(w)
    dice_terms, diff_terms, notices = (
        _base_dice(actor, w),
        [Term("difficulté de base", 6, "CON-13", "base difficulty")],
        [],
    )
    _turn_notices(ctx, actor, notices)
    if ranged:
        _range(ctx, actor, target, w, diff_terms, notices)
        _recoil(ctx, actor, w, diff_terms)
    elif target.id not in actor.contacts:
        notices.append(
            Notice(
                "CON-01",
                f"{target.name} n’est pas au contact (1 à 2 m)",
                f"{target.name} is not within reach (1 to 2 m)",
                True,
            )
        )
    name = weapon_name(w)
    if cell(w, "mod_des"):
        dice_terms.append(
            Term(f"arme ({name[0]})", cell(w, "mod_des"), "CON-44", f"weapon ({name[1]})")
        )
    if cell(w, "mod_diff"):
        diff_terms.append(
            Term(f"arme ({name[0]})", cell(w, "mod_diff"), "CON-44", f"weapon ({name[1]})")
        )
    _, wound = health.wound_penalty(actor)
    if wound:
        dice_terms.append(wound)
    multi = initiative.multi_penalty(
        actor, initiative.action_number(ctx.enc, actor), ctx.flag(initiative.MULTI_FLAG) == "v20"
    )
    if multi:
        dice_terms.append(multi)
    if not ranged:
        _melee_terms(ctx, actor, target, w, dice_terms)
    _situation(ctx, actor, target, ranged, dice_terms, diff_terms, notices)
    if ctx.number("mod_des"):
        dice_terms.append(Term("situation", ctx.number("mod_des"), "CON-44", "situation"))
    if ctx.number("mod_diff"):
        diff_terms.append(Term("situation", ctx.number("mod_diff"), "CON-13", "situation"))
    dice = total(dice_terms)
    diff = total(diff_terms)
    diff_terms[1:] = [
        Term(
            f"difficulté : {t.label}",
            t.value,
            t.rule,
            f"difficulty: {t.label_en or t.label}",
        )
        if isinstance(t.value, int)
        else t
        for t in diff_terms[1:]
    ]
    auto = has_state(target, "immobile")
    terms = [*dice_terms, *diff_terms]
    if auto:
        terms.append(
            Term(
                f"{target.name} totalement immobile : touché automatiquement",
                "",
                "CON-38",
                f"{target.name} completely immobile: hit automatically",
            )
        )
    return Pool(dice, diff, tuple(terms), tuple(notices)), auto


def _base_dice(actor: Combatant, w: dict[str, Scalar]) -> list[Term]:
    """CON-11, CON-17: Dextérité + the weapon's Ability, or the Attribute alone."""
    ability = ABILITY[str(w["usage"])]
    rule = "CON-11" if w["usage"] in MELEE_USES else "CON-17"
    out = [Term("Dextérité", stat(actor, "dexterite"), rule, "Dexterity")]
    name = ABILITY_LABEL[ability]
    if stat(actor, ability):
        out.append(Term(name.fr, stat(actor, ability), rule, name.en))
    else:
        out.append(
            Term(
                f"pas de points en {name.fr} : l'Attribut seul",
                0,
                rule,
                f"no dots in {name.en}: the Attribute alone",
            )
        )
    return out


def _turn_notices(ctx: Ctx, actor: Combatant, notices: list[Notice]) -> None:
    lost = initiative.lost_turn(ctx.enc, actor)
    if lost:
        notices.append(
            Notice(
                lost.rule,
                f"{actor.name} : {lost.label}",
                f"{actor.name} cannot act this turn ({lost.label_en})",
                True,
            )
        )
    turn = ctx.enc.turn
    acting = current_entry(turn)
    if in_act_phase(turn) and acting is not None and actor.id not in acting.members:
        notices.append(
            Notice(
                "CON-04", f"Ce n’est pas le tour de {actor.name}", f"It is not {actor.name}'s turn"
            )
        )


def _range(
    ctx: Ctx,
    actor: Combatant,
    target: Combatant,
    w: dict[str, Scalar],
    terms: list[Term],
    notices: list[Notice],
) -> None:
    """CON-18: < 10 m and within range → 4; within range → 6; up to 3 × range → 8."""
    metres, where = ctx.distance(actor, target)
    terms.append(where)
    reach = cell(w, "portee")
    if metres is None:
        notices.append(
            Notice(
                "CON-18",
                "Distance inconnue : difficulté 6 supposée",
                "Unknown distance: difficulty 6 assumed",
            )
        )
        return
    if metres < 10 and metres <= reach:
        terms.append(
            Term(
                f"moins de 10 m et à portée ({reach} m)",
                -2,
                "CON-18",
                f"under 10 m and within range ({reach} m)",
            )
        )
    elif metres <= reach:
        terms.append(Term(f"à portée ({reach} m)", 0, "CON-18", f"within range ({reach} m)"))
    elif metres <= 3 * reach:
        terms.append(
            Term(
                f"au-delà de la portée ({reach} m), jusqu'au triple",
                2,
                "CON-18",
                f"beyond range ({reach} m), up to three times it",
            )
        )
    else:
        terms.append(
            Term(
                f"au-delà du triple de la portée ({3 * reach} m)",
                2,
                "CON-18",
                f"beyond three times the range ({3 * reach} m)",
            )
        )
        notices.append(
            Notice(
                "CON-18",
                f"Hors de portée : {metres:g} m > 3 × {reach} m",
                f"Out of range: {metres:g} m > 3 × {reach} m",
                True,
            )
        )


def _recoil(ctx: Ctx, actor: Combatant, w: dict[str, Scalar], terms: list[Term]) -> None:
    """CON-19, A-CON-7: +1 from the second shot of an automatic weapon in a turn (flat, or
    +1 per earlier shot with CFG-CON-7)."""
    shots = state_value(actor, SHOTS)
    if w["automatique"] is not True or not shots:
        return
    extra = shots if ctx.flag(RECOIL_FLAG) == "cumulatif" else 1
    terms.append(
        Term(
            f"recul ({shots + 1}e tir du tour)",
            extra,
            "CON-19",
            f"recoil (shot {shots + 1} this turn)",
        )
    )


def _melee_terms(
    ctx: Ctx, actor: Combatant, target: Combatant, w: dict[str, Scalar], terms: list[Term]
) -> None:
    """CON-12 reach (A-CON-13 toggle), CON-41 flank or back, CON-40 standing against a
    grounded target."""
    if ctx.yes("longue_allonge", True):
        term = initiative.reach_penalty(
            actor, cell(w, "allonge"), cell(in_hand(target), "allonge"), target.name
        )
        if term:
            terms.append(term)
    bonus, why, why_en = POSITIONS.get(ctx.choice("position", "face"), (0, "", ""))
    if bonus:
        terms.append(Term(why, bonus, "CON-41", why_en))
    low = ctx.yes("attaques_basses") or has_state(actor, "au_sol")
    if has_state(target, "au_sol") and not has_state(actor, "au_sol") and not low:
        terms.append(
            Term(
                f"{target.name} au sol, attaques non basses",
                -2,
                "CON-40",
                f"{target.name} on the ground, attacks not low",
            )
        )


def _situation(
    ctx: Ctx,
    actor: Combatant,
    target: Combatant,
    ranged: bool,
    dice: list[Term],
    diff: list[Term],
    notices: list[Notice],
) -> None:
    """Positional cover (CON-20, A-CON-8), blindness (CON-33, CON-34), stun (CON-36),
    held (CON-38), fighting from the ground (CON-40)."""
    if ranged:
        for key, (value, why, why_en) in COVER.items():
            if has_state(target, key):
                dice.append(
                    Term(f"{target.name} {why}", value, "CON-20", f"{target.name} {why_en}")
                )
    if ranged and ctx.flag(OWN_COVER_FLAG) == "aussi_ses_attaques":  # CON-20: shots only
        for key, (value, why, why_en) in COVER.items():
            if has_state(actor, key):
                dice.append(Term(f"tire {why}", value, "A-CON-8", f"shooting {why_en}"))
    if has_state(actor, "aveugle"):
        diff.append(Term("aveuglé", 2, "CON-33", "blinded"))
        if ranged and not ctx.yes("rafale"):
            notices.append(
                Notice(
                    "CON-33",
                    "Aveuglé : tir précis impossible (rafale seulement)",
                    "Blinded: no aimed shot (bursts only)",
                    True,
                )
            )
    if has_state(target, "aveugle"):
        dice.append(Term(f"{target.name} aveuglé", 2, "CON-34", f"{target.name} blinded"))
    if has_state(target, "etourdi"):
        dice.append(Term(f"{target.name} étourdi", 1, "CON-36", f"{target.name} stunned"))
    if has_state(target, "tenu"):
        dice.append(
            Term(f"{target.name} tenu ou entravé", 2, "CON-38", f"{target.name} held or restrained")
        )
    if has_state(actor, "au_sol"):
        dice.append(Term("combat au sol", -3, "CON-40", "fighting from the ground"))


def preview(ctx: Ctx) -> Preview:
    pool, auto = numbers(ctx)
    if auto:
        return ctx.without_dice(
            pool, ("Touché automatiquement (CON-38)", "Hit automatically (CON-38)")
        )
    return ctx.preview(ctx.settle(pool), pool)


def resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    actor, target, w = ctx.actor, ctx.target, ctx.weapon()
    computed, auto = numbers(ctx)
    pool, terms = ctx.allowed(computed)
    roll = ctx.read(pool, dice) if not auto else None
    successes = 1 if auto else (roll.successes if roll else 0)
    edits = Edits(ctx.enc)
    if w["automatique"] is True:
        shots = state_value(actor, SHOTS) + 1
        edits.add_state(
            actor.id,
            State(
                key=SHOTS,
                label=f"Tirs ce tour : {shots}",
                value=shots,
                text="Recul des armes automatiques (CON-19)",
                text_en="Recoil of automatic weapons (CON-19)",
            ),
        )
    ranged = is_ranged(w)
    name = weapon_name(w)
    label = (
        f"{actor.name} attaque {target.name} ({name[0]})",
        f"{actor.name} attacks {target.name} ({name[1]})",
    )
    if successes >= 1:
        extra = successes - 1 if ranged else 0
        row = weapons(actor).index(w) if w in weapons(actor) else 0
        edits.add_state(
            target.id,
            State(
                key=f"{HIT}{tag(actor.id)}.{row}.{len(ctx.enc.log)}",
                label=f"Touché par {actor.name}" + (f" (+{extra} dé)" if extra else ""),
                value=extra,
                text=f"{w['nom']} : {successes} succès ; "
                + (
                    "chaque succès après le premier ajoute un dé de dégâts (CON-21)"
                    if ranged
                    else "en mêlée, pas de dés de dégâts en plus (CON-16)"
                )
                + " — « Dégâts » de l'attaquant ensuite.",
                text_en=f"{name[1]}: {successes} {'success' if successes == 1 else 'successes'}; "
                + (
                    "each success after the first adds a damage die (CON-21)"
                    if ranged
                    else "in melee, no extra damage dice (CON-16)"
                )
                + " — the attacker's “Damage” next.",
            ),
        )
        if ranged:
            terms.append(
                Term(
                    "succès après le premier : dés de dégâts",
                    extra,
                    "CON-21",
                    "successes after the first: damage dice",
                )
            )
        else:
            terms.append(
                Term(
                    "succès en plus sans effet sur les dégâts",
                    "",
                    "CON-16",
                    "extra successes add nothing to the damage",
                )
            )
        outcome = (
            f"Touché ({successes} succès) : lancer les dégâts",
            f"Hit ({successes} success{'es' if successes > 1 else ''}): roll damage",
        )
        success = True
    else:
        botch = roll is not None and roll.botch
        if not ranged or ctx.flag(MISS_FLAG) == "toutes":
            terms.append(_miss_penalty(ctx, edits, actor))
        outcome = (
            (
                "Échec critique : le Conteur décrit ce qui arrive (CON-15)",
                "Botch: the Storyteller describes what happens (CON-15)",
            )
            if botch
            else ("Raté : aucun dégât (CON-14)", "Missed: no damage (CON-14)")
        )
        success = False
    amounts = {"successes": successes}
    result = finish(edits, ctx.action, label, terms, dice, outcome, success, amounts)
    return followed(result, DAMAGE) if success else result  # CON-22: the damage roll next


def _miss_penalty(ctx: Ctx, edits: Edits, actor: Combatant) -> Term:
    """CON-14, A-CON-6: −2 initiative on the actor's next action."""
    missed = State(
        key="rate_melee",
        label="Attaque ratée (−2 init.)",
        text="−2 à l'initiative de sa prochaine action (CON-14)",
        text_en="−2 to the initiative of their next action (CON-14)",
    )
    return initiative.next_action_penalty(edits, actor, missed, "CON-14")


ACTIONS: tuple[ActionDef, ...] = (ActionDef(KIND, spec, preview, resolve),)
