"""Ruleset `attention_donjon`: AD-01 to AD-37 with the adopted readings A-AD-1 to A-AD-21."""

# Adding an action: one ActionDef in its module's ACTIONS, where alone it is declared (its
# kind, spec, preview, resolve; `cost=budget.standard` or `budget.bonus` when it spends an
# action of the activation, AD-37, read by budget.reminder and budget.charge; nothing
# provokes); its words in ruleset_data/attention_donjon/ruleset.json (rules, states, flags);
# its test in tests/engine/rulesets/attention_donjon/. A new module also puts its ACTIONS in
# ACTIONS below.

from __future__ import annotations

from gui.engine.contract import public
from gui.engine.contract.actions import ActionRuleset
from gui.engine.contract.values import unable_to_act
from gui.engine.core.words import Label, Notice, Term
from gui.engine.rulesets.attention_donjon import attack, budget, cards, damage, other, recovery
from gui.engine.rulesets.attention_donjon.context import JOKER, ActionDef, Ctx
from gui.engine.rulesets.attention_donjon.sheet import (
    active,
    dead,
    endurance,
    hero,
    parade,
    shaken,
    stat,
)
from gui.engine.space.destination import Destination
from gui.engine.state.changes import Change
from gui.engine.state.model import Combatant, Encounter, State, TurnEntry
from gui.engine.turns import TurnMode

# Every action, in the order the dialog lists them.
ACTIONS: tuple[ActionDef, ...] = (
    *attack.ACTIONS,
    *damage.ACTIONS,
    *recovery.ACTIONS,
    *other.ACTIONS,
)


class AttentionDonjon(ActionRuleset):
    """Attention : Donjon ! (Gulix, CC-BY-SA): the combat excerpt and its complement."""

    definitions = ACTIONS
    context = Ctx

    uses_contact = True

    def derived(self, enc: Encounter, c: Combatant) -> list[Term]:
        """AD-30 Parade, AD-31 Endurance « total(armure) », Santé, the activation's actions."""
        guard, tough = parade(c), endurance(c)
        out = [Term("Parade", str(guard.value), "AD-30", "Parade"), *guard.terms]
        out += [Term("Endurance", tough.endurance_text(), "AD-31", "Endurance"), *tough.terms]
        health = f"{stat(c, 'sante')}/{stat(c, 'sante_max', 1)}"
        out.append(Term("Santé", health, "AD-17", "Health"))
        state = ("Secoué (−1 dé)", "Shaken (−1 die)") if shaken(c) else ("Indemne", "Unhurt")
        out.append(Term("État", state[0], "AD-19", "Condition", value_en=state[1]))
        allowed = budget.limits(self, enc)
        if allowed is not None:
            counts = {
                k: f"{max(0, n - budget.used(enc, c.id, k))}/{n}"
                for k, n in allowed.items()
                if k != budget.MOVE
            }
            pace = max(1, stat(c, "deplacement", 1))
            zones = f"zones {budget.used(enc, c.id, budget.ZONE)}/{pace * allowed[budget.MOVE]}"
            left = ", ".join([zones, *(f"{budget.NAMES[k]} {v}" for k, v in counts.items())])
            left_en = ", ".join([zones, *(f"{budget.NAMES_EN[k]} {v}" for k, v in counts.items())])
            label = ("Actions restantes de l’activation", "Actions left this activation")
            out.append(Term(label[0], left, "AD-37", label[1], value_en=left_en))
        return out

    def badge_labels(self, enc: Encounter, c: Combatant) -> list[Label]:
        """Short lines for a small token: the health state, Santé, Héroïsme, then the rest."""
        health = (
            Label(fr="Mort", en="Dead")
            if dead(c)
            else Label(fr="Secoué", en="Shaken")
            if shaken(c)
            else Label(fr="Indemne", en="Unhurt")
        )
        sante = f"{stat(c, 'sante')}/{stat(c, 'sante_max', 1)}"
        out = [health, Label(fr=f"Santé {sante}", en=f"Health {sante}")]
        if hero(c):
            out.append(
                Label(fr=f"Héroïsme {stat(c, 'heroisme')}", en=f"Heroism {stat(c, 'heroisme')}")
            )
        if not active(c) and not dead(c):
            out.append(Label(fr="inactif", en="inactive"))
        return out + [self.state_label(s) for s in c.states if s.key not in ("secoue", "mort")]

    def state_label(self, state: State) -> Label:
        """The states the rules give besides the ruleset's list (a hit waiting for its
        Dommages roll, a kept Joker) in both languages too."""
        if state.key == JOKER and state.label == cards.JOKER_LABEL.fr:
            return cards.JOKER_LABEL
        return attack.hit_label(state) or super().state_label(state)

    def is_out(self, enc: Encounter, c: Combatant) -> bool:
        """AD-20: a dead figurine takes no further part."""
        return dead(c)

    def cannot_act(self, enc: Encounter, c: Combatant) -> Notice | None:
        """AD-20: a dead figurine is not active and takes no action."""
        return unable_to_act(c, "AD-20", "est mort", "is dead") if dead(c) else None

    def health_lost(self, enc: Encounter, c: Combatant) -> float | None:
        """AD-19: the Santé lost (a figurine without Santé keeps no measure)."""
        return public.pool_lost(c, "sante", "sante_max")

    def check_move(self, enc: Encounter, c: Combatant, dest: Destination) -> list[Notice]:
        return budget.move_notices(self, enc, c, dest.zone)

    def move_changes(self, enc: Encounter, c: Combatant, dest: Destination) -> list[Change]:
        return budget.move_changes(self, enc, c, dest.zone)

    def activation_ended(self, enc: Encounter, entry: TurnEntry, new_round: bool) -> list[Change]:
        """AD-37: the unit's budget is reset when its activation ends. When that ends the
        round, round_started already resets every figurine's budget: a second change of
        the same budget would undo that reset (and no longer apply)."""
        return [] if new_round else budget.activation_ended(enc, entry)

    def round_started(self, enc: Encounter, round_no: int) -> list[Change]:
        """AD-37: every figurine's budget is fresh at a new round."""
        return budget.reset(enc, [c.id for c in enc.combatants])

    # Card initiative (cards.py) ---------------------------------------------------------

    def turn_mode(self, enc: Encounter) -> TurnMode:
        return cards.mode(self, enc)

    def turn_units(self, enc: Encounter) -> list[TurnEntry]:
        return cards.turn_units(self, enc)

    def unit_label(self, enc: Encounter, entry: TurnEntry, with_side: bool = False) -> Label:
        return cards.unit_label(self, enc, entry) or super().unit_label(enc, entry, with_side)
