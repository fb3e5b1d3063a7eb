"""Critical hits, which the excerpt lacks (A-D35-1: the SRD 3.5 default of CFG-D35-1, « hors
extrait, SRD »): the weapon's threat range and multiplier from its sheet's « Critique » cell
(« 19-20/×2 », « ×3 »); a natural 20 always threatens, another natural of the range only when
the attack hits; a threat asks a confirmation roll, d20 with the same bonus against the same
CA (a natural 20 confirms, a natural 1 fails: D35-80), made as the attack's second roll; a
confirmed critical multiplies the weapon's dice and its static bonuses (extra dice such as a
sneak attack are not multiplied: none is modelled). Undead, constructs, elementals, plants
and oozes are immune (SRD). A coup de grâce is a critical without a roll (D35-22)."""

from __future__ import annotations

import re
from fractions import Fraction

from msgspec import Struct

from gui.engine.checks import Check, check_faces, check_odds
from gui.engine.checks.request import DiceRequest, DiceResult
from gui.engine.checks.rolls import TOTAL
from gui.engine.contract.values import chained
from gui.engine.core.words import Label, Term
from gui.engine.dice.rolling import DiceExpr
from gui.engine.rulesets.d20_35.opposed import D20, pct
from gui.engine.state.model import Combatant, Scalar

RULE = "A-D35-1"  # the SRD's critical hits, CFG-D35-1
CONFIRMATION = Label(
    fr="Confirmation du critique (si menace)", en="Critical confirmation (if a threat)"
)
# SRD: « immune to critical hits ».
IMMUNE: dict[str, Label] = {
    "mort_vivant": Label(fr="mort-vivant", en="undead"),
    "artificiel": Label(fr="créature artificielle", en="construct"),
    "elementaire": Label(fr="élémentaire", en="elemental"),
    "plante": Label(fr="plante", en="plant"),
    "vase": Label(fr="vase", en="ooze"),
}
_CELL = re.compile(r"^(?:(\d{1,2})(?:\s*[-–]\s*20)?\s*/?\s*)?[×xX*]\s*(\d{1,2})$")
_NONE = ("", "—", "-", "–")


class Critical(Struct, frozen=True):
    """A weapon's threat range (`low` to 20) and multiplier."""

    low: int = 20
    multiplier: int = 2

    @property
    def words(self) -> str:
        """« 19–20/×2 », « 20/×3 »."""
        span = "20" if self.low >= 20 else f"{self.low}–20"
        return f"{span}/×{self.multiplier}"


def of_weapon(w: dict[str, Scalar]) -> Critical | None:
    """The weapon's « Critique » cell read; None for a weapon that deals no critical (« — »,
    the net). A cell that cannot be read counts as the SRD's most common 20/×2."""
    text = str(w.get("critique") or "").strip()
    if text in _NONE:
        return None
    found = _CELL.match(text)
    if found is None:
        return Critical()
    low = int(found.group(1)) if found.group(1) else 20
    return Critical(max(2, min(low, 20)), max(2, int(found.group(2))))


def immune(c: Combatant) -> Label | None:
    """Why `c` takes no critical hit (its creature type, SRD), or None."""
    return IMMUNE.get(str(c.stats.get("type_creature", "")))


def multiplied(expr: DiceExpr, multiplier: int) -> DiceExpr:
    """The damage of a critical: the weapon's dice and its static bonuses, `multiplier` times
    (SRD: roll the damage that many times and add)."""
    return DiceExpr(expr.count * multiplier, expr.sides, expr.modifier * multiplier)


def request(bonus: int) -> DiceRequest:
    """The confirmation: d20 + the attack's bonus, its total shown and typed with the bonus."""
    expr = DiceExpr(1, 20, modifier=bonus)
    top = expr.maximum or 20 + bonus
    return DiceRequest(expr, TOTAL, expr.minimum, top, label=CONFIRMATION)


class Threat(Struct, frozen=True):
    """What a weapon may do against a target: its critical (None: none possible) and why it
    cannot (the terms say so)."""

    critical: Critical | None
    terms: tuple[Term, ...]

    def threatened(self, natural: int, hit: bool) -> bool:
        """A natural 20 always threatens; another natural of the range when it hits."""
        crit = self.critical
        return crit is not None and hit and (natural == 20 or natural >= crit.low)

    def odds(self, check: Check) -> Fraction:
        """P(a threat that hits, then confirmed): exact, before the dice."""
        crit = self.critical
        if crit is None:
            return Fraction(0)
        threats = sum(
            1
            for n in range(crit.low, 21)
            if self.threatened(n, check_faces(D20, [n], check).success)
        )
        return Fraction(threats, 20) * check_odds(D20, check).success


def threat(w: dict[str, Scalar], target: Combatant) -> Threat:
    """The weapon's critical against `target`, with its terms."""
    crit = of_weapon(w)
    if crit is None:
        words = ("arme sans critique", "a weapon with no critical")
        return Threat(None, (Term(words[0], "", RULE, words[1]),))
    why = immune(target)
    if why is not None:
        return Threat(
            None,
            (
                Term(
                    f"immunisé contre les critiques ({why.fr}, hors extrait, SRD)",
                    "",
                    RULE,
                    f"immune to critical hits ({why.en}, SRD, not in excerpt)",
                ),
            ),
        )
    words = (
        f"critique {crit.words} (hors extrait, SRD)",
        f"critical {crit.words} (SRD, not in excerpt)",
    )
    return Threat(crit, (Term(words[0], "", RULE, words[1]),))


def odds_note(threat_: Threat, chance: Fraction) -> tuple[str, str]:
    """The exact chance of a critical, in words for the preview's note."""
    crit = threat_.critical
    if crit is None:
        return "", ""
    fr, en = pct(chance)
    return (
        f"critique (menace {crit.words}, confirmée) : {chance} ≈ {fr}",
        f"critical (threat {crit.words}, confirmed): {chance} ≈ {en}",
    )


def confirm(dice: DiceResult, index: int, check: Check, terms: list[Term]) -> bool:
    """The confirmation roll (the `index`-th roll that follows): d20 + the same bonus against
    the same CA, a natural 20 confirming and a natural 1 failing (D35-80)."""
    total = chained(dice, index, request(check.modifier))  # refused when it is missing
    rolled = dice.then[index]
    natural = rolled.faces[0] if rolled.faces else total - check.modifier
    result = check_faces(D20, [natural], check)
    said = ("confirmé", "confirmed") if result.success else ("non confirmé", "not confirmed")
    terms.append(
        Term(
            f"confirmation du critique : d20 + bonus {result.total}",
            said[0],
            RULE,
            f"critical confirmation: d20 + bonus {result.total}",
            said[1],
        )
    )
    return result.success
