"""The sixth ruleset's actions, each one ActionDef (issue 35: its kind, which actors have it,
its preview and its resolution) resting on a Seams II mechanism with nothing of its own: a
shot whose hit is followed by a miss chance (one action, two rolls: SIX-03, SIX-04), a breath
counted on the 6s a typed total carries (SIX-05), a strike that an opportunity window offers
when a move leaves a foe's side (SIX-06, SIX-07), the roll due at the start of a dying
one's turn (SIX-08), whose attempt lasts until the end of that turn (durations), and hiding
(SIX-09), the worked example of the README's « Adding an action »."""

from __future__ import annotations

from gui.engine.checks import (
    D20_NATURALS,
    ChainStep,
    Check,
    EdgeRoll,
    chain_odds,
    miss_chance_step,
)
from gui.engine.checks.request import DiceResult
from gui.engine.checks.rolls import dice_request, outcome
from gui.engine.contract.actions import ActionCtx, ActionDef
from gui.engine.contract.edits import Edits, finish
from gui.engine.contract.sheet_reading import has_state, stat
from gui.engine.contract.values import (
    ActionSpec,
    DueRoll,
    Preview,
    Resolution,
    chained,
)
from gui.engine.core.words import Label, Term
from gui.engine.state.changes import Change, ChangeSet
from gui.engine.state.model import Combatant, Encounter, Expiry, State, TurnEntry, Window
from gui.engine.timing import windows
from gui.engine.timing.windows import Offer

D20 = EdgeRoll(1, 20)
BREATH = EdgeRoll(3, 6)
HIDDEN, DYING, TRIED = "camoufle", "mourant", "stabilisation_tentee"
OPPORTUNITY = "opportunite"
DAMAGE = 3  # SIX-03, SIX-06
CONCEALED = 20  # SIX-04: a hit on a concealed target misses on d% 01–20
CONCEALMENT = Label(fr="Camouflage", en="Concealment")

SHOT = ActionSpec("tir", Label(fr="Tirer", en="Shoot"), "SIX-03", True)
STRIKE = ActionSpec("frappe", Label(fr="Frapper", en="Strike"), "SIX-06", True)
CATCH_BREATH = ActionSpec(
    "souffle", Label(fr="Reprendre son souffle", en="Catch breath"), "SIX-05", False
)
STABILISE = ActionSpec("stabiliser", Label(fr="Se stabiliser", en="Stabilise"), "SIX-08", False)


# Tirer (SIX-03, SIX-04) and Frapper (SIX-06): 1d20 + Adresse ≥ Défense, 3 PV --------------


def _aimed(ctx: ActionCtx, spec: ActionSpec) -> ActionSpec | None:
    """An attack is offered at a target."""
    return spec if ctx.action.target is not None else None


def _check(ctx: ActionCtx, rule: str) -> tuple[Check, list[Term]]:
    skill, defence = stat(ctx.actor, "adresse", 2), stat(ctx.target, "defense", 12)
    terms = [
        Term("Adresse", skill, rule),
        Term(f"Défense de {ctx.target.name}", str(defence), rule),
    ]
    return Check(skill, defence, naturals=D20_NATURALS), terms


def _concealed(ctx: ActionCtx) -> ChainStep | None:
    """SIX-04: a shot at a concealed target is missed on d% 01–20 after a hit."""
    if not has_state(ctx.target, HIDDEN):
        return None
    return miss_chance_step(CONCEALED, "Camouflage", "SIX-04")


def _attack_preview(ctx: ActionCtx, spec: ActionSpec, miss: ChainStep | None) -> Preview:
    check, terms = _check(ctx, spec.rule)
    steps = [ChainStep("Attaque", spec.rule, D20, check)]
    steps += [miss] if miss is not None else []
    more = (dice_request(miss.roll, CONCEALMENT),) if miss is not None else ()
    target = check.target - check.modifier  # the die's face to reach
    odds = chain_odds(steps).success
    return Preview(ctx.action, tuple(terms), dice_request(D20), target, odds, more=more)


