"""Mounted combat (DOU-63 to DOU-69, TV-DOU-22).

Monter en selle and Mettre pied à terre are a special move of the rider's turn (DOU-64): the
mount within 1,50 m, once a turn, for half the rider's speed (rounded down to 0,1 m,
A-DOU-32, as standing up, DOU-11), impossible when less remains or the speed is 0. The mount
is at least one size larger (DOU-63); whether it is willing and built to carry a rider is the
GM's call. The rider carries the state `monte`: its `source` is the mount, its `value` 1 for a
controlled mount, 0 for an independent one (DOU-67, DOU-68).

A controlled mount acts on its rider's initiative (riding.turn_units merges it into the
rider's turn unit) and may only Dash, Disengage or Dodge (the Kinds a mount may take,
kind.py); an independent one keeps its own turn. Chute de monture is the rider's Dex save
DC 10 when the mount is moved against its will or the rider is being knocked prone (DOU-65,
A-DOU-4), or, when the mount is knocked prone, its reaction to land on its feet (DOU-66). An
attack of opportunity provoked by a rider or its mount may target either
(riding.opportunity_targets, DOU-69).

Readings:
- Out of the fight (round 0) nothing is counted nor spent, as for Attaquer and the contests.
- A `monte` state without a value (set by the GM on the sheet) is a controlled mount, the
  option's default; one without a mount in the encounter is neither.
- « Intelligent » (DOU-67) is taken as an Intelligence score of 6 or more: a warning only.
- A rider who keeps its saddle when someone tries to knock it prone is not prone: a successful
  save removes the `a_terre` the shove set (contests.py)."""

from __future__ import annotations

import math

from gui.engine.checks import Check, CheckOutcome, EdgeSource
from gui.engine.contract.edits import Edits
from gui.engine.contract.fields import bool_field, choice_field, int_field
from gui.engine.contract.values import ActionError
from gui.engine.core.problems import Words
from gui.engine.core.words import Label, Term
from gui.engine.rulesets.douaratil import budget, sheet
from gui.engine.rulesets.douaratil.context import Ctx
from gui.engine.rulesets.douaratil.kind import Kind
from gui.engine.rulesets.douaratil.plan import Plan
from gui.engine.rulesets.douaratil.riding import MOUNTED, mount_of, riders
from gui.engine.state.model import Combatant, Expiry, State
from gui.engine.state.schema import FieldSpec

MOUNT, DISMOUNT, FALL = "monter_en_selle", "mettre_pied_a_terre", "chute_de_monture"
PRONE = "a_terre"
USED = "budget.monture"  # DOU-64: mounted or dismounted this turn
USED_LABEL = Label(fr="En selle ou pied à terre ce tour", en="Mounted or dismounted this turn")
FALL_DC = 10  # DOU-65
INTELLIGENT = 6  # reading: from this Intelligence score a mount may act freely (DOU-67)
MOVED, KNOCKED, MOUNT_DOWN = "monture_deplacee", "cavalier_renverse", "monture_a_terre"
_CAUSES = {
    MOVED: ("monture déplacée contre sa volonté", "mount moved against its will", "DOU-65"),
    KNOCKED: ("on tente de jeter le cavalier à terre", "rider being knocked prone", "DOU-65"),
    MOUNT_DOWN: ("monture jetée à terre", "mount knocked prone", "DOU-66"),
}


def half_speed(c: Combatant) -> float:
    """DOU-64: half the rider's speed, rounded down to 0,1 m (A-DOU-32)."""
    return math.floor(sheet.speed(c) * 10 / 2) / 10


# Shared pieces -------------------------------------------------------------------------------


def _state(ctx: Ctx, key: str, **more) -> State:
    """A state of the ruleset's list, with its name and rules text in both languages."""
    spec = next((s for s in ctx.ruleset.data.states if s.key == key), None)
    if spec is None:
        return State(key=key, label=key, **more)
    return State(key=key, label=spec.label.fr, text=spec.text.fr, text_en=spec.text.en, **more)


def in_fight(ctx: Ctx) -> bool:
    """Turns are counted once the fight has begun (round 1 on)."""
    return ctx.enc.turn.round > 0


def _m(value: float) -> str:
    return sheet.metres_text(value)[0]


