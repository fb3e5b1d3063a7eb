"""Saving throws and noticing the invisible, with what cover and invisibility add:

- Jet de sauvegarde: d20 + the save's bonus (its base + Dex, Con or Wis, sheet.save) against
  the DC the GM types; a natural 20 succeeds and a natural 1 fails (SRD, hors extrait). A
  Reflex save gets cover's +2 against an effect from the far side (D35-03), +4 behind
  improved cover, which also grants improved evasion (D35-08), nothing from soft cover (a
  creature, D35-05) nor against a spread (D35-03). The cover is the map's, judged from the
  effect's origin (the action's optional target) by the ranged corner rule, or the GM's
  cover state on the saver, or the GM's choice (G-3).
- Perception (Détection): the actor's Spot against the target's Hide (opposed, ties as
  CFG-D35-13), the invisible target +20 on Hide, +40 when it stays still (D35-18). Noticing
  it gives its square; it keeps its total concealment (D35-17).

Neither takes anything from the round's budget: a save is no action, and the GM asks a Spot
check when the rules call for it (SRD: a reaction)."""

from __future__ import annotations

from gui.engine.checks import D20_NATURALS, Check
from gui.engine.checks.request import DiceResult
from gui.engine.contract.edits import Edits, finish, refuse_blocked
from gui.engine.contract.fields import bool_field, choice_field, int_field
from gui.engine.contract.values import ActionSpec, Preview, Resolution
from gui.engine.core.words import Label, Notice, Term
from gui.engine.grid.lines import Cover
from gui.engine.grid.placed import cover_between
from gui.engine.rulesets.d20_35 import sheet
from gui.engine.rulesets.d20_35.action_pieces import listed_target
from gui.engine.rulesets.d20_35.context import ActionDef, Ctx
from gui.engine.rulesets.d20_35.opposed import (
    REROLL,
    Opposed,
    Side,
    check_preview,
    contest_preview,
    ints,
    opponent_roll,
    read_first,
    ties,
)
from gui.engine.state.changes import ChangeSet
from gui.engine.state.model import Combatant

SAVE, SPOT = "jet_de_sauvegarde", "perception"
SAVES = (
    ("reflexes", "Réflexes", "Reflex"),
    ("vigueur", "Vigueur", "Fortitude"),
    ("volonte", "Volonté", "Will"),
)
COVERS = (
    ("carte", "Selon la carte (depuis la cible)", "From the map (from the target)"),
    ("aucun", "Aucun", "None"),
    ("normal", "Abri (+2)", "Cover (+2)"),
    ("mou", "Abri mou (+0)", "Soft cover (+0)"),
    (
        "ameliore",
        "Abri amélioré (+4, esquive extraordinaire)",
        "Improved cover (+4, improved evasion)",
    ),
    ("total", "Abri total", "Total cover"),
)
REFLEX_COVER = {"normal": (2, "D35-03"), "mou": (0, "D35-05"), "ameliore": (4, "D35-08")}
# The map's cover (grid.lines.Cover) as the cover words above.
MAP_COVER = {Cover.NONE: "aucun", Cover.SOFT: "mou", Cover.NORMAL: "normal", Cover.TOTAL: "total"}
INVISIBLE_HIDE, STILL_HIDE = 20, 40  # D35-18
DEFAULT_DC = 15


# Jet de sauvegarde (D35-03, D35-05, D35-08) ------------------------------------------------


def _save_spec(ctx: Ctx) -> ActionSpec:
    options = (
        choice_field("jet", "Jet", "Save", list(SAVES), sheet.SRD, "reflexes"),
        int_field("dd", "DD", "DC", sheet.SRD, 1, 99, DEFAULT_DC),
        choice_field("abri", "Abri (Réflexes)", "Cover (Reflex)", list(COVERS), "D35-03", "carte"),
        bool_field(
            "etendue",
            "Effet à étendue (pas de bonus d’abri)",
            "A spread (no cover bonus)",
            "D35-03",
        ),
    )
    label = Label(fr="Jet de sauvegarde", en="Saving throw")
    return ActionSpec(SAVE, label, "D35-03", False, options)


