"""The opposed-check machinery of the d20_35 special attacks (aid_and_feint.py, takedowns.py,
disarming.py) and of grapple.py: each side is d20 + modifiers, a tie goes as CFG-D35-13 says
(A-D35-13: the higher modifier, then both roll again; or the defender). The action's dice are
the actor's first roll; the rolls that follow (the opponent's, or both checks after a touch
attack) are Preview.more, read with base.chained. Each preview gives the exact chance of
success, rerolled ties followed to the end (checks.opposed), and the number to reach as a term
(the other side's total: d20 + its modifier, Opposed.to_reach)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from msgspec import Struct

from gui.engine.checks import (
    D35_TIES,
    DEFENDER_TIES,
    Check,
    EdgeRoll,
    OpposedOdds,
    TieRule,
    check_odds,
    opposed_odds,
    opposed_outcome,
)
from gui.engine.checks.opposed import Winner
from gui.engine.checks.request import DiceRequest, DiceResult
from gui.engine.checks.rolls import dice_request, outcome
from gui.engine.contract.values import ActionError, Preview, chained
from gui.engine.core.words import Label, Notice, Term
from gui.engine.rulesets.d20_35.context import Ctx
from gui.engine.state.model import Combatant

TIES_FLAG = "CFG-D35-13"
D20 = EdgeRoll(1, 20)


def ties(ctx: Ctx) -> TieRule:
    """CFG-D35-13: the higher modifier then a reroll (default), or the defender wins."""
    return DEFENDER_TIES if ctx.flag(TIES_FLAG) == "defenseur" else D35_TIES


def ints(terms: list[Term] | tuple[Term, ...]) -> int:
    return sum(t.value for t in terms if isinstance(t.value, int) and not isinstance(t.value, bool))


def shown(who: str, terms: tuple[Term, ...], own: bool) -> list[Term]:
    """A side's terms named after it: ints (added to the action's roll) when `own`, else
    text, so that the breakdown's sum is the actor's first roll only."""
    out = []
    for t in terms:
        value: int | float | str | Fraction = t.value
        if not own and isinstance(value, int) and not isinstance(value, bool):
            value = f"{value:+d}"
        out.append(Term(f"{who} : {t.label}", value, t.rule, f"{who}: {t.label_en or t.label}"))
    return out


def pct(p: Fraction) -> tuple[str, str]:
    value = float(p) * 100
    return f"{value:.1f} %".replace(".", ","), f"{value:.1f}%"


class Side(Struct, frozen=True):
    """One side of an opposed d20 check: who, and its modifiers as terms (int values)."""

    who: Combatant
    terms: tuple[Term, ...]

    @property
    def modifier(self) -> int:
        return ints(self.terms)

    def request(self, fr: str, en: str) -> DiceRequest:
        name = self.who.name
        return dice_request(D20, Label(fr=f"{fr} de {name}", en=f"{name}'s {en}"))


class Opposed(Struct, frozen=True):
    """An opposed check before the dice: the attacker's side and the defender's."""

    rule: str
    attacker: Side
    defender: Side
    ties: TieRule
    roll: tuple[str, str] = ("test", "check")

    def odds(self) -> OpposedOdds:
        return opposed_odds(
            D20.totals(),
            D20.totals(),
            self.attacker.modifier,
            self.defender.modifier,
            self.ties,
        )

    def requests(self) -> tuple[DiceRequest, DiceRequest]:
        return self.attacker.request(*self.roll), self.defender.request(*self.roll)

    def terms(self, attacker_own: bool) -> list[Term]:
        return [
            *shown(self.attacker.who.name, self.attacker.terms, attacker_own),
            *shown(self.defender.who.name, self.defender.terms, False),
        ]

    def judge(self, mine: int, theirs: int) -> tuple[int, int, Winner]:
        """Both totals from the natural rolls, and who wins (CFG-D35-13)."""
        a = mine + self.attacker.modifier
        d = theirs + self.defender.modifier
        return (
            a,
            d,
            opposed_outcome(a, d, self.attacker.modifier, self.defender.modifier, self.ties),
        )

    def to_reach(self) -> Term:
        """The number the actor's total must reach, as a term (issue 32, A-D35-13): the
        other side's total, d20 + its modifier; one more when a tie goes to the defender
        (its modifier higher, or CFG-D35-13 « defenseur »), a reroll on equal modifiers."""
        dn, mod = self.defender.who.name, self.defender.modifier
        a_mod = self.attacker.modifier
        value = f"d20 {mod:+d}"
        if self.ties.higher_modifier and a_mod > mod:
            tie = ("égalité gagnée (plus grand modificateur)", "a tie wins (higher modifier)")
        elif self.ties.higher_modifier and a_mod == mod and self.ties.then == "reroll":
            tie = ("égalité : relancer", "a tie: roll again")
        else:
            value += " + 1"
            tie = ("égalité perdue", "a tie loses")
        return Term(
            f"à atteindre : le total de {dn}",
            f"{value} ({tie[0]})",
            TIES_FLAG,
            f"to reach: {dn}'s total",
            f"{value} ({tie[1]})",
        )

    def totals_terms(self, a: int, d: int, winner: Winner) -> list[Term]:
        an, dn = self.attacker.who.name, self.defender.who.name
        terms = [
            Term(f"{an} : d20 + modificateurs", str(a), self.rule, f"{an}: d20 + modifiers"),
            Term(f"{dn} : d20 + modificateurs", str(d), self.rule, f"{dn}: d20 + modifiers"),
        ]
        if a == d:
            by_modifier = self.ties.higher_modifier and (
                self.attacker.modifier != self.defender.modifier
            )
            said = {
                "attacker": ("égalité : l’attaquant l’emporte", "a tie: the attacker wins"),
                "defender": ("égalité : le défenseur l’emporte", "a tie: the defender wins"),
                "reroll": ("égalité parfaite : relancer", "a full tie: roll again"),
                "tie": ("égalité : au MJ", "a tie: the GM rules"),
            }[winner]
            if by_modifier:
                said = (
                    "égalité : le plus grand modificateur l’emporte",
                    "a tie: the higher modifier wins",
                )
            terms.append(Term(said[0], "", TIES_FLAG, said[1]))
        return terms


REROLL = (
    "Égalité parfaite (mêmes modificateurs) : relancer l’action (CFG-D35-13)",
    "A full tie (equal modifiers): take the action again (CFG-D35-13)",
)


def odds_note(odds: OpposedOdds, what: tuple[str, str]) -> tuple[str, str]:
    tie = pct(odds.equal)
    return (
        f"{what[0]} ; égalité des totaux {tie[0]} (CFG-D35-13)",
        f"{what[1]}; equal totals {tie[1]} (CFG-D35-13)",
    )


def check_preview(
    ctx: Ctx,
    check: Check,
    terms: Sequence[Term],
    label: Label | None,
    note: tuple[str, str],
    notices: Sequence[Notice] = (),
    more: tuple[DiceRequest, ...] = (),
) -> Preview:
    """A d20 check against a number: the number to reach (one more when the check is strict),
    its exact odds with `note`, and the rolls that follow (Preview.more)."""
    return Preview(
        ctx.action,
        tuple(terms),
        dice_request(D20, label),
        target_number=check.target + (1 if check.strict else 0),
        dice_bonus=check.modifier,
        odds=check_odds(D20, check).success,
        odds_note=note[0],
        odds_note_en=note[1],
        notices=tuple(notices),
        more=more,
    )


def contest_preview(
    ctx: Ctx,
    contest: Opposed,
    what: tuple[str, str],
    terms: Sequence[Term],
    notices: Sequence[Notice] = (),
    more: tuple[DiceRequest, ...] = (),
) -> Preview:
    """An opposed check as the action's dice: the actor's roll, with its exact odds (`what`,
    ties CFG-D35-13) and distribution; the target's roll and `more` after. `terms` are what the
    preview shows (the contest's, with an action's own before or after them)."""
    odds = contest.odds()
    note = odds_note(odds, what)
    first, second = contest.requests()
    return Preview(
        ctx.action,
        (*terms, contest.to_reach()),
        first,
        dice_bonus=contest.attacker.modifier,
        odds=odds.attacker,
        odds_note=note[0],
        odds_note_en=note[1],
        distribution=D20.totals().map(lambda t: t + contest.attacker.modifier),
        notices=tuple(notices),
        more=(second, *more),
    )


def read_first(dice: DiceResult, check: Check) -> tuple[int, bool]:
    """The action's first d20 with its modifier: its total and whether it meets `check`."""
    if not dice.faces and dice.aggregate is None:
        raise ActionError("Aucun dé saisi", "No dice entered")
    result, _assumed = outcome(D20, dice, check)
    return result.total, result.success


def opponent_roll(dice: DiceResult, k: int, request: DiceRequest) -> int:
    return chained(dice, k, request)


def touch_then_contest(
    ctx: Ctx,
    touch: Check,
    contest: Opposed,
    attack_terms: Sequence[Term],
    notices: Sequence[Notice],
    second: tuple[str, str],
) -> Preview:
    """A touch attack (the action's dice) then an opposed check (its rolls that follow):
    the odds of both, each named in the note (trip, D35-35; grapple, D35-57)."""
    hit = check_odds(D20, touch).success
    odds = contest.odds()
    note = odds_note(
        odds,
        (
            f"Contact {pct(hit)[0]} puis {second[0]} {pct(odds.attacker)[0]}",
            f"Touch {pct(hit)[1]} then {second[1]} {pct(odds.attacker)[1]}",
        ),
    )
    return Preview(
        ctx.action,
        (*attack_terms, *contest.terms(False), contest.to_reach()),
        dice_request(D20, Label(fr="Attaque de contact", en="Touch attack")),
        target_number=touch.target,
        dice_bonus=touch.modifier,
        odds=hit * odds.attacker,
        odds_note=note[0],
        odds_note_en=note[1],
        notices=tuple(notices),
        more=contest.requests(),
    )
