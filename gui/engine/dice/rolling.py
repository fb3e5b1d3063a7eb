"""Dice rolling, typed dice input and dice expressions shared by every ruleset."""

from __future__ import annotations

import random
import re
import struct
from collections.abc import Sequence
from typing import Self

from msgspec import Struct

from gui.engine.core.problems import BilingualError

# Generous bounds for typed expressions, so that a typo like "1000d1000" cannot freeze odds.
MAX_EXPR_COUNT = 100
MAX_EXPR_SIDES = 1000
MAX_EXPR_MODIFIER = 10_000

_TOKEN_SPLIT = re.compile(r"[\s,;]+")
_INTEGER = re.compile(r"[+-]?\d+")
# Each number is a few digits at most: a pasted run of digits is refused, never converted.
_EXPR = re.compile(r"(\d{0,6})d(\d{1,6})(!?)(?:k([hl])(\d{1,6}))?(!?)([+-]\d{1,9})?")

# random.Random.getstate() is (version, 625 ints, gauss_next); gauss_next is None or a float.
_MT_STATE_LEN = 625
_FLAT_STATE_LEN = 1 + _MT_STATE_LEN + 3


class DiceInputError(BilingualError, ValueError):
    """Invalid dice input, with a French and an English message."""


def _fr_plural(n: int, words: str) -> str:
    """French words with plural agreement for n (French keeps 0 and 1 singular)."""
    suffix = "s" if n > 1 else ""
    return " ".join(word + suffix for word in words.split())


def _en_plural(n: int, word: str) -> str:
    """English word with plural agreement for n."""
    return word if n == 1 else word + "s"


def roll(rng: random.Random, count: int, sides: int) -> list[int]:
    """Roll count dice of the given number of sides with rng."""
    if count < 0:
        raise ValueError(f"Nombre de dés négatif : {count} / Negative dice count: {count}")
    if sides < 2:
        raise ValueError(
            f"Un dé a au moins 2 faces : {sides} / A die has at least 2 sides: {sides}"
        )
    return [rng.randint(1, sides) for _ in range(count)]


def _as_int(token: object, label_fr: str, label_en: str, text_ok: bool = True) -> int:
    """Token as an int (text must be a plain integer, bools are refused) or DiceInputError."""
    if isinstance(token, int) and not isinstance(token, bool):
        return token
    if text_ok and isinstance(token, str) and _INTEGER.fullmatch(token):
        return int(token)
    raise DiceInputError(
        f"{label_fr} « {token} » n’est pas un nombre entier",
        f"{label_en} '{token}' is not an integer",
    )


def _check_face(token: object, sides: int, text_ok: bool) -> int:
    """Convert one token (text token, or int from a sequence) to a face in 1..sides."""
    value = _as_int(token, "Face", "Face", text_ok)
    if not 1 <= value <= sides:
        raise DiceInputError(
            f"Face « {token} » hors de 1–{sides}", f"Face '{token}' outside 1–{sides}"
        )
    return value


def parse_faces(
    text: str | Sequence[int], sides: int, count: int | None = None, min_count: int = 0
) -> list[int]:
    """Parse typed faces ("3 5 6", "3,5,6", "3;5 6" or ints), checking range and count."""
    if sides < 2:
        raise ValueError(
            f"Un dé a au moins 2 faces : {sides} / A die has at least 2 sides: {sides}"
        )
    tokens: Sequence[object]
    if isinstance(text, str):
        tokens = [t for t in _TOKEN_SPLIT.split(text.strip()) if t]
    else:
        tokens = list(text)
    needed = count if count is not None else min_count
    if not tokens and needed > 0:
        raise DiceInputError(
            f"Aucune face saisie ({needed} {_fr_plural(needed, 'attendue')})",
            f"No faces entered ({needed} expected)",
        )
    faces = [_check_face(token, sides, isinstance(text, str)) for token in tokens]
    given = len(faces)
    if count is not None and given != count:
        raise DiceInputError(
            f"{count} {_fr_plural(count, 'face attendue')}, {given} {_fr_plural(given, 'saisie')}",
            f"Expected {count} {_en_plural(count, 'face')}, got {given}",
        )
    if count is None and given < min_count:
        raise DiceInputError(
            f"Au moins {min_count} {_fr_plural(min_count, 'face attendue')},"
            f" {given} {_fr_plural(given, 'saisie')}",
            f"Expected at least {min_count} {_en_plural(min_count, 'face')}, got {given}",
        )
    return faces


