"""A problem found in user input, located by a JSON path and told in French and English."""

from __future__ import annotations

from msgspec import Struct

Words = tuple[str, str]  # a text the GM reads, in French and in English


class BilingualError(Exception):
    """An error told in French (shown first) and English; str() joins them."""

    def __init__(self, fr: str, en: str) -> None:
        super().__init__(f"{fr} / {en}")
        self.fr = fr
        self.en = en


class Problem(Struct, frozen=True):
    """What is wrong and where: `path` is a JSON path such as `$.combatants[2].stats.pv`."""

    path: str
    fr: str
    en: str

    def __str__(self) -> str:
        return f"{self.path} : {self.fr} / {self.en}"


def json_path(parts: tuple[str | int, ...] | list[str | int], root: str = "$") -> str:
    """`("combatants", 2, "name")` → `$.combatants[2].name`."""
    out = root
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out
