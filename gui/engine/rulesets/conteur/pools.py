"""d10 pools (CON-42, A-CON-1, A-CON-3): successes at a difficulty, 1s, botches, exact odds."""

from __future__ import annotations

from fractions import Fraction

from msgspec import Struct

from gui.engine.checks.request import DiceRequest, DiceResult
from gui.engine.contract.base import Ruleset, Words
from gui.engine.core.words import Label, Term
from gui.engine.dice.odds import Distribution, success_pool, success_pool_joint
from gui.engine.dice.rolling import DiceExpr
from gui.engine.state.model import Encounter

CLAMP_FLAG = "CFG-CON-1"
BOTCH_FLAG = "CFG-CON-3"
SIDES = 10
_ACTION = Label(
    fr="Succès nets (0 = échec, −1 = échec critique)",
    en="Net successes (0 = failure, −1 = botch)",
)
_PLAIN = Label(fr="Succès", en="Successes")


class Roll(Struct, frozen=True):
    """What a pool rolled: net successes (never below 0) and whether it is a botch."""

    successes: int
    botch: bool = False


def difficulty(ruleset: Ruleset, enc: Encounter, raw: int, terms: list[Term]) -> int:
    """A-CON-1, A-CON-14: the difficulty kept within 2–10 (CFG-CON-1), the clamp shown."""
    if not ruleset.flag(enc, CLAMP_FLAG):
        return raw
    kept = max(2, min(10, raw))
    if kept != raw:
        terms.append(
            Term(
                "difficulté bornée entre 2 et 10",
                kept - raw,
                "A-CON-1",
                "difficulty kept between 2 and 10",
            )
        )
    return kept


def face_values(diff: int, ones_cancel: bool) -> tuple[int, ...]:
    """What each face 1–10 is worth: 1 per face ≥ the difficulty, −1 for a 1 when 1s
    cancel (CON-42), 0 otherwise."""
    return tuple(
        1 if face >= diff else (-1 if face == 1 and ones_cancel else 0)
        for face in range(1, SIDES + 1)
    )


def request(pool: int, diff: int, ones_cancel: bool) -> DiceRequest:
    """The dice of a pool of `pool` d10 at `diff`; the typed aggregate is the net count (an
    action roll may type −1 for a botch)."""
    return DiceRequest(
        DiceExpr(pool, SIDES),
        _ACTION if ones_cancel else _PLAIN,
        -1 if ones_cancel else 0,
        pool,
        face_values(diff, ones_cancel),
    )


def read(
    ruleset: Ruleset, enc: Encounter, dice: DiceResult, req: DiceRequest, ones_cancel: bool
) -> Roll:
    """Net successes and botch of a roll. CON-42: each 1 cancels a success (not on damage
    and soak rolls); A-CON-3 botch: no success and a 1 (CFG-CON-3: more 1s than successes)."""
    if dice.aggregate is not None:
        return Roll(max(0, dice.aggregate), ones_cancel and dice.aggregate < 0)
    raw = dice.total(req)  # checks the faces
    if not ones_cancel:
        return Roll(raw)
    successes = sum(1 for f in dice.faces if req.face_values[f - 1] == 1)
    ones = dice.faces.count(1)
    return Roll(max(0, raw), is_botch(ruleset, enc, successes, ones))


def is_botch(ruleset: Ruleset, enc: Encounter, successes: int, ones: int) -> bool:
    if ruleset.flag(enc, BOTCH_FLAG) == "plus_de_1":
        return ones > successes
    return successes == 0 and ones > 0


def odds(
    ruleset: Ruleset, enc: Encounter, pool: int, diff: int, ones_cancel: bool
) -> tuple[Distribution, Fraction, Words]:
    """The distribution of net successes, P(at least one) and a note with P(botch), in
    French and English."""
    if diff > SIDES:
        dist = Distribution({0: 1})
        return (
            dist,
            Fraction(0),
            (
                "difficulté au-delà de 10 : aucun succès possible",
                "difficulty above 10: no success possible",
            ),
        )
    raw = success_pool(pool, SIDES, diff, ones_cancel=ones_cancel)
    dist = raw.map(lambda k: max(0, k))
    fr = f"P(au moins 1 succès), {pool}d10 difficulté {diff}"
    en = f"P(at least 1 success), {pool}d10 at difficulty {diff}"
    if ones_cancel:
        botch = f"{float(botch_chance(ruleset, enc, pool, diff)):.1%}"
        fr += f" ; échec critique {botch}"
        en += f"; botch {botch}"
    return dist, dist.at_least(1), (fr, en)


def botch_chance(ruleset: Ruleset, enc: Encounter, pool: int, diff: int) -> Fraction:
    """The exact chance that an action roll of `pool` d10 at `diff` botches (A-CON-3,
    CFG-CON-3)."""
    joint = success_pool_joint(pool, SIDES, min(diff, SIDES + 1), ones_cancel=True)
    return Fraction(
        sum(w for (net, ones), w in joint.items() if is_botch(ruleset, enc, net + ones, ones)),
        SIDES**pool,
    )
