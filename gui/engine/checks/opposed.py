"""Opposed checks: exact win, tie and loss odds of two rolls with modifiers, per a tie rule."""

from __future__ import annotations

import bisect
import itertools
from fractions import Fraction
from typing import Literal

from msgspec import Struct

from gui.engine.dice.odds import Distribution

# What a tie that the modifiers do not settle gives: a side wins, both roll again until one
# wins, or the tie is reported as it is (the GM rules).
TieEnd = Literal["attacker", "defender", "reroll", "tie"]
Winner = Literal["attacker", "defender", "reroll", "tie"]


class TieRule(Struct, frozen=True):
    """How a tie on the totals ends: the higher modifier first (if `higher_modifier`), then
    `then` when the modifiers are equal too."""

    higher_modifier: bool = True
    then: TieEnd = "reroll"


# CFG-D35-13 default (D35-80, A-D35-13): the higher modifier wins, equal modifiers reroll.
D35_TIES = TieRule(True, "reroll")
# CFG-D35-13 alternative "defender wins"; also A-DOU-7 (a tie changes nothing: the one who
# tries fails and an existing grapple holds).
DEFENDER_TIES = TieRule(False, "defender")


def opposed_outcome(
    attacker_total: int,
    defender_total: int,
    attacker_mod: int = 0,
    defender_mod: int = 0,
    ties: TieRule = D35_TIES,
) -> Winner:
    """Who wins two rolled totals (modifiers included): "reroll" asks for both to roll again."""
    if attacker_total != defender_total:
        return "attacker" if attacker_total > defender_total else "defender"
    if ties.higher_modifier and attacker_mod != defender_mod:
        return "attacker" if attacker_mod > defender_mod else "defender"
    return ties.then


class OpposedOdds(Struct, frozen=True):
    """Exact odds: `greater`, `equal`, `less` for one pair of rolls (attacker's total vs the
    defender's); `attacker`, `defender`, `tie` once the tie rule has settled ties (rerolls
    are followed to the end: `tie` is 0 unless the rule leaves ties to the GM)."""

    greater: Fraction
    equal: Fraction
    less: Fraction
    attacker: Fraction
    defender: Fraction
    tie: Fraction


def _compare(att: Distribution, dfd: Distribution, shift: int) -> tuple[int, int, int, int]:
    """Weights of att + shift >, =, < dfd, and the common denominator."""
    outcomes = list(dfd.weights)
    below = list(itertools.accumulate((dfd.weights[o] for o in outcomes), initial=0))
    index = {o: i for i, o in enumerate(outcomes)}
    greater = equal = 0
    for a, wa in att.weights.items():
        value = a + shift
        # Weight of the defender outcomes strictly below value (outcomes are sorted).
        greater += wa * below[bisect.bisect_left(outcomes, value)]
        if value in index:
            equal += wa * dfd.weights[value]
    total = att.total * dfd.total
    return greater, equal, total - greater - equal, total


def opposed_odds(
    attacker: Distribution,
    defender: Distribution,
    attacker_mod: int = 0,
    defender_mod: int = 0,
    ties: TieRule = D35_TIES,
) -> OpposedOdds:
    """Exact odds of attacker's roll + attacker_mod against defender's roll + defender_mod.

    The distributions are the natural rolls (e.g. odds.sum_dice(1, 20), EdgeRoll.totals()):
    the modifiers are given apart because a tie rule may compare them.
    """
    g, e, lo, total = _compare(attacker, defender, attacker_mod - defender_mod)
    greater, equal, less = Fraction(g, total), Fraction(e, total), Fraction(lo, total)
    end: Winner = ties.then
    if ties.higher_modifier and attacker_mod != defender_mod:
        end = "attacker" if attacker_mod > defender_mod else "defender"
    if end == "attacker":
        return OpposedOdds(greater, equal, less, greater + equal, less, Fraction(0))
    if end == "defender":
        return OpposedOdds(greater, equal, less, greater, less + equal, Fraction(0))
    if end == "tie" or not g + lo:
        return OpposedOdds(greater, equal, less, greater, less, equal)
    # Rerolls until someone wins: a geometric series, P(win) = P(>) / (P(>) + P(<)).
    return OpposedOdds(greater, equal, less, Fraction(g, g + lo), Fraction(lo, g + lo), Fraction(0))
