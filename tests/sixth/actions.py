"""The sixth ruleset's actions, each resting on a Seams II mechanism with nothing of its own:
a shot whose hit is followed by a miss chance (one action, two rolls: SIX-03, SIX-04), a
breath counted on the 6s a typed total carries (SIX-05), a strike that an opportunity window
offers when a move leaves a foe's side (SIX-06, SIX-07), and the roll due at the start of a
dying one's turn (SIX-08), whose attempt lasts until the end of that turn (durations)."""

from __future__ import annotations

from gui.engine.checks import (
    D20_NATURALS,
    ChainStep,
    Check,
    EdgeRoll,
    chain_odds,
    miss_chance_step,
)
from gui.engine.checks.rolls import dice_request, outcome
from gui.engine.contract.base import (
    Action,
    ActionError,
    ActionSpec,
    DiceResult,
    DueRoll,
    Preview,
    Resolution,
    Term,
    chained,
)
from gui.engine.contract.edits import Edits, finish
from gui.engine.contract.schema import Label
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
SPECS = {
    "tir": ActionSpec("tir", Label(fr="Tirer", en="Shoot"), "SIX-03", True),
    "frappe": ActionSpec("frappe", Label(fr="Frapper", en="Strike"), "SIX-06", True),
    "souffle": ActionSpec(
        "souffle", Label(fr="Reprendre son souffle", en="Catch breath"), "SIX-05", False
    ),
    "stabiliser": ActionSpec(
        "stabiliser", Label(fr="Se stabiliser", en="Stabilise"), "SIX-08", False
    ),
}


def stat(c: Combatant, key: str, default: int) -> int:
    value = c.stats.get(key, default)
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def has(c: Combatant, key: str) -> bool:
    return any(s.key == key for s in c.states)


def actions(enc: Encounter, actor: str, target: str | None) -> list[ActionSpec]:
    c = enc.combatant(actor)
    if target is not None:
        return [SPECS["tir"], SPECS["frappe"]]
    own = [SPECS["souffle"]]
    return [*own, SPECS["stabiliser"]] if has(c, DYING) else own


def _attack(enc: Encounter, action: Action) -> tuple[Check, list[Term]]:
    actor, target = enc.combatant(action.actor or ""), enc.combatant(action.target or "")
    skill, defence = stat(actor, "adresse", 2), stat(target, "defense", 12)
    terms = [
        Term("Adresse", skill, action_rule(action)),
        Term(f"Défense de {target.name}", str(defence), action_rule(action)),
    ]
    return Check(skill, defence, naturals=D20_NATURALS), terms


def action_rule(action: Action) -> str:
    return SPECS[action.kind].rule


CONCEALMENT = Label(fr="Camouflage", en="Concealment")


def preview(enc: Encounter, action: Action) -> Preview:
    if action.kind in ("tir", "frappe"):
        check, terms = _attack(enc, action)
        miss = miss_step(enc, action)
        steps = [ChainStep("Attaque", action_rule(action), D20, check)]
        steps += [miss] if miss is not None else []
        more = (dice_request(miss.roll, CONCEALMENT),) if miss is not None else ()
        target = check.target - check.modifier  # the die's face to reach
        return Preview(
            action, tuple(terms), dice_request(D20), target, chain_odds(steps).success, more=more
        )
    if action.kind == "souffle":
        terms = (Term("3d6 ≥ 10, +1 PV par 6", "", "SIX-05"),)
        return Preview(action, terms, dice_request(BREATH), 10)
    if action.kind == "stabiliser":
        return Preview(action, (Term("1d20 ≥ 10", "", "SIX-08"),), dice_request(D20), 10)
    raise ActionError(f"Action inconnue : {action.kind}", f"Unknown action: {action.kind}")


def miss_step(enc: Encounter, action: Action) -> ChainStep | None:
    """SIX-04: a shot at a concealed target is missed on d% 01–20 after a hit."""
    target = enc.combatant(action.target or "")
    if action.kind != "tir" or not has(target, HIDDEN):
        return None
    return miss_chance_step(CONCEALED, "Camouflage", "SIX-04")


