"""libre's actions, each one ActionDef (issue 35): attack (LIB-02), damage (LIB-03), heal
(LIB-04), add and remove a condition (LIB-06)."""

from __future__ import annotations

from collections.abc import Mapping

from msgspec.structs import replace

from gui.engine.checks.request import DiceRequest, DiceResult
from gui.engine.contract import conditions
from gui.engine.contract.actions import ActionCtx
from gui.engine.contract.actions import ActionDef as BaseActionDef
from gui.engine.contract.edits import refuse_blocked
from gui.engine.contract.sheet_reading import stat
from gui.engine.contract.values import (
    Action,
    ActionError,
    ActionSpec,
    Aim,
    Preview,
    Resolution,
    followed,
    make_log,
    overridden,
)
from gui.engine.core.problems import Words
from gui.engine.core.words import Label, Notice, Term
from gui.engine.dice.odds import Distribution, OddsTooCostly, from_expr
from gui.engine.dice.rolling import DiceExpr
from gui.engine.grid.lines import Cover
from gui.engine.grid.placed import cover_between, squares_apart
from gui.engine.state.changes import Change, ChangeSet, change, log_change
from gui.engine.state.model import Combatant, State
from gui.engine.state.schema import Choice, FieldSpec

PV_FLOOR = "LIB-CFG-1"
_TOTAL = Label(fr="total des dés", en="dice total")
_CUSTOM = conditions.FREE
_ROLL = FieldSpec(key="jet", label=Label(fr="Jet", en="Roll"), kind="dice", default="1d20")
AMOUNT = FieldSpec(key="des", label=Label(fr="Dés", en="Dice"), kind="dice", default="")


def expr(text: object, fallback: str) -> DiceExpr:
    return DiceExpr.parse(text if isinstance(text, str) and text.strip() else fallback)


def request(dice: DiceExpr) -> DiceRequest:
    # An exploding roll has no maximum: any typed total up to a generous bound is accepted.
    top = dice.maximum if dice.maximum is not None else dice.minimum + 10_000
    return DiceRequest(dice, _TOTAL, dice.minimum, top)


def exact(dice: DiceExpr) -> tuple[Distribution | None, tuple[Notice, ...]]:
    """The roll's exact distribution, or none and why when it is too large to compute while
    the GM waits (issue 31: the dice are still rolled or typed)."""
    try:
        return from_expr(dice), ()
    except OddsTooCostly as exc:
        return None, (Notice("", exc.fr, exc.en),)


class Ctx(ActionCtx):
    """One libre action being previewed or resolved."""

    @property
    def acting(self) -> Combatant | None:
        """The actor, when the action has one (a roll without one adds nothing of it)."""
        return self.enc.combatant(self.action.actor) if self.action.actor else None

    def finish(
        self,
        label: Words,
        terms: list[Term],
        dice: DiceResult,
        outcome: Words,
        success: bool | None,
        changes: list[Change],
        amounts: Mapping[str, int] | None = None,
    ) -> tuple[Resolution, ChangeSet]:
        """The Resolution and its ChangeSet: `changes`, then the log line."""
        entry = make_log(self.enc, self.action, label, terms, dice, outcome)
        resolution = Resolution(
            self.action,
            outcome[0],
            outcome[1],
            tuple(terms),
            dice,
            success,
            entry,
            amounts=amounts or {},
        )
        cs = ChangeSet(label[0], (*changes, log_change(self.enc, entry)), label[1])
        return resolution, cs


# Attack (LIB-02) --------------------------------------------------------------------------


def attack_spec(ctx: Ctx) -> ActionSpec:
    return ActionSpec(
        "attack",
        Label(fr="Attaquer", en="Attack"),
        "LIB-02",
        True,
        (_ROLL,),
        ("bonus", "target_number"),
        aim=Aim("foe", out_of_fight=False, rule="LIB-05"),  # LIB-05: out at 0 pv
    )


def _attack_numbers(ctx: Ctx, terms: list[Term]) -> tuple[DiceExpr, int]:
    """LIB-02: the roll plus the attack bonus against the target's Defence (G-3: the GM may
    override either, logged in `terms`)."""
    action, actor = ctx.action, ctx.acting
    base = expr(action.options.get("jet"), "1d20")
    computed = stat(actor, "attaque") if actor else 0
    bonus = int(overridden(action, "bonus", computed, ("bonus d'attaque", "attack bonus"), terms))
    defence = stat(ctx.target, "defense")
    number = int(overridden(action, "target_number", defence, ("Défense", "Defence"), terms))
    rolled = DiceExpr(
        base.count,
        base.sides,
        base.modifier + bonus,
        base.keep_highest,
        base.keep_lowest,
        base.explode,
    )
    terms[:0] = [
        Term(f"jet {base}", "", "LIB-02", f"roll {base}"),
        Term("bonus d'attaque", bonus, "LIB-02", "attack bonus"),
        Term(
            "Défense de la cible (à atteindre)",
            str(number),
            "LIB-02",
            "target's Defence (to reach)",
        ),
    ]
    return rolled, number


