"""A typed aggregate (G-1 c) that carries the counted faces: "14", "14 6x2", "4 1x2", "15 6x2/3"."""

from __future__ import annotations

import re
from typing import NamedTuple

from msgspec import Struct

from gui.engine.checks.edges import EdgeRoll
from gui.engine.checks.kept import KeptFaces
from gui.engine.dice.rolling import DiceInputError

_SPLIT = re.compile(r"[\s,;]+")
_TOTAL = re.compile(r"[+\-−]?\d{1,6}")
# face x count, optionally /count among every die rolled (kept or not, CFG-DOU-1b).
_COUNT = re.compile(r"(\d{1,6})[x×*](\d{1,3})(?:/(\d{1,3}))?", re.IGNORECASE)
_HINT_FR = "ex. 14, 14 6x2 (deux 6), 4 1x2 (deux 1), 15 6x2/3 (deux 6 gardés sur trois lancés)"
_HINT_EN = "e.g. 14, 14 6x2 (two 6s), 4 1x2 (two 1s), 15 6x2/3 (two 6s kept of three rolled)"


class TypedRoll(Struct, frozen=True):
    """A roll typed as its dice total (without modifiers), with the counts a rule may need.

    `tops` and `ones` are counted on the kept dice, `all_tops` and `all_ones` on every die
    rolled; None means "not typed": the reading takes the fewest the total allows.
    """

    total: int
    tops: int | None = None
    ones: int | None = None
    all_tops: int | None = None
    all_ones: int | None = None

    def __post_init__(self) -> None:
        """Counts are >= 0, and a count among the rolled dice needs its kept count."""
        for kept, rolled in ((self.tops, self.all_tops), (self.ones, self.all_ones)):
            bad_kept = kept is not None and kept < 0
            if bad_kept or (rolled is not None and (kept is None or rolled < kept)):
                raise DiceInputError(
                    f"Comptes de faces invalides : {kept}/{rolled}",
                    f"Invalid face counts: {kept}/{rolled}",
                )

    def text(self, sides: int) -> str:
        """Canonical typed form; parse_typed_roll(r.text(s), s) == r."""
        parts = [str(self.total)]
        for face, kept, rolled in (
            (sides, self.tops, self.all_tops),
            (1, self.ones, self.all_ones),
        ):
            if kept is not None:
                parts.append(f"{face}x{kept}" + ("" if rolled is None else f"/{rolled}"))
        return " ".join(parts)


def _error(token: str, sides: int) -> DiceInputError:
    """The error for a token that is not a count of faces."""
    return DiceInputError(
        f"« {token} » : écrire face x nombre, les faces comptées étant {sides} et 1 ({_HINT_FR})",
        f"'{token}': write face x count, the counted faces being {sides} and 1 ({_HINT_EN})",
    )


def parse_typed_roll(text: str | int, sides: int) -> TypedRoll:
    """Parse what a GM types for an aggregate roll: a total, then optional face counts."""
    if isinstance(text, int) and not isinstance(text, bool):
        return TypedRoll(text)
    tokens = [t for t in _SPLIT.split(str(text).strip()) if t]
    if not tokens:
        raise DiceInputError(f"Aucune valeur saisie ({_HINT_FR})", f"No value entered ({_HINT_EN})")
    head, *rest = tokens
    if not _TOTAL.fullmatch(head):
        raise DiceInputError(
            f"Total « {head} » n’est pas un nombre entier ({_HINT_FR})",
            f"Total '{head}' is not an integer ({_HINT_EN})",
        )
    counts: dict[int, tuple[int, int | None]] = {}
    for token in rest:
        match = _COUNT.fullmatch(token)
        if match is None:
            raise _error(token, sides)
        face, kept = int(match.group(1)), int(match.group(2))
        rolled = None if match.group(3) is None else int(match.group(3))
        if face not in (sides, 1):
            raise DiceInputError(
                f"Seuls les {sides} et les 1 se comptent : « {token} »",
                f"Only {sides}s and 1s are counted: '{token}'",
            )
        if face in counts:
            raise DiceInputError(
                f"Les {face} sont comptés deux fois", f"The {face}s are counted twice"
            )
        if rolled is not None and rolled < kept:
            raise DiceInputError(
                f"« {token} » : moins de dés lancés que de dés gardés",
                f"'{token}': fewer dice rolled than kept",
            )
        counts[face] = (kept, rolled)
    tops, all_tops = counts.get(sides, (None, None))
    ones, all_ones = counts.get(1, (None, None))
    return TypedRoll(int(head.replace("−", "-")), tops, ones, all_tops, all_ones)


class Reading(NamedTuple):
    """What the rules read on a typed roll, and whether an untyped count had to be assumed."""

    kept: KeptFaces
    assumed: bool


def _fits(k: KeptFaces, typed: TypedRoll) -> bool:
    """Whether a possible roll agrees with every typed value."""
    pairs = (
        (k.tops, typed.tops),
        (k.ones, typed.ones),
        (k.all_tops, typed.all_tops),
        (k.all_ones, typed.all_ones),
    )
    return k.total == typed.total and all(given is None or v == given for v, given in pairs)


def read_typed(roll: EdgeRoll, typed: TypedRoll | str | int) -> Reading:
    """Check a typed aggregate against the roll and read it (G-1 c).

    A count not typed takes the fewest the typed values allow (a typed total of 18 on 3d6
    is three 6s, a total of 14 is read as no 6); `assumed` says when that was a guess.
    """
    if not isinstance(typed, TypedRoll):
        typed = parse_typed_roll(typed, roll.sides)
    joint = roll.joint()
    low, high = min(k.total for k in joint), max(k.total for k in joint)
    if not low <= typed.total <= high:
        raise DiceInputError(
            f"Total {typed.total} hors de {low}–{high} pour {roll}",
            f"Total {typed.total} outside {low}–{high} for {roll}",
        )
    fits = sorted(k for k in joint if _fits(k, typed))
    if not fits:
        shown = typed.text(roll.sides)
        raise DiceInputError(
            f"Aucun jet de {roll} ne donne « {shown} »", f"No roll of {roll} gives '{shown}'"
        )
    chosen = min(fits, key=lambda k: (k.tops, k.ones, k.all_tops, k.all_ones))
    return Reading(chosen, len(fits) > 1)
