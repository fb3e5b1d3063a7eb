"""The dice of a check with an edge (each CFG-DOU-1 method), and the sources netted into it."""

from __future__ import annotations

import functools
import random
from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Literal, get_args

from msgspec import Struct
from msgspec.structs import astuple, replace

from gui.engine.checks.kept import Joint, KeptFaces, check_dice, kept_dice, kept_of, read_kept
from gui.engine.core.words import Term
from gui.engine.dice.odds import Distribution
from gui.engine.dice.rolling import DiceExpr, parse_faces, roll

Edge = Literal["normal", "advantage", "disadvantage"]
NORMAL: Edge = "normal"
ADVANTAGE: Edge = "advantage"
DISADVANTAGE: Edge = "disadvantage"

# CFG-DOU-1: "keep" = one extra die, keep the best/worst `count` (default, A-DOU-1: 4d6kh3 /
# 4d6kl3; 2d20kh1 / 2d20kl1 for one d20); "two_rolls" = roll the dice twice and keep the
# better/worse total (the literal 5e transposition); "extra_die" = ±1 die added to the total.
EdgeMethod = Literal["keep", "two_rolls", "extra_die"]


def _rank(k: KeptFaces) -> tuple[int, int, int]:
    """How good a roll is for the roller: total, then more top faces, then fewer 1s."""
    return (k.total, k.tops, -k.ones)


def first_kept(a: KeptFaces, b: KeptFaces, better: bool) -> bool:
    """True when "two_rolls" keeps the first roll (on a full tie, the first)."""
    return _rank(a) >= _rank(b) if better else _rank(a) <= _rank(b)


def pick_roll(a: KeptFaces, b: KeptFaces, better: bool) -> KeptFaces:
    """The roll kept by "two_rolls" (CFG-DOU-1): the better (advantage) or worse total.

    Equal totals (reading, A-DOU-1 silent): advantage keeps the roll better for the roller
    (more 6s, then fewer 1s), disadvantage the worse one (fewer 6s, then more 1s).  The
    rolled counts (CFG-DOU-1b "all") cover both rolls.
    """
    chosen = a if first_kept(a, b, better) else b
    return replace(chosen, all_tops=a.all_tops + b.all_tops, all_ones=a.all_ones + b.all_ones)


@functools.lru_cache(maxsize=64)
def _joint(count: int, sides: int, edge: Edge, method: EdgeMethod) -> Joint[KeptFaces]:
    """Exact joint of an EdgeRoll (cached: every piece is immutable)."""
    if edge == NORMAL:
        return kept_dice(count, sides)
    better = edge == ADVANTAGE
    if method == "keep":
        return kept_dice(count + 1, sides, count, highest=better)
    base = [(_rank(k), astuple(k), w) for k, w in kept_dice(count, sides).weights.items()]
    # Plain tuples (total, tops, ones, all_tops, all_ones): about ten times faster here.
    weights: dict[tuple[int, ...], int] = defaultdict(int)
    if method == "two_rolls":
        for rank_a, a, wa in base:
            for rank_b, b, wb in base:
                keep_a = rank_a >= rank_b if better else rank_a <= rank_b  # as first_kept
                chosen = a if keep_a else b
                weights[(*chosen[:3], a[3] + b[3], a[4] + b[4])] += wa * wb
    else:
        sign = 1 if better else -1
        for _, a, wa in base:
            for face in range(1, sides + 1):
                extra = (a[0] + sign * face, a[1], a[2], a[3] + (face == sides), a[4] + (face == 1))
                weights[extra] += wa
    return Joint({KeptFaces(*k): w for k, w in weights.items()})


