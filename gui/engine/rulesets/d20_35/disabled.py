"""Hors de combat (D35-48, TV-D35-12): a disabled creature — at 0 hp, or stable and conscious
again at negative hp (D35-52, D35-53; SRD: disabled) — « ne peut rien faire de fatigant
(attaque, course, sort) ou sombre dans l'inconscience (perd 1 pv) »: after a strenuous action it
loses 1 hp, and below 0 it is unconscious and dying (D35-49: its d% at its turns). Its one
standard or move action a round is the budget's (budget.py).

Each of its actions with a place in the budget asks « Action fatigante » (the option `effort`):
« selon l'action » by default — an attack, a maneuver, a grapple, a coup de grâce, a run, a
spell (a declared « Lancer un sort » or one cast in the saddle) — or yes or no as the GM says
(G-3)."""

from __future__ import annotations

from msgspec.structs import replace

from gui.engine.contract.actions import ActionRuleset
from gui.engine.contract.edits import Edits
from gui.engine.contract.fields import choice_field
from gui.engine.contract.values import Action, ActionSpec
from gui.engine.core.words import Term
from gui.engine.rulesets.d20_35 import budget, sheet
from gui.engine.rulesets.d20_35.context import ActionDef, Ctx
from gui.engine.rulesets.d20_35.dying import recovered
from gui.engine.state.model import Combatant, Encounter, LogEntry

OPTION = "effort"
_CHOICES = [
    ("auto", "Selon l'action (attaque, course, sort)", "As the action goes (attack, run, spell)"),
    ("oui", "Oui : −1 pv", "Yes: −1 hp"),
    ("non", "Non", "No"),
]


def by_rule(ruleset: ActionRuleset, enc: Encounter, action: Action) -> bool:
    """Whether the action is strenuous as its ActionDef says (`strenuous`)."""
    found = ruleset.definition(action.kind)
    return isinstance(found, ActionDef) and found.strenuous(Ctx(ruleset, enc, action))


def with_option(
    ruleset: ActionRuleset, enc: Encounter, spec: ActionSpec, actor: Combatant
) -> ActionSpec:
    """A disabled actor's action that takes from its budget asks whether it is strenuous."""
    if not budget.disabled(actor):
        return spec
    action = Action(spec.kind, actor.id)
    taken = budget.cost(ruleset, enc, action)
    costly = taken is not None and taken.kind != "libre"
    if not (costly or by_rule(ruleset, enc, action)):
        return spec
    field = choice_field(OPTION, "Action fatigante", "Strenuous action", _CHOICES, "D35-48", "auto")
    return replace(spec, options=(*spec.options, field))


def strenuous(ruleset: ActionRuleset, enc: Encounter, c: Combatant, action: Action) -> bool:
    """Whether `action` strains disabled `c`: the GM's answer, else its ActionDef's (D35-48)."""
    if not budget.disabled(c):
        return False
    said = action.options.get(OPTION, "auto")
    if said in ("oui", "non"):
        return said == "oui"
    return by_rule(ruleset, enc, action)


def term(ruleset: ActionRuleset, enc: Encounter, c: Combatant, action: Action) -> Term | None:
    """The preview's line when the action will cost 1 hp."""
    if not strenuous(ruleset, enc, c, action):
        return None
    return Term(
        "hors de combat, action fatigante : −1 pv après l'action",
        "",
        "D35-48",
        "disabled, a strenuous action: −1 hp after it",
    )


def strain(edits: Edits, c: Combatant) -> None:
    """D35-48, TV-D35-12: after a strenuous act (`strenuous`, read before it), 1 hp lost;
    below 0, unconscious and dying (D35-49)."""
    pv = sheet.stat(c, "pv") - 1
    edits.set(("combatants", c.id, "stats", "pv"), pv)
    said = (f"{c.name} perd 1 pv ({pv} pv)", f"{c.name} loses 1 hp ({pv} hp)")
    if pv < 0:
        recovered(edits, c.id)  # no longer stable nor conscious: dying (D35-49)
        said = (
            f"{c.name} perd 1 pv ({pv} pv) : inconscient et mourant",
            f"{c.name} loses 1 hp ({pv} hp): unconscious and dying",
        )
    line = "D35-48 action fatigante hors de combat", "D35-48 strenuous action while disabled"
    edits.log(
        LogEntry.of(
            ("Effort hors de combat", "Strain while disabled"),
            said,
            [line],
            round=edits.enc.turn.round,
            actor=c.id,
        )
    )
