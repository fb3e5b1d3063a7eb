"""One roll for all, each its save (issue 37): the shape every ruleset resolves an area of
effect in. The damage is rolled once for every creature caught (DOU-59: « les dégâts sont
lancés une seule fois pour toutes les créatures »); each target then saves by its own rules,
its roll one of the action's rolls that follow (Preview.more: typed, rolled one by one or all
in one click) with its exact odds beside it; a save halves the damage or negates it; each
target's own sheet takes what is left. One log line per target, one ChangeSet — one undo
entry — for the whole area."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from msgspec import Struct
from msgspec.structs import replace

from gui.engine.checks.check import Check, CheckOutcome, check_odds
from gui.engine.checks.edges import EdgeRoll
from gui.engine.checks.request import DiceRequest, DiceResult
from gui.engine.checks.rolls import dice_request, outcome
from gui.engine.contract.areas import area_words
from gui.engine.contract.fields import choice_field
from gui.engine.contract.values import Action, ActionError, Preview, Resolution, make_log
from gui.engine.core.problems import Words
from gui.engine.core.words import Label, Notice, Term
from gui.engine.dice.odds import Distribution
from gui.engine.state.changes import Change, ChangeSet, log_change
from gui.engine.state.model import Encounter
from gui.engine.state.schema import FieldSpec

# What a save made does, an option of every area action: half the damage or none.
SUCCESS, HALF, NEGATES = "reussite", "moitie", "annule"


def success_field(
    rule: str, half: tuple[str, str] = ("moitié des dégâts", "half damage")
) -> FieldSpec:
    """The area action's « Sauvegarde réussie » option: `half` (its words in French and in
    English: a ruleset may say where it reads it from) or « aucun dégât »; half by default."""
    choices = [(HALF, *half), (NEGATES, "aucun dégât", "no damage")]
    return choice_field(SUCCESS, "Sauvegarde réussie", "Save made", choices, rule, HALF)


def halves(action: Action) -> bool:
    """Whether a save made halves the damage (else it negates it), as the option says."""
    return action.options.get(SUCCESS, HALF) != NEGATES


class Save(Struct, frozen=True):
    """One caught creature's save as its ruleset reads its sheet: the roll, the check it
    meets (modifier, number, natural faces) and why (terms: its bonus, cover from the
    origin…; notices). `halves`: a success halves the damage (rounded down), else negates it."""

    cid: str
    name: str
    roll: EdgeRoll
    check: Check
    terms: tuple[Term, ...] = ()
    notices: tuple[Notice, ...] = ()
    halves: bool = True

    def request(self) -> DiceRequest:
        """Its roll in the dialog, named by the creature."""
        return dice_request(self.roll, Label(fr=f"JS de {self.name}", en=f"{self.name}'s save"))

    def odds(self) -> Fraction:
        return check_odds(self.roll, self.check).success

    def line(self) -> Term:
        """« Gobelin 1 : JS +3 contre 15 » and its exact odds, in the preview."""
        mod, number = self.check.modifier, self.check.target
        return Term(
            f"{self.name} : JS {mod:+d} contre {number}",
            f"{float(self.odds()) * 100:.0f} %",
            "",
            f"{self.name}: save {mod:+d} against {number}",
        )


def area_preview(
    action: Action,
    terms: Sequence[Term],
    damage: DiceRequest,
    saves: Sequence[Save],
    distribution: Distribution | None = None,
    notices: Sequence[Notice] = (),
) -> Preview:
    """The damage's terms and roll, then each save's terms and line with its exact odds,
    each save a roll that follows the damage."""
    lines = [*terms]
    for save in saves:
        lines.extend((*save.terms, save.line()))
    return Preview(
        action,
        tuple(lines),
        damage,
        distribution=distribution,
        notices=(*notices, *(n for s in saves for n in s.notices)),
        more=tuple(s.request() for s in saves),
    )


def save_outcomes(dice: DiceResult, saves: Sequence[Save]) -> dict[str, CheckOutcome]:
    """Each save read from its dice (the rolls that follow the damage, in order), natural
    faces included; a missing one is refused."""
    results: dict[str, CheckOutcome] = {}
    for k, save in enumerate(saves):
        if k >= len(dice.then):
            raise ActionError(
                f"Il manque le jet de sauvegarde de {save.name}", f"{save.name}'s save is missing"
            )
        results[save.cid] = outcome(save.roll, dice.then[k], save.check)[0]
    return results


def taken(amount: int, save: Save | None, result: CheckOutcome | None) -> tuple[int, list[Term]]:
    """What a target takes of the damage rolled: all of it without a save or on a failed
    one, half (rounded down) or nothing on a save made; and the terms that say so."""
    if save is None or result is None:
        return amount, []
    said = Term(f"JS de {save.name}", str(result.total), "", f"{save.name}'s save")
    if not result.success:
        return amount, [
            said,
            Term("JS raté : dégâts entiers", str(amount), "", "save failed: full damage"),
        ]
    if save.halves:
        half = amount // 2
        return half, [
            said,
            Term("JS réussi : moitié des dégâts", str(half), "", "save made: half damage"),
        ]
    return 0, [said, Term("JS réussi : aucun dégât", "0", "", "save made: no damage")]


class Struck(Struct, frozen=True):
    """What the area did to one target: its changes, its terms and its outcome."""

    cid: str
    changes: tuple[Change, ...]
    terms: tuple[Term, ...]
    said: Words


def area_finish(
    enc: Encounter,
    action: Action,
    label: Words,
    dice: DiceResult,
    struck: Sequence[Struck],
    amounts: dict[str, int],
) -> tuple[Resolution, ChangeSet]:
    """One Resolution and one ChangeSet for the whole area: every target's changes, then a
    log line per target with its own terms and outcome."""
    changes = [c for one in struck for c in one.changes]
    if action.area is not None:  # what the area was, in each line (and the printed log)
        fr, en = area_words(enc, action.area)
        label = (f"{label[0]} : {fr}", f"{label[1]}: {en}")
    for one in struck:
        line = make_log(enc, replace(action, target=one.cid), label, [*one.terms], dice, one.said)
        changes.append(log_change(enc, line, changes))
    said = (" ; ".join(o.said[0] for o in struck), "; ".join(o.said[1] for o in struck))
    terms = tuple(t for one in struck for t in one.terms)
    entry = make_log(enc, action, label, [*terms], dice, said)  # the resolution's own summary
    resolution = Resolution(action, said[0], said[1], terms, dice, None, entry, amounts=amounts)
    return resolution, ChangeSet(label[0], tuple(changes), label[1])
