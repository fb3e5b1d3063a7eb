"""Why a file does not load: msgspec's and JSON's errors as located, bilingual LoadErrors."""

from __future__ import annotations

import json
import re
from typing import Any

import msgspec

from gui.engine.core.checking import CheckError, checked, inner_type
from gui.engine.core.problems import json_path


class LoadError(Exception):
    """A file that cannot be opened: where (JSON path, file name) and why, in French and English."""

    def __init__(self, path: str, fr: str, en: str, file: str = "") -> None:
        """`path` is a JSON path such as `$.encounter.combatants[3].name`, or `$` for the file."""
        self.path = path
        self.fr = fr
        self.en = en
        self.file = file
        super().__init__(str(self))

    def __str__(self) -> str:
        where = f"{self.file} {self.path}" if self.file else self.path
        return f"{where} : {self.fr} / {self.en}"

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.path, self.fr, self.en, self.file))


# Patterns compiled at their first use (re caches them): they serve a file that fails.
_PLAIN_KEY = r"[A-Za-z_][A-Za-z0-9_-]*"
_ID_PATTERN = "^[A-Za-z0-9_.:-]+$"
_AT = r" - at `(?:(?P<key>key) in )?(?P<path>\$[^`]*)`"
_STEP = r"\.([A-Za-z_][A-Za-z0-9_]*)|\[(\d+|\.\.\.)\]"
# How msgspec names a JSON type, as the GM reads it.
_TYPES = {
    "int": ("entier", "integer"),
    "float": ("nombre", "number"),
    "str": ("texte", "text"),
    "bool": ("vrai/faux", "true/false"),
    "array": ("liste", "list"),
    "object": ("objet", "object"),
    "null": ("null", "null"),
    "datetime": ("date et heure (ISO 8601)", "date and time (ISO 8601)"),
}
_EXPECTED = {
    "int": ("nombre entier attendu", "whole number expected"),
    "float": ("nombre attendu", "number expected"),
    "str": ("texte attendu", "text expected"),
    "bool": ("vrai/faux attendu", "true/false expected"),
    "array": ("liste attendue", "list expected"),
    "object": ("objet attendu", "object expected"),
    "null": ("null attendu", "null expected"),
    "datetime": ("date et heure attendues (ISO 8601)", "date and time expected (ISO 8601)"),
}
_BOUNDS = {
    ">": ("supérieur à", "greater than"),
    ">=": ("au moins", "at least"),
    "<": ("inférieur à", "less than"),
    "<=": ("au plus", "at most"),
}
_UNITS = {"str": ("caractère", "character"), "array": ("élément", "item"), "object": ("clé", "key")}
_MISSING = r"Object missing required field `(?P<name>[^`]+)`"
_UNKNOWN = r"Object contains unknown field `(?P<name>[^`]+)`"
_WRONG = r"Expected `(?P<want>[^`]+)`, got `(?P<got>[^`]+)`"
_BOUND = r"Expected `(?P<kind>\w+)` (?P<op>[<>]=?) (?P<n>[-\d.e+]+)$"
_LENGTH = r"Expected `(?P<kind>\w+)` of length (?P<op>[<>]=? )?(?P<n>\d+)$"
_PATTERN = r"Expected `str` matching regex '(?P<pattern>.*)'$"
_ENUM = r"Invalid enum value (?P<value>.*)$"


def _fmt(x: str) -> str:
    number = float(x)
    return str(int(number)) if number.is_integer() else x


def reason(message: str) -> tuple[str, str]:
    """What is wrong with a value, in French and English, from msgspec's message (its
    place, « - at `$…` », left out) or the engine's own « français / English »."""
    return _explain(_joined(message)[0])


def _explain(text: str) -> tuple[str, str]:
    if found := re.fullmatch(_MISSING, text):
        return "clé obligatoire absente", "required key missing"
    if found := re.fullmatch(_UNKNOWN, text):
        return "clé inconnue", "unknown key"
    if found := re.fullmatch(_WRONG, text):
        kinds = [k for k in found["want"].split(" | ") if k != "null"] or ["null"]
        kinds.sort(key=lambda k: list(_TYPES).index(k) if k in _TYPES else len(_TYPES))
        if len(kinds) == 1:
            return _EXPECTED.get(kinds[0], (f"{kinds[0]} attendu", f"{kinds[0]} expected"))
        names = [_TYPES.get(k, (k, k)) for k in kinds]
        return (
            "type non permis ici, attendu : " + ", ".join(n[0] for n in names),
            "type not allowed here, expected: " + ", ".join(n[1] for n in names),
        )
    if found := re.fullmatch(_BOUND, text):
        fr, en = _BOUNDS[found["op"]]
        n = _fmt(found["n"])
        return f"{fr} {n} attendu", f"{en} {n} expected"
    if found := re.fullmatch(_LENGTH, text):
        n = int(found["n"])
        unit_fr, unit_en = _UNITS.get(found["kind"], ("élément", "item"))
        plural = "s" * (n != 1)
        if not found["op"]:
            return (
                f"liste de {n} {unit_fr}{plural} attendue",
                f"list of {n} {unit_en}{plural} expected",
            )
        fr, en = _BOUNDS[found["op"].strip()]
        return f"{fr} {n} {unit_fr}{plural}", f"{en} {n} {unit_en}{plural}"
    if found := re.fullmatch(_PATTERN, text):
        if found["pattern"] == _ID_PATTERN:
            return (
                "identifiant invalide : lettres sans accent, chiffres et _ . : - seulement",
                "invalid id: unaccented letters, digits and _ . : - only",
            )
        if found["pattern"].startswith("^#"):
            return "couleur #rrvvbb attendue", "colour #rrggbb expected"
        return f"forme non permise ({found['pattern']})", f"form not allowed ({found['pattern']})"
    if found := re.fullmatch(_ENUM, text):
        return f"valeur non permise : {found['value']}", f"value not allowed: {found['value']}"
    if text.startswith("Invalid RFC3339"):
        return _EXPECTED["datetime"]
    if text == "Number out of range":
        return "nombre hors limites", "number out of range"
    if text.startswith("invalid text"):
        return (
            "texte invalide : un caractère qui n’est pas de l’Unicode",
            "invalid text: a character that is not Unicode",
        )
    if text.startswith("not a JSON value"):
        return "nombre fini attendu", "finite number expected"
    if " / " in text:  # the engine's own checks say it in French, then English
        fr, en = text.split(" / ", 1)
        return fr, en
    return f"valeur incohérente : {text}", text


