"""A value checked against the type of the place it goes to, as a file would be read.

A msgspec Struct checks its values when it is decoded, not when one is assigned: every change
(state/changes.py) passes each new value through `checked`, which writes it as the file would
(refusing what JSON cannot hold: a NaN, a lone surrogate) and reads it back as the type of its
place (refusing a wrong type, a bound crossed, an id of the wrong form). What comes back is a
fresh value, sharing nothing with the caller's."""

from __future__ import annotations

import json
import types
import typing
from functools import cache
from typing import Annotated, Any

import msgspec


class CheckError(ValueError):
    """A value that does not fit its place: msgspec's reason, or JSON's."""


def checked(value: Any, place: Any) -> Any:
    """`value` as the type `place` reads it from JSON, or CheckError. A Struct where any value
    is allowed (a turn state) is checked as its own type."""
    if place is Any and isinstance(value, msgspec.Struct):
        place = type(value)
    try:
        data = json.dumps(msgspec.to_builtins(value), allow_nan=False, ensure_ascii=False)
        return msgspec.json.decode(data.encode("utf-8"), type=place)
    except msgspec.ValidationError as exc:
        raise CheckError(str(exc)) from None
    except UnicodeEncodeError:
        raise CheckError("invalid text: a character that is not Unicode") from None
    except (TypeError, ValueError) as exc:  # NaN or infinity, a type JSON does not know
        raise CheckError(f"not a JSON value: {exc}") from None


@cache
def field_type(model: type, name: str) -> Any:
    """The declared type of the field `name` of a Struct class (KeyError: no such field)."""
    for info in msgspec.structs.fields(model):
        if info.name == name:
            return info.type
    raise KeyError(name)


def inner_type(place: Any, part: str | int) -> Any:
    """The type of what `part` names inside a value of type `place`: a field of a Struct, an
    item of a list, a value of a dict (through Annotated and the members of a union)."""
    while typing.get_origin(place) is Annotated:
        place = typing.get_args(place)[0]
    if isinstance(place, type) and issubclass(place, msgspec.Struct):
        return field_type(place, str(part))
    origin = typing.get_origin(place)
    if origin in (typing.Union, types.UnionType):
        want = list if isinstance(part, int) else dict
        for member in typing.get_args(place):
            bare = member
            while typing.get_origin(bare) is Annotated:
                bare = typing.get_args(bare)[0]
            if typing.get_origin(bare) is want or (
                isinstance(bare, type) and issubclass(bare, msgspec.Struct)
            ):
                return inner_type(member, part)
        return Any
    if origin is list:
        return typing.get_args(place)[0]
    if origin is dict:
        return typing.get_args(place)[1]
    return Any
