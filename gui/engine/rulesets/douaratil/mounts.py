"""Mounted combat (DOU-63 to DOU-69, TV-DOU-22).

Monter en selle and Mettre pied à terre are a special move of the rider's turn (DOU-64): the
mount within 1,50 m, once a turn, for half the rider's speed (rounded down to 0,1 m,
A-DOU-32, as standing up, DOU-11), impossible when less remains or the speed is 0. The mount
is at least one size larger (DOU-63); whether it is willing and built to carry a rider is the
GM's call. The rider carries the state `monte`: its `source` is the mount, its `value` 1 for a
controlled mount, 0 for an independent one (DOU-67, DOU-68).

A controlled mount acts on its rider's initiative (turn_units merges it into the rider's turn
unit) and may only Dash, Disengage or Dodge (mount_actions_allowed); an independent one keeps
its own turn. Chute de monture is the rider's Dex save DC 10 when the mount is moved against
its will or the rider is being knocked prone (DOU-65, A-DOU-4), or, when the mount is knocked
prone, its reaction to land on its feet (DOU-66). An attack of opportunity provoked by a rider
or its mount may target either (opportunity_targets, DOU-69).

Readings:
- Out of the fight (round 0) nothing is counted nor spent, as for Attaquer and the contests.
- A `monte` state without a value (set by the GM on the sheet) is a controlled mount, the
  option's default; one without a mount in the encounter is neither.
- « Intelligent » (DOU-67) is taken as an Intelligence score of 6 or more: a warning only.
- A rider who keeps its saddle when someone tries to knock it prone is not prone: a successful
  save removes the `a_terre` the shove set (contests.py)."""

from __future__ import annotations

import math

from gui.engine.checks import Check, EdgeSource
from gui.engine.checks.rolls import outcome
from gui.engine.contract import riders as shared
from gui.engine.contract.base import ActionError, ActionSpec, DiceResult, Preview, Resolution, Term
from gui.engine.contract.edits import Edits, finish, refuse_blocked
from gui.engine.contract.fields import bool_field, choice_field, int_field
from gui.engine.contract.schema import FieldSpec, Label
from gui.engine.rulesets.douaratil import budget, sheet
from gui.engine.rulesets.douaratil.context import ActionDef, Ctx
from gui.engine.rulesets.douaratil.plan import Plan, plan_preview
from gui.engine.state.changes import ChangeSet
from gui.engine.state.model import Combatant, Encounter, Expiry, State, TurnEntry

MOUNT, DISMOUNT, FALL = "monter_en_selle", "mettre_pied_a_terre", "chute_de_monture"
MOUNTED, PRONE = "monte", "a_terre"
USED = "budget.monture"  # DOU-64: mounted or dismounted this turn
USED_LABEL = Label(fr="En selle ou pied à terre ce tour", en="Mounted or dismounted this turn")
# other.py's kinds, by value: movement.py may import this module, and other.py imports
# attack.py, which imports movement.py.
DASH, DISENGAGE, DODGE = "se_precipiter", "se_desengager", "esquiver_action"
CONTROLLED_ACTIONS = (DASH, DISENGAGE, DODGE)  # DOU-67
FALL_DC = 10  # DOU-65
INTELLIGENT = 6  # reading: from this Intelligence score a mount may act freely (DOU-67)
MOVED, KNOCKED, MOUNT_DOWN = "monture_deplacee", "cavalier_renverse", "monture_a_terre"
_CAUSES = {
    MOVED: ("monture déplacée contre sa volonté", "mount moved against its will", "DOU-65"),
    KNOCKED: ("on tente de jeter le cavalier à terre", "rider being knocked prone", "DOU-65"),
    MOUNT_DOWN: ("monture jetée à terre", "mount knocked prone", "DOU-66"),
}


# Reading the encounter -----------------------------------------------------------------------


def _mounted(c: Combatant) -> State | None:
    return next((s for s in c.states if s.key == MOUNTED), None)


def mount_of(enc: Encounter, rider: Combatant) -> Combatant | None:
    """The mount `rider` is on (the source of its `monte` state), if it is in the encounter."""
    return shared.mount_of(enc, rider, MOUNTED)