def _special_move(ctx: Ctx, plan: Plan) -> None:
    """DOU-64: once a turn, half the speed, impossible with less left or at speed 0; a
    surprised creature does not move on its first turn (DOU-02)."""
    actor = ctx.actor
    if not ctx.able(actor):
        plan.block("DOU-64", "Hors d’état d’agir", "Unable to act")
    if not in_fight(ctx):
        plan.terms.append(
            Term(
                "hors du combat : rien n’est compté",
                "",
                "DOU-64",
                "outside the fight: nothing is counted",
            )
        )
        return
    speed, cost = sheet.speed(actor), half_speed(actor)
    left = round(budget.allowance(actor) - budget.moved(actor), 1)
    plan.terms += [
        sheet.metres_term("coût : la moitié de la vitesse", cost, "DOU-64", "cost: half the speed"),
        sheet.metres_term("déplacement restant", left, "DOU-09", "movement left"),
    ]
    if sheet.has_state(actor, USED):
        plan.block(
            "DOU-64",
            "Déjà monté ou descendu ce tour (une fois par tour)",
            "Already mounted or dismounted this turn (once a turn)",
        )
    if sheet.has_state(actor, "surpris"):
        plan.block("DOU-02", "Surpris : pas de déplacement", "Surprised: no movement")
    if speed <= 0:
        plan.block("DOU-64", "Vitesse 0 : impossible", "Speed 0: impossible")
    elif sheet.has_state(actor, "empoigne"):
        plan.block("DOU-53", "Empoigné : vitesse 0", "Grappled: speed 0")
    elif left < cost:
        plan.block(
            "DOU-64",
            f"Déplacement restant insuffisant ({_m(left)} < {_m(cost)})",
            f"Not enough movement left ({left:g} m < {cost:g} m)",
        )


def _spend_move(ctx: Ctx, edits: Edits) -> None:
    """The half speed, and the once a turn, until the start of the rider's next turn."""
    if not in_fight(ctx):
        return
    actor = ctx.actor
    budget.move(edits, actor, half_speed(actor))
    edits.add_state(actor.id, State(key=USED, label=USED_LABEL.fr, expiry=Expiry(at="turn_start")))


# Monter en selle (DOU-63, DOU-64, DOU-67, DOU-68) ------------------------------------------


def _unmounted(ctx: Ctx) -> bool:
    return not sheet.has_state(ctx.actor, MOUNTED)


def _mounted(ctx: Ctx) -> bool:
    return sheet.has_state(ctx.actor, MOUNTED)


def _mount_options(_ctx: Ctx) -> tuple[FieldSpec, ...]:
    return (
        bool_field("controlee", "Monture contrôlée", "Controlled mount", "DOU-67", True),
        int_field(
            "distance",
            "Distance cavalier–monture (m, −1 : la carte)",
            "Distance rider–mount (m, −1: the map)",
            "DOU-64",
            -1,
            999,
            -1,
        ),
    )


def _mount_plan(ctx: Ctx) -> Plan:
    actor, mount = ctx.actor, ctx.target
    if mount.id == actor.id:
        raise ActionError(
            "Choisir une autre créature comme monture", "Choose another creature as the mount"
        )
    plan = Plan()
    if sheet.has_state(actor, MOUNTED):
        plan.block("DOU-64", "Déjà en selle", "Already mounted")
    rider_size, mount_size = sheet.size_text(actor), sheet.size_text(mount)
    plan.terms.append(
        Term(
            "taille cavalier / monture",
            f"{rider_size[0]} / {mount_size[0]}",
            "DOU-63",
            "size rider / mount",
            f"{rider_size[1]} / {mount_size[1]}",
        )
    )
    if sheet.size_index(mount) - sheet.size_index(actor) < 1:
        plan.block(
            "DOU-63",
            f"Monture trop petite ({mount_size[0]} contre {rider_size[0]} : "
            "au moins une taille de plus)",
            f"Mount too small ({mount_size[1]} against {rider_size[1]}: at least one size larger)",
        )
    near, given = ctx.close_by(actor, mount)
    if given is not None:
        plan.terms.append(given)
    if not near:
        plan.block(
            "DOU-64",
            f"{mount.name} n’est pas à 1,50 m",
            f"{mount.name} is not within 1.50 m",
        )
    plan.terms.append(
        Term(
            "consentante et faite pour porter un cavalier : au MJ",
            "",
            "DOU-63",
            "willing and built to carry a rider: the GM's call",
        )
    )
    if ctx.hostile(actor, mount):
        plan.warn(
            "DOU-63",
            f"{mount.name} est hostile : une monture doit être consentante",
            f"{mount.name} is hostile: a mount must be willing",
        )
    if not ctx.able(mount):
        plan.warn("DOU-63", f"{mount.name} est hors d’état", f"{mount.name} is unable to act")
    if carried := [r.name for r in riders(ctx.enc, mount)]:
        names = ", ".join(carried)
        plan.warn(
            "DOU-63", f"{mount.name} porte déjà {names}", f"{mount.name} already carries {names}"
        )
    _control_terms(ctx, plan, mount)
    _special_move(ctx, plan)
    return plan


