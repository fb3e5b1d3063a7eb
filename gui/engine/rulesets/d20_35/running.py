"""Courir (D35-34, A-D35-7, CFG-D35-7, TV-D35-14) and Retraite (D35-76): two full-round
actions whose move the GM then makes on the map.

Run: 4 × VD in a straight line; ×3 in heavy armour under CFG-D35-7's alternative (the sheet
says heavy armour by its armour's maximum Dex bonus, sheet.heavy_armour, and the GM may say
otherwise in the dialog). The runner loses its Dex bonus to CA until the start of its next
turn (`course`, read by sheet.ca and the attack).

Endurance (A-D35-7): `course_enchainee` counts the rounds run in a row (its value). The first
rounds, as many as the Constitution score (less its damage), need no check; from round Con + 1
each round needs a Constitution check (d20 + Con modifier, no natural 20 or 1) at DC 10, +1 per
further round: Con 12 runs 12 rounds, round 13 DC 10, round 14 DC 11 (TV-D35-14). The count
lasts until the end of the creature's next turn, so a round without running ends it and the
next run counts from 1 again (SRD: the rounds are counted while it keeps running; once it stops
the count starts over). A failed check: no run this round, the count ends, and
`hors_d_haleine` lasts 10 rounds (the rest of at least 1 minute, at most a normal move action a
round), during which running is refused (blocking, G-3). A creature with no Constitution never
tires.

Withdraw: up to 2 × the VD of a movement mode in which it has one (SRD, hors extrait); a mode
without a VD refuses it (blocking, D35-76). Limited to standard actions (staggered D35-38,
disabled at 0 hp D35-48), the withdraw is its standard action and moves 1 × VD (a notice says
so). `retraite` (until the end of its turn) names the square it starts from, which
opportunity.provoked does not count as threatened.

Neither can be taken while grappling or pinned (no move, D35-58, D35-61) nor, for the full-round
run, while limited to a single action; every refusal is a blocking notice the GM may pass."""

from __future__ import annotations

from fractions import Fraction

from msgspec import Struct

from gui.engine.checks import Check
from gui.engine.checks.request import DiceResult
from gui.engine.contract.edits import Edits, finish, refuse_blocked
from gui.engine.contract.fields import bool_field, choice_field
from gui.engine.contract.values import ActionError, ActionSpec, Preview, Resolution
from gui.engine.core.words import Label, Notice, Term
from gui.engine.rulesets.d20_35 import budget, opportunity, sheet
from gui.engine.rulesets.d20_35.action_pieces import blocking
from gui.engine.rulesets.d20_35.context import ActionDef, Ctx, always
from gui.engine.rulesets.d20_35.opposed import check_preview, read_first
from gui.engine.state.changes import ChangeSet
from gui.engine.state.model import Combatant, Expiry
from gui.engine.timing import durations

RUN, WITHDRAW = "courir", "retraite"
RUNNING, IN_A_ROW, WINDED = sheet.RUNNING, "course_enchainee", "hors_d_haleine"
WITHDRAWING = opportunity.WITHDRAWING
RUN_FLAG, HEAVY = "CFG-D35-7", "x3_armure_lourde"
FIRST_DC = 10  # A-D35-7
REST_ROUNDS = 10  # A-D35-7: « au moins 1 minute »
# D35-76: the movement modes, each with its VD field.
MODES = {
    "terrestre": ("vd", "Au sol", "On land"),
    "vol": ("vd_vol", "En vol", "Flying"),
    "nage": ("vd_nage", "À la nage", "Swimming"),
    "escalade": ("vd_escalade", "En escalade", "Climbing"),
    "creusement": ("vd_creusement", "En creusant", "Burrowing"),
}


def metres(m: float) -> tuple[str, str]:
    """« 36 m », « 4,5 m » in French; "4.5 m" in English."""
    return f"{m:g} m".replace(".", ","), f"{m:g} m"


def limited(c: Combatant) -> bool:
    """Limited to one standard or move action a round: staggered (D35-38) or disabled at
    0 hp (D35-48)."""
    return sheet.status(c) in ("chancelant", "hors_de_combat") or sheet.has_state(c, "chancelant")


def _held_fast(c: Combatant) -> list[Notice]:
    """D35-58, D35-61: a grappler or a pinned creature does not move."""
    if sheet.has_state(c, "lutte") or sheet.has_state(c, "immobilise"):
        return [
            blocking(
                "D35-58",
                f"{c.name} est en lutte : pas de déplacement",
                f"{c.name} is grappling: no movement",
            )
        ]
    return []


def _winded(c: Combatant, what: tuple[str, str]) -> list[Notice]:
    if sheet.has_state(c, WINDED):
        return [
            blocking(
                "A-D35-7",
                f"{c.name} est hors d’haleine (repos de 10 rounds) : pas de {what[0]}",
                f"{c.name} is winded (10 rounds of rest): no {what[1]}",
            )
        ]
    return []


# Courir (D35-34, A-D35-7, CFG-D35-7) -------------------------------------------------------


