"""The contract every ruleset implements: sheet, derived values, turns, actions, resolve."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pydantic import TypeAdapter

from gui.engine.checks.typed import TypedRoll, parse_typed_roll
from gui.engine.contract import public
from gui.engine.contract.aims import ANYONE, Aim, refusal
from gui.engine.contract.schema import FieldSpec, Label, RulesetData, StateSpec, Template
from gui.engine.core.problems import BilingualError, Words
from gui.engine.dice.odds import Distribution
from gui.engine.dice.rolling import DiceExpr, DiceInputError, parse_aggregate, parse_faces
from gui.engine.space.zones import Diagonal
from gui.engine.state.changes import ABSENT, Change, ChangeSet
from gui.engine.state.effects import Effect
from gui.engine.state.model import (
    Combatant,
    Encounter,
    LogEntry,
    Scalar,
    State,
    StatValue,
    TurnEntry,
    now,
)

if TYPE_CHECKING:
    from gui.engine.grid.lines import CoverCall
    from gui.engine.play.moves import Destination
    from gui.engine.state.model import Window
    from gui.engine.timing.windows import Offer
    from gui.engine.turns import TurnMode

Override = int | bool | str
FORCE = "passer_outre"  # the override key of a GM who acts despite a blocking notice (G-3)
_CATALOGS = TypeAdapter(dict[str, list[dict[str, Scalar]]])
_BESTIARY = TypeAdapter(list[Template])


class ActionError(BilingualError, ValueError):
    """An action whose options do not fit (bad input); nothing is changed."""


@dataclass(frozen=True)
class Term:
    """One term of a computed value, with the spec rule that produced it (G-2).

    An int value is a modifier added to the total; any other value is shown as it is.
    """

    label: str
    value: int | float | str | Fraction
    rule: str
    label_en: str = ""  # the label in English, where it differs from the French one
    value_en: str = ""  # a value in words, in English ("advantage")

    def __str__(self) -> str:
        """Modifiers read "AD-07 +1 zone traversée", other values "LIB-02 Défense : 13"."""
        return self._line(self.label, self.value, " : ")

    def english(self) -> str:
        """The same line in English: "LIB-03 hit points: 15/15"."""
        return self._line(self.label_en or self.label, self.value_en or self.value, ": ")

    def _line(self, label: str, value: int | float | str | Fraction, colon: str) -> str:
        if isinstance(value, int) and not isinstance(value, bool):
            return f"{self.rule} {value:+d} {label}"
        if value == "":
            return f"{self.rule} {label}"
        return f"{self.rule} {label}{colon}{value}"


@dataclass(frozen=True)
class Notice:
    """A warning (an illegal action is a warning, never a block: G-3)."""

    rule: str
    fr: str
    en: str
    # A blocking notice: the engine refuses the action unless the GM overrides it (G-3,
    # with the override key FORCE, which is logged).
    blocking: bool = False

    def __str__(self) -> str:
        return f"{self.rule} {self.fr}".strip()


@dataclass(frozen=True)
class ActionSpec:
    """An action the actor can take: its label, rule, options and overridable values."""

    kind: str
    label: Label
    rule: str
    needs_target: bool
    options: tuple[FieldSpec, ...] = ()
    overridable: tuple[str, ...] = ()
    override_labels: Mapping[str, Label] = field(default_factory=dict)  # key → label shown
    # Questions the outcome may ask once the dice are known (Resolution.asks): their
    # answers come back as options, so they are options the action accepts too.
    asks: tuple[FieldSpec, ...] = ()
    # Whom it may aim at (aims.py, issue 34): anyone by default; an attack a foe in the fight.
    aim: Aim = ANYONE


@dataclass(frozen=True)
class Action:
    """An action as chosen in the dialog: who, at whom, with which options and GM overrides;
    `window`: the reaction window it is taken in (a reaction, or the step that goes on)."""

    kind: str
    actor: str | None
    target: str | None = None
    options: Mapping[str, StatValue] = field(default_factory=dict)
    overrides: Mapping[str, Override] = field(default_factory=dict)
    window: str | None = None


@dataclass(frozen=True)
class Poker:
    """A face the roller may trade, after seeing the dice, for `worth` and one extra die
    rolled and counted by the same rules, whose own `face` may be traded again
    (a Coup de Poker, AD-26). In a faces list each traded face is followed
    at once by its extra die, as an exploding face is (DiceExpr)."""

    face: int
    worth: int
    rule: str = ""


@dataclass(frozen=True)
class DiceRequest:
    """Which dice a resolution needs, and what a typed aggregate means and may be.

    `face_values` (one value per face, from 1) makes the roll a count: each die adds the
    value of its face (successes, Qualités…) instead of the face itself, and `floor` (if
    set) is the least the count can be (a negative total counts as 0). `poker` lets the
    roller trade faces for extra dice (see Poker). `aggregate_only` is for rolls the rules
    do not define (G-6): the GM types the result, the app rolls nothing. `counted`: a typed
    aggregate may carry how many top faces and 1s were rolled (« 14 6x2 », G-1 c), for the
    rules that read them (checks.read_typed). `label` names the roll when an action makes
    more than one (Preview.more)."""

    expr: DiceExpr
    aggregate: Label
    minimum: int
    maximum: int
    face_values: tuple[int, ...] = ()
    aggregate_only: bool = False
    floor: int | None = None
    poker: Poker | None = None
    counted: bool = False
    label: Label | None = None

    def value(self, faces: Sequence[int], pokers: Sequence[int] = ()) -> int:
        """What faces rolled or typed for this request are worth; `pokers` are the indexes
        of the traded faces, each followed by its extra die."""
        base = self.first_dice(faces, pokers)
        if self.face_values:
            self.expr.die_totals(base)  # checks the count and the faces
            traded = set(pokers)
            worth = self.poker.worth if self.poker else 0
            count = sum(
                worth if i in traded else self.face_values[f - 1] for i, f in enumerate(faces)
            )
            return count if self.floor is None else max(self.floor, count)
        return self.expr.total(base)

    def first_dice(self, faces: Sequence[int], pokers: Sequence[int] = ()) -> list[int]:
        """The dice first rolled, without the extra dice of the traded faces; checks that
        each traded face may be traded and is followed by its extra die (DiceInputError)."""
        if not pokers:
            return list(faces)
        poker = self.poker
        if poker is None:
            raise DiceInputError("Aucun dé à échanger sur ce jet", "No die can be traded here")
        if len(set(pokers)) != len(pokers):
            raise DiceInputError("Dé échangé deux fois", "A die traded twice")
        for i in pokers:
            if not 0 <= i < len(faces) - 1 or faces[i] != poker.face:
                raise DiceInputError(
                    f"Seul un {poker.face} suivi de son dé supplémentaire s’échange",
                    f"Only a {poker.face} followed by its extra die can be traded",
                )
        parse_faces(list(faces), self.expr.sides)  # the extra dice are dice too
        extras = {i + 1 for i in pokers}
        return [f for i, f in enumerate(faces) if i not in extras]


@dataclass(frozen=True)
class DiceResult:
    """The dice of one roll: rolled by the app, typed face by face, or a typed aggregate.

    `pokers`: the indexes of the faces traded for an extra die (DiceRequest.poker), each
    followed in `faces` by that extra die. `typed`: what a counted aggregate carries (the
    total and the counts typed). `then`: the dice of the rolls that follow in the same
    action (Preview.more), in order."""

    mode: Literal["rolled", "faces", "aggregate", "none"]
    faces: tuple[int, ...] = ()
    aggregate: int | None = None
    pokers: tuple[int, ...] = ()
    typed: TypedRoll | None = None
    then: tuple[DiceResult, ...] = ()

    @classmethod
    def typed_faces(cls, text: str, request: DiceRequest) -> DiceResult:
        """Faces typed by the GM, checked against the request (DiceInputError if wrong)."""
        expr = request.expr
        if expr.explode:
            faces = parse_faces(text, expr.sides, count=None, min_count=expr.count)
        else:
            faces = parse_faces(text, expr.sides, count=expr.count)
        return cls("faces", tuple(faces))

    @classmethod
    def typed_aggregate(cls, text: str | int, request: DiceRequest) -> DiceResult:
        """An aggregate typed by the GM (a total, a count of successes…), range-checked; for
        a counted request, with the counts of faces typed after it (« 14 6x2 »)."""
        if not request.counted:
            return cls("aggregate", (), parse_aggregate(text, request.minimum, request.maximum))
        typed = parse_typed_roll(text, request.expr.sides)
        total = parse_aggregate(typed.total, request.minimum, request.maximum)
        return cls("aggregate", (), total, typed=typed)

    def total(self, request: DiceRequest) -> int:
        """The roll's value: the typed aggregate, or what the faces are worth."""
        if self.aggregate is not None:
            return self.aggregate
        if not self.faces and request.expr.count:
            raise DiceInputError("Aucun dé saisi", "No dice entered")
        return request.value(self.faces, self.pokers)