def _control_terms(ctx: Ctx, plan: Plan, mount: Combatant) -> None:
    """DOU-67 or DOU-68: how the mount acts once ridden."""
    if not ctx.yes("controlee", True):
        plan.terms.append(
            Term(
                "monture indépendante : garde sa place dans l’initiative, agit à son gré",
                "",
                "DOU-68",
                "independent mount: keeps its place in the initiative, acts freely",
            )
        )
        return
    plan.terms += [
        Term(
            "monture contrôlée : à l’initiative du cavalier ; se précipiter, se désengager, "
            "esquiver ; bouge et agit dès ce tour",
            "",
            "DOU-67",
            "controlled mount: on the rider's initiative; dash, disengage, dodge; moves and "
            "acts this turn already",
        ),
        Term(
            "dressée à accepter un cavalier : au MJ",
            "",
            "DOU-67",
            "trained to accept a rider: the GM's call",
        ),
    ]
    wits = sheet.score(mount, "intelligence")
    if wits >= INTELLIGENT:
        plan.warn(
            "DOU-67",
            f"Intelligence {wits} : une créature intelligente agit toujours librement (au MJ)",
            f"Intelligence {wits}: an intelligent creature always acts freely (the GM's call)",
        )


def _mount(ctx: Ctx, edits: Edits, _plan: Plan, _result: CheckOutcome | None) -> Words:
    actor, mount = ctx.actor, ctx.target
    held = ctx.yes("controlee", True)
    _spend_move(ctx, edits)
    edits.add_state(actor.id, _state(ctx, MOUNTED, source=mount.id, value=int(held)))
    how = ("contrôlée", "controlled") if held else ("indépendante", "independent")
    return (
        f"{actor.name} est en selle sur {mount.name} (monture {how[0]})",
        f"{actor.name} is mounted on {mount.name} ({how[1]} mount)",
    )


# Mettre pied à terre (DOU-64) ----------------------------------------------------------------


def _not_mounted(actor: Combatant) -> ActionError:
    return ActionError(f"{actor.name} n’est pas en selle", f"{actor.name} is not mounted")


def _mount_name(ctx: Ctx) -> str:
    mount = mount_of(ctx.enc, ctx.actor)
    return mount.name if mount is not None else "?"


def _dismount_plan(ctx: Ctx) -> Plan:
    actor = ctx.actor
    if not sheet.has_state(actor, MOUNTED):
        raise _not_mounted(actor)
    name = _mount_name(ctx)
    plan = Plan(terms=[Term("descend de", name, "DOU-64", "dismounts from")])
    _special_move(ctx, plan)
    return plan


def _dismount(ctx: Ctx, edits: Edits, _plan: Plan, _result: CheckOutcome | None) -> Words:
    actor, name = ctx.actor, _mount_name(ctx)
    _spend_move(ctx, edits)
    edits.remove_state(actor.id, MOUNTED)
    return (
        f"{actor.name} met pied à terre à 1,50 m au plus de {name} (le MJ place le pion)",
        f"{actor.name} dismounts within 1.50 m of {name} (the GM places the token)",
    )


# Chute de monture (DOU-65, DOU-66) -----------------------------------------------------------


def _fall_options(_ctx: Ctx) -> tuple[FieldSpec, ...]:
    causes = [(key, fr, en) for key, (fr, en, _rule) in _CAUSES.items()]
    return (
        choice_field("cause", "Cause", "Cause", causes, "DOU-65", MOVED),
        bool_field(
            "reaction",
            "Monture à terre : sa réaction pour retomber sur ses pieds",
            "Mount knocked prone: its reaction to land on its feet",
            "DOU-66",
            True,
        ),
        bool_field("avantage", "Avantage (autre source)", "Advantage (other source)", "DOU-73"),
        bool_field(
            "desavantage", "Désavantage (autre source)", "Disadvantage (other source)", "DOU-73"
        ),
    )


def _cause(ctx: Ctx) -> str:
    cause = ctx.choice("cause", MOVED)
    return cause if cause in _CAUSES else MOVED


