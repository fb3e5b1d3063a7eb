"""The contract every ruleset implements: sheet, derived values, turns, actions, resolve."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from functools import cached_property
from pathlib import Path

import msgspec

from gui.engine.checks.request import DiceRequest, DiceResult
from gui.engine.contract import public
from gui.engine.contract.aims import refusal
from gui.engine.contract.targets import within_reach
from gui.engine.contract.values import (
    AREA_DAMAGE,
    AREA_DC,
    AREA_METRES,
    AREA_SAVE,
    AREA_SHAPE,
    DARKVISION,
    Action,
    ActionSpec,
    Aim,
    AreaAttack,
    AreaOf,
    DueRoll,
    Preview,
    Resolution,
    TrackView,
)
from gui.engine.core.problems import Words
from gui.engine.core.words import Label, Notice, Term
from gui.engine.grid.flanking import FlankCall
from gui.engine.grid.lines import CoverCall
from gui.engine.space.destination import Destination
from gui.engine.space.zones import Diagonal
from gui.engine.state.changes import Change, ChangeSet
from gui.engine.state.model import (
    Combatant,
    Encounter,
    Scalar,
    State,
    TurnEntry,
    Window,
)
from gui.engine.state.schema import RulesetData, StateSpec, Template
from gui.engine.timing.windows import Offer
from gui.engine.turns import TurnMode


class Ruleset(ABC):
    """A rules system: data from `ruleset_data/<id>/`, logic in its module."""

    # True when combatants can be "in contact" (a token dropped on another one touches it).
    uses_contact = False
    # The sheet values that put combatants in groups (token_group): changing one regroups.
    grouping_stats: frozenset[str] = frozenset()

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.data = msgspec.json.decode((folder / "ruleset.json").read_bytes(), type=RulesetData)

    @property
    def id(self) -> str:
        return self.data.id

    @property
    def demo_path(self) -> Path:
        return self.folder / "demo.json"

    @cached_property
    def catalogs(self) -> dict[str, list[dict[str, Scalar]]]:
        """Pick lists of table fields (`catalogs.json`: weapons, armour…), by catalog name."""
        path = self.folder / "catalogs.json"
        if not path.is_file():
            return {}
        return msgspec.json.decode(path.read_bytes(), type=dict[str, list[dict[str, Scalar]]])

    @cached_property
    def bestiary(self) -> list[Template]:
        """Ready-made sheets (`bestiary.json`) the GM can add and then edit."""
        path = self.folder / "bestiary.json"
        return msgspec.json.decode(path.read_bytes(), type=list[Template]) if path.is_file() else []

    def flag(self, enc: Encounter, flag_id: str) -> bool | int | str:
        """A house-rule flag's value in this encounter, or its default (G-5)."""
        if flag_id in enc.flags:
            return enc.flags[flag_id]
        for spec in self.data.flags:
            if spec.id == flag_id:
                return spec.default
        raise KeyError(flag_id)

    def derived(self, enc: Encounter, c: Combatant) -> list[Term]:
        """Values computed from the sheet, each with its rule (none by default)."""
        return []

    def badges(self, enc: Encounter, c: Combatant) -> list[str]:
        """Short state texts for the token and roster, in French (`badge_labels`)."""
        return [label.fr for label in self.badge_labels(enc, c)]

    def badge_labels(self, enc: Encounter, c: Combatant) -> list[Label]:
        """The badges in both languages, for the views to show in the interface's (the
        states' own names, as the GM or the rules gave them, in both)."""
        out = []
        for s in c.states:
            label = self.state_label(s)
            if words := self.state_value_words(s):
                label = Label(fr=f"{label.fr} {words}", en=f"{label.en} {words}")
            out.append(label)
        return out

    def state_value_words(self, state: State) -> str:
        """How the number a state carries reads after its name: « 20 % » for a state of the
        list whose number has a unit (the rules' default when it was set without one), « ×2 »
        for any other number; "" when it carries none."""
        spec = self._state_specs.get(state.key)
        carried = spec.value if spec is not None else None
        value = state.value if state.value is not None or carried is None else carried.default
        if value is None:
            return ""
        return f"{value} {carried.unit}" if carried is not None and carried.unit else f"×{value}"

    def state_label(self, state: State) -> Label:
        """A state's name in both languages: the ruleset's own for a state of its list, the
        words it was given (the GM's, the same in both) otherwise."""
        spec = self._state_specs.get(state.key)
        return (
            spec.label if spec is not None and spec.label.fr == state.label else _same(state.label)
        )

    @cached_property
    def _state_specs(self) -> dict[str, StateSpec]:
        return {s.key: s for s in self.data.states}

    def diagonal(self, enc: Encounter) -> Diagonal:
        """How the grid counts a diagonal step in this encounter (grid/paths.py): 1-1 by
        default, 1-2-1 in d20 games, or as a house-rule flag says."""
        return "chebyshev"

    def reach(self, enc: Encounter, c: Combatant) -> int:
        """How many squares away a combatant threatens on the grid (1: the squares around
        its space; 2 with a reach weapon…)."""
        return 1

    def space(self, enc: Encounter, c: Combatant) -> int:
        """How many squares wide a combatant's space is on the grid (its size: 1 by default,
        2 for Large…)."""
        return 1

    def can_reach(self, enc: Encounter, c: Combatant, target: Combatant) -> bool:
        """Whether `c` can strike `target` from where it stands with its current weapon, for
        the default target of an action (issue 33): by default within its reach on the grid,
        else in contact or in the same or a linked zone (targets.within_reach). A ruleset
        whose weapons reach farther (a bow…) says so here."""
        return within_reach(self, enc, c, target)

    def cover_words(self, enc: Encounter, call: CoverCall) -> Words:
        """A grid's cover call as this ruleset names it, in French and English (plain words,
        no rule id, by default)."""
        return call.words()

    def flank_words(self, enc: Encounter, call: FlankCall) -> Words:
        """A grid's flanking call as this ruleset names it, in French and English (plain
        words, no rule id, by default)."""
        return call.words()

    def together(self, enc: Encounter, c: Combatant) -> set[str]:
        """The others that move with `c` and share its squares (a rider and its mount): their
        squares never bar its way. None by default."""
        return set()

    def blocks_way(self, enc: Encounter, mover: Combatant, other: Combatant) -> bool:
        """Whether `mover` must go round `other`'s space on the grid: a foe still in the
        fight, by default (allies may be passed through)."""
        return other.side != mover.side and not self.is_out(enc, other)

    def move_factor(self, enc: Encounter, c: Combatant) -> int:
        """How many squares each square of `c`'s move counts for (2 while squeezing in d20
        games); 1 by default."""
        return 1

    def is_out(self, enc: Encounter, c: Combatant) -> bool:
        """True once `c` takes no further part in the fight (none by default)."""
        return False

    def health_lost(self, enc: Encounter, c: Combatant) -> float | None:
        """The share of its health `c` has lost, 0 to 1 (None: the ruleset keeps no
        measure the players' view could put in words)."""
        return None

    def public_condition(self, enc: Encounter, c: Combatant) -> Label | None:
        """A foe's health as the players' view says it, without numbers (public.py)."""
        return public.condition(self.is_out(enc, c), self.health_lost(enc, c))

    def unit_out(self, enc: Encounter, entry: TurnEntry) -> bool:
        """True when every member of a turn unit is out of the fight (`is_out`)."""
        return all(self.is_out(enc, enc.combatant(cid)) for cid in entry.members)

    def standing(self, enc: Encounter, entry: TurnEntry) -> list[str]:
        """The members of a turn unit still in the fight (`is_out`), in order: what its
        label names and counts (« ×N »), so a fallen member leaves it (issue 34)."""
        return [cid for cid in entry.members if not self.is_out(enc, enc.combatant(cid))]

    def token_group(self, enc: Encounter, c: Combatant) -> tuple[str, Label] | None:
        """The group `c` acts in as one unit (its id and its name on the map), if any."""
        return None

    def token_groups(
        self, enc: Encounter, combatants: Iterable[Combatant]
    ) -> dict[str, tuple[str, Label] | None]:
        """`token_group` of each of `combatants`, by id: what the views ask for a whole
        roster or zone at once (a ruleset whose groups depend on the whole encounter
        reads it once here, not once per combatant)."""
        return {c.id: self.token_group(enc, c) for c in combatants}

    def initiative(self, enc: Encounter, c: Combatant) -> DiceRequest | None:
        """The roll that sets a combatant's initiative, or None if the policy needs none."""
        return None

    def unit_label(self, enc: Encounter, entry: TurnEntry, with_side: bool = False) -> Label:
        """A turn unit in a few words, in both languages: its members' names by default; a
        ruleset that groups combatants names its groups (`with_side`: with the side's name
        when the unit's own name does not say it). The members still in the fight
        (`standing`), all of them once none is."""
        shown = self.standing(enc, entry) or entry.members
        names = ", ".join(enc.combatant(cid).name for cid in shown)
        return Label(fr=names, en=names)

    def group_label(
        self, enc: Encounter, entry: TurnEntry, with_side: bool, named: Callable[[int], Label]
    ) -> Label:
        """A group's label as many of it as still fight (`standing`): `named(n)` (0 when
        every member is out); with one left, that member's name, as a unit of one is."""
        n = len(self.standing(enc, entry))
        if n == 1 or len(entry.members) < 2:
            return Ruleset.unit_label(self, enc, entry, with_side)
        return named(n)

    def initiative_score(self, enc: Encounter, c: Combatant) -> int:
        """The tie-breaker (or declaration order) of a combatant's initiative."""
        return 0

    def track_view(self, enc: Encounter, c: Combatant, key: str) -> TrackView | None:
        """Row names and mark glyphs of a track, when the ruleset gives them."""
        return None

    def check_move(self, enc: Encounter, c: Combatant, dest: Destination) -> list[Notice]:
        """Why moving `c` to `dest` is against the rules (empty when it is legal)."""
        return []

    def activation_ended(self, enc: Encounter, entry: TurnEntry, new_round: bool) -> list[Change]:
        """Changes when a unit's turn ends (« Suivant »; `new_round`: the round ends with it):
        effects lasting "until the end of its next turn" expire."""
        return []

    def move_changes(self, enc: Encounter, c: Combatant, dest: Destination) -> list[Change]:
        """What a move to `dest` costs besides the move (an action spent…)."""
        return []

    def round_started(self, enc: Encounter, round_no: int) -> list[Change]:
        """Changes that happen by themselves when a new round begins."""
        return []

    def turn_step_changes(
        self, enc: Encounter, name: str, args: Mapping[str, object]
    ) -> list[Change]:
        """What the rules count when a turn mode's own step `name` runs with `args` (a unit
        readies an action, acts now…): an action spent, the states it sets, their journal
        lines. Computed on the encounter as the step leaves it (the turn moved on, a new
        round begun), before the states that end with the turn that ends. Nothing by
        default."""
        return []

    def turn_started(self, enc: Encounter, entry: TurnEntry) -> list[Change]:
        """Changes when a unit's turn starts (reactions and budgets refreshed…), after the
        states that end then (durations.py)."""
        return []

    def window_offers(self, enc: Encounter, window: Window) -> list[Offer]:
        """What an open reaction window offers: the reactions others may take in it, and the
        steps that go on and close it (windows.py)."""
        return []

    def window_passed(self, enc: Encounter, window: Window) -> list[Change] | None:
        """The changes when the GM lets a window pass with no reaction (the resolution goes
        on as it stands), or None when it cannot pass: a step is due (the hit must be
        absorbed). By default a window does not pass."""
        return None

    def due_rolls(self, enc: Encounter, entry: TurnEntry) -> list[DueRoll]:
        """The rolls the rules ask for at the start of this unit's turn (dying, running…),
        offered to the GM in the combat dock."""
        return []

    def roll_due(self, enc: Encounter, entry: TurnEntry) -> bool:
        """Whether this unit's turn starts with a roll the rules ask for (`due_rolls`): « Suivant »
        never passes such a unit as out of the fight, so the roll is offered (a dying
        creature's d%)."""
        return bool(self.due_rolls(enc, entry))

    def unit_passed(self, enc: Encounter, entry: TurnEntry) -> bool:
        """Whether « Passer les hors de combat » passes this unit's turn: every member out
        of the fight (`unit_out`) and no roll due at its start (`roll_due`)."""
        return self.unit_out(enc, entry) and not self.roll_due(enc, entry)

    def cannot_act(self, enc: Encounter, c: Combatant) -> Notice | None:
        """Why `c` can take no action now (dying, unconscious, dead, out of the fight…), as a
        blocking notice in both languages (« Aldric est mourant : il ne peut pas agir »), or
        None when it may act (by default). The GM may still force an action (G-3: FORCE,
        logged)."""
        return None

    def acts_while_unable(self, kind: str) -> bool:
        """Whether the action `kind` stays offered to a combatant that cannot act: the rolls
        its state makes it take (a dying creature's d%, a soak roll…). None by default."""
        return False

    def unable_notice(self, enc: Encounter, action: Action) -> Notice | None:
        """The `cannot_act` notice that bars `action`, else the `aim_notice` that bars its
        target (Table: shown in its preview, refused at its resolution unless the GM forces
        it), or None: no actor, an action taken in a reaction window (its offers are the
        ruleset's), or one still offered at a target it may aim at; a ruleset whose exceptions
        depend on the action itself says so here."""
        if action.actor is None or action.window is not None:
            return None
        if not self.acts_while_unable(action.kind):
            why = self.cannot_act(enc, enc.combatant(action.actor))
            if why is not None:
                return why
        return self.aim_notice(enc, action)

    def aim(self, enc: Encounter, actor: str, spec: ActionSpec) -> Aim:
        """Whom `spec` may aim at when `actor` takes it (aims.py): the spec's own `aim` by
        default (anyone); a ruleset whose rules depend on more says so here."""
        return spec.aim

    def aim_notice(self, enc: Encounter, action: Action) -> Notice | None:
        """Why `action` may not aim at its target (aims.refusal: out of the fight, itself, a
        foe where an ally is meant…), a blocking notice the GM may force (G-3), or None."""
        if action.actor is None or action.target is None:
            return None
        specs = self.actions(enc, action.actor, action.target)
        spec = next((s for s in specs if s.kind == action.kind), None)
        if spec is None:
            return None
        actor, target = enc.combatant(action.actor), enc.combatant(action.target)
        return refusal(self, enc, actor, spec, target)

    def offered_actions(
        self, enc: Encounter, actor: str, target: str | None
    ) -> tuple[list[ActionSpec], Notice | None]:
        """The actions the menus and the action dialog offer `actor` (`actions`), and why
        they are not all offered: a combatant that cannot act (`cannot_act`) is offered only
        those it takes all the same (`acts_while_unable`)."""
        specs = self.actions(enc, actor, target)
        why = self.cannot_act(enc, enc.combatant(actor))
        if why is None:
            return specs, None
        kept = [s for s in specs if self.unable_notice(enc, Action(s.kind, actor)) is None]
        return kept, why

    def combat_started(self, enc: Encounter) -> list[Change]:
        """Changes that happen by themselves when the combat begins (starting values)."""
        return []

    def turn_units(self, enc: Encounter) -> list[TurnEntry]:
        """Who takes turns: one unit per combatant unless the ruleset groups them."""
        return [TurnEntry(unit=c.id, members=[c.id], side=c.side) for c in enc.combatants]

    @abstractmethod
    def turn_mode(self, enc: Encounter) -> TurnMode:
        """How turns run in this ruleset (a mode it picks and configures, turns/)."""

    @abstractmethod
    def actions(self, enc: Encounter, actor: str, target: str | None) -> list[ActionSpec]:
        """The actions `actor` can take, against `target` when one is given."""

    def darkvision_m(self, enc: Encounter, c: Combatant) -> float:
        """How far `c` sees in the dark, in metres (issue 38: a dark square or zone beyond it
        is unseen), from its sheet's darkvision field (values.DARKVISION); 0 without."""
        metres = c.stats.get(DARKVISION)
        return float(metres) if isinstance(metres, int | float) and metres > 0 else 0.0

    def area_attack(self, enc: Encounter, c: Combatant) -> AreaAttack | None:
        """`c`'s own area attack (a dragon's breath), from its sheet's area fields
        (values.AREA_SHAPE…): the map's area tool starts from its shape and size, the area
        action from its damage and save; None when it has none."""
        shape, metres = c.stats.get(AREA_SHAPE), c.stats.get(AREA_METRES)
        if not isinstance(shape, str) or not shape or not isinstance(metres, int | float):
            return None
        damage, save, dc = (c.stats.get(k) for k in (AREA_DAMAGE, AREA_SAVE, AREA_DC))
        return AreaAttack(
            shape,
            float(metres),
            damage if isinstance(damage, str) else "",
            save if isinstance(save, str) else "",
            dc if isinstance(dc, int) and not isinstance(dc, bool) else 0,
        )

    def area_actions(self, enc: Encounter, actor: str, area: AreaOf) -> list[ActionSpec]:
        """The area-of-effect actions `actor` can take for an area drawn on the map (issue
        37: one roll for all, each target's save); none unless the ruleset has some."""
        return []

    @abstractmethod
    def preview(self, enc: Encounter, action: Action) -> Preview:
        """Terms, target number, dice needed and exact odds of an action, before the dice."""

    @abstractmethod
    def resolve(
        self, enc: Encounter, action: Action, dice: DiceResult
    ) -> tuple[Resolution, ChangeSet]:
        """The outcome of an action with its dice, and the changes it makes."""


def _same(text: str) -> Label:
    """A text that reads the same in both languages (a name, a number)."""
    return Label(fr=text, en=text)
