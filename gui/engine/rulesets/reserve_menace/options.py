"""Option fields of the action dialog shared by several actions (FieldSpec builders)."""

from __future__ import annotations

from collections.abc import Iterable

from gui.engine.core.words import Label
from gui.engine.rulesets.reserve_menace.passes import KIND_LABELS, KIND_LABELS_EN
from gui.engine.state.model import Combatant
from gui.engine.state.schema import Choice, FieldSpec

NOBODY = "-"


def number(key: str, fr: str, en: str, rule: str, top: int = 12, default: int = 0) -> FieldSpec:
    return FieldSpec(
        key=key,
        label=Label(fr=fr, en=en),
        kind="int",
        minimum=0,
        maximum=top,
        default=default,
        rule=rule,
    )


def toggle(key: str, fr: str, en: str, rule: str, default: bool = False) -> FieldSpec:
    return FieldSpec(key=key, label=Label(fr=fr, en=en), kind="bool", default=default, rule=rule)


def free_text(key: str, fr: str, en: str, rule: str) -> FieldSpec:
    return FieldSpec(
        key=key, label=Label(fr=fr, en=en), kind="text", max_length=300, default="", rule=rule
    )


def pick(
    key: str, fr: str, en: str, rule: str, choices: Iterable[tuple[str, str, str]]
) -> FieldSpec:
    """A choice field from (value, French, English) triples; the first is the default."""
    items = tuple(Choice(value=v, label=Label(fr=f, en=e)) for v, f, e in choices)
    return FieldSpec(
        key=key,
        label=Label(fr=fr, en=en),
        kind="choice",
        choices=items,
        default=items[0].value,
        rule=rule,
    )


def who(key: str, fr: str, en: str, rule: str, people: Iterable[Combatant]) -> FieldSpec:
    """A choice of combatant, "personne" first."""
    return pick(
        key,
        fr,
        en,
        rule,
        [(NOBODY, "— personne —", "— nobody —"), *((c.id, c.name, c.name) for c in people)],
    )


def action_kind(key: str, fr: str, en: str, rule: str) -> FieldSpec:
    return pick(key, fr, en, rule, ((k, v, KIND_LABELS_EN[k]) for k, v in KIND_LABELS.items()))