class EdgeRoll(Struct, frozen=True):
    """`count` d`sides` read as a check roll, with an edge rolled by a CFG-DOU-1 method.

    Faces are typed in the order rolled: "keep" takes count + 1 dice; "two_rolls" the first
    roll's `count` dice then the second's; "extra_die" the `count` dice then the extra die.
    """

    count: int = 3
    sides: int = 6
    edge: Edge = NORMAL
    method: EdgeMethod = "keep"

    def __post_init__(self) -> None:
        """Refuse unknown edges or methods and impossible dice."""
        if self.edge not in get_args(Edge) or self.method not in get_args(EdgeMethod):
            raise ValueError(
                f"Avantage ou méthode inconnus : {self.edge}, {self.method}"
                f" / Unknown edge or method: {self.edge}, {self.method}"
            )
        check_dice(self.count, self.sides, self.count)

    @property
    def dice(self) -> int:
        """How many dice are rolled (and typed, G-1 b)."""
        if self.edge == NORMAL:
            return self.count
        return 2 * self.count if self.method == "two_rolls" else self.count + 1

    @property
    def expr(self) -> DiceExpr | None:
        """The roll as a DiceExpr (3d6, 4d6kh3, 2d20kl1…), None when DiceExpr cannot say it."""
        if self.edge == NORMAL:
            return DiceExpr(self.count, self.sides)
        if self.method != "keep":
            return None
        keep = {"keep_highest" if self.edge == ADVANTAGE else "keep_lowest": self.count}
        return DiceExpr(self.count + 1, self.sides, **keep)

    def __str__(self) -> str:
        """Short notation: 3d6, 4d6kh3, 3d6×2 max, 3d6+1d6…"""
        if (expr := self.expr) is not None:
            return str(expr)
        base = f"{self.count}d{self.sides}"
        if self.method == "two_rolls":
            return f"{base}×2 {'max' if self.edge == ADVANTAGE else 'min'}"
        return f"{base}{'+' if self.edge == ADVANTAGE else '-'}1d{self.sides}"

    def joint(self) -> Joint[KeptFaces]:
        """Exact joint of (kept total, kept tops and 1s, rolled tops and 1s)."""
        return _joint(self.count, self.sides, self.edge, self.method)

    def totals(self) -> Distribution:
        """Distribution of the roll's total (the kept dice, before modifiers)."""
        return self.joint().marginal(lambda kept: kept.total)

    def parse(self, faces: str | Sequence[int]) -> list[int]:
        """Typed faces checked for range and count (bilingual DiceInputError)."""
        return parse_faces(faces, self.sides, count=self.dice)

    def kept(self, faces: str | Sequence[int]) -> list[int]:
        """The faces whose sum is the roll, for the breakdown ("extra_die": the base dice)."""
        values = self.parse(faces)
        if self.edge == NORMAL or self.method == "extra_die":
            return values[: self.count]
        if self.method == "keep":
            return kept_of(values, self.count, highest=self.edge == ADVANTAGE)
        first, second = values[: self.count], values[self.count :]
        a, b = read_kept(first, self.sides), read_kept(second, self.sides)
        return first if first_kept(a, b, self.edge == ADVANTAGE) else second

    def read_faces(self, faces: str | Sequence[int]) -> KeptFaces:
        """What the rules read on typed or rolled faces (G-1 b)."""
        values = self.parse(faces)
        better = self.edge == ADVANTAGE
        if self.edge == NORMAL:
            return read_kept(values, self.sides)
        if self.method == "keep":
            return read_kept(values, self.sides, self.count, highest=better)
        base = read_kept(values[: self.count], self.sides)
        if self.method == "two_rolls":
            return pick_roll(base, read_kept(values[self.count :], self.sides), better)
        face = values[-1]
        return replace(
            base,
            total=base.total + (face if better else -face),
            all_tops=base.all_tops + (face == self.sides),
            all_ones=base.all_ones + (face == 1),
        )

    def roll(self, rng: random.Random) -> list[int]:
        """Roll the dice with rng (G-1 a), in the order read_faces expects."""
        return roll(rng, self.dice, self.sides)


# "cancel": any advantage and any disadvantage cancel to a normal roll, and several of one
# kind count once (DOU-73, A-DOU-1, as in 5e).  "count": they count against each other, the
# majority gives one edge (a house rule; still no stacking).
Netting = Literal["cancel", "count"]

_WORDS = {
    ADVANTAGE: ("avantage", "advantage"),
    DISADVANTAGE: ("désavantage", "disadvantage"),
    NORMAL: ("jet normal", "normal roll"),
}


class EdgeSource(Struct, frozen=True):
    """One reason for advantage or disadvantage, e.g. ("Cible invisible", "DOU-39", True,
    "Invisible target")."""

    label: str
    rule: str
    advantage: bool = True
    label_en: str = ""


class NetEdge(Struct, frozen=True):
    """The netted edge: the dice to roll and the terms of the breakdown (G-2)."""

    roll: EdgeRoll
    sources: tuple[EdgeSource, ...]
    netting: Netting
    rule: str

    @property
    def edge(self) -> Edge:
        """normal, advantage or disadvantage."""
        return self.roll.edge

    @property
    def advantages(self) -> int:
        """How many sources give advantage."""
        return sum(s.advantage for s in self.sources)

    @property
    def disadvantages(self) -> int:
        """How many sources give disadvantage."""
        return len(self.sources) - self.advantages

    def terms(self) -> tuple[Term, ...]:
        """One term per source with its rule, then the netted edge with the dice and rule."""
        # Imported here: the ruleset contract may import this package (no import cycle).

        if not self.sources:
            return ()
        terms = []
        for s in self.sources:
            fr, en = _WORDS[ADVANTAGE if s.advantage else DISADVANTAGE]
            terms.append(Term(s.label, fr, s.rule, s.label_en, en))
        if self.advantages and self.disadvantages and self.edge == NORMAL:
            label = ("Avantage et désavantage s’annulent", "Advantage and disadvantage cancel out")
        elif self.advantages and self.disadvantages:
            label = (
                "Avantages et désavantages comptés les uns contre les autres",
                "Advantages and disadvantages counted against each other",
            )
        else:
            label = ("Résultat", "Result")
        fr, en = _WORDS[self.edge]
        value = f"{fr} ({self.roll})", f"{en} ({self.roll})"
        return (*terms, Term(label[0], value[0], self.rule, label[1], value[1]))


def net_edge(
    sources: Iterable[EdgeSource],
    netting: Netting = "cancel",
    method: EdgeMethod = "keep",
    count: int = 3,
    sides: int = 6,
    *,
    rule: str,
) -> NetEdge:
    """Net the sources of a roll of count d`sides` into one edge rolled by `method`, the
    ruleset's `rule` naming the result.

    3d6 gives 3d6, 4d6kh3 or 4d6kl3 (DOU-73, CFG-DOU-1 "keep"); count=1, sides=20 gives
    1d20, 2d20kh1 or 2d20kl1.
    """
    if netting not in ("cancel", "count"):
        raise ValueError(f"Règle inconnue : {netting} / Unknown netting: {netting}")
    kept = tuple(sources)
    up = sum(s.advantage for s in kept)
    down = len(kept) - up
    # cancel: the presence of each kind counts; count: the majority.
    score = (up > 0) - (down > 0) if netting == "cancel" else (up > down) - (up < down)
    edge = ADVANTAGE if score > 0 else DISADVANTAGE if score < 0 else NORMAL
    return NetEdge(EdgeRoll(count, sides, edge, method), kept, netting, rule)
