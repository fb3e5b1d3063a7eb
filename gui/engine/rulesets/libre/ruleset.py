"""Ruleset `libre`: initiative, hit points, conditions with durations, for any game."""

# Adding an action: one ActionDef in actions.py's ACTIONS (area.py's: an area of effect), where
# alone it is declared (its kind, spec, preview, resolve; no `cost`: libre counts no actions;
# nothing provokes); its rule in ruleset_data/libre/ruleset.json; its test in
# tests/engine/rulesets/libre/.

from __future__ import annotations

from gui.engine.checks.request import DiceRequest
from gui.engine.contract import public
from gui.engine.contract.actions import ActionRuleset
from gui.engine.contract.sheet_reading import stat
from gui.engine.contract.stat_groups import GroupedByStat
from gui.engine.contract.values import unable_to_act
from gui.engine.core.words import Label, Notice, Term
from gui.engine.dice.rolling import DiceExpr
from gui.engine.grid.squares import Size
from gui.engine.rulesets.libre import area
from gui.engine.rulesets.libre.actions import ACTIONS, Ctx, request
from gui.engine.space.destination import Destination
from gui.engine.space.zones import ZoneGraph
from gui.engine.state.model import Combatant, Encounter
from gui.engine.turns import RankedInitiative

FREE_MOVES = "LIB-CFG-2"


class Libre(GroupedByStat, ActionRuleset):
    """A generic d20-style ruleset: it proves the contract and serves games without a module."""

    definitions = (*ACTIONS, *area.ACTIONS)
    context = Ctx

    def turn_mode(self, enc: Encounter) -> RankedInitiative:
        return RankedInitiative()

    def initiative(self, enc: Encounter, c: Combatant) -> DiceRequest:
        """LIB-01: 1d20 + modifier."""
        return request(DiceExpr(1, 20, modifier=stat(c, "init_mod")))

    def initiative_score(self, enc: Encounter, c: Combatant) -> int:
        return stat(c, "init_mod")

    def check_move(self, enc: Encounter, c: Combatant, dest: Destination) -> list[Notice]:
        """LIB-07: a move goes to a linked zone (or anywhere with LIB-CFG-2, or onto the map,
        or from cell to cell off the zones)."""
        here, zone = c.position.zone, dest.zone
        if here is None or zone is None or here == zone or self.flag(enc, FREE_MOVES):
            return []
        if ZoneGraph(enc.map).adjacent(here, zone):
            return []
        names = {z.id: z.name for z in enc.map.zones}
        return [
            Notice(
                "LIB-07",
                f"{names[zone]} n’est pas reliée à {names[here]} : un déplacement va dans une "
                "zone adjacente",
                f"{names[zone]} is not linked to {names[here]}: a move goes to an adjacent zone",
            )
        ]

    def derived(self, enc: Encounter, c: Combatant) -> list[Term]:
        pv, pv_max = stat(c, "pv"), stat(c, "pv_max", 1)
        terms = [Term("points de vie", f"{pv}/{pv_max}", "LIB-03", "hit points")]
        if pv <= 0:
            terms.append(Term("hors de combat", "", "LIB-05", "out of the fight"))
        return terms

    def space(self, enc: Encounter, c: Combatant) -> int:
        """LIB-08: the squares on a side of its space, by its size."""
        size = c.stats.get("taille")
        return Size(size).side if size in Size.__members__.values() else 1

    def reach(self, enc: Encounter, c: Combatant) -> int:
        """LIB-08: how many squares away it threatens."""
        return max(1, stat(c, "allonge", 1))

    def is_out(self, enc: Encounter, c: Combatant) -> bool:
        """LIB-05: at 0 hit points or fewer, out of the fight."""
        return stat(c, "pv") <= 0

    def health_lost(self, enc: Encounter, c: Combatant) -> float | None:
        return public.pool_lost(c, "pv", "pv_max")

    def cannot_act(self, enc: Encounter, c: Combatant) -> Notice | None:
        """LIB-05: out of the fight at 0 hit points; LIB-06: the state « Inconscient »."""
        if self.is_out(enc, c):
            return unable_to_act(c, "LIB-05", "est hors de combat", "is out of the fight")
        if any(s.key == "inconscient" for s in c.states):
            return unable_to_act(c, "LIB-06", "est inconscient", "is unconscious")
        return None

    def badge_labels(self, enc: Encounter, c: Combatant) -> list[Label]:
        pv, pv_max = stat(c, "pv"), stat(c, "pv_max", 1)
        out = [Label(fr=f"PV {pv}/{pv_max}", en=f"HP {pv}/{pv_max}")]
        if pv <= 0:
            out.append(Label(fr="Hors de combat", en="Out of the fight"))
        for s in c.states:
            rounds = s.expiry.rounds if s.expiry and s.expiry.rounds else None
            label = self.state_label(s)
            if rounds:
                label = Label(fr=f"{label.fr} ({rounds} r.)", en=f"{label.en} ({rounds} rd)")
            out.append(label)
        return out


RULESET_CLASS = Libre
