"""Sheet schemas: the fields, tracks, states and house-rule flags a ruleset declares in data."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cached_property, lru_cache
from typing import Annotated, Any, Literal

from msgspec import Meta, Struct

from gui.engine.core.problems import Problem, json_path
from gui.engine.core.words import Label
from gui.engine.dice.rolling import DiceExpr, DiceInputError
from gui.engine.state.model import ID_FORM, Combatant, StatValue, Strict

Key = Annotated[str, Meta(pattern=f"^{ID_FORM}$")]


class Spec(Struct, frozen=True, forbid_unknown_fields=True):
    """Base of the ruleset's data: read from its JSON, never changed, unknown keys refused."""

    replace = Strict.replace


class Choice(Spec):
    """One allowed value of a choice field."""

    value: str
    label: Label


class FieldSpec(Spec):
    """A sheet field: its kind, range, choices and default, with the rule that defines it."""

    key: Key
    label: Label
    kind: Literal["int", "float", "text", "bool", "choice", "list", "dice", "table"]
    minimum: float | None = None
    maximum: float | None = None
    max_length: int = 2000
    choices: tuple[Choice, ...] = ()
    default: StatValue = None
    optional: bool = False
    group: str = ""
    help: Label | None = None
    rule: str = ""
    tiers: tuple[str, ...] = ()  # empty: every tier
    columns: tuple[FieldSpec, ...] = ()  # a table's columns
    catalog: str = ""  # a table's pick list, a key of the ruleset's catalogs.json
    # The key of the field whose value bounds this one: current ≤ maximum (PV ≤ PV max).
    at_most: str = ""
    # Drawn large in the roster beside the name: "counter", always, with − and +; "count",
    # a number shown once it is not 0 (the rules raise it, the sheet corrects it).
    roster: Literal["", "counter", "count"] = ""


class TrackSpec(Spec):
    """A row of boxes and the marks allowed in it."""

    key: Key
    label: Label
    size: Annotated[int, Meta(ge=0, le=50)]
    marks: tuple[str, ...]
    rule: str = ""
    tiers: tuple[str, ...] = ()  # empty: every tier
    # A stat that sets this combatant's number of boxes (≤ size): an int, or a table with a
    # row per box (a health track's levels).
    size_field: str = ""

    def size_for(self, c: Combatant) -> int:
        """The number of boxes `c` has: `size`, or its `size_field` stat within 0–size."""
        value = c.stats.get(self.size_field) if self.size_field else None
        if isinstance(value, list):
            value = len(value)
        if isinstance(value, int) and not isinstance(value, bool):
            return max(0, min(self.size, value))
        return self.size


class StateValueSpec(Spec):
    """The number a state carries when the GM puts it on (a concealment's miss chance): its
    name, the rules' default, its range and the unit shown after it (« % »)."""

    label: Label
    default: int
    minimum: int = 0
    maximum: int = 999
    unit: str = ""
    rule: str = ""


class StateSpec(Spec):
    """A named condition with its rules text (the GM may also type free conditions); `value`:
    the number it carries, when it carries one."""

    key: Key
    label: Label
    text: Label
    rule: str = ""
    value: StateValueSpec | None = None


class WindowSpec(Spec):
    """A kind of reaction window (engine/windows.py): how the GM reads it, with {actor},
    {target} and {value} in its label; `was_state`: files of schema 2 kept it as a state of
    the same key on its target (migration_v3)."""

    kind: Key
    label: Label
    rule: str = ""
    was_state: bool = False


class FlagSpec(Spec):
    """A house-rule flag (spec section 7): its default is the adopted interpretation."""

    id: Key
    label: Label
    default: bool | int | str
    choices: tuple[Choice, ...] = ()
    see: str = ""


class Template(Spec):
    """A bestiary entry: a ready-made sheet the GM adds to an encounter and then edits."""

    name: str
    tier: str | None = None
    stats: dict[str, StatValue] = {}
    notes: str = ""


class RuleText(Spec):
    """A rule of the ruleset, by id, with a short statement (tooltips and breakdowns)."""

    id: Key
    text: Label


