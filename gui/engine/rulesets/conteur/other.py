"""Other actions: Action avortée (CON-06), Se ressaisir (CON-37), Se relever (CON-39) and
a free roll of Attribute + Ability (dodging, a Willpower roll…)."""

from __future__ import annotations

from gui.engine.checks.request import DiceResult
from gui.engine.contract.edits import Edits, finish, refuse_blocked
from gui.engine.contract.fields import choice_field
from gui.engine.contract.values import ActionSpec, Preview, Resolution
from gui.engine.core.words import Label, Notice, Term
from gui.engine.rulesets.conteur import health, initiative
from gui.engine.rulesets.conteur.context import (
    DICE,
    DIFFICULTY,
    OVERRIDE_LABELS,
    ActionDef,
    Ctx,
    Pool,
    total,
)
from gui.engine.rulesets.conteur.fields import SITUATION_DICE
from gui.engine.rulesets.conteur.sheet import (
    ABILITY_LABEL,
    VAMPIRE,
    WEREWOLF,
    has_state,
    nature,
    stat,
)
from gui.engine.state.changes import ChangeSet
from gui.engine.state.model import State
from gui.engine.state.schema import FieldSpec
from gui.engine.turns import step_in
from gui.engine.turns.declare import in_act_phase
from gui.engine.turns.history import scratch

ABORT, RALLY, STAND, FREE = "avortee", "se_ressaisir", "se_relever", "jet"
ATTRIBUTES = {
    "dexterite": Label(fr="Dextérité", en="Dexterity"),
    "astuce": Label(fr="Astuce", en="Wits"),
    "force": Label(fr="Force", en="Strength"),
    "vigueur": Label(fr="Vigueur", en="Stamina"),
    "volonte": Label(fr="Volonté", en="Willpower"),
}


def _choice(
    key: str, fr: str, en: str, items: list[tuple[str, Label]], default: str, rule: str
) -> FieldSpec:
    """A choice option whose items are named in both languages."""
    return choice_field(key, fr, en, [(v, x.fr, x.en) for v, x in items], rule, default)


# Action avortée ------------------------------------------------------------------------------


def _remaining(ctx: Ctx) -> list[int]:
    """The actor's act entries still to come this turn (indexes in the order)."""
    turn = ctx.enc.turn
    if not in_act_phase(turn):
        return []
    return [
        i
        for i, e in enumerate(turn.order)
        if ctx.actor.id in e.members and not e.acted and e.initiative is not None
    ]


def abort_spec(ctx: Ctx) -> ActionSpec | None:
    remaining = _remaining(ctx)
    order = ctx.enc.turn.order
    items = [
        (
            str(i),
            Label(
                fr=f"{order[i].initiative} : {(order[i].declared or ['action'])[0]}",
                en=f"{order[i].initiative}: {(order[i].declared or ['action'])[0]}",
            ),
        )
        for i in remaining
    ]
    options = (
        _choice(
            "remplace",
            "Action remplacée",
            "Action replaced",
            items or [("-", Label(fr="—", en="—"))],
            items[0][0] if items else "-",
            "CON-06",
        ),
        FieldSpec(
            key="nouvelle",
            label=Label(fr="Nouvelle action", en="New action"),
            kind="text",
            default="Esquive",
            max_length=200,
            rule="CON-06",
        ),
        _choice(
            "moyen",
            "Moyen",
            "How",
            [
                (
                    "jet",
                    Label(fr="Jet de Volonté (difficulté 7)", en="Willpower roll (difficulty 7)"),
                ),
                ("point", Label(fr="1 point de volonté", en="1 Willpower point")),
            ],
            "jet",
            "CON-06",
        ),
    )
    return ActionSpec(
        ABORT,
        Label(fr="Action avortée", en="Aborted action"),
        "CON-06",
        False,
        options,
        (DICE, DIFFICULTY),
        OVERRIDE_LABELS,
    )


def _abort_pool(ctx: Ctx) -> Pool:
    notices = []
    if not _remaining(ctx):
        notices.append(
            Notice(
                "CON-06",
                "Plus d’action ce tour-ci à remplacer",
                "No action left this turn to replace",
                True,
            )
        )
    if ctx.choice("moyen", "jet") == "point":
        if stat(ctx.actor, "volonte_points") < 1:
            notices.append(
                Notice("CON-06", "Plus de point de volonté", "No Willpower point left", True)
            )
        terms = (
            Term(
                "1 point de volonté dépensé : réussite sans jet",
                -1,
                "CON-06",
                "1 Willpower point spent: success without a roll",
            ),
        )
        return Pool(0, 7, terms, tuple(notices))
    terms = (
        Term("Volonté", stat(ctx.actor, "volonte"), "CON-06", "Willpower"),
        Term("difficulté du jet de Volonté", 7, "CON-06", "Willpower roll difficulty"),
    )
    return Pool(stat(ctx.actor, "volonte"), 7, terms, tuple(notices))