def reflex_cover(ctx: Ctx, saver: Combatant, origin: Combatant | None) -> str:
    """The cover the saver has for a Reflex save (« aucun », « normal », « mou », « ameliore »,
    « total »): the GM's choice, else its cover state, else the map's from the effect's
    origin (the ranged corner rule, creatures soft cover: D35-01, D35-05)."""
    chosen = ctx.choice("abri", "carte")
    if chosen != "carte":
        return chosen
    stated = cover_state(saver)
    if stated is not None:
        return stated
    if origin is None or origin.id == saver.id:
        return "aucun"
    call = cover_between(ctx.enc, ctx.ruleset, origin, saver)
    return "aucun" if call is None else MAP_COVER[call.cover]


def cover_state(saver: Combatant) -> str | None:
    """The cover the GM's state on the saver gives (« total », « ameliore », « normal »), the
    strongest first; None without one."""
    for key, kind in (("abri_total", "total"), ("abri_ameliore", "ameliore"), ("abri", "normal")):
        if sheet.has_state(saver, key):
            return kind
    return None


def save_terms(saver: Combatant, which: str) -> tuple[str, list[Term]]:
    """The save (« reflexes », « vigueur », « volonte »; Reflex for an unknown one) and its
    terms: the sheet's base bonus and the ability's modifier (SRD)."""
    if which not in {k for k, _fr, _en in SAVES}:
        which = "reflexes"
    fr, en = next((f, e) for k, f, e in SAVES if k == which)
    ability = {"reflexes": "dexterite", "vigueur": "constitution", "volonte": "sagesse"}[which]
    return which, [
        Term(f"{fr} (bonus de base)", sheet.stat(saver, f"js_{which}"), sheet.SRD, f"{en} (base)"),
        sheet.modifier_term(saver, ability, sheet.SRD),
    ]


def _save_numbers(ctx: Ctx) -> tuple[Check, list[Term], list[Notice]]:
    saver = ctx.actor
    which, terms = save_terms(saver, ctx.choice("jet", "reflexes"))
    notices: list[Notice] = []
    if which == "reflexes":
        _cover_terms(ctx, saver, terms, notices)
    dc = ctx.number("dd", DEFAULT_DC)
    bonus = ints(terms)
    terms.append(Term("DD", str(dc), sheet.SRD, "DC"))
    return Check(bonus, dc, naturals=D20_NATURALS), terms, notices


def _cover_terms(ctx: Ctx, saver: Combatant, terms: list[Term], notices: list[Notice]) -> None:
    """D35-03, D35-05, D35-08: cover's bonus to a Reflex save, none against a spread."""
    kind = reflex_cover(ctx, saver, listed_target(ctx))
    if kind == "total":
        notices.append(
            Notice(
                "D35-07",
                "Abri total : l’effet venu de l’autre côté ne l’atteint pas",
                "Total cover: an effect from the far side does not reach it",
            )
        )
        return
    terms.extend(cover_terms(kind, ctx.yes("etendue")))


def cover_terms(kind: str, spread: bool) -> list[Term]:
    """D35-03, D35-05, D35-08: what a cover (« normal », « mou », « ameliore ») adds to a
    Reflex save: +2, +0 or +4 and improved evasion; nothing against a spread (D35-03).
    None for « aucun » or « total » (whose effect is the caller's, D35-07)."""
    if kind not in REFLEX_COVER:
        return []
    value, rule = REFLEX_COVER[kind]
    if spread:
        return [
            Term(
                "abri : aucun bonus contre une étendue", 0, "D35-03", "cover: none against a spread"
            )
        ]
    words = dict((k, (f, e)) for k, f, e in COVERS)[kind]
    terms = [Term(f"Réflexes : {words[0]}", value, rule, f"Reflex: {words[1]}")]
    if kind == "ameliore":
        terms.append(Term("esquive extraordinaire", "", "D35-08", "improved evasion"))
    return terms


def _save_preview(ctx: Ctx) -> Preview:
    check, terms, notices = _save_numbers(ctx)
    label = Label(fr="Jet de sauvegarde", en="Saving throw")
    note = (
        "20 naturel : réussi ; 1 naturel : raté (SRD)",
        "Natural 20: a success; natural 1: a failure (SRD)",
    )
    return check_preview(ctx, check, terms, label, note, notices)


