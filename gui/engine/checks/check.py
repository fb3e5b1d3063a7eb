"""A check against a target number with natural-face rules, and chains of checks: exact odds."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Literal

from msgspec import Struct

from gui.engine.checks.edges import DISADVANTAGE, Edge, EdgeRoll
from gui.engine.checks.kept import Joint, KeptFaces
from gui.engine.checks.typed import TypedRoll, read_typed
from gui.engine.dice.odds import Distribution
from gui.engine.dice.rolling import DiceInputError

Kind = Literal["critical", "success", "failure", "fumble"]


class Naturals(Struct, frozen=True):
    """Rules read on the natural faces, whatever the modifiers and the target.

    `tops_succeed`: this many top faces (20 on a d20, 6s on d6) succeed automatically, a
    critical too if `tops_critical`; `ones_fail`: this many 1s fail automatically, a fumble
    too if `ones_fumble`.  `fictitious_ones` are 1s counted as already rolled (DOU-37 under
    disadvantage).  `count_all` counts faces on every die rolled, not only the kept ones
    (CFG-DOU-1b); the damage 6s (DOU-35) are always the kept ones (A-DOU-1, A-DOU-28).
    """

    tops_succeed: int | None = None
    tops_critical: bool = False
    ones_fail: int | None = None
    ones_fumble: bool = False
    fictitious_ones: int = 0
    count_all: bool = False


NO_NATURALS = Naturals()
# D35-80 (CFG-D35-1): a natural 20 always hits, a natural 1 always misses (no critical rule
# in the excerpt, A-D35-1: critical hits are left to the GM).
D20_NATURALS = Naturals(tops_succeed=1, ones_fail=1)


def triples(edge: Edge, count_all: bool = False) -> Naturals:
    """Three 6s hit and are a critical (DOU-36), three 1s miss and are a fumble (DOU-37),
    with one fictitious 1 under disadvantage only (DOU-37, A-DOU-1); count_all: CFG-DOU-1b."""
    fictitious = 1 if edge == DISADVANTAGE else 0
    return Naturals(3, True, 3, True, fictitious, count_all)


class Check(Struct, frozen=True):
    """Dice + modifier against a target: success on total >= target (D35-80, DOU-31), or on
    total > target when `strict` (CFG-D35-14's alternative)."""

    modifier: int = 0
    target: int = 0
    strict: bool = False
    naturals: Naturals = NO_NATURALS


class CheckOutcome(Struct, frozen=True, order=True):
    """One outcome: the total, whether it succeeded, critical, fumble, decided by the natural
    faces (`automatic`), and the top faces on the kept dice (DOU-35: +1 damage each)."""

    total: int
    success: bool
    critical: bool = False
    fumble: bool = False
    automatic: bool = False
    tops: int = 0

    @property
    def kind(self) -> Kind:
        """critical, success, failure or fumble."""
        if self.success:
            return "critical" if self.critical else "success"
        return "fumble" if self.fumble else "failure"


def judge(kept: KeptFaces, check: Check) -> CheckOutcome:
    """The outcome of one read roll.

    Reading (no rule covers it): when the top faces and the 1s both reach their count
    (only possible with CFG-DOU-1b "all" on six dice, or with fictitious 1s), they cancel
    and the total decides, with neither critical nor fumble.
    """
    n = check.naturals
    tops = kept.all_tops if n.count_all else kept.tops
    ones = (kept.all_ones if n.count_all else kept.ones) + n.fictitious_ones
    auto_hit = n.tops_succeed is not None and tops >= n.tops_succeed
    auto_miss = n.ones_fail is not None and ones >= n.ones_fail
    if auto_hit and auto_miss:
        auto_hit = auto_miss = False
    total = kept.total + check.modifier
    reached = total > check.target if check.strict else total >= check.target
    success = auto_hit or (reached and not auto_miss)
    return CheckOutcome(
        total=total,
        success=success,
        critical=auto_hit and n.tops_critical,
        fumble=auto_miss and n.ones_fumble,
        automatic=auto_hit or auto_miss,
        tops=kept.tops,
    )


class CheckOdds(Struct, frozen=True):
    """Exact odds of a check before the dice: the joint of its outcomes and summaries."""

    outcomes: Joint[CheckOutcome]

    @property
    def success(self) -> Fraction:
        """P(success), critical successes included."""
        return self.outcomes.chance(lambda o: o.success)

    @property
    def critical(self) -> Fraction:
        """P(critical)."""
        return self.outcomes.chance(lambda o: o.critical)

    @property
    def fumble(self) -> Fraction:
        """P(fumble)."""
        return self.outcomes.chance(lambda o: o.fumble)

    def kinds(self) -> dict[Kind, Fraction]:
        """P(critical), P(plain success), P(plain failure), P(fumble): they sum to 1."""
        kinds: tuple[Kind, ...] = ("critical", "success", "failure", "fumble")
        return {k: self.outcomes.chance(lambda o, k=k: o.kind == k) for k in kinds}

    def totals(self) -> Distribution:
        """Distribution of dice + modifier."""
        return self.outcomes.marginal(lambda o: o.total)

    def tops_given_success(self) -> Distribution | None:
        """Top faces on the kept dice given a success (DOU-35: each 6 adds +1 damage), None
        when the check cannot succeed."""
        if not self.success:
            return None
        return self.outcomes.given(lambda o: o.success).marginal(lambda o: o.tops)


@functools.lru_cache(maxsize=256)
def check_odds(roll: EdgeRoll, check: Check) -> CheckOdds:
    """Exact odds of `check` rolled with `roll` (integer weights, never sampled)."""
    return CheckOdds(roll.joint().map(lambda kept: judge(kept, check)))


def check_faces(roll: EdgeRoll, faces: str | Sequence[int], check: Check) -> CheckOutcome:
    """The outcome of faces rolled by the app or typed by the GM (G-1 a, b)."""
    return judge(roll.read_faces(faces), check)


def check_typed(
    roll: EdgeRoll, typed: TypedRoll | str | int, check: Check
) -> tuple[CheckOutcome, bool]:
    """The outcome of a typed aggregate (G-1 c) and whether an untyped count was assumed."""
    reading = read_typed(roll, typed)
    return judge(reading.kept, check), reading.assumed


class ChainStep(Struct, frozen=True):
    """One roll of the chain, made only if every earlier one succeeded (pure data)."""

    label: str
    rule: str
    roll: EdgeRoll
    check: Check

    def chance(self) -> Fraction:
        """P(this step succeeds), once it is rolled."""
        return check_odds(self.roll, self.check).success


def concealment(percents: Iterable[int]) -> int:
    """The miss chance of several concealments: they do not add up, the highest applies
    (D35-16); 0 when there is none."""
    return max(percents, default=0)


def miss_chance_step(percent: int, label: str, rule: str) -> ChainStep:
    """A d% miss chance after a hit, named `label` by the ruleset's `rule`: 01–percent misses,
    so the blow lands on d100 > percent (D35-16 20%, D35-17 50%, D35-19 any percentage)."""
    if not 0 <= percent <= 100:
        raise DiceInputError(
            f"Pourcentage hors de 0–100 : {percent}", f"Percentage outside 0–100: {percent}"
        )
    return ChainStep(label, rule, EdgeRoll(1, 100), Check(0, percent, strict=True))


class ChainOdds(Struct, frozen=True):
    """Exact odds of a chain: each step alone, the chance each step is rolled at all, and
    the chance the whole chain succeeds (every step does)."""

    steps: tuple[Fraction, ...]
    reached: tuple[Fraction, ...]
    success: Fraction


def chain_odds(steps: Sequence[ChainStep]) -> ChainOdds:
    """The chain's odds before any roll: the rolls are independent, so a product."""
    chances = tuple(step.chance() for step in steps)
    reached: list[Fraction] = []
    so_far = Fraction(1)
    for chance in chances:
        reached.append(so_far)
        so_far *= chance
    return ChainOdds(chances, tuple(reached), so_far)


def next_step(steps: Sequence[ChainStep], successes: Sequence[bool]) -> int | None:
    """Index of the roll still to make given the results so far, None once the chain ends
    (a step failed or every step is rolled)."""
    if len(successes) > len(steps) or not all(successes[:-1]):
        raise ValueError("Résultats en trop / Too many results for the chain")
    if successes and not successes[-1]:
        return None
    return len(successes) if len(successes) < len(steps) else None


def remaining_odds(steps: Sequence[ChainStep], successes: Sequence[bool]) -> Fraction:
    """P(the chain succeeds) given the results so far (0 after a failure)."""
    if next_step(steps, successes) is None:
        return Fraction(int(len(successes) == len(steps) and all(successes)))
    return chain_odds(steps[len(successes) :]).success
