"""The actions of a turn besides attacking (DOU-19 to DOU-30, DOU-07, DOU-11): Esquiver,
Se désengager, Se précipiter, Aider, Se cacher, Chercher, Se tenir prêt, Utiliser un objet,
Interagir avec un objet, Se relever, Se jeter à terre and an improvised action, each a
planned Kind (kind.py) whose cost is what it spends of the turn's budget (budget.py); what
the rules forbid is a blocking notice the GM may pass over (G-3). The checks (Stealth,
Perception, Investigation, improvised) are 3d6 + modifier ≥ the target with the edges of
DOU-73; three 6s and three 1s decide attack rolls only (DOU-36, DOU-37), so a check has no
automatic result (reading, as the dodge's save in defense.py)."""

from __future__ import annotations

import math
from collections.abc import Callable

from gui.engine.checks import Check, CheckOutcome, EdgeSource
from gui.engine.contract.edits import Edits
from gui.engine.contract.fields import bool_field, choice_field, int_field
from gui.engine.contract.values import overridden
from gui.engine.core.problems import Words
from gui.engine.core.words import Label, Term
from gui.engine.rulesets.douaratil import budget, sheet
from gui.engine.rulesets.douaratil.attack import HELPED, TASK
from gui.engine.rulesets.douaratil.context import Ctx
from gui.engine.rulesets.douaratil.kind import Kind, spends
from gui.engine.rulesets.douaratil.plan import Plan
from gui.engine.state.model import Combatant, Expiry, State
from gui.engine.state.schema import FieldSpec

DODGE, DISENGAGE, DASH = "esquiver_action", "se_desengager", "se_precipiter"
HELP, HIDE, SEARCH, READY = "aider", "se_cacher", "chercher", "se_tenir_pret"
USE_OBJECT, INTERACT = "utiliser_objet", "interagir_objet"
STAND, DROP, IMPROVISE = "se_relever", "se_jeter_a_terre", "action_improvisee"
OBSERVER_FLAG = "CFG-DOU-6"  # "observateur": a tie goes to the observer (A-DOU-6)
PP = "perception_passive"  # the hide's target, which the GM may override (G-3)
PP_LABEL = Label(fr="Perception passive", en="Passive Perception")
# attack.py gives the advantage of DOU-20 and removes it; a task's help (its text starting
# with TASK) is for checks (DOU-19), not for attacks.
NO_FOE = "-"


# Shared pieces -------------------------------------------------------------------------------


def _state(ctx: Ctx, key: str, expiry: Expiry | None = None, **more) -> State:
    """A state of the ruleset's list, named as the list names it (so shown in both
    languages)."""
    spec = next((s for s in ctx.ruleset.data.states if s.key == key), None)
    return State(key=key, label=spec.label.fr if spec else key, expiry=expiry, **more)


ACTION = spends("action")  # DOU-05: the cost of an action


def _acting(ctx: Ctx, rule: str) -> Plan:
    """The plan of an action, with the actor's objections (its cost's are the Kind's)."""
    plan = Plan()
    _able(ctx, plan)
    plan.terms.append(_rule_term(rule))
    return plan


def _rule_term(rule: str) -> Term:
    return Term(_RULE_WORDS[rule][0], "", rule, _RULE_WORDS[rule][1])


_RULE_WORDS = {
    "DOU-07": ("interaction gratuite avec un objet", "free object interaction"),
    "DOU-19": ("aider", "help"),
    "DOU-20": ("aider une attaque", "help an attack"),
    "DOU-22": ("chercher", "search"),
    "DOU-23": ("esquiver (action)", "dodge (action)"),
    "DOU-25": ("se cacher", "hide"),
    "DOU-26": ("se désengager", "disengage"),
    "DOU-27": ("se précipiter", "dash"),
    "DOU-28": ("se tenir prêt", "ready"),
    "DOU-29": ("utiliser un objet", "use an object"),
    "DOU-30": ("action improvisée", "improvised action"),
}


