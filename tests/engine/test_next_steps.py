"""Issue 34, item 3: every outcome that the rules follow with another step offers it in one
click — the action the rules call for (Resolution.next_kind, next_steps.next_step: the damage
after a hit, the target's soak after the damage) or the steps of the reaction window it
opened (Encaisser after a hit in reserve_menace). Each demo walked: every action offered to
the acting unit against a foe, resolved with app-rolled dice (several rolls, so that hits
come; a result the GM types where the rules give no dice, G-6), and each step followed as
the GM would."""

from __future__ import annotations

import random
from contextlib import suppress

import pytest
from msgspec.structs import replace

from gui.engine.checks.request import DiceResult
from gui.engine.contract.aims import target_for
from gui.engine.contract.targets import default_target
from gui.engine.contract.values import Action, Resolution
from gui.engine.core.problems import BilingualError
from gui.engine.files import storage
from gui.engine.play.next_steps import next_step, window_steps
from gui.engine.play.table import Table
from gui.engine.play.turn_holder import first_able, turn_members
from gui.engine.rulesets import registry
from tests.engine.acting import forced_if_blocked
from tests.gui.mutations import start_inputs, turn_inputs

ROLLS = 12  # tries per action, each with other dice


def _started(ruleset_id: str) -> Table:
    """The demo, combat started, up to the first unit that acts (declarations made)."""
    t = Table(storage.loads(registry.get(ruleset_id).demo_path.read_bytes(), "demo"))
    initiatives, inputs = start_inputs(t)
    t.apply(t.start_combat(initiatives, **inputs))
    for _ in range(20):
        if t.enc.turn.mode != "declare" and turn_members(t.enc, t.mode()):
            break
        for name, args in turn_inputs(t):
            with suppress(BilingualError):  # a declaration refused: the next step still comes
                t.apply(t.next_turn() if name == "next" else t.turn_step(name, **args))
    return t


def _roll(t: Table, request) -> DiceResult:
    if request is None:
        return DiceResult("none")
    if request.aggregate_only:  # no dice model (G-6, A-RM-1): the GM types the result
        top = min(request.maximum, request.minimum + 12)
        return DiceResult("aggregate", (), t.rng.randint(request.minimum, top))
    return t.roll(request)


def _resolve(t: Table, action: Action) -> Resolution | None:
    """The action resolved with the app's dice (forced where the rules block it, G-3) and
    applied; None when it is refused outright."""
    try:
        action, preview = forced_if_blocked(t, action)
        then = tuple(_roll(t, r) for r in preview.more)
        dice = _roll(t, preview.dice)
        if then:
            dice = replace(dice, then=then)
        resolution, cs = t.resolve(action, dice)
    except BilingualError:
        return None
    t.apply(cs)
    return resolution


def _missing(t: Table, resolution: Resolution, before: set[str]):
    """What the outcome should offer and does not, in words (None when all is offered), and
    the step the GM takes next (an Action, or None)."""
    step = next_step(t.ruleset, t.enc, resolution)
    offers = window_steps(t.ruleset, t.enc, before)
    opened = [w for w in t.enc.windows if w.id not in before]
    kind = resolution.action.kind
    if resolution.next_kind and step is None:
        return f"{kind}: calls for {resolution.next_kind} but nobody is offered it", None
    for w in opened:
        mine = [o for o in offers if o.window == w.id]
        if not mine and t.ruleset.window_passed(t.enc, w) is None:
            return f"{kind}: window {w.kind} open with nothing offered", None
    if step is not None:
        return None, Action(step.kind, step.actor, step.target)
    follow = next((o for o in offers if o.role == "follow_up"), None)
    if follow is not None:
        return None, Action(follow.kind, follow.actor, follow.target, window=follow.window)
    return None, None


def walk(ruleset_id: str) -> tuple[list[str], set[str]]:
    """The demo's actions for the acting unit's first member who can act, against a foe,
    each followed through its next steps; what is missing, and the kinds of the steps
    taken (to prove the walk reaches them)."""
    base = _started(ruleset_id)
    dump = storage.dumps(base.enc)
    ruleset, enc = base.ruleset, base.enc
    actor = first_able(ruleset, enc, turn_members(enc, base.mode()))
    assert actor is not None, "no unit acts"
    foe = default_target(ruleset, enc, actor, None)
    assert foe is not None
    specs, _why = ruleset.offered_actions(enc, actor, foe)
    missing: list[str] = []
    reached: set[str] = set()
    for spec in specs:
        for n in range(ROLLS):
            t = Table(storage.loads(dump, "walk"))
            t.rng = random.Random(1000 * n + 7)
            target = (
                foe if ruleset.aim(t.enc, actor, spec).whom in ("foe", "other", "any") else None
            )
            if target is None and spec.needs_target:
                target = target_for(ruleset, t.enc, actor, spec, None)
            action: Action | None = Action(spec.kind, actor, target)
            for _depth in range(4):
                if action is None:
                    break
                before = {w.id for w in t.enc.windows}
                resolution = _resolve(t, action)
                if resolution is None:
                    break
                reached.add(action.kind)
                problem, action = _missing(t, resolution, before)
                if problem:
                    missing.append(problem)
                    break
    return sorted(set(missing)), reached


# The steps each ruleset's rules chain after an attack, which the walk must reach one click
# after the other: a hit's damage (CON-22, LIB-03, AD-02, D35-80, DOU-58), conteur's soak by
# the target (CON-24: « 4 level(s) of lethal damage to soak » offered nothing), reserve_menace's
# Encaisser by the target (RM-28).
CHAINS = {
    "libre": {"attack", "damage"},
    "reserve_menace": {"attaquer", "encaisser"},
    "conteur": {"attaquer", "degats", "absorber"},
    "attention_donjon": {"attaquer", "dommages"},
    "douaratil": {"attaquer", "degats"},
    "d20_35": {"attaquer", "degats"},
}


@pytest.mark.parametrize("ruleset_id", registry.available())
def test_every_demo_outcome_with_a_next_step_offers_it(ruleset_id):
    missing, reached = walk(ruleset_id)
    assert missing == []
    assert CHAINS[ruleset_id] <= reached


def test_con_24_the_damage_dealt_is_soaked_by_its_target_in_one_click():
    """CON-22 then CON-24: the damage roll calls for the soak, which is the target's own (the
    attacker has no such action: the dialog looked there and offered nothing)."""
    t = _started("conteur")
    enc, ruleset = t.enc, t.ruleset
    actor = first_able(ruleset, enc, turn_members(enc, t.mode()))
    foe = default_target(ruleset, enc, actor, None)
    for n in range(ROLLS):
        t.rng = random.Random(n)
        hit = _resolve(t, Action("attaquer", actor, foe))
        if hit is not None and hit.success:
            break
    step = next_step(ruleset, enc, hit)
    assert (step.actor, step.target, step.kind) == (actor, foe, "degats")
    damage = _resolve(t, Action(step.kind, step.actor, step.target))
    soak = next_step(ruleset, enc, damage)
    assert damage.next_actor == foe and soak is not None
    assert (soak.actor, soak.target, soak.kind, soak.label.en) == (foe, None, "absorber", "Soak")
    assert "absorber" not in {s.kind for s in ruleset.actions(enc, actor, foe)}
