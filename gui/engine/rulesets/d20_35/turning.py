"""Renvoi des morts-vivants (D35-69 to D35-73, A-D35-15): 3 + Cha modifier uses a day; the
turning check's table is not in the excerpt, so the GM types the highest DV it affects
(D35-70); turning damage 2d6 + cleric level + Cha modifier is spent from the nearest undead
within 18 m (D35-71); each is turned for 10 rounds (D35-72), or destroyed when the cleric's
level is at least twice its DV (D35-73); an evil cleric rebukes them: they cower."""

from __future__ import annotations

from dataclasses import dataclass

from ...changes import ChangeSet
from ...dice import DiceExpr
from ...grid.placed import metres_apart
from ...model import Combatant, Expiry, State
from ..base import ActionSpec, DiceRequest, DiceResult, Notice, Preview, Resolution, Term
from ..edits import Edits, finish, refuse_blocked
from ..fields import bool_field, int_field
from ..schema import Label
from . import sheet
from .context import Ctx, Handler

KIND = "renvoi"
RANGE_M = 18.0  # D35-69
ROUNDS = 10  # D35-72: 1 minute
UNDEAD = "mort_vivant"
_TOTAL = Label(fr="total des dés", en="dice total")
_DAMAGE = Label(fr="Efficacité du renvoi (2d6)", en="Turning damage (2d6)")


def uses_per_day(c: Combatant) -> int:
    """D35-69: 3 + Cha modifier (never below 0)."""
    return max(0, 3 + sheet.modifier(c, "charisme"))


def _spec(ctx: Ctx) -> ActionSpec | None:
    actor = ctx.actor
    if actor.stats.get("pretre", "aucun") == "aucun":
        return None
    level = sheet.stat(actor, "niveau_pretre")
    options = (
        int_field(
            "dv_max",
            "DV maximum affectés (test de Charisme, table hors extrait)",
            "Highest HD affected (Charisma check, table not in excerpt)",
            "D35-70",
            0,
            60,
            level,
        ),
        bool_field(
            "accules",
            "Les renvoyés ne peuvent pas fuir (recroquevillés)",
            "The turned cannot flee (cowering)",
            "D35-72",
        ),
    )
    evil = actor.stats.get("pretre") == "mauvais"
    label = (
        Label(fr="Intimider les morts-vivants", en="Rebuke undead")
        if evil
        else Label(fr="Renvoi des morts-vivants", en="Turn undead")
    )
    return ActionSpec(KIND, label, "D35-69", False, options)


@dataclass(frozen=True)
class Turning:
    bonus: int
    hd_max: int
    terms: tuple[Term, ...]
    notices: tuple[Notice, ...]


