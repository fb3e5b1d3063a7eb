"""Checking a call's arguments against its type hints: the controller's entry points refuse a
wrong type (a number for a name, a string for a list…) with a clear message instead of failing
deep inside the engine."""

from __future__ import annotations

import functools
import inspect
import math
import types
import typing
from collections.abc import Callable, Hashable, Mapping
from pathlib import Path
from typing import Any, Literal, Union

_NAMES = {
    str: ("texte", "text"),
    int: ("nombre entier", "whole number"),
    float: ("nombre", "number"),
    bool: ("oui/non", "yes/no"),
    list: ("liste", "list"),
    dict: ("dictionnaire", "mapping"),
    Path: ("chemin de fichier", "file path"),
}


# The entry points' parameters as the GM calls what they hold (a message names the field, not
# the parameter: issue 31).
_FIELDS = {
    "cid": ("le combattant", "the combatant"),
    "sid": ("le camp", "the side"),
    "side": ("le camp", "the side"),
    "zid": ("la zone", "the zone"),
    "a": ("la première zone", "the first zone"),
    "b": ("la seconde zone", "the second zone"),
    "evacuate_to": ("la zone où vont ses occupants", "the zone its occupants go to"),
    "name": ("le nom", "the name"),
    "text": ("le texte", "the text"),
    "notes": ("les notes", "the notes"),
    "key": ("le champ", "the field"),
    "value": ("la valeur", "the value"),
    "marks": ("les cases de la piste", "the track's boxes"),
    "states": ("les états", "the states"),
    "state": ("l’état", "the state"),
    "index": ("le numéro", "the number"),
    "count": ("le nombre", "the count"),
    "hidden": ("« Caché aux joueurs »", "'Hidden from the players'"),
    "players": ("« Camp des joueurs »", "'Players' side'"),
    "colour": ("la couleur", "the colour"),
    "rect": ("le rectangle de la zone", "the zone's rectangle"),
    "length_m": ("la longueur en mètres", "the length in metres"),
    "metres_per_px": ("l’échelle (mètres par pixel)", "the scale (metres per pixel)"),
    "background": ("le fond de carte", "the background"),
    "grid": ("la grille", "the grid"),
    "start": ("le début du mur", "the wall's start"),
    "end": ("la fin du mur", "the wall's end"),
    "blocks": ("ce que bloque le mur", "what the wall blocks"),
    "flags": ("les options de règles", "the rule options"),
    "initiatives": ("les initiatives", "the initiatives"),
    "dest": ("la destination", "the destination"),
    "force": ("« Passer outre »", "'Override'"),
    "path": ("le chemin du fichier", "the file path"),
    "dice": ("les dés", "the dice"),
    "action": ("l’action", "the action"),
    "label": ("le nom", "the name"),
    "what": ("ce qui est lancé", "what is rolled"),
}


def fits(value: Any, hint: Any) -> bool:
    """Whether `value` is of the type `hint` describes (bool is not a number; a float takes an
    int; containers are checked item by item)."""
    if hint in (Any, object, None) or hint is inspect.Parameter.empty:
        return hint is not None or value is None
    if hint is type(None):
        return value is None
    if hint is Hashable:
        return isinstance(value, Hashable)
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (Union, types.UnionType):
        return any(fits(value, a) for a in args)
    if origin is Literal:
        return value in args
    if origin in (list, tuple, set):
        if not isinstance(value, origin):
            return False
        if origin is tuple and args and args[-1] is not Ellipsis:
            return len(value) == len(args) and all(
                fits(v, a) for v, a in zip(value, args, strict=True)
            )
        return not args or all(fits(v, args[0]) for v in value)
    if origin in (dict, Mapping):
        if not isinstance(value, dict if origin is dict else Mapping):
            return False
        key, item = args or (Any, Any)
        return all(fits(k, key) and fits(v, item) for k, v in value.items())
    if origin is not None:  # another generic: its class is enough
        return isinstance(value, origin)
    if hint is float:  # a number the model can hold: finite
        return (isinstance(value, int) and not isinstance(value, bool)) or _finite(value)
    if hint is str:  # text the files can hold: no lone surrogate (not Unicode)
        return isinstance(value, str) and _unicode(value)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, hint)


def _finite(value: Any) -> bool:
    return isinstance(value, float) and math.isfinite(value)


def _unicode(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _describe(hint: Any) -> tuple[str, str]:
    for kind, names in _NAMES.items():
        if hint is kind or typing.get_origin(hint) is kind:
            return names
    args = [a for a in typing.get_args(hint) if a is not type(None)]
    if typing.get_origin(hint) in (Union, types.UnionType) and len(args) == 1:
        return _describe(args[0])
    name = getattr(hint, "__name__", str(hint))
    return name, name


@functools.cache
def _signature(func: Callable) -> tuple[inspect.Signature, dict[str, Any]]:
    return inspect.signature(func), typing.get_type_hints(func)


def argument_problem(func: Callable, args: tuple, kwargs: dict) -> tuple[str, str] | None:
    """Why a call's arguments do not fit `func`'s signature and hints (French, English)."""
    signature, hints = _signature(func)
    try:
        bound = signature.bind(*args, **kwargs)
    except TypeError as exc:
        return f"appel invalide : {exc}", f"invalid call: {exc}"
    for name, value in bound.arguments.items():
        hint = hints.get(name, inspect.Parameter.empty)
        if name == "self" or fits(value, hint):
            continue
        fr, en = _describe(hint)
        if isinstance(value, float) and not math.isfinite(value):
            fr, en = f"{fr} fini", f"finite {en}"
        elif isinstance(value, str) and not _unicode(value):
            fr, en = "texte Unicode", "Unicode text"  # a lone surrogate, say
        field_fr, field_en = _FIELDS.get(name, (f"« {name} »", f"'{name}'"))
        shown = ascii(value) if isinstance(value, str) and not _unicode(value) else repr(value)
        shown = shown if len(shown) <= 60 else shown[:57] + "…"
        return (
            f"valeur refusée pour {field_fr} : {fr} attendu, reçu {shown}",
            f"value refused for {field_en}: {en} expected, got {shown}",
        )
    return None


def checked(error: Callable[[str, str], Exception]) -> Callable[[type], type]:
    """Class decorator: every public method checks its arguments first and raises
    `error(fr, en)` when one does not fit (nothing is called, so nothing changes)."""

    def decorate(cls: type) -> type:
        for name, member in list(vars(cls).items()):
            if name.startswith("_") or not inspect.isfunction(member):
                continue
            setattr(cls, name, _guard(member, error))
        return cls

    return decorate


def _guard(method: Callable, error: Callable[[str, str], Exception]) -> Callable:
    @functools.wraps(method)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        problem = argument_problem(method, args, kwargs)
        if problem is not None:
            raise error(*problem)
        return method(*args, **kwargs)

    return guarded