def _able(ctx: Ctx, plan: Plan) -> None:
    """A creature down (0 PA) or incapacitated takes no action (A-DOU-8; the incapacitated
    condition is not in the excerpt, G-6)."""
    actor = ctx.actor
    if ctx.ruleset.is_out(ctx.enc, actor):
        plan.block("A-DOU-8", "Hors de combat : pas d’action", "Out of the fight: no action")
    elif not ctx.able(actor):
        plan.block(
            "G-6",
            "Neutralisé : ni action ni réaction (hors extrait, SRD 5e)",
            "Incapacitated: no action nor reaction (not in excerpt, 5e SRD)",
        )


def _text(key: str, fr: str, en: str, rule: str, default: str = "") -> FieldSpec:
    return FieldSpec(
        key=key,
        label=Label(fr=fr, en=en),
        kind="text",
        default=default,
        max_length=300,
        rule=rule,
    )


def _typed(ctx: Ctx, key: str) -> str:
    return ctx.choice(key, "").strip()


SKILLS = {
    "discretion": Label(fr="Discrétion", en="Stealth"),
    "perception": Label(fr="Perception", en="Perception"),
    "investigation": Label(fr="Investigation", en="Investigation"),
}


def _skill(c: Combatant, ability: str, skill: str, rule: str) -> tuple[int, list[Term]]:
    """An ability check's modifier: the ability modifier, + proficiency if the creature is
    proficient in the skill (A-DOU-5, A-DOU-4's pattern)."""
    terms = [sheet.modifier_term(c, ability, rule)]
    if c.stats.get(skill):
        name = SKILLS[skill]
        terms.append(
            Term(f"maîtrise ({name.fr})", sheet.proficiency(c), rule, f"proficiency ({name.en})")
        )
    return sum(int(t.value) for t in terms), terms  # type: ignore[arg-type]


def passive_perception(c: Combatant) -> int:
    """A-DOU-6: 10 + Wisdom modifier (+ proficiency in Perception)."""
    return 10 + _skill(c, "sagesse", "perception", "A-DOU-6")[0]


def _edge_options(ctx: Ctx) -> tuple[FieldSpec, ...]:
    """Advantage or disadvantage from elsewhere, and the help received for this task."""
    out = [
        bool_field("avantage", "Avantage (autre source)", "Advantage (other source)", "DOU-73"),
        bool_field(
            "desavantage", "Désavantage (autre source)", "Disadvantage (other source)", "DOU-73"
        ),
    ]
    if _task_help(ctx.actor) is not None:
        out.insert(
            0, bool_field("aide", "Aidé pour cette tâche", "Helped with this task", "DOU-19", True)
        )
    return tuple(out)


def _task_help(c: Combatant) -> State | None:
    """The help with a task (DOU-19) the creature has, if any."""
    return next((s for s in c.states if s.key == HELPED and s.text.startswith(TASK)), None)


def _checked(
    ctx: Ctx, plan: Plan, modifier: int, target: int, rule: str, strict: bool = False
) -> None:
    """Set the plan's check: 3d6 + modifier against target, with its edge (DOU-73)."""
    sources = []
    if _task_help(ctx.actor) is not None and ctx.yes("aide", True):
        sources.append(EdgeSource("aidé pour cette tâche", "DOU-19", True, "helped with this task"))
    if ctx.yes("avantage"):
        sources.append(EdgeSource("autre source (MJ)", "DOU-73", True, "other source (GM)"))
    if ctx.yes("desavantage"):
        sources.append(EdgeSource("autre source (MJ)", "DOU-73", False, "other source (GM)"))
    plan.edge = ctx.edge(sources)
    plan.terms += plan.edge.terms()
    plan.check = Check(modifier, target, strict=strict)
    plan.rule = rule


def _used_help(ctx: Ctx, edits: Edits) -> None:
    """The help with a task is spent on the check it helped (DOU-19)."""
    if _task_help(ctx.actor) is not None and ctx.yes("aide", True):
        edits.remove_state(ctx.actor.id, HELPED)


def _check_said(result: CheckOutcome | None, fr: str, en: str) -> Words:
    assert result is not None
    if result.success:
        return f"Réussite ({result.total}) : {fr}", f"Success ({result.total}): {en}"
    return f"Échec ({result.total})", f"Failure ({result.total})"


