"""Builders of action option fields (the action dialog builds its editors from them)."""

from __future__ import annotations

from gui.engine.core.words import Label
from gui.engine.state.schema import Choice, FieldSpec


def choice_field(
    key: str, fr: str, en: str, options: list[tuple[str, str, str]], rule: str, default: str
) -> FieldSpec:
    """A choice option; each item is (value, French, English)."""
    return FieldSpec(
        key=key,
        label=Label(fr=fr, en=en),
        kind="choice",
        default=default,
        rule=rule,
        choices=tuple(Choice(value=v, label=Label(fr=a, en=b)) for v, a, b in options),
    )


def bool_field(key: str, fr: str, en: str, rule: str, default: bool = False) -> FieldSpec:
    return FieldSpec(key=key, label=Label(fr=fr, en=en), kind="bool", default=default, rule=rule)


def int_field(
    key: str, fr: str, en: str, rule: str, lo: int, hi: int, default: int = 0
) -> FieldSpec:
    return FieldSpec(
        key=key,
        label=Label(fr=fr, en=en),
        kind="int",
        minimum=lo,
        maximum=hi,
        default=default,
        rule=rule,
    )