class RulesetData(Spec, kw_only=True, dict=True):
    """The content of `ruleset_data/<id>/ruleset.json`."""

    id: Key
    name: Label
    tiers: tuple[Choice, ...] = ()
    groups: tuple[Choice, ...] = ()  # titles of the sheet's field groups, by group key
    fields: tuple[FieldSpec, ...]
    resources: tuple[FieldSpec, ...] = ()  # a side's resources (Réserve, Menace…), int fields
    tracks: tuple[TrackSpec, ...] = ()
    states: tuple[StateSpec, ...] = ()
    windows: tuple[WindowSpec, ...] = ()
    flags: tuple[FlagSpec, ...] = ()
    rules: tuple[RuleText, ...] = ()

    def field(self, key: str) -> FieldSpec:
        for spec in self.fields:
            if spec.key == key:
                return spec
        raise KeyError(key)

    def group_label(self, group: str) -> Label:
        """The title of a field group (the key itself when the data gives none)."""
        for choice in self.groups:
            if choice.value == group:
                return choice.label
        return Label(fr=group, en=group)

    def window(self, kind: str) -> WindowSpec | None:
        """The spec of a window kind, or None for a kind the ruleset does not declare."""
        return next((w for w in self.windows if w.kind == kind), None)

    def resource(self, key: str) -> FieldSpec | None:
        """The spec of a side resource, or None for a key the ruleset does not declare."""
        return next((r for r in self.resources if r.key == key), None)

    def fields_for(self, tier: str | None) -> list[FieldSpec]:
        return list(self.field_map(tier).values())

    def field_map(self, tier: str | None) -> dict[str, FieldSpec]:
        """The fields of a tier by key, computed once per tier (loading checks every sheet)."""
        cache = self._field_maps
        if tier not in cache:
            cache[tier] = {f.key: f for f in self.fields if not f.tiers or tier in f.tiers}
        return cache[tier]

    @cached_property
    def _field_maps(self) -> dict[str | None, dict[str, FieldSpec]]:
        return {}

    def quick_checks(self, tier: str | None) -> dict[str, tuple[FieldSpec, Callable[[Any], bool]]]:
        """The fields of a tier by key, each with a quick test its usual values pass (a whole
        number in its range, a short text…); what fails it gets the full check_value."""
        cache = self._quick_maps
        if tier not in cache:
            cache[tier] = {key: (f, _passes(f)) for key, f in self.field_map(tier).items()}
        return cache[tier]

    def bounded(self, tier: str | None) -> list[FieldSpec]:
        """The fields of a tier bounded by another field of it (`at_most`: PV ≤ PV max)."""
        specs = self.field_map(tier)
        return [f for f in specs.values() if f.at_most and f.at_most in specs]

    @cached_property
    def tier_values(self) -> frozenset[str]:
        return frozenset(t.value for t in self.tiers)

    @cached_property
    def track_map(self) -> dict[str, TrackSpec]:
        return {t.key: t for t in self.tracks}

    @cached_property
    def _quick_maps(self) -> dict[str | None, dict[str, tuple[FieldSpec, Callable[[Any], bool]]]]:
        return {}


def _passes(spec: FieldSpec) -> Callable[[Any], bool]:
    """A test that a value of this field is fine, quicker than check_value for the usual
    kinds (False: not sure, check_value says)."""
    lo = -math.inf if spec.minimum is None else spec.minimum
    hi = math.inf if spec.maximum is None else spec.maximum
    if spec.kind == "int":
        return lambda v: type(v) is int and lo <= v <= hi
    if spec.kind == "bool":
        return lambda v: type(v) is bool
    if spec.kind == "text":
        return lambda v: type(v) is str and len(v) <= spec.max_length
    return lambda v: False


def check_value(spec: FieldSpec, value: Any) -> tuple[str, str] | None:
    """Why `value` does not fit the field (French, English), or None when it does."""
    if value is None:
        return None if spec.optional else ("valeur requise", "a value is required")
    kind = spec.kind
    if kind == "bool":
        return None if isinstance(value, bool) else ("oui/non attendu", "yes/no expected")
    if kind in ("text", "dice"):
        if not isinstance(value, str):
            return ("texte attendu", "text expected")
        if len(value) > spec.max_length:
            return (
                f"{spec.max_length} caractères au plus",
                f"at most {spec.max_length} characters",
            )
        return _check_dice(value) if kind == "dice" else None
    if kind == "list":
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            return ("liste de textes attendue", "list of texts expected")
        return None
    if kind == "table":
        return _check_table(spec, value)
    if kind == "choice":
        allowed = [c.value for c in spec.choices]
        if value not in allowed:
            return (f"choix parmi {', '.join(allowed)}", f"one of {', '.join(allowed)}")
        return None
    if kind == "int" and (isinstance(value, bool) or not isinstance(value, int)):
        return ("nombre entier attendu", "whole number expected")
    if kind == "float" and (isinstance(value, bool) or not isinstance(value, int | float)):
        return ("nombre attendu", "number expected")
    if kind == "float" and not math.isfinite(value):  # NaN passes every bound
        return ("nombre fini attendu", "finite number expected")
    return _check_range(spec, value)


def _check_table(spec: FieldSpec, value: Any) -> tuple[str, str] | None:
    if not isinstance(value, list) or not all(isinstance(row, dict) for row in value):
        return ("tableau attendu", "table expected")
    columns = {c.key: c for c in spec.columns}
    for n, row in enumerate(value, 1):
        for key, cell in row.items():
            col = columns.get(key)
            if col is None:
                return (
                    f"ligne {n} : colonne inconnue « {key} »",
                    f"row {n}: unknown column '{key}'",
                )
            why = check_value(col, cell)
            if why:
                return (
                    f"ligne {n}, {col.label.fr} : {why[0]}",
                    f"row {n}, {col.label.en}: {why[1]}",
                )
    return None


