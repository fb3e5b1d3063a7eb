"""Turn units by a sheet field: the combatants of a side with the same group name act as one
unit, on one initiative (an initiative group, or one roll for a group of identical
creatures)."""

from __future__ import annotations

from gui.engine.contract.base import Ruleset
from gui.engine.core.digest import sha1_hex
from gui.engine.core.words import Label
from gui.engine.state.model import Combatant, Encounter, TurnEntry

GROUP = "groupe"  # the field that names a combatant's initiative group
GROUP_UNIT = "groupe:"  # the id of a group's turn unit starts so


class GroupedByStat(Ruleset):
    """A ruleset whose turn units are the combatants alone and the groups `GROUP` names."""

    grouping_stats = frozenset({GROUP})

    def token_group(self, enc: Encounter, c: Combatant) -> tuple[str, Label] | None:
        """The group `c` acts in, by its side and its group name; None when it acts alone."""
        name = str(c.stats.get(GROUP, "")).strip()
        if not name:
            return None
        digest = sha1_hex(f"{c.side}\0{name}".encode())[:12]
        return f"{GROUP_UNIT}{digest}", Label(fr=name, en=name)

    def turn_units(self, enc: Encounter) -> list[TurnEntry]:
        """One unit per combatant, and one per group, in roster order."""
        units: dict[str, TurnEntry] = {}
        for c in enc.combatants:
            group = self.token_group(enc, c)
            unit = group[0] if group else c.id
            if unit in units:
                units[unit].members.append(c.id)
            else:
                units[unit] = TurnEntry(unit=unit, members=[c.id], side=c.side)
        return list(units.values())

    def unit_label(self, enc: Encounter, entry: TurnEntry, with_side: bool = False) -> Label:
        """A group by its name and how many of it are still in the fight, « Brigands ×3 »; a
        group with one left by its member's name (one left standing, or the one the players
        see); a group all down by its name alone (issue 34)."""
        group = self.token_group(enc, enc.combatant(entry.members[0]))
        if not entry.unit.startswith(GROUP_UNIT) or group is None:
            return super().unit_label(enc, entry, with_side)
        name, side = group[1], f" ({enc.side(entry.side).name})" * with_side

        def named(n: int) -> Label:
            count = f" ×{n}" if n else ""
            return Label(fr=f"{name.fr}{count}{side}", en=f"{name.en}{count}{side}")

        return self.group_label(enc, entry, with_side, named)
