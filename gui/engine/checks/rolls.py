"""A check's roll as the action dialog asks for it and gives it back: the DiceRequest of an
EdgeRoll, and the CheckOutcome of the dice the GM gave, rolled by the app, typed face by
face, or typed as a total with the counts of faces a rule reads (« 14 6x2 », G-1 c).

Not imported by the package (rulesets/base.py imports checks.typed): import it as
`checks.rolls`."""

from __future__ import annotations

from gui.engine.checks.check import Check, CheckOutcome, check_faces, check_typed
from gui.engine.checks.edges import EdgeRoll
from gui.engine.checks.request import DiceRequest, DiceResult
from gui.engine.core.words import Label
from gui.engine.dice.rolling import DiceExpr

TOTAL = Label(fr="total des dés", en="dice total")


def dice_request(roll: EdgeRoll, label: Label | None = None) -> DiceRequest:
    """What the dialog asks for: the dice of `roll`, or their total with the counts of top
    faces and 1s (counted). An edge rolled as two rolls or as an extra die (CFG-DOU-1) has
    no DiceExpr of its own: all its dice are rolled or typed in the order EdgeRoll reads them
    (the first roll then the second, or the dice then the extra one), and a typed total is
    the roll's, between the least and the most it can be."""
    expr = roll.expr
    if expr is not None:
        top = roll.count * roll.sides
        return DiceRequest(expr, TOTAL, roll.count, top, counted=True, label=label)
    totals = roll.totals()
    return DiceRequest(
        DiceExpr(roll.dice, roll.sides),
        TOTAL,
        totals.min_outcome,
        totals.max_outcome,
        counted=True,
        label=label,
    )


def outcome(roll: EdgeRoll, dice: DiceResult, check: Check) -> tuple[CheckOutcome, bool]:
    """The outcome of the dice given for `roll`, and whether a count the GM did not type had
    to be assumed (the fewest the total allows, checks.read_typed)."""
    if dice.faces:
        return check_faces(roll, dice.faces, check), False
    if dice.aggregate is None:
        raise ValueError("aucun dé donné / no dice given")
    return check_typed(roll, dice.typed or dice.aggregate, check)
