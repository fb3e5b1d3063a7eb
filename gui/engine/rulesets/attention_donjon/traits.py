"""The Jet de Trait (AD-25 to AD-29): d6 counted as successes, the Coup de Poker, blessed and
cursed rolls, and exact odds."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from msgspec import Struct

from gui.engine.checks.request import DiceRequest, DiceResult, FaceTrade
from gui.engine.contract.base import Words
from gui.engine.core.words import Label, Term
from gui.engine.dice.odds import Distribution, success_pool
from gui.engine.dice.rolling import DiceExpr
from gui.engine.rulesets.attention_donjon.words import successes_en

SIDES = 6
POKER = FaceTrade(6, 1, Label(fr="Coup de Poker", en="Coup de Poker"), "AD-26")
CURSED_SIX_FLAG = "CFG-AD-9"
_SUCCESSES = Label(fr="Succès", en="Successes")
_EXTRA_BOUND = 20  # a typed count may include the successes of Coup de Poker dice


class Faces(Struct, frozen=True):
    """How a roll counts its dice: the lowest face worth one success, whether a 6 is worth
    two (and may be a Coup de Poker), and the rule that says so."""

    single_from: int
    six_doubles: bool
    rule: str
    label: str
    label_en: str

    @property
    def values(self) -> tuple[int, ...]:
        """AD-25: 1 → −1, faces from `single_from` → 1, 6 → 2 (when it doubles)."""
        return tuple(
            -1
            if f == 1
            else 2
            if f == 6 and self.six_doubles
            else 1
            if f >= self.single_from
            else 0
            for f in range(1, SIDES + 1)
        )


NORMAL = Faces(4, True, "AD-25", "4 ou 5 = 1 succès, 6 = 2", "4 or 5 = 1 success, 6 = 2")


def faces(blessed: bool, cursed: bool, cursed_six: str = "deux") -> Faces:
    """AD-25, AD-27: normal 4–5; blessed 3–5; cursed only 5. A-AD-16 (CFG-AD-9): both change
    only the single-success faces and cancel each other; with « un », a cursed 6 is one
    success (and no Coup de Poker)."""
    if blessed and not cursed:
        return Faces(
            3,
            True,
            "AD-27",
            "jet béni : 3, 4 et 5 = 1 succès",
            "blessed roll: 3, 4 and 5 = 1 success",
        )
    if cursed and not blessed:
        if cursed_six == "un":
            return Faces(
                5,
                False,
                "CFG-AD-9",
                "jet maudit : seul 5 ou 6 = 1 succès",
                "cursed roll: only 5 or 6 = 1 success",
            )
        return Faces(
            5, True, "AD-27", "jet maudit : seul 5 = 1 succès", "cursed roll: only 5 = 1 success"
        )
    if blessed:
        return Faces(
            4, True, "A-AD-16", "béni et maudit : jet normal", "blessed and cursed: normal roll"
        )
    return NORMAL


def request(dice: int, how: Faces) -> DiceRequest | None:
    """The dice of a Trait roll of `dice` d6 (None for 0 or fewer: no die, 0 successes)."""
    if dice <= 0:
        return None
    return DiceRequest(
        DiceExpr(dice, SIDES),
        _SUCCESSES,
        0,
        2 * dice + _EXTRA_BOUND,
        how.values,
        floor=0,  # AD-25: a negative total counts as 0
        trade=POKER if how.six_doubles else None,
    )


def successes(dice: DiceResult, req: DiceRequest | None) -> int:
    """The roll's successes: 0 without dice, the typed count, or what the faces count."""
    if req is None:
        return 0
    return max(0, dice.total(req))