def _attack_resolve(
    ctx: ActionCtx, dice: DiceResult, spec: ActionSpec, miss: ChainStep | None
) -> tuple[Resolution, ChangeSet]:
    edits = Edits(ctx.enc)
    check, terms = _check(ctx, spec.rule)
    target = ctx.target
    result, _assumed = outcome(D20, dice, check)
    terms.append(Term("jet + Adresse", result.total, spec.rule))
    hit = result.success
    if hit and miss is not None:
        roll = chained(dice, 0, dice_request(miss.roll, CONCEALMENT))
        hit = roll > CONCEALED
        terms.append(Term(f"camouflage : d% {roll}", "touché" if hit else "raté", "SIX-04"))
    if ctx.action.window is not None:  # SIX-07: the strike the move provoked closes its window
        windows.closing(edits, windows.get(ctx.enc, ctx.action.window))
    if hit:
        pv = edits.add(("combatants", target.id, "stats", "pv"), -DAMAGE)
        if pv == 0:
            edits.add_state(target.id, State(key=DYING, label="Mourant", source=ctx.action.actor))
        said = (f"Touché : {target.name} perd {DAMAGE} PV", f"Hit: {target.name} loses {DAMAGE} HP")
    else:
        said = ("Raté", "Miss")
    label = f"{spec.label.fr} {target.name}", f"{spec.label.en} {target.name}"
    return finish(edits, ctx.action, label, terms, dice, said, hit)


def shot_spec(ctx: ActionCtx) -> ActionSpec | None:
    return _aimed(ctx, SHOT)


def shot_preview(ctx: ActionCtx) -> Preview:
    return _attack_preview(ctx, SHOT, _concealed(ctx))


