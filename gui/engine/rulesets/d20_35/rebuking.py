"""An evil cleric's energy besides rebuking: dispelling a good cleric's turning (D35-74) and
bolstering undead (D35-75, CFG-D35-15, A-D35-15). Both are uses of the evil cleric's turning
action (turning.py's option `usage`), as the SRD makes them rebuke attempts.

Dispel (D35-74): the evil cleric's turning check (1d20 + Cha modifier, A-D35-15) must beat the
good cleric's, read as meeting it or more (the SRD's « equal to or greater », the d20 reading
A-D35-14 adopts). The good cleric's result is the one its turning noted on the undead it turned
(the value of their `renvoye`/`recroqueville` states), unless the GM types it; none known is
refused (blocking, G-3). On a success the turning damage (2d6 + cleric level + Cha modifier,
D35-71: the roll that follows) frees that many HD of the undead that cleric turned, nearest
first within 18 m (their virtual HD, D35-75): their states from that cleric end. A daily use
is spent either way (D35-69).

Bolster (D35-75): an Intimidate check by default (CFG-D35-15 « intimidation », as in the text:
a normal skill check, which spends no turning attempt), or the turning check (« test_de_renvoi »,
SRD: a daily use spent). Its result becomes the virtual HD of the undead of the cleric's side
within 18 m for 1 minute (`renforce`, its value, 10 rounds) — for those whose HD are lower: a
rise in morale never lowers them (SRD). Turning reads them through undead.virtual_hd."""

from __future__ import annotations

from msgspec import Struct

from gui.engine.checks import Check
from gui.engine.checks.request import DiceResult
from gui.engine.checks.rolls import dice_request
from gui.engine.contract.edits import Edits, finish, refuse_blocked
from gui.engine.contract.fields import choice_field, int_field
from gui.engine.contract.values import Preview, Resolution, chained
from gui.engine.core.words import Label, Notice, Term
from gui.engine.rulesets.d20_35 import sheet
from gui.engine.rulesets.d20_35.action_pieces import blocking
from gui.engine.rulesets.d20_35.context import Ctx
from gui.engine.rulesets.d20_35.opposed import D20, check_preview, read_first
from gui.engine.rulesets.d20_35.undead import (
    BOLSTERED,
    COWERING,
    ROUNDS,
    TURNED,
    UNDEAD,
    check_bonus_term,
    damage_bonus,
    damage_request,
    hd_term,
    in_range,
    spend_use,
    use_terms_and_notices,
    virtual_hd,
)
from gui.engine.state.changes import ChangeSet
from gui.engine.state.model import Combatant, Encounter, Expiry
from gui.engine.state.schema import FieldSpec

DISPEL, BOLSTER = "dissiper", "renforcer"
BOLSTER_FLAG = "CFG-D35-15"
NONE = "-"
_TURNING_CHECK = Label(fr="Test de renvoi", en="Turning check")
_INTIMIDATE = Label(fr="Test d’Intimidation", en="Intimidate check")


# Dissipation (D35-74) ----------------------------------------------------------------------


def rivals(enc: Encounter) -> list[Combatant]:
    """D35-74: the good clerics whose turning holds undead (the source of their states)."""
    sources = {
        s.source
        for c in enc.combatants
        if c.stats.get("type_creature") == UNDEAD
        for s in c.states
        if s.key in (TURNED, COWERING)
    }
    return [c for c in enc.combatants if c.id in sources and c.stats.get("pretre") == "bon"]


def noted(enc: Encounter, cleric: str) -> int:
    """The turning check `cleric` noted on the undead it turned (0: none noted)."""
    return max(
        (
            s.value or 0
            for c in enc.combatants
            for s in c.states
            if s.key in (TURNED, COWERING) and s.source == cleric
        ),
        default=0,
    )


def dispel_options(ctx: Ctx) -> tuple[FieldSpec, ...]:
    found = [(c.id, c.name, c.name) for c in rivals(ctx.enc)]
    found = found or [(NONE, "Aucun renvoi à dissiper", "No turning to dispel")]
    return (
        choice_field(
            "rival",
            "Dissiper : le prêtre bon",
            "Dispel: the good cleric",
            found,
            "D35-74",
            found[0][0],
        ),
        int_field(
            "test_rival",
            "Dissiper : son test de renvoi (0 : celui noté)",
            "Dispel: its turning check (0: the one noted)",
            "D35-74",
            0,
            99,
            0,
        ),
    )