def resolve(enc: Encounter, action: Action, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    edits = Edits(enc)
    actor = enc.combatant(action.actor or "")
    if action.kind in ("tir", "frappe"):
        return _resolve_attack(enc, edits, action, dice)
    result, assumed = outcome(D20 if action.kind == "stabiliser" else BREATH, dice, Check(0, 10))
    terms = [Term("jet", result.total, SPECS[action.kind].rule)]
    if action.kind == "souffle":
        gained = result.tops if result.success else 0  # SIX-05: +1 PV per 6 rolled
        if assumed:
            terms.append(Term("6 non saisis : aucun compté", "", "G-1"))
        edits.add(("combatants", actor.id, "stats", "pv"), gained)
        said = (f"{actor.name} reprend {gained} PV", f"{actor.name} regains {gained} HP")
        return finish(edits, action, ("Souffle", "Breath"), terms, dice, said, result.success)
    if result.success:  # SIX-08: stabilised
        edits.remove_state(actor.id, DYING, TRIED)
        said = (f"{actor.name} est stabilisé", f"{actor.name} is stabilised")
    else:  # tried this turn: it ends at the end of this very turn (durations)
        edits.add_state(
            actor.id,
            State(key=TRIED, label="Stabilisation tentée", expiry=Expiry(at="turn_end")),
        )
        said = (f"{actor.name} reste mourant", f"{actor.name} is still dying")
    return finish(edits, action, ("Stabiliser", "Stabilise"), terms, dice, said, result.success)


def _resolve_attack(
    enc: Encounter, edits: Edits, action: Action, dice: DiceResult
) -> tuple[Resolution, ChangeSet]:
    check, terms = _attack(enc, action)
    target = enc.combatant(action.target or "")
    result, _assumed = outcome(D20, dice, check)
    terms.append(Term("jet + Adresse", result.total, action_rule(action)))
    hit = result.success
    step = miss_step(enc, action)
    if hit and step is not None:
        roll = chained(dice, 0, dice_request(step.roll, CONCEALMENT))
        hit = roll > CONCEALED
        terms.append(Term(f"camouflage : d% {roll}", "touché" if hit else "raté", "SIX-04"))
    if action.window is not None:  # SIX-07: the strike the move provoked closes its window
        windows.closing(edits, windows.get(enc, action.window))
    if hit:
        pv = edits.add(("combatants", target.id, "stats", "pv"), -DAMAGE)
        if pv == 0:
            edits.add_state(target.id, State(key=DYING, label="Mourant", source=action.actor))
        said = (f"Touché : {target.name} perd {DAMAGE} PV", f"Hit: {target.name} loses {DAMAGE} HP")
    else:
        said = ("Raté", "Miss")
    spec = SPECS[action.kind].label
    label = f"{spec.fr} {target.name}", f"{spec.en} {target.name}"
    return finish(edits, action, label, terms, dice, said, hit)


# SIX-07: leaving a foe's side opens a window where it may strike -------------------------


def adjacent(a: Combatant, b: Combatant) -> bool:
    here, there = a.position.cell, b.position.cell
    if here is None or there is None:
        return False
    return max(abs(here[0] - there[0]), abs(here[1] - there[1])) == 1


def provoked(enc: Encounter, mover: Combatant, cell: tuple[int, int] | None) -> list[Change]:
    after = mover.model_copy(update={"position": mover.position.model_copy(update={"cell": cell})})
    edits = Edits(enc)
    for foe in enc.combatants:
        if foe.side != mover.side and adjacent(mover, foe) and not adjacent(after, foe):
            windows.opening(edits, OPPORTUNITY, foe.id, mover.id)
    return list(edits.changes())


def offers(enc: Encounter, window: Window) -> list[Offer]:
    if window.kind != OPPORTUNITY or window.actor is None or window.target is None:
        return []
    return [
        Offer(window.id, window.actor, "frappe", SPECS["frappe"].label, "reaction", window.target)
    ]


def passed(enc: Encounter, window: Window) -> list[Change]:
    return []  # SIX-07: the foe may let the mover go


def due(enc: Encounter, entry: TurnEntry) -> list[DueRoll]:
    """SIX-08: a dying member's turn starts with its roll, once a turn."""
    return [
        DueRoll(cid, "stabiliser", SPECS["stabiliser"].label, "SIX-08")
        for cid in entry.members
        if has(enc.combatant(cid), DYING) and not has(enc.combatant(cid), TRIED)
    ]