# Esquiver, se désengager, se précipiter -------------------------------------------------------


def _dodge_plan(ctx: Ctx) -> Plan:
    plan = _acting(ctx, "DOU-23")
    if sheet.speed(ctx.actor) <= 0:
        plan.warn(
            "DOU-23",
            "Vitesse 0 : l’esquive ne protège pas",
            "Speed 0: the dodge gives no protection",
        )
    plan.terms.append(
        Term(
            "jusqu’au début de son prochain tour",
            "",
            "DOU-23",
            "until the start of its next turn",
        )
    )
    return plan


def _dodge(ctx: Ctx, edits: Edits, plan: Plan, _result: CheckOutcome | None) -> Words:
    edits.add_state(ctx.actor.id, _state(ctx, "esquive", Expiry(at="turn_start")))
    return (
        "Esquive : désavantage aux attaques contre lui, avantage aux JS de Dextérité",
        "Dodging: disadvantage on attacks against it, advantage on Dexterity saves",
    )


def _disengage_plan(ctx: Ctx) -> Plan:
    plan = _acting(ctx, "DOU-26")
    plan.terms.append(Term("jusqu’à la fin du tour", "", "DOU-26", "until the end of the turn"))
    return plan


def _disengage(ctx: Ctx, edits: Edits, plan: Plan, _result: CheckOutcome | None) -> Words:
    edits.add_state(ctx.actor.id, _state(ctx, "desengage", Expiry(at="turn_end")))
    return (
        "Désengagé : pas d’attaque d’opportunité jusqu’à la fin du tour",
        "Disengaged: no opportunity attack until the end of the turn",
    )


def _dash_plan(ctx: Ctx) -> Plan:
    plan = _acting(ctx, "DOU-27")
    speed = sheet.speed(ctx.actor)
    plan.terms += [
        sheet.metres_term("vitesse actuelle", speed, "DOU-27", "current speed"),
        sheet.metres_term("déplacement ce tour", 2 * speed, "DOU-27", "movement this turn"),
    ]
    return plan


def _dash(ctx: Ctx, edits: Edits, plan: Plan, _result: CheckOutcome | None) -> Words:
    edits.add_state(ctx.actor.id, _state(ctx, "precipite", Expiry(at="turn_end")))
    metres = 2 * sheet.speed(ctx.actor)
    return (
        f"Se précipite : {sheet.metres_text(metres)[0]} de déplacement ce tour",
        f"Dashing: {metres:g} m of movement this turn",
    )


# Aider ---------------------------------------------------------------------------------------


def _foes(ctx: Ctx) -> list[Combatant]:
    return [o for o in ctx.enc.combatants if ctx.hostile(ctx.actor, o)]


def _help_options(ctx: Ctx) -> tuple[FieldSpec, ...]:
    foes = [(o.id, o.name, o.name) for o in _foes(ctx)] or [(NO_FOE, "—", "—")]
    return (
        choice_field(
            "pour",
            "Aider",
            "Help with",
            [("attaque", "une attaque", "an attack"), ("tache", "une tâche", "a task")],
            "DOU-20",
            "attaque",
        ),
        choice_field(
            "ennemi", "Cible de l’attaque", "Target of the attack", foes, "DOU-20", foes[0][0]
        ),
        int_field(
            "distance",
            "Distance aidant–cible (m, −1 : la carte)",
            "Distance helper–target (m, −1: the map)",
            "DOU-20",
            -1,
            999,
            -1,
        ),
        _text("tache", "Tâche", "Task", "DOU-19"),
    )


def _attack_help(ctx: Ctx) -> bool:
    return ctx.choice("pour", "attaque") == "attaque"