def rounds_run(c: Combatant) -> int:
    """The rounds run in a row before this one (A-D35-7)."""
    return next((s.value or 0 for s in c.states if s.key == IN_A_ROW), 0)


def _run_spec(ctx: Ctx) -> ActionSpec:
    options = ()
    if ctx.flag(RUN_FLAG) == HEAVY:
        heavy = sheet.heavy_armour(ctx.actor)
        options = (
            bool_field(
                "armure_lourde",
                "En armure lourde (× 3)",
                "In heavy armour (× 3)",
                RUN_FLAG,
                heavy,
            ),
        )
    return ActionSpec(RUN, Label(fr="Courir", en="Run"), "D35-34", False, options)


class Run(Struct, frozen=True):
    """A run before the dice: how far, which round in a row, the Constitution check it needs
    (None: none this round), its terms and notices."""

    metres: float
    round: int
    check: Check | None
    terms: tuple[Term, ...]
    notices: tuple[Notice, ...]


def run(ctx: Ctx) -> Run:
    actor = ctx.actor
    vd = sheet.speed(actor)
    heavy = ctx.flag(RUN_FLAG) == HEAVY and ctx.yes("armure_lourde", sheet.heavy_armour(actor))
    times = 3 if heavy else 4
    distance = times * vd
    shown = metres(vd)
    terms = [
        Term("action complexe", "", "D35-34", "full-round action"),
        Term("VD", shown[0], "D35-34", "speed", shown[1]),
        Term(
            "× 3 en armure lourde" if heavy else "× 4",
            "",
            RUN_FLAG if heavy else "D35-34",
            "× 3 in heavy armour" if heavy else "× 4",
        ),
    ]
    far = metres(distance)
    terms.append(
        Term("distance en ligne droite", far[0], "D35-34", "straight-line distance", far[1])
    )
    terms.append(Term("perd son bonus de Dex à la CA", "", "D35-34", "loses its Dex bonus to AC"))
    n = rounds_run(actor) + 1
    terms.append(Term("round de course d’affilée", str(n), "A-D35-7", "round run in a row"))
    con = sheet.current_score(actor, "constitution")
    check = None
    if con is None:
        terms.append(
            Term("sans Constitution : ne se fatigue pas", "", "D35-34", "no Con: no limit")
        )
    else:
        terms.append(
            Term(
                "rounds sans test (valeur de Con)", str(con), "D35-34", "rounds with no check (Con)"
            )
        )
        if n > con:
            dc = FIRST_DC + (n - con - 1)
            terms.append(sheet.modifier_term(actor, "constitution", "D35-34"))
            terms.append(Term("DD du test de Constitution", str(dc), "A-D35-7", "Con check DC"))
            check = Check(sheet.modifier(actor, "constitution"), dc)
    notices = [*_winded(actor, ("course", "running")), *_held_fast(actor)]
    if limited(actor):
        notices.append(
            blocking(
                "D35-48",
                "Une seule action simple ou de mouvement par round : pas de course",
                "A single standard or move action a round: no running",
            )
        )
    if vd <= 0:
        notices.append(blocking("D35-34", "Pas de VD au sol", "No land speed"))
    return Run(distance, n, check, tuple(terms), tuple(notices))


_CON_CHECK = Label(fr="Test de Constitution", en="Constitution check")


def _run_preview(ctx: Ctx) -> Preview:
    r = run(ctx)
    if r.check is None:
        return Preview(
            ctx.action,
            r.terms,
            odds=Fraction(1),
            odds_note="Pas de test de Constitution ce round",
            odds_note_en="No Constitution check this round",
            notices=r.notices,
        )
    note = ("Chance de continuer à courir", "Chance to keep running")
    return check_preview(ctx, r.check, r.terms, _CON_CHECK, note, r.notices)


def _run_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    r = run(ctx)
    terms = list(r.terms)
    refuse_blocked(ctx.action, r.notices, terms)
    actor = ctx.actor
    edits = Edits(ctx.enc)
    label = (f"Course de {actor.name}", f"{actor.name} runs")
    amounts = {"round": r.round}
    if r.check is not None:
        total, success = read_first(dice, r.check)
        terms.append(Term("d20 + mod. de Con", total, "A-D35-7", "d20 + Con modifier"))
        amounts |= {"total": total, "target": r.check.target}
        if not success:
            edits.remove_state(actor.id, IN_A_ROW)
            rest = Expiry(at="rounds", rounds=REST_ROUNDS)
            edits.add_state(actor.id, ctx.listed_state(WINDED, expiry=rest))
            said = (
                f"{actor.name} rate son test : il s’arrête et se repose 10 rounds (au plus une"
                " action de mouvement par round)",
                f"{actor.name} fails the check: it stops and rests 10 rounds (at most a move"
                " action a round)",
            )
            return finish(edits, ctx.action, label, terms, dice, said, False, amounts)
    until_turn = durations.expiry(ctx.enc, "turn_start", actor.id)
    edits.add_state(actor.id, ctx.listed_state(RUNNING, expiry=until_turn))
    in_a_row = ctx.listed_state(IN_A_ROW, expiry=durations.expiry(ctx.enc, "turn_end", actor.id))
    edits.add_state(actor.id, in_a_row.replace(value=r.round))
    far = metres(r.metres)
    said = (
        f"{actor.name} court jusqu’à {far[0]} en ligne droite (round {r.round} d’affilée ; le MJ"
        " déplace le pion)",
        f"{actor.name} runs up to {far[1]} in a straight line (round {r.round} in a row; the GM"
        " moves the token)",
    )
    return finish(edits, ctx.action, label, terms, dice, said, True, amounts)