def _line_notices(ctx: Ctx) -> list[Notice]:
    """LIB-08: on the grid, an attack needs a line of effect to its target (the GM may
    still let it through, G-3)."""
    action = ctx.action
    if action.actor is None or action.target is None or action.actor == action.target:
        return []
    actor, target = ctx.actor, ctx.target
    melee = squares_apart(ctx.enc, ctx.ruleset, actor, target) == 1
    call = cover_between(ctx.enc, ctx.ruleset, actor, target, melee=melee)
    if call is None or call.cover != Cover.TOTAL:
        return []
    return [
        Notice(
            "LIB-08",
            f"Aucune ligne d’effet vers {target.name} sur la carte : {call.deciding.fr}",
            f"No line of effect to {target.name} on the map: {call.deciding.en}",
            True,
        )
    ]


def attack_preview(ctx: Ctx) -> Preview:
    action = ctx.action
    terms: list[Term] = []
    rolled, number = _attack_numbers(ctx, terms)
    plain = replace(ctx, action=Action(action.kind, action.actor, action.target, action.options))
    rolled_c, number_c = _attack_numbers(plain, [])  # as the rules compute it, no override
    distribution, too_costly = exact(rolled)
    return Preview(
        action,
        tuple(terms),
        request(rolled),
        target_number=number,
        odds=None if distribution is None else distribution.at_least(number),
        odds_note="P(jet ≥ Défense)",
        odds_note_en="P(roll ≥ Defence)",
        distribution=distribution,
        notices=(*_line_notices(ctx), *too_costly),
        computed={
            "bonus": rolled_c.modifier - expr(action.options.get("jet"), "1d20").modifier,
            "target_number": number_c,
        },
    )


def attack_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    terms: list[Term] = []
    rolled, number = _attack_numbers(ctx, terms)
    refuse_blocked(ctx.action, _line_notices(ctx), terms)
    total = dice.total(request(rolled))
    terms.append(Term("résultat du jet", str(total), "LIB-02", "roll result"))
    hit = total >= number
    target = ctx.target.name
    outcome = (
        (f"Touché : {total} contre Défense {number}", f"Hit: {total} against Defence {number}")
        if hit
        else (
            f"Raté : {total} contre Défense {number}",
            f"Miss: {total} against Defence {number}",
        )
    )
    amounts = {"total": total, "target": number}
    label = (f"Attaque contre {target}", f"Attack on {target}")
    result = ctx.finish(label, terms, dice, outcome, hit, [], amounts)
    return followed(result, "damage") if hit else result  # LIB-03: the damage roll next


# Damage (LIB-03) and healing (LIB-04) -----------------------------------------------------


def damage_spec(ctx: Ctx) -> ActionSpec:
    return ActionSpec(
        "damage", Label(fr="Infliger des dégâts", en="Deal damage"), "LIB-03", True, (AMOUNT,)
    )


def heal_spec(ctx: Ctx) -> ActionSpec:
    return ActionSpec("heal", Label(fr="Soigner", en="Heal"), "LIB-04", True, (AMOUNT,))


def damage_dice(ctx: Ctx) -> DiceExpr:
    """LIB-03: the dice typed, else the actor's « degats », else 1d6."""
    own = ctx.acting.stats.get("degats") if ctx.acting else None
    return expr(
        ctx.action.options.get("des"), own if isinstance(own, str) and own.strip() else "1d6"
    )


def _heal_dice(ctx: Ctx) -> DiceExpr:
    """LIB-04: the dice typed, else 1d6."""
    return expr(ctx.action.options.get("des"), "1d6")


def _amount_preview(ctx: Ctx, dice: DiceExpr, what: Words, rule: str) -> Preview:
    distribution, notices = exact(dice)
    return Preview(
        ctx.action,
        (Term(f"{what[0]} {dice}", "", rule, f"{what[1]} {dice}"),),
        request(dice),
        distribution=distribution,
        notices=notices,
    )