def _fall_cost(ctx: Ctx) -> budget.Spend | None:
    """DOU-66: landing on its feet when the mount is knocked prone is the rider's reaction."""
    return "reaction" if _cause(ctx) == MOUNT_DOWN and ctx.yes("reaction", True) else None


def _fall_plan(ctx: Ctx) -> Plan:
    actor = ctx.actor
    if not sheet.has_state(actor, MOUNTED):
        raise _not_mounted(actor)
    cause = _cause(ctx)
    fr, en, rule = _CAUSES[cause]
    plan = Plan(terms=[Term("cause", fr, rule, "cause", en)])
    if cause == MOUNT_DOWN:
        if _fall_cost(ctx) is not None:
            if not ctx.able(actor):
                plan.block("DOU-66", "Hors d’état de réagir", "Unable to react")
            plan.terms.append(
                Term(
                    "sa réaction : descend et retombe sur ses pieds",
                    "",
                    "DOU-66",
                    "its reaction: dismounts and lands on its feet",
                )
            )
        else:
            plan.terms.append(
                Term(
                    "sans réaction : tombe à terre à 1,50 m de la monture",
                    "",
                    "DOU-66",
                    "no reaction: falls prone within 1.50 m of the mount",
                )
            )
        return plan
    save = sheet.save_modifier(actor, "dexterite")
    plan.terms += [
        Term("JS de Dextérité", save, "A-DOU-4", "Dexterity save"),
        Term("DD", str(FALL_DC), "DOU-65", "DC"),
    ]
    sources = []
    if sheet.has_state(actor, "esquive"):
        sources.append(EdgeSource("action Esquiver", "DOU-23", True, "Dodge action"))
    if sheet.has_state(actor, "se_faufile"):
        sources.append(EdgeSource("se faufile", "DOU-17", False, "squeezing"))
    if ctx.yes("avantage"):
        sources.append(EdgeSource("autre source (MJ)", "DOU-73", True, "other source (GM)"))
    if ctx.yes("desavantage"):
        sources.append(EdgeSource("autre source (MJ)", "DOU-73", False, "other source (GM)"))
    plan.edge = ctx.edge(sources)
    plan.terms += plan.edge.terms()
    plan.check = Check(save, FALL_DC)
    plan.rule = "DOU-65"
    return plan


def _fall(ctx: Ctx, edits: Edits, plan: Plan, result: CheckOutcome | None) -> Words:
    actor, name = ctx.actor, _mount_name(ctx)
    prone = (
        f"{actor.name} tombe à terre à 1,50 m au plus de {name} (le MJ place le pion)",
        f"{actor.name} falls prone within 1.50 m of {name} (the GM places the token)",
    )
    if result is None:  # DOU-66: the mount is knocked prone
        edits.remove_state(actor.id, MOUNTED)
        if _fall_cost(ctx) is not None:
            return (
                f"{actor.name} descend et retombe sur ses pieds",
                f"{actor.name} dismounts and lands on its feet",
            )
        edits.add_state(actor.id, _state(ctx, PRONE))
        return prone
    if result.success:
        if _cause(ctx) == KNOCKED and sheet.has_state(actor, PRONE):
            edits.remove_state(actor.id, PRONE)
            plan.terms.append(Term("pas à terre", "", "DOU-65", "not prone"))
        return (
            f"Réussite ({result.total}) : reste en selle",
            f"Success ({result.total}): stays mounted",
        )
    edits.remove_state(actor.id, MOUNTED)
    edits.add_state(actor.id, _state(ctx, PRONE))
    return (f"Échec ({result.total}) : {prone[0]}", f"Failure ({result.total}): {prone[1]}")


KINDS: tuple[Kind, ...] = (
    Kind.planned(
        MOUNT,
        Label(fr="Monter en selle", en="Mount"),
        "DOU-64",
        _mount_plan,
        _mount,
        options=_mount_options,
        available=_unmounted,
        needs_target=True,
    ),
    Kind.planned(
        DISMOUNT,
        Label(fr="Mettre pied à terre", en="Dismount"),
        "DOU-64",
        _dismount_plan,
        _dismount,
        available=_mounted,
    ),
    Kind.planned(
        FALL,
        Label(fr="Chute de monture", en="Falling off a mount"),
        "DOU-65",
        _fall_plan,
        _fall,
        _fall_cost,
        options=_fall_options,
        available=_mounted,
    ),
)
