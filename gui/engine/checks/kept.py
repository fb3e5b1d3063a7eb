"""Kept dice with counted faces: the exact joint of (kept total, top faces, 1s) as a Joint."""

from __future__ import annotations

import functools
import math
from collections import defaultdict
from collections.abc import Sequence

from msgspec import Struct

from gui.engine.dice.odds import Joint
from gui.engine.dice.rolling import MAX_EXPR_COUNT, MAX_EXPR_SIDES, DiceInputError


class KeptFaces(Struct, frozen=True, order=True):
    """What the rules read on one roll of kept dice.

    `tops` and `ones` count the kept dice on the highest face (the 6 of a d6, the 20 of a
    d20) and on 1: the natural faces of D35-80, the 6s of DOU-35/DOU-36 and the 1s of
    DOU-37 (A-DOU-1). `all_tops` and `all_ones` count them on every die rolled, kept or
    not, for CFG-DOU-1b.
    """

    total: int
    tops: int = 0
    ones: int = 0
    all_tops: int = 0
    all_ones: int = 0


def check_dice(count: int, sides: int, keep: int) -> None:
    """Refuse dice the tables cannot hold (bilingual DiceInputError)."""
    if not 1 <= count <= MAX_EXPR_COUNT or not 2 <= sides <= MAX_EXPR_SIDES:
        raise DiceInputError(f"Dés invalides : {count}d{sides}", f"Invalid dice: {count}d{sides}")
    if not 1 <= keep <= count:
        raise DiceInputError(
            f"Dés gardés hors de 1–{count} : {keep}", f"Kept dice outside 1–{count}: {keep}"
        )


@functools.lru_cache(maxsize=128)
def kept_dice(
    count: int, sides: int, keep: int | None = None, highest: bool = True
) -> Joint[KeptFaces]:
    """Exact joint of count d`sides` keeping the `keep` highest (or lowest) dice.

    A DP over the faces from the best one down (highest: S, S-1…; lowest: 1, 2…): a state
    is (dice placed, kept total, kept tops, kept 1s, rolled tops, rolled 1s), and placing m
    of the free dice on a face has comb(free, m) orders.  Weights are over sides**count.
    """
    keep = count if keep is None else keep
    check_dice(count, sides, keep)
    order = list(range(sides, 0, -1) if highest else range(1, sides + 1))
    states: dict[tuple[int, int, int, int, int, int], int] = {(0, 0, 0, 0, 0, 0): 1}
    for i, face in enumerate(order):
        last = i == len(order) - 1
        is_top, is_one = int(face == sides), int(face == 1)
        nxt: dict[tuple[int, int, int, int, int, int], int] = defaultdict(int)
        for (placed, total, tops, ones, all_tops, all_ones), weight in states.items():
            free = count - placed
            room = max(0, keep - placed)
            # The last face takes every die still free: each state ends with count placed.
            for m in [free] if last else range(free + 1):
                k = min(m, room)
                key = (
                    placed + m,
                    total + k * face,
                    tops + k * is_top,
                    ones + k * is_one,
                    all_tops + m * is_top,
                    all_ones + m * is_one,
                )
                nxt[key] += weight * math.comb(free, m)
        states = nxt
    return Joint({KeptFaces(*key[1:]): w for key, w in states.items()})


def kept_indexes(faces: Sequence[int], keep: int, highest: bool = True) -> set[int]:
    """Which of the faces are kept (by place): the dropped ones are the last-rolled among
    equals."""
    ranked = sorted(range(len(faces)), key=lambda i: (-faces[i] if highest else faces[i], i))
    return set(ranked[:keep])


def kept_of(faces: Sequence[int], keep: int, highest: bool = True) -> list[int]:
    """The kept faces in the order rolled."""
    chosen = kept_indexes(faces, keep, highest)
    return [f for i, f in enumerate(faces) if i in chosen]


def read_kept(
    faces: Sequence[int], sides: int, keep: int | None = None, highest: bool = True
) -> KeptFaces:
    """KeptFaces of faces already checked to lie in 1..sides (G-1 b)."""
    kept = kept_of(faces, len(faces) if keep is None else keep, highest)
    return KeptFaces(
        total=sum(kept),
        tops=kept.count(sides),
        ones=kept.count(1),
        all_tops=list(faces).count(sides),
        all_ones=list(faces).count(1),
    )
