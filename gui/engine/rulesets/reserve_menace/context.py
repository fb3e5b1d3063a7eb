"""What every reserve_menace action shares: what it spends of the Passe (Spends, its
ActionDef's cost), Tests and their dice, legality, the reaction cost, and turning collected
edits into a Resolution."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from msgspec import Struct

from gui.engine.checks.request import DiceRequest, DiceResult
from gui.engine.contract.actions import ActionCtx
from gui.engine.contract.actions import ActionDef as BaseActionDef
from gui.engine.contract.base import Words
from gui.engine.contract.edits import Edits, finish, refuse_blocked
from gui.engine.contract.values import Preview, Resolution
from gui.engine.core.words import Label, Notice, Term
from gui.engine.dice.odds import Distribution, counted_pool
from gui.engine.dice.rolling import DiceExpr
from gui.engine.rulesets.reserve_menace.passes import (
    KIND_LABELS,
    action_notices,
    holds_initiative,
    in_passes,
    spent_states,
    spent_turn,
)
from gui.engine.rulesets.reserve_menace.sheet import (
    POOL_CAP,
    RESERVE_CAP,
    camp,
    is_character,
    reserve_path,
)
from gui.engine.state.changes import ChangeSet
from gui.engine.state.model import Combatant, Encounter

HOUSE_ROLL = "RM-MAISON-1"
SUCCESS_FLAG = "CFG-RM-1"
EXTRAS_PAY_FLAG = "CFG-RM-10"
_QUALITIES = Label(fr="Qualités (0 = raté)", en="Qualités (0 = failed)")


@cache
def house_roll(folder: Path) -> tuple[Label, int, tuple[int, ...]]:
    """The optional roll model, a house rule kept in data (house_roll.json), never the game's."""
    data = json.loads((folder / "house_roll.json").read_text(encoding="utf-8"))
    return Label(**data["label"]), int(data["sides"]), tuple(data["face_values"])


class Spends(Struct, frozen=True):
    """What an action spends of the Passe, the `cost` of its ActionDef: an action of one of
    the seven types (`type`, each once per Passe, RM-16, RM-21) or a reaction (RM-22);
    neither: nothing. The same whatever the options: asked with the action, it answers
    itself."""

    type: str | None = None
    reaction: bool = False

    def __post_init__(self) -> None:
        if self.type is not None and self.type not in KIND_LABELS:
            raise ValueError(f"not an action type of RM-21: {self.type}")

    def __call__(self, _ctx: object) -> Spends:
        return self


REACTION = Spends(reaction=True)


