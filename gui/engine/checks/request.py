"""What a resolution asks of the dice (DiceRequest) and the dice it gets back (DiceResult):
rolled by the app, typed face by face, or typed as an aggregate."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from msgspec import Struct

from gui.engine.checks.typed import TypedRoll, parse_typed_roll
from gui.engine.core.words import Label
from gui.engine.dice.rolling import DiceExpr, DiceInputError, parse_aggregate, parse_faces


class FaceTrade(Struct, frozen=True):
    """A face the roller may trade, after seeing the dice, for `worth` and one extra die
    rolled and counted by the same rules, whose own `face` may be traded again (AD-26, for
    one). `label` names the trade as the ruleset does, `rule` cites it. In a faces list each
    traded face is followed at once by its extra die, as an exploding face is (DiceExpr)."""

    face: int
    worth: int
    label: Label
    rule: str = ""


class DiceRequest(Struct, frozen=True):
    """Which dice a resolution needs, and what a typed aggregate means and may be.

    `face_values` (one value per face, from 1) makes the roll a count: each die adds the
    value of its face (successes, Qualités…) instead of the face itself, and `floor` (if
    set) is the least the count can be (a negative total counts as 0). `trade` lets the
    roller trade faces for extra dice (see FaceTrade). `aggregate_only` is for rolls the rules
    do not define (G-6): the GM types the result, the app rolls nothing. `counted`: a typed
    aggregate may carry how many top faces and 1s were rolled (« 14 6x2 », G-1 c), for the
    rules that read them (checks.read_typed). `label` names the roll when an action makes
    more than one (Preview.more)."""

    expr: DiceExpr
    aggregate: Label
    minimum: int
    maximum: int
    face_values: tuple[int, ...] = ()
    aggregate_only: bool = False
    floor: int | None = None
    trade: FaceTrade | None = None
    counted: bool = False
    label: Label | None = None

    def value(self, faces: Sequence[int], trades: Sequence[int] = ()) -> int:
        """What faces rolled or typed for this request are worth; `trades` are the indexes
        of the traded faces, each followed by its extra die."""
        base = self.first_dice(faces, trades)
        if self.face_values:
            self.expr.die_totals(base)  # checks the count and the faces
            traded = set(trades)
            worth = self.trade.worth if self.trade else 0
            count = sum(
                worth if i in traded else self.face_values[f - 1] for i, f in enumerate(faces)
            )
            return count if self.floor is None else max(self.floor, count)
        return self.expr.total(base)

    def first_dice(self, faces: Sequence[int], trades: Sequence[int] = ()) -> list[int]:
        """The dice first rolled, without the extra dice of the traded faces; checks that
        each traded face may be traded and is followed by its extra die (DiceInputError)."""
        if not trades:
            return list(faces)
        trade = self.trade
        if trade is None:
            raise DiceInputError("Aucun dé à échanger sur ce jet", "No die can be traded here")
        if len(set(trades)) != len(trades):
            raise DiceInputError("Dé échangé deux fois", "A die traded twice")
        for i in trades:
            if not 0 <= i < len(faces) - 1 or faces[i] != trade.face:
                raise DiceInputError(
                    f"Seul un {trade.face} suivi de son dé supplémentaire s’échange",
                    f"Only a {trade.face} followed by its extra die can be traded",
                )
        parse_faces(list(faces), self.expr.sides)  # the extra dice are dice too
        extras = {i + 1 for i in trades}
        return [f for i, f in enumerate(faces) if i not in extras]


class DiceResult(Struct, frozen=True):
    """The dice of one roll: rolled by the app, typed face by face, or a typed aggregate.

    `trades`: the indexes of the faces traded for an extra die (DiceRequest.trade), each
    followed in `faces` by that extra die. `typed`: what a counted aggregate carries (the
    total and the counts typed). `then`: the dice of the rolls that follow in the same
    action (Preview.more), in order."""

    mode: Literal["rolled", "faces", "aggregate", "none"]
    faces: tuple[int, ...] = ()
    aggregate: int | None = None
    trades: tuple[int, ...] = ()
    typed: TypedRoll | None = None
    then: tuple[DiceResult, ...] = ()

    @classmethod
    def typed_faces(cls, text: str, request: DiceRequest) -> DiceResult:
        """Faces typed by the GM, checked against the request (DiceInputError if wrong)."""
        expr = request.expr
        if expr.explode:
            faces = parse_faces(text, expr.sides, count=None, min_count=expr.count)
        else:
            faces = parse_faces(text, expr.sides, count=expr.count)
        return cls("faces", tuple(faces))

    @classmethod
    def typed_aggregate(cls, text: str | int, request: DiceRequest) -> DiceResult:
        """An aggregate typed by the GM (a total, a count of successes…), range-checked; for
        a counted request, with the counts of faces typed after it (« 14 6x2 »)."""
        if not request.counted:
            return cls("aggregate", (), parse_aggregate(text, request.minimum, request.maximum))
        typed = parse_typed_roll(text, request.expr.sides)
        total = parse_aggregate(typed.total, request.minimum, request.maximum)
        return cls("aggregate", (), total, typed=typed)

    def total(self, request: DiceRequest) -> int:
        """The roll's value: the typed aggregate, or what the faces are worth."""
        if self.aggregate is not None:
            return self.aggregate
        if not self.faces and request.expr.count:
            raise DiceInputError("Aucun dé saisi", "No dice entered")
        return request.value(self.faces, self.trades)