def controlled(enc: Encounter, rider: Combatant) -> bool:
    """Whether `rider` controls its mount (DOU-67): `monte` with value 1 (none: the default),
    on a mount in the encounter; 0 is an independent mount (DOU-68)."""
    state = _mounted(rider)
    return state is not None and state.value != 0 and mount_of(enc, rider) is not None


def riders(enc: Encounter, mount: Combatant) -> list[Combatant]:
    """Who rides `mount`, in roster order."""
    return shared.riders(enc, mount, MOUNTED)


def controller(enc: Encounter, mount: Combatant) -> Combatant | None:
    """The rider who controls `mount` (DOU-67), None for an independent or riderless one."""
    return next((r for r in riders(enc, mount) if controlled(enc, r)), None)


def initiative_holder(enc: Encounter, c: Combatant) -> Combatant:
    """Whose initiative `c` acts on: its rider's for a controlled mount (DOU-67, through a
    rider that is itself a controlled mount), else its own."""
    return enc.combatant(shared.leader(c.id, _follows(enc)))


def _follows(enc: Encounter) -> dict[str, str]:
    """Each controlled mount and the rider who controls it (DOU-67)."""
    return {c.id: rider.id for c in enc.combatants if (rider := controller(enc, c)) is not None}


def turn_units(enc: Encounter, units: list[TurnEntry]) -> list[TurnEntry]:
    """The ruleset's turn units with each controlled mount moved into its rider's unit, just
    after its rider (DOU-67: it acts on the rider's initiative); an independent mount keeps
    its own (DOU-68). The units keep their order; one left empty goes; `units` is unchanged."""
    return shared.join_units(units, _follows(enc))


def mount_actions_allowed(enc: Encounter, c: Combatant) -> list[str] | None:
    """DOU-67: a controlled mount may only Dash, Disengage or Dodge; None for any other
    creature (an independent mount acts freely, DOU-68)."""
    return list(CONTROLLED_ACTIONS) if controller(enc, c) is not None else None


def opportunity_targets(enc: Encounter, mover: Combatant) -> list[str]:
    """DOU-69: who an attack of opportunity provoked by `mover` may target: `mover` first,
    then its mount or its riders when it rides or is ridden."""
    out = [mover.id]
    mount = mount_of(enc, mover)
    for other in [*([mount] if mount is not None else []), *riders(enc, mover)]:
        if other.id not in out:
            out.append(other.id)
    return out


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