def _run_cost(ctx: Ctx) -> budget.Cost:
    """A run is a full-round action of four times the speed, three in heavy armour under
    CFG-D35-7's other setting (D35-34; its option `armure_lourde`)."""
    return budget.Cost("complexe", 3 if ctx.action.options.get("armure_lourde") is True else 4)


# Retraite (D35-76) ------------------------------------------------------------------------


def _withdraw_spec(ctx: Ctx) -> ActionSpec:
    modes = [(k, fr, en) for k, (_field, fr, en) in MODES.items()]
    options = (choice_field("mode", "Déplacement", "Movement", modes, "D35-76", "terrestre"),)
    return ActionSpec(WITHDRAW, Label(fr="Retraite", en="Withdraw"), "D35-76", False, options)


def _speed_of(c: Combatant, key: str) -> float:
    value = c.stats.get(key, 0.0)
    good = isinstance(value, int | float) and not isinstance(value, bool)
    return float(value) if good else 0.0


class Withdraw(Struct, frozen=True):
    metres: float
    terms: tuple[Term, ...]
    notices: tuple[Notice, ...]


def withdraw(ctx: Ctx) -> Withdraw:
    actor = ctx.actor
    mode = ctx.choice("mode", "terrestre")
    if mode not in MODES:
        raise ActionError(f"Mode de déplacement inconnu « {mode} »", f"Unknown movement '{mode}'")
    key, fr, en = MODES[mode]
    vd = sheet.speed(actor) if key == "vd" else _speed_of(actor, key)
    standard = limited(actor)
    times = 1 if standard else 2
    shown, far = metres(vd), metres(times * vd)
    terms = [
        Term(
            "action simple (restreint à ce genre d’action)" if standard else "action complexe",
            "",
            "D35-76",
            "standard action (limited to such actions)" if standard else "full-round action",
        ),
        Term(f"VD ({fr.lower()})", shown[0], "D35-76", f"speed ({en.lower()})", shown[1]),
        Term(
            f"jusqu’à {times} × VD (SRD, hors extrait)",
            far[0],
            sheet.SRD,
            f"up to {times} × speed (SRD, not in excerpt)",
            far[1],
        ),
        Term(
            "la première case quittée n’est pas contrôlée",
            "",
            "D35-76",
            "the first square left is not threatened",
        ),
    ]
    notices = [*_winded(actor, ("retraite", "withdraw")), *_held_fast(actor)]
    if vd <= 0:
        notices.append(
            blocking(
                "D35-76",
                f"Pas de VD {fr.lower()} : pas de retraite dans ce mode",
                f"No speed {en.lower()}: no withdraw in this mode",
            )
        )
    if standard:
        notices.append(
            Notice(
                "D35-76",
                "Restreint aux actions simples : la retraite est son action simple (1 × VD)",
                "Limited to standard actions: the withdraw is its standard action (1 × speed)",
            )
        )
    return Withdraw(times * vd, tuple(terms), tuple(notices))


def _withdraw_preview(ctx: Ctx) -> Preview:
    w = withdraw(ctx)
    return Preview(ctx.action, w.terms, notices=w.notices)


def _withdraw_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    w = withdraw(ctx)
    terms = list(w.terms)
    refuse_blocked(ctx.action, w.notices, terms)
    actor = ctx.actor
    edits = Edits(ctx.enc)
    state = ctx.listed_state(WITHDRAWING, expiry=Expiry(at="turn_end"))
    start = opportunity.start_value(actor.position.cell)  # D35-76: the square it starts from
    edits.add_state(actor.id, state.replace(value=start))
    far = metres(w.metres)
    said = (
        f"{actor.name} bat en retraite jusqu’à {far[0]} : la première case quittée ne provoque"
        " pas d’attaque d’opportunité (le MJ déplace le pion)",
        f"{actor.name} withdraws up to {far[1]}: the first square left provokes no attack of"
        " opportunity (the GM moves the token)",
    )
    label = (f"Retraite de {actor.name}", f"{actor.name} withdraws")
    return finish(edits, ctx.action, label, terms, dice, said, True, {})


ACTIONS = (
    ActionDef(  # D35-48: a run is strenuous
        RUN, _run_spec, _run_preview, _run_resolve, cost=_run_cost, strenuous=always
    ),
    ActionDef(  # D35-76: a full-round action that moves up to twice the speed
        WITHDRAW,
        _withdraw_spec,
        _withdraw_preview,
        _withdraw_resolve,
        cost=lambda _ctx: budget.Cost("complexe", 2),
    ),
)
