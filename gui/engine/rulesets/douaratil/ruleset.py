"""Ruleset `douaratil`: 3d6 + VO against the VD, exploding damage, defensive reactions."""

# Adding an action (issue 35): declare one `Kind` (kind.py) in the module of its part of the
# rules (other.py for a turn's action, contests.py, mounts.py…) and add it to that module's
# KINDS: its kind, names, rule and options, when the actor has it, its preview and resolution
# (or `Kind.planned`: a plan and an effect), its `cost` (what it spends of the turn,
# budget.Spend) and whether a controlled mount may take it (DOU-67). Put the states and rule
# texts it uses in ruleset_data/douaratil/ruleset.json, and its test in
# tests/engine/rulesets/douaratil/. Nothing else names it: ACTIONS below takes each KINDS.

from __future__ import annotations

from gui.engine.checks.request import DiceRequest
from gui.engine.contract import public
from gui.engine.contract import riders as shared
from gui.engine.contract.actions import ActionRuleset
from gui.engine.contract.base import Words
from gui.engine.contract.call_context import within
from gui.engine.contract.edits import Edits
from gui.engine.contract.stat_groups import GroupedByStat
from gui.engine.contract.values import unable_to_act
from gui.engine.core.words import Label, Notice, Term
from gui.engine.dice.rolling import DiceExpr
from gui.engine.grid.lines import Cover, CoverCall
from gui.engine.grid.squares import Size
from gui.engine.rulesets.douaratil import (
    area,
    attack,
    budget,
    contests,
    damage,
    defense,
    mounts,
    movement,
    other,
    riding,
    sheet,
)
from gui.engine.rulesets.douaratil.context import INCAPACITATED, Ctx
from gui.engine.rulesets.douaratil.kind import Kind
from gui.engine.space.destination import Destination
from gui.engine.space.zones import Diagonal
from gui.engine.state.changes import Change
from gui.engine.state.model import Combatant, Encounter, State, TurnEntry, Window
from gui.engine.timing.windows import Offer
from gui.engine.turns import RankedInitiative

# Every action, in the order the dialog lists them.
ACTIONS: tuple[Kind, ...] = (
    *attack.KINDS,
    *damage.KINDS,
    *defense.KINDS,
    *other.KINDS,
    *contests.KINDS,
    *mounts.KINDS,
)
REFRESH_FLAG = "CFG-DOU-12"
DIAGONAL_FLAG = "DIAG-DOU"
SQUARE_M = 1.5  # DOU-16: a Medium creature's space is 1,50 m a side
COVER_HEADS = {
    Cover.NONE: ("Pas d'abri (DOU-57)", "No cover (DOU-57)"),
    Cover.SOFT: ("Abri partiel : une créature (DOU-57)", "Partial cover: a creature (DOU-57)"),
    Cover.NORMAL: ("Abri partiel (DOU-57)", "Partial cover (DOU-57)"),
    Cover.TOTAL: ("Abri total (DOU-57)", "Total cover (DOU-57)"),
}
_TOTAL = Label(fr="total des dés", en="dice total")


# Every call that reads a modifier runs with the encounter's CFG-DOU-5 (sheet.gm_table).
with_flags = within(
    lambda ruleset, enc: sheet.gm_table(ruleset.flag(enc, sheet.MODIFIER_FLAG) == "table")  # type: ignore[attr-defined]
)