def _help_plan(ctx: Ctx) -> Plan:
    actor, ally = ctx.actor, ctx.target
    rule = "DOU-20" if _attack_help(ctx) else "DOU-19"
    plan = _acting(ctx, rule)
    if ally.id == actor.id:
        plan.block(rule, "On n’aide pas soi-même", "A creature cannot help itself")
    elif ctx.hostile(actor, ally):
        plan.warn(rule, f"{ally.name} n’est pas un allié", f"{ally.name} is not an ally")
    if not _attack_help(ctx):
        plan.terms.append(
            Term(
                "avantage au prochain test pour la tâche",
                "",
                "DOU-19",
                "advantage on the next check for the task",
            )
        )
        return plan
    foe = ctx.other("ennemi")
    if foe is None:
        plan.block("DOU-20", "Choisir la cible de l’attaque", "Choose the target of the attack")
        return plan
    near, given = ctx.close_by(actor, foe)
    if given is not None:
        plan.terms.append(given)
    if not near:
        plan.block(
            "DOU-20",
            f"{foe.name} n’est pas à 1,50 m de l’aidant",
            f"{foe.name} is not within 1.50 m of the helper",
        )
    plan.terms.append(
        Term(
            f"avantage à la première attaque contre {foe.name}",
            "",
            "DOU-20",
            f"advantage on the first attack against {foe.name}",
        )
    )
    return plan


def _help(ctx: Ctx, edits: Edits, plan: Plan, _result: CheckOutcome | None) -> Words:
    actor, ally = ctx.actor, ctx.target
    until = Expiry(at="turn_start", whose="source")
    if _attack_help(ctx):
        foe = ctx.other("ennemi")
        name = foe.name if foe is not None else "?"
        text = (f"Attaque (DOU-20) contre {name}", f"Attack (DOU-20) against {name}")
        said = (
            f"{ally.name} aura l’avantage à sa première attaque contre {name}",
            f"{ally.name} will have advantage on its first attack against {name}",
        )
    else:
        task = _typed(ctx, "tache")
        text = (
            f"{TASK} : {task}" if task else TASK,
            f"Task (DOU-19): {task}" if task else "Task (DOU-19)",
        )
        said = (
            f"{ally.name} aura l’avantage à son prochain test pour la tâche",
            f"{ally.name} will have advantage on its next check for the task",
        )
    edits.add_state(
        ally.id, _state(ctx, HELPED, until, source=actor.id, text=text[0], text_en=text[1])
    )
    return said


# Se cacher, chercher, action improvisée --------------------------------------------------------


def _hide_plan(ctx: Ctx) -> Plan:
    actor = ctx.actor
    plan = _acting(ctx, "DOU-25")
    modifier, terms = _skill(actor, "dexterite", "discretion", "DOU-25")
    plan.terms += terms
    observers = [o for o in ctx.enc.combatants if ctx.hostile(actor, o) and ctx.able(o)]
    if observers:
        best = max(observers, key=passive_perception)
        value = passive_perception(best)
        plan.terms.append(
            Term(
                f"Perception passive la plus haute ({best.name})",
                str(value),
                "A-DOU-6",
                f"highest passive Perception ({best.name})",
            )
        )
    else:
        value = 0
        plan.warn(
            "DOU-25",
            "Aucune créature hostile en état d’observer",
            "No hostile creature able to notice it",
        )
    plan.computed = {PP: value}
    value = int(
        overridden(ctx.action, PP, value, ("Perception passive", "Passive Perception"), plan.terms)
    )
    observer_wins = ctx.flag(OBSERVER_FLAG) == "observateur"
    if observer_wins:
        plan.terms.append(
            Term(
                "égalité : l’observateur le remarque",
                "",
                "CFG-DOU-6",
                "a tie: the observer notices",
            )
        )
    else:
        plan.terms.append(
            Term("égalité : reste inaperçu", "", "A-DOU-6", "a tie: it stays unnoticed")
        )
    _checked(ctx, plan, modifier, value, "DOU-25", strict=observer_wins)
    return plan


def _hide(ctx: Ctx, edits: Edits, plan: Plan, result: CheckOutcome | None) -> Words:
    _used_help(ctx, edits)
    if result is not None and result.success:
        edits.add_state(ctx.actor.id, _state(ctx, "cache"))
    return _check_said(result, "caché", "hidden")