def parse_aggregate(text: str | int, minimum: int, maximum: int) -> int:
    """Parse a typed total or number of successes, checking it lies in minimum..maximum."""
    token = text.strip() if isinstance(text, str) else text
    if token == "":
        raise DiceInputError("Aucune valeur saisie", "No value entered")
    value = _as_int(token, "Valeur", "Value")
    if not minimum <= value <= maximum:
        raise DiceInputError(
            f"Valeur « {token} » hors de {minimum}–{maximum}",
            f"Value '{token}' outside {minimum}–{maximum}",
        )
    return value


class DiceExpr(Struct, frozen=True):
    """A dice expression such as 1d20+5, 4d6kh3, 2d20kl1 or 3d6! (explode on the max face).

    Explosion: a die showing its maximum face rolls one more die added to its own total, which
    may explode again.  In a faces list, each exploded face is immediately followed by its extra
    die.  Keep-highest/lowest selects among the base dice, each counted with its explosion
    chain (explode first, then keep on the per-die totals), as gui.engine.dice.odds.sum_dice does.
    """

    count: int
    sides: int
    modifier: int = 0
    keep_highest: int | None = None
    keep_lowest: int | None = None
    explode: bool = False

    def __post_init__(self) -> None:
        """Reject expressions that make no sense (bad sizes, double keep, keep > count)."""
        if not 1 <= self.count <= MAX_EXPR_COUNT:
            raise DiceInputError(
                f"Nombre de dés hors de 1–{MAX_EXPR_COUNT} : {self.count}",
                f"Dice count outside 1–{MAX_EXPR_COUNT}: {self.count}",
            )
        if not 2 <= self.sides <= MAX_EXPR_SIDES:
            raise DiceInputError(
                f"Nombre de faces hors de 2–{MAX_EXPR_SIDES} : {self.sides}",
                f"Number of sides outside 2–{MAX_EXPR_SIDES}: {self.sides}",
            )
        if not -MAX_EXPR_MODIFIER <= self.modifier <= MAX_EXPR_MODIFIER:
            raise DiceInputError(
                f"Modificateur hors de ±{MAX_EXPR_MODIFIER} : {self.modifier}",
                f"Modifier outside ±{MAX_EXPR_MODIFIER}: {self.modifier}",
            )
        if self.keep_highest is not None and self.keep_lowest is not None:
            raise DiceInputError(
                "Impossible de garder à la fois les plus hauts et les plus bas",
                "Cannot keep both highest and lowest",
            )
        keep = self.keep_highest if self.keep_highest is not None else self.keep_lowest
        if keep is not None and not 1 <= keep <= self.count:
            raise DiceInputError(
                f"Dés gardés hors de 1–{self.count} : {keep}",
                f"Kept dice outside 1–{self.count}: {keep}",
            )

    @classmethod
    def parse(cls, text: str) -> Self:
        """Parse forms like "d20", "1d20+5", "2d6-1", "4d6kh3", "2d20kl1", "3d6!" (any case)."""
        compact = re.sub(r"\s+", "", text).lower()
        match = _EXPR.fullmatch(compact)
        if match is None or (match.group(3) and match.group(6)):
            raise DiceInputError(
                f"Expression de dés invalide : « {text.strip()} » (ex. 1d20+5, 4d6kh3, 3d6!)",
                f"Invalid dice expression: '{text.strip()}' (e.g. 1d20+5, 4d6kh3, 3d6!)",
            )
        count_text, sides_text, bang1, keep_kind, keep_text, bang2, mod_text = match.groups()
        keep = int(keep_text) if keep_text else None
        return cls(
            count=int(count_text) if count_text else 1,
            sides=int(sides_text),
            modifier=int(mod_text) if mod_text else 0,
            keep_highest=keep if keep_kind == "h" else None,
            keep_lowest=keep if keep_kind == "l" else None,
            explode=bool(bang1 or bang2),
        )

    def __str__(self) -> str:
        """Canonical form, e.g. "4d6!kh3+2"; parse(str(e)) == e."""
        text = f"{self.count}d{self.sides}"
        if self.explode:
            text += "!"
        if self.keep_highest is not None:
            text += f"kh{self.keep_highest}"
        elif self.keep_lowest is not None:
            text += f"kl{self.keep_lowest}"
        if self.modifier:
            text += f"{self.modifier:+d}"
        return text

    @property
    def kept(self) -> int:
        """Number of dice that count towards the total."""
        keep = self.keep_highest if self.keep_highest is not None else self.keep_lowest
        return self.count if keep is None else keep

    @property
    def minimum(self) -> int:
        """Smallest possible total (a 1 never explodes since sides >= 2)."""
        return self.kept + self.modifier

    @property
    def maximum(self) -> int | None:
        """Largest possible total, or None when exploding dice make it unbounded."""
        return None if self.explode else self.kept * self.sides + self.modifier

    def die_totals(self, faces: str | Sequence[int]) -> list[int]:
        """Group faces into one total per base die (explosion chains summed), validating them."""
        values = parse_faces(faces, self.sides, None if self.explode else self.count)
        if not self.explode:
            return values
        totals: list[int] = []
        chaining = False
        for face in values:
            if chaining:
                totals[-1] += face
            else:
                totals.append(face)
            chaining = face == self.sides
        if len(totals) != self.count:
            raise DiceInputError(
                f"{self.count} dés attendus (plus leurs explosions), {len(totals)} saisis",
                f"Expected {self.count} dice (plus their explosions), got {len(totals)}",
            )
        return totals

    def total(self, faces: str | Sequence[int]) -> int:
        """Total of a roll: per-die totals, keep highest/lowest, then add the modifier."""
        totals = sorted(self.die_totals(faces))
        if self.keep_highest is not None:
            totals = totals[len(totals) - self.keep_highest :]
        elif self.keep_lowest is not None:
            totals = totals[: self.keep_lowest]
        return sum(totals) + self.modifier

    def roll(self, rng: random.Random) -> list[int]:
        """Roll the dice, appending each explosion die right after the face that exploded."""
        faces: list[int] = []
        for _ in range(self.count):
            face = rng.randint(1, self.sides)
            faces.append(face)
            # With sides >= 2 each explosion has probability <= 1/2, so this ends quickly.
            while self.explode and face == self.sides:
                face = rng.randint(1, self.sides)
                faces.append(face)
        return faces