class Dispel(Struct, frozen=True):
    """A dispel before the dice: the good cleric, the check to make, terms and notices."""

    rival: Combatant | None
    check: Check
    terms: tuple[Term, ...]
    notices: tuple[Notice, ...]


def dispel(ctx: Ctx) -> Dispel:
    actor = ctx.actor
    terms, notices = use_terms_and_notices(actor)
    rival = ctx.other("rival")
    if rival is not None and rival.id not in {c.id for c in rivals(ctx.enc)}:
        rival = None
    if rival is None:
        notices.append(
            blocking(
                "D35-74",
                "Choisir le prêtre bon dont le renvoi tient des morts-vivants",
                "Choose the good cleric whose turning holds undead",
            )
        )
    their = ctx.number("test_rival") or (noted(ctx.enc, rival.id) if rival is not None else 0)
    name = rival.name if rival is not None else "?"
    if their <= 0 and rival is not None:
        notices.append(
            blocking(
                "D35-74",
                f"Saisir le test de renvoi de {name} (il n’a pas été noté)",
                f"Type {name}'s turning check (it was not noted)",
            )
        )
    bonus = check_bonus_term(actor)
    terms += [
        bonus,
        Term(
            f"test de renvoi de {name} à égaler ou dépasser",
            str(their),
            "D35-74",
            f"{name}'s turning check to meet or beat",
        ),
        Term(
            "puis efficacité : 2d6 + niveau + mod. de Cha",
            f"2d6 + {damage_bonus(actor)}",
            "D35-71",
            "then turning damage: 2d6 + level + Cha modifier",
        ),
    ]
    return Dispel(rival, Check(int(bonus.value), their), tuple(terms), tuple(notices))


def dispel_preview(ctx: Ctx) -> Preview:
    d = dispel(ctx)
    note = (
        "Chance de dissiper le renvoi (test ≥ celui du prêtre bon)",
        "Chance to dispel the turning (check ≥ the good cleric's)",
    )
    more = (damage_request(),)
    return check_preview(ctx, d.check, d.terms, _TURNING_CHECK, note, d.notices, more)


def _free(edits: Edits, c: Combatant, cleric: str) -> None:
    """End the turning states `cleric` set on `c`, and only those."""
    kept = [
        s for s in edits.states(c.id) if not (s.key in (TURNED, COWERING) and s.source == cleric)
    ]
    edits.set(("combatants", c.id, "states"), kept)


def dispel_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    d = dispel(ctx)
    terms = list(d.terms)
    refuse_blocked(ctx.action, d.notices, terms)
    actor = ctx.actor
    edits = Edits(ctx.enc)
    spend_use(edits, actor)
    total, success = read_first(dice, d.check)
    terms.append(Term("d20 + mod. de Cha", total, "D35-74", "d20 + Cha modifier"))
    rival = d.rival.id if d.rival is not None else None
    name = d.rival.name if d.rival is not None else "?"
    label = (f"Dissipation d’un renvoi par {actor.name}", f"{actor.name} dispels a turning")
    amounts = {"total": total, "target": d.check.target}
    if not success:
        said = (
            f"Échec : le renvoi de {name} tient ({total} < {d.check.target})",
            f"Failure: {name}'s turning holds ({total} < {d.check.target})",
        )
        return finish(edits, ctx.action, label, terms, dice, said, False, amounts)
    roll = chained(dice, 0, damage_request())
    left = roll + damage_bonus(actor)
    terms.append(
        Term(
            f"2d6 ({roll}) + niveau + mod. de Cha",
            str(left),
            "D35-74",
            f"2d6 ({roll}) + level + Cha modifier",
        )
    )
    amounts["freeing"] = left
    freed: list[str] = []
    for c in in_range(ctx):
        if not any(s.key in (TURNED, COWERING) and s.source == rival for s in c.states):
            continue
        hd = virtual_hd(c)
        shown = hd_term(c)
        if shown is not None:
            terms.append(shown)
        if hd > left:
            terms.append(
                Term(
                    f"{c.name} ({hd} DV) : au-delà des DV restants",
                    "",
                    "D35-74",
                    f"{c.name} ({hd} HD): beyond the HD left",
                )
            )
            continue
        left -= hd
        _free(edits, c, rival or "")
        freed.append(c.name)
        terms.append(
            Term(f"{c.name} ({hd} DV)", "libéré", "D35-74", f"{c.name} ({hd} HD)", "freed")
        )
    amounts["freed"] = len(freed)
    if freed:
        said = (
            f"Le renvoi de {name} est dissipé ; libérés : " + ", ".join(freed),
            f"{name}'s turning is dispelled; freed: " + ", ".join(freed),
        )
    else:
        said = ("Aucun mort-vivant libéré", "No undead freed")
    return finish(edits, ctx.action, label, terms, dice, said, bool(freed), amounts)


