"""The actions that provoke an attack of opportunity where the actor stands (D35-11,
CFG-D35-11): under « srd » (default) the SRD 3.5 list (hors extrait, SRD) —

- from every foe that threatens the actor: a ranged attack, a bull rush (it enters the
  target's space, D35-12), first aid, a coup de grâce (D35-22), and the lines of the action
  table that provoke (declared.TABLE: casting a spell, drinking a potion, standing up…, also
  in the saddle);
- from the target alone: a trip's unarmed touch attack (D35-35), a disarm (D35-41), a sunder
  (D35-44), an overrun (D35-68), a grab (D35-57);

under « personnalise » the GM decides for each action (its option `provoque_ao`: « selon le
SRD », « oui » from every foe that threatens the actor, « non »). The preview names the foes,
the resolution opens their windows (opportunity.py: only foes able to strike, not through
cover); a reaction taken in a window provokes nothing more."""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from gui.engine.contract.base import Action, ActionSpec, Ruleset, Term
from gui.engine.contract.fields import choice_field
from gui.engine.rulesets.d20_35 import declared, dying, mounted, opportunity, sheet
from gui.engine.rulesets.d20_35.context import Ctx
from gui.engine.rulesets.d20_35.coup_de_grace import KIND as COUP_DE_GRACE
from gui.engine.rulesets.d20_35.disarming import DISARM, SUNDER
from gui.engine.rulesets.d20_35.grapple import GRAB
from gui.engine.rulesets.d20_35.takedowns import BULL_RUSH, OVERRUN, TRIP
from gui.engine.state.model import Encounter

FLAG = "CFG-D35-11"
OPTION = "provoque_ao"
Scope = Literal["tous", "cible"]
_FROM_TARGET = {TRIP, DISARM, SUNDER, OVERRUN, GRAB}
_CHOICES = [
    ("srd", "Selon le SRD 3.5", "As the SRD 3.5 says"),
    ("oui", "Oui", "Yes"),
    ("non", "Non", "No"),
]


def _srd(ctx: Ctx) -> Scope | None:
    kind = ctx.action.kind
    if kind in _FROM_TARGET:
        return "cible"
    if kind == "attaquer":
        return "tous" if sheet.is_ranged(ctx.weapon()) else None
    if kind in (BULL_RUSH, dying.FIRST_AID, COUP_DE_GRACE):  # D35-22: « provoque une AO »
        return "tous"
    if kind == declared.OTHER:
        return "tous" if declared.declared(ctx).provokes else None
    if kind == mounted.CAST:
        return "tous" if declared.TABLE[mounted.spell_line(ctx)].provokes else None
    return None


def scope(ruleset: Ruleset, enc: Encounter, action: Action) -> Scope | None:
    """Whom the action provokes (None: no one)."""
    if action.actor is None or action.window is not None:
        return None
    ctx = Ctx(ruleset, enc, action)
    srd = _srd(ctx)
    if ruleset.flag(enc, FLAG) != "personnalise":
        return srd
    chosen = ctx.choice(OPTION, "srd")
    if chosen == "non":
        return None
    return (srd or "tous") if chosen == "oui" else srd


def foes(ruleset: Ruleset, enc: Encounter, action: Action) -> list[str]:
    """The foes the action gives an attack of opportunity to."""
    reach = scope(ruleset, enc, action)
    if reach is None or action.actor is None:
        return []
    found = opportunity.strikers(enc, ruleset, enc.combatant(action.actor))
    return found if reach == "tous" else [f for f in found if f == action.target]


def term(enc: Encounter, found: list[str]) -> Term:
    names = ", ".join(enc.combatant(f).name for f in found)
    return Term("attaque d’opportunité possible de", names, "D35-11", "attack of opportunity for")


def with_option(ruleset: Ruleset, enc: Encounter, spec: ActionSpec) -> ActionSpec:
    """Under « personnalise », every action asks whether it provokes (default: the SRD)."""
    if ruleset.flag(enc, FLAG) != "personnalise":
        return spec
    fr, en = "Provoque une AO (liste du MD)", "Provokes an AoO (GM's list)"
    field = choice_field(OPTION, fr, en, _CHOICES, FLAG, "srd")
    return replace(spec, options=(*spec.options, field))
