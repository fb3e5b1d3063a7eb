"""The health track (CON-23, CON-32, A-CON-2, A-CON-10): B/L/A boxes, wound penalties."""

from __future__ import annotations

from functools import cache

import msgspec
from msgspec import Struct

from gui.engine.contract.values import TrackView
from gui.engine.core.assets import RULESET_DATA_DIR
from gui.engine.core.words import Term
from gui.engine.state.model import Combatant
from gui.engine.state.schema import RulesetData

TRACK = "sante"
LEVELS = "niveaux_sante"
TRACK_FLAG = "CFG-CON-2"
MARKS_FLAG = "CFG-CON-10"
ORDER = ("A", "L", "B")  # A-CON-2: aggravated above lethal above bashing
KIND_FR = {"B": "contondant", "L": "létal", "A": "aggravé"}
KIND_EN = {"B": "bashing", "L": "lethal", "A": "aggravated"}
GLYPHS = {
    "symboles": {"B": "/", "L": "X", "A": "✱"},
    "texte": {"B": "/", "L": "/", "A": "x"},
}


@cache
def names_en() -> dict[str, str]:
    """A-CON-2: the default track's levels (the French edition's names) in English, as the
    ruleset's data names them (the choices of the `niveau` column, after the spec's table);
    a level the GM named otherwise keeps its name in both languages. Read once from the
    ruleset's own data file, never through the registry (a ruleset sits below it)."""
    raw = (RULESET_DATA_DIR / "conteur" / "ruleset.json").read_bytes()
    columns = msgspec.json.decode(raw, type=RulesetData).field(LEVELS).columns
    column = next(c for c in columns if c.key == "niveau")
    return {choice.value: choice.label.en for choice in column.choices}


class Level(Struct, frozen=True):
    name: str
    penalty: int
    incapable: bool

    @property
    def name_en(self) -> str:
        """The level's name in English (A-CON-2's defaults; the GM's own as typed)."""
        return names_en().get(self.name.strip(), self.name)


def levels(c: Combatant) -> list[Level]:
    """The combatant's health levels, top to bottom (its `niveaux_sante` table)."""
    rows = c.stats.get(LEVELS, [])
    out = []
    for row in rows if isinstance(rows, list) else []:
        if isinstance(row, dict):
            penalty = row.get("malus", 0)
            out.append(
                Level(
                    str(row.get("niveau", "")),
                    penalty if isinstance(penalty, int) and not isinstance(penalty, bool) else 0,
                    row.get("incapable") is True,
                )
            )
    return out


def marks(c: Combatant) -> list[str]:
    track = c.tracks.get(TRACK)
    return list(track.marks) if track else []


def marked(c: Combatant) -> int:
    return sum(1 for m in marks(c) if m)


def current_level(c: Combatant) -> Level | None:
    """The deepest level reached (None while unhurt)."""
    rows, count = levels(c), marked(c)
    if count == 0 or not rows:
        return None
    return rows[min(count, len(rows)) - 1]


def wound_penalty(c: Combatant) -> tuple[int, Term | None]:
    """A-CON-2, CON-32: the wound penalty of the deepest level marked, as a term."""
    level = current_level(c)
    if level is None or not level.penalty:
        return 0, None
    return level.penalty, Term(
        f"blessure ({level.name})", level.penalty, "CON-32", f"wound ({level.name_en})"
    )


def incapacitated(c: Combatant) -> bool:
    """A-CON-2: the last levels allow no action (Invalide), or the track is full."""
    level = current_level(c)
    return level is not None and (level.incapable or marked(c) >= len(levels(c)))


def mark(
    current: list[str], size: int, kind: str, count: int, overflow: bool
) -> tuple[list[str], int]:
    """`count` boxes of `kind` added to a track of `size` boxes, kept in A > L > B order.

    Returns the new marks and the levels that did not fit. On a full track a worse wound
    takes the box of a lesser one, which falls off the track (A-CON-2: the worst wounds stay
    on top). With `overflow` (CFG-CON-2, not in excerpt), bashing beyond a full track turns a
    bashing box into lethal instead."""
    boxes = [m for m in current if m][:size]
    excess = 0
    for _ in range(count):
        lesser = [i for i, m in enumerate(boxes) if ORDER.index(m) > ORDER.index(kind)]
        if len(boxes) < size:
            boxes.append(kind)
        elif overflow and kind == "B" and "B" in boxes:
            boxes[boxes.index("B")] = "L"
        elif lesser:
            boxes[max(lesser, key=lambda i: ORDER.index(boxes[i]))] = kind
            excess += 1
        else:
            excess += 1
    boxes.sort(key=ORDER.index)
    return boxes + [""] * (size - len(boxes)), excess


def overflow_on(flag: object) -> bool:
    return flag in ("debordement", "les_deux")


def halving_on(flag: object) -> bool:
    return flag in ("moitie", "les_deux")


def view(c: Combatant, glyph_flag: object) -> TrackView:
    """The sheet's health grid: each level with its penalty, marks drawn per CFG-CON-10.

    The levels' names are the sheet's own, the default ones in English too (names_en); the
    notes this module adds and the names of the marks come in French and English."""

    def note(lv: Level, incapable: str) -> str:
        if lv.incapable:
            return incapable
        return f"{lv.penalty:+d}".replace("-", "−") if lv.penalty else ""

    rows = tuple((lv.name, note(lv, "aucune action")) for lv in levels(c))
    rows_en = tuple((lv.name_en, note(lv, "no action")) for lv in levels(c))
    glyphs = GLYPHS.get(str(glyph_flag), GLYPHS["symboles"])
    return TrackView(rows, glyphs, KIND_FR, rows_en, KIND_EN)