_SEARCH_SKILLS = {
    "perception": ("sagesse", "Sagesse (Perception)", "Wisdom (Perception)"),
    "investigation": (
        "intelligence",
        "Intelligence (Investigation)",
        "Intelligence (Investigation)",
    ),
}


def _search_options(ctx: Ctx) -> tuple[FieldSpec, ...]:
    items = [(k, fr, en) for k, (_a, fr, en) in _SEARCH_SKILLS.items()]
    return (
        choice_field("test", "Test", "Check", items, "DOU-22", "perception"),
        int_field("dd", "DD", "DC", "DOU-22", 0, 60, 10),
        _text("quoi", "Ce qui est cherché", "What is sought", "DOU-22"),
        *_edge_options(ctx),
    )


def _search_plan(ctx: Ctx) -> Plan:
    plan = _acting(ctx, "DOU-22")
    skill = ctx.choice("test", "perception")
    ability, fr, en = _SEARCH_SKILLS.get(skill, _SEARCH_SKILLS["perception"])
    plan.terms.append(Term("test", fr, "DOU-22", "check", en))
    modifier, terms = _skill(ctx.actor, ability, skill, "DOU-22")
    plan.terms += terms
    dc = ctx.number("dd", 10)
    plan.terms.append(Term("DD fixé par le MJ", str(dc), "DOU-22", "DC set by the GM"))
    _checked(ctx, plan, modifier, dc, "DOU-22")
    return plan


def _search(ctx: Ctx, edits: Edits, plan: Plan, result: CheckOutcome | None) -> Words:
    _used_help(ctx, edits)
    sought = _typed(ctx, "quoi")
    fr, en = (f"trouve ({sought})", f"found ({sought})") if sought else ("trouvé", "found")
    return _check_said(result, fr, en)


def _improvised_options(ctx: Ctx) -> tuple[FieldSpec, ...]:
    return (
        _text("quoi", "Action", "Action", "DOU-30"),
        int_field("modificateur", "Modificateur", "Modifier", "DOU-30", -30, 30, 0),
        int_field("dd", "DD", "DC", "DOU-30", 0, 60, 10),
        *_edge_options(ctx),
    )


def _improvised_plan(ctx: Ctx) -> Plan:
    plan = _acting(ctx, "DOU-30")
    what = _typed(ctx, "quoi")
    if what:
        plan.terms.append(Term("action", what, "DOU-30", "action"))
    modifier, dc = ctx.number("modificateur"), ctx.number("dd", 10)
    plan.terms += [
        Term("modificateur fixé par le MJ", modifier, "DOU-30", "modifier set by the GM"),
        Term("DD fixé par le MJ", str(dc), "DOU-30", "DC set by the GM"),
    ]
    _checked(ctx, plan, modifier, dc, "DOU-30")
    return plan


def _improvised(ctx: Ctx, edits: Edits, plan: Plan, result: CheckOutcome | None) -> Words:
    _used_help(ctx, edits)
    what = _typed(ctx, "quoi")
    return _check_said(result, what or "l’action aboutit", what or "the action succeeds")


# Se tenir prêt -------------------------------------------------------------------------------


def _ready_options(_ctx: Ctx) -> tuple[FieldSpec, ...]:
    return (
        _text("declencheur", "Déclencheur et réponse", "Trigger and response", "DOU-28"),
        bool_field("sort", "Sort retenu (concentration)", "Held spell (concentration)", "DOU-28"),
    )


def _ready_plan(ctx: Ctx) -> Plan:
    actor = ctx.actor
    plan = _acting(ctx, "DOU-28")
    trigger = _typed(ctx, "declencheur")
    if trigger:
        plan.terms.append(Term("déclencheur", trigger, "DOU-28", "trigger"))
    else:
        plan.warn("DOU-28", "Aucun déclencheur choisi", "No trigger chosen")
    if budget.spent(actor, "reaction"):
        plan.warn(
            "DOU-08",
            "Réaction déjà utilisée : elle ne revient qu’au début de son prochain tour",
            "Reaction already used: it comes back only at the start of its next turn",
        )
    if ctx.yes("sort"):
        plan.terms.append(
            Term(
                "sort d’une action, lancé et retenu : concentration",
                "",
                "DOU-28",
                "a one-action spell, cast and held: concentration",
            )
        )
        if sheet.has_state(actor, "concentration"):
            plan.warn(
                "DOU-28",
                "La concentration en cours prend fin (son sort se dissipe)",
                "The current concentration ends (its spell is lost)",
            )
    return plan