class Douaratil(GroupedByStat, ActionRuleset):
    """DOU-01 to DOU-73, with the adopted readings A-DOU-1 to A-DOU-32."""

    definitions = (*(k.definition() for k in ACTIONS), *area.ACTIONS)
    context = Ctx
    uses_contact = True

    def together(self, enc: Encounter, c: Combatant) -> set[str]:
        """A rider and its mount share their squares (DOU-64): neither bars the other's way."""
        return shared.together(enc, c, riding.MOUNTED)

    def turn_units(self, enc: Encounter) -> list[TurnEntry]:
        """DOU-67: a controlled mount acts in its rider's unit; DOU-68: an independent one
        alone."""
        return riding.turn_units(enc, super().turn_units(enc))

    # Every call that reads a modifier, with the encounter's CFG-DOU-5 (sheet.gm_table).
    actions = with_flags(ActionRuleset.actions)
    preview = with_flags(ActionRuleset.preview)
    resolve = with_flags(ActionRuleset.resolve)

    def turn_mode(self, enc: Encounter) -> RankedInitiative:
        """DOU-03: descending order, the same every round."""
        return RankedInitiative()

    @with_flags
    def initiative(self, enc: Encounter, c: Combatant) -> DiceRequest:
        """DOU-03 (A-DOU-24): 3d6 + Dex modifier (a controlled mount's: its rider's, DOU-67)."""
        c = riding.initiative_holder(enc, c)
        expr = DiceExpr(3, 6, modifier=sheet.modifier(c, "dexterite"))
        return DiceRequest(expr, _TOTAL, expr.minimum, expr.maximum or expr.minimum)

    @with_flags
    def initiative_score(self, enc: Encounter, c: Combatant) -> int:
        c = riding.initiative_holder(enc, c)
        return sheet.modifier(c, "dexterite")

    def is_out(self, enc: Encounter, c: Combatant) -> bool:
        """A-DOU-8: at 0 PA a creature is down."""
        return sheet.action_points(c) <= 0 or sheet.has_state(c, "inconscient")

    def health_lost(self, enc: Encounter, c: Combatant) -> float | None:
        return public.pool_lost(c, "pa", "pa_max")

    def cannot_act(self, enc: Encounter, c: Combatant) -> Notice | None:
        """A-DOU-8: down at 0 PA or unconscious; incapacitated (context.INCAPACITATED: not in
        the excerpt, G-6), as other.py's own refusal says."""
        if self.is_out(enc, c):
            return unable_to_act(c, "A-DOU-8", "est hors de combat", "is out of the fight")
        if not any(s.key in INCAPACITATED for s in c.states):
            return None
        return unable_to_act(c, "G-6", "est neutralisé (hors extrait)", "is incapacitated")

    def cover_words(self, enc: Encounter, call: CoverCall) -> Words:
        """DOU-57's names: a creature or a wall in some lines is partial cover."""
        return call.words(COVER_HEADS)

    def blocks_way(self, enc: Encounter, mover: Combatant, other: Combatant) -> bool:
        """DOU-13: a hostile creature's space is passed only when it is at least two sizes
        larger or smaller; a non-hostile one's always."""
        apart = abs(sheet.size_index(mover) - sheet.size_index(other))
        return super().blocks_way(enc, mover, other) and apart < 2

    def space(self, enc: Encounter, c: Combatant) -> int:
        """DOU-16: squares of 1,50 m a side (Tiny creatures share one)."""
        return Size(sheet.size(c)).side

    def reach(self, enc: Encounter, c: Combatant) -> int:
        """DOU-42: the longest reach of its melee weapons, in squares (1,50 m by default)."""
        reaches = [sheet.metres(w, "allonge") for w in sheet.weapons(c) if not sheet.is_ranged(w)]
        return max(1, round(max(reaches, default=SQUARE_M) / SQUARE_M))

    def diagonal(self, enc: Encounter) -> Diagonal:
        """The spec is silent: 1-1 as in 5e, 1-2-1 by the house-rule flag."""
        return "alternate" if self.flag(enc, DIAGONAL_FLAG) == "alternate" else "chebyshev"

    @with_flags
    def derived(self, enc: Encounter, c: Combatant) -> list[Term]:
        vd, _terms = sheet.vd(c)
        out = [
            Term("VD", str(vd), "DOU-33", "VD"),
            Term(
                "Seuil de critique (SC)",
                str(sheet.critical_threshold(c)),
                "DOU-60",
                "Critical threshold (SC)",
            ),
            Term(
                "Réactions défensives",
                f"{max(0, sheet.defensive_reactions(c) - defense.used(c))}"
                f"/{sheet.defensive_reactions(c)} ce round",
                "DOU-45",
                "Defensive reactions",
                f"{max(0, sheet.defensive_reactions(c) - defense.used(c))}"
                f"/{sheet.defensive_reactions(c)} this round",
            ),
        ]
        for w in sheet.weapons(c)[1:]:
            ranged = sheet.is_ranged(w)
            vo, _ = sheet.vo(c, w, ranged)
            name = sheet.weapon_name(w)
            out.append(
                Term(
                    f"{name[0]} : VO / VOG",
                    f"{vo:+d} / {sheet.vog(vo)}",
                    "DOU-34",
                    f"{name[1]}: VO / VOG",
                )
            )
        return out

    @with_flags
    def badge_labels(self, enc: Encounter, c: Combatant) -> list[Label]:
        pa, top = sheet.action_points(c), sheet.stat(c, "pa_max", 1)
        left = max(0, sheet.defensive_reactions(c) - defense.used(c))
        head = Label(fr=f"PA {pa}/{top} · réac. {left}", en=f"AP {pa}/{top} · react. {left}")
        # The turn's budget stays off the token (the sheet lists it): only the conditions.
        shown = [self.state_label(s) for s in c.states if _own_label(s) is None]
        return [head, *shown]

    def state_label(self, state: State) -> Label:
        """The states this ruleset sets (the turn's budget, the attacks made, the defensive
        reactions used) named in both languages, as long as they keep their French name."""
        own = _own_label(state)
        return own if own is not None and own.fr == state.label else super().state_label(state)

    def turn_started(self, enc: Encounter, entry: TurnEntry) -> list[Change]:
        """A-DOU-12: the defensive reactions come back at the start of the creature's own
        turn (CFG-DOU-12: once per encounter instead)."""
        if self.flag(enc, REFRESH_FLAG) == "rencontre":
            return []
        edits = Edits(enc)
        for cid in entry.members:
            edits.remove_state(cid, defense.USED)
        return list(edits.changes())

    @with_flags
    def check_move(self, enc: Encounter, c: Combatant, dest: Destination) -> list[Notice]:
        """DOU-05: a move within the metres left this turn."""
        return movement.notices(self, enc, c, dest)

    @with_flags
    def move_changes(self, enc: Encounter, c: Combatant, dest: Destination) -> list[Change]:
        """The metres spent, and the attacks of opportunity provoked (DOU-43)."""
        return movement.changes(self, enc, c, dest)

    def window_passed(self, enc: Encounter, window: Window) -> list[Change] | None:
        """A foe may let the one leaving its reach go (DOU-43); a hit's damage is due."""
        return [] if window.kind == attack.OPPORTUNITY else None

    @with_flags
    def window_offers(self, enc: Encounter, window: Window) -> list[Offer]:
        """A hit waiting on its target (A-DOU-13): its block or dodge, then the damage; a
        creature leaving a foe's reach: the foe's attack of opportunity (DOU-43)."""
        if window.kind == attack.OPPORTUNITY:
            return attack.opportunity_offers(enc, window)
        if window.kind != attack.WINDOW or window.actor is None or window.target is None:
            return []
        damage_offer = Offer(
            window.id,
            window.actor,
            damage.KIND,
            Label(fr="Dégâts", en="Damage"),
            "follow_up",
            window.target,
        )
        return [damage_offer, *defense.offers(self, enc, window)]


def _own_label(state: State) -> Label | None:
    if state.key == budget.ATTACKS:
        n = state.value or 0
        return Label(fr=f"Attaques ce tour : {n}", en=f"Attacks this turn: {n}")
    if state.key == defense.USED:
        return Label(fr="Réactions défensives utilisées", en="Defensive reactions used")
    if state.key == mounts.USED:
        return mounts.USED_LABEL
    return budget.label(state)