def damage_preview(ctx: Ctx) -> Preview:
    return _amount_preview(ctx, damage_dice(ctx), ("dégâts", "damage"), "LIB-03")


def heal_preview(ctx: Ctx) -> Preview:
    return _amount_preview(ctx, _heal_dice(ctx), ("soins", "healing"), "LIB-04")


def _rolled(dice: DiceExpr, result: DiceResult, rule: str) -> tuple[int, list[Term]]:
    amount = max(0, result.total(request(dice)))
    return amount, [Term(f"total {dice}", str(amount), rule, f"total {dice}")]


def lowered(ctx: Ctx, target: Combatant, amount: int) -> tuple[int, list[Term]]:
    """LIB-03: the target's hit points after `amount` of damage (not below 0 with
    LIB-CFG-1, nor below the sheet's own bound, so the file saves), and why."""
    terms: list[Term] = []
    new = stat(target, "pv") - amount
    if ctx.flag(PV_FLOOR) and new < 0:
        new = 0
        terms.append(Term("points de vie ramenés à", "0", PV_FLOOR, "hit points brought to"))
    floor = ctx.ruleset.data.field("pv").minimum
    if floor is not None and new < floor:
        new = int(floor)
        floored = Term(
            "points de vie au minimum de la fiche", str(new), "LIB-03", "sheet's lowest hit points"
        )
        terms.append(floored)
    return new, terms


def hurt_words(target: Combatant, new: int) -> Words:
    """« X perd N PV (a → b) », and « hors de combat » when they fall to 0 (LIB-05)."""
    pv = stat(target, "pv")
    said = (
        f"{target.name} perd {pv - new} PV ({pv} → {new})",
        f"{target.name} loses {pv - new} HP ({pv} → {new})",
    )
    if new <= 0 < pv:
        said = (said[0] + " : hors de combat (LIB-05)", said[1] + ": out of the fight (LIB-05)")
    return said


def damage_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    """LIB-03: the hit points go down by the damage."""
    target = ctx.target
    amount, terms = _rolled(damage_dice(ctx), dice, "LIB-03")
    new, more = lowered(ctx, target, amount)
    label = (f"Dégâts à {target.name}", f"Damage to {target.name}")
    changes = [change(ctx.enc, ("combatants", target.id, "stats", "pv"), new)]
    said = hurt_words(target, new)
    damage = {"damage": stat(target, "pv") - new}
    return ctx.finish(label, [*terms, *more], dice, said, None, changes, damage)


def heal_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    """LIB-04: the hit points go up by the healing, never above the maximum."""
    target = ctx.target
    amount, terms = _rolled(_heal_dice(ctx), dice, "LIB-04")
    pv, pv_max = stat(target, "pv"), stat(target, "pv_max", 1)
    new = max(pv, min(pv_max, pv + amount))
    label = (f"Soins à {target.name}", f"Healing for {target.name}")
    outcome = (
        f"{target.name} regagne {new - pv} PV ({pv} → {new})",
        f"{target.name} regains {new - pv} HP ({pv} → {new})",
    )
    changes = [change(ctx.enc, ("combatants", target.id, "stats", "pv"), new)]
    return ctx.finish(label, terms, dice, outcome, None, changes, {"healing": new - pv})


# Conditions (LIB-06) ----------------------------------------------------------------------


def add_state_spec(ctx: Ctx) -> ActionSpec:
    choices = tuple(Choice(value=s.key, label=s.label) for s in ctx.ruleset.data.states)
    custom = Choice(value=_CUSTOM, label=Label(fr="Autre…", en="Other…"))
    options = (
        FieldSpec(
            key="etat",
            label=Label(fr="État", en="Condition"),
            kind="choice",
            choices=(*choices, custom),
            default=choices[0].value,
        ),
        FieldSpec(
            key="nom",
            label=Label(fr="Nom (autre)", en="Name (other)"),
            kind="text",
            max_length=60,
            default="",
        ),
        FieldSpec(
            key="texte",
            label=Label(fr="Texte de règle", en="Rules text"),
            kind="text",
            default="",
        ),
        FieldSpec(
            key="rounds",
            label=Label(fr="Durée (rounds, 0 = illimitée)", en="Duration (rounds, 0 = unlimited)"),
            kind="int",
            minimum=0,
            maximum=999,
            default=0,
        ),
    )
    label = Label(fr="Appliquer un état", en="Apply a condition")
    return ActionSpec("add_state", label, "LIB-06", True, options)