def shot_resolve(ctx: ActionCtx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    return _attack_resolve(ctx, dice, SHOT, _concealed(ctx))


def strike_spec(ctx: ActionCtx) -> ActionSpec | None:
    return _aimed(ctx, STRIKE)


def strike_preview(ctx: ActionCtx) -> Preview:
    return _attack_preview(ctx, STRIKE, None)


def strike_resolve(ctx: ActionCtx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    return _attack_resolve(ctx, dice, STRIKE, None)


# Reprendre son souffle (SIX-05): 3d6 ≥ 10, +1 PV per 6 ------------------------------------


def breath_spec(ctx: ActionCtx) -> ActionSpec | None:
    return CATCH_BREATH if ctx.action.target is None else None


def breath_preview(ctx: ActionCtx) -> Preview:
    terms = (Term("3d6 ≥ 10, +1 PV par 6", "", "SIX-05"),)
    return Preview(ctx.action, terms, dice_request(BREATH), 10)


def breath_resolve(ctx: ActionCtx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    edits, actor = Edits(ctx.enc), ctx.actor
    result, assumed = outcome(BREATH, dice, Check(0, 10))
    terms = [Term("jet", result.total, "SIX-05")]
    gained = result.tops if result.success else 0  # SIX-05: +1 PV per 6 rolled
    if assumed:
        terms.append(Term("6 non saisis : aucun compté", "", "G-1"))
    edits.add(("combatants", actor.id, "stats", "pv"), gained)
    said = (f"{actor.name} reprend {gained} PV", f"{actor.name} regains {gained} HP")
    return finish(edits, ctx.action, ("Souffle", "Breath"), terms, dice, said, result.success)


# Se stabiliser (SIX-08): 1d20 ≥ 10, due at the start of a dying one's turn ---------------


def stabilise_spec(ctx: ActionCtx) -> ActionSpec | None:
    dying = ctx.action.target is None and has_state(ctx.actor, DYING)
    return STABILISE if dying else None


def stabilise_preview(ctx: ActionCtx) -> Preview:
    return Preview(ctx.action, (Term("1d20 ≥ 10", "", "SIX-08"),), dice_request(D20), 10)


def stabilise_resolve(ctx: ActionCtx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    edits, actor = Edits(ctx.enc), ctx.actor
    result, _assumed = outcome(D20, dice, Check(0, 10))
    terms = [Term("jet", result.total, "SIX-08")]
    if result.success:  # SIX-08: stabilised
        edits.remove_state(actor.id, DYING, TRIED)
        said = (f"{actor.name} est stabilisé", f"{actor.name} is stabilised")
    else:  # tried this turn: it ends at the end of this very turn (durations)
        edits.add_state(
            actor.id,
            State(key=TRIED, label="Stabilisation tentée", expiry=Expiry(at="turn_end")),
        )
        said = (f"{actor.name} reste mourant", f"{actor.name} is still dying")
    label = ("Stabiliser", "Stabilise")
    return finish(edits, ctx.action, label, terms, dice, said, result.success)


# Se camoufler (SIX-09): no roll, the actor becomes Camouflé (SIX-04) ---------------------

HIDE = ActionSpec("camoufler", Label(fr="Se camoufler", en="Hide"), "SIX-09", False)


def hide_spec(ctx: ActionCtx) -> ActionSpec | None:
    """Offered with no target to an actor not yet concealed."""
    return HIDE if ctx.action.target is None and not has_state(ctx.actor, HIDDEN) else None


def hide_preview(ctx: ActionCtx) -> Preview:
    return Preview(ctx.action, (Term("devient Camouflé", "", "SIX-09", "becomes Concealed"),))


def hide_resolve(ctx: ActionCtx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    edits, actor = Edits(ctx.enc), ctx.actor
    edits.add_state(actor.id, ctx.listed_state(HIDDEN, source=actor.id))
    said = (f"{actor.name} se camoufle", f"{actor.name} hides")
    return finish(edits, ctx.action, ("Se camoufler", "Hide"), [], dice, said)


# Every action, in the order the dialog lists them.
ACTIONS: tuple[ActionDef, ...] = (
    ActionDef("tir", shot_spec, shot_preview, shot_resolve),
    ActionDef("frappe", strike_spec, strike_preview, strike_resolve),
    ActionDef("souffle", breath_spec, breath_preview, breath_resolve),
    ActionDef("stabiliser", stabilise_spec, stabilise_preview, stabilise_resolve),
    ActionDef("camoufler", hide_spec, hide_preview, hide_resolve),
)


# SIX-07: leaving a foe's side opens a window where it may strike -------------------------


def adjacent(a: Combatant, b: Combatant) -> bool:
    here, there = a.position.cell, b.position.cell
    if here is None or there is None:
        return False
    return max(abs(here[0] - there[0]), abs(here[1] - there[1])) == 1


def provoked(enc: Encounter, mover: Combatant, cell: tuple[int, int] | None) -> list[Change]:
    after = mover.replace(position=mover.position.replace(cell=cell))
    edits = Edits(enc)
    for foe in enc.combatants:
        if foe.side != mover.side and adjacent(mover, foe) and not adjacent(after, foe):
            windows.opening(edits, OPPORTUNITY, foe.id, mover.id)
    return list(edits.changes())


def offers(enc: Encounter, window: Window) -> list[Offer]:
    if window.kind != OPPORTUNITY or window.actor is None or window.target is None:
        return []
    return [Offer(window.id, window.actor, "frappe", STRIKE.label, "reaction", window.target)]


def passed(enc: Encounter, window: Window) -> list[Change]:
    return []  # SIX-07: the foe may let the mover go


def due(enc: Encounter, entry: TurnEntry) -> list[DueRoll]:
    """SIX-08: a dying member's turn starts with its roll, once a turn."""
    return [
        DueRoll(cid, "stabiliser", STABILISE.label, "SIX-08")
        for cid in entry.members
        if has_state(enc.combatant(cid), DYING) and not has_state(enc.combatant(cid), TRIED)
    ]
