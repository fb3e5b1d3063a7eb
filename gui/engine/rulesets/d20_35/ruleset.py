"""Ruleset `d20_35`: D&D 3.5 combat on the grid (D35-01 to D35-81, A-D35-*)."""

# Adding an action: in the module that owns its rules, its spec, preview and resolve, and one
# `ActionDef(KIND, spec, preview, resolve, cost=…, provokes=…, strenuous=…, while_unable=…)`
# in that module's ACTIONS (context.py: its round's budget is a budget.Cost, D35-09; whom it
# provokes a provoking.Scope, D35-11; whether it strains a disabled creature, D35-48; whether
# one that cannot act still takes it); its states, fields and rule texts in
# ruleset_data/d20_35/ruleset.json; its test in tests/engine/rulesets/d20_35/. Nothing else:
# the budget, the attacks of opportunity, the strain and the menus read its ActionDef. Only a
# new module adds one line to ACTIONS below.

from __future__ import annotations

from collections.abc import Mapping

from msgspec.structs import replace

from gui.engine.checks.request import DiceRequest, DiceResult
from gui.engine.contract import moving, public
from gui.engine.contract.actions import ActionRuleset
from gui.engine.contract.base import Ruleset
from gui.engine.contract.call_context import within
from gui.engine.contract.edits import Edits
from gui.engine.contract.stat_groups import GroupedByStat
from gui.engine.contract.values import Action, ActionSpec, DueRoll, Preview, Resolution
from gui.engine.core.problems import Words
from gui.engine.core.words import Label, Notice, Term
from gui.engine.dice.rolling import DiceExpr
from gui.engine.grid.flanking import FlankCall
from gui.engine.grid.lines import Cover, CoverCall
from gui.engine.grid.squares import Size
from gui.engine.rulesets.d20_35 import (
    aid_and_feint,
    area,
    armour_class,
    attack,
    budget,
    coup_de_grace,
    damage,
    declared,
    disabled,
    disarming,
    dying,
    following,
    grapple,
    grapple_options,
    mounted,
    opportunity,
    passing,
    provoking,
    ready,
    recovery,
    running,
    saves,
    sheet,
    takedowns,
    turning,
)
from gui.engine.rulesets.d20_35.context import Ctx
from gui.engine.rulesets.d20_35.helpless import LABEL as HELPLESS
from gui.engine.rulesets.d20_35.helpless import sheet_terms as helpless_terms
from gui.engine.rulesets.d20_35.helpless import shown as helpless_shown
from gui.engine.space.destination import Destination
from gui.engine.space.zones import Diagonal
from gui.engine.state.changes import Change, ChangeSet
from gui.engine.state.model import Combatant, Encounter, State, TurnEntry, Window
from gui.engine.timing.windows import Offer
from gui.engine.turns import RankedInitiative

# Every action, in the order the dialog lists them: each module's own.
ACTIONS = (
    *attack.ACTIONS,
    *damage.ACTIONS,
    *coup_de_grace.ACTIONS,
    *dying.ACTIONS,
    *recovery.ACTIONS,
    *turning.ACTIONS,
    *aid_and_feint.ACTIONS,
    *takedowns.ACTIONS,
    *disarming.ACTIONS,
    *grapple.ACTIONS,
    *grapple_options.ACTIONS,
    *saves.ACTIONS,
    *running.ACTIONS,
    *mounted.ACTIONS,
    *declared.ACTIONS,
    *area.ACTIONS,
)
_TOTAL = Label(fr="total des dés", en="dice total")
# How d20 names the grid's cover and flanking calls (D35-01, D35-05, D35-07, D35-66, D35-67).
COVER_HEADS = {
    Cover.NONE: ("Pas d'abri (D35-01)", "No cover (D35-01)"),
    Cover.SOFT: ("Abri mou (D35-05)", "Soft cover (D35-05)"),
    Cover.NORMAL: ("Abri (D35-01)", "Cover (D35-01)"),
    Cover.TOTAL: ("Abri total (D35-07)", "Total cover (D35-07)"),
}
FLANK_HEADS = {
    True: ("Prise en tenaille (D35-66, +2 D35-67)", "Flanking (D35-66, +2 D35-67)"),
    False: ("Pas de prise en tenaille (D35-66)", "No flanking (D35-66)"),
}
STATUS = {
    "normal": Label(fr="Normal", en="Normal"),
    "chancelant": Label(fr="Chancelant", en="Staggered"),
    "hors_de_combat": Label(fr="Hors de combat (0 pv)", en="Disabled (0 hp)"),
    "mourant": Label(fr="Mourant", en="Dying"),
    "stable": Label(fr="Stable", en="Stable"),
    "inconscient": Label(fr="Inconscient", en="Unconscious"),
    "mort": Label(fr="Mort", en="Dead"),
}


