"""Why a file does not load: pydantic and JSON errors turned into located, bilingual LoadErrors."""

from __future__ import annotations

import json
import re
from typing import Any

from pydantic import ValidationError

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


_PLAIN_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")
_AT_LINE = re.compile(r"^(.*) at line (\d+) column (\d+)$", re.S)
_ID_PATTERN = "^[A-Za-z0-9_.:-]+$"
_TAGS = {
    "int": ("entier", "integer"),
    "float": ("nombre", "number"),
    "str": ("texte", "text"),
    "constrained-str": ("texte", "text"),
    "bool": ("vrai/faux", "true/false"),
    "list[str]": ("liste de textes", "list of texts"),
    "list[constrained-str]": ("liste de textes", "list of texts"),
    "list[dict": ("tableau (liste de lignes)", "table (list of rows)"),
}


def _tag(member: str) -> tuple[str, str]:
    """How a union's member type reads in a message (a table's type is long: its start)."""
    return _TAGS.get(member) or _TAGS.get(member.split("[constrained")[0], (member, member))


_DATETIME = ("date et heure attendues (ISO 8601)", "date and time expected (ISO 8601)")
_SIMPLE = {
    "missing": ("clé obligatoire absente", "required key missing"),
    "extra_forbidden": ("clé inconnue", "unknown key"),
    "string_type": ("texte attendu", "text expected"),
    "string_unicode": (
        "texte invalide : un caractère qui n’est pas de l’Unicode",
        "invalid text: a character that is not Unicode",
    ),
    "int_type": ("nombre entier attendu", "whole number expected"),
    "int_from_float": ("nombre entier attendu", "whole number expected"),
    "float_type": ("nombre attendu", "number expected"),
    "finite_number": ("nombre fini attendu", "finite number expected"),
    "bool_type": ("vrai/faux attendu", "true/false expected"),
    "list_type": ("liste attendue", "list expected"),
    "tuple_type": ("liste attendue", "list expected"),
    "dict_type": ("objet attendu", "object expected"),
    "model_type": ("objet attendu", "object expected"),
    "model_attributes_type": ("objet attendu", "object expected"),
    "none_required": ("null attendu", "null expected"),
    "datetime_type": _DATETIME,
    "datetime_parsing": _DATETIME,
    "datetime_from_date_parsing": _DATETIME,
    "timezone_aware": ("fuseau horaire requis", "timezone required"),
}
# The model's own checks raise English ValueErrors; the common ones have a French twin here.
_VALUE_ERRORS = {
    "an edge joins two different zones": "une liaison joint deux zones différentes",
}
# Bound errors: pydantic type → (context key, French, English).
_BOUNDS = {
    "greater_than": ("gt", "supérieur à", "greater than"),
    "greater_than_equal": ("ge", "au moins", "at least"),
    "less_than": ("lt", "inférieur à", "less than"),
    "less_than_equal": ("le", "au plus", "at most"),
}
# Length errors: pydantic type → (context key, French, English, unit French, unit English).
_LENGTHS = {
    "string_too_short": ("min_length", "au moins", "at least", "caractère", "character"),
    "too_short": ("min_length", "au moins", "at least", "élément", "item"),
    "string_too_long": ("max_length", "au plus", "at most", "caractère", "character"),
    "too_long": ("max_length", "au plus", "at most", "élément", "item"),
}


def _fmt(x: Any) -> str:
    return str(int(x)) if isinstance(x, float) and x.is_integer() else str(x)


def _explain(err: Any) -> tuple[str, str]:
    """French and English for one pydantic error (its type, context and message)."""
    kind, ctx, msg = err["type"], err.get("ctx") or {}, err["msg"]
    if kind in _SIMPLE:
        return _SIMPLE[kind]
    if kind in _BOUNDS:
        key, fr, en = _BOUNDS[kind]
        return f"{fr} {_fmt(ctx.get(key))} attendu", f"{en} {_fmt(ctx.get(key))} expected"
    if kind in _LENGTHS:
        key, fr, en, unit_fr, unit_en = _LENGTHS[kind]
        n = ctx.get(key)
        plural = "s" * (n != 1)
        return f"{fr} {n} {unit_fr}{plural}", f"{en} {n} {unit_en}{plural}"
    if kind == "string_pattern_mismatch":
        if ctx.get("pattern") == _ID_PATTERN:
            return (
                "identifiant invalide : lettres sans accent, chiffres et _ . : - seulement",
                "invalid id: unaccented letters, digits and _ . : - only",
            )
        if str(ctx.get("pattern", "")).startswith("^#"):
            return "couleur #rrvvbb attendue", "colour #rrggbb expected"
        return f"forme non permise ({ctx.get('pattern')})", msg
    if kind == "literal_error":
        return f"valeur non permise, attendu : {ctx.get('expected')}", msg
    if kind == "value_error":
        text = msg.removeprefix("Value error, ")
        if " / " in text:  # the engine's own checks say it in French, then English
            fr, en = text.split(" / ", 1)
            return fr, en
        return _VALUE_ERRORS.get(text, f"valeur incohérente : {text}"), text
    return f"valeur refusée ({kind})", msg


