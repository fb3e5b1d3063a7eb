"""The map as the players see it: it draws the players' copy of the encounter (what the GM hid
is not in it: combatants, zones and the tokens in them, states naming them), a foe's health
reads in words (Ruleset.public_condition), and nothing tells a GM-only number: no tooltip, no
selection, no lines of an aim, no threatened squares."""

from __future__ import annotations

from typing import TYPE_CHECKING

from msgspec.structs import replace
from PySide6.QtCore import QRectF

from gui.boot.i18n import pick
from gui.engine.contract.areas import AreaReader
from gui.engine.contract.values import AreaOf
from gui.engine.core.problems import BilingualError
from gui.engine.edits import visibility
from gui.engine.play.players_seen import PlayersSight
from gui.engine.state.model import Combatant, Encounter
from gui.engine.state.touched import Touched
from gui.map.area_item import AreaItem
from gui.map.scene import EncounterScene
from gui.player.plates import Token, crowded, place

if TYPE_CHECKING:
    from gui.map.fog_item import FogItem


class PlayersScene(EncounterScene):
    """The scene of a players' copy (players_copy); it never takes input."""

    _drawn: AreaItem | None = None  # the GM's area of effect, as they see it
    _fog: FogItem | None = None  # the fog of war (issue 38), made when first needed

    def show_fog(self, sight: PlayersSight | None) -> None:
        """Under the fog, dark where their side never saw, dimmed where it saw before."""
        if sight is None and self._fog is None:
            return
        if self._fog is None:
            from gui.map.fog_item import OPAQUE, UNDER_TOKENS, FogItem  # at the first fog (P1b)

            self._fog = FogItem(OPAQUE, UNDER_TOKENS)
            self.addItem(self._fog)
        self._fog.show_sight(self.enc, sight)

    def follow(self, seen: Encounter, notice: Touched) -> None:
        """Take the players' copy made after a change: all drawn again when a zone or a token
        came or went (something hidden or revealed, a zone seen once someone stood in it),
        else only what the change touched."""
        self.enc = seen
        zones = {z.id for z in seen.map.zones}
        placed = {c.id for c in seen.combatants if self._place_of(c) is not None}
        if zones != set(self.zone_items) or placed != set(self.token_items):
            self.sync()
        else:
            self.refresh(notice)

    def _badges(self, c: Combatant) -> list[str]:
        """The players' own side shows its numbers; a foe only its condition in words."""
        if visibility.players_own(self.enc, c):
            return super()._badges(c)
        words = self.ruleset.public_condition(self.enc, c)
        return [pick(words)] if words is not None else []

    def tooltip(self, cid: str) -> str:
        return ""

    def set_text_floor(self, floor: float, scale: float) -> None:
        """Tokens' names and conditions at least `floor` high (scene units), group labels
        readable at the view's zoom `scale` (issue 33: read from across the room)."""
        self.text_floor, self.label_px = floor, floor * scale
        for item in self.token_items.values():
            item.set_floor(floor)
        self.set_view_scale(scale)
        self.place_plates()

    def sync(self) -> None:
        super().sync()
        self.place_plates()

    def refresh(self, notice: Touched) -> None:
        super().refresh(notice)
        self.place_plates()

    def place_plates(self) -> None:
        """Each token's name and conditions where they hide no other plate nor token."""
        plated = [item for item in self.token_items.values() if item.has_plates()]
        if not plated:
            return  # no plates (a crowd fitted on the screen): nothing to place
        if crowded(len(plated), self.text_floor, self.content_rect()):
            for item in plated:
                item.set_plate_shift(None)
            return
        tokens = []
        for cid, item in self.token_items.items():
            r = item.size / 2
            at = item.pos()
            disc = QRectF(at.x() - r, at.y() - r, 2 * r, 2 * r)
            tokens.append(Token(cid, disc, item.plate_rect().translated(at)))
        for key, group in self.group_items.items():  # a group's label is kept clear too
            if group.label_line is not None:
                tokens.append(Token(f"group {key}", group.label_line.rect, QRectF()))
        for cid, shift in place(tokens).items():
            self.token_items[cid].set_plate_shift(shift)

    def select(self, cid: str | None) -> None:
        """The GM's selection stays on the GM's map."""

    def set_aim(self, aim: tuple[str, str] | None, window: str | None = None) -> None:
        """The lines of an action under way stay on the GM's map."""

    def show_drawn(self, area: AreaOf | None) -> None:
        """An area of effect the GM is drawing, as the players see it (issue 37): the squares
        it covers, or the zones of their copy it takes in, and a ring round each creature of
        their copy it catches — none hidden, and no lines of cover (they stay on the GM's
        map, like an aim's)."""
        if area is None:
            if self._drawn is not None:
                self._drawn.clear()
            return
        from gui.map.area_tool import draw_area  # at the first area, not at start (P1b)

        if self._drawn is None:
            self._drawn = AreaItem()
            self.addItem(self._drawn)
        seen = {c.id for c in self.enc.combatants}
        shown = replace(area, caught=tuple(cid for cid in area.caught if cid in seen))
        try:
            reader = AreaReader(self.enc, self.ruleset)
            draw_area(self._drawn, self.enc, reader, shown, self.token_items, covers=False)
        except BilingualError:  # its zone is hidden from them: nothing of it shows
            self._drawn.clear()