def count_term(dice: DiceResult, req: DiceRequest | None) -> Term:
    """How the faces were counted: « 4 5 6 1 → 1 + 1 + 2 − 1 = 3 » (AD-25, AD-26)."""
    if req is None:
        return Term("aucun dé : 0 succès", "", "AD-25", "no dice: 0 successes")
    total = successes(dice, req)
    if dice.aggregate is not None:
        return Term("succès saisis par le MJ", str(total), "G-1", "successes entered by the GM")
    traded = set(dice.trades)
    worths = [
        POKER.worth if i in traded else req.face_values[f - 1] for i, f in enumerate(dice.faces)
    ]
    shown = f"{worths[0]}".replace("-", "−") + "".join(
        f" + {w}" if w >= 0 else f" − {-w}" for w in worths[1:]
    )
    shown_en = shown
    if sum(worths) < 0:
        shown += " (négatif : 0)"
        shown_en += " (negative: 0)"
    faces_text = " ".join(
        f"{f} (Coup de Poker)" if i in traded else str(f) for i, f in enumerate(dice.faces)
    )
    rule = "AD-26" if traded else "AD-25"
    return Term(
        f"dés {faces_text} → {shown}",
        f"{total} succès",
        rule,
        f"dice {faces_text} → {shown_en}",
        value_en=successes_en(total),
    )


def odds(dice: int, how: Faces, difficulty: int) -> tuple[Distribution, Fraction, str]:
    """`odds_words` with its note in French."""
    dist, chance, note = odds_words(dice, how, difficulty)
    return dist, chance, note[0]


def odds_words(dice: int, how: Faces, difficulty: int) -> tuple[Distribution, Fraction, Words]:
    """The exact distribution of successes with every 6 counted as two (the engine's
    default), P(successes ≥ difficulty), and a note in French and English that states that
    policy and gives the chance when the roller takes a Coup de Poker on a 6 whenever the
    roll would otherwise fail (AD-26)."""
    if dice <= 0:
        dist = Distribution({0: 1})
        return dist, dist.at_least(difficulty), ("aucun dé : 0 succès", "no dice: 0 successes")
    raw = success_pool(
        dice, SIDES, how.single_from, 6 if how.six_doubles else None, ones_cancel=True
    )
    dist = raw.map(lambda n: max(0, n))
    chance = dist.at_least(difficulty)
    fr = f"P(au moins {difficulty} succès) avec chaque 6 compté deux succès"
    en = f"P(at least {successes_en(difficulty)}) with every 6 counted as two successes"
    if how.six_doubles and difficulty > 0:
        with_poker = f"{float(poker_chance(dice, how, difficulty)):.1%} (AD-26)"
        fr += (
            " ; en jouant un Coup de Poker sur chaque 6 tant que le jet échouerait sinon :"
            f" {with_poker}"
        )
        en += (
            f"; playing a Coup de Poker on each 6 while the roll would fail otherwise: {with_poker}"
        )
    return dist, chance, (fr, en)


def poker_chance(dice: int, how: Faces, difficulty: int) -> Fraction:
    """P(success) when every 6 is traded for a Coup de Poker while the roll is still short
    of `difficulty` (trading only then is the best choice for success: a roll that fails
    anyway loses nothing), the extra dice counted by the same rules."""
    values = how.values
    total = Fraction(0)
    for (count, sixes), weight in _base(dice, values).items():
        total += weight * _keep_trading(count, sixes, difficulty, values)
    return total / SIDES**dice


def _base(dice: int, values: tuple[int, ...]) -> dict[tuple[int, int], int]:
    """Weights of (count with 6 = two, number of 6s) over the base roll."""
    states = {(0, 0): 1}
    for _ in range(dice):
        nxt: dict[tuple[int, int], int] = {}
        for (count, sixes), weight in states.items():
            for face, value in enumerate(values, 1):
                key = (count + value, sixes + (face == SIDES))
                nxt[key] = nxt.get(key, 0) + weight
        states = nxt
    return states


@cache
def _keep_trading(count: int, sixes: int, difficulty: int, values: tuple[int, ...]) -> Fraction:
    """P(reaching `difficulty`) from `count` with `sixes` sixes still counted as two: trade
    one (−1, one extra die) while short. Each extra 6 raises the count, so this ends."""
    if count >= difficulty:
        return Fraction(1)
    if sixes == 0:
        return Fraction(0)
    chance = Fraction(0)
    for face, value in enumerate(values, 1):
        chance += _keep_trading(count - 1 + value, sixes - 1 + (face == SIDES), difficulty, values)
    return chance / SIDES


def opposed(attacker: int, defender: int, difficulty: int) -> bool:
    """AD-29: the attacker needs more successes than the defender (a tie fails) and at least
    the action's own Difficulty."""
    return attacker > defender and attacker >= difficulty
