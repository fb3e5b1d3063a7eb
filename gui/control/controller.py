"""The controller: owns the open encounter, its undo stack and its file; the only writer."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from msgspec import Struct
from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoStack

from gui.boot import paths
from gui.boot.i18n import either, message, tr
from gui.control import recovery
from gui.control.commands import ChangeCommand
from gui.control.settings import skip_out
from gui.engine.checks.request import DiceRequest, DiceResult
from gui.engine.contract import conditions
from gui.engine.contract.base import Ruleset
from gui.engine.contract.targets import default_target as foe_for
from gui.engine.contract.values import Action, Preview, Resolution
from gui.engine.core.arguments import checked
from gui.engine.core.problems import BilingualError
from gui.engine.core.words import Notice
from gui.engine.edits import doors, visibility
from gui.engine.edits import grid as grid_edits
from gui.engine.edits import map as map_edits
from gui.engine.edits import roster as roster_edits
from gui.engine.edits import sight as sight_edits
from gui.engine.files import carried
from gui.engine.play.players_seen import PlayersSight
from gui.engine.play.table import Table
from gui.engine.play.turn_holder import default_actor, first_able
from gui.engine.space.destination import Destination
from gui.engine.state.changes import ChangeSet
from gui.engine.state.model import Background, Combatant, Encounter, Grid, Rect, State
from gui.engine.state.touched import touched
from gui.engine.timing import windows
from gui.engine.turns import TurnContext, TurnMode, cards, current_entry

if TYPE_CHECKING:
    from gui.engine.play.players_sight import PlayersEyes

AUTOSAVE_DELAY_MS = 200  # the longest an autosave waits for the window to paint its gesture


class Refused(BilingualError):
    """What the controller tells the UI when an edit is refused; nothing was changed."""


class Trial(Struct, frozen=True):
    """What resolving `action` with `dice` would give (its Resolution and ChangeSet), worked
    out on the encounter as it stood at `version`; nothing was applied."""

    action: Action
    dice: DiceResult
    resolution: Resolution
    changes: ChangeSet
    version: int


@checked(Refused)
class Controller(QObject):
    """Routes every UI action to the engine and pushes one undo command per ChangeSet.

    Views never write the model: they call a method here and refresh, on `changed`, what
    its notice (Touched) says was touched; on `replaced`, everything.
    """

    changed = Signal(object)  # a ChangeSet was applied or reverted: what it touched (Touched)
    replaced = Signal()  # another encounter is open: views rebuild from scratch
    selection_changed = Signal(object)  # combatant id or None
    file_state_changed = Signal()  # path or modified marker: the window title
    message = Signal(str)  # a status-bar line
    resolved = Signal(object)  # an action's Resolution, once its changes are recorded
    # An area of effect the GM is drawing on the map (values.AreaOf), None once it is gone:
    # the players' view shows it through its own copy of the encounter (issue 37).
    area_shown = Signal(object)
    # What is wrong with autosaving ("" when all is well): shown until an autosave or a save
    # succeeds in the data folder.
    autosave_problem_changed = Signal(str)

    def __init__(self, table: Table, path: Path | None = None, parent: QObject | None = None):
        super().__init__(parent)
        self.table = table
        self.path = path
        self.selected: str | None = None
        self.last_target: str | None = None  # the target of the last action resolved
        self.autosave_problem = ""
        self._version = 0  # counts what changed the encounter (see `version`)
        self._eyes: PlayersEyes | None = None  # the players' sight, made with the first fog
        self._sight: tuple[int, PlayersSight | None] | None = None  # at a version
        self.undo_stack = QUndoStack(self)
        self.undo_stack.setUndoLimit(500)
        self.undo_stack.cleanChanged.connect(self.file_state_changed)
        # The autosave after a change is written just before the window paints it (the
        # window calls `flush_autosave` then), or after AUTOSAVE_DELAY_MS without a window.
        self._autosave_due = False
        self._autosave_timer = QTimer(self)
        self._autosave_timer.setSingleShot(True)
        self._autosave_timer.setInterval(AUTOSAVE_DELAY_MS)
        self._autosave_timer.timeout.connect(self.flush_autosave)
        self.undo_stack.indexChanged.connect(self._autosave_soon)

    # The open encounter ---------------------------------------------------------------

    @property
    def enc(self) -> Encounter:
        return self.table.enc

    @property
    def ruleset(self) -> Ruleset:
        return self.table.ruleset

    @property
    def modified(self) -> bool:
        return not self.undo_stack.isClean()

    @property
    def version(self) -> int:
        """Grows whenever the encounter changes (a ChangeSet applied or reverted, another
        encounter open): what was worked out at one version holds while it stays."""
        return self._version

    def replace(self, table: Table, path: Path | None) -> None:
        """Show another encounter (Nouveau, Ouvrir, restore): history starts afresh."""
        self.discard_recovery()
        self.table, self.path = table, path
        self._version += 1
        self._eyes = None
        self.selected = self.last_target = None
        self.undo_stack.clear()
        self.replaced.emit()
        self.file_state_changed.emit()
        self.selection_changed.emit(None)

    def select(self, cid: str | None) -> None:
        if cid != self.selected:
            self.selected = cid
            self.selection_changed.emit(cid)

    def acting(self) -> str | None:
        """The first member of the unit whose turn it is who can act (else its first), if
        any (turn_holder.first_able)."""
        entry = self.table.mode().acting(self.enc.turn)
        return first_able(self.ruleset, self.enc, entry.members) if entry is not None else None

    def default_actor(self, target: str | None = None) -> str | None:
        """Who acts when the GM does not say (issue 34): whoever holds the turn — the
        selected combatant when it is one of the acting unit's (or side's) members who can
        act, else their first who can; the selection when nobody holds the turn; never the
        target itself (turn_holder.py)."""
        selected = self.selected if self.selected is None or self._present(self.selected) else None
        return default_actor(self.ruleset, self.enc, self.table.mode(), selected, target)

    def default_target(self, actor: str | None) -> str | None:
        """Whom an action aims at unless the GM says otherwise (issue 33): the target of the
        last action while it is there, a foe of the actor and within its reach; else the
        nearest foe in the fight it can reach, else the nearest foe (targets.py; none without
        an actor)."""
        if actor is None or not self._present(actor):
            return None
        last = self.last_target
        last = last if last is not None and self._present(last) else None
        return foe_for(self.ruleset, self.enc, actor, last)

    def _present(self, cid: str) -> bool:
        """Whether `cid` is still in the encounter (found by id, not by a scan)."""
        try:
            self.enc.combatant(cid)
        except KeyError:
            return False
        return True

    # The one way in ---------------------------------------------------------------------

    def push(self, cs: ChangeSet, merge_key: Hashable | None = None) -> None:
        """Apply `cs` (refused as a whole, with a message, if it does not fit) and record it."""
        if not cs or all(c.old == c.new for c in cs.changes):
            return  # nothing would change: no undo entry
        self._apply(cs)
        sight = self._sight_now()
        if sight is not None:  # what the players' side now sees, remembered with what showed it
            seen = ChangeSet(
                "", tuple(sight_edits.explore(self.enc, sight.cells or (), sight.zones))
            )
            if seen:
                self._apply(seen)  # (it adds only what `sight` holds: the sight is the same)
                cs = cs + seen
        # The version `_record` makes current (its notice counts it) has this sight: the
        # players' view asks it at once, and need not work it out again.
        self._sight = (self._version + 1, sight)
        self._record(cs, merge_key)

    def players_sight(self) -> PlayersSight | None:
        """What the players' side sees now (issue 38), None without the fog of war."""
        if self._sight is None or self._sight[0] != self._version:
            self._sight = (self._version, self._sight_now())
        return self._sight[1]

    def _sight_now(self) -> PlayersSight | None:
        if not self.enc.map.fog:
            return None
        if self._eyes is None:  # the sight's engine imported with the first fog (P1b)
            from gui.engine.play.players_sight import PlayersEyes

            self._eyes = PlayersEyes()
        return self._eyes.sight(self.enc, self.ruleset)

    def _apply(self, cs: ChangeSet) -> None:
        try:
            self.table.apply(cs)
        except BilingualError as exc:
            raise Refused(exc.fr, exc.en) from exc

    def _record(self, cs: ChangeSet, merge_key: Hashable | None = None) -> None:
        """Put an already applied ChangeSet on the undo stack (its first redo does nothing)."""
        self.undo_stack.push(ChangeCommand(self.table, cs, self._changed, merge_key))

    def _changed(self, cs: ChangeSet) -> None:
        """Tell the views what `cs` (applied or reverted) touched, for them to refresh that."""
        self._version += 1
        self.changed.emit(touched(cs, self.enc))

    def _edit(self, make, *args, merge_key: Hashable | None = None, **kwargs):
        """Build a ChangeSet with an engine function and push it; engine refusals become
        Refused; the function's other results (new ids) are returned."""
        try:
            result = make(*args, **kwargs)
        except (BilingualError, KeyError) as exc:
            if isinstance(exc, BilingualError):
                raise Refused(exc.fr, exc.en) from exc
            raise Refused(f"Introuvable : {exc}", f"Not found: {exc}") from exc
        extra, cs = (result[0], result[1]) if isinstance(result, tuple) else (None, result)
        self.push(cs, merge_key)
        return extra

    # Sheets -----------------------------------------------------------------------------

    def edit_stat(self, cid: str, key: str, value: object) -> None:
        """A sheet edit; successive steps of one number (spin box arrows) are one undo entry."""
        try:
            kind = self.ruleset.data.field(key).kind
        except KeyError:
            kind = ""
        merge = ("stat", cid, key) if kind in ("int", "float") else None
        self._edit(self.table.edit_stat, cid, key, value, merge_key=merge)

    def set_flags(self, flags: dict[str, bool | int | str]) -> None:
        """The house-rule flags of this encounter (G-5), one undo entry."""
        self._edit(self.table.set_flags, flags)

    def set_track(self, cid: str, key: str, marks: list[str]) -> None:
        self._edit(roster_edits.set_track, self.ruleset, self.enc, cid, key, marks)

    def set_states(self, cid: str, states: list[State]) -> None:
        self._edit(roster_edits.set_states, self.enc, cid, states)

    def add_condition(self, cid: str, state: State) -> None:
        """The GM puts a condition on a combatant (G-3): one undo entry, logged."""
        self._edit(conditions.add, self.table.ruleset, self.enc, cid, state)

    def remove_condition(self, cid: str, index: int) -> None:
        """The GM takes a combatant's condition off (G-3): one undo entry, logged."""
        self._edit(conditions.remove, self.table.ruleset, self.enc, cid, index)

    def rename(self, cid: str, name: str) -> None:
        self._edit(roster_edits.rename, self.enc, cid, name)

    def rename_encounter(self, name: str) -> None:
        self._edit(roster_edits.rename_encounter, self.enc, name)

    def set_side(self, cid: str, side: str) -> None:
        self._edit(roster_edits.set_side, self.enc, cid, side)

    def set_notes(self, cid: str, notes: str) -> None:
        self._edit(roster_edits.set_notes, self.enc, cid, notes, merge_key=("notes", cid))

    def add_combatants(
        self, template: Combatant, count: int = 1, zone: str | None = None, on_grid: bool = False
    ):
        """Add `count` combatants from a template; returns their ids."""
        return self._edit(
            roster_edits.add_combatants, self.ruleset, self.enc, template, count, zone, on_grid
        )

    def add_all(
        self, templates: list[Combatant], zone: str | None = None, on_grid: bool = False
    ) -> list[str]:
        """Add one combatant from each template (an import), one undo entry; their ids."""
        return self._edit(carried.add_all, self.ruleset, self.enc, templates, zone, on_grid)

    def duplicate(self, cid: str, count: int) -> list[str]:
        return self._edit(roster_edits.duplicate, self.ruleset, self.enc, cid, count)

    def remove_combatant(self, cid: str) -> None:
        if self.selected == cid:
            self.select(None)
        self._edit(roster_edits.remove_combatant, self.enc, cid)

    def hide_combatant(self, cid: str, hidden: bool) -> None:
        """Hide `cid` from the players' view, or reveal it: one undo entry."""
        self._edit(visibility.hide_combatant, self.enc, cid, hidden)

    def hide_zone(self, zid: str, hidden: bool) -> None:
        self._edit(visibility.hide_zone, self.enc, zid, hidden)

    def set_players_side(self, sid: str, players: bool) -> None:
        """The players' own side (its numbers shown to them), or not: one undo entry."""
        self._edit(visibility.set_players_side, self.enc, sid, players)

    def add_side(self, name: str, colour: str) -> str:
        return self._edit(roster_edits.add_side, self.enc, name, colour)

    def set_resource(self, side: str, key: str, value: int) -> None:
        """A side's resource (GM Réserve, Menace…); successive steps of one counter (its
        − and + buttons) are one undo entry."""
        self._edit(
            roster_edits.set_resource,
            self.ruleset,
            self.enc,
            side,
            key,
            value,
            merge_key=("resource", side, key),
        )

    # Map --------------------------------------------------------------------------------

    def move(self, cid: str, dest: Destination, force: bool = False) -> list[Notice]:
        """Move a combatant (a token drop) where `dest` says, contact included: one undo
        entry. When the ruleset objects and `force` is False nothing happens and the
        objections are returned, for the UI to offer the GM's override (G-3, logged)."""
        try:
            notices, cs = self.table.move(cid, dest, force)
        except KeyError as exc:
            raise Refused(f"Introuvable : {exc}", f"Not found: {exc}") from exc
        except BilingualError as exc:
            raise Refused(exc.fr, exc.en) from exc
        if notices and not force:
            return notices
        self._push_gesture(cs)  # a move that provokes opens a window (SIX-07, D35-11…)
        return []

    def set_contact(self, a: str, b: str, on: bool) -> None:
        self._edit(self.table.set_contact, a, b, on)

    def add_zone(self, rect: Rect, name: str = "") -> str:
        return self._edit(map_edits.add_zone, self.enc, rect, name)

    def rename_zone(self, zid: str, name: str) -> None:
        self._edit(map_edits.rename_zone, self.enc, zid, name)

    def recolour_zone(self, zid: str, colour: str) -> None:
        self._edit(map_edits.recolour_zone, self.enc, zid, colour)

    def set_zone_rect(self, zid: str, rect: Rect) -> None:
        self._edit(map_edits.set_zone_rect, self.enc, zid, rect)

    def delete_zone(self, zid: str, evacuate_to: str | None) -> None:
        self._edit(map_edits.delete_zone, self.enc, zid, evacuate_to)

    def connect_zones(self, a: str, b: str, length_m: float | None = None) -> None:
        self._edit(map_edits.connect, self.enc, a, b, length_m)

    def disconnect_zones(self, a: str, b: str) -> None:
        self._edit(map_edits.disconnect, self.enc, a, b)

    def set_edge_length(self, a: str, b: str, length_m: float | None) -> None:
        self._edit(map_edits.set_edge_length, self.enc, a, b, length_m)

    def set_background(self, background: Background | None) -> None:
        self._edit(map_edits.set_background, self.enc, background)

    def set_grid(self, grid: Grid | None) -> None:
        self._edit(map_edits.set_grid, self.enc, grid)

    def add_wall(self, start: tuple[int, int], end: tuple[int, int], blocks: str = "solid") -> None:
        """A wall on the grid's lines (issue 18), one undo entry."""
        self._edit(grid_edits.add_wall, self.enc, start, end, blocks)

    def remove_wall(self, index: int) -> None:
        self._edit(grid_edits.remove_wall, self.enc, index)

    def make_door(self, index: int, at: tuple[int, int]) -> None:
        """The stretch of wall `index` beginning at `at` made a door (issue 38)."""
        self._edit(doors.make_door, self.enc, index, at)

    def unmake_door(self, index: int) -> None:
        self._edit(doors.unmake_door, self.enc, index)

    def toggle_door(self, index: int) -> None:
        """Open or close a door: one undo entry, said in the log."""
        self._edit(doors.toggle_door, self.enc, index)

    def set_fog(self, on: bool) -> None:
        self._edit(sight_edits.set_fog, self.enc, on)

    def set_dark(self, cells: list[tuple[int, int]], dark: bool) -> None:
        self._edit(sight_edits.set_dark, self.enc, cells, dark)

    def set_zone_dark(self, zid: str, dark: bool) -> None:
        self._edit(sight_edits.set_zone_dark, self.enc, zid, dark)

    def set_link_blocks_sight(self, a: str, b: str, blocks: bool) -> None:
        self._edit(sight_edits.set_link_blocks_sight, self.enc, a, b, blocks)

    def reveal(self, cells: list[tuple[int, int]], zones: list[str]) -> None:
        self._edit(sight_edits.reveal, self.enc, cells, zones)

    def refog(self, cells: list[tuple[int, int]], zones: list[str]) -> None:
        self._edit(sight_edits.refog, self.enc, cells, zones)

    def set_square(
        self, cell: tuple[int, int], terrain: str | None = None, blocks: str | None = None
    ) -> None:
        """What a grid square holds (terrain, obstacle), one undo entry."""
        self._edit(grid_edits.set_square, self.enc, cell, terrain, blocks)

    def set_scale(self, metres_per_px: float | None) -> None:
        self._edit(map_edits.set_scale, self.enc, metres_per_px)

    # Actions and turns -------------------------------------------------------------------

    def roll(self, request: DiceRequest) -> DiceResult:
        """The app rolls the dice with the encounter's generator (G-1 a)."""
        return self.table.roll(request)

    def preview(self, action: Action) -> Preview:
        """What `action` will take before the dice (terms, odds, notices); nothing changes.
        An action the rules refuse, or a combatant not found, is Refused."""
        try:
            return self.table.preview(action)
        except (BilingualError, KeyError) as exc:
            raise _refused(exc) from exc

    def trial(self, action: Action, dice: DiceResult) -> Trial:
        """What `resolve` would give with these dice, worked out without applying anything:
        kept by the caller, it is applied as it stands by `resolve(…, tried)` while the
        encounter has not changed. A refusal is Refused, as `resolve` says it."""
        try:
            resolution, cs = self.table.resolve(action, dice)
        except (BilingualError, KeyError) as exc:
            raise _refused(exc) from exc
        return Trial(action, dice, resolution, cs, self._version)

    def resolve(self, action: Action, dice: DiceResult, tried: Trial | None = None) -> Resolution:
        """Resolve an action with dice already rolled or typed, and record its changes. An
        action that opens a reaction window, and those taken in it until it closes, are one
        undo entry (the window's gesture). `tried`: a trial of this action with these dice,
        whose changes are applied if the encounter has not changed since (resolved once);
        otherwise the action is resolved again."""
        gesture = windows.get(self.enc, action.window).gesture if action.window else None
        if tried is None or (tried.version, tried.action, tried.dice) != (
            self._version,
            action,
            dice,
        ):
            tried = self.trial(action, dice)
        resolution, cs = tried.resolution, tried.changes
        self._push_gesture(cs, gesture)
        if action.target is not None:
            self.last_target = action.target
        self.message.emit(either(resolution.outcome_fr, resolution.outcome_en))
        self.resolved.emit(resolution)
        return resolution

    def _push_gesture(self, cs: ChangeSet, gesture: str | None = None) -> None:
        """Push `cs`, one undo entry with what was done before in its gesture: the window
        it is taken in (`gesture`), or that it opens or closes."""
        gesture = gesture or windows.gesture_of(cs)
        self.push(cs, ("gesture", gesture) if gesture else None)

    def free_roll(self, text: str, what: str = "") -> int:
        """« Jet libre »: dice of the GM's choosing, rolled, logged, one undo entry; the
        total is returned (and said in the status bar)."""
        total = self._edit(self.table.free_roll, text, what)
        self.message.emit(tr("Jet libre {dice} : {total}").format(dice=text.strip(), total=total))
        return total

    def pass_window(self, wid: str) -> None:
        """The GM lets a reaction window pass: nobody reacts, the resolution goes on (part
        of the gesture that opened it)."""
        try:
            gesture = windows.get(self.enc, wid).gesture
        except KeyError as exc:
            raise _refused(exc) from exc
        self._edit(self.table.pass_window, wid, merge_key=("gesture", gesture))

    def mode(self) -> TurnMode:
        """How turns run in this encounter (the ruleset's mode, configured by its flags)."""
        return self.table.mode()

    def turn_context(self) -> TurnContext:
        """The encounter and its ruleset, as a turn mode reads them."""
        return self.table.context()

    def initiative_requests(self) -> dict[str, DiceRequest]:
        """The roll each turn unit needs to start a ranked or declared combat, by unit."""
        return self.table.initiative_requests()

    def draw_card(self, held: Iterable[int], kept: int = 0) -> int:
        """A card drawn with the encounter's generator from what is left of the deck."""
        return cards.draw(self.table.rng, held, kept)

    def start_combat(self, initiatives: dict[str, int] | None = None, **inputs: object) -> None:
        """Commencer le combat in the ruleset's turn mode (each unit's initiative, and the
        mode's other inputs by name: the first side, the Jokers kept…): one undo entry."""
        self._turn_edit(self.table.start_combat, initiatives, **inputs)

    def next_turn(self) -> None:
        """Suivant; the turns of those out of the fight are passed too (logged, the same undo
        entry) unless the GM turned « Passer les hors de combat » off."""
        self._turn_edit(self.table.next_turn, skip_out())

    def previous_turn(self) -> None:
        self._turn_edit(self.table.previous_turn)

    def end_combat(self) -> None:
        self._edit(self.table.end_combat)

    def turn_step(self, name: str, label: str | None = None, **args: object) -> None:
        """One of the turn mode's own steps by name (Retarder, Faire agir, Déclarer, Tirer
        les cartes…), with its arguments; `label` names the undo entry."""
        self._turn_edit(self.table.turn_step, name, label, **args)

    def _turn_edit(self, make, *args, **kwargs) -> None:
        """A turn step; when it hands the turn to another unit, its first member is
        selected (its sheet shows, and it is who acts unless the GM says otherwise)."""
        before = self.acting()
        self._edit(make, *args, **kwargs)
        after = self.acting()
        if after is not None and after != before:
            self.select(after)
            c = self.enc.combatant(after)
            entry = current_entry(self.enc.turn)
            if (
                self.ruleset.is_out(self.enc, c)
                and entry
                and self.ruleset.roll_due(self.enc, entry)
            ):
                self.message.emit(  # not passed: the combat dock offers its roll
                    tr("{name} est hors de combat : son jet de début de tour est dû").format(
                        name=c.name
                    )
                )
            elif self.ruleset.is_out(self.enc, c):  # flagged: the GM passes it or plays it
                self.message.emit(
                    tr("{name} est hors de combat : « Suivant » passe son tour").format(name=c.name)
                )

    # Files ------------------------------------------------------------------------------

    def save(self, path: Path | None = None) -> Path:
        """Save (atomically, with a backup of the previous file); the stack becomes clean."""
        try:
            target = path or self.path or paths.encounters_dir() / f"{self.enc.id}.json"
            # Made when a previous version needs keeping: storage says so if it cannot be.
            self.table.save(target, paths.data_path("backups"))
        except OSError as exc:
            raise Refused(
                f"dossier inaccessible : {exc.strerror or exc}",
                f"folder not available: {exc.strerror or exc}",
            ) from exc
        except BilingualError as exc:
            raise Refused(exc.fr, exc.en) from exc
        self.path = target
        self.undo_stack.setClean()
        self._set_autosave_problem("")
        self.discard_recovery()
        self.file_state_changed.emit()
        self.message.emit(tr("Enregistré : {path}").format(path=target))
        return target

    @property
    def autosave_pending(self) -> bool:
        """True from a change until its autosave is written (after the gesture's paint)."""
        return self._autosave_due

    def _autosave_soon(self) -> None:
        self._autosave_due = True
        if not self._autosave_timer.isActive():
            self._autosave_timer.start()

    def flush_autosave(self) -> None:
        """Write now the autosave that a change asks for (before the window paints the
        gesture, before it closes); nothing when none is due."""
        if self._autosave_due:
            self._autosave_due = False
            self._autosave_timer.stop()
            self.autosave()

    def autosave(self) -> None:
        """After every change, a copy that the next start offers back: in `recovery/`, or in
        the fallback folder when the data folder cannot take it. A failure stays on screen
        (`autosave_problem`) until an autosave or a save succeeds."""
        if not self.modified:
            self.discard_recovery()
            return
        try:
            where, refused = recovery.write(self.table, self.path)
        except recovery.AutosaveError as exc:
            self._set_autosave_problem(
                tr("Sauvegarde automatique impossible : {why}. Enregistrez (Ctrl+S).").format(
                    why=message(exc)
                )
            )
            return
        if refused is None:
            self._set_autosave_problem("")
        else:
            self._set_autosave_problem(
                tr("Sauvegarde automatique de secours dans {path} ({why})").format(
                    path=where.parent, why=message(refused)
                )
            )

    def _set_autosave_problem(self, text: str) -> None:
        if text != self.autosave_problem:
            self.autosave_problem = text
            self.autosave_problem_changed.emit(text)

    def discard_recovery(self) -> None:
        """The encounter is saved or closed: its autosaves go, and none is due any more."""
        self._autosave_due = False
        self._autosave_timer.stop()
        recovery.discard(self.enc.id)


def _refused(exc: Exception) -> Refused:
    """An engine refusal, or a lookup that found nothing, as the UI tells it."""
    if isinstance(exc, BilingualError):
        return Refused(exc.fr, exc.en)
    return Refused(f"Introuvable : {exc}", f"Not found: {exc}")