def abort_preview(ctx: Ctx) -> Preview:
    pool = _abort_pool(ctx)
    if ctx.choice("moyen", "jet") == "point":
        return ctx.without_dice(pool, ("Point de volonté : pas de jet", "Willpower point: no roll"))
    return ctx.preview(ctx.settle(pool), pool)


def abort_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    actor = ctx.actor
    computed = _abort_pool(ctx)
    paying = ctx.choice("moyen", "jet") == "point"
    pool, terms = ctx.allowed(computed, settle=not paying)
    edits = Edits(ctx.enc)
    if paying:
        edits.add(("combatants", actor.id, "stats", "volonte_points"), -1)
        success = True
    else:
        success = ctx.read(pool, dice).successes >= 1
    typed = ctx.choice("nouvelle", "").strip()
    text, text_en = typed or "action avortée", typed or "aborted action"
    label = (f"{actor.name} : action avortée ({text})", f"{actor.name}: aborted action ({text_en})")
    if not success:
        return finish(
            edits,
            ctx.action,
            label,
            terms,
            dice,
            (
                "Jet de Volonté raté : l’action déclarée reste",
                "Willpower roll failed: the declared action stands",
            ),
            False,
        )
    turn = ctx.enc.turn
    remaining = _remaining(ctx)
    # A missing option takes its field's default: the first action still to come.
    chosen = ctx.choice("remplace", str(remaining[0]) if remaining else "-")
    if in_act_phase(turn) and chosen.isdigit() and int(chosen) in remaining:
        new = scratch(turn)
        entry = step_in(turn, new, int(chosen))
        entry.declared = [f"Avortée : {text}"]
        entry.delayed = False
        edits.set(("turn",), new)
        terms.append(
            Term(
                "remplace l’action déclarée et agit maintenant",
                "",
                "CON-06",
                "replaces the declared action and acts now",
            )
        )
    return finish(
        edits,
        ctx.action,
        label,
        terms,
        dice,
        (f"Action avortée : {text}", f"Aborted action: {text_en}"),
        True,
    )


# Se ressaisir, se relever -------------------------------------------------------------------


def _rally_items(ctx: Ctx) -> list[tuple[str, Label]]:
    items = [("volonte_points", Label(fr="1 point de volonté", en="1 Willpower point"))]
    if nature(ctx.actor) == VAMPIRE:
        items.insert(0, ("sang", Label(fr="1 point de sang", en="1 blood point")))
    if nature(ctx.actor) == WEREWOLF:
        items.insert(0, ("rage", Label(fr="1 point de Rage", en="1 Rage point")))
    return items


def rally_spec(ctx: Ctx) -> ActionSpec | None:
    if not has_state(ctx.actor, initiative.STUNNED):
        return None
    items = _rally_items(ctx)
    option = _choice("ressource", "Dépense", "Spend", items, items[0][0], "CON-37")
    return ActionSpec(
        RALLY, Label(fr="Se ressaisir", en="Shake off the stun"), "CON-37", False, (option,)
    )


def _rally_terms(ctx: Ctx) -> tuple[str, list[Term], list[Notice]]:
    key = ctx.choice("ressource", _rally_items(ctx)[0][0])
    notices = []
    if stat(ctx.actor, key) < 1:
        notices.append(Notice("CON-37", "Plus de point à dépenser", "No point left to spend", True))
    fields = ctx.ruleset.data.field_map(ctx.actor.tier)
    name = fields[key].label.en if key in fields else key
    spent = Term(f"1 point dépensé ({key})", -1, "CON-37", f"1 point spent ({name})")
    return key, [spent], notices


def rally_preview(ctx: Ctx) -> Preview:
    _key, terms, notices = _rally_terms(ctx)
    return Preview(ctx.action, tuple(terms), None, notices=tuple(notices))


def rally_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    key, terms, notices = _rally_terms(ctx)
    refuse_blocked(ctx.action, notices, terms)
    edits = Edits(ctx.enc)
    edits.add(("combatants", ctx.actor.id, "stats", key), -1)
    edits.remove_state(ctx.actor.id, initiative.STUNNED)
    return finish(
        edits,
        ctx.action,
        (f"{ctx.actor.name} se ressaisit", f"{ctx.actor.name} shakes off the stun"),
        terms,
        dice,
        ("N’est plus étourdi et peut agir", "No longer stunned, can act"),
        True,
    )


