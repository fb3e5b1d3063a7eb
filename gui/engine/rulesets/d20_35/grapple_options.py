"""The grappler's further options (D35-59) and the pinner's (D35-60), beside grapple.py's grab,
escape, pin and damage:

- Lutte : retourner son arme (D35-59, D35-60): win an opposed grapple check, then attack the
  opponent with its own weapon at −4 (the check is the action's dice, the attack the roll
  that follows the opponent's check);
- Lutte : se déplacer (D35-59, D35-60): win an opposed grapple check (a standard action) to
  move half the speed, taking along everyone in the grapple; +4 when the opponent is pinned;
- Lutte : empêcher de parler (D35-60): the pinner silences its pinned opponent, no roll
  (SRD: « at your option »), for as long as the pin lasts;
- Lutte : relâcher (D35-60): the pinner lets go as a free action; then neither is grappled
  (by each other: another grappler keeps its hold).

A pinned creature can only try to escape (D35-61); the pinner may use the options above and
damage (grapple.py), disarm or snatch (disarming.py, the pinned defender +4 on a well-secured
object, D35-77) but no other grapple option (D35-60: grapple.py refuses its escape and a
second pin). Each check takes the BBA of the attack of the sequence it replaces (D35-56).
Readings: the opponent's weapon is one of its weapons (its sheet's first by default); moving
the tokens is the GM's (the outcome gives the metres)."""

from __future__ import annotations

from msgspec.structs import replace

from gui.engine.checks import D20_NATURALS, Check, check_odds
from gui.engine.checks.request import DiceResult
from gui.engine.checks.rolls import dice_request
from gui.engine.contract.edits import Edits, finish, refuse_blocked
from gui.engine.contract.values import ActionSpec, Preview, Resolution
from gui.engine.core.words import Label, Notice, Term
from gui.engine.rulesets.d20_35 import armour_class, budget, sheet
from gui.engine.rulesets.d20_35.action_pieces import (
    blocking,
    listed_target,
    metres_words,
    weapon_field,
    weapon_of,
)
from gui.engine.rulesets.d20_35.context import ActionDef, Ctx, always
from gui.engine.rulesets.d20_35.grapple import (
    PINNED,
    REROLL,
    attempt,
    attempt_field,
    contest_of,
    grapple_terms,
    in_grapple,
    judge,
    not_itself,
    not_pinned,
    rehome,
    success_of,
)
from gui.engine.rulesets.d20_35.opposed import (
    D20,
    Opposed,
    contest_preview,
    ints,
    odds_note,
    opponent_roll,
    pct,
)
from gui.engine.state.changes import ChangeSet
from gui.engine.state.model import Combatant

TURN_WEAPON, MOVE = "lutte_arme_retournee", "lutte_deplacer"
SILENCE, RELEASE = "lutte_faire_taire", "lutte_relacher"
SILENCED = "reduit_au_silence"
TURNED_PENALTY = -4  # D35-59
PINNED_BONUS = 4  # D35-59: moving the grapple with the opponent pinned
_ATTACK = Label(fr="Attaque avec l’arme retournée", en="Attack with the turned weapon")


def pins(actor: Combatant, target: Combatant) -> bool:
    """Whether `actor` pins `target` (its `immobilise` state's source, grapple.py)."""
    return any(s.key == PINNED and s.source == actor.id for s in target.states)


def _pinning(ctx: Ctx) -> list[Notice]:
    """D35-60: the option is the pinner's."""
    if pins(ctx.actor, ctx.target):
        return []
    return [
        blocking(
            "D35-60",
            f"{ctx.actor.name} n’immobilise pas {ctx.target.name}",
            f"{ctx.actor.name} is not pinning {ctx.target.name}",
        )
    ]


def _pinner_listed(ctx: Ctx) -> bool:
    """Offered against a creature the actor pins (or while the dialog has no target yet)."""
    target = listed_target(ctx)
    return target is None or pins(ctx.actor, target)


# Retourner son arme (D35-59, D35-60) -----------------------------------------------------


def _turn_spec(ctx: Ctx) -> ActionSpec:
    fr, en = "Arme de l’adversaire", "Opponent's weapon"
    options = (
        weapon_field("arme_cible", fr, en, listed_target(ctx), "D35-59"),
        *attempt_field(ctx.actor),
    )
    label = Label(fr="Lutte : retourner son arme", en="Grapple: turn its weapon")
    return ActionSpec(TURN_WEAPON, label, "D35-59", True, options)