def _ready(ctx: Ctx, edits: Edits, plan: Plan, _result: CheckOutcome | None) -> Words:
    actor, trigger = ctx.actor, _typed(ctx, "declencheur")
    until = Expiry(at="turn_start")
    edits.add_state(actor.id, _state(ctx, "pret", until, text=trigger, text_en=trigger))
    said = [f"Prêt : {trigger or '?'}", f"Readied: {trigger or '?'}"]
    if ctx.yes("sort"):
        text = ("Sort retenu (DOU-28)", "Held spell (DOU-28)")
        edits.add_state(
            actor.id, _state(ctx, "concentration", until, text=text[0], text_en=text[1])
        )
        said[0] += " (sort retenu, concentration)"
        said[1] += " (held spell, concentration)"
    return said[0], said[1]


# Objets --------------------------------------------------------------------------------------


def _object_option(rule: str) -> Callable[[Ctx], tuple[FieldSpec, ...]]:
    return lambda _ctx: (_text("objet", "Objet", "Object", rule),)


def _use_plan(ctx: Ctx) -> Plan:
    plan = _acting(ctx, "DOU-29")
    if what := _typed(ctx, "objet"):
        plan.terms.append(Term("objet", what, "DOU-29", "object"))
    return plan


def _interact_plan(ctx: Ctx) -> Plan:
    plan = Plan(terms=[_rule_term("DOU-07")])
    if budget.spent(ctx.actor, "objet"):
        plan.warn(
            "DOU-07",
            "Une deuxième interaction demande l’action « Utiliser un objet »",
            "A second interaction needs the action 'Use an object'",
        )
    if what := _typed(ctx, "objet"):
        plan.terms.append(Term("objet", what, "DOU-07", "object"))
    return plan


def _object(ctx: Ctx, edits: Edits, plan: Plan, _result: CheckOutcome | None) -> Words:
    what = _typed(ctx, "objet")
    return (f"Objet : {what}", f"Object: {what}") if what else ("Objet utilisé", "Object used")


# Se relever, se jeter à terre ----------------------------------------------------------------


def stand_cost(c: Combatant) -> float:
    """DOU-11: half of the speed, rounded down to 0,1 m (A-DOU-32)."""
    return math.floor(sheet.speed(c) * 10 / 2) / 10


def _stand_plan(ctx: Ctx) -> Plan:
    actor = ctx.actor
    plan = Plan()
    speed, cost = sheet.speed(actor), stand_cost(actor)
    left = round(budget.allowance(actor) - budget.moved(actor), 1)
    plan.terms += [
        sheet.metres_term("coût : la moitié de la vitesse", cost, "DOU-11", "cost: half the speed"),
        sheet.metres_term("déplacement restant", left, "DOU-09", "movement left"),
    ]
    if sheet.has_state(actor, "surpris"):
        plan.block("DOU-02", "Surpris : pas de déplacement", "Surprised: no movement")
    if speed <= 0:
        plan.block("DOU-11", "Vitesse 0 : impossible de se relever", "Speed 0: cannot stand up")
    elif left < cost:
        plan.block(
            "DOU-11",
            f"Déplacement restant insuffisant ({left:g} m < {cost:g} m)",
            f"Not enough movement left ({left:g} m < {cost:g} m)",
        )
    return plan


def _stand(ctx: Ctx, edits: Edits, plan: Plan, _result: CheckOutcome | None) -> Words:
    actor, cost = ctx.actor, stand_cost(ctx.actor)
    budget.move(edits, actor, cost)
    edits.remove_state(actor.id, "a_terre")
    return f"Debout ({cost:g} m de déplacement)", f"Standing ({cost:g} m of movement)"