def _save_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    check, terms, notices = _save_numbers(ctx)
    refuse_blocked(ctx.action, notices, terms)
    total, success = read_first(dice, check)
    saver = ctx.actor
    terms.append(Term("d20 + bonus", total, sheet.SRD, "d20 + bonus"))
    said = (
        (
            f"{saver.name} réussit son jet ({total} contre DD {check.target})",
            f"{saver.name} saves ({total} against DC {check.target})",
        )
        if success
        else (
            f"{saver.name} rate son jet ({total} contre DD {check.target})",
            f"{saver.name} fails its save ({total} against DC {check.target})",
        )
    )
    label = (f"Jet de sauvegarde de {saver.name}", f"{saver.name}'s saving throw")
    amounts = {"total": total, "target": check.target}
    return finish(Edits(ctx.enc), ctx.action, label, terms, dice, said, success, amounts)


# Perception : Détection contre Discrétion (D35-18) -----------------------------------------


def _spot_spec(ctx: Ctx) -> ActionSpec:
    options = (
        bool_field(
            "immobile",
            "La cible reste immobile (invisible : +40)",
            "The target stays still (invisible: +40)",
            "D35-18",
        ),
    )
    label = Label(
        fr="Perception (Détection contre Discrétion)", en="Perception (Spot against Hide)"
    )
    return ActionSpec(SPOT, label, "D35-18", True, options)


def _spot_contest(ctx: Ctx) -> Opposed:
    seer, hider = ctx.actor, ctx.target
    mine = (Term("Détection", sheet.stat(seer, "detection"), "D35-18", "Spot"),)
    theirs = [Term("Discrétion", sheet.stat(hider, "discretion"), "D35-18", "Hide")]
    if sheet.has_state(hider, "invisible"):
        still = ctx.yes("immobile")
        fr, en = (
            ("invisible, immobile", "invisible, still") if still else ("invisible", "invisible")
        )
        theirs.append(Term(fr, STILL_HIDE if still else INVISIBLE_HIDE, "D35-18", en))
    roll = ("test", "check")
    return Opposed("D35-18", Side(seer, mine), Side(hider, tuple(theirs)), ties(ctx), roll)


def _spot_preview(ctx: Ctx) -> Preview:
    contest = _spot_contest(ctx)
    what = ("Chance de le repérer", "Chance to notice it")
    terms = (
        *contest.terms(True),
        Term(
            "pas de 20 ni de 1 naturel (test de compétence)",
            "",
            sheet.SRD,
            "no natural 20 or 1 (a skill check)",
        ),
    )
    return contest_preview(ctx, contest, what, terms)


def _spot_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    contest = _spot_contest(ctx)
    terms = contest.terms(True)
    _first, second = contest.requests()
    own = read_first(dice, Check(0, 0))[0]
    a, d, winner = contest.judge(own, opponent_roll(dice, 0, second))
    terms += contest.totals_terms(a, d, winner)
    seer, hider = ctx.actor, ctx.target
    if winner == "attacker":
        said = (
            f"{seer.name} repère {hider.name} (sa case)",
            f"{seer.name} notices {hider.name} (its square)",
        )
        if sheet.has_state(hider, "invisible"):
            said = (
                said[0] + " ; invisible, il garde son camouflage total (D35-17)",
                said[1] + "; invisible, it keeps its total concealment (D35-17)",
            )
    elif winner == "defender":
        said = (f"{hider.name} passe inaperçu", f"{hider.name} goes unnoticed")
    else:
        said = REROLL
    success = None if winner in ("reroll", "tie") else winner == "attacker"
    label = (f"Détection de {seer.name}", f"{seer.name}'s Spot check")
    amounts = {"total": a, "opposed": d}
    return finish(Edits(ctx.enc), ctx.action, label, terms, dice, said, success, amounts)


ACTIONS = (
    ActionDef(SAVE, _save_spec, _save_preview, _save_resolve),
    ActionDef(SPOT, _spot_spec, _spot_preview, _spot_resolve),
)