def _turn_numbers(ctx: Ctx) -> tuple[Opposed, Check, list[Term], list[Notice]]:
    not_itself(ctx)
    contest = contest_of(ctx, "D35-59")
    w = weapon_of(ctx, ctx.target, "arme_cible")
    terms = sheet.attack_bonus(ctx.actor, w, attempt(ctx))
    fr, en = sheet.weapon_name(w)
    terms.append(
        Term(
            f"avec l’arme retournée ({fr})",
            TURNED_PENALTY,
            "D35-59",
            f"with the turned weapon ({en})",
        )
    )
    ca, _ = armour_class.ca(ctx.target)
    terms.append(Term("CA de la cible", str(ca), "D35-59", "target's AC"))
    bonus = ints(terms)
    notices = [*in_grapple(ctx, "D35-59"), *not_pinned(ctx, "D35-59")]
    return contest, Check(bonus, ca, naturals=D20_NATURALS), terms, notices


def _turn_preview(ctx: Ctx) -> Preview:
    contest, hit, attack_terms, notices = _turn_numbers(ctx)
    won = contest.odds().attacker
    struck = check_odds(D20, hit).success
    what = (
        f"Test de lutte {pct(won)[0]} puis attaque {pct(struck)[0]}",
        f"Grapple check {pct(won)[1]} then attack {pct(struck)[1]}",
    )
    terms = (*contest.terms(True), *_named(attack_terms))
    shown = contest_preview(ctx, contest, what, terms, notices, (dice_request(D20, _ATTACK),))
    note = odds_note(contest.odds(), what)
    return replace(shown, odds=won * struck, odds_note=note[0], odds_note_en=note[1])


def _named(terms: list[Term]) -> list[Term]:
    """The attack's terms as text after the check's (the breakdown's sum is the check)."""
    out = []
    for t in terms:
        value = (
            f"{t.value:+d}"
            if isinstance(t.value, int) and not isinstance(t.value, bool)
            else t.value
        )
        out.append(Term(f"attaque : {t.label}", value, t.rule, f"attack: {t.label_en or t.label}"))
    return out


def _turn_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    contest, hit, attack_terms, notices = _turn_numbers(ctx)
    terms = [*contest.terms(True), *_named(attack_terms)]
    refuse_blocked(ctx.action, notices, terms)
    a, d, winner = judge(contest, dice, terms)
    actor, target = ctx.actor, ctx.target
    amounts = {"total": a, "opposed": d}
    success = success_of(winner)
    if winner == "attacker":
        natural = opponent_roll(dice, 1, dice_request(D20, _ATTACK))
        total = natural + hit.modifier
        struck = natural == 20 or (natural != 1 and total >= hit.target)
        terms.append(Term("attaque : d20 + bonus", total, "D35-59", "attack: d20 + bonus"))
        amounts |= {"attack": total, "target": hit.target}
        success = struck
        said = (
            (
                f"{actor.name} retourne l’arme de {target.name} et le touche (action Dégâts)",
                f"{actor.name} turns {target.name}'s weapon and hits (Damage action)",
            )
            if struck
            else (
                f"{actor.name} retourne l’arme de {target.name} mais le rate",
                f"{actor.name} turns {target.name}'s weapon but misses",
            )
        )
    elif winner == "defender":
        said = (f"{target.name} garde son arme", f"{target.name} keeps its weapon")
    else:
        said = REROLL
    label = (f"Arme retournée par {actor.name}", f"{actor.name} turns a weapon")
    return finish(Edits(ctx.enc), ctx.action, label, terms, dice, said, success, amounts)


# Se déplacer (D35-59, D35-60) ------------------------------------------------------------


def _move_spec(ctx: Ctx) -> ActionSpec:
    label = Label(fr="Lutte : se déplacer", en="Grapple: move")
    return ActionSpec(MOVE, label, "D35-59", True)


def _move_numbers(ctx: Ctx) -> tuple[Opposed, list[Notice]]:
    not_itself(ctx)
    mine = grapple_terms(ctx.actor)
    if pins(ctx.actor, ctx.target):
        mine.append(Term("adversaire immobilisé", PINNED_BONUS, "D35-59", "opponent pinned"))
    return contest_of(ctx, "D35-59", mine), [*in_grapple(ctx, "D35-59"), *not_pinned(ctx, "D35-59")]


def _half_speed(c: Combatant) -> float:
    return sheet.speed(c) / 2


def _move_preview(ctx: Ctx) -> Preview:
    contest, notices = _move_numbers(ctx)
    fr, en = metres_words(_half_speed(ctx.actor))
    what = (f"Chance de se déplacer de {fr}", f"Chance to move {en}")
    return contest_preview(ctx, contest, what, contest.terms(True), notices)