class Ctx(ActionCtx):
    """One reserve_menace action being previewed or resolved."""

    # Tests ---------------------------------------------------------------------------------

    def test_request(self, pool: int) -> DiceRequest | None:
        """The dice of a Test of `pool` dice; None when the pool is 0 or less: the Test fails
        by itself (A-RM-1). The GM types the Qualités, unless the house roll is on."""
        if pool <= 0:
            return None
        if self.flag(HOUSE_ROLL):
            _label, sides, values = house_roll(self.ruleset.folder)
            return DiceRequest(DiceExpr(pool, sides), _QUALITIES, 0, pool * max(values), values)
        return DiceRequest(DiceExpr(pool, 6), _QUALITIES, 0, 99, aggregate_only=True)

    def test_odds(self, pool: int) -> tuple[Distribution | None, Words]:
        """The distribution of Qualités under the house roll, or why there are no odds (in
        French and English)."""
        if pool <= 0:
            return None, ("0 dé : échec automatique (A-RM-1)", "0 dice: automatic failure (A-RM-1)")
        if not self.flag(HOUSE_ROLL):
            return None, (
                "Pas de probabilités : la règle des Tests manque au texte (A-RM-1)",
                "No odds: the text has no rule for Tests (A-RM-1)",
            )
        label, _sides, values = house_roll(self.ruleset.folder)
        return counted_pool(pool, values), (f"P(réussite) — {label.fr}", f"P(success) — {label.en}")

    def field_label(self, key: str) -> Label:
        """A sheet field's name in both languages, as the ruleset's data gives it."""
        return self.ruleset.data.field(key).label

    def test_preview(self, terms: list[Term], pool: int | None, notices: list[Notice]) -> Preview:
        """The preview of a Test of `pool` dice (None: no Test), with its odds of success."""
        request = None if pool is None else self.test_request(pool)
        dist, note = (None, ("", "")) if pool is None else self.test_odds(pool)
        return Preview(
            self.action,
            tuple(terms),
            request,
            odds=dist.at_least(int(self.flag(SUCCESS_FLAG))) if dist else None,
            odds_note=note[0],
            distribution=dist,
            notices=tuple(notices),
            odds_note_en=note[1],
        )

    def succeeded(self, q: int, pool: int) -> bool:
        """A Test succeeds with at least CFG-RM-1 Qualités and at least one die (A-RM-1)."""
        return pool > 0 and q >= int(self.flag(SUCCESS_FLAG))

    def qualities(self, dice: DiceResult, pool: int) -> int:
        request = self.test_request(pool)
        return 0 if request is None else max(0, dice.total(request))

    # Legality, costs and the end of a resolution -------------------------------------------

    def blocked(self, notices: list[Notice], terms: list[Term]) -> None:
        """Refuse when a notice blocks, unless the GM overrides it (G-3, logged)."""
        refuse_blocked(self.action, notices, terms)

    def spends(self) -> Spends:
        """What this action spends of the Passe: its definition's cost (None: nothing)."""
        cost = self.ruleset.definition(self.action.kind).cost(self)
        return cost if isinstance(cost, Spends) else Spends()

    def turn_notices(self) -> list[Notice]:
        """Why the actor may not spend what this action costs now: an action of its type
        (RM-16 to RM-21, RM-30, RM-39) or a reaction (RM-23, A-RM-10)."""
        spends = self.spends()
        out = action_notices(self.enc, self.actor, spends.type) if spends.type else []
        return out + (self.reaction_notices(self.actor) if spends.reaction else [])

    def pay(self, edits: Edits, terms: list[Term]) -> None:
        """The actor spends what this action costs: an action of its type in the Passe, with
        the direction or interruption it uses up (RM-16, RM-21, RM-43, RM-48), or a reaction
        (RM-22)."""
        spends = self.spends()
        if spends.type:
            spend(self.enc, edits, self.actor, spends.type)
        if spends.reaction:
            self.pay_reaction(edits, self.actor, terms)

    def reaction_notices(self, who: Combatant) -> list[Notice]:
        """RM-23: reactions only while not holding the initiative; extras need GM dice."""
        notes: list[Notice] = []
        if in_passes(self.enc) and holds_initiative(self.enc, who):
            notes.append(
                Notice(
                    "RM-23",
                    f"{who.name} : pas de réaction quand son camp a l’initiative",
                    f"{who.name}: no reaction while its side holds the initiative",
                    True,
                )
            )
        if (
            not is_character(who)
            and self.flag(EXTRAS_PAY_FLAG)
            and camp(self.enc, who).resources.get("reserve", 0) <= 0
        ):
            notes.append(
                Notice(
                    "A-RM-10",
                    f"Réserve du MJ vide : {who.name} ne peut pas réagir",
                    f"The GM's Réserve is empty: {who.name} cannot react",
                    True,
                )
            )
        return notes

    def pay_reaction(self, edits: Edits, who: Combatant, terms: list[Term]) -> None:
        """RM-22: 1 die of one's Réserve, or +1 Tension when it is empty; extras pay from
        their camp's GM Réserve (A-RM-10, free with CFG-RM-10 off)."""
        path = reserve_path(self.enc, who)
        if is_character(who):
            if edits.number(path) > 0:
                edits.add(path, -1)
                terms.append(
                    Term(
                        f"réaction de {who.name} : 1 dé de sa Réserve",
                        -1,
                        "RM-22",
                        f"{who.name}'s reaction: 1 die from their Réserve",
                    )
                )
            else:
                edits.add(("combatants", who.id, "stats", "tension"), 1)
                terms.append(
                    Term(
                        f"réaction de {who.name} : Réserve vide, +1 Tension",
                        1,
                        "RM-22",
                        f"{who.name}'s reaction: Réserve empty, +1 Tension",
                    )
                )
        elif self.flag(EXTRAS_PAY_FLAG):
            edits.add(path, -1)
            terms.append(
                Term(
                    f"réaction de {who.name} : 1 dé de la Réserve du MJ",
                    -1,
                    "A-RM-10",
                    f"{who.name}'s reaction: 1 die from the GM's Réserve",
                )
            )

    def gain(self, edits: Edits, who: Combatant, dice: int, why: Words, rule: str) -> Term:
        """Dice into `who`'s Réserve (its own, or its camp's), capped at 12 (RM-13); `why`
        in French and English."""
        path = reserve_path(self.enc, who)
        before = edits.number(path)
        after = edits.add(path, dice, RESERVE_CAP)
        return Term(
            f"{why[0]} : Réserve de {who.name} {before} → {after}",
            after - before,
            rule,
            f"{why[1]}: {who.name}'s Réserve {before} → {after}",
        )

    def finish(
        self,
        edits: Edits,
        label: Words,
        terms: list[Term],
        dice: DiceResult,
        outcome: Words,
        success: bool | None = None,
        amounts: Mapping[str, int] | None = None,
    ) -> tuple[Resolution, ChangeSet]:
        return finish(edits, self.action, label, terms, dice, outcome, success, amounts)


