"""ChangeSets: old and new values at paths in an Encounter; applying one is all-or-nothing."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from msgspec import Struct, field

from gui.engine.core.checking import CheckError, checked, field_type, inner_type
from gui.engine.core.copies import deep_copy
from gui.engine.core.load_errors import reason
from gui.engine.core.problems import BilingualError
from gui.engine.state.model import Encounter, Indexed, LogEntry
from gui.engine.state.references import reference_problem


class _Absent:
    """Marks a key or list item that does not exist on one side of a change."""

    _instance: _Absent | None = None

    def __new__(cls) -> _Absent:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "ABSENT"


ABSENT: Any = _Absent()
PathPart = str | int


class ChangeError(BilingualError, ValueError):
    """A ChangeSet does not fit the encounter; nothing was changed."""


class Change(Struct, frozen=True):
    """One value replaced at `path`; ABSENT as `old` inserts, ABSENT as `new` removes.

    Path parts walk model attributes, dict keys and list items; a string part in a list
    names the item by its `id` (or `key`, `unit`), an int part is a position.
    """

    path: tuple[PathPart, ...]
    old: Any
    new: Any
    # Where an inserted id-named list item goes (end if None); equal to an int last part of
    # the path, an insertion at that position even though an item is there now.
    index: int | None = None

    def inverted(self) -> Change:
        return Change(self.path, self.new, self.old, self.index)


class ChangeSet(Struct, frozen=True):
    """The changes of one user action, with the label shown in the undo history, in French
    and in English (`label_en`)."""

    label: str
    changes: tuple[Change, ...] = field(default_factory=tuple)
    label_en: str = ""

    def inverted(self) -> ChangeSet:
        changes = tuple(c.inverted() for c in reversed(self.changes))
        return ChangeSet(self.label, changes, self.label_en)

    def __add__(self, other: ChangeSet) -> ChangeSet:
        return ChangeSet(self.label, self.changes + other.changes, self.label_en)

    @property
    def english(self) -> str:
        return self.label_en or self.label

    def __bool__(self) -> bool:
        return bool(self.changes)


def _item_key(item: Any) -> Any:
    for attr in ("id", "key", "unit"):
        if hasattr(item, attr):
            return getattr(item, attr)
    return None


# The list a path walks through and the model field holding it: an Indexed model finds its
# items by id in constant time (a path into combatants, at 1,000 of them, is every gesture's).
_Holder = tuple[Struct, str] | None


def _find(items: list[Any], part: PathPart, holder: _Holder = None) -> int:
    if isinstance(part, int):
        if not 0 <= part < len(items):
            raise KeyError(part)
        return part
    if holder is not None and isinstance(holder[0], Indexed) and holder[1] in holder[0].INDEXED:
        return holder[0].position(holder[1], part)
    for i, item in enumerate(items):
        if _item_key(item) == part:
            return i
    raise KeyError(part)


def _child(node: Any, part: PathPart, holder: _Holder = None) -> Any:
    if isinstance(node, Struct):
        if not isinstance(part, str) or part not in node.__struct_fields__:
            raise KeyError(part)
        return getattr(node, part)
    if isinstance(node, dict):
        return node[part]
    if isinstance(node, list):
        return node[_find(node, part, holder)]
    raise KeyError(part)


def read(enc: Encounter, path: Iterable[PathPart]) -> Any:
    """The value at `path`, or ABSENT when the last part does not exist."""
    parts = tuple(path)
    node, _, holder = _locate(enc, parts)
    try:
        return _child(node, parts[-1], holder)
    except KeyError:
        return ABSENT


def change(enc: Encounter, path: Iterable[PathPart], new: Any, index: int | None = None) -> Change:
    """A Change that sets `path` to `new`, remembering the current value as `old`.

    Removing a dict key or an id-named list item remembers its position, so that undo puts
    it back in place.
    """
    parts = tuple(path)
    old = read(enc, parts)
    if index is None and new is ABSENT and old is not ABSENT:
        container, _, holder = _locate(enc, parts) if len(parts) > 1 else (None, None, None)
        if isinstance(container, dict):
            index = list(container).index(parts[-1])
        elif isinstance(container, list) and isinstance(parts[-1], str):
            index = _find(container, parts[-1], holder)
    return Change(parts, _copy(old), new, index)


def _copy(value: Any) -> Any:
    return deep_copy(value) if isinstance(value, Struct | list | dict) else value


def _locate(enc: Encounter, parts: tuple[PathPart, ...]) -> tuple[Any, Any, _Holder]:
    """The node holding the last part of a path, its type (a model's own class, a
    container's declared type) and the model field it is (if any)."""
    node: Any = enc
    place: Any = type(enc)
    holder: _Holder = None
    for part in parts[:-1]:
        child = _child(node, part, holder)
        holder = (node, str(part)) if isinstance(node, Struct) else None
        place = type(child) if isinstance(child, Struct) else inner_type(place, part)
        node = child
    return node, place, holder


def typed(enc: Encounter, path: tuple[PathPart, ...], value: Any) -> Any:
    """A saved value (JSON's builtins) read as the type of its place at `path` (ValueError
    or KeyError when it does not fit, or there is no such place)."""
    node, place, _ = _locate(enc, path)
    return _placed(node, place, path[-1], value)


def _placed(node: Any, place: Any, last: PathPart, value: Any) -> Any:
    """`value` checked as what `last` holds in `node` (of type `place`): a model's field, a
    dict's value with its key, a list's item (ValueError when it does not fit)."""
    if isinstance(node, Struct):
        field = field_type(type(node), str(last))
        reader = getattr(node, "read_field", None)
        if field is Any and reader is not None and not isinstance(value, Struct):
            return reader(str(last), value)  # a saved value of a free-typed field
        return checked(value, field)
    if isinstance(node, dict):
        return checked({last: value}, place)[last]
    if isinstance(node, list):
        return checked(value, inner_type(place, 0))
    raise KeyError(last)


def _set(enc: Encounter, ch: Change, value: Any, expected: Any) -> None:
    node, place, holder = _locate(enc, ch.path)
    last = ch.path[-1]
    where = _show(ch.path)
    current = read(enc, ch.path)
    if (
        expected is ABSENT
        and isinstance(node, list)
        and isinstance(last, int)
        and ch.index == last
        and 0 <= last <= len(node)
    ):
        current = ABSENT  # an insertion at this position (the undo of a removal there)
    if current != expected:
        raise ChangeError(
            f"Valeur inattendue à {where} : {current!r} au lieu de {expected!r}",
            f"Unexpected value at {where}: {current!r} instead of {expected!r}",
        )
    if isinstance(node, Struct):
        if value is ABSENT:
            raise ChangeError(f"{where} ne peut être retiré", f"{where} cannot be removed")
        _assign(node, str(last), value, enc, ch.path)
        return
    if not isinstance(node, dict | list):
        raise ChangeError(f"Chemin invalide {where}", f"Invalid path {where}")
    if value is not ABSENT:
        try:
            value = _placed(node, place, last, value)
        except CheckError as exc:
            raise _refused(exc, enc, ch.path) from exc
    if isinstance(node, dict):
        if value is ABSENT:
            del node[last]
        elif current is ABSENT and ch.index is not None:
            items = list(node.items())
            items.insert(ch.index, (last, value))
            node.clear()
            node.update(items)
        else:
            node[last] = value
    else:
        _set_item(node, last, value, current, ch.index, where, holder)


def _assign(
    model: Struct, name: str, value: Any, enc: Encounter, path: tuple[PathPart, ...]
) -> None:
    """A checked assignment (the model's own checks run again after it); the reference check
    waits until the whole ChangeSet is applied."""
    old = getattr(model, name)
    try:
        setattr(model, name, _placed(model, None, name, value))
        post_init = getattr(model, "__post_init__", None)
        if post_init is not None and not isinstance(model, Indexed):
            post_init()
    except ValueError as exc:  # CheckError, or the model's own check
        setattr(model, name, old)
        raise _refused(exc, enc, path) from exc


def _refused(exc: ValueError, enc: Encounter, path: tuple[PathPart, ...]) -> ChangeError:
    fr, en = reason(str(exc))
    where_fr, where_en = _words(enc, path)
    return ChangeError(f"{where_fr} : {fr}", f"{where_en}: {en}")


def _set_item(
    items: list[Any],
    part: PathPart,
    value: Any,
    current: Any,
    index: int | None,
    where: str,
    holder: _Holder,
) -> None:
    if current is ABSENT:
        at = part if isinstance(part, int) else (len(items) if index is None else index)
        if not 0 <= at <= len(items):
            raise ChangeError(
                f"Position hors de la liste à {where}", f"Position out of the list at {where}"
            )
        items.insert(at, value)
    elif value is ABSENT:
        del items[_find(items, part, holder)]
    else:
        items[_find(items, part, holder)] = value


def _show(path: tuple[PathPart, ...]) -> str:
    return "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)


# A model's fields as the GM calls them, for a refused value (issue 31: no library dump).
_FIELDS = {
    "name": ("nom", "name"),
    "notes": ("notes", "notes"),
    "label": ("nom", "name"),
    "text": ("texte", "text"),
    "text_en": ("texte anglais", "English text"),
    "colour": ("couleur", "colour"),
    "metres_per_px": ("échelle de la carte", "map scale"),
    "length_m": ("longueur en mètres", "length in metres"),
    "stats": ("fiche", "sheet"),
}


def _words(enc: Encounter, path: tuple[PathPart, ...]) -> tuple[str, str]:
    """Where a change lands, in the GM's words (« Aldric, nom »), else as a JSON path."""
    owner = None
    if len(path) >= 2 and path[0] in ("combatants", "sides") and isinstance(path[1], str):
        try:
            owner = (enc.combatant if path[0] == "combatants" else enc.side)(path[1]).name
        except KeyError:
            owner = None
    elif len(path) >= 3 and path[:2] == ("map", "zones") and isinstance(path[2], str):
        try:
            owner = enc.map.zone(path[2]).name
        except KeyError:
            owner = None
    elif path == ("name",):
        return "Nom de la rencontre", "Encounter name"
    field = next((_FIELDS[p] for p in reversed(path) if p in _FIELDS), None)
    if owner is None or field is None:
        return f"Valeur refusée à {_show(path)}", f"Value refused at {_show(path)}"
    if path[-2:-1] == ("stats",):  # a sheet's value: its key (the ruleset names it)
        return f"{owner}, {path[-1]}", f"{owner}, {path[-1]}"
    return f"{owner}, {field[0]}", f"{owner}, {field[1]}"


def apply(enc: Encounter, cs: ChangeSet, checked: bool = True) -> None:
    """Apply every change, then re-check references; on any failure undo what was done.
    `checked` False: no reference check, for the working steps of a computation whose
    result is applied (and checked) as a whole."""
    done: list[Change] = []
    try:
        for ch in cs.changes:
            _set(enc, ch, ch.new, ch.old)
            done.append(ch)
        problem = reference_problem(enc) if checked else None
        if problem is not None:
            raise ChangeError(f"{problem.path} : {problem.fr}", f"{problem.path}: {problem.en}")
    except (ChangeError, KeyError, ValueError) as exc:
        for ch in reversed(done):
            _set(enc, ch, ch.old, ch.new)
        if isinstance(exc, ChangeError):
            raise
        raise ChangeError(
            f"Modification refusée ({cs.label}) : {exc}", f"Change refused ({cs.label}): {exc}"
        ) from exc


def revert(enc: Encounter, cs: ChangeSet, checked: bool = True) -> None:
    """Undo a ChangeSet that was applied."""
    apply(enc, cs.inverted(), checked)


def is_log_append(c: Change) -> bool:
    """True for a change that adds a line to the encounter log."""
    return c.path[0] == "log" and c.old is ABSENT


def log_change(enc: Encounter, entry: LogEntry, before: Sequence[Change] = ()) -> Change:
    """The change that appends `entry` to the log, after the log appends in `before`."""
    pending = sum(1 for c in before if is_log_append(c))
    return Change(("log", len(enc.log) + pending), ABSENT, entry)