def _move_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    contest, notices = _move_numbers(ctx)
    terms = contest.terms(True)
    refuse_blocked(ctx.action, notices, terms)
    a, d, winner = judge(contest, dice, terms)
    actor, target = ctx.actor, ctx.target
    fr, en = metres_words(_half_speed(actor))
    if winner == "attacker":
        terms.append(Term("moitié de la VD", fr, "D35-59", "half the speed", en))
        said = (
            f"{actor.name} se déplace de {fr} au plus en emmenant {target.name} (déplacer les"
            " pions)",
            f"{actor.name} moves up to {en} taking {target.name} along (move the tokens)",
        )
    elif winner == "defender":
        said = (f"{target.name} ne se laisse pas emmener", f"{target.name} does not budge")
    else:
        said = REROLL
    label = (f"Déplacement en lutte de {actor.name}", f"{actor.name}'s grapple move")
    amounts = {"total": a, "opposed": d}
    return finish(Edits(ctx.enc), ctx.action, label, terms, dice, said, success_of(winner), amounts)


# Empêcher de parler, relâcher (D35-60) ---------------------------------------------------


def _silence_spec(ctx: Ctx) -> ActionSpec | None:
    if not _pinner_listed(ctx):
        return None
    label = Label(fr="Lutte : empêcher de parler", en="Grapple: stop from speaking")
    return ActionSpec(SILENCE, label, "D35-60", True)


def _silence_preview(ctx: Ctx) -> Preview:
    not_itself(ctx)
    terms = (Term("immobilisé : sans jet", "", "D35-60", "pinned: no roll"),)
    return Preview(ctx.action, terms, notices=tuple(_pinning(ctx)))


def _silence_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    not_itself(ctx)
    actor, target = ctx.actor, ctx.target
    terms = [Term("immobilisé : sans jet", "", "D35-60", "pinned: no roll")]
    refuse_blocked(ctx.action, _pinning(ctx), terms)
    pin = next((s for s in target.states if s.key == PINNED), None)
    edits = Edits(ctx.enc)
    expiry = pin.expiry if pin is not None else None  # as long as the pin
    edits.add_state(target.id, ctx.listed_state(SILENCED, source=actor.id, expiry=expiry))
    said = (
        f"{target.name} ne peut pas parler tant que {actor.name} l’immobilise",
        f"{target.name} cannot speak while {actor.name} pins it",
    )
    label = (f"{actor.name} fait taire {target.name}", f"{actor.name} silences {target.name}")
    return finish(edits, ctx.action, label, terms, dice, said, True)


def _release_spec(ctx: Ctx) -> ActionSpec | None:
    if not _pinner_listed(ctx):
        return None
    label = Label(fr="Lutte : relâcher (action libre)", en="Grapple: release (free action)")
    return ActionSpec(RELEASE, label, "D35-60", True)


_FREE = Term("action libre", "", "D35-60", "free action")


def _release_preview(ctx: Ctx) -> Preview:
    not_itself(ctx)
    return Preview(ctx.action, (_FREE,), notices=tuple(_pinning(ctx)))


def _release_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    not_itself(ctx)
    actor, target = ctx.actor, ctx.target
    terms = [_FREE]
    refuse_blocked(ctx.action, _pinning(ctx), terms)
    edits = Edits(ctx.enc)
    edits.remove_state(target.id, PINNED, SILENCED)
    rehome(ctx, edits, actor, target.id)
    rehome(ctx, edits, target, actor.id)
    said = (
        f"{actor.name} relâche {target.name} : ils ne sont plus en lutte",
        f"{actor.name} releases {target.name}: they are no longer grappling",
    )
    label = (f"{actor.name} relâche {target.name}", f"{actor.name} releases {target.name}")
    return finish(edits, ctx.action, label, terms, dice, said, True)


FREE_KINDS = (SILENCE, RELEASE)  # D35-60: no action taken from the round's budget


ACTIONS = (
    ActionDef(  # D35-56: an attack in the grapple; D35-48: strenuous
        TURN_WEAPON,
        _turn_spec,
        _turn_preview,
        _turn_resolve,
        cost=budget.attacking,
        strenuous=always,
    ),
    ActionDef(MOVE, _move_spec, _move_preview, _move_resolve, cost=budget.standard),
    ActionDef(SILENCE, _silence_spec, _silence_preview, _silence_resolve),
    ActionDef(RELEASE, _release_spec, _release_preview, _release_resolve),
)