# Augmentation du moral (D35-75, CFG-D35-15) ------------------------------------------------


class Bolster(Struct, frozen=True):
    """A bolster before the dice: by the turning check or not, its bonus, the undead it may
    affect, terms and notices."""

    by_turning: bool
    bonus: int
    undead: tuple[Combatant, ...]
    terms: tuple[Term, ...]
    notices: tuple[Notice, ...]


def bolster(ctx: Ctx) -> Bolster:
    actor = ctx.actor
    by_turning = ctx.flag(BOLSTER_FLAG) == "test_de_renvoi"
    terms: list[Term] = []
    notices: list[Notice] = []
    if by_turning:
        terms, notices = use_terms_and_notices(actor)
        terms.append(Term("test de renvoi (SRD)", "", BOLSTER_FLAG, "turning check (SRD)"))
        bonus = check_bonus_term(actor)
    else:
        terms.append(Term("test d’Intimidation (texte)", "", BOLSTER_FLAG, "Intimidate (text)"))
        bonus = Term("Intimidation", sheet.stat(actor, "intimidation"), "D35-75", "Intimidate")
    terms.append(bonus)
    undead = tuple(c for c in in_range(ctx) if c.side == actor.side)
    for c in undead:
        hd = virtual_hd(c)
        terms.append(Term(f"{c.name}", f"{hd} DV", "D35-75", c.name, f"{hd} HD"))
    if not undead:
        notices.append(
            Notice(
                "D35-75",
                "Aucun mort-vivant de son camp à 18 m",
                "No undead of its side within 18 m",
            )
        )
    return Bolster(by_turning, int(bonus.value), undead, tuple(terms), tuple(notices))


def bolster_preview(ctx: Ctx) -> Preview:
    b = bolster(ctx)
    return Preview(
        ctx.action,
        b.terms,
        dice_request(D20, _TURNING_CHECK if b.by_turning else _INTIMIDATE),
        odds_note="Le résultat devient les DV virtuels de ses morts-vivants pendant 1 minute",
        odds_note_en="The result becomes its undead's virtual HD for 1 minute",
        notices=b.notices,
    )


def bolster_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    b = bolster(ctx)
    terms = list(b.terms)
    refuse_blocked(ctx.action, b.notices, terms)
    actor = ctx.actor
    edits = Edits(ctx.enc)
    if b.by_turning:
        spend_use(edits, actor)
    total = read_first(dice, Check(b.bonus, 0))[0]
    terms.append(Term("d20 + bonus : DV virtuels", total, "D35-75", "d20 + bonus: virtual HD"))
    lasting = Expiry(at="rounds", rounds=ROUNDS)
    raised: list[str] = []
    for c in b.undead:
        hd = virtual_hd(c)
        if total <= hd:
            terms.append(
                Term(
                    f"{c.name} ({hd} DV) : sans effet (résultat ≤ DV)",
                    "",
                    "D35-75",
                    f"{c.name} ({hd} HD): no effect (result ≤ HD)",
                )
            )
            continue
        state = ctx.listed_state(BOLSTERED, source=actor.id, expiry=lasting)
        edits.add_state(c.id, state.replace(value=total))
        raised.append(c.name)
    label = (f"Moral des morts-vivants de {actor.name}", f"{actor.name} bolsters undead")
    if raised:
        said = (
            f"DV virtuels {total} pendant 1 minute : " + ", ".join(raised),
            f"Virtual HD {total} for 1 minute: " + ", ".join(raised),
        )
    else:
        said = ("Aucun mort-vivant renforcé", "No undead bolstered")
    amounts = {"total": total, "bolstered": len(raised)}
    return finish(edits, ctx.action, label, terms, dice, said, bool(raised), amounts)
