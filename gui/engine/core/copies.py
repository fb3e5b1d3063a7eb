"""Deep copies of model values without copy.deepcopy's bookkeeping: a turn step's working
copy and a change's old value are taken at every gesture, and at 1,000 combatants the
generic deep copy of pydantic models was most of a Suivant."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel


def deep_copy(value: Any) -> Any:
    """A copy sharing nothing mutable with `value` (models, lists and dicts are copied; the
    rest of what a model holds, text, numbers, dates, is immutable). Nothing is validated
    again: the copy of a valid model is valid."""
    if isinstance(value, BaseModel):
        new = value.__copy__()  # pydantic's shallow copy: fields, fields set, extras, privates
        fields = new.__dict__
        for key, item in fields.items():
            if isinstance(item, BaseModel | list | dict):
                fields[key] = deep_copy(item)
        private = new.__pydantic_private__
        if private:
            object.__setattr__(new, "__pydantic_private__", deep_copy(private))
        return new
    if isinstance(value, list):
        return [deep_copy(item) for item in value]
    if isinstance(value, dict):
        return {key: deep_copy(item) for key, item in value.items()}
    return value