def _key(part: str | int) -> str | int:
    if isinstance(part, int) or _PLAIN_KEY.fullmatch(part):
        return part
    return "[" + json.dumps(part[:80], ensure_ascii=False) + "]"


def _path(parts: list[str | int]) -> str:
    out = "$"
    for part in parts:
        key = _key(part)
        out += key if isinstance(key, str) and key.startswith("[") else json_path([key], "")
    return out


def _walk(doc: Any, loc: tuple[str | int, ...], kind: str) -> tuple[list[str | int], list[Any]]:
    """Split a pydantic location into the part that exists in the document and the rest."""
    node, real = doc, []
    for i, part in enumerate(loc):
        in_dict = isinstance(node, dict) and isinstance(part, str) and part in node
        if in_dict or (isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)):
            node = node[part]
        elif kind == "missing" and i == len(loc) - 1:
            real.append(part)
            return real, []
        else:
            return real, list(loc[i:])  # union members ("int", "list[str]") or "[key]"
        real.append(part)
    return real, []


def validation_error(
    exc: ValidationError, doc: Any, source: str, prefix: tuple[str, ...] = ()
) -> LoadError:
    """The LoadError for the first of pydantic's errors, at the deepest path the file has."""
    errors = exc.errors(include_url=False, include_input=False)
    errors = [{**e, "loc": prefix + tuple(e["loc"])} for e in errors]
    first = errors[0]
    if first["type"] == "json_invalid":
        return parse_error(first["msg"].removeprefix("Invalid JSON: "), source)
    real, rest = _walk(doc, first["loc"], first["type"])
    fr, en = _explain(first)
    same = 1
    if "[key]" in rest:
        fr, en = f"nom de clé invalide : {fr}", f"invalid key name: {en}"
    elif rest:
        # A union (a sheet stat, a flag) fails once per member type: say it once, list the types.
        members = [
            str(e["loc"][len(real)])
            for e in errors
            if len(e["loc"]) > len(real) and _walk(doc, e["loc"], e["type"])[0] == real
        ]
        if len(members) > 1:
            same = len(members)
            tags = [_tag(m) for m in members]
            fr = "type non permis ici, attendu : " + ", ".join(t[0] for t in tags)
            en = "type not allowed here, expected: " + ", ".join(t[1] for t in tags)
    if len(errors) > same:
        more = len(errors) - same
        fr, en = f"{fr} (et {more} autre(s) erreur(s))", f"{en} (and {more} more)"
    return LoadError(_path(real), fr, en, file=source)


# Of the errors of a union (a sheet's value: whole number, number, text…), the one that says
# what is wrong with the value rather than with its type.
_TELLING = ("finite_number", "string_unicode", *_BOUNDS, *_LENGTHS)


def reason(exc: ValidationError) -> tuple[str, str]:
    """What is wrong with an assigned value, in French and English (no library dump)."""
    errors = exc.errors(include_url=False, include_input=False)
    telling = [e for e in errors if e["type"] in _TELLING]
    return _explain((telling or errors)[0])


def parse_error(message: str, source: str) -> LoadError:
    """A JSON syntax error, with its line and column."""
    found = _AT_LINE.match(message)
    if not found:
        return LoadError("$", f"JSON invalide : {message}", f"invalid JSON: {message}", file=source)
    what, line, column = found.groups()
    where_fr, where_en = f"ligne {line}, colonne {column}", f"line {line}, column {column}"
    if "recursion limit" in what:
        return LoadError(
            "$", f"imbrication trop profonde ({where_fr})", f"nesting too deep ({where_en})", source
        )
    if what.startswith("EOF"):
        return LoadError(
            "$",
            f"fin de fichier inattendue ({where_fr}) : fichier tronqué ?",
            f"unexpected end of file ({where_en}): truncated file?",
            source,
        )
    return LoadError(
        "$", f"JSON invalide {where_fr} ({what})", f"invalid JSON at {where_en}: {what}", source
    )
