"""What every use of a cleric's energy on undead reads (D35-69 to D35-75, A-D35-15): the
uses a day, the undead within 18 m, their virtual HD once bolstered, the turning check's
default bonus and the turning damage roll."""

from __future__ import annotations

from gui.engine.checks.request import DiceRequest
from gui.engine.contract.edits import Edits
from gui.engine.core.words import Label, Notice, Term
from gui.engine.dice.rolling import DiceExpr
from gui.engine.grid.placed import metres_apart
from gui.engine.rulesets.d20_35 import sheet
from gui.engine.rulesets.d20_35.context import Ctx
from gui.engine.state.model import Combatant

UNDEAD = sheet.UNDEAD
TURNED, COWERING, BOLSTERED = "renvoye", "recroqueville", "renforce"
RANGE_M = 18.0  # D35-69
ROUNDS = 10  # D35-72, D35-75: 1 minute
USED = "renvois_utilises"
_TOTAL = Label(fr="total des dés", en="dice total")
_DAMAGE = Label(fr="Efficacité du renvoi (2d6)", en="Turning damage (2d6)")


def uses_per_day(c: Combatant) -> int:
    """D35-69: 3 + Cha modifier (never below 0)."""
    return max(0, 3 + sheet.modifier(c, "charisme"))


def use_terms_and_notices(actor: Combatant) -> tuple[list[Term], list[Notice]]:
    """D35-69: the uses a day and those spent; blocking when none is left or not a cleric."""
    uses, used = uses_per_day(actor), sheet.stat(actor, USED)
    terms = [
        Term("renvois par jour (3 + mod. de Cha)", uses, "D35-69", "uses per day (3 + Cha mod.)"),
        Term("renvois déjà utilisés", used, "D35-69", "uses spent"),
    ]
    notices = []
    if used >= uses:
        notices.append(
            Notice(
                "D35-69",
                f"Plus de renvoi aujourd’hui ({used}/{uses})",
                f"No turning attempt left today ({used}/{uses})",
                True,
            )
        )
    if actor.stats.get("pretre", "aucun") == "aucun":
        notices.append(Notice("D35-69", "Pas un prêtre", "Not a cleric", True))
    return terms, notices


def spend_use(edits: Edits, actor: Combatant) -> None:
    edits.add(("combatants", actor.id, "stats", USED), 1)


def check_bonus_term(actor: Combatant) -> Term:
    """A-D35-15: the turning check is 1d20 + Cha modifier by default (its table is not in the
    excerpt)."""
    cha = sheet.modifier(actor, "charisme")
    return Term("test de renvoi : 1d20 + mod. de Cha", cha, "A-D35-15", "turning check: d20 + Cha")


_CHECK = Label(fr="Test de renvoi (1d20 + mod. de Cha)", en="Turning check (1d20 + Cha mod.)")
# The SRD's turning table (hors extrait, SRD): the highest check of each row, and the HD it
# adds to the cleric level; 22 and more: +4.
_TABLE = ((0, -4), (3, -3), (6, -2), (9, -1), (12, 0), (15, 1), (18, 2), (21, 3))


def check_request(actor: Combatant) -> DiceRequest:
    """The turning check: 1d20 + Cha modifier (A-D35-15)."""
    expr = DiceExpr(1, 20, modifier=sheet.modifier(actor, "charisme"))
    return DiceRequest(expr, _TOTAL, expr.minimum, expr.maximum or 20, label=_CHECK)


def table_hd(level: int, check: int) -> int:
    """The highest HD a turning check affects by the SRD's table (D35-70)."""
    return level + next((more for top, more in _TABLE if check <= top), 4)


def damage_request() -> DiceRequest:
    """D35-71: the 2d6 of the turning damage."""
    return DiceRequest(DiceExpr(2, 6), _TOTAL, 2, 12, label=_DAMAGE)


def damage_bonus(actor: Combatant) -> int:
    """D35-71: cleric level + Cha modifier, added to the 2d6."""
    return sheet.stat(actor, "niveau_pretre") + sheet.modifier(actor, "charisme")


def virtual_hd(c: Combatant) -> int:
    """D35-75: a bolstered undead counts the result of the check as its HD against turning
    when it is higher (an increase of its morale never lowers them, SRD)."""
    hd = sheet.stat(c, "dv")
    bolstered = max((s.value or 0 for s in c.states if s.key == BOLSTERED), default=0)
    return max(hd, bolstered)


def hd_term(c: Combatant) -> Term | None:
    """The term that says an undead's HD are virtual (D35-75), None when they are its own."""
    hd, virtual = sheet.stat(c, "dv"), virtual_hd(c)
    if virtual == hd:
        return None
    return Term(
        f"{c.name} : DV virtuels (moral renforcé, {hd} DV)",
        str(virtual),
        "D35-75",
        f"{c.name}: virtual HD (bolstered, {hd} HD)",
    )


def in_range(ctx: Ctx) -> list[Combatant]:
    """D35-69, D35-71: the undead within 18 m (by the grid, else in the cleric's zone),
    nearest first; the dead are left out."""
    actor = ctx.actor
    found: list[tuple[float, int, Combatant]] = []
    for i, c in enumerate(ctx.enc.combatants):
        if c.id == actor.id or c.stats.get("type_creature") != UNDEAD:
            continue
        if sheet.status(c) == "mort":
            continue
        metres = metres_apart(ctx.enc, ctx.ruleset, actor, c)
        if metres is None:
            zone = actor.position.zone
            if zone is None or c.position.zone != zone:
                continue
            metres = 0.0
        if metres <= RANGE_M:
            found.append((metres, i, c))
    return [c for _m, _i, c in sorted(found, key=lambda f: (f[0], f[1]))]
