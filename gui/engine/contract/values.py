"""The values an action passes through, from the dialog to the log: whom it may aim at (Aim),
what the actor may take (ActionSpec), the action chosen (Action), its preview before the
dice, a turn's due rolls, a track as shown, and the resolution with its log line."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Literal

from msgspec import Struct, field
from msgspec.structs import replace

from gui.engine.checks.request import DiceRequest, DiceResult
from gui.engine.core.problems import BilingualError, Words
from gui.engine.core.words import Label, Notice, Term
from gui.engine.dice.odds import Distribution
from gui.engine.state.changes import ChangeSet
from gui.engine.state.effects import Effect
from gui.engine.state.model import Combatant, Encounter, LogEntry, StatValue, now
from gui.engine.state.schema import FieldSpec

Whom = Literal["any", "other", "foe", "ally", "ally_or_self", "self"]


class Aim(Struct, frozen=True):
    """`whom`: "foe" (another side), "ally" (its own side, not itself), "ally_or_self",
    "self", "other" (anyone but itself) or "any". `out_of_fight`: whether a combatant out of
    the fight (Ruleset.is_out) may be aimed at. `rule`: the rule that says so (the action's
    own when empty)."""

    whom: Whom = "any"
    out_of_fight: bool = True
    rule: str = ""


ANYONE = Aim()
# An attack: a foe still in the fight (never oneself; an ally only by the GM's decision).
FOE_IN_FIGHT = Aim("foe", out_of_fight=False)


Override = int | bool | str
FORCE = "passer_outre"  # the override key of a GM who acts despite a blocking notice (G-3)


class ActionError(BilingualError, ValueError):
    """An action whose options do not fit (bad input); nothing is changed."""


class ActionSpec(Struct, frozen=True):
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


class AreaOf(Struct, frozen=True):
    """An area of effect as the GM drew it (issue 37): on the grid a `shape` of
    grid.areas.Shape from the intersection `origin`, `reach` squares (a cone or a line aimed
    at `toward`); on zones a space.areas.ZoneShape at `zone`, `reach` metres for « zones
    within N metres ». `caught`: the creatures it takes in, as the GM kept them (he adds or
    removes one by a click); the rules read each one's save and cover from the origin."""

    shape: str
    reach: float = 0
    origin: tuple[int, int] | None = None
    toward: tuple[int, int] | None = None
    zone: str | None = None
    caught: tuple[str, ...] = ()


# A creature's own area attack (a breath) as its sheet carries it, in these fields of every
# ruleset that has areas (its ruleset.json declares them; Ruleset.area_attack reads them).
AREA_SHAPE, AREA_METRES, AREA_DAMAGE, AREA_SAVE, AREA_DC = (
    "aire_forme",
    "aire_taille_m",
    "aire_degats",
    "aire_jet",
    "aire_dd",
)


# How far a creature sees in the dark, in metres (issue 38), in this field of every ruleset
# that has darkvision (its ruleset.json declares it; Ruleset.darkvision_m reads it).
DARKVISION = "vision_noir_m"


class AreaAttack(Struct, frozen=True):
    """A creature's own area attack: its shape (grid.areas.Shape or space.areas.ZoneShape),
    size in metres, damage dice, the ruleset's save key ("" for none) and its number."""

    shape: str
    metres: float
    damage: str = ""
    save: str = ""
    dc: int = 0


class Action(Struct, frozen=True):
    """An action as chosen in the dialog: who, at whom, with which options and GM overrides;
    `window`: the reaction window it is taken in (a reaction, or the step that goes on);
    `area`: an area of effect's, which has no one target but those it catches (issue 37)."""

    kind: str
    actor: str | None
    target: str | None = None
    options: Mapping[str, StatValue] = field(default_factory=dict)
    overrides: Mapping[str, Override] = field(default_factory=dict)
    window: str | None = None
    area: AreaOf | None = None


class Preview(Struct, frozen=True):
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


class DueRoll(Struct, frozen=True):
    """A roll a combatant's turn starts with (a dying creature's, a running one's…): the
    action that makes it, and why."""

    combatant: str
    kind: str
    label: Label
    rule: str


class TrackView(Struct, frozen=True):
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


class Resolution(Struct, frozen=True):
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


def followed(
    result: tuple[Resolution, ChangeSet], kind: str, actor: str | None = None
) -> tuple[Resolution, ChangeSet]:
    """`result` with the action that follows it (`Resolution.next_kind`, `next_actor`)."""
    resolution, cs = result
    return replace(resolution, next_kind=kind, next_actor=actor), cs


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