def _key(part: str | int) -> str | int:
    if isinstance(part, int) or re.fullmatch(_PLAIN_KEY, part):
        return part
    return "[" + json.dumps(part[:80], ensure_ascii=False) + "]"


def _path(parts: list[str | int]) -> str:
    out = "$"
    for part in parts:
        key = _key(part)
        out += key if isinstance(key, str) and key.startswith("[") else json_path([key], "")
    return out


def _steps(path: str) -> list[str | int]:
    """`$.a[3].b[...]` → ["a", 3, "b", ...] (msgspec names no dict key: `...` stands for it)."""
    steps: list[str | int] = []
    for field, index in re.findall(_STEP, path[1:]):
        if field:
            steps.append(field)
        else:
            steps.append(... if index == "..." else int(index))  # type: ignore[arg-type]
    return steps


def _joined(message: str) -> tuple[str, str | None, bool]:
    """msgspec's text, the place it names (a check of a part read later, such as a turn
    state, names its place inside the whole: the places join) and whether a key is wrong."""
    places = list(re.finditer(_AT, message))
    if not places:
        return message, None, False
    text = message[: places[0].start()]
    path = "$"
    for found in reversed(places):
        path += found["path"][1:]
    return text, path, places[0]["key"] is not None


def _fails(value: Any, place: Any) -> bool:
    try:
        checked(value, place)
    except CheckError:
        return True
    return False


def _located(doc: Any, place: Any, steps: list[Any], missing: str | None) -> list[str | int]:
    """The steps of a path with each dict key msgspec left unnamed found in `doc`: the first
    key whose value does not read as the dict's value type."""
    real: list[str | int] = []
    node = doc
    for step in steps:
        if step is ...:
            value_type = inner_type(place, "")
            bad = (
                [k for k, v in node.items() if _fails(v, value_type)]
                if isinstance(node, dict)
                else []
            )
            if not bad:
                break
            step, place = bad[0], value_type
        else:
            place = inner_type(place, step)
        real.append(step)
        try:
            node = node[step]
        except (KeyError, IndexError, TypeError):
            break
    if missing is not None:
        real.append(missing)
    return real


def validation_error(
    exc: msgspec.ValidationError, doc: Any, place: Any, source: str, prefix: tuple[str, ...] = ()
) -> LoadError:
    """The LoadError for msgspec's error when `doc` was read as the type `place`, at the
    precise path in the file (`prefix`: where `doc` sits in the file)."""
    text, path, bad_key = _joined(str(exc))
    found = re.fullmatch(_MISSING, text) or re.fullmatch(_UNKNOWN, text)
    steps = _located(doc, place, _steps(path or "$"), found["name"] if found else None)
    fr, en = _explain(text)
    if bad_key:
        fr, en = f"nom de clé invalide : {fr}", f"invalid key name: {en}"
    return LoadError(_path([*prefix, *steps]), fr, en, file=source)


_BYTE = r"^(?:JSON is malformed: )?(?P<what>.*?) \(byte (?P<at>\d+)\)$"


def parse_error(message: str, data: bytes, source: str) -> LoadError:
    """A JSON syntax error (msgspec's `message` on `data`), with its line and column."""
    found = re.match(_BYTE, message)
    if message.startswith("Input data was truncated") or found is None:
        at, what = len(data), ""
    else:
        at, what = int(found["at"]), found["what"]
    line = data.count(b"\n", 0, at) + 1
    column = len(data[data.rfind(b"\n", 0, at) + 1 : at].decode("utf-8", "replace")) + 1
    where_fr, where_en = f"ligne {line}, colonne {column}", f"line {line}, column {column}"
    if not what:
        return LoadError(
            "$",
            f"fin de fichier inattendue ({where_fr}) : fichier tronqué ?",
            f"unexpected end of file ({where_en}): truncated file?",
            source,
        )
    return LoadError(
        "$", f"JSON invalide {where_fr} ({what})", f"invalid JSON at {where_en}: {what}", source
    )
