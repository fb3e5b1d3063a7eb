"""The map as the players see it: what the GM hid is left out (combatants, zones and the
tokens in them), a foe's health reads in words (Ruleset.public_condition), and nothing tells a
GM-only number: no tooltip, no selection, no lines of an aim, no threatened squares."""

from __future__ import annotations

from ..engine import visibility
from ..engine.model import Combatant, Zone
from ..i18n import pick
from ..map.scene import EncounterScene


class PlayersScene(EncounterScene):
    """The GM's scene less what the players may not see; it never takes input."""

    def _zones(self) -> list[Zone]:
        return visibility.shown_zones(self.enc)

    def _place_of(self, c: Combatant) -> str | None:
        return None if visibility.unseen(self.enc, c) else super()._place_of(c)

    def _badges(self, c: Combatant) -> list[str]:
        """The players' own side shows its numbers; a foe only its condition in words."""
        if visibility.players_own(self.enc, c):
            return super()._badges(c)
        words = self.ruleset.public_condition(self.enc, c)
        return [pick(words)] if words is not None else []

    def tooltip(self, cid: str) -> str:
        return ""

    def select(self, cid: str | None) -> None:
        """The GM's selection stays on the GM's map."""

    def set_aim(self, aim: tuple[str, str] | None) -> None:
        """The lines of an action under way stay on the GM's map."""
