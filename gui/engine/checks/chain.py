"""A chain of rolls for one action (an attack, then a miss chance if it hit): its exact odds."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..dice import DiceInputError
from .check import Check, check_odds
from .rolls import EdgeRoll


@dataclass(frozen=True)
class ChainStep:
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


def miss_chance_step(percent: int, label: str = "Camouflage", rule: str = "D35-16") -> ChainStep:
    """A d% miss chance after a hit: 01–percent misses, so the blow lands on d100 > percent
    (D35-16 20%, D35-17 50%, D35-19 any percentage the DM sets)."""
    if not 0 <= percent <= 100:
        raise DiceInputError(
            f"Pourcentage hors de 0–100 : {percent}", f"Percentage outside 0–100: {percent}"
        )
    return ChainStep(label, rule, EdgeRoll(1, 100), Check(0, percent, strict=True))


@dataclass(frozen=True)
class ChainOdds:
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