@dataclass(frozen=True)
class Preview:
    """What an action will take before the dice: terms, target number, dice and exact odds."""

    action: Action
    terms: tuple[Term, ...]
    dice: DiceRequest | None = None
    target_number: int | None = None
    odds: Fraction | None = None
    odds_note: str = ""
    distribution: Distribution | None = None
    notices: tuple[Notice, ...] = ()
    computed: Mapping[str, Override] = field(default_factory=dict)  # overridable key → value
    # The rolls that follow the first in the same action (a miss chance after a hit), each
    # named by its `label`; their dice come in DiceResult.then, read with `chained`.
    more: tuple[DiceRequest, ...] = ()
    odds_note_en: str = ""  # `odds_note` in English
    # What the rules add to the first roll's dice before comparing with `target_number`
    # (d20 + bonus ≥ CA): the dice entry shows « Total : 14 + 5 = 19 ».
    dice_bonus: int = 0

    @property
    def notes(self) -> Words:
        """The odds note in French and English."""
        return self.odds_note, self.odds_note_en or self.odds_note


def chained(dice: DiceResult, k: int, request: DiceRequest) -> int:
    """The value of the k-th roll that follows the first (Preview.more[k]); refused when the
    dialog did not bring it."""
    if k >= len(dice.then):
        name = request.label or Label(fr="suivant", en="next")
        raise ActionError(f"Il manque le jet « {name.fr} »", f"The roll '{name.en}' is missing")
    return dice.then[k].total(request)


