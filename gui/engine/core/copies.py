"""Deep copies of model values without copy.deepcopy's bookkeeping: a turn step's working
copy and a change's old value are taken at every gesture, and at 1,000 combatants the
generic deep copy of models was most of a Suivant."""

from __future__ import annotations

import copy
from typing import Any

from msgspec import Struct


def deep_copy(value: Any) -> Any:
    """A copy sharing nothing mutable with `value` (models, lists and dicts are copied; the
    rest of what a model holds, text, numbers, dates, frozen values, is immutable). Nothing is
    checked again: the copy of a valid model is valid."""
    if isinstance(value, Struct):
        if value.__struct_config__.frozen:
            return value
        new = copy.copy(value)  # the fields, and an indexed model's kept positions
        for name in value.__struct_fields__:
            item = getattr(new, name)
            if isinstance(item, Struct | list | dict):
                setattr(new, name, deep_copy(item))
        return new
    if isinstance(value, list):
        return [deep_copy(item) for item in value]
    if isinstance(value, dict):
        return {key: deep_copy(item) for key, item in value.items()}
    return value