def _drop_plan(ctx: Ctx) -> Plan:
    actor = ctx.actor
    plan = Plan(terms=[Term("gratuit", "", "DOU-11", "free")])
    if _falls(actor):
        plan.warn("DOU-15", "En vol : il tombe", "Flying: it falls")
    elif sheet.speed(actor, "vitesse_vol") > 0 and not actor.stats.get("vol_stationnaire"):
        plan.warn(
            "DOU-15",
            "S’il vole, il tombe (sans vol stationnaire)",
            "If flying, it falls (it cannot hover)",
        )
    return plan


def _falls(c: Combatant) -> bool:
    """DOU-15: a creature flying now (« En vol ») that cannot hover falls when knocked prone."""
    return sheet.has_state(c, budget.FLY.state) and not c.stats.get("vol_stationnaire")


def _drop(ctx: Ctx, edits: Edits, plan: Plan, _result: CheckOutcome | None) -> Words:
    edits.add_state(ctx.actor.id, _state(ctx, "a_terre"))
    if _falls(ctx.actor):  # DOU-15: it no longer flies (the fall's damage is the GM's)
        edits.remove_state(ctx.actor.id, budget.FLY.state)
        return "À terre : il tombe (DOU-15)", "Prone: it falls (DOU-15)"
    return "À terre", "Prone"


def _prone(ctx: Ctx) -> bool:
    return sheet.has_state(ctx.actor, "a_terre")


KINDS: tuple[Kind, ...] = (
    Kind.planned(
        DODGE,
        Label(fr="Esquiver (action)", en="Dodge (action)"),
        "DOU-23",
        _dodge_plan,
        _dodge,
        ACTION,
        mount_may=True,  # DOU-67
    ),
    Kind.planned(
        DISENGAGE,
        Label(fr="Se désengager", en="Disengage"),
        "DOU-26",
        _disengage_plan,
        _disengage,
        ACTION,
        mount_may=True,  # DOU-67
    ),
    Kind.planned(
        DASH,
        Label(fr="Se précipiter", en="Dash"),
        "DOU-27",
        _dash_plan,
        _dash,
        ACTION,
        mount_may=True,  # DOU-67
    ),
    Kind.planned(
        HELP,
        Label(fr="Aider", en="Help"),
        "DOU-20",
        _help_plan,
        _help,
        ACTION,
        options=_help_options,
        needs_target=True,
    ),
    Kind.planned(
        HIDE,
        Label(fr="Se cacher", en="Hide"),
        "DOU-25",
        _hide_plan,
        _hide,
        ACTION,
        options=_edge_options,
        overridable=(PP,),
        override_labels={PP: PP_LABEL},
    ),
    Kind.planned(
        SEARCH,
        Label(fr="Chercher", en="Search"),
        "DOU-22",
        _search_plan,
        _search,
        ACTION,
        options=_search_options,
    ),
    Kind.planned(
        READY,
        Label(fr="Se tenir prêt", en="Ready"),
        "DOU-28",
        _ready_plan,
        _ready,
        ACTION,
        options=_ready_options,
    ),
    Kind.planned(
        USE_OBJECT,
        Label(fr="Utiliser un objet", en="Use an object"),
        "DOU-29",
        _use_plan,
        _object,
        ACTION,
        options=_object_option("DOU-29"),
    ),
    Kind.planned(
        INTERACT,
        Label(fr="Interagir avec un objet", en="Interact with an object"),
        "DOU-07",
        _interact_plan,
        _object,
        spends("objet"),
        options=_object_option("DOU-07"),
    ),
    Kind.planned(
        STAND,
        Label(fr="Se relever", en="Stand up"),
        "DOU-11",
        _stand_plan,
        _stand,
        available=_prone,
    ),
    Kind.planned(
        DROP,
        Label(fr="Se jeter à terre", en="Drop prone"),
        "DOU-11",
        _drop_plan,
        _drop,
        available=lambda ctx: not _prone(ctx),
    ),
    Kind.planned(
        IMPROVISE,
        Label(fr="Action improvisée", en="Improvised action"),
        "DOU-30",
        _improvised_plan,
        _improvised,
        ACTION,
        options=_improvised_options,
    ),
)