@dataclass(frozen=True)
class DueRoll:
    """A roll a combatant's turn starts with (a dying creature's, a running one's…): the
    action that makes it, and why."""

    combatant: str
    kind: str
    label: Label
    rule: str


@dataclass(frozen=True)
class TrackView:
    """How a track is shown: a (name, note) row per box, e.g. health levels and their wound
    penalty, the glyph drawn for each stored mark, and each mark in words for tooltips and
    screen readers (« létal »)."""

    rows: tuple[tuple[str, str], ...] = ()
    glyphs: Mapping[str, str] = field(default_factory=dict)
    names: Mapping[str, str] = field(default_factory=dict)
    rows_en: tuple[tuple[str, str], ...] = ()  # `rows` in English, where they have words
    names_en: Mapping[str, str] = field(default_factory=dict)  # `names` in English

    def in_english(self) -> TrackView:
        """The same view with its words in English (the French where none was given)."""
        return TrackView(self.rows_en or self.rows, self.glyphs, self.names_en or self.names)


@dataclass(frozen=True)
class Resolution:
    """What happened: outcome in French and English, the terms, the dice, the log entry.

    `success`: hit or miss (None when the action has none). `asks`: questions the GM
    answers once the dice are known (« Mort ? » and the Héroïsme spend): the resolution took
    each field's default; resolving again with the answers in the action's options takes
    them into account. `next_kind`: the action that follows (Dommages after a hit), which
    the dialog offers for the same actor and target, or taken by `next_actor` when it is
    someone else's (the target soaks the damage it was dealt)."""

    action: Action
    outcome_fr: str
    outcome_en: str
    terms: tuple[Term, ...]
    dice: DiceResult
    success: bool | None
    log: LogEntry
    asks: tuple[FieldSpec, ...] = ()
    next_kind: str = ""
    next_actor: str | None = None
    # What happened as data: the numbers the rules produced, by name ("total" and "target"
    # of a roll, "successes" and "difficulty", "qualites" and "defense", "damage",
    # "healing"…), and what changed for each combatant (`effects`, filled by the Table).
    amounts: Mapping[str, int] = field(default_factory=dict)
    effects: tuple[Effect, ...] = ()
    # The dramatic moments as data, not only in the outcome's words: a critical hit (a
    # confirmed threat on a d20, three 6s on 3d6…) and a fumble (a natural 1 that misses,
    # three 1s…), as each ruleset's rules say.
    critical: bool = False
    fumble: bool = False

    @property
    def forced(self) -> bool:
        """True when the GM passed over a rule that blocked the action (G-3)."""
        return bool(self.action.overrides.get(FORCE))