def stand_spec(ctx: Ctx) -> ActionSpec | None:
    if not has_state(ctx.actor, "au_sol"):
        return None
    return ActionSpec(STAND, Label(fr="Se relever", en="Get up"), "CON-39", False)


def stand_preview(ctx: Ctx) -> Preview:
    penalty = Term(
        "−2 à l'initiative de sa prochaine action",
        "",
        "CON-39",
        "−2 initiative on its next action",
    )
    return Preview(ctx.action, (penalty,))


def stand_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    c = ctx.actor
    edits = Edits(ctx.enc)
    edits.remove_state(c.id, "au_sol")
    getting_up = State(
        key="se_relever",
        label="Se relève (−2 init.)",
        text="−2 à l'initiative de sa prochaine action (CON-39).",
        text_en="−2 to the initiative of their next action (CON-39).",
    )
    terms = [initiative.next_action_penalty(edits, c, getting_up, "CON-39")]
    return finish(
        edits,
        ctx.action,
        (f"{c.name} se relève", f"{c.name} gets up"),
        terms,
        dice,
        (
            "Debout ; −2 à l’initiative de sa prochaine action",
            "Standing; −2 initiative on its next action",
        ),
        True,
    )


# Jet libre ------------------------------------------------------------------------------------


def free_spec(ctx: Ctx) -> ActionSpec | None:
    options = (
        _choice(
            "attribut", "Attribut", "Attribute", list(ATTRIBUTES.items()), "dexterite", "CON-42"
        ),
        _choice(
            "capacite",
            "Capacité",
            "Ability",
            [("-", Label(fr="Aucune", en="None")), *ABILITY_LABEL.items()],
            "athletisme",
            "CON-42",
        ),
        FieldSpec(
            key="difficulte_jet",
            label=Label(fr="Difficulté", en="Difficulty"),
            kind="int",
            minimum=2,
            maximum=10,
            default=6,
            rule="CON-13",
        ),
        SITUATION_DICE,
    )
    return ActionSpec(
        FREE,
        Label(fr="Autre jet (esquive, Volonté…)", en="Other roll (dodge, Willpower…)"),
        "CON-42",
        False,
        options,
        (DICE, DIFFICULTY),
        OVERRIDE_LABELS,
    )


def _free_pool(ctx: Ctx) -> Pool:
    c = ctx.actor
    attribute = ctx.choice("attribut", "dexterite")
    ability = ctx.choice("capacite", "athletisme")  # the field's default
    name = ATTRIBUTES.get(attribute, Label(fr=attribute, en=attribute))
    terms = [Term(name.fr, stat(c, attribute), "CON-42", name.en)]
    if ability in ABILITY_LABEL:
        name = ABILITY_LABEL[ability]
        terms.append(Term(name.fr, stat(c, ability), "CON-42", name.en))
    if attribute != "volonte":
        _, wound = health.wound_penalty(c)
        if wound:
            terms.append(wound)
        multi = initiative.multi_penalty(
            c, initiative.action_number(ctx.enc, c), ctx.flag(initiative.MULTI_FLAG) == "v20"
        )
        if multi:
            terms.append(multi)
    if ctx.number("mod_des"):
        terms.append(Term("situation", ctx.number("mod_des"), "CON-44", "situation"))
    dice = total(terms)
    diff = ctx.number("difficulte_jet", 6)
    terms.append(Term("difficulté", diff, "CON-13", "difficulty"))
    return Pool(dice, diff, tuple(terms))


def free_preview(ctx: Ctx) -> Preview:
    pool = _free_pool(ctx)
    return ctx.preview(ctx.settle(pool), pool)


def free_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    pool = ctx.settle(_free_pool(ctx))
    roll = ctx.read(pool, dice)
    if roll.botch:
        outcome = ("Échec critique (CON-42)", "Botch (CON-42)")
    elif roll.successes:
        outcome = (f"{roll.successes} succès", f"{roll.successes} successes")
    else:
        outcome = ("Échec", "Failure")
    return finish(
        Edits(ctx.enc),
        ctx.action,
        (f"{ctx.actor.name} : jet", f"{ctx.actor.name}: roll"),
        list(pool.terms),
        dice,
        outcome,
        roll.successes > 0,
    )


ACTIONS: tuple[ActionDef, ...] = (
    ActionDef(ABORT, abort_spec, abort_preview, abort_resolve),
    ActionDef(RALLY, rally_spec, rally_preview, rally_resolve),
    ActionDef(STAND, stand_spec, stand_preview, stand_resolve),
    ActionDef(FREE, free_spec, free_preview, free_resolve),
)
