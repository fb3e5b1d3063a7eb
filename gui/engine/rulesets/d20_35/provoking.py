"""The actions that provoke an attack of opportunity where the actor stands (D35-11,
CFG-D35-11): under « srd » (default) the SRD 3.5 list (hors extrait, SRD), each action's
ActionDef saying whom it provokes (`provokes`: from_all, from_target, or None) —

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

from typing import Literal

from msgspec.structs import replace

from gui.engine.contract.actions import ActionRuleset
from gui.engine.contract.base import Ruleset
from gui.engine.contract.fields import choice_field
from gui.engine.contract.values import Action, ActionSpec
from gui.engine.core.words import Term
from gui.engine.rulesets.d20_35 import opportunity
from gui.engine.rulesets.d20_35.context import Ctx
from gui.engine.state.model import Encounter

FLAG = "CFG-D35-11"
OPTION = "provoque_ao"
Scope = Literal["tous", "cible"]
_CHOICES = [
    ("srd", "Selon le SRD 3.5", "As the SRD 3.5 says"),
    ("oui", "Oui", "Yes"),
    ("non", "Non", "No"),
]


def from_all(_ctx: Ctx) -> Scope:
    """An ActionDef's `provokes`: from every foe that threatens the actor."""
    return "tous"


def from_target(_ctx: Ctx) -> Scope:
    """An ActionDef's `provokes`: from the target alone."""
    return "cible"


def from_all_if(provokes: bool) -> Scope | None:
    return "tous" if provokes else None


def scope(ruleset: ActionRuleset, enc: Encounter, action: Action) -> Scope | None:
    """Whom the action provokes (None: no one): under the SRD, its ActionDef's `provokes`."""
    if action.actor is None or action.window is not None:
        return None
    ctx = Ctx(ruleset, enc, action)
    said = ruleset.definition(action.kind).provokes(ctx)
    srd: Scope | None = "tous" if said == "tous" else "cible" if said == "cible" else None
    if ruleset.flag(enc, FLAG) != "personnalise":
        return srd
    chosen = ctx.choice(OPTION, "srd")
    if chosen == "non":
        return None
    return (srd or "tous") if chosen == "oui" else srd


def foes(ruleset: ActionRuleset, enc: Encounter, action: Action) -> list[str]:
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