class Ruleset(ABC):
    """A rules system: data from `ruleset_data/<id>/`, logic in its module."""

    # True when combatants can be "in contact" (a token dropped on another one touches it).
    uses_contact = False
    # The sheet values that put combatants in groups (token_group): changing one regroups.
    grouping_stats: frozenset[str] = frozenset()

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.data = RulesetData.model_validate_json((folder / "ruleset.json").read_bytes())

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
        return _CATALOGS.validate_json(path.read_bytes()) if path.is_file() else {}

    @cached_property
    def bestiary(self) -> list[Template]:
        """Ready-made sheets (`bestiary.json`) the GM can add and then edit."""
        path = self.folder / "bestiary.json"
        return _BESTIARY.validate_json(path.read_bytes()) if path.is_file() else []

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
        from gui.engine.contract.targets import (
            within_reach,  # targets needs grid.placed, which needs this module
        )

        return within_reach(self, enc, c, target)

    def cover_words(self, enc: Encounter, call: CoverCall) -> Words:
        """A grid's cover call as this ruleset names it, in French and English (d20's words
        and rule ids by default)."""
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

    @abstractmethod
    def preview(self, enc: Encounter, action: Action) -> Preview:
        """Terms, target number, dice needed and exact odds of an action, before the dice."""

    @abstractmethod
    def resolve(
        self, enc: Encounter, action: Action, dice: DiceResult
    ) -> tuple[Resolution, ChangeSet]:
        """The outcome of an action with its dice, and the changes it makes."""


def overridden(
    action: Action, key: str, computed: Override, label: Words, terms: list[Term]
) -> Override:
    """The GM's value for `key` if the action overrides it (logged, G-3), else `computed`;
    `label` names the value in French and English."""
    if key not in action.overrides:
        return computed
    value = action.overrides[key]
    if value != computed:
        fr = f"{label[0]} imposé par le MJ (calculé : {computed})"
        terms.append(
            Term(fr, str(value), "G-3", f"{label[1]} set by the GM (computed: {computed})")
        )
    return value


def unable_to_act(c: Combatant, rule: str, fr: str, en: str) -> Notice:
    """The blocking notice of a combatant that cannot act (Ruleset.cannot_act), its state in
    both languages: « Aldric est mourant : il ne peut pas agir », "Aldric is dying and cannot
    act" (`fr` « est mourant », `en` "is dying")."""
    return Notice(
        rule, f"{c.name} {fr} : il ne peut pas agir", f"{c.name} {en} and cannot act", True
    )


def is_log_append(c: Change) -> bool:
    """True for a change that adds a line to the encounter log."""
    return c.path[0] == "log" and c.old is ABSENT


def _same(text: str) -> Label:
    """A text that reads the same in both languages (a name, a number)."""
    return Label(fr=text, en=text)


def followed(
    result: tuple[Resolution, ChangeSet], kind: str, actor: str | None = None
) -> tuple[Resolution, ChangeSet]:
    """`result` with the action that follows it (`Resolution.next_kind`, `next_actor`)."""
    resolution, cs = result
    return replace(resolution, next_kind=kind, next_actor=actor), cs


def log_change(enc: Encounter, entry: LogEntry, before: Sequence[Change] = ()) -> Change:
    """The change that appends `entry` to the log, after the log appends in `before`."""
    pending = sum(1 for c in before if is_log_append(c))
    return Change(("log", len(enc.log) + pending), ABSENT, entry)


def make_log(
    enc: Encounter,
    action: Action,
    label: Words,
    terms: list[Term],
    dice: DiceResult,
    outcome: Words,
) -> LogEntry:
    """A log entry for a resolved action in both languages, overrides included."""
    return LogEntry(
        time=now(),
        round=enc.turn.round,
        actor=action.actor,
        target=action.target,
        action=label[0],
        breakdown=[str(t) for t in terms],
        dice=list(dice.faces),
        outcome=outcome[0],
        overrides={k: str(v) for k, v in action.overrides.items()},
        action_en=label[1],
        breakdown_en=[t.english() for t in terms],
        outcome_en=outcome[1],
    )