def remove_state_spec(ctx: Ctx) -> ActionSpec | None:
    """Offered only when the target has a condition to remove."""
    if ctx.action.target is None or not ctx.target.states:
        return None
    keys = tuple(Choice(value=s.key, label=ctx.ruleset.state_label(s)) for s in ctx.target.states)
    which = FieldSpec(
        key="etat",
        label=Label(fr="État", en="Condition"),
        kind="choice",
        choices=keys,
        default=keys[0].value,
    )
    label = Label(fr="Retirer un état", en="Remove a condition")
    return ActionSpec("remove_state", label, "LIB-06", True, (which,))


def _key(ctx: Ctx) -> str:
    return str(ctx.action.options.get("etat", ""))


def _listed_label(ctx: Ctx) -> Label:
    """The name of the chosen condition of the ruleset's list (its key when not listed)."""
    key = _key(ctx)
    for spec in ctx.ruleset.data.states:
        if spec.key == key:
            return spec.label
    return Label(fr=key, en=key)


def _added_label(ctx: Ctx) -> Label:
    """The condition to add: the GM's own name for « Autre… », else the list's."""
    if _key(ctx) == _CUSTOM:
        name = str(ctx.action.options.get("nom", "")).strip()
        return Label(fr=name, en=name)
    return _listed_label(ctx)


def _state_preview(ctx: Ctx, label: Label) -> Preview:
    return Preview(ctx.action, (Term(label.fr, "", "LIB-06", label.en),))


def add_state_preview(ctx: Ctx) -> Preview:
    return _state_preview(ctx, _added_label(ctx))


def remove_state_preview(ctx: Ctx) -> Preview:
    return _state_preview(ctx, _listed_label(ctx))


def _new_state(ctx: Ctx, label: str) -> State:
    """LIB-06: a state of the list or a free one (the GM's own, G-3), for a number of
    rounds (0: until removed)."""
    rounds = ctx.action.options.get("rounds", 0)
    if not isinstance(rounds, int) or isinstance(rounds, bool) or not 0 <= rounds <= 999:
        raise ActionError("Durée entre 0 et 999 rounds", "Duration between 0 and 999 rounds")
    lasting = conditions.Duration("rounds", rounds) if rounds else conditions.Duration()
    text = str(ctx.action.options.get("texte", ""))
    try:
        return conditions.condition(
            ctx.ruleset,
            ctx.enc,
            ctx.target.id,
            _key(ctx),
            lasting,
            ctx.action.actor,
            name=label,
            text=text,
        )
    except conditions.ConditionError as exc:
        raise ActionError(exc.fr, exc.en) from exc


def _states_set(
    ctx: Ctx, label: Label, states: list[State], outcome: Words
) -> tuple[Resolution, ChangeSet]:
    changes = [change(ctx.enc, ("combatants", ctx.target.id, "states"), states)]
    terms = [Term(label.fr, "", "LIB-06", label.en)]
    return ctx.finish(outcome, terms, DiceResult("none"), outcome, None, changes)


def add_state_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    target, label = ctx.target, _added_label(ctx)
    state = _new_state(ctx, label.fr)
    states = [s.replace() for s in target.states if s.key != state.key] + [state]
    rounds = state.expiry.rounds if state.expiry else None
    outcome = (
        f"{target.name} : {state.label}" + (f" pour {rounds} round(s)" if rounds else ""),
        f"{target.name}: {label.en}" + (f" for {rounds} round(s)" if rounds else ""),
    )
    return _states_set(ctx, label, states, outcome)


def remove_state_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    target, key, label = ctx.target, _key(ctx), _listed_label(ctx)
    if not any(s.key == key for s in target.states):
        raise ActionError(f"{target.name} n’a pas cet état", f"{target.name} has no such condition")
    states = [s.replace() for s in target.states if s.key != key]
    outcome = (f"{target.name} n’est plus {label.fr}", f"{target.name} is no longer {label.en}")
    return _states_set(ctx, label, states, outcome)


ActionDef = BaseActionDef[Ctx]

# Every action, in the order the dialog lists them.
ACTIONS: tuple[ActionDef, ...] = (
    ActionDef("attack", attack_spec, attack_preview, attack_resolve),
    ActionDef("damage", damage_spec, damage_preview, damage_resolve),
    ActionDef("heal", heal_spec, heal_preview, heal_resolve),
    ActionDef("add_state", add_state_spec, add_state_preview, add_state_resolve),
    ActionDef("remove_state", remove_state_spec, remove_state_preview, remove_state_resolve),
)
