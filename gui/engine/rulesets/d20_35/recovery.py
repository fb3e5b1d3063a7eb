"""Récupération d'un stabilisé (D35-52, D35-53, A-D35-9): the rolls by the hour and by the day
of a creature stabilised at negative hit points, as an action of its own (« Récupération »).

- Stable **with** help (first aid, any healing: D35-50): each hour 10 % to regain consciousness;
  it loses no hit points and heals at the normal rate (Repos, D35-54) (D35-52).
- Stable **without** help (its own d% stabilised it, D35-50): each hour 10 % to regain
  consciousness, otherwise −1 hp (dead at the threshold, A-D35-8); once conscious, each day
  10 % to start healing naturally, otherwise −1 hp and a relapse (D35-53). A-D35-9: it stays
  « sans assistance » (no natural healing) and, below 0 hp, is dying again when the GM confirms
  (the option « Rechute », on by default).

A conscious stable creature is disabled (sheet.status « hors_de_combat », hors extrait, SRD);
first aid on one stable without help gives it help (D35-52's « avec assistance »)."""

from __future__ import annotations

from fractions import Fraction

from gui.engine.checks import Check
from gui.engine.checks.request import DiceResult
from gui.engine.checks.rolls import dice_request, outcome
from gui.engine.contract.edits import Edits, finish
from gui.engine.contract.fields import bool_field
from gui.engine.contract.values import ActionError, ActionSpec, Preview, Resolution
from gui.engine.core.words import Label, Term
from gui.engine.rulesets.d20_35 import sheet
from gui.engine.rulesets.d20_35.context import ActionDef, Ctx
from gui.engine.rulesets.d20_35.dying import CONSCIOUS, D100, RECOVER, UNASSISTED, recovered
from gui.engine.state.changes import ChangeSet
from gui.engine.state.model import Combatant, State

RELAPSE = "rechute"  # A-D35-9: the GM confirms the relapse into dying
CHANCE = 10  # D35-52, D35-53: 10 % by the hour or by the day


def assisted(c: Combatant) -> bool:
    """D35-52: stabilised with help (not « sans assistance »)."""
    return not sheet.has_state(c, UNASSISTED)


def period(c: Combatant) -> str | None:
    """« heure » while stable and unconscious; « jour » once conscious without help and not
    yet healing naturally (D35-53); None when no recovery roll applies."""
    if sheet.stat(c, "pv") >= 0 or sheet.status(c) == "mort" or not sheet.has_state(c, "stable"):
        return None
    if not sheet.has_state(c, CONSCIOUS):
        return "heure"
    return None if assisted(c) else "jour"


def _spec(ctx: Ctx) -> ActionSpec | None:
    when = period(ctx.actor)
    if when is None:
        return None
    if when == "heure":
        rule = "D35-52" if assisted(ctx.actor) else "D35-53"
        label = Label(fr="Récupération (1 heure)", en="Recovery (1 hour)")
        return ActionSpec(RECOVER, label, rule, False)
    confirm = bool_field(
        RELAPSE,
        "Rechute : de nouveau mourant si le jet échoue (A-D35-9)",
        "Relapse: dying again if the roll fails (A-D35-9)",
        "A-D35-9",
        True,
    )
    label = Label(fr="Récupération (1 jour)", en="Recovery (1 day)")
    return ActionSpec(RECOVER, label, "D35-53", False, (confirm,))


def _terms(ctx: Ctx) -> tuple[str | None, list[Term]]:
    c = ctx.actor
    when = period(c)
    if when == "heure" and assisted(c):
        return when, [
            Term(
                "par heure : d% 01–10 reprend conscience",
                "",
                "D35-52",
                "each hour: d% 01–10 regains consciousness",
            ),
            Term("sinon ne perd pas de pv", "", "D35-52", "otherwise loses no hp"),
        ]
    if when == "heure":
        return when, [
            Term(
                "par heure : d% 01–10 reprend conscience",
                "",
                "D35-53",
                "each hour: d% 01–10 regains consciousness",
            ),
            Term("sinon −1 pv", "", "D35-53", "otherwise −1 hp"),
            _threshold(c),
        ]
    if when == "jour":
        return when, [
            Term(
                "par jour : d% 01–10 guérit de nouveau naturellement",
                "",
                "D35-53",
                "each day: d% 01–10 starts healing naturally",
            ),
            Term("sinon −1 pv et rechute", "", "A-D35-9", "otherwise −1 hp and a relapse"),
            _threshold(c),
        ]
    return None, []