# Every call that reads hit points runs with the encounter's A-D35-8 (sheet.death_at_con).
with_flags = within(
    lambda ruleset, enc: sheet.death_at_con(
        ruleset.flag(enc, sheet.DEATH_FLAG) == "moins_constitution"  # type: ignore[attr-defined]
    )
)


class D20(GroupedByStat, ActionRuleset):
    """D35-01 to D35-81 with the SRD defaults of CFG-D35-1 where the excerpt is silent."""

    definitions = ACTIONS
    context = Ctx
    uses_contact = True

    @with_flags
    def actions(self, enc: Encounter, actor: str, target: str | None) -> list[ActionSpec]:
        """The ActionDefs' actions, each asking whether it provokes under CFG-D35-11's GM
        list, and a disabled actor's whether it is strenuous (D35-48)."""
        specs = ActionRuleset.actions(self, enc, actor, target)
        who = enc.combatant(actor)
        return [
            disabled.with_option(self, enc, provoking.with_option(self, enc, s), who) for s in specs
        ]

    @with_flags
    def preview(self, enc: Encounter, action: Action) -> Preview:
        """The ActionDef's preview, with what the action goes past in the round's budget
        (D35-09) and the foes it gives an attack of opportunity to (D35-11)."""
        shown = ActionRuleset.preview(self, opportunity.judged(self, enc, action), action)
        if action.actor is None:
            return shown
        actor = enc.combatant(action.actor)
        taken = budget.cost(self, enc, action)
        over = budget.notices(enc, actor, action, taken, self._swift(enc))
        struck = provoking.foes(self, enc, action)
        terms = (*shown.terms, provoking.term(enc, struck)) if struck else shown.terms
        strain = disabled.term(self, enc, actor, action)  # D35-48
        terms = (*terms, strain) if strain else terms
        return replace(shown, terms=terms, notices=(*shown.notices, *over))

    @with_flags
    def resolve(
        self, enc: Encounter, action: Action, dice: DiceResult
    ) -> tuple[Resolution, ChangeSet]:
        """The ActionDef's resolution, what it takes from the round's budget (D35-09), a
        disabled actor's strain (D35-48) and the attacks of opportunity it opens (D35-11),
        each decided before the action's changes and written after them."""
        struck = provoking.foes(self, enc, action)
        judged = opportunity.judged(self, enc, action)  # an AoO at the square left
        resolution, cs = ActionRuleset.resolve(self, judged, action, dice)
        if action.actor is None:
            return resolution, cs
        actor = enc.combatant(action.actor)
        strained = disabled.strenuous(self, enc, actor, action)
        taken = budget.cost(self, enc, action)
        if taken is None and not struck and not strained:
            return resolution, cs
        after = following.as_left(enc, cs, actor.id)  # read from cs, not applied
        actor = after.combatant(actor.id)
        edits = Edits(after)
        budget.spend(edits, actor, action, taken, self._swift(enc))  # nothing for what is free
        if strained:
            disabled.strain(edits, actor)
        more = (*edits.changes(), *opportunity.opened(after, struck, actor))
        return resolution, ChangeSet(cs.label, cs.changes + more, cs.label_en)

    def _swift(self, enc: Encounter) -> bool:
        """CFG-D35-18: an immediate action takes the swift action (SRD)."""
        return self.flag(enc, budget.SWIFT_FLAG) == "consomme_rapide"

    def turn_mode(self, enc: Encounter) -> RankedInitiative:
        """D35-80 (SRD): highest first, the same order every round; D35-65: a delayed unit
        acts when it chooses and keeps that rank (RankedInitiative's delay and act_now);
        D35-64: a readied one acts just before its trigger (act_now)."""
        return RankedInitiative()

    @with_flags
    def turn_step_changes(
        self, enc: Encounter, name: str, args: Mapping[str, object]
    ) -> list[Change]:
        """D35-64: readying takes the standard action and holds the readied action (ready.py),
        whose budget the creature then has (readied.py)."""
        if name != ready.STEP:
            return []
        return ready.step_changes(self, enc, str(args["unit"]), str(args["trigger"]).strip())

    def turn_units(self, enc: Encounter) -> list[TurnEntry]:
        """D35-24: a mount acts on its rider's initiative."""
        return mounted.turn_units(enc, super().turn_units(enc))

    def together(self, enc: Encounter, c: Combatant) -> set[str]:
        """D35-24: a rider shares its mount's space."""
        return mounted.together(enc, c)

    def initiative(self, enc: Encounter, c: Combatant) -> DiceRequest:
        """D35-80 (SRD): d20 + Dex modifier; a ridden mount's is its rider's (D35-24)."""
        holder = mounted.initiative_holder(enc, c)
        expr = DiceExpr(1, 20, modifier=sheet.modifier(holder, "dexterite"))
        return DiceRequest(expr, _TOTAL, expr.minimum, expr.maximum or expr.minimum)

    def initiative_score(self, enc: Encounter, c: Combatant) -> int:
        """The Dex modifier; a ridden mount's is its rider's (D35-24)."""
        return sheet.modifier(mounted.initiative_holder(enc, c), "dexterite")

    def diagonal(self, enc: Encounter) -> Diagonal:
        """The SRD's 1-2-1 (a diagonal costs 1, then 2, across the move)."""
        return "alternate"

    def move_factor(self, enc: Encounter, c: Combatant) -> int:
        """D35-78: each square of a squeezing creature's move counts as 2."""
        return passing.move_factor(c)

    def blocks_way(self, enc: Encounter, mover: Combatant, other: Combatant) -> bool:
        """A foe in the fight bars the way, unless 3 sizes apart (D35-46) or squeezed past
        (D35-78); a rider's mount never bars it (D35-24)."""
        if other.id in self.together(enc, mover) or passing.passes_through(mover, other):
            return False
        return super().blocks_way(enc, mover, other)

    def space(self, enc: Encounter, c: Combatant) -> int:
        return Size(sheet.size(c)).side

    def reach(self, enc: Encounter, c: Combatant) -> int:
        """The natural reach by size and shape (SRD); a reach weapon doubles a Medium's."""
        natural = sheet.natural_reach(c)
        if any(w.get("allonge") for w in sheet.weapons(c)):
            return max(natural * 2, 2)
        return natural

    def cover_words(self, enc: Encounter, call: CoverCall) -> Words:
        return call.words(COVER_HEADS)

    def flank_words(self, enc: Encounter, call: FlankCall) -> Words:
        return call.words(FLANK_HEADS)

    @with_flags
    def is_out(self, enc: Encounter, c: Combatant) -> bool:
        """Unconscious, dying, stable or dead (D35-38, D35-49 to D35-51)."""
        return sheet.status(c) in ("inconscient", "mourant", "stable", "mort")

    def health_lost(self, enc: Encounter, c: Combatant) -> float | None:
        return public.pool_lost(c, "pv", "pv_max")

    @with_flags
    def cannot_act(self, enc: Encounter, c: Combatant) -> Notice | None:
        """Unconscious, dying, stable unconscious, dead or cowering (dying.unable)."""
        return dying.unable(c)

    @with_flags
    def due_rolls(self, enc: Encounter, entry: TurnEntry) -> list[DueRoll]:
        """D35-49, D35-50: a dying creature's turn starts with its d%."""
        return dying.due(enc, self, entry)

    def check_move(self, enc: Encounter, c: Combatant, dest: Destination) -> list[Notice]:
        """D35-09: a move past what the round still allows is a warning; so is a way through
        a foe's space that may not be passed (D35-46, D35-78)."""
        over = budget.move_notices(enc, c, moving.way_metres(self, enc, c, dest))
        return [*over, *passing.crossing_notices(self, enc, c, dest)]

    def move_changes(self, enc: Encounter, c: Combatant, dest: Destination) -> list[Change]:
        """The metres the acting creature moved (D35-09), the rider going with its mount
        (D35-24); leaving a threatened square opens the foe's attack of opportunity (D35-11)."""
        return [
            *_moved(self, enc, c, dest),
            *mounted.move_changes(self, enc, c, dest),
            *opportunity.provoked(self, enc, c, dest),
        ]

    def window_offers(self, enc: Encounter, window: Window) -> list[Offer]:
        return opportunity.offers(enc, window)

    def window_passed(self, enc: Encounter, window: Window) -> list[Change] | None:
        """A foe may let the mover go (D35-11); other windows are not passed."""
        return [] if window.kind == opportunity.WINDOW else None

    def state_label(self, state: State) -> Label:
        own = _own_label(state)
        if own is not None:
            return own
        if state.key == opportunity.USED and state.label.startswith("AO ce round"):
            n = state.value or 0
            return Label(fr=f"AO ce round : {n}", en=f"AoO this round: {n}")
        return super().state_label(state)

    @with_flags
    def derived(self, enc: Encounter, c: Combatant) -> list[Term]:
        normal, _ = armour_class.ca(c)
        touch, _ = armour_class.ca(c, "touch")
        flat, _ = armour_class.ca(c, "flat")
        bba = "/".join(f"{b:+d}" for b in sheet.iteratives(sheet.stat(c, "bba")))
        state = STATUS[sheet.status(c)]
        return [
            Term(
                "CA (contact, pris au dépourvu)",
                f"{normal} ({touch}, {flat})",
                sheet.SRD,
                "AC (touch, flat-footed)",
            ),
            Term("BBA", bba, sheet.SRD, "BAB"),
            Term("Lutte", f"{sheet.grapple_bonus(c):+d}", "D35-55", "Grapple"),
            Term("État", state.fr, "D35-48", "Status", state.en),
            *helpless_terms(c),  # D35-21
        ]

    @with_flags
    def badge_labels(self, enc: Encounter, c: Combatant) -> list[Label]:
        pv, top = sheet.stat(c, "pv"), sheet.stat(c, "pv_max", 1)
        state = STATUS[sheet.status(c)]
        head = Label(fr=f"pv {pv}/{top}", en=f"hp {pv}/{top}")
        shown = [head] if state.fr == "Normal" else [head, state]
        if helpless_shown(c):  # D35-21: helpless by its numbers or states (helpless.py)
            shown.append(HELPLESS)
        # The round's budget stays off the token (the sheet lists it): only the conditions.
        return [*shown, *(self._with_value(s) for s in c.states if _own_label(s) is None)]

    def _with_value(self, state: State) -> Label:
        """A condition's name with the number it carries when it has a unit (« Camouflé
        20 % », D35-19), the rules' default when set without one."""
        label, spec = self.state_label(state), self._state_specs.get(state.key)
        words = self.state_value_words(state) if spec is not None and spec.value else ""
        return Label(fr=f"{label.fr} {words}", en=f"{label.en} {words}") if words else label


def _own_label(state: State) -> Label | None:
    """The budget's states, named in both languages while they keep their French name."""
    if state.key == moving.MOVED:
        return moving.moved_label(state.value or 0)
    own = budget.label(state)
    return own if own is not None and state.label.startswith(own.fr.split(" ×")[0]) else None


def _moved(ruleset: Ruleset, enc: Encounter, c: Combatant, dest: Destination) -> list[Change]:
    if not budget.counted(enc, c):  # in its turn, or as its readied action (D35-64)
        return []
    metres = moving.way_metres(ruleset, enc, c, dest)
    if not metres:
        return []
    edits = Edits(enc)
    moving.move(edits, c, metres)
    return list(edits.changes())
