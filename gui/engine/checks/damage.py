"""Exploding damage taken and the critical by threshold (DOU-58, DOU-60, DOU-61, A-DOU-9)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .check import CheckOdds
from .explode import Bounded, exploding_at_least, exploding_upto


def damage_taken(raw: int, resistant: bool = False, vulnerable: bool = False) -> int:
    """Damage taken from a raw total (dice + every modifier): never negative (DOU-58), then
    halved by resistance rounding down (DOU-61, A-DOU-32), then doubled by vulnerability."""
    taken = max(raw, 0)
    if resistant:
        taken //= 2
    return taken * 2 if vulnerable else taken


def threshold_critical(taken: int, threshold: int, out_of_points: bool = False) -> bool:
    """DOU-60 (a): the damage taken from one blow is strictly above the critical threshold
    (the Con score, A-DOU-9); (b): any damage taken with no action points left (0 PA).
    (c), three 6s on the attack roll, is CheckOutcome.critical (DOU-36)."""
    return taken > threshold or (out_of_points and taken > 0)


@dataclass(frozen=True)
class DamageRoll:
    """`dice` d`sides` exploding from `explode_on` (None: they do not explode) + modifier,
    at most `cap` explosions per die (CFG-DOU-2; None: no cap, A-DOU-2), then taken with
    resistance and vulnerability (DOU-61)."""

    dice: int
    modifier: int = 0
    sides: int = 6
    explode_on: int | None = 6
    cap: int | None = None
    resistant: bool = False
    vulnerable: bool = False

    def _raw_needed(self, taken: int) -> int | None:
        """The least raw total whose damage taken is >= taken (None: any total is)."""
        if taken <= 0:
            return None
        raw = 1
        while damage_taken(raw, self.resistant, self.vulnerable) < taken:
            raw += 1
        return raw

    def _cap(self) -> int | None:
        """The explosion cap passed to the dice (0 when the dice do not explode)."""
        return 0 if self.explode_on is None else self.cap

    def at_least(self, taken: int, bonus: int = 0) -> Fraction:
        """Exact P(damage taken >= taken), `bonus` added to the raw total (DOU-35: +1 per 6
        kept on the attack roll)."""
        raw = self._raw_needed(taken)
        if raw is None:
            return Fraction(1)
        face = self.sides if self.explode_on is None else self.explode_on
        return exploding_at_least(
            raw, self.dice, self.sides, self.modifier + bonus, face, self._cap()
        )

    def upto(self, bound: int, bonus: int = 0) -> Bounded:
        """Every damage taken <= bound exactly, and P(damage taken > bound)."""
        raw = self._raw_needed(bound + 1)
        raw_bound = -1 if raw is None else raw - 1
        face = self.sides if self.explode_on is None else self.explode_on
        dist = exploding_upto(
            raw_bound, self.dice, self.sides, self.modifier + bonus, face, self._cap(), floor=0
        )
        return dist.map(lambda n: damage_taken(n, self.resistant, self.vulnerable), bound)


def critical_odds(
    attack: CheckOdds, damage: DamageRoll, threshold: int, out_of_points: bool = False
) -> Fraction:
    """Exact P(the attack hits and is a critical hit), DOU-60: a critical roll (c), or damage
    taken above the threshold (a), or any damage at 0 PA (b), each kept 6 adding +1 damage
    (DOU-35).  A blow stopped by an active defence deals no damage (A-DOU-9): not modelled
    here, the defence is its own roll."""
    needed = min(threshold + 1, 1) if out_of_points else threshold + 1
    chance = Fraction(0)
    for outcome, weight in attack.outcomes.weights.items():
        if not outcome.success:
            continue
        p = Fraction(weight, attack.outcomes.total)
        chance += p if outcome.critical else p * damage.at_least(needed, outcome.tops)
    return chance