def _mount_spec(ctx: Ctx) -> ActionSpec | None:
    if sheet.has_state(ctx.actor, MOUNTED):
        return None
    options = (
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
    return ActionSpec(MOUNT, Label(fr="Monter en selle", en="Mount"), "DOU-64", True, options)


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


def _mount_preview(ctx: Ctx) -> Preview:
    return plan_preview(ctx, _mount_plan(ctx))


def _mount_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    plan = _mount_plan(ctx)
    terms = plan.terms
    refuse_blocked(ctx.action, plan.notices, terms)
    actor, mount = ctx.actor, ctx.target
    held = ctx.yes("controlee", True)
    edits = Edits(ctx.enc)
    _spend_move(ctx, edits)
    edits.add_state(actor.id, _state(ctx, MOUNTED, source=mount.id, value=int(held)))
    how = ("contrôlée", "controlled") if held else ("indépendante", "independent")
    said = (
        f"{actor.name} est en selle sur {mount.name} (monture {how[0]})",
        f"{actor.name} is mounted on {mount.name} ({how[1]} mount)",
    )
    label = (f"{actor.name} : Monter en selle", f"{actor.name}: Mount")
    return finish(edits, ctx.action, label, terms, dice, said)


# Mettre pied à terre (DOU-64) ----------------------------------------------------------------


def _dismount_spec(ctx: Ctx) -> ActionSpec | None:
    if not sheet.has_state(ctx.actor, MOUNTED):
        return None
    return ActionSpec(DISMOUNT, Label(fr="Mettre pied à terre", en="Dismount"), "DOU-64", False)


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


def _dismount_preview(ctx: Ctx) -> Preview:
    return plan_preview(ctx, _dismount_plan(ctx))


def _dismount_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    plan = _dismount_plan(ctx)
    terms = plan.terms
    refuse_blocked(ctx.action, plan.notices, terms)
    actor, name = ctx.actor, _mount_name(ctx)
    edits = Edits(ctx.enc)
    _spend_move(ctx, edits)
    edits.remove_state(actor.id, MOUNTED)
    said = (
        f"{actor.name} met pied à terre à 1,50 m au plus de {name} (le MJ place le pion)",
        f"{actor.name} dismounts within 1.50 m of {name} (the GM places the token)",
    )
    label = (f"{actor.name} : Mettre pied à terre", f"{actor.name}: Dismount")
    return finish(edits, ctx.action, label, terms, dice, said)


# Chute de monture (DOU-65, DOU-66) -----------------------------------------------------------


def _fall_spec(ctx: Ctx) -> ActionSpec | None:
    if not sheet.has_state(ctx.actor, MOUNTED):
        return None
    causes = [(key, fr, en) for key, (fr, en, _rule) in _CAUSES.items()]
    options: tuple[FieldSpec, ...] = (
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
    return ActionSpec(
        FALL, Label(fr="Chute de monture", en="Falling off a mount"), "DOU-65", False, options
    )


def _cause(ctx: Ctx) -> str:
    cause = ctx.choice("cause", MOVED)
    return cause if cause in _CAUSES else MOVED


def _fall_plan(ctx: Ctx) -> Plan:
    actor = ctx.actor
    if not sheet.has_state(actor, MOUNTED):
        raise _not_mounted(actor)
    cause = _cause(ctx)
    fr, en, rule = _CAUSES[cause]
    plan = Plan(terms=[Term("cause", fr, rule, "cause", en)])
    if cause == MOUNT_DOWN:
        if ctx.yes("reaction", True):
            plan.spend = "reaction"
            plan.notices += budget.notices(actor, "reaction")
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
    return plan


def _fall_preview(ctx: Ctx) -> Preview:
    return plan_preview(ctx, _fall_plan(ctx))


def _fall_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    plan = _fall_plan(ctx)
    terms = plan.terms
    refuse_blocked(ctx.action, plan.notices, terms)
    actor, name = ctx.actor, _mount_name(ctx)
    edits = Edits(ctx.enc)
    success, amounts = None, {}
    prone = (
        f"{actor.name} tombe à terre à 1,50 m au plus de {name} (le MJ place le pion)",
        f"{actor.name} falls prone within 1.50 m of {name} (the GM places the token)",
    )
    if plan.edge is None or plan.check is None:  # DOU-66: the mount is knocked prone
        edits.remove_state(actor.id, MOUNTED)
        if plan.spend is not None:
            budget.spend(edits, actor, plan.spend, terms)
            said = (
                f"{actor.name} descend et retombe sur ses pieds",
                f"{actor.name} dismounts and lands on its feet",
            )
        else:
            edits.add_state(actor.id, _state(ctx, PRONE))
            said = prone
    else:
        result, _assumed = outcome(plan.edge.roll, dice, plan.check)
        terms.append(Term("3d6 + modificateur", result.total, "DOU-65", "3d6 + modifier"))
        success, amounts = result.success, {"total": result.total, "target": FALL_DC}
        if result.success:
            said = (
                f"Réussite ({result.total}) : reste en selle",
                f"Success ({result.total}): stays mounted",
            )
            if _cause(ctx) == KNOCKED and sheet.has_state(actor, PRONE):
                edits.remove_state(actor.id, PRONE)
                terms.append(Term("pas à terre", "", "DOU-65", "not prone"))
        else:
            edits.remove_state(actor.id, MOUNTED)
            edits.add_state(actor.id, _state(ctx, PRONE))
            said = (f"Échec ({result.total}) : {prone[0]}", f"Failure ({result.total}): {prone[1]}")
    label = (f"{actor.name} : Chute de monture", f"{actor.name}: Falling off a mount")
    return finish(edits, ctx.action, label, terms, dice, said, success, amounts)


HANDLERS: tuple[ActionDef, ...] = (
    ActionDef(MOUNT, _mount_spec, _mount_preview, _mount_resolve),
    ActionDef(DISMOUNT, _dismount_spec, _dismount_preview, _dismount_resolve),
    ActionDef(FALL, _fall_spec, _fall_preview, _fall_resolve),
)