def numbers(ctx: Ctx) -> Turning:
    actor = ctx.actor
    level = sheet.stat(actor, "niveau_pretre")
    cha = sheet.modifier(actor, "charisme")
    uses, used = uses_per_day(actor), sheet.stat(actor, "renvois_utilises")
    hd_max = ctx.number("dv_max", level)
    terms = [
        Term("renvois par jour (3 + mod. de Cha)", uses, "D35-69", "uses per day (3 + Cha mod.)"),
        Term("renvois déjà utilisés", used, "D35-69", "uses spent"),
        Term(
            "DV maximum affectés (MJ ; table du test hors extrait)",
            hd_max,
            "D35-70",
            "highest HD affected (GM; check table not in excerpt)",
        ),
        Term("test de renvoi par défaut : 1d20 + mod. de Cha", "", "A-D35-15", "default check"),
        Term("niveau de prêtre", level, "D35-71", "cleric level"),
        Term("mod. de Cha", cha, "D35-71", "Cha modifier"),
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
    return Turning(level + cha, hd_max, tuple(terms), tuple(notices))


def _request() -> DiceRequest:
    return DiceRequest(DiceExpr(2, 6), _TOTAL, 2, 12, label=_DAMAGE)


def preview(ctx: Ctx) -> Preview:
    t = numbers(ctx)
    return Preview(ctx.action, t.terms, _request(), notices=t.notices)


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


def resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    t = numbers(ctx)
    terms = list(t.terms)
    refuse_blocked(ctx.action, t.notices, terms)
    actor = ctx.actor
    level = sheet.stat(actor, "niveau_pretre")
    evil = actor.stats.get("pretre") == "mauvais"
    roll = dice.total(_request())
    total = roll + t.bonus
    terms.append(Term(f"2d6 ({roll}) + niveau + mod. de Cha", total, "D35-71", "turning damage"))
    edits = Edits(ctx.enc)
    edits.add(("combatants", actor.id, "stats", "renvois_utilises"), 1)
    left = total
    turned: list[str] = []
    destroyed: list[str] = []
    cowering: list[str] = []
    lasting = Expiry(at="rounds", rounds=ROUNDS)
    for c in in_range(ctx):
        hd = sheet.stat(c, "dv")
        if hd > t.hd_max or hd > left:
            why = "au-delà des DV maximum" if hd > t.hd_max else "au-delà des DV restants"
            terms.append(
                Term(
                    f"{c.name} ({hd} DV) : {why}",
                    "",
                    "D35-70" if hd > t.hd_max else "D35-71",
                    f"{c.name} ({hd} HD): beyond the HD left or allowed",
                )
            )
            continue
        left -= hd
        if evil:  # D35-74's evil cleric: rebuked undead cower
            edits.add_state(
                c.id,
                State(key="recroqueville", label="Recroquevillé", source=actor.id, expiry=lasting),
            )
            cowering.append(c.name)
            terms.append(Term(f"{c.name} ({hd} DV)", "intimidé", "D35-72", f"{c.name}", "rebuked"))
        elif level >= 2 * hd:  # D35-73
            edits.add_state(c.id, State(key="mort", label="Mort", source=actor.id))
            edits.remove_state(c.id, "renvoye", "recroqueville")
            destroyed.append(c.name)
            terms.append(
                Term(
                    f"{c.name} ({hd} DV) : niveau {level} ≥ 2 × {hd}",
                    "détruit",
                    "D35-73",
                    f"{c.name} ({hd} HD): level {level} ≥ 2 × {hd}",
                    "destroyed",
                )
            )
        else:
            edits.add_state(
                c.id, State(key="renvoye", label="Renvoyé", source=actor.id, expiry=lasting)
            )
            turned.append(c.name)
            if ctx.yes("accules"):
                edits.add_state(
                    c.id,
                    State(
                        key="recroqueville", label="Recroquevillé", source=actor.id, expiry=lasting
                    ),
                )
                cowering.append(c.name)
            terms.append(
                Term(f"{c.name} ({hd} DV)", "renvoyé", "D35-72", f"{c.name} ({hd} HD)", "turned")
            )
    said = _said(turned, destroyed, cowering)
    label = (f"Renvoi des morts-vivants par {actor.name}", f"{actor.name} turns undead")
    amounts = {
        "total": total,
        "turned": len(turned),
        "destroyed": len(destroyed),
        "cowering": len(cowering),
    }
    success = bool(turned or destroyed or cowering)
    return finish(edits, ctx.action, label, terms, dice, said, success, amounts)


def _said(turned: list[str], destroyed: list[str], cowering: list[str]) -> tuple[str, str]:
    fr, en = [], []
    if destroyed:
        fr.append("détruits : " + ", ".join(destroyed))
        en.append("destroyed: " + ", ".join(destroyed))
    if turned:
        fr.append("renvoyés : " + ", ".join(turned))
        en.append("turned: " + ", ".join(turned))
    if cowering:
        fr.append("recroquevillés : " + ", ".join(cowering))
        en.append("cowering: " + ", ".join(cowering))
    if not fr:
        return "Aucun mort-vivant affecté", "No undead affected"
    return " ; ".join(fr), "; ".join(en)


TURN_UNDEAD = Handler(KIND, _spec, preview, resolve)