def rng_state(rng: random.Random) -> list[int]:
    """JSON-friendly flat int list encoding rng.getstate() exactly (gauss_next included)."""
    version, internal, gauss_next = rng.getstate()
    if gauss_next is None:
        tail = [0, 0, 0]
    else:
        # The float's IEEE-754 bits as two 32-bit halves: exact and safe for any JSON reader.
        bits = struct.unpack(">Q", struct.pack(">d", gauss_next))[0]
        tail = [1, bits >> 32, bits & 0xFFFFFFFF]
    return [version, *internal, *tail]


def rng_from_state(seed: int, state: list[int] | None) -> random.Random:
    """A Random seeded with seed, or restored from a list made by rng_state()."""
    rng = random.Random(seed)
    if state is None:
        return rng
    if len(state) != _FLAT_STATE_LEN or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in state
    ):
        raise ValueError(
            f"état du générateur de dés invalide ({len(state)} entiers, {_FLAT_STATE_LEN} "
            f"attendus) / invalid dice generator state ({len(state)} integers, "
            f"{_FLAT_STATE_LEN} expected)"
        )
    version = state[0]
    internal = tuple(state[1 : 1 + _MT_STATE_LEN])
    flag, high, low = state[1 + _MT_STATE_LEN :]
    try:
        if flag not in (0, 1) or not 0 <= low <= 0xFFFFFFFF:
            raise ValueError(f"gauss_next {flag, high, low}")
        gauss_next: float | None = None
        if flag:
            gauss_next = struct.unpack(">d", struct.pack(">Q", (high << 32) | low))[0]
        rng.setstate((version, internal, gauss_next))
    except (ValueError, TypeError, OverflowError, struct.error) as exc:
        # A hand-edited or corrupted save must not surface as an obscure low-level error.
        raise ValueError(
            f"état du générateur de dés invalide ({exc}) / invalid dice generator state ({exc})"
        ) from exc
    return rng