def reserve_used(base: int, renfort: int, reserve_dice: int) -> int:
    """The Réserve dice a Poignée takes: those the 12-dice cap leaves room for (RM-25); the
    others stay in the Réserve (RM-13), since the cap would discard them."""
    return max(0, min(reserve_dice, POOL_CAP - base - renfort))


def pool_terms(
    base_label: Words, base: int, renfort: int, reserve_dice: int, malus: list[Term]
) -> tuple[int, list[Term]]:
    """The Poignée (RM-25): base + Renfort + Réserve dice, capped at 12, THEN the Malus;
    `base_label` names the base in French and English."""
    terms = [Term(base_label[0], base, "RM-25", base_label[1])]
    if renfort:
        terms.append(Term("Renfort", renfort, "RM-25", "Renfort"))
    used = reserve_used(base, renfort, reserve_dice)
    if reserve_dice:
        terms.append(Term("dés de la Réserve", used, "RM-25", "Réserve dice"))
    if used < reserve_dice:
        kept = reserve_dice - used
        terms.append(
            Term(
                f"{kept} dé(s) de Réserve au-delà de 12 : restent dans la Réserve",
                "",
                "RM-13",
                f"{kept} Réserve dice beyond 12: they stay in the Réserve",
            )
        )
    total = base + renfort + used
    if total > POOL_CAP:
        terms.append(Term("plafond de 12 dés", POOL_CAP - total, "RM-25", "12-dice cap"))
        total = POOL_CAP
    for term in malus:
        terms.append(term)
        total += int(term.value)
    terms.append(Term("Poignée", f"{max(0, total)}D", "RM-25", "Poignée"))
    return total, terms


def spend(enc: Encounter, edits: Edits, c: Combatant, kind: str) -> None:
    """`c` takes an action of `kind`: its unit's budget and the kinds used this Passe
    (RM-16, RM-21), and the direction or interruption it uses up (RM-43, RM-48)."""
    turn = spent_turn(enc, c, kind)
    if turn is not None:
        edits.set(("turn",), turn)
    edits.remove_state(c.id, *spent_states(c, kind))


ActionDef = BaseActionDef[Ctx]