def _threshold(c: Combatant) -> Term:
    at = sheet.death_threshold(c)
    return Term("mort à", f"{at} pv", "A-D35-8", "dead at", f"{at} hp")


def _preview(ctx: Ctx) -> Preview:
    when, terms = _terms(ctx)
    note = (
        ("chance de reprendre conscience (d% ≤ 10)", "chance to regain consciousness (d% ≤ 10)")
        if when == "heure"
        else ("chance de guérir naturellement (d% ≤ 10)", "chance to heal naturally (d% ≤ 10)")
    )
    return Preview(
        ctx.action,
        tuple(terms),
        dice_request(D100),
        target_number=CHANCE,
        odds=Fraction(CHANCE, 100),
        odds_note=note[0],
        odds_note_en=note[1],
    )


def _resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    c = ctx.actor
    when, terms = _terms(ctx)
    if when is None:
        raise ActionError(
            f"{c.name} n’a pas de jet de récupération à faire (D35-52, D35-53)",
            f"{c.name} has no recovery roll to make (D35-52, D35-53)",
        )
    result, _assumed = outcome(D100, dice, Check(0, CHANCE, strict=True))
    roll, success = result.total, result.total <= CHANCE
    rule = "D35-52" if assisted(c) else "D35-53"
    edits = Edits(ctx.enc)
    if success and when == "heure":
        edits.add_state(c.id, State(key=CONSCIOUS, label="Conscient (stable)"))
        terms.append(Term(f"d% {roll}", "reprend conscience", rule, f"d% {roll}", "conscious"))
        said = (f"{c.name} reprend conscience", f"{c.name} regains consciousness")
    elif success:
        edits.remove_state(c.id, UNASSISTED)
        terms.append(Term(f"d% {roll}", "guérit", "D35-53", f"d% {roll}", "heals"))
        said = (
            f"{c.name} guérit de nouveau naturellement",
            f"{c.name} starts healing naturally",
        )
    elif when == "heure" and assisted(c):
        terms.append(Term(f"d% {roll}", "inconscient", "D35-52", f"d% {roll}", "unconscious"))
        said = (f"{c.name} reste inconscient", f"{c.name} stays unconscious")
    else:
        said = _lose_one(ctx, edits, when, roll, terms)
    label = (f"Récupération de {c.name}", f"{c.name}'s recovery")
    return finish(edits, ctx.action, label, terms, dice, said, success, {"roll": roll})


def _lose_one(ctx: Ctx, edits: Edits, when: str, roll: int, terms: list[Term]) -> tuple[str, str]:
    """D35-53: −1 hp; dead at the threshold (A-D35-8); by the day, a relapse (A-D35-9)."""
    c = ctx.actor
    pv = sheet.stat(c, "pv") - 1
    edits.set(("combatants", c.id, "stats", "pv"), pv)
    terms.append(Term(f"d% {roll}", "−1 pv", "D35-53", f"d% {roll}", "−1 hp"))
    if pv <= sheet.death_threshold(c):
        recovered(edits, c.id)
        edits.add_state(c.id, State(key="mort", label="Mort"))
        terms.append(Term("seuil de mort atteint", pv, "A-D35-8", "death threshold reached"))
        return f"{c.name} meurt ({pv} pv)", f"{c.name} dies ({pv} hp)"
    if when == "jour" and pv < 0 and ctx.yes(RELAPSE, True):
        recovered(edits, c.id)  # dying again (D35-49): its d% at the start of its turns
        terms.append(Term("rechute", "mourant", "A-D35-9", "relapse", "dying"))
        return f"{c.name} rechute : mourant ({pv} pv)", f"{c.name} relapses: dying ({pv} hp)"
    if when == "jour":
        terms.append(Term("ne guérit pas naturellement", "", "A-D35-9", "does not heal naturally"))
        return f"{c.name} rechute ({pv} pv)", f"{c.name} relapses ({pv} hp)"
    return f"{c.name} reste inconscient ({pv} pv)", f"{c.name} stays unconscious ({pv} hp)"


# D35-52, D35-53: the recovery rolls of a stable creature, taken though it cannot act.
ACTIONS = (ActionDef(RECOVER, _spec, _preview, _resolve, while_unable=True),)