def _check_range(spec: FieldSpec, value: float) -> tuple[str, str] | None:
    lo, hi = spec.minimum, spec.maximum
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        span = f"{_num(lo)}–{_num(hi)}" if lo is not None and hi is not None else None
        if span:
            return (f"hors de {span}", f"outside {span}")
        if lo is not None and value < lo:
            return (f"au moins {_num(lo)}", f"at least {_num(lo)}")
        return (f"au plus {_num(hi)}", f"at most {_num(hi)}")
    return None


def _num(x: float | None) -> str:
    return str(int(x)) if x is not None and float(x).is_integer() else str(x)


@lru_cache(maxsize=4096)
def _check_dice(text: str) -> tuple[str, str] | None:
    if not text.strip():
        return None
    try:
        DiceExpr.parse(text)
    except DiceInputError as exc:
        return (exc.fr, exc.en)
    return None


def check_combatant(
    data: RulesetData, c: Combatant, where: tuple[str | int, ...]
) -> Problem | None:
    """The first problem of a combatant's sheet against the ruleset's schema, or None."""
    if data.tiers and c.tier not in data.tier_values:
        allowed = ", ".join(t.value for t in data.tiers)
        return Problem(
            json_path((*where, "tier")),
            f"rang inconnu, choisir parmi {allowed}",
            f"unknown tier, one of {allowed}",
        )
    quick = data.quick_checks(c.tier)
    for key, value in c.stats.items():
        found = quick.get(key)
        if found is None:
            return Problem(json_path((*where, "stats", key)), "champ inconnu", "unknown field")
        spec, passes = found
        if passes(value):
            continue
        why = check_value(spec, value)
        if why:
            return Problem(
                json_path((*where, "stats", key)),
                f"{spec.label.fr} : {why[0]}",
                f"{spec.label.en}: {why[1]}",
            )
    specs = data.field_map(c.tier)
    for spec in data.bounded(c.tier):
        problem = _above_bound(spec, specs, c, where)
        if problem:
            return problem
    for key, track in c.tracks.items():
        spec_t = data.track_map.get(key)
        if spec_t is None:
            return Problem(json_path((*where, "tracks", key)), "piste inconnue", "unknown track")
        if len(track.marks) > spec_t.size or any(m and m not in spec_t.marks for m in track.marks):
            return Problem(
                json_path((*where, "tracks", key)),
                f"{spec_t.label.fr} : au plus {spec_t.size} cases marquées "
                f"{'/'.join(spec_t.marks)}",
                f"{spec_t.label.en}: at most {spec_t.size} boxes marked {'/'.join(spec_t.marks)}",
            )
    return None


def _above_bound(
    spec: FieldSpec, specs: dict[str, FieldSpec], c: Combatant, where: tuple[str | int, ...]
) -> Problem | None:
    """A value above the field that bounds it (`FieldSpec.at_most`), as the GM reads it."""
    bound_spec = specs.get(spec.at_most) if spec.at_most else None
    if bound_spec is None:
        return None
    value = c.stats.get(spec.key, spec.default)
    bound = c.stats.get(bound_spec.key, bound_spec.default)
    numbers = [v for v in (value, bound) if isinstance(v, int | float) and not isinstance(v, bool)]
    if len(numbers) < 2 or value <= bound:  # type: ignore[operator]
        return None
    return Problem(
        json_path((*where, "stats", spec.key)),
        f"{spec.label.fr} : au plus {bound_spec.label.fr} ({bound})",
        f"{spec.label.en}: at most {bound_spec.label.en} ({bound})",
    )


def check_resources(data: RulesetData, resources: dict[str, int], where: tuple) -> Problem | None:
    """The first side resource the ruleset does not declare or whose value is out of range
    (a ruleset that declares none lets the GM keep any counter)."""
    if not data.resources:
        return None
    for key, value in resources.items():
        spec = data.resource(key)
        if spec is None:
            return Problem(json_path((*where, key)), "ressource inconnue", "unknown resource")
        why = check_value(spec, value)
        if why:
            return Problem(
                json_path((*where, key)),
                f"{spec.label.fr} : {why[0]}",
                f"{spec.label.en}: {why[1]}",
            )
    return None


def check_flags(data: RulesetData, flags: dict[str, Any]) -> Problem | None:
    """The first flag that the ruleset does not know or whose value does not fit."""
    known = {f.id: f for f in data.flags}
    for key, value in flags.items():
        spec = known.get(key)
        if spec is None:
            return Problem(
                json_path(("flags", key)), "option de règle inconnue", "unknown house-rule flag"
            )
        if type(value) is not type(spec.default) or (
            spec.choices and value not in [c.value for c in spec.choices]
        ):
            return Problem(json_path(("flags", key)), "valeur impossible", "impossible value")
    return None


def default_stats(data: RulesetData, tier: str | None) -> dict[str, StatValue]:
    """A new combatant's stats: every field of its tier at its default."""
    return {f.key: f.default for f in data.fields_for(tier)}
